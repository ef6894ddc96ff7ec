//! The archive of an access request: a zip file (entries stored, not
//! compressed: the attachments are compressed images and PDFs already, and
//! no compression crate is needed) holding `data.json` (everything, as
//! data), `summary.html` (the same, readable in a browser) and each chat
//! attachment under `attachments/`.

use serde_json::Value;

/// One file in the archive.
pub struct Entry {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// CRC-32 (IEEE 802.3, the one zip uses), bit by bit: archives are small
/// and rare, so no table is kept.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

/// A zip file of `entries`, stored without compression (method 0), with
/// UTF-8 names. Each entry and the archive must stay under 4 GiB (an
/// export is megabytes).
pub fn zip(entries: &[Entry]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    // 1980-01-01 00:00 in DOS time: the dates inside are in data.json.
    let (dos_time, dos_date) = (0u16, (1u16 << 5) | 1);
    for entry in entries {
        let offset = out.len() as u32;
        let crc = crc32(&entry.bytes);
        let size = entry.bytes.len() as u32;
        let name = entry.name.as_bytes();
        // Local file header.
        out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        out.extend_from_slice(&20u16.to_le_bytes()); // version needed
        out.extend_from_slice(&0x0800u16.to_le_bytes()); // UTF-8 names
        out.extend_from_slice(&0u16.to_le_bytes()); // stored
        out.extend_from_slice(&dos_time.to_le_bytes());
        out.extend_from_slice(&dos_date.to_le_bytes());
        out.extend_from_slice(&crc.to_le_bytes());
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(name);
        out.extend_from_slice(&entry.bytes);
        // Its central directory record.
        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        central.extend_from_slice(&20u16.to_le_bytes()); // made by
        central.extend_from_slice(&20u16.to_le_bytes()); // needed
        central.extend_from_slice(&0x0800u16.to_le_bytes());
        central.extend_from_slice(&0u16.to_le_bytes());
        central.extend_from_slice(&dos_time.to_le_bytes());
        central.extend_from_slice(&dos_date.to_le_bytes());
        central.extend_from_slice(&crc.to_le_bytes());
        central.extend_from_slice(&size.to_le_bytes());
        central.extend_from_slice(&size.to_le_bytes());
        central.extend_from_slice(&(name.len() as u16).to_le_bytes());
        central.extend_from_slice(&[0; 8]); // extra, comment, disk
        central.extend_from_slice(&0u16.to_le_bytes()); // internal attributes
        central.extend_from_slice(&0u32.to_le_bytes()); // external attributes
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name);
    }
    let central_offset = out.len() as u32;
    let central_size = central.len() as u32;
    out.extend_from_slice(&central);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    out.extend_from_slice(&[0; 4]); // disk numbers
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    out.extend_from_slice(&central_size.to_le_bytes());
    out.extend_from_slice(&central_offset.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

fn cell(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(text) => escape(text),
        other => escape(&other.to_string()),
    }
}

/// The readable summary: one section per part of `data` (an object of
/// arrays of objects), each a table; the text is escaped, so nothing in
/// the data becomes markup.
pub fn summary_html(
    email: &str,
    generated_at: &str,
    sections: &[(&str, &str)],
    data: &Value,
) -> String {
    let mut html = String::new();
    html.push_str(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>Your data at Nyota Cloud</title>\
         <style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}\
         table{border-collapse:collapse;margin:0 0 2rem;font-size:14px}\
         th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}\
         th{background:#f3f4f6}</style></head><body>",
    );
    html.push_str(&format!(
        "<h1>Your data at Nyota Cloud</h1><p>Everything we hold about {} as of {}. \
         The same data is in <code>data.json</code>; chat attachments are in the \
         <code>attachments</code> folder.</p>",
        escape(email),
        escape(generated_at)
    ));
    for (key, title) in sections {
        html.push_str(&format!("<h2>{}</h2>", escape(title)));
        let rows = data.get(*key).and_then(Value::as_array);
        let Some(rows) = rows.filter(|rows| !rows.is_empty()) else {
            html.push_str("<p>None.</p>");
            continue;
        };
        let mut columns: Vec<&str> = Vec::new();
        for row in rows {
            if let Some(object) = row.as_object() {
                for column in object.keys() {
                    if !columns.contains(&column.as_str()) {
                        columns.push(column);
                    }
                }
            }
        }
        html.push_str("<table><thead><tr>");
        for column in &columns {
            html.push_str(&format!("<th>{}</th>", escape(column)));
        }
        html.push_str("</tr></thead><tbody>");
        for row in rows {
            html.push_str("<tr>");
            for column in &columns {
                html.push_str(&format!(
                    "<td>{}</td>",
                    cell(row.get(*column).unwrap_or(&Value::Null))
                ));
            }
            html.push_str("</tr>");
        }
        html.push_str("</tbody></table>");
    }
    html.push_str("</body></html>");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn the_zip_lists_every_entry_in_its_central_directory() {
        let archive = zip(&[
            Entry {
                name: "data.json".to_owned(),
                bytes: b"{}".to_vec(),
            },
            Entry {
                name: "attachments/a.png".to_owned(),
                bytes: vec![1, 2, 3],
            },
        ]);
        assert_eq!(&archive[..4], b"PK\x03\x04");
        let end = archive.len() - 22;
        assert_eq!(&archive[end..end + 4], b"PK\x05\x06");
        assert_eq!(
            u16::from_le_bytes([archive[end + 10], archive[end + 11]]),
            2
        );
    }

    #[test]
    fn the_summary_escapes_what_people_typed() {
        let data = serde_json::json!({"chats": [{"name": "<b>x</b>"}], "ratings": []});
        let html = summary_html(
            "a@b.c",
            "now",
            &[("chats", "Chats"), ("ratings", "Ratings")],
            &data,
        );
        assert!(html.contains("&lt;b&gt;x&lt;/b&gt;"));
        assert!(!html.contains("<b>x"));
        assert!(html.contains("<h2>Ratings</h2><p>None.</p>"));
    }
}

//! The archive of an access request: a zip file (written by the `zip`
//! crate) holding `data.json` (everything, as data), `summary.html` (the
//! same, readable in a browser) and each chat attachment under
//! `attachments/`. Entries are stored, not compressed: attachments are
//! compressed images and PDFs already, and a stored archive stays
//! searchable byte for byte (the erasure test finds an address in it).
//! Also its sections ([`SECTIONS`]), its attachments' names and the counts
//! the request's outcome records.

use std::io::{Cursor, Write as _};

use serde_json::{Map, Value, json};
use uuid::Uuid;
use zip::CompressionMethod;
use zip::write::{SimpleFileOptions, ZipWriter};

/// One file in the archive.
pub struct Entry {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A zip file of `entries`. Fails only if an entry is refused by the
/// writer (a name used twice, say), which the export never builds.
pub fn zip(entries: &[Entry]) -> zip::result::ZipResult<Vec<u8>> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    for entry in entries {
        writer.start_file(
            entry.name.as_str(),
            SimpleFileOptions::default()
                .compression_method(CompressionMethod::Stored)
                // Archives of several GiB would need Zip64; an export is megabytes.
                .large_file(false),
        )?;
        writer.write_all(&entry.bytes)?;
    }
    Ok(writer.finish()?.into_inner())
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

/// The sections of the archive, in the summary's order.
pub const SECTIONS: [(&str, &str); 11] = [
    ("account", "Account"),
    ("chats", "Chats"),
    ("chat_messages", "Chat messages"),
    ("chat_ratings", "Chat ratings"),
    ("chat_emails_stopped", "Chat reply emails you stopped"),
    ("chat_emails_held", "Your emails held for a support agent"),
    ("contact_requests", "Contact and demo requests"),
    ("subscriptions", "Subscriptions"),
    ("waitlist_entries", "Waitlist entries"),
    ("emails_sent", "Emails sent to you"),
    ("privacy_requests", "Your privacy requests"),
];

/// The name in the archive of chat attachment `id` sent as `filename`:
/// under `attachments/`, the id first (names repeat), the filename with
/// anything but letters, digits and `.-_` made `_`.
pub fn attachment_name(id: Uuid, filename: &str) -> String {
    let safe: String = filename
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || ".-_".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("attachments/{}-{safe}", id.simple())
}

/// How many rows of each of [`SECTIONS`] `data` holds (what the request's
/// outcome records: counts, no personal data).
pub fn counts(data: &Value) -> Map<String, Value> {
    SECTIONS
        .iter()
        .map(|(key, _)| {
            let count = data
                .get(*key)
                .and_then(|rows| rows.as_array())
                .map_or(0, Vec::len);
            ((*key).to_owned(), json!(count))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zip_opens_and_holds_every_entry() {
        let entries = [
            Entry {
                name: "data.json".to_owned(),
                bytes: br#"{"name":"Amani"}"#.to_vec(),
            },
            Entry {
                name: "attachments/a.png".to_owned(),
                bytes: vec![1, 2, 3],
            },
        ];
        let archive = zip(&entries).expect("zip");
        let mut read = zip::ZipArchive::new(Cursor::new(archive)).expect("a valid zip");
        assert_eq!(read.len(), 2);
        for entry in &entries {
            let mut file = read.by_name(&entry.name).expect("entry present");
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut file, &mut bytes).expect("read");
            assert_eq!(bytes, entry.bytes, "{}", entry.name);
        }
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

    #[test]
    fn attachment_names_keep_only_safe_characters_after_the_id() {
        let id = Uuid::nil();
        assert_eq!(
            attachment_name(id, "my photo/../x.png"),
            "attachments/00000000000000000000000000000000-my_photo_.._x.png"
        );
    }

    #[test]
    fn counts_give_every_section_missing_ones_zero() {
        let data = json!({ "chats": [{}, {}], "account": [] });
        let counts = counts(&data);
        assert_eq!(counts.len(), SECTIONS.len());
        assert_eq!(counts["chats"], json!(2));
        assert_eq!(counts["account"], json!(0));
        assert_eq!(counts["emails_sent"], json!(0));
    }
}

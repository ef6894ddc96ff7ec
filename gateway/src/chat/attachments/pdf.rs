//! Whether a PDF may be attached: it must parse, and nothing in it may act
//! on its own when opened (scripts, launched programs, open or page
//! actions, embedded files, rich media, XFA forms). Refused rather than
//! flattened: see `docs/DECISIONS.md`.
//!
//! The check walks every object `lopdf` loads, so names are compared after
//! their `#xx` escapes are decoded (`/J#61vaScript` is `/JavaScript`) and
//! objects packed in compressed object streams are seen unpacked. It walks
//! the file twice: as its cross-reference table describes it, and rebuilt
//! by scanning for every object, since a viewer that finds the table
//! broken does the same and would see objects the table leaves out.

use std::collections::HashSet;

use lopdf::xref::XrefEntry;
use lopdf::{Document, LoadOptions, Object};

use super::refusal::Refusal;

/// The most one stream may inflate to while the file is read.
const MAX_INFLATED_BYTES: usize = 64 * 1024 * 1024;

/// A PDF's end marker must be in its last kilobyte (after it only line
/// ends and a little padding are usual).
const PDF_TAIL: usize = 1024;

/// Names that make a PDF act by itself, wherever they appear (as a key or
/// as a value, such as an action's `/S`).
const ACTIVE: &[&[u8]] = &[
    b"JavaScript",
    b"JS",
    b"Launch",
    b"AA",
    b"EmbeddedFile",
    b"EmbeddedFiles",
    b"FileAttachment",
    b"RichMedia",
    b"XFA",
    b"GoToE",
    b"GoToR",
    b"ImportData",
    b"SubmitForm",
    b"Rendition",
    b"Movie",
    b"Sound",
];

/// Checks `data` (which starts `%PDF-`).
pub fn check(data: &[u8]) -> Result<(), Refusal> {
    let tail = &data[data.len().saturating_sub(PDF_TAIL)..];
    if !tail.windows(5).any(|window| window == b"%%EOF") {
        return Err(Refusal::BrokenPdf);
    }
    let as_written = load(data, false).ok_or(Refusal::BrokenPdf)?;
    if as_written.trailer.has(b"Encrypt") {
        return Err(Refusal::EncryptedPdf);
    }
    // Every object the table says is in use must have been read: one the
    // parser skipped could hold anything.
    let read: HashSet<u32> = as_written
        .objects
        .keys()
        .map(|(number, _)| *number)
        .collect();
    let missing = as_written
        .reference_table
        .entries
        .iter()
        .filter(|(_, entry)| {
            matches!(
                entry,
                XrefEntry::Normal { .. } | XrefEntry::Compressed { .. }
            )
        })
        .any(|(number, _)| !read.contains(number));
    if missing {
        return Err(Refusal::BrokenPdf);
    }
    scan(&as_written)?;
    // The rebuilt reading may fail where the written one worked (a file
    // with only compressed objects); what it does read is checked too.
    if let Some(rebuilt) = load(data, true) {
        scan(&rebuilt)?;
    }
    Ok(())
}

fn load(data: &[u8], rebuild: bool) -> Option<Document> {
    let options = LoadOptions {
        max_decompressed_size: Some(MAX_INFLATED_BYTES),
        force_reconstruct: rebuild,
        ..LoadOptions::default()
    };
    Document::load_mem_with_options(data, options).ok()
}

/// Refuses a document with an active name anywhere, or an open action
/// (a dictionary; a plain destination, an array, only turns the page).
fn scan(document: &Document) -> Result<(), Refusal> {
    let trailer = Object::Dictionary(document.trailer.clone());
    let mut pending: Vec<&Object> = document.objects.values().collect();
    pending.push(&trailer);
    while let Some(object) = pending.pop() {
        match object {
            Object::Name(name) if ACTIVE.contains(&name.as_slice()) => {
                return Err(Refusal::ActivePdf);
            }
            Object::Array(items) => pending.extend(items),
            Object::Dictionary(dictionary) => {
                for (key, value) in dictionary {
                    if ACTIVE.contains(&key.as_slice()) || is_action(document, key, value) {
                        return Err(Refusal::ActivePdf);
                    }
                    pending.push(value);
                }
            }
            Object::Stream(stream) => {
                for (key, value) in &stream.dict {
                    if ACTIVE.contains(&key.as_slice()) || is_action(document, key, value) {
                        return Err(Refusal::ActivePdf);
                    }
                    pending.push(value);
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn is_action(document: &Document, key: &[u8], value: &Object) -> bool {
    if key != b"OpenAction" {
        return false;
    }
    // An unresolvable reference is treated like the action it may be.
    !matches!(document.dereference(value), Ok((_, Object::Array(_))))
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::*;

    /// A PDF with `objects` (numbered from 1; the first is the catalog)
    /// and a correct cross-reference table.
    pub(crate) fn pdf(objects: &[&str]) -> Vec<u8> {
        let mut out = b"%PDF-1.7\n".to_vec();
        let mut offsets = Vec::new();
        for (index, body) in objects.iter().enumerate() {
            offsets.push(out.len());
            write!(out, "{} 0 obj\n{body}\nendobj\n", index + 1).expect("write");
        }
        let xref = out.len();
        write!(out, "xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).expect("write");
        for offset in offsets {
            writeln!(out, "{offset:010} 00000 n ").expect("write");
        }
        write!(
            out,
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .expect("write");
        out
    }

    const PAGES: &str = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
    const PAGE: &str = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>";

    #[test]
    fn a_plain_pdf_passes() {
        let plain = pdf(&["<< /Type /Catalog /Pages 2 0 R >>", PAGES, PAGE]);
        assert_eq!(check(&plain), Ok(()));
        // Opening at a page is a destination, not an action.
        let opens_at_page = pdf(&[
            "<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>",
            PAGES,
            PAGE,
        ]);
        assert_eq!(check(&opens_at_page), Ok(()));
    }

    #[test]
    fn active_content_is_refused_however_it_is_spelled() {
        for catalog in [
            "<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>",
            "<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>",
            "<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /J#61vaScript /J#53 (x) >> >>",
            "<< /Type /Catalog /Pages 2 0 R /AA << /WC << /S /Launch /F (calc.exe) >> >> >>",
            "<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 4 0 R >> >>",
            "<< /Type /Catalog /Pages 2 0 R /AcroForm << /XFA 4 0 R >> >>",
        ] {
            let hostile = pdf(&[catalog, PAGES, PAGE, "<< /S /GoTo /D [3 0 R /Fit] >>"]);
            assert_eq!(check(&hostile), Err(Refusal::ActivePdf), "{catalog}");
        }
    }

    #[test]
    fn an_action_inside_a_compressed_object_stream_is_found() {
        // Object 4, packed and deflated in object stream 5.
        let packed = "<< /S /Launch /F (cmd.exe) >>";
        let header = "4 0 ";
        let mut deflated = Vec::new();
        {
            let mut encoder =
                flate2::write::ZlibEncoder::new(&mut deflated, flate2::Compression::default());
            encoder
                .write_all(format!("{header}{packed}").as_bytes())
                .expect("deflate");
            encoder.finish().expect("deflate");
        }
        let mut out = b"%PDF-1.7\n".to_vec();
        let mut offsets = Vec::new();
        // Nothing outside the object stream names the action.
        for body in ["<< /Type /Catalog /Pages 2 0 R >>", PAGES, PAGE] {
            offsets.push(out.len());
            write!(out, "{} 0 obj\n{body}\nendobj\n", offsets.len()).expect("write");
        }
        let stream_at = out.len();
        write!(
            out,
            "5 0 obj\n<< /Type /ObjStm /N 1 /First {} /Filter /FlateDecode /Length {} >>\nstream\n",
            header.len(),
            deflated.len()
        )
        .expect("write");
        out.extend_from_slice(&deflated);
        out.extend_from_slice(b"\nendstream\nendobj\n");
        // A cross-reference stream would be usual; a table with the packed
        // object left out works for lopdf's reading, and the rebuilt reading
        // finds the object stream either way.
        let xref = out.len();
        write!(out, "xref\n0 6\n0000000000 65535 f \n").expect("write");
        for offset in offsets {
            writeln!(out, "{offset:010} 00000 n ").expect("write");
        }
        write!(out, "0000000000 65535 f \n{stream_at:010} 00000 n \n").expect("write");
        write!(
            out,
            "trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
        )
        .expect("write");
        assert_eq!(check(&out), Err(Refusal::ActivePdf));
    }

    #[test]
    fn what_does_not_parse_is_refused() {
        assert_eq!(
            check(b"%PDF-1.7\nthis is not a pdf at all\n%%EOF\n"),
            Err(Refusal::BrokenPdf)
        );
        assert_eq!(check(b"%PDF-1.7\n1 0 obj\n"), Err(Refusal::BrokenPdf));
        let plain = pdf(&["<< /Type /Catalog /Pages 2 0 R >>", PAGES, PAGE]);
        let encrypted = String::from_utf8(plain).expect("ascii").replace(
            "/Root 1 0 R",
            "/Root 1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>",
        );
        assert_eq!(check(encrypted.as_bytes()), Err(Refusal::EncryptedPdf));
    }
}

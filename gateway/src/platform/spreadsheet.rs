//! Text bound for a spreadsheet (the CSV exports): a cell that would run
//! as a formula is kept as text.

use std::borrow::Cow;

/// A cell a spreadsheet shows as text: one starting with `=`, `+`, `-` or
/// `@` (or a tab or carriage return) would be read as a formula, so it is
/// prefixed with `'` (CSV injection).
pub fn spreadsheet_safe(value: &str) -> Cow<'_, str> {
    if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{value}"))
    } else {
        Cow::Borrowed(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_defused_and_text_is_kept() {
        for (value, safe) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("+254700", "'+254700"),
            ("-1", "'-1"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("Amina", "Amina"),
            ("a=b", "a=b"),
            ("", ""),
        ] {
            assert_eq!(spreadsheet_safe(value), safe, "{value:?}");
        }
    }
}

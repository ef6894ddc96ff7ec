//! Query parameters shared by the list endpoints, checked in words.

use crate::platform::error::ApiError;

/// A parameter that is absent or blank counts as not sent.
pub fn given(value: Option<&String>) -> Option<&str> {
    value.map(|v| v.trim()).filter(|v| !v.is_empty())
}

/// A free-text parameter, like [`given`], whose control characters are
/// refused in words: Postgres refuses NUL in text, and no search needs one.
pub fn text<'a>(name: &str, value: Option<&'a String>) -> Result<Option<&'a str>, ApiError> {
    match given(value) {
        Some(text) if text.chars().any(char::is_control) => Err(ApiError::BadRequest(
            format!("{name} must not contain control characters").into(),
        )),
        text => Ok(text),
    }
}

/// `page`: 1 when not sent, else a whole number of at least 1.
pub fn page(value: Option<&String>) -> Result<u32, ApiError> {
    match given(value) {
        None => Ok(1),
        Some(page) => page
            .parse::<u32>()
            .ok()
            .filter(|page| *page >= 1)
            .ok_or_else(|| {
                ApiError::BadRequest("page must be a whole number of at least 1".into())
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_parameters_refuse_control_characters() {
        let sent = |v: &str| Some(v.to_owned());
        assert_eq!(text("search", None).ok(), Some(None));
        assert_eq!(
            text("search", sent(" cloud ").as_ref()).ok(),
            Some(Some("cloud"))
        );
        for bad in ["a\u{0}b", "a\u{7}", "x\u{85}y"] {
            assert_eq!(
                text("search", sent(bad).as_ref()).map_err(|e| e.to_string()),
                Err("search must not contain control characters".to_owned()),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_page_is_a_whole_number_of_at_least_one() {
        let sent = |v: &str| Some(v.to_owned());
        assert_eq!(page(None).ok(), Some(1));
        assert_eq!(page(sent("  ").as_ref()).ok(), Some(1));
        assert_eq!(page(sent(" 3 ").as_ref()).ok(), Some(3));
        for bad in ["0", "-1", "x", "1.5"] {
            assert_eq!(
                page(sent(bad).as_ref()).map_err(|e| e.to_string()),
                Err("page must be a whole number of at least 1".to_owned()),
                "{bad}"
            );
        }
    }
}

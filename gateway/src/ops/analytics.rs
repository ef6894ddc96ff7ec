//! The rules of first-party analytics: what a page-view beacon may hold
//! (a path on this site, a referrer reduced to its host) and the report's
//! range of days. The routes are `http/analytics.rs`.

use contract::analytics::PageViewInput;
use contract::limits::ANALYTICS_RANGE_DAYS;
use time::Date;

use crate::platform::error::ApiError;
use crate::platform::input::{self, Input, InputError};

const MAX_PATH_CHARS: usize = 300;
const MAX_REFERRER_CHARS: usize = 2048;

/// A page view as checked: a path on this site (without query or fragment,
/// trailing slash trimmed), and the referrer as sent (reduced to its host in
/// the page-view route, which knows the site's host).
impl Input for PageViewInput {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("path", "Path"), ("referrer", "Referrer")];

    fn check(self) -> Result<Self, InputError> {
        let path = input::text("Path", self.path)?
            .required()?
            .max_chars(MAX_PATH_CHARS)?
            .value();
        // A query or a fragment is not part of the page.
        let path = path.split(['?', '#']).next().unwrap_or_default();
        if !path.starts_with('/') || path.starts_with("//") {
            return Err(InputError::new(
                "Path must be a path on this site, starting with /".to_owned(),
            ));
        }
        // Spaces before the query or among trailing slashes go with them.
        let page = match path.trim_end_matches(|c: char| c == '/' || c.is_whitespace()) {
            "" => "/",
            trimmed => trimmed,
        };
        let referrer = match self.referrer {
            None => None,
            Some(raw) => input::text("Referrer", raw)?
                .max_chars(MAX_REFERRER_CHARS)?
                .optional_clipped(MAX_REFERRER_CHARS),
        };
        if let Some(referrer) = &referrer {
            referrer_host(referrer)
                .ok_or_else(|| InputError::new("Referrer must be a web address".to_owned()))?;
        }
        Ok(PageViewInput {
            path: page.to_owned(),
            referrer,
        })
    }
}

/// The lower-cased host of an absolute address (`https://www.google.com/…`
/// → `www.google.com`; an app's `android-app://com.example/` → `com.example`).
pub fn referrer_host(referrer: &str) -> Option<String> {
    let uri = referrer.parse::<axum::http::Uri>().ok()?;
    uri.scheme_str()?;
    let host = uri.host()?.trim_matches(['[', ']']);
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}

/// Without a range: the last 30 days, today included.
const DEFAULT_RANGE_DAYS: i64 = 30;

/// A calendar date written `YYYY-MM-DD`.
fn parse_day(text: &str) -> Option<Date> {
    let format = time::format_description::parse_borrowed::<2>("[year]-[month]-[day]").ok()?;
    (text.len() == 10)
        .then(|| Date::parse(text, &format).ok())
        .flatten()
}

/// The report's days `from` and `to` (inclusive) as sent, checked: the
/// last 30 days up to `today` when not given.
pub fn range(from: Option<&str>, to: Option<&str>, today: Date) -> Result<(Date, Date), ApiError> {
    let parse = |value: Option<&str>, name: &str| -> Result<Option<Date>, ApiError> {
        match value.map(|v| v.trim()).filter(|v| !v.is_empty()) {
            None => Ok(None),
            Some(value) => parse_day(value).map(Some).ok_or_else(|| {
                ApiError::BadRequest(format!("{name} must be a date as YYYY-MM-DD").into())
            }),
        }
    };
    let to = parse(to, "to")?.unwrap_or(today);
    let from = match parse(from, "from")? {
        Some(from) => from,
        None => to
            .checked_sub(time::Duration::days(DEFAULT_RANGE_DAYS - 1))
            .unwrap_or(Date::MIN),
    };
    if from > to {
        return Err(ApiError::BadRequest(
            "from must be on or before to".to_owned().into(),
        ));
    }
    if (to - from).whole_days() + 1 > ANALYTICS_RANGE_DAYS {
        return Err(ApiError::BadRequest(
            format!("The range must be at most {ANALYTICS_RANGE_DAYS} days").into(),
        ));
    }
    Ok((from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> Date {
        parse_day(text).expect("date")
    }

    fn message(result: Result<(Date, Date), ApiError>) -> String {
        result.expect_err("refused").to_string()
    }

    #[test]
    fn ranges_default_to_the_last_thirty_days_and_are_checked() {
        let today = day("2026-11-25");
        assert_eq!(
            range(None, None, today).expect("valid"),
            (day("2026-10-27"), today)
        );
        assert_eq!(
            range(Some("2026-01-01"), Some("2026-12-31"), today).expect("valid"),
            (day("2026-01-01"), day("2026-12-31"))
        );
        assert!(range(Some("2024-01-01"), Some("2024-12-31"), today).is_ok());
        assert_eq!(
            message(range(Some("2025-01-01"), Some("2026-01-02"), today)),
            "The range must be at most 366 days"
        );
        assert_eq!(
            message(range(Some("2026-02-30"), None, today)),
            "from must be a date as YYYY-MM-DD"
        );
        assert_eq!(
            message(range(None, Some("25/11/2026"), today)),
            "to must be a date as YYYY-MM-DD"
        );
        assert_eq!(
            message(range(Some("2026-11-26"), Some("2026-11-25"), today)),
            "from must be on or before to"
        );
    }

    #[test]
    fn referrers_are_reduced_to_their_host() {
        assert_eq!(
            referrer_host("https://www.Google.com/search?q=nyota").as_deref(),
            Some("www.google.com")
        );
        assert_eq!(
            referrer_host("android-app://com.google.android.gm/").as_deref(),
            Some("com.google.android.gm")
        );
        assert_eq!(referrer_host("not a url"), None);
        assert_eq!(referrer_host("/relative/path"), None);
    }

    #[test]
    fn paths_are_site_paths_without_query_or_fragment() {
        let check = |path: &str| {
            PageViewInput {
                path: path.to_owned(),
                referrer: None,
            }
            .check()
            .map(|input| input.path)
            .map_err(|error| error.message.to_string())
        };
        assert_eq!(check("/blog/").as_deref(), Ok("/blog"));
        assert_eq!(check("/contact?subject=x#form").as_deref(), Ok("/contact"));
        assert_eq!(check("/").as_deref(), Ok("/"));
        assert_eq!(check("/admin/settings").as_deref(), Ok("/admin/settings"));
        for bad in ["blog", "//evil.example/x", "https://evil.example/"] {
            assert_eq!(
                check(bad),
                Err("Path must be a path on this site, starting with /".to_owned()),
                "{bad}"
            );
        }
        assert_eq!(check(" "), Err("Path is required".to_owned()));
    }
}

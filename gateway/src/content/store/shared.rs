//! What the queries of posts and events share: Nairobi's today, a search's
//! words as a full-text prefix query, a list's checked query, and the
//! `audit_log` row of each write.

use contract::language::Language;
use time::{Date, OffsetDateTime, UtcOffset};
use uuid::Uuid;

/// Africa/Nairobi is UTC+3 all year (no daylight saving since 1942).
const NAIROBI: UtcOffset = match UtcOffset::from_hms(3, 0, 0) {
    Ok(offset) => offset,
    Err(_) => UtcOffset::UTC,
};

/// Today's date in Nairobi: an event before it is completed.
pub fn today() -> Date {
    OffsetDateTime::now_utc().to_offset(NAIROBI).date()
}

/// The words of a search, lower-cased, split on anything that is not a
/// letter or digit (so nothing of tsquery's syntax survives).
pub fn search_terms(search: &str) -> Vec<String> {
    search
        .split(|c: char| !c.is_alphanumeric())
        .filter(|term| !term.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// A tsquery matching every term as a prefix: `infra:* & clou:*`.
pub(super) fn prefix_query(terms: &[String]) -> String {
    terms
        .iter()
        .map(|term| format!("{term}:*"))
        .collect::<Vec<_>>()
        .join(" & ")
}

/// A validated list request, also the cache key of its answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ListQuery {
    pub page: u32,
    pub limit: u32,
    /// The search's words; `None` without a search (or one without words).
    pub terms: Option<Vec<String>>,
    pub category: Option<String>,
    /// Whether drafts and posts scheduled for later are listed too (the
    /// admin's list); events ignore it.
    pub everything: bool,
    /// The page's language: its items come first (`?lang=`); `None` keeps
    /// the plain order (the admin's list).
    pub language: Option<Language>,
}

impl ListQuery {
    pub(super) fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.limit)
    }

    pub(super) fn tsquery(&self) -> Option<String> {
        self.terms.as_deref().map(prefix_query)
    }
}

/// What an admin did, for the audit log.
#[derive(Clone, Copy, Debug)]
pub enum Action {
    Create,
    Update,
    Delete,
}

impl Action {
    fn as_str(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Update => "update",
            Action::Delete => "delete",
        }
    }
}

pub(super) async fn audit(
    tx: &mut sqlx::PgConnection,
    actor: Uuid,
    action: Action,
    entity: &str,
    entity_id: Uuid,
    title: &str,
) -> sqlx::Result<()> {
    let details = serde_json::json!({ "title": title });
    crate::platform::audit::record(tx, actor, action.as_str(), entity, entity_id, details).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_terms_keep_only_words() {
        assert_eq!(search_terms("  Infra & cloud:*!|"), ["infra", "cloud"]);
        assert_eq!(
            prefix_query(&search_terms("Infra cloud")),
            "infra:* & cloud:*"
        );
        assert!(search_terms("!!! ' ").is_empty());
        assert_eq!(search_terms("Kenya's Edge"), ["kenya", "s", "edge"]);
    }
}

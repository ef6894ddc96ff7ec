//! The rules of the audit screen: its filters read from the query in words
//! (dates in Nairobi time, or instants), the page's key as an opaque
//! cursor, each entry's sentence, and the CSV export's rows. The routes
//! are `ops::http::audit`, the queries `ops::store::audit_log`.

use contract::analytics::NAIROBI;
use contract::audit::{AuditActor, AuditEntry};
use serde_json::Value;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Date, OffsetDateTime, Time, UtcOffset};
use uuid::Uuid;

use crate::ops::error::OpsError;
use crate::platform::spreadsheet::spreadsheet_safe;

/// Entries per page when `limit` is not sent, and the most a page holds.
pub const DEFAULT_PAGE: u32 = 50;
pub const MAX_PAGE: u32 = 200;
/// The most rows one CSV export holds; a wider one is refused.
pub const MAX_EXPORT_ROWS: i64 = 100_000;

/// Whose entries to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActorFilter {
    User(Uuid),
    /// Entries no signed-in user made (`actor=none`).
    NoOne,
}

/// The filters, checked; every one optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filters {
    pub actor: Option<ActorFilter>,
    pub entity: Option<String>,
    pub action: Option<String>,
    /// From this instant, included.
    pub from: Option<OffsetDateTime>,
    /// Up to this instant, excluded.
    pub to: Option<OffsetDateTime>,
    /// Words the details must contain (any case).
    pub text: Option<String>,
}

/// The filters as sent, every one a string.
#[derive(Clone, Debug, Default)]
pub struct RawFilters<'a> {
    pub actor: Option<&'a str>,
    pub entity: Option<&'a str>,
    pub action: Option<&'a str>,
    pub from: Option<&'a str>,
    pub to: Option<&'a str>,
    pub text: Option<&'a str>,
}

fn refuse(message: impl Into<String>) -> OpsError {
    OpsError::BadAuditQuery(message.into())
}

impl Filters {
    /// Checks the filters sent (already trimmed, blanks dropped).
    pub fn read(raw: &RawFilters<'_>) -> Result<Filters, OpsError> {
        let actor = match raw.actor {
            None => None,
            Some("none") => Some(ActorFilter::NoOne),
            Some(id) => Some(ActorFilter::User(Uuid::parse_str(id).map_err(|_| {
                refuse("actor must be a user's id, or none for entries no signed-in user made")
            })?)),
        };
        let name = |field: &str, value: Option<&str>| -> Result<Option<String>, OpsError> {
            match value {
                Some(v)
                    if v.len() > 64
                        || !v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                {
                    Err(refuse(format!(
                        "{field} must be a name like site_settings: letters, digits and _, at most 64"
                    )))
                }
                v => Ok(v.map(str::to_owned)),
            }
        };
        let from = raw
            .from
            .map(|v| instant("from", v, Edge::Start))
            .transpose()?;
        let to = raw.to.map(|v| instant("to", v, Edge::End)).transpose()?;
        if let (Some(from), Some(to)) = (from, to)
            && from >= to
        {
            return Err(refuse("from must be before to"));
        }
        let text = match raw.text {
            Some(t) if t.chars().count() > 200 => {
                return Err(refuse("q must be at most 200 characters"));
            }
            Some(t) if t.chars().any(char::is_control) => {
                return Err(refuse("q must not contain control characters"));
            }
            t => t.map(str::to_owned),
        };
        Ok(Filters {
            actor,
            entity: name("entity", raw.entity)?,
            action: name("action", raw.action)?,
            from,
            to,
            text,
        })
    }

    /// The filters as the export's audit entry records them.
    pub fn to_json(&self) -> Value {
        let mut json = serde_json::json!({});
        if let Some(actor) = self.actor {
            json["actor"] = match actor {
                ActorFilter::User(id) => Value::String(id.to_string()),
                ActorFilter::NoOne => Value::String("none".to_owned()),
            };
        }
        for (key, value) in [
            ("entity", &self.entity),
            ("action", &self.action),
            ("q", &self.text),
        ] {
            if let Some(value) = value {
                json[key] = Value::String(value.clone());
            }
        }
        for (key, value) in [("from", self.from), ("to", self.to)] {
            if let Some(value) =
                value.and_then(|v| v.to_offset(UtcOffset::UTC).format(&Rfc3339).ok())
            {
                json[key] = Value::String(value);
            }
        }
        json
    }
}

/// Which end of a day a bare date stands for.
#[derive(Clone, Copy)]
enum Edge {
    /// `from=2027-01-20`: the day's first instant in Nairobi.
    Start,
    /// `to=2027-01-20`: the day included, so up to the next day's start.
    End,
}

/// A date (`2027-01-20`, a day in Nairobi time) or an RFC 3339 instant
/// with its offset (`2027-01-20T09:30:00+03:00`).
fn instant(field: &str, value: &str, edge: Edge) -> Result<OffsetDateTime, OpsError> {
    if let Ok(at) = OffsetDateTime::parse(value, &Rfc3339) {
        return Ok(at);
    }
    let date = Date::parse(value, format_description!("[year]-[month]-[day]")).map_err(|_| {
        refuse(format!(
            "{field} must be a date like 2027-01-20 (a day in Nairobi time) or an instant like 2027-01-20T09:30:00+03:00"
        ))
    })?;
    let day = match edge {
        Edge::Start => Some(date),
        Edge::End => date.next_day(),
    }
    .ok_or_else(|| refuse(format!("{field} is too far in the future")))?;
    Ok(day
        .with_time(Time::MIDNIGHT)
        .assume_offset(NAIROBI)
        .to_offset(UtcOffset::UTC))
}

/// Where a page ends: the last entry's `at` and id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    pub at: OffsetDateTime,
    pub id: Uuid,
}

impl Cursor {
    /// `<microseconds since 1970>.<id>`: opaque to clients.
    pub fn encode(&self) -> String {
        format!(
            "{}.{}",
            self.at.unix_timestamp_nanos() / 1000,
            self.id.simple()
        )
    }

    pub fn decode(value: &str) -> Result<Cursor, OpsError> {
        let wrong = || refuse("cursor must be a nextCursor this API gave");
        let (micros, id) = value.split_once('.').ok_or_else(wrong)?;
        let micros: i128 = micros.parse().map_err(|_| wrong())?;
        let at = OffsetDateTime::from_unix_timestamp_nanos(micros * 1000).map_err(|_| wrong())?;
        let id = Uuid::parse_str(id).map_err(|_| wrong())?;
        Ok(Cursor { at, id })
    }
}

/// A page size: [`DEFAULT_PAGE`] when not sent, else 1 to [`MAX_PAGE`].
pub fn page_size(value: Option<&str>) -> Result<u32, OpsError> {
    match value {
        None => Ok(DEFAULT_PAGE),
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_PAGE).contains(n))
            .ok_or_else(|| refuse(format!("limit must be a whole number from 1 to {MAX_PAGE}"))),
    }
}

/// What the screen calls a kind of entity; `None` for one it does not
/// know (the raw name is shown).
pub fn entity_label(entity: &str) -> Option<&'static str> {
    Some(match entity {
        "account" => "account",
        "agent" => "team member",
        "agent_profile" => "agent profile",
        "audit_log" => "audit log",
        "blog_post" => "blog post",
        "canned_response" => "canned reply",
        "contact_request" => "contact request",
        "dead_letter" => "dead letter",
        "event" => "event",
        "privacy_request" => "privacy request",
        "second_factor" => "second factor",
        "routing_rule" => "routing rule",
        "site_settings" => "site settings",
        "team" => "team",
        "upload" => "upload",
        "waitlist" => "waitlist",
        _ => return None,
    })
}

/// The action as a past-tense verb; unknown ones as they are, `_` spaced.
fn verb(action: &str) -> String {
    match action {
        "create" => "Created",
        "update" => "Changed",
        "delete" => "Deleted",
        "export" => "Exported",
        "invite" => "Invited",
        "reinvite" => "Invited again",
        "replay" => "Replayed",
        "discard" => "Discarded",
        "enrol" => "Set up",
        "remove" => "Removed",
        "seed" => "Seeded",
        "request" => "Asked for",
        "confirm" => "Confirmed",
        "acknowledge" => "Acknowledged",
        "respond" => "Responded to",
        "mark_complex" => "Marked complex",
        "fulfil" => "Fulfilled",
        "use_recovery_code" => "Used a recovery code for",
        "members" => "Changed the members of",
        "reorder" => "Reordered",
        other => return capitalised(&other.replace('_', " ")),
    }
    .to_owned()
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn text_of<'a>(details: &'a Value, key: &str) -> Option<&'a str> {
    details.get(key).and_then(Value::as_str)
}

/// The entry in a sentence, from its action, entity and details; an
/// entity or action no rule knows still reads (raw names).
pub fn summary(action: &str, entity: &str, details: &Value) -> String {
    match (entity, action) {
        ("account", "sign_in") => {
            let how = text_of(details, "method").unwrap_or("password");
            return format!("Signed in ({})", how.replace('_', " "));
        }
        ("account", "sign_in_failed") => {
            let why = text_of(details, "reason").unwrap_or("refused");
            return format!("Sign-in failed ({})", why.replace('_', " "));
        }
        ("agent", "update") => return agent_change(details),
        _ => {}
    }
    let what = entity_label(entity).map_or_else(|| entity.replace('_', " "), str::to_owned);
    let mut sentence = format!("{} {what}", verb(action));
    if let Some(title) = text_of(details, "title") {
        sentence.push_str(&format!(" “{title}”"));
    }
    if let Some(shortcut) = text_of(details, "shortcut") {
        sentence.push_str(&format!(" /{shortcut}"));
    }
    if let Some(email) = text_of(details, "email") {
        sentence.push_str(&format!(" {email}"));
    }
    if let Some(role) = text_of(details, "role") {
        sentence.push_str(&format!(" as {role}"));
    }
    if let Some(kind) = text_of(details, "kind") {
        sentence.push_str(&format!(" ({kind})"));
    }
    if let Some(factor) = text_of(details, "factor") {
        sentence.push_str(&format!(" ({factor})"));
    }
    if let Some(changed) = details.get("changed").and_then(Value::as_array) {
        let keys: Vec<&str> = changed.iter().filter_map(Value::as_str).collect();
        if !keys.is_empty() {
            sentence.push_str(&format!(": {}", keys.join(", ")));
        }
    }
    if let Some(status) = text_of(details, "status") {
        sentence.push_str(&format!(": status {status}"));
    }
    if let Some(rows) = details.get("rows").and_then(Value::as_i64) {
        sentence.push_str(&format!(", {rows} row{}", if rows == 1 { "" } else { "s" }));
    }
    sentence
}

/// A team member's change: what moved, from what to what.
fn agent_change(details: &Value) -> String {
    let (before, after) = (&details["before"], &details["after"]);
    let mut changes = Vec::new();
    for key in ["role", "active", "capacity"] {
        if before[key] != after[key] && !after[key].is_null() {
            changes.push(match (key, &after[key]) {
                ("active", Value::Bool(true)) => "reactivated".to_owned(),
                ("active", Value::Bool(false)) => "deactivated".to_owned(),
                _ => format!("{key} {} → {}", plain(&before[key]), plain(&after[key])),
            });
        }
    }
    if changes.is_empty() {
        "Changed team member (nothing moved)".to_owned()
    } else {
        format!("Changed team member: {}", changes.join(", "))
    }
}

fn plain(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// The CSV's header row.
pub const CSV_HEADER: [&str; 10] = [
    "When (EAT)",
    "When (UTC)",
    "Actor",
    "Actor email",
    "Action",
    "Entity",
    "Entity id",
    "Summary",
    "Details",
    "Id",
];

/// One entry as a CSV row, every cell a spreadsheet would run defused.
pub fn csv_row(entry: &AuditEntry) -> [String; 10] {
    let eat = entry
        .at
        .to_offset(NAIROBI)
        .format(format_description!(
            "[year]-[month]-[day] [hour]:[minute]:[second]"
        ))
        .unwrap_or_default();
    let utc = entry.at.format(&Rfc3339).unwrap_or_default();
    let (actor, email) = match &entry.actor {
        AuditActor::User { name, email, .. } => (name.clone(), email.clone()),
        AuditActor::DeletedUser => ("deleted user".to_owned(), String::new()),
        AuditActor::NoOne => ("no one signed in".to_owned(), String::new()),
    };
    [
        eat,
        utc,
        actor,
        email,
        entry.action.clone(),
        entry.entity.clone(),
        entry.entity_id.to_string(),
        entry.summary.clone(),
        entry.details.to_string(),
        entry.id.to_string(),
    ]
    .map(|cell| spreadsheet_safe(&cell).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn raw(from: Option<&'static str>, to: Option<&'static str>) -> RawFilters<'static> {
        RawFilters {
            from,
            to,
            ..RawFilters::default()
        }
    }

    fn message(result: Result<Filters, OpsError>) -> String {
        match result {
            Err(OpsError::BadAuditQuery(message)) => message,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn a_date_is_a_whole_day_in_nairobi_and_an_instant_is_itself() {
        let filters = Filters::read(&raw(Some("2027-01-20"), Some("2027-01-20"))).expect("valid");
        assert_eq!(
            filters
                .from
                .expect("from")
                .format(&Rfc3339)
                .expect("formats"),
            "2027-01-19T21:00:00Z"
        );
        assert_eq!(
            filters.to.expect("to").format(&Rfc3339).expect("formats"),
            "2027-01-20T21:00:00Z"
        );
        let filters = Filters::read(&raw(Some("2027-01-20T09:30:00+03:00"), None)).expect("valid");
        assert_eq!(
            filters
                .from
                .expect("from")
                .format(&Rfc3339)
                .expect("formats"),
            "2027-01-20T09:30:00+03:00"
        );
    }

    #[test]
    fn bad_dates_and_a_backwards_range_are_refused_in_words() {
        assert!(
            message(Filters::read(&raw(Some("20/01/2027"), None)))
                .starts_with("from must be a date")
        );
        assert!(
            message(Filters::read(&raw(None, Some("2027-02-30")))).starts_with("to must be a date")
        );
        assert_eq!(
            message(Filters::read(&raw(Some("2027-01-21"), Some("2027-01-20")))),
            "from must be before to"
        );
        let bad_actor = RawFilters {
            actor: Some("someone"),
            ..RawFilters::default()
        };
        assert!(message(Filters::read(&bad_actor)).starts_with("actor must be"));
        let bad_entity = RawFilters {
            entity: Some("blog post; drop"),
            ..RawFilters::default()
        };
        assert!(message(Filters::read(&bad_entity)).starts_with("entity must be"));
    }

    #[test]
    fn a_cursor_goes_there_and_back_and_a_forged_one_is_refused() {
        let cursor = Cursor {
            at: OffsetDateTime::from_unix_timestamp_nanos(1_800_000_000_123_456_000)
                .expect("valid"),
            id: Uuid::now_v7(),
        };
        assert_eq!(Cursor::decode(&cursor.encode()).expect("decodes"), cursor);
        for forged in [
            "",
            "abc",
            "12.not-a-uuid",
            "x.0190a0c8-0000-7000-8000-000000000000",
        ] {
            assert!(Cursor::decode(forged).is_err(), "{forged}");
        }
    }

    #[test]
    fn page_sizes_are_bounded() {
        assert_eq!(page_size(None).ok(), Some(DEFAULT_PAGE));
        assert_eq!(page_size(Some("200")).ok(), Some(200));
        assert!(page_size(Some("0")).is_err());
        assert!(page_size(Some("201")).is_err());
    }

    #[test]
    fn summaries_read_for_known_and_unknown_entities() {
        assert_eq!(
            summary(
                "update",
                "site_settings",
                &json!({ "changed": ["chat_hours", "retention"] })
            ),
            "Changed site settings: chat_hours, retention"
        );
        assert_eq!(
            summary(
                "update",
                "agent",
                &json!({
                    "before": { "role": "support", "active": true, "capacity": 8 },
                    "after": { "role": "admin", "active": false, "capacity": 8 },
                })
            ),
            "Changed team member: role support → admin, deactivated"
        );
        assert_eq!(
            summary("create", "blog_post", &json!({ "title": "Hello" })),
            "Created blog post “Hello”"
        );
        assert_eq!(
            summary("sign_in", "account", &json!({ "method": "second_factor" })),
            "Signed in (second factor)"
        );
        assert_eq!(
            summary("export", "audit_log", &json!({ "rows": 1 })),
            "Exported audit log, 1 row"
        );
        assert_eq!(
            summary("add_member", "routing_rule", &json!({})),
            "Add member routing rule"
        );
    }

    #[test]
    fn csv_cells_that_a_spreadsheet_would_run_are_defused() {
        let entry = AuditEntry {
            id: Uuid::nil(),
            at: OffsetDateTime::UNIX_EPOCH,
            actor: AuditActor::User {
                id: Uuid::nil(),
                name: "=HYPERLINK(\"x\")".to_owned(),
                email: "a@b.c".to_owned(),
            },
            action: "create".to_owned(),
            entity: "blog_post".to_owned(),
            entity_id: Uuid::nil(),
            summary: "-1".to_owned(),
            details: json!({}),
        };
        let row = csv_row(&entry);
        assert_eq!(row[0], "1970-01-01 03:00:00");
        assert_eq!(row[2], "'=HYPERLINK(\"x\")");
        assert_eq!(row[7], "'-1");
    }
}

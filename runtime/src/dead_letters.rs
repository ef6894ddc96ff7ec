//! Dead letters: the messages a consumer gave up on, kept in Postgres (table
//! `dead_letters`, written only through this module) so that an operator can
//! see them (`/admin/database`), count them (the gateway's
//! `dead_letters{role,reason}` gauge), replay them (`workers
//! replay-dead-letters` or the admin page) once the cause is fixed, or
//! discard them. Workers record; both processes replay and count. The
//! record's type is `contract::dead_letters`.

use std::collections::BTreeMap;

use anyhow::Context as _;
use async_nats::jetstream;
use contract::chat::{SendMessage, SessionStarted};
use contract::dead_letters::{DeadLetter, Reason};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

/// JetStream's deduplication header, never replayed: within the stream's
/// duplicate window the republished message would be silently dropped.
const MSG_ID_HEADER: &str = "Nats-Msg-Id";

/// A dead letter to replay. Pending means neither replayed nor discarded
/// (`replayed_at is null and discarded_at is null` in the queries below).
struct Pending {
    subject: String,
    headers: String,
    payload: Vec<u8>,
}

/// Records `message` as a dead letter of `role` and logs it at error level.
/// Returns the dead letter's id.
pub async fn record(
    pool: &PgPool,
    role: &str,
    message: &jetstream::Message,
    error: &str,
    reason: Reason,
    deliveries: i64,
) -> sqlx::Result<Uuid> {
    let stream = message
        .info()
        .map(|info| info.stream.to_owned())
        .unwrap_or_default();
    let headers = headers_to_json(message.headers.as_ref());
    // Postgres text cannot hold NUL, and the error may quote the payload.
    let error = error.replace('\0', "");
    let id = Uuid::now_v7();
    sqlx::query!(
        "insert into dead_letters
             (id, role, stream, subject, headers, payload, error, reason, deliveries)
         values ($1, $2, $3, $4, $5::text::jsonb, $6, $7, $8, $9)",
        id,
        role,
        stream,
        message.subject.as_str(),
        headers.replace("\\u0000", ""),
        message.payload.as_ref(),
        error,
        reason.as_str(),
        i32::try_from(deliveries).unwrap_or(i32::MAX),
    )
    .execute(pool)
    .await?;
    let (message_id, session_id) = chat_ids(&message.payload);
    tracing::error!(
        dead_letter.id = %id,
        role,
        subject = %message.subject,
        reason = reason.as_str(),
        error,
        deliveries,
        chat.message_id = message_id.map(tracing::field::display),
        chat.session_id = session_id.map(tracing::field::display),
        "message dead-lettered: it will not be stored unless replayed"
    );
    Ok(id)
}

/// The chat message id and session id of a chat payload, when it parses.
fn chat_ids(payload: &[u8]) -> (Option<Uuid>, Option<Uuid>) {
    if let Ok(send) = serde_json::from_slice::<SendMessage>(payload) {
        (Some(send.message.id), Some(send.message.session_id))
    } else if let Ok(started) = serde_json::from_slice::<SessionStarted>(payload) {
        (None, Some(started.session.session_id))
    } else {
        (None, None)
    }
}

/// Headers as a JSON object of name → list of values.
fn headers_to_json(headers: Option<&async_nats::HeaderMap>) -> String {
    let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (name, values) in headers.into_iter().flat_map(|headers| headers.iter()) {
        map.entry(name.to_string())
            .or_default()
            .extend(values.iter().map(|value| value.as_str().to_owned()));
    }
    serde_json::to_string(&map).unwrap_or_else(|_| "{}".to_owned())
}

/// The headers to republish: the recorded ones minus `Nats-Msg-Id`.
fn headers_for_replay(json: &str) -> async_nats::HeaderMap {
    let map: BTreeMap<String, Vec<String>> = serde_json::from_str(json).unwrap_or_default();
    let mut headers = async_nats::HeaderMap::new();
    for (name, values) in map {
        if name.eq_ignore_ascii_case(MSG_ID_HEADER) {
            continue;
        }
        for value in values {
            headers.append(name.as_str(), value.as_str());
        }
    }
    headers
}

/// Which dead letters to replay.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Only this one.
    pub id: Option<Uuid>,
    /// Only those of this role.
    pub role: Option<String>,
}

/// Republishes dead letter `id`, if it is still pending, to its original
/// subject with its original headers except `Nats-Msg-Id`, waits for
/// JetStream to store it, then marks it replayed, all within `tx`: the row
/// stays locked meanwhile, so two replays of one letter never both publish.
/// Returns whether it was replayed (false: unknown, replayed or discarded).
/// The caller commits; a replayed message that fails again becomes a new
/// dead letter.
pub async fn replay_one(
    tx: &mut PgConnection,
    jetstream: &jetstream::Context,
    id: Uuid,
) -> anyhow::Result<bool> {
    let letter = sqlx::query_as!(
        Pending,
        r#"select subject, headers::text as "headers!", payload from dead_letters
           where id = $1 and replayed_at is null and discarded_at is null for update"#,
        id
    )
    .fetch_optional(&mut *tx)
    .await
    .context("failed to read the dead letter")?;
    let Some(letter) = letter else {
        return Ok(false);
    };
    jetstream
        .publish_with_headers(
            letter.subject.clone(),
            headers_for_replay(&letter.headers),
            letter.payload.into(),
        )
        .await
        .with_context(|| format!("failed to replay dead letter {id}"))?
        .await
        .with_context(|| format!("JetStream did not store dead letter {id}"))?;
    sqlx::query!(
        "update dead_letters set replayed_at = now() where id = $1",
        id
    )
    .execute(&mut *tx)
    .await
    .with_context(|| format!("dead letter {id} replayed but not marked"))?;
    tracing::info!(dead_letter.id = %id, subject = %letter.subject, "dead letter replayed");
    Ok(true)
}

/// Replays every pending dead letter that `filter` selects, one transaction
/// each (see [`replay_one`]). Returns how many were replayed.
pub async fn replay(
    pool: &PgPool,
    jetstream: &jetstream::Context,
    filter: &Filter,
) -> anyhow::Result<u64> {
    let ids = sqlx::query_scalar!(
        "select id from dead_letters
         where replayed_at is null and discarded_at is null
           and ($1::uuid is null or id = $1)
           and ($2::text is null or role = $2)
         order by id",
        filter.id,
        filter.role.as_deref(),
    )
    .fetch_all(pool)
    .await
    .context("failed to read the dead letters")?;
    let mut replayed = 0;
    for id in ids {
        let mut tx = pool
            .begin()
            .await
            .context("failed to start a transaction")?;
        if replay_one(&mut tx, jetstream, id).await? {
            tx.commit()
                .await
                .with_context(|| format!("dead letter {id} replayed but not marked"))?;
            replayed += 1;
        }
    }
    Ok(replayed)
}

/// Marks dead letter `id` discarded (an operator decided it needs no
/// replay), within `tx`. Returns whether it was pending.
pub async fn discard(tx: &mut PgConnection, id: Uuid) -> sqlx::Result<bool> {
    let discarded = sqlx::query!(
        "update dead_letters set discarded_at = now()
         where id = $1 and replayed_at is null and discarded_at is null",
        id
    )
    .execute(tx)
    .await?;
    Ok(discarded.rows_affected() == 1)
}

/// The newest `limit` pending dead letters, newest first.
pub async fn latest(pool: &PgPool, limit: i64) -> sqlx::Result<Vec<DeadLetter>> {
    sqlx::query_as!(
        DeadLetter,
        "select id, role, subject, reason, error, deliveries, created_at from dead_letters
         where replayed_at is null and discarded_at is null order by id desc limit $1",
        limit
    )
    .fetch_all(pool)
    .await
}

/// Pending dead letters, as (role, reason, count).
pub async fn counts(pool: &PgPool) -> sqlx::Result<Vec<(String, String, i64)>> {
    let rows = sqlx::query!(
        r#"select role, reason, count(*) as "count!" from dead_letters
           where replayed_at is null and discarded_at is null group by 1, 2 order by 1, 2"#
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| (row.role, row.reason, row.count))
        .collect())
}

/// A data subject's erasure: deletes the dead letters whose payload names
/// `email` (a contact request, a subscription, an email that failed);
/// returns how many.
pub async fn erase_mentions(pool: &PgPool, email: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query!(
        "delete from dead_letters where position(convert_to($1, 'UTF8') in payload) > 0",
        email
    )
    .execute(pool)
    .await?
    .rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_round_trip_without_the_message_id() {
        let mut headers = async_nats::HeaderMap::new();
        headers.insert("Nats-Msg-Id", "0192-abc");
        headers.insert("traceparent", "00-aa-bb-01");
        headers.append("X-Many", "one");
        headers.append("X-Many", "two");
        let json = headers_to_json(Some(&headers));
        let stored: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        assert_eq!(stored["Nats-Msg-Id"], serde_json::json!(["0192-abc"]));
        assert_eq!(stored["X-Many"], serde_json::json!(["one", "two"]));

        let replayed = headers_for_replay(&json);
        assert!(replayed.get("Nats-Msg-Id").is_none());
        assert_eq!(
            replayed.get("traceparent").map(|v| v.as_str()),
            Some("00-aa-bb-01")
        );
        let many: Vec<&str> = replayed.get_all("X-Many").map(|v| v.as_str()).collect();
        assert_eq!(many, ["one", "two"]);
    }

    #[test]
    fn no_headers_is_an_empty_object() {
        assert_eq!(headers_to_json(None), "{}");
        assert!(headers_for_replay("{}").is_empty());
    }
}

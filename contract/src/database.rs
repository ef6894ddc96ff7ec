//! `GET /api/admin/database`: the operator's read-only view of the schema,
//! the tables, the JetStream streams and the dead letters (exported to
//! TypeScript).

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;

use crate::dead_letters::DeadLetter;

/// Tables whose heap (`pg_relation_size`) is at most this are counted
/// exactly on the database page (a sequential scan of 8 MiB takes a few
/// milliseconds); larger ones are estimated.
pub const EXACT_COUNT_MAX_BYTES: i64 = 8 * 1024 * 1024;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DatabaseOverview {
    /// Applied migrations, oldest first.
    pub migrations: Vec<AppliedMigration>,
    /// Tables of the `public` schema, by name.
    pub tables: Vec<TableSize>,
    /// JetStream streams of this deployment, by name.
    pub streams: Vec<StreamSummary>,
    /// Why `streams` is empty when JetStream did not answer.
    pub streams_error: Option<String>,
    /// The newest dead letters neither replayed nor discarded (at most 100).
    pub dead_letters: Vec<DeadLetter>,
    /// How many dead letters are neither replayed nor discarded in all.
    #[ts(type = "number")]
    pub dead_letters_pending: i64,
    /// Files sent in chats.
    pub chat_attachments: AttachmentTotals,
    /// What the `retention` worker would remove now, and its latest runs.
    pub retention: crate::retention::RetentionOverview,
}

/// How many chat attachments are stored and their size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AttachmentTotals {
    #[ts(type = "number")]
    pub count: i64,
    /// The files' own bytes (images as re-encoded), thumbnails excluded.
    #[ts(type = "number")]
    pub bytes: i64,
    /// Their thumbnails' bytes.
    #[ts(type = "number")]
    pub thumbnail_bytes: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AppliedMigration {
    #[ts(type = "number")]
    pub version: i64,
    pub description: String,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub installed_on: OffsetDateTime,
    pub success: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TableSize {
    pub name: String,
    /// Rows in the table: counted (`count(*)`) when its heap is at most
    /// [`EXACT_COUNT_MAX_BYTES`], estimated above (see `rows_estimated`).
    #[ts(type = "number")]
    pub rows: i64,
    /// `rows` is an estimate (a large table), not a count.
    pub rows_estimated: bool,
    /// Table, indexes and TOAST together.
    #[ts(type = "number")]
    pub total_bytes: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StreamSummary {
    pub name: String,
    #[ts(type = "number")]
    pub messages: u64,
    #[ts(type = "number")]
    pub bytes: u64,
    /// The sequence of the last message stored.
    #[ts(type = "number")]
    pub last_seq: u64,
    pub consumers: Vec<ConsumerSummary>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConsumerSummary {
    pub name: String,
    /// The subjects it receives; empty when it receives the whole stream.
    pub filter_subjects: Vec<String>,
    /// Messages on its subjects not yet delivered to it (`num_pending`).
    #[ts(type = "number")]
    pub pending: u64,
    /// Delivered to it, not yet acknowledged (`num_ack_pending`).
    #[ts(type = "number")]
    pub ack_pending: u64,
    /// Of those, delivered more than once (`num_redelivered`).
    #[ts(type = "number")]
    pub redelivered: u64,
    /// Every message it receives up to this stream sequence is acknowledged.
    #[ts(type = "number")]
    pub ack_floor: u64,
    /// Seconds since the oldest message it has not acknowledged (delivered
    /// or not) was stored; `null` when nothing waits for it.
    #[ts(type = "number | null")]
    pub oldest_unacked_seconds: Option<u64>,
}

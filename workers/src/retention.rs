//! The `retention` role: deletes personal data past its period
//! ([`contract::retention::RetentionPeriods`], a part of the site settings)
//! once an hour, and records each run in `retention_runs`.
//!
//! Small batches: every delete takes at most [`BATCH`] rows (resolved chats
//! [`CHAT_BATCH`], as each takes its messages, attachments, notes and rating
//! with it through `on delete cascade`) in its own short transaction, found
//! through an index, and the role pauses between batches, so no table is
//! locked for long and nothing is rewritten (plain `DELETE`; autovacuum
//! reuses the space). One run at a time across replicas: a run holds a
//! Postgres advisory lock on its own connection and a replica that cannot
//! take it skips its turn. Deleting twice changes nothing, so a run cut
//! short is simply finished by the next.
//!
//! Owns table retention_runs. Deletes by age from tables other modules own
//! (chat_sessions, contact_requests, subscriptions, page_visitors_daily,
//! dead_letters, tower_sessions.session, password_reset_tokens, audit_log,
//! cookie_consents, sent_emails, waitlist_entries, and chat_attachments
//! never sent after a day): a delete by age is the one write it makes to them
//! (docs/DECISIONS.md, Data protection). The predicates are those of
//! [`runtime::retention::pending`], which counts what a run would remove.

use std::collections::BTreeMap;
use std::time::Duration;

use contract::retention::{Kind, RUN_EVERY, RetentionPeriods};
use sqlx::PgPool;
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::WorkerContext;

/// Rows one delete takes.
pub const BATCH: i64 = 500;
/// Resolved chats one delete takes (each with all its rows).
pub const CHAT_BATCH: i64 = 50;
/// The pause between two batches, leaving the database to other work.
const PAUSE: Duration = Duration::from_millis(20);
/// The advisory lock a run holds (any constant unique to this role).
const RUN_LOCK: i64 = 0x7265_7465_6e74; // "retent"
/// The first run, a little after the role starts.
const FIRST_RUN_AFTER: Duration = Duration::from_secs(30);

/// How a run deletes: batch sizes and the pause between batches.
#[derive(Clone, Copy, Debug)]
pub struct Batches {
    pub rows: i64,
    pub chats: i64,
    pub pause: Duration,
}

impl Default for Batches {
    fn default() -> Self {
        Batches {
            rows: BATCH,
            chats: CHAT_BATCH,
            pause: PAUSE,
        }
    }
}

/// What one run removed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Removed {
    /// Rows per kind (only kinds with rows removed).
    pub rows: BTreeMap<&'static str, i64>,
    /// How many delete statements ran (batches, including each kind's last,
    /// short or empty one).
    pub batches: u64,
}

/// Deletes one batch of `kind` past its period; returns the rows deleted.
pub async fn delete_batch(
    pool: &PgPool,
    kind: Kind,
    periods: &RetentionPeriods,
    batches: Batches,
) -> sqlx::Result<u64> {
    let n = |value: u32| i32::try_from(value).unwrap_or(i32::MAX);
    let limit = batches.rows;
    let done = match kind {
        Kind::ResolvedChats => {
            sqlx::query!(
                "delete from chat_sessions where id in (
                 select id from chat_sessions s
                 where status = 'resolved'
                   and created_at < now() - make_interval(months => $1)
                   and not exists (select 1 from chat_messages m
                                   where m.session_id = s.id
                                     and m.created_at >= now() - make_interval(months => $1))
                 order by created_at limit $2)",
                n(periods.resolved_chats_months),
                batches.chats,
            )
            .execute(pool)
            .await?
        }
        Kind::ContactRequests => {
            sqlx::query!(
                "delete from contact_requests where id in (
                 select id from contact_requests
                 where created_at < now() - make_interval(months => $1)
                 order by created_at limit $2)",
                n(periods.contact_requests_months),
                limit,
            )
            .execute(pool)
            .await?
        }
        Kind::UnconfirmedSubscriptions => {
            sqlx::query!(
                "delete from subscriptions where id in (
                 select id from subscriptions
                 where (confirmed_at is null or unsubscribed_at >= confirmed_at)
                   and greatest(requested_at, unsubscribed_at)
                       < now() - make_interval(days => $1)
                 limit $2)",
                n(periods.unconfirmed_subscriptions_days),
                limit,
            )
            .execute(pool)
            .await?
        }
        Kind::PageVisitors => {
            sqlx::query!(
                "delete from page_visitors_daily where (day, visitor) in (
                 select day, visitor from page_visitors_daily
                 where day < (now() at time zone 'Africa/Nairobi')::date - $1::int
                 order by day limit $2)",
                n(periods.page_visitors_days),
                limit,
            )
            .execute(pool)
            .await?
        }
        Kind::DeadLetters => {
            sqlx::query!(
                "delete from dead_letters where id in (
                 select id from dead_letters
                 where created_at < now() - make_interval(days => $1)
                 order by created_at limit $2)",
                n(periods.dead_letters_days),
                limit,
            )
            .execute(pool)
            .await?
        }
        Kind::ExpiredSessions => {
            sqlx::query!(
                "delete from tower_sessions.session where id in (
                 select id from tower_sessions.session
                 where expiry_date < now()
                 order by expiry_date limit $1)",
                limit,
            )
            .execute(pool)
            .await?
        }
        Kind::ResetTokens => {
            sqlx::query!(
                "delete from password_reset_tokens where token_hash in (
                 select token_hash from password_reset_tokens
                 where expires_at < now() or used_at is not null
                 limit $1)",
                limit,
            )
            .execute(pool)
            .await?
        }
        Kind::AuditLog => {
            sqlx::query!(
                "delete from audit_log where id in (
                 select id from audit_log
                 where at < now() - make_interval(months => $1)
                 order by at limit $2)",
                n(periods.audit_log_months),
                limit,
            )
            .execute(pool)
            .await?
        }
        Kind::CookieConsents => {
            sqlx::query!(
                "delete from cookie_consents where id in (
                 select id from cookie_consents
                 where chosen_at < now() - make_interval(months => $1)
                 order by chosen_at limit $2)",
                n(periods.cookie_consents_months),
                limit,
            )
            .execute(pool)
            .await?
        }
        Kind::SentEmails => {
            // Counted from sending; a claim never marked sent (its sender
            // crashed) from the claim. Nothing refers to these rows: each
            // ages alone.
            sqlx::query!(
                "delete from sent_emails where (key, kind) in (
                 select key, kind from sent_emails
                 where coalesce(sent_at, claimed_at) < now() - make_interval(months => $1)
                 order by coalesce(sent_at, claimed_at) limit $2)",
                n(periods.sent_emails_months),
                limit,
            )
            .execute(pool)
            .await?
        }
        Kind::WaitlistEntries => {
            sqlx::query!(
                "delete from waitlist_entries where id in (
                 select id from waitlist_entries
                 where created_at < now() - make_interval(months => $1)
                 order by created_at limit $2)",
                n(periods.waitlist_entries_months),
                limit,
            )
            .execute(pool)
            .await?
        }
    };
    Ok(done.rows_affected())
}

/// How long a chat attachment may wait for the message that sends it.
pub const UNSENT_ATTACHMENT_HOURS: i32 = 24;

/// The key under which a run records the unsent attachments it removed.
pub const UNSENT_ATTACHMENTS: &str = "unsent_attachments";

/// Deletes one batch of chat attachments uploaded more than a day ago and
/// never sent (no message carries them): a file dropped in the reply box
/// and abandoned, or uploaded only to be stored.
pub async fn delete_unsent_attachments(pool: &PgPool, limit: i64) -> sqlx::Result<u64> {
    let done = sqlx::query!(
        "delete from chat_attachments where id in (
         select id from chat_attachments a
         where created_at < now() - make_interval(hours => $1)
           and not exists (select 1 from chat_messages m where m.attachment_id = a.id)
         order by created_at limit $2)",
        UNSENT_ATTACHMENT_HOURS,
        limit,
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

/// Deletes everything past its period, batch by batch, kind by kind.
pub async fn purge(
    pool: &PgPool,
    periods: &RetentionPeriods,
    batches: Batches,
) -> sqlx::Result<Removed> {
    let mut removed = Removed::default();
    for kind in Kind::ALL {
        let size = match kind {
            Kind::ResolvedChats => batches.chats,
            _ => batches.rows,
        };
        let size = u64::try_from(size).unwrap_or(0);
        let mut total = 0u64;
        loop {
            let deleted = delete_batch(pool, kind, periods, batches).await?;
            removed.batches += 1;
            total += deleted;
            if deleted < size {
                break;
            }
            tokio::time::sleep(batches.pause).await;
        }
        if total > 0 {
            removed
                .rows
                .insert(kind.key(), i64::try_from(total).unwrap_or(i64::MAX));
        }
    }
    // Unsent attachments have a fixed day, not a setting: they are nobody's
    // record, only an upload that was never used.
    let size = u64::try_from(batches.rows).unwrap_or(0);
    let mut total = 0u64;
    loop {
        let deleted = delete_unsent_attachments(pool, batches.rows).await?;
        removed.batches += 1;
        total += deleted;
        if deleted < size {
            break;
        }
        tokio::time::sleep(batches.pause).await;
    }
    if total > 0 {
        removed
            .rows
            .insert(UNSENT_ATTACHMENTS, i64::try_from(total).unwrap_or(i64::MAX));
    }
    Ok(removed)
}

/// One run: unless another replica is running one, reads the periods,
/// purges and records the run. Returns what it removed (`None` when it left
/// the turn to another replica).
pub async fn run_once(pool: &PgPool, batches: Batches) -> anyhow::Result<Option<Removed>> {
    // The lock lives with a connection of its own, outside the pool:
    // released at the end, or when the connection closes (the run cancelled
    // at shutdown, the process gone).
    let mut lock = sqlx::ConnectOptions::connect(&*pool.connect_options()).await?;
    let locked = sqlx::query_scalar!(r#"select pg_try_advisory_lock($1) as "locked!""#, RUN_LOCK)
        .fetch_one(&mut lock)
        .await?;
    if !locked {
        return Ok(None);
    }
    let result = purge_and_record(pool, batches).await;
    // Closing the connection releases the lock too.
    if let Err(error) = sqlx::Connection::close(lock).await {
        tracing::warn!(%error, "the retention lock's connection did not close cleanly");
    }
    result.map(Some)
}

async fn purge_and_record(pool: &PgPool, batches: Batches) -> anyhow::Result<Removed> {
    let started_at = time::OffsetDateTime::now_utc();
    let periods = runtime::site_settings::load(pool).await?.retention;
    let removed = purge(pool, &periods, batches).await?;
    let json = serde_json::to_value(&removed.rows)?;
    sqlx::query!(
        "insert into retention_runs (id, started_at, finished_at, removed)
         values ($1, $2, now(), $3)",
        Uuid::now_v7(),
        started_at,
        json,
    )
    .execute(pool)
    .await?;
    Ok(removed)
}

/// Starts the schedule: a first run shortly after start, then one every
/// [`RUN_EVERY`]; stops on `shutdown` (a run under way finishes its batch).
pub async fn spawn(
    ctx: WorkerContext,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let pool = ctx.pool.clone();
    Ok(tokio::spawn(async move {
        tokio::pin!(shutdown);
        let mut next = tokio::time::Instant::now() + FIRST_RUN_AFTER;
        loop {
            tokio::select! {
                () = &mut shutdown => return,
                () = tokio::time::sleep_until(next) => {}
            }
            next += RUN_EVERY;
            let run = tokio::select! {
                () = &mut shutdown => return,
                run = run_once(&pool, Batches::default()) => run,
            };
            match run {
                Ok(Some(removed)) => {
                    tracing::info!(removed = ?removed.rows, batches = removed.batches, "retention run done")
                }
                Ok(None) => tracing::debug!("retention run left to another replica"),
                Err(error) => {
                    tracing::error!(error = format!("{error:#}"), "retention run failed")
                }
            }
        }
    }))
}

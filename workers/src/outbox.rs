//! The transactional outbox: `enqueue` inside the transaction that makes a
//! change, `publish` right after its commit, and `relay_forever` to publish
//! whatever a crash left behind. Every publish carries the row id as
//! `Nats-Msg-Id`, so JetStream drops the duplicates a retry may cause.
//!
//! Owns table outbox: the only module that writes it.

use std::time::Duration;

use anyhow::Context as _;
use async_nats::jetstream;
use sqlx::{PgPool, Postgres, Transaction};
use uuid::Uuid;

/// How often, and after how long, the relay picks up unpublished events.
const RELAY_EVERY: Duration = Duration::from_secs(5);

struct Pending {
    id: Uuid,
    subject: String,
    payload: Vec<u8>,
}

/// Records an event to publish once `tx` commits.
pub async fn enqueue(
    tx: &mut Transaction<'_, Postgres>,
    id: Uuid,
    subject: &str,
    payload: &impl serde::Serialize,
) -> anyhow::Result<()> {
    sqlx::query!(
        "insert into outbox (id, subject, payload) values ($1, $2, $3)",
        id,
        subject,
        serde_json::to_vec(payload)?,
    )
    .execute(&mut **tx)
    .await
    .context("failed to enqueue an outbox event")?;
    Ok(())
}

/// A data subject's erasure: deletes the events not yet published that name
/// `email` (a registration's); returns how many.
pub async fn erase_mentions(pool: &PgPool, email: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query!(
        "delete from outbox where position(convert_to($1, 'UTF8') in payload) > 0",
        email
    )
    .execute(pool)
    .await?
    .rows_affected())
}

/// Publishes event `id` now if it is still pending; on failure the relay
/// retries it later.
pub async fn publish(pool: &PgPool, jetstream: &jetstream::Context, id: Uuid) {
    let pending = sqlx::query_as!(
        Pending,
        "select id, subject, payload from outbox where id = $1",
        id
    )
    .fetch_optional(pool)
    .await;
    match pending {
        Ok(Some(event)) => {
            if let Err(error) = publish_one(pool, jetstream, event).await {
                tracing::warn!(
                    error = format!("{error:#}"),
                    "outbox event left for the relay"
                );
            }
        }
        Ok(None) => {}
        Err(error) => tracing::warn!(%error, "failed to read the outbox"),
    }
}

async fn publish_one(
    pool: &PgPool,
    jetstream: &jetstream::Context,
    event: Pending,
) -> anyhow::Result<()> {
    let headers = contract::telemetry::deduplicated_headers(&event.id.to_string());
    jetstream
        .publish_with_headers(event.subject, headers, event.payload.into())
        .await?
        .await
        .context("JetStream did not acknowledge")?;
    sqlx::query!("delete from outbox where id = $1", event.id)
        .execute(pool)
        .await
        .context("failed to clear a published event")?;
    Ok(())
}

/// Publishes events that stayed in the outbox (a crash or an unreachable
/// JetStream after the commit); runs until aborted.
pub async fn relay_forever(pool: PgPool, jetstream: jetstream::Context) {
    let mut every = tokio::time::interval(RELAY_EVERY);
    loop {
        every.tick().await;
        // Older than one period, so the post-commit publish had its chance.
        let pending = match sqlx::query_as!(
            Pending,
            "select id, subject, payload from outbox
             where created_at < now() - make_interval(secs => $1)
             order by created_at limit 100",
            RELAY_EVERY.as_secs_f64(),
        )
        .fetch_all(&pool)
        .await
        {
            Ok(pending) => pending,
            Err(error) => {
                tracing::warn!(%error, "outbox relay cannot read");
                continue;
            }
        };
        for event in pending {
            if let Err(error) = publish_one(&pool, &jetstream, event).await {
                tracing::warn!(error = format!("{error:#}"), "outbox relay will retry");
                break;
            }
        }
    }
}

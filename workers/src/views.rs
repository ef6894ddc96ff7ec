//! The `views` role: counts blog post views. Gateways publish one
//! `intake.blog.viewed.<post>` event per view (its payload is the view's own
//! id); this role gathers them for about a second and then raises each
//! post's `uvm` with one `UPDATE` per post, so a post read by thousands at
//! once never serialises its readers on its row.
//!
//! Exactly once: a flush records each view's id in `counted_views` in the
//! same transaction that adds it to the count, and only counts the ids it
//! inserted. A view redelivered after a crash (committed, not yet acked) is
//! therefore skipped. Rows are pruned once the consumer's ack floor has
//! passed them, as JetStream never redelivers those.

use std::collections::HashMap;
use std::time::Duration;

use anyhow::Context as _;
use async_nats::jetstream::{self, AckKind, consumer::pull};
use futures::StreamExt as _;
use sqlx::PgPool;
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::WorkerContext;
use crate::dead_letters::{self, Reason};

const CONSUMER: &str = "views";
/// How long views gather before they are written.
const FLUSH_EVERY: Duration = Duration::from_secs(1);
/// A flush starts early past this many views.
const MAX_BATCH: usize = 5_000;
/// Views in flight (delivered, not acked) per consumer; bounds memory while
/// Postgres is away.
const MAX_ACK_PENDING: i64 = 20_000;
const ACK_WAIT: Duration = Duration::from_secs(30);
const PRUNE_EVERY: Duration = Duration::from_secs(60);

/// One view: its id, the post, and where it sits in the stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub id: Uuid,
    pub post_id: Uuid,
    pub stream_seq: u64,
}

/// Adds `views` to their posts' counts, skipping views counted before;
/// returns the posts whose count rose. One transaction: on failure nothing
/// is counted.
pub async fn record(pool: &PgPool, views: &[View]) -> sqlx::Result<Vec<Uuid>> {
    // The same view twice in one batch (redelivered while a flush failed)
    // counts once.
    let unique: HashMap<Uuid, &View> = views.iter().map(|view| (view.id, view)).collect();
    let ids: Vec<Uuid> = unique.keys().copied().collect();
    let posts: Vec<Uuid> = unique.values().map(|view| view.post_id).collect();
    let seqs: Vec<i64> = unique
        .values()
        .map(|view| i64::try_from(view.stream_seq).unwrap_or(i64::MAX))
        .collect();
    let mut tx = pool.begin().await?;
    // Rows locked in one order, so that two replicas never deadlock.
    sqlx::query("select 1 from blog_posts where id = any($1) order by id for update")
        .bind(&posts)
        .execute(&mut *tx)
        .await?;
    let raised: Vec<Uuid> = sqlx::query_scalar(
        "with fresh as (
             insert into counted_views (view_id, stream_seq)
             select * from unnest($1::uuid[], $3::bigint[])
             on conflict do nothing
             returning view_id
         ), per_post as (
             select v.post_id, count(*) as n
             from unnest($1::uuid[], $2::uuid[]) as v (view_id, post_id)
             join fresh using (view_id)
             group by v.post_id
         )
         update blog_posts set uvm = uvm + per_post.n
         from per_post where blog_posts.id = per_post.post_id
         returning blog_posts.id",
    )
    .bind(&ids)
    .bind(&posts)
    .bind(&seqs)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(raised)
}

/// Forgets the views at or below `ack_floor`: JetStream will not deliver
/// them again.
pub async fn prune(pool: &PgPool, ack_floor: u64) -> sqlx::Result<u64> {
    let floor = i64::try_from(ack_floor).unwrap_or(i64::MAX);
    let deleted = sqlx::query("delete from counted_views where stream_seq <= $1")
        .bind(floor)
        .execute(pool)
        .await?;
    Ok(deleted.rows_affected())
}

/// The view a message carries: the post from the subject's last token, the
/// view id from the 16-byte payload.
fn parse(message: &jetstream::Message) -> anyhow::Result<View> {
    let post = message
        .subject
        .rsplit('.')
        .next()
        .and_then(|token| Uuid::parse_str(token).ok())
        .context("the subject names no post")?;
    let id = Uuid::from_slice(&message.payload).context("the payload is not a view id")?;
    let info = message
        .info()
        .map_err(|error| anyhow::anyhow!("no JetStream info: {error}"))?;
    Ok(View {
        id,
        post_id: post,
        stream_seq: info.stream_sequence,
    })
}

/// Views gathered since the last flush, with the messages to ack after it.
#[derive(Default)]
struct Batch {
    views: Vec<View>,
    messages: Vec<jetstream::Message>,
}

impl Batch {
    fn len(&self) -> usize {
        self.views.len()
    }
}

/// Starts consuming views; returns once the consumer exists.
pub async fn spawn(
    ctx: WorkerContext,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let stream = jetstream::new(ctx.nats.clone())
        .get_or_create_stream(ctx.namespace.intake_stream())
        .await
        .context("failed to create the INTAKE stream")?;
    let mut consumer = stream
        .create_consumer(pull::Config {
            durable_name: Some(CONSUMER.to_owned()),
            filter_subject: ctx.namespace.blog_viewed_all(),
            ack_wait: ACK_WAIT,
            max_ack_pending: MAX_ACK_PENDING,
            ..Default::default()
        })
        .await
        .context("failed to create the views consumer")?;
    let mut messages = consumer
        .messages()
        .await
        .context("failed to start the views consumer")?;

    Ok(tokio::spawn(async move {
        let mut batch = Batch::default();
        let mut flush_tick = tokio::time::interval(FLUSH_EVERY);
        let mut prune_tick = tokio::time::interval(PRUNE_EVERY);
        let mut shutdown = std::pin::pin!(shutdown);
        tracing::info!(role = CONSUMER, "role started");
        loop {
            tokio::select! {
                () = &mut shutdown => break,
                _ = flush_tick.tick() => flush(&ctx, &mut batch).await,
                _ = prune_tick.tick() => prune_counted(&ctx.pool, &mut consumer).await,
                next = messages.next() => match next {
                    Some(Ok(message)) => match parse(&message) {
                        Ok(view) => {
                            batch.views.push(view);
                            batch.messages.push(message);
                            if batch.len() >= MAX_BATCH {
                                flush(&ctx, &mut batch).await;
                            }
                        }
                        Err(error) => reject(&ctx.pool, &message, &error).await,
                    },
                    Some(Err(error)) => tracing::warn!(role = CONSUMER, %error, "consumer error"),
                    None => break,
                },
            }
        }
        // Whatever is not written now is redelivered to the next process.
        flush(&ctx, &mut batch).await;
        tracing::info!(role = CONSUMER, "role stopped");
    }))
}

/// Writes the batch, then acks its messages and tells the gateways. On
/// failure the batch is kept (its messages held with progress acks) and
/// retried on the next tick.
async fn flush(ctx: &WorkerContext, batch: &mut Batch) {
    if batch.views.is_empty() {
        return;
    }
    match record(&ctx.pool, &batch.views).await {
        Ok(raised) => {
            let acks = batch.messages.iter().map(|message| message.ack());
            for acked in futures::future::join_all(acks).await {
                if let Err(error) = acked {
                    // Redelivered later and skipped as counted.
                    tracing::warn!(role = CONSUMER, %error, "ack not confirmed");
                }
            }
            tracing::debug!(
                role = CONSUMER,
                views = batch.len(),
                posts = raised.len(),
                "views counted"
            );
            *batch = Batch::default();
            announce(ctx, &raised).await;
        }
        Err(error) => {
            tracing::warn!(
                role = CONSUMER,
                %error,
                views = batch.len(),
                "views not written; retrying"
            );
            let progress = batch
                .messages
                .iter()
                .map(|message| message.ack_with(AckKind::Progress));
            let _ = futures::future::join_all(progress).await;
        }
    }
}

/// `content.views`: the gateways forget these posts' cached answers.
async fn announce(ctx: &WorkerContext, raised: &[Uuid]) {
    if raised.is_empty() {
        return;
    }
    let body = match serde_json::to_vec(raised) {
        Ok(body) => body,
        Err(error) => {
            tracing::error!(%error, "failed to encode content.views");
            return;
        }
    };
    if let Err(error) = ctx
        .nats
        .publish(ctx.namespace.content_views(), body.into())
        .await
    {
        // Counts are stored; cached answers expire within a minute anyway.
        tracing::warn!(%error, "failed to publish content.views");
    }
}

async fn prune_counted(pool: &PgPool, consumer: &mut jetstream::consumer::PullConsumer) {
    let floor = match consumer.info().await {
        Ok(info) => info.ack_floor.stream_sequence,
        Err(error) => {
            tracing::warn!(role = CONSUMER, %error, "no consumer info; not pruning");
            return;
        }
    };
    match prune(pool, floor).await {
        Ok(deleted) if deleted > 0 => tracing::debug!(deleted, "counted views pruned"),
        Ok(_) => {}
        Err(error) => tracing::warn!(role = CONSUMER, %error, "counted views not pruned"),
    }
}

/// A message that is no view can never be counted: dead-lettered, then
/// terminated (left in JetStream when even that fails).
async fn reject(pool: &PgPool, message: &jetstream::Message, error: &anyhow::Error) {
    let delivered = message.info().map_or(1, |info| info.delivered);
    let recorded = dead_letters::record(
        pool,
        CONSUMER,
        message,
        &format!("{error:#}"),
        Reason::Data,
        delivered,
    )
    .await;
    let acked = match recorded {
        Ok(_) => message.ack_with(AckKind::Term).await,
        Err(error) => {
            tracing::warn!(%error, "dead letter not written; the view stays in JetStream");
            message.ack_with(AckKind::Nak(Some(ACK_WAIT))).await
        }
    };
    if let Err(error) = acked {
        tracing::warn!(role = CONSUMER, %error, "ack not confirmed");
    }
}

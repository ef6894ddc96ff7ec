//! The `views` role: counts blog post views. Each gateway counts a post's
//! views in memory (once per visitor per day) and publishes one
//! `intake.blog.viewed.<post>` event per post every few seconds, a
//! [`contract::content::ViewBatch`] (its own id and how many views); an
//! event from before batching carries a bare 16-byte view id and counts
//! one. This role gathers them for about a second and then raises each
//! post's count in `blog_post_views` with one upsert per post.
//!
//! Exactly once: a flush records each batch's id in `counted_views` in the
//! same transaction that adds its count, and only counts the ids it
//! inserted. A batch redelivered after a crash (committed, not yet acked),
//! or published twice by a gateway that lost the ack, is therefore
//! skipped. Rows are pruned once the consumer's ack floor has
//! passed them, as JetStream never redelivers those. The consuming loop is
//! the one every batching role shares ([`crate::batching`]).
//!
//! Owns tables blog_post_views and counted_views: the only module that
//! writes them (counted_views pruned through
//! [`crate::batching::prune_counted`]). It only reads `blog_posts`, which
//! the gateway's content module owns; the content reads add the counts.

use std::collections::HashMap;

use anyhow::Context as _;
use async_nats::jetstream;
use contract::content::ViewBatch;
use sqlx::PgPool;
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::WorkerContext;
use crate::batching::{self, BatchSpec, Batcher};

const CONSUMER: &str = "views";

/// One batch of views of a post: its id, the post, how many views, and
/// where it sits in the stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub id: Uuid,
    pub post_id: Uuid,
    pub count: u32,
    pub stream_seq: u64,
}

/// Adds `views` to their posts' counts, skipping batches counted before;
/// returns the posts whose count rose. One transaction: on failure nothing
/// is counted.
pub async fn record(pool: &PgPool, views: &[View]) -> sqlx::Result<Vec<Uuid>> {
    // The same batch twice in one flush (redelivered while a flush failed)
    // counts once.
    let unique: HashMap<Uuid, &View> = views.iter().map(|view| (view.id, view)).collect();
    let ids: Vec<Uuid> = unique.keys().copied().collect();
    let posts: Vec<Uuid> = unique.values().map(|view| view.post_id).collect();
    let counts: Vec<i64> = unique.values().map(|view| i64::from(view.count)).collect();
    let seqs: Vec<i64> = unique
        .values()
        .map(|view| i64::try_from(view.stream_seq).unwrap_or(i64::MAX))
        .collect();
    let mut tx = pool.begin().await?;
    // The posts are kept from being deleted until this commits (a view of a
    // post deleted before is not counted); their counts are then written in
    // one order, so that two replicas never deadlock.
    sqlx::query!(
        "select id from blog_posts where id = any($1) order by id for key share",
        &posts
    )
    .fetch_all(&mut *tx)
    .await?;
    let raised = sqlx::query_scalar!(
        "with fresh as (
             insert into counted_views (view_id, stream_seq)
             select * from unnest($1::uuid[], $3::bigint[])
             on conflict do nothing
             returning view_id
         ), per_post as (
             select v.post_id, sum(v.n)::bigint as n
             from unnest($1::uuid[], $2::uuid[], $4::bigint[]) as v (view_id, post_id, n)
             join fresh using (view_id)
             join blog_posts p on p.id = v.post_id
             group by v.post_id
         )
         insert into blog_post_views as counts (post_id, views)
         select post_id, n from per_post order by post_id
         on conflict (post_id) do update set views = counts.views + excluded.views
         returning counts.post_id",
        &ids,
        &posts,
        &seqs,
        &counts,
    )
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(raised)
}

/// Forgets the views at or below `ack_floor`: JetStream will not deliver
/// them again.
pub async fn prune(pool: &PgPool, ack_floor: u64) -> sqlx::Result<u64> {
    batching::prune_counted(pool, "counted_views", ack_floor).await
}

/// The views a message carries: the post from the subject's last token, the
/// batch from the JSON payload (or, published before batching, one view
/// whose id is the 16-byte payload).
fn parse(message: &jetstream::Message) -> anyhow::Result<View> {
    let post = message
        .subject
        .rsplit('.')
        .next()
        .and_then(|token| Uuid::parse_str(token).ok())
        .context("the subject names no post")?;
    let batch = if message.payload.len() == 16 {
        ViewBatch {
            id: Uuid::from_slice(&message.payload).context("the payload is not a view id")?,
            count: 1,
        }
    } else {
        serde_json::from_slice(&message.payload).context("the payload is not a view batch")?
    };
    Ok(View {
        id: batch.id,
        post_id: post,
        count: batch.count,
        stream_seq: batching::stream_seq(message)?,
    })
}

/// Blog views, batched.
struct Views;

impl Batcher for Views {
    type Item = View;
    /// Every post of the batch, counted now or before: a worker that died
    /// between its commit and the announcement left gateways holding old
    /// counts, and the redelivery is what tells them.
    type Written = Vec<Uuid>;

    fn parse(&self, message: &jetstream::Message) -> anyhow::Result<View> {
        parse(message)
    }

    async fn write(&self, pool: &PgPool, views: &[View]) -> sqlx::Result<Vec<Uuid>> {
        let raised = record(pool, views).await?;
        tracing::debug!(role = CONSUMER, posts = raised.len(), "views counted");
        let mut posts: Vec<Uuid> = views.iter().map(|view| view.post_id).collect();
        posts.sort_unstable();
        posts.dedup();
        Ok(posts)
    }

    async fn written(&self, ctx: &WorkerContext, posts: Vec<Uuid>) {
        announce(ctx, &posts).await;
    }

    async fn prune(&self, pool: &PgPool, ack_floor: u64) -> sqlx::Result<u64> {
        prune(pool, ack_floor).await
    }
}

/// Starts consuming views; returns once the consumer exists.
pub async fn spawn(
    ctx: WorkerContext,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let spec = BatchSpec::every_second(CONSUMER, ctx.namespace.blog_viewed_all());
    batching::spawn(ctx, spec, Views, shutdown).await
}

/// `content.views`: the gateways forget these posts' cached answers.
async fn announce(ctx: &WorkerContext, posts: &[Uuid]) {
    if posts.is_empty() {
        return;
    }
    let body = match serde_json::to_vec(posts) {
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

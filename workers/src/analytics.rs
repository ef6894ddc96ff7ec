//! The `analytics` role: adds up page views and unique visitors. Gateways
//! publish one `intake.pageview` event per page a visitor who accepted
//! cookies opened; this role gathers them for about a second and then adds
//! them to `page_views_daily` with one upsert per (day, path, referrer
//! host), and each view's visitor hash to `page_visitors_daily` (a set per
//! day). Every minute it also deletes the visitor salts of past days
//! ([`runtime::visitor_salts::discard_past_salts`]).
//!
//! Exactly once, as the `views` role does it (see [`crate::batching`]):
//! each view's id goes into `counted_page_views` in the transaction that
//! adds it, and only ids inserted there are added.
//!
//! Owns tables counted_page_views, page_views_daily and page_visitors_daily:
//! the only module that writes them (pruned through [`crate::batching::prune_counted`]).

use std::collections::HashMap;

use anyhow::Context as _;
use async_nats::jetstream;
use contract::analytics::{PageView, is_visitor_hash, nairobi_day};
use runtime::visitor_salts::discard_past_salts;
use sqlx::PgPool;
use time::Date;
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::WorkerContext;
use crate::batching::{self, BatchSpec, Batcher};

const CONSUMER: &str = "analytics";

/// One page view and where it sits in the stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountedView {
    pub view: PageView,
    pub stream_seq: u64,
}

/// Adds `views` to the daily counts, skipping views counted before; returns
/// how many were added. One transaction: on failure nothing is counted.
pub async fn record(pool: &PgPool, views: &[CountedView]) -> sqlx::Result<u64> {
    // The same view twice in one batch (redelivered while a flush failed)
    // counts once.
    let unique: HashMap<Uuid, &CountedView> = views
        .iter()
        .map(|counted| (counted.view.id, counted))
        .collect();
    let mut ids = Vec::with_capacity(unique.len());
    let mut seqs = Vec::with_capacity(unique.len());
    let mut days: Vec<Date> = Vec::with_capacity(unique.len());
    let mut paths = Vec::with_capacity(unique.len());
    let mut hosts = Vec::with_capacity(unique.len());
    let mut visitors = Vec::with_capacity(unique.len());
    for counted in unique.values() {
        ids.push(counted.view.id);
        seqs.push(i64::try_from(counted.stream_seq).unwrap_or(i64::MAX));
        days.push(nairobi_day(counted.view.at));
        paths.push(counted.view.path.as_str());
        hosts.push(counted.view.referrer_host.as_deref().unwrap_or(""));
        visitors.push(counted.view.visitor.as_deref().unwrap_or(""));
    }
    let mut tx = pool.begin().await?;
    // Keys upserted in one order, so that two replicas never deadlock.
    let added = sqlx::query_scalar!(
        "with input as (
             select * from unnest($1::uuid[], $2::bigint[], $3::date[], $4::text[], $5::text[],
                                  $6::text[])
                 as v (view_id, stream_seq, day, path, referrer_host, visitor)
         ), fresh as (
             insert into counted_page_views (view_id, stream_seq)
             select view_id, stream_seq from input
             on conflict do nothing
             returning view_id
         ), per_key as (
             select day, path, referrer_host, count(*) as n
             from input join fresh using (view_id)
             group by day, path, referrer_host
         ), upserted as (
             insert into page_views_daily (day, path, referrer_host, views)
             select day, path, referrer_host, n from per_key
             order by day, path, referrer_host
             on conflict (day, path, referrer_host)
             do update set views = page_views_daily.views + excluded.views
         ), visited as (
             insert into page_visitors_daily (day, visitor)
             select distinct day, decode(visitor, 'hex')
             from input join fresh using (view_id)
             where visitor <> ''
             order by 1, 2
             on conflict do nothing
         )
         -- A data-modifying CTE runs to completion whether or not it is read.
         select sum(n)::bigint from per_key",
        &ids,
        &seqs,
        &days,
        &paths as &[&str],
        &hosts as &[&str],
        &visitors as &[&str],
    )
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(u64::try_from(added.unwrap_or(0)).unwrap_or(0))
}

/// Forgets the views at or below `ack_floor` (JetStream will not deliver
/// them again) and the visitor salts of the days before today.
pub async fn prune(pool: &PgPool, ack_floor: u64) -> sqlx::Result<u64> {
    let salts = discard_past_salts(pool, nairobi_day(time::OffsetDateTime::now_utc())).await?;
    if salts > 0 {
        tracing::info!(salts, "past visitor salts deleted");
    }
    batching::prune_counted(pool, "counted_page_views", ack_floor).await
}

/// The view a message carries (JSON [`PageView`]).
fn parse(message: &jetstream::Message) -> anyhow::Result<CountedView> {
    let view: PageView =
        serde_json::from_slice(&message.payload).context("the payload is not a page view")?;
    // The gateway checked these; a message from elsewhere may not have been.
    anyhow::ensure!(
        view.path.starts_with('/') && view.path.chars().count() <= 300,
        "the page view's path is not a site path"
    );
    anyhow::ensure!(
        view.visitor.as_deref().is_none_or(is_visitor_hash),
        "the page view's visitor is not a visitor hash"
    );
    anyhow::ensure!(
        !view.path.contains('\0') && !view.referrer_host.as_deref().unwrap_or("").contains('\0'),
        "the page view holds a NUL"
    );
    Ok(CountedView {
        view,
        stream_seq: batching::stream_seq(message)?,
    })
}

/// Page views, batched.
struct PageViews;

impl Batcher for PageViews {
    type Item = CountedView;
    type Written = u64;

    fn parse(&self, message: &jetstream::Message) -> anyhow::Result<CountedView> {
        parse(message)
    }

    async fn write(&self, pool: &PgPool, views: &[CountedView]) -> sqlx::Result<u64> {
        record(pool, views).await
    }

    async fn prune(&self, pool: &PgPool, ack_floor: u64) -> sqlx::Result<u64> {
        prune(pool, ack_floor).await
    }
}

/// Starts consuming page views; returns once the consumer exists.
pub async fn spawn(
    ctx: WorkerContext,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let spec = BatchSpec::every_second(CONSUMER, ctx.namespace.intake_pageview());
    batching::spawn(ctx, spec, PageViews, shutdown).await
}

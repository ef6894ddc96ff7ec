//! The tables of the public schema with their rows and sizes (the
//! catalogue, `pg_class`), for the database page and its tests.

use contract::database::{EXACT_COUNT_MAX_BYTES, TableSize};
use sqlx::PgPool;

use crate::ops::error::OpsError;

/// A table as the catalogue describes it, before its rows are known.
struct TableStats {
    name: String,
    /// `schema.table`, quoted for SQL.
    qualified: String,
    /// The heap alone (what a count or a sample reads).
    heap_bytes: i64,
    total_bytes: i64,
    /// The heap's pages now.
    pages: f64,
    /// What the last VACUUM or ANALYZE saw (`relpages`, `reltuples`; the
    /// latter -1 when neither ever ran: there is no autovacuum here).
    seen_pages: f64,
    seen_rows: f64,
}

/// How [`tables`] finds a table's rows.
#[derive(Clone, Copy, Debug)]
pub struct RowCounting {
    /// Heaps up to this size are counted exactly.
    pub exact_max_bytes: i64,
    /// About how many pages a sample of a larger, never analysed table reads.
    pub sample_pages: f64,
}

impl RowCounting {
    /// The database page's: counts up to 8 MiB, samples of 8 MiB.
    pub const PAGE: RowCounting = RowCounting {
        exact_max_bytes: EXACT_COUNT_MAX_BYTES,
        sample_pages: 1024.0,
    };
}

/// The tables of the public schema with their rows and sizes, by name.
///
/// Rows are counted exactly when the heap is small; above, estimated the
/// way the planner scales: the density (rows per page) the last VACUUM or
/// ANALYZE saw times the pages there are now, or, for a table never
/// analysed (or analysed empty), a block sample scaled up. Counts run
/// read-only with a statement and a lock timeout, so a locked or huge table
/// cannot hold the page.
pub async fn tables(pool: &PgPool, counting: RowCounting) -> Result<Vec<TableSize>, OpsError> {
    let stats = sqlx::query_as!(
        TableStats,
        r#"select c.relname::text as "name!",
                  quote_ident(n.nspname) || '.' || quote_ident(c.relname) as "qualified!",
                  pg_relation_size(c.oid) as "heap_bytes!",
                  pg_total_relation_size(c.oid) as "total_bytes!",
                  (pg_relation_size(c.oid) / current_setting('block_size')::bigint)::float8
                      as "pages!",
                  c.relpages::float8 as "seen_pages!",
                  c.reltuples::float8 as "seen_rows!"
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r'
           order by c.relname"#
    )
    .fetch_all(pool)
    .await?;

    let mut tx = pool.begin().await?;
    sqlx::query!("set transaction read only")
        .execute(&mut *tx)
        .await?;
    sqlx::query!("set local statement_timeout = '5s'")
        .execute(&mut *tx)
        .await?;
    sqlx::query!("set local lock_timeout = '1s'")
        .execute(&mut *tx)
        .await?;
    let small: Vec<&TableStats> = stats
        .iter()
        .filter(|table| table.heap_bytes <= counting.exact_max_bytes)
        .collect();
    let mut counts = std::collections::HashMap::new();
    if !small.is_empty() {
        // One round trip for every small table. Names are the catalogue's,
        // quoted by `quote_ident`; each branch's position says whose count it is.
        let sql = small
            .iter()
            .enumerate()
            .map(|(i, table)| format!("select {i}::int4, count(*) from {}", table.qualified))
            .collect::<Vec<_>>()
            .join(" union all ");
        let rows: Vec<(i32, i64)> = sqlx::query_as(&sql).fetch_all(&mut *tx).await?;
        for (i, rows) in rows {
            let table = usize::try_from(i).ok().and_then(|i| small.get(i));
            if let Some(table) = table {
                counts.insert(table.name.as_str(), rows);
            }
        }
    }
    let mut tables = Vec::with_capacity(stats.len());
    for table in &stats {
        let (rows, rows_estimated) = match counts.get(table.name.as_str()) {
            Some(&rows) => (rows, false),
            None => (estimate(&mut tx, table, counting.sample_pages).await?, true),
        };
        tables.push(TableSize {
            name: table.name.clone(),
            rows,
            rows_estimated,
            total_bytes: table.total_bytes,
        });
    }
    tx.commit().await?;
    Ok(tables)
}

/// The rows of a large table, estimated (see [`tables`]).
async fn estimate(
    tx: &mut sqlx::PgConnection,
    table: &TableStats,
    sample_pages: f64,
) -> Result<i64, OpsError> {
    if table.seen_rows > 0.0 && table.seen_pages > 0.0 {
        // The planner's own scaling (`estimate_rel_size`): rows grow with pages.
        return Ok(round(table.seen_rows / table.seen_pages * table.pages));
    }
    let percent = (sample_pages / table.pages.max(1.0) * 100.0).min(100.0);
    let sampled: i64 = sqlx::query_scalar(&format!(
        "select count(*) from {} tablesample system ($1)",
        table.qualified
    ))
    .bind(percent as f32)
    .fetch_one(&mut *tx)
    .await?;
    Ok(round(sampled as f64 * 100.0 / percent))
}

fn round(rows: f64) -> i64 {
    rows.round().max(0.0) as i64
}

//! What the probes ask the database: whether it answers, and its clock.

use sqlx::PgPool;

/// Whether Postgres answers a trivial query (the readiness probe).
pub async fn database_answers(pool: &PgPool) -> sqlx::Result<()> {
    sqlx::query!("select 1 as one").fetch_one(pool).await?;
    Ok(())
}

/// The database's clock, Unix seconds (with fractions): the clock every
/// gateway is measured against.
pub async fn database_clock(pool: &PgPool) -> sqlx::Result<f64> {
    sqlx::query_scalar!(r#"select extract(epoch from clock_timestamp())::float8 as "now!""#)
        .fetch_one(pool)
        .await
}

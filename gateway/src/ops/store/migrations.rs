//! The migrations applied (`_sqlx_migrations`), for the database page.

use contract::database::AppliedMigration;
use sqlx::PgPool;

use crate::ops::error::OpsError;

/// The migrations applied so far (none before the first).
pub async fn migrations(pool: &PgPool) -> Result<Vec<AppliedMigration>, OpsError> {
    let exists =
        sqlx::query_scalar!(r#"select to_regclass('_sqlx_migrations') is not null as "exists!""#)
            .fetch_one(pool)
            .await?;
    if !exists {
        return Ok(Vec::new());
    }
    sqlx::query_as!(
        AppliedMigration,
        "select version, description, installed_on, success from _sqlx_migrations
         order by version"
    )
    .fetch_all(pool)
    .await
    .map_err(OpsError::from)
}

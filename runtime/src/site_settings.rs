//! The site settings as stored (`site_settings`, written by the gateway's
//! site domain), read by the workers for each email and retention run.

use contract::site_settings::SiteSettings;

/// The stored settings, defaults filling what was never set.
pub async fn load(pool: &sqlx::PgPool) -> sqlx::Result<SiteSettings> {
    let stored = sqlx::query_scalar!(
        r#"select settings as "settings: sqlx::types::Json<SiteSettings>"
               from site_settings where id"#
    )
    .fetch_optional(pool)
    .await?;
    Ok(stored.map(|json| json.0).unwrap_or_default())
}

//! The site settings (`site_settings`): the one row, read and saved.

use contract::site_settings::SiteSettings;
use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::site::error::SiteError;

/// The stored settings and when they were saved (defaults, never saved,
/// when there is no row).
pub async fn read(pool: &PgPool) -> sqlx::Result<(SiteSettings, Option<OffsetDateTime>)> {
    let row = sqlx::query!(
        r#"select settings as "settings: sqlx::types::Json<SiteSettings>", updated_at
           from site_settings where id"#
    )
    .fetch_optional(pool)
    .await?;
    Ok(match row {
        Some(row) => (row.settings.0, Some(row.updated_at)),
        None => (SiteSettings::default(), None),
    })
}

/// Saves `settings` as `actor`'s, with an audit row naming the settings
/// that changed, in one transaction.
pub async fn save(pool: &PgPool, actor: Uuid, settings: &SiteSettings) -> Result<(), SiteError> {
    let mut tx = pool.begin().await?;
    let before = sqlx::query_scalar!(
        r#"select settings as "settings: sqlx::types::Json<SiteSettings>"
           from site_settings where id for update"#
    )
    .fetch_optional(&mut *tx)
    .await?;
    let before = before.map(|json| json.0).unwrap_or_default();
    sqlx::query!(
        "insert into site_settings (id, settings, updated_at, updated_by)
         values (true, $1, now(), $2)
         on conflict (id) do update set settings = excluded.settings,
             updated_at = excluded.updated_at, updated_by = excluded.updated_by",
        sqlx::types::Json(settings) as sqlx::types::Json<&SiteSettings>,
        actor,
    )
    .execute(&mut *tx)
    .await?;
    let details = serde_json::json!({ "changed": changed_keys(&before, settings) });
    // The one settings row has no id of its own: the nil id names it.
    crate::platform::audit::record(
        &mut tx,
        actor,
        "update",
        "site_settings",
        Uuid::nil(),
        details,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// The JSON keys whose values differ, sorted.
fn changed_keys(before: &SiteSettings, after: &SiteSettings) -> Vec<String> {
    let (Ok(serde_json::Value::Object(before)), Ok(serde_json::Value::Object(after))) =
        (serde_json::to_value(before), serde_json::to_value(after))
    else {
        return Vec::new();
    };
    let mut changed: Vec<String> = after
        .iter()
        .filter(|(key, value)| before.get(*key) != Some(value))
        .map(|(key, _)| key.clone())
        .collect();
    changed.sort();
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_changed_keys_are_audited() {
        let before = SiteSettings::default();
        let mut after = before.clone();
        after.phone = "+254 711 000 111".into();
        after.partners.push("New Partner".into());
        assert_eq!(changed_keys(&before, &after), ["partners", "phone"]);
        assert!(changed_keys(&before, &before).is_empty());
    }
}

//! Agents' own profiles (`agent_profiles`): display name and alert
//! preferences, and the name an agent is shown under everywhere.

use contract::agent_profile::{AgentProfile, AgentProfileInput, AlertEvent};
use contract::language::Language;
use sqlx::PgPool;
use uuid::Uuid;

fn events(names: Vec<String>) -> Vec<AlertEvent> {
    // The table's check constraint admits only known names.
    names
        .iter()
        .filter_map(|name| AlertEvent::parse(name))
        .collect()
}

fn names(events: &[AlertEvent]) -> Vec<String> {
    events
        .iter()
        .map(|event| event.as_str().to_owned())
        .collect()
}

/// Agent `agent_id`'s profile; the defaults while they never saved one.
pub async fn agent_profile(pool: &PgPool, agent_id: Uuid) -> Result<AgentProfile, sqlx::Error> {
    let row = sqlx::query!(
        r#"select u.name as account_name, p.display_name as "display_name?",
                  coalesce(p.sound_enabled, true) as "sound_enabled!",
                  coalesce(p.sound_events, array['new_chat', 'assigned', 'visitor_message',
                           'waiting_too_long']) as "sound_events!",
                  coalesce(p.notify_events, array['new_chat', 'assigned', 'visitor_message',
                           'waiting_too_long']) as "notify_events!",
                  coalesce(p.languages, array['en']) as "languages!"
           from users u left join agent_profiles p on p.agent_id = u.id
           where u.id = $1"#,
        agent_id
    )
    .fetch_one(pool)
    .await?;
    Ok(AgentProfile {
        shown_name: row
            .display_name
            .clone()
            .unwrap_or_else(|| row.account_name.clone()),
        account_name: row.account_name,
        display_name: row.display_name,
        sound_enabled: row.sound_enabled,
        sound_events: events(row.sound_events),
        notify_events: events(row.notify_events),
        languages: Language::from_codes(&row.languages),
    })
}

/// Saves agent `agent_id`'s profile (checked input), audited as theirs
/// with the display name (what visitors see).
pub async fn save_agent_profile(
    pool: &PgPool,
    agent_id: Uuid,
    profile: &AgentProfileInput,
) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "insert into agent_profiles
             (agent_id, display_name, sound_enabled, sound_events, notify_events, languages,
              updated_at)
         values ($1, $2, $3, $4, $5, coalesce($6, array['en']), now())
         on conflict (agent_id) do update set
             display_name = excluded.display_name, sound_enabled = excluded.sound_enabled,
             sound_events = excluded.sound_events, notify_events = excluded.notify_events,
             languages = coalesce($6, agent_profiles.languages),
             updated_at = excluded.updated_at",
        agent_id,
        profile.display_name,
        profile.sound_enabled,
        &names(&profile.sound_events),
        &names(&profile.notify_events),
        profile.languages.as_deref().map(Language::codes) as Option<Vec<String>>,
    )
    .execute(&mut *tx)
    .await?;
    // The name visitors will see; the languages when they changed.
    let mut details = serde_json::json!({ "displayName": profile.display_name });
    if let Some(languages) = &profile.languages {
        details["languages"] = serde_json::json!(languages);
    }
    crate::platform::audit::record(
        &mut tx,
        agent_id,
        "update",
        "agent_profile",
        agent_id,
        details,
    )
    .await?;
    tx.commit().await
}

/// The name agent `agent_id` is shown under: their display name, else their
/// account name (`None`: no such user).
pub async fn shown_name(pool: &PgPool, agent_id: Uuid) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select coalesce(p.display_name, u.name) as "name!"
           from users u left join agent_profiles p on p.agent_id = u.id
           where u.id = $1"#,
        agent_id
    )
    .fetch_optional(pool)
    .await
}

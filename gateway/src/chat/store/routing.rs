//! A chat's team (`chat_sessions.team_id`): what the routing rules read of
//! a chat, a queued chat moved by the rules, a transfer to a team, and
//! whether anyone can answer a chat of its team now.

use std::time::Duration;

use contract::chat::NoteKind;
use contract::language::Language;
use sqlx::PgPool;
use uuid::Uuid;

use super::agents::{Assignment, Rule, assign_locked, lock_assignment};

/// What the routing rules look at in a chat, and where it is now.
pub struct RoutingFacts {
    pub page_url: Option<String>,
    pub labels: Vec<String>,
    pub language: Language,
    pub team_id: Option<Uuid>,
    /// Open and waiting for an agent.
    pub queued: bool,
}

pub async fn routing_facts(
    pool: &PgPool,
    chat_id: Uuid,
) -> Result<Option<RoutingFacts>, sqlx::Error> {
    sqlx::query_as!(
        RoutingFacts,
        r#"select page_url, labels, language as "language: Language", team_id,
                  status = 'open' and assigned_agent_id is null as "queued!"
           from chat_sessions where id = $1"#,
        chat_id
    )
    .fetch_optional(pool)
    .await
}

/// Moves chat `chat_id` to team `team_id` if it still waits in the queue
/// (open, unassigned) in another team, with the event `event` in the same
/// transaction; returns whether it moved.
pub async fn move_queued_chat(
    pool: &PgPool,
    chat_id: Uuid,
    team_id: Uuid,
    event: &str,
) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    // An assigner holding the lock may be giving the chat to its old team.
    lock_assignment(&mut tx).await?;
    let moved = sqlx::query!(
        "update chat_sessions set team_id = $2
         where id = $1 and status = 'open' and assigned_agent_id is null
           and team_id is distinct from $2",
        chat_id,
        team_id
    )
    .execute(&mut *tx)
    .await?
    .rows_affected()
        > 0;
    if moved {
        super::add_note(&mut *tx, chat_id, NoteKind::Event, None, event).await?;
    }
    tx.commit().await?;
    Ok(moved)
}

/// Hands chat `chat_id` to team `team_id`, out of the hands of whoever had
/// it, with the event `event`, and assigns it at once within the team
/// (never back to `from`, who handed it over, in this round) or leaves it in
/// the team's queue: one transaction under the assignment lock. Returns
/// what was assigned (the chat, perhaps, and other queued chats the
/// freed place allows).
pub async fn transfer_to_team(
    pool: &PgPool,
    fresh: Duration,
    chat_id: Uuid,
    team_id: Uuid,
    from: Uuid,
    event: &str,
    rule: Rule,
) -> Result<Vec<Assignment>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    lock_assignment(&mut tx).await?;
    sqlx::query!(
        "update chat_sessions set team_id = $2, assigned_agent_id = null where id = $1",
        chat_id,
        team_id
    )
    .execute(&mut *tx)
    .await?;
    super::add_note(&mut *tx, chat_id, NoteKind::Event, Some(from), event).await?;
    let assignments = assign_locked(&mut tx, fresh, Some((chat_id, from)), rule).await?;
    tx.commit().await?;
    Ok(assignments)
}

/// Whether an agent who may take chat `chat_id` is available (online with
/// a console seen within `fresh`): anyone for a chat without a team or of a
/// team that falls back to everyone, else a member of its team.
pub async fn agent_available_for(
    pool: &PgPool,
    fresh: Duration,
    chat_id: Uuid,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(
               select 1 from users u join agent_consoles c on c.agent_id = u.id
               join chat_sessions s on s.id = $2
               left join teams t on t.id = s.team_id
               where u.role in ('admin', 'support') and u.active and u.agent_status = 'online'
                 and c.seen_at > now() - $1 * interval '1 second'
                 and (t.id is null or t.fallback_to_everyone
                      or exists(select 1 from team_members m
                                where m.team_id = t.id and m.agent_id = u.id))) as "exists!""#,
        fresh.as_secs_f64(),
        chat_id
    )
    .fetch_one(pool)
    .await
}

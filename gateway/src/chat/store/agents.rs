//! Agents' availability and the queue: status, open consoles, the team's
//! load, assignment of waiting chats and their return when an agent is away.

use contract::chat::{AgentStatus, NoteKind, TeamAvailability};
use contract::language::Language;
use std::time::Duration;

use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

/// An agent's availability as chosen in the console.
pub async fn agent_status(pool: &PgPool, agent_id: Uuid) -> Result<AgentStatus, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select agent_status as "status: AgentStatus" from users where id = $1"#,
        agent_id
    )
    .fetch_one(pool)
    .await
}

pub async fn set_agent_status(
    pool: &PgPool,
    agent_id: Uuid,
    status: AgentStatus,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update users set agent_status = $2, agent_status_at = now()
         where id = $1 and agent_status <> $2",
        agent_id,
        status as AgentStatus
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Records that agent `agent_id` has a console open on gateway `gateway`.
pub async fn console_opened(
    pool: &PgPool,
    gateway: Uuid,
    agent_id: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "with seen as (update users set agent_seen_at = now() where id = $2)
         insert into agent_consoles (gateway_id, agent_id, seen_at) values ($1, $2, now())
         on conflict (gateway_id, agent_id) do update set seen_at = excluded.seen_at",
        gateway,
        agent_id
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Agent `agent_id`'s last console on gateway `gateway` closed.
pub async fn console_closed(
    pool: &PgPool,
    gateway: Uuid,
    agent_id: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "with seen as (update users set agent_seen_at = now() where id = $2)
         delete from agent_consoles where gateway_id = $1 and agent_id = $2",
        gateway,
        agent_id
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// The heartbeat of gateway `gateway`: exactly `agent_ids` have a console
/// open on it now.
pub async fn consoles_seen(
    pool: &PgPool,
    gateway: Uuid,
    agent_ids: &[Uuid],
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "with gone as (delete from agent_consoles where gateway_id = $1 and agent_id <> all($2)),
              seen as (update users set agent_seen_at = now() where id = any($2))
         insert into agent_consoles (gateway_id, agent_id, seen_at)
         select $1, agent, now() from unnest($2::uuid[]) as agent
         on conflict (gateway_id, agent_id) do update set seen_at = excluded.seen_at",
        gateway,
        agent_ids
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Whether any agent is online with a console open (seen within `fresh`).
#[tracing::instrument(name = "chat.db.any_agent_available", skip_all)]
pub async fn any_agent_available(pool: &PgPool, fresh: Duration) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(
               select 1 from users u join agent_consoles c on c.agent_id = u.id
               where u.role in ('admin', 'support') and u.active and u.agent_status = 'online'
                 and c.seen_at > now() - $1 * interval '1 second') as "exists!""#,
        fresh.as_secs_f64()
    )
    .fetch_one(pool)
    .await
}

/// A chat given to an agent by [`assign_queue`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    pub chat_id: Uuid,
    pub agent_id: Uuid,
    pub agent_name: String,
}

/// An agent who may take chats, with their load.
#[derive(Clone, Debug)]
pub struct AgentLoad {
    pub id: Uuid,
    pub name: String,
    pub capacity: i32,
    /// Their open chats.
    pub open: i64,
    /// The languages they speak (their profile's; English without one).
    pub languages: Vec<Language>,
    /// The teams they are in.
    pub teams: Vec<Uuid>,
}

/// A chat waiting for an agent, the language it was started in and its
/// team.
#[derive(Clone, Debug)]
pub struct QueuedChat {
    pub id: Uuid,
    pub language: Language,
    /// Its team; `None`: everyone's.
    pub team_id: Option<Uuid>,
    /// Whether its team's chats go to everyone while no member is available.
    pub fallback: bool,
    /// An agent who must not take it now (the one who just handed it to a
    /// team).
    pub avoid: Option<Uuid>,
}

impl AgentLoad {
    /// How many more chats they may take.
    pub fn room(&self) -> i64 {
        (i64::from(self.capacity) - self.open).max(0)
    }
}

/// Lock key of the assignment section: assigners on every gateway take
/// turns, so two of them never count the same free capacity.
const ASSIGNMENT_LOCK: i64 = 0x6e796f74_61737367; // "nyotassg"

/// What an assigner decides with: the queue and the agents who can take
/// chats. The rule is `chat::assignment::share_out`.
pub type Rule = fn(&[QueuedChat], &mut [AgentLoad]) -> Vec<Assignment>;

/// Gives queued chats, oldest first, to the online agents with a console
/// open (seen within `fresh`), as `rule` shares them out (the rule is
/// `chat::assignment::share_out`). Runs in one transaction holding an
/// advisory lock, so concurrent calls on any gateway assign each chat once
/// and never beyond capacity.
pub async fn assign_queue(
    pool: &PgPool,
    fresh: Duration,
    rule: Rule,
) -> Result<Vec<Assignment>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    lock_assignment(&mut tx).await?;
    let assignments = assign_locked(&mut tx, fresh, None, rule).await?;
    tx.commit().await?;
    Ok(assignments)
}

/// Takes the assignment section's lock for the rest of `tx`.
pub(super) async fn lock_assignment(tx: &mut PgConnection) -> Result<(), sqlx::Error> {
    sqlx::query!("select pg_advisory_xact_lock($1)", ASSIGNMENT_LOCK)
        .execute(tx)
        .await?;
    Ok(())
}

/// [`assign_queue`]'s work inside a transaction that holds the lock;
/// `avoid`: a chat and the agent who must not take it now.
pub(super) async fn assign_locked(
    tx: &mut PgConnection,
    fresh: Duration,
    avoid: Option<(Uuid, Uuid)>,
    rule: Rule,
) -> Result<Vec<Assignment>, sqlx::Error> {
    let mut agents: Vec<AgentLoad> = sqlx::query!(
        r#"select u.id, coalesce(p.display_name, u.name) as "name!", u.capacity,
                  (select count(*) from chat_sessions s
                    where s.assigned_agent_id = u.id and s.status = 'open') as "open!",
                  coalesce(p.languages, array['en']) as "languages!",
                  array(select m.team_id from team_members m where m.agent_id = u.id)
                      as "teams!"
           from users u left join agent_profiles p on p.agent_id = u.id
           where u.role in ('admin', 'support') and u.active and u.agent_status = 'online'
             and exists(select 1 from agent_consoles c
                        where c.agent_id = u.id
                          and c.seen_at > now() - $1 * interval '1 second')
           order by u.id"#,
        fresh.as_secs_f64()
    )
    .fetch_all(&mut *tx)
    .await?
    .into_iter()
    .map(|row| AgentLoad {
        id: row.id,
        name: row.name,
        capacity: row.capacity,
        open: row.open,
        languages: Language::from_codes(&row.languages),
        teams: row.teams,
    })
    .collect();
    let room: i64 = agents.iter().map(AgentLoad::room).sum();
    if room == 0 {
        return Ok(Vec::new());
    }
    // The oldest chats of each team's queue (and of everyone's), as many as
    // there are free places: a full team's queue does not hide the others'.
    let (avoid_chat, avoid_agent) = avoid.unzip();
    let queue: Vec<QueuedChat> = sqlx::query!(
        r#"select id as "id!", language as "language!: Language", team_id,
                  fallback as "fallback!"
           from (select s.id, s.language, s.team_id, s.created_at,
                        coalesce(t.fallback_to_everyone, true) as fallback,
                        row_number() over (partition by s.team_id
                                           order by s.created_at, s.id) as place
                 from chat_sessions s left join teams t on t.id = s.team_id
                 where s.status = 'open' and s.assigned_agent_id is null) queued
           where place <= $1
           order by created_at, id"#,
        room
    )
    .fetch_all(&mut *tx)
    .await?
    .into_iter()
    .map(|row| QueuedChat {
        avoid: avoid_agent.filter(|_| avoid_chat == Some(row.id)),
        id: row.id,
        language: row.language,
        team_id: row.team_id,
        fallback: row.fallback,
    })
    .collect();
    let assignments = rule(&queue, &mut agents);
    let chats: Vec<Uuid> = assignments.iter().map(|a| a.chat_id).collect();
    let assignees: Vec<Uuid> = assignments.iter().map(|a| a.agent_id).collect();
    sqlx::query!(
        "update chat_sessions s set assigned_agent_id = a.agent
         from unnest($1::uuid[], $2::uuid[]) as a (chat, agent)
         where s.id = a.chat",
        &chats,
        &assignees
    )
    .execute(&mut *tx)
    .await?;
    Ok(assignments)
}

/// A chat taken back from an agent by [`return_to_queue`].
pub struct Returned {
    pub chat_id: Uuid,
    pub agent_name: String,
}

/// Puts back in the queue the open chats of agents who are inactive, or
/// away or without a console open for longer than `after` (a console of a
/// gateway that died counts until stale, `fresh`), each with the event
/// `event(agent name)` written in the same transaction: whoever sees the
/// chat back in the queue also sees why, and it is written once.
pub async fn return_to_queue(
    pool: &PgPool,
    after: Duration,
    fresh: Duration,
    event: impl Fn(&str) -> String,
) -> Result<Vec<Returned>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    lock_assignment(&mut tx).await?;
    let returned = sqlx::query_as!(
        Returned,
        r#"update chat_sessions s set assigned_agent_id = null
         from users u left join agent_profiles p on p.agent_id = u.id
         where u.id = s.assigned_agent_id and s.status = 'open'
           and (not u.active
                or (u.agent_status = 'away'
                    and u.agent_status_at < now() - $1 * interval '1 second')
                or (u.agent_seen_at < now() - $1 * interval '1 second'
                    and not exists(select 1 from agent_consoles c
                                   where c.agent_id = u.id
                                     and c.seen_at > now() - $2 * interval '1 second')))
         returning s.id as chat_id, coalesce(p.display_name, u.name) as "agent_name!""#,
        after.as_secs_f64(),
        fresh.as_secs_f64()
    )
    .fetch_all(&mut *tx)
    .await?;
    for chat in &returned {
        let body = event(&chat.agent_name);
        super::add_note(&mut *tx, chat.chat_id, NoteKind::Event, None, &body).await?;
    }
    tx.commit().await?;
    Ok(returned)
}

/// A colleague a chat may be handed to, under the name they are shown by.
pub struct TransferTarget {
    pub name: String,
    /// Has set a password (an invitation not yet accepted has not).
    pub signed_up: bool,
    /// Online or busy with a console open (seen within `fresh`).
    pub present: bool,
}

/// Agent `agent_id` as a transfer target, if they are active staff.
pub async fn transfer_target(
    pool: &PgPool,
    agent_id: Uuid,
    fresh: Duration,
) -> Result<Option<TransferTarget>, sqlx::Error> {
    sqlx::query_as!(
        TransferTarget,
        r#"select coalesce(p.display_name, u.name) as "name!",
                  u.password_hash is not null as "signed_up!",
                  u.agent_status in ('online', 'busy') and exists(
                      select 1 from agent_consoles c
                      where c.agent_id = u.id
                        and c.seen_at > now() - $2 * interval '1 second') as "present!"
           from users u left join agent_profiles p on p.agent_id = u.id
           where u.id = $1 and u.active and u.role in ('admin', 'support')"#,
        agent_id,
        fresh.as_secs_f64()
    )
    .fetch_optional(pool)
    .await
}

/// The agent a chat is assigned to, if any.
pub async fn assignee(pool: &PgPool, chat_id: Uuid) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "select assigned_agent_id from chat_sessions where id = $1",
        chat_id
    )
    .fetch_one(pool)
    .await
}
/// The active support team who have signed up (set a password), with each
/// one's status and load, by name.
pub async fn team_availability(
    pool: &PgPool,
    fresh: Duration,
) -> Result<Vec<TeamAvailability>, sqlx::Error> {
    sqlx::query_as!(
        TeamAvailability,
        r#"select u.id, coalesce(p.display_name, u.name) as "name!",
                  u.agent_status as "status: AgentStatus",
                  u.agent_status = 'online' and exists(
                      select 1 from agent_consoles c
                      where c.agent_id = u.id
                        and c.seen_at > now() - $1 * interval '1 second') as "available!",
                  u.agent_status in ('online', 'busy') and exists(
                      select 1 from agent_consoles c
                      where c.agent_id = u.id
                        and c.seen_at > now() - $1 * interval '1 second') as "accepts_transfers!",
                  (select count(*) from chat_sessions s
                    where s.assigned_agent_id = u.id and s.status = 'open') as "open_chats!",
                  u.capacity
           from users u left join agent_profiles p on p.agent_id = u.id
           where u.role in ('admin', 'support') and u.active and u.password_hash is not null
           order by lower(coalesce(p.display_name, u.name)), u.id"#,
        fresh.as_secs_f64()
    )
    .fetch_all(pool)
    .await
}

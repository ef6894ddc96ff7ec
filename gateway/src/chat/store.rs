//! Every query the gateway runs on `chat_sessions` and `chat_messages`.
//!
//! This module is the one writer of `chat_sessions` (start, adoption at
//! sign-in, assignment, status, read marks), of `chat_notes` and of the
//! agents' availability columns of `users`. `chat_messages` is written only
//! by the `chat` worker (`workers/src/chat.rs`); the gateway reads it here.

use contract::chat::{
    AgentStatus, ChatMessage, ChatNote, ChatRating, ChatSession, ChatStatus, ChatSummary, NoteKind,
    SearchHit, SenderType, TeamAvailability, VisitorChat,
};
use serde::Deserialize;
use std::time::Duration;

use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

/// Who owns a chat (the browser that started it, until an account adopts
/// it) and whether it is open.
#[derive(Clone, Debug)]
pub struct Ownership {
    pub owner_token: Uuid,
    pub user_id: Option<Uuid>,
    pub status: ChatStatus,
}

#[tracing::instrument(name = "chat.db.ownership", skip_all, fields(chat.session_id = %chat_id))]
pub async fn ownership(pool: &PgPool, chat_id: Uuid) -> Result<Option<Ownership>, sqlx::Error> {
    sqlx::query_as!(
        Ownership,
        r#"select owner_token, user_id, status as "status: ChatStatus"
           from chat_sessions where id = $1"#,
        chat_id
    )
    .fetch_optional(pool)
    .await
}

#[tracing::instrument(name = "chat.db.exists", skip_all, fields(chat.session_id = %chat_id))]
pub async fn exists(pool: &PgPool, chat_id: Uuid) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from chat_sessions where id = $1) as "exists!""#,
        chat_id
    )
    .fetch_one(pool)
    .await
}

/// A chat as a visitor starts it.
pub struct NewChat {
    pub visitor_name: String,
    pub visitor_email: String,
    pub owner_token: Uuid,
    pub user_id: Option<Uuid>,
    pub page_url: Option<String>,
    pub user_agent: Option<String>,
}

#[tracing::instrument(name = "chat.db.insert", skip_all)]
pub async fn insert(pool: &PgPool, chat: NewChat) -> Result<ChatSession, sqlx::Error> {
    sqlx::query_as!(
        ChatSession,
        r#"insert into chat_sessions
               (id, visitor_name, visitor_email, owner_token, user_id, page_url, user_agent,
                created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8)
           returning id as session_id, visitor_name, visitor_email,
                     status as "status: ChatStatus", created_at,
                     null::int8 as queue_position"#,
        Uuid::now_v7(),
        chat.visitor_name,
        chat.visitor_email,
        chat.owner_token,
        chat.user_id,
        chat.page_url,
        chat.user_agent,
        OffsetDateTime::now_utc(),
    )
    .fetch_one(pool)
    .await
}

#[tracing::instrument(name = "chat.db.session", skip_all, fields(chat.session_id = %chat_id))]
pub async fn session(pool: &PgPool, chat_id: Uuid) -> Result<ChatSession, sqlx::Error> {
    sqlx::query_as!(
        ChatSession,
        r#"select s.id as session_id, s.visitor_name, s.visitor_email,
                  s.status as "status: ChatStatus", s.created_at,
                  case when s.status = 'open' and s.assigned_agent_id is null then
                      (select count(*) from chat_sessions q
                        where q.status = 'open' and q.assigned_agent_id is null
                          and (q.created_at, q.id) <= (s.created_at, s.id))
                  end as queue_position
           from chat_sessions s where s.id = $1"#,
        chat_id
    )
    .fetch_one(pool)
    .await
}

/// Whether the `chat` worker has stored message `message_id`.
#[tracing::instrument(name = "chat.db.message_stored", skip_all, fields(chat.message_id = %message_id))]
pub async fn message_stored(pool: &PgPool, message_id: Uuid) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from chat_messages where id = $1) as "exists!""#,
        message_id
    )
    .fetch_one(pool)
    .await
}

/// A chat's messages in their order.
#[tracing::instrument(name = "chat.db.messages", skip_all, fields(chat.session_id = %chat_id))]
pub async fn messages(pool: &PgPool, chat_id: Uuid) -> Result<Vec<ChatMessage>, sqlx::Error> {
    sqlx::query_as!(
        ChatMessage,
        r#"select id, session_id, sender_type as "sender_type: SenderType", message, created_at
           from chat_messages where session_id = $1 order by id"#,
        chat_id
    )
    .fetch_all(pool)
    .await
}

/// Gives the chats a browser started anonymously (owner `token`) to
/// `user_id`; returns their ids.
pub async fn adopt_anonymous_chats(
    pool: &PgPool,
    token: Uuid,
    user_id: Uuid,
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "update chat_sessions set user_id = $2 where owner_token = $1 and user_id is null
         returning id",
        token,
        user_id
    )
    .fetch_all(pool)
    .await
}

/// Assigns the chat to `agent_id`; unless `take_over`, only an unassigned
/// chat. Returns whether the assignment changed.
pub async fn assign_agent(
    pool: &PgPool,
    chat_id: Uuid,
    agent_id: Uuid,
    take_over: bool,
) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query!(
        "update chat_sessions set assigned_agent_id = $2
         where id = $1 and assigned_agent_id is distinct from $2
           and (assigned_agent_id is null or $3)",
        chat_id,
        agent_id,
        take_over
    )
    .execute(pool)
    .await?
    .rows_affected();
    Ok(changed > 0)
}

/// Sets the chat's status; returns whether it changed.
pub async fn set_status(
    pool: &PgPool,
    chat_id: Uuid,
    status: ChatStatus,
) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query!(
        "update chat_sessions set status = $2 where id = $1 and status <> $2",
        chat_id,
        status as ChatStatus
    )
    .execute(pool)
    .await?
    .rows_affected();
    Ok(changed > 0)
}

/// Reopens a resolved chat (its visitor wrote again); returns whether it was
/// resolved. Only a resolved chat's row is written, so busy open chats do
/// not become hot rows.
#[tracing::instrument(name = "chat.db.reopen", skip_all, fields(chat.session_id = %chat_id))]
pub async fn reopen(pool: &PgPool, chat_id: Uuid) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query!(
        "update chat_sessions set status = 'open' where id = $1 and status = 'resolved'",
        chat_id
    )
    .execute(pool)
    .await?
    .rows_affected();
    Ok(changed > 0)
}

/// Marks every message of the chat read by the agents.
pub async fn mark_read(pool: &PgPool, chat_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update chat_sessions set agents_read_at = now() where id = $1",
        chat_id
    )
    .execute(pool)
    .await?;
    Ok(())
}

#[derive(Clone, Copy, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatusFilter {
    #[default]
    All,
    Open,
    /// Open and waiting for an agent's reply.
    Pending,
    Resolved,
}

#[derive(Clone, Copy, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AssignedFilter {
    #[default]
    All,
    Me,
    Unassigned,
}

/// The agent inbox for `agent_id`, most recent activity first.
pub async fn summaries(
    pool: &PgPool,
    agent_id: Uuid,
    status: StatusFilter,
    assigned: AssignedFilter,
    label: Option<&str>,
) -> Result<Vec<ChatSummary>, sqlx::Error> {
    let (open, pending, resolved) = match status {
        StatusFilter::All => (None, None, None),
        StatusFilter::Open => (Some(true), None, None),
        StatusFilter::Pending => (None, Some(true), None),
        StatusFilter::Resolved => (None, None, Some(true)),
    };
    let (mine, unassigned) = match assigned {
        AssignedFilter::All => (false, false),
        AssignedFilter::Me => (true, false),
        AssignedFilter::Unassigned => (false, true),
    };
    sqlx::query_as!(
        ChatSummary,
        r#"select session_id as "session_id!", visitor_name as "visitor_name!",
                  visitor_email as "visitor_email!", status as "status!: ChatStatus",
                  awaiting_reply as "awaiting_reply!", assigned_agent_id, assigned_agent_name,
                  unread_count as "unread_count!", last_message_preview,
                  last_message_at as "last_message_at!", waiting_since,
                  created_at as "created_at!", page_url, user_agent, queue_position,
                  rating, rating_comment, labels as "labels!"
           from chat_summaries
           where ($2::bool is null or status = 'open')
             and ($3::bool is null or awaiting_reply)
             and ($4::bool is null or status = 'resolved')
             and (not $5 or assigned_agent_id = $1)
             and (not $6 or assigned_agent_id is null)
             and ($7::text is null or $7 = any(labels))
           order by last_message_at desc limit 500"#,
        agent_id,
        open,
        pending,
        resolved,
        mine,
        unassigned,
        label,
    )
    .fetch_all(pool)
    .await
}

/// One chat's inbox row.
pub async fn summary(pool: &PgPool, chat_id: Uuid) -> Result<Option<ChatSummary>, sqlx::Error> {
    sqlx::query_as!(
        ChatSummary,
        r#"select session_id as "session_id!", visitor_name as "visitor_name!",
                  visitor_email as "visitor_email!", status as "status!: ChatStatus",
                  awaiting_reply as "awaiting_reply!", assigned_agent_id, assigned_agent_name,
                  unread_count as "unread_count!", last_message_preview,
                  last_message_at as "last_message_at!", waiting_since,
                  created_at as "created_at!", page_url, user_agent, queue_position,
                  rating, rating_comment, labels as "labels!"
           from chat_summaries where session_id = $1"#,
        chat_id,
    )
    .fetch_optional(pool)
    .await
}

/// How many chats wait for an agent's reply, and since when the oldest.
pub async fn waiting(pool: &PgPool) -> Result<(i64, Option<OffsetDateTime>), sqlx::Error> {
    let row = sqlx::query!(
        r#"select count(*) as "count!", min(waiting_since) as oldest
           from chat_summaries where awaiting_reply"#
    )
    .fetch_one(pool)
    .await?;
    Ok((row.count, row.oldest))
}

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
#[derive(Clone, Debug)]
pub struct Assignment {
    pub chat_id: Uuid,
    pub agent_id: Uuid,
    pub agent_name: String,
}

/// An agent who may take chats, with their load.
struct Available {
    id: Uuid,
    name: String,
    capacity: i32,
    open: i64,
}

/// Lock key of the assignment section: assigners on every gateway take
/// turns, so two of them never count the same free capacity.
const ASSIGNMENT_LOCK: i64 = 0x6e796f74_61737367; // "nyotassg"

/// Gives queued chats, oldest first, to the online agents with a console
/// open (seen within `fresh`) and room under their capacity, each to the
/// agent with the fewest open chats. Runs in one transaction holding an
/// advisory lock, so concurrent calls on any gateway assign each chat once
/// and never beyond capacity.
pub async fn assign_queue(pool: &PgPool, fresh: Duration) -> Result<Vec<Assignment>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query!("select pg_advisory_xact_lock($1)", ASSIGNMENT_LOCK)
        .execute(&mut *tx)
        .await?;
    let mut agents = sqlx::query_as!(
        Available,
        r#"select u.id, u.name, u.capacity,
                  (select count(*) from chat_sessions s
                    where s.assigned_agent_id = u.id and s.status = 'open') as "open!"
           from users u
           where u.role in ('admin', 'support') and u.active and u.agent_status = 'online'
             and exists(select 1 from agent_consoles c
                        where c.agent_id = u.id
                          and c.seen_at > now() - $1 * interval '1 second')
           order by u.id"#,
        fresh.as_secs_f64()
    )
    .fetch_all(&mut *tx)
    .await?;
    let room: i64 = agents
        .iter()
        .map(|agent| (i64::from(agent.capacity) - agent.open).max(0))
        .sum();
    if room == 0 {
        return Ok(Vec::new());
    }
    let queue = sqlx::query_scalar!(
        "select id from chat_sessions
         where status = 'open' and assigned_agent_id is null
         order by created_at, id limit $1",
        room
    )
    .fetch_all(&mut *tx)
    .await?;
    let mut assignments = Vec::with_capacity(queue.len());
    for chat_id in queue {
        let Some(agent) = agents
            .iter_mut()
            .filter(|agent| agent.open < i64::from(agent.capacity))
            .min_by_key(|agent| agent.open)
        else {
            break;
        };
        agent.open += 1;
        assignments.push(Assignment {
            chat_id,
            agent_id: agent.id,
            agent_name: agent.name.clone(),
        });
    }
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
    tx.commit().await?;
    Ok(assignments)
}

/// A chat taken back from an agent by [`return_to_queue`].
pub struct Returned {
    pub chat_id: Uuid,
    pub agent_name: String,
}

/// Puts back in the queue the open chats of agents who are inactive, or
/// away or without a console open for longer than `after` (a console of a
/// gateway that died counts until stale, `fresh`).
pub async fn return_to_queue(
    pool: &PgPool,
    after: Duration,
    fresh: Duration,
) -> Result<Vec<Returned>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query!("select pg_advisory_xact_lock($1)", ASSIGNMENT_LOCK)
        .execute(&mut *tx)
        .await?;
    let returned = sqlx::query_as!(
        Returned,
        "update chat_sessions s set assigned_agent_id = null
         from users u
         where u.id = s.assigned_agent_id and s.status = 'open'
           and (not u.active
                or (u.agent_status = 'away'
                    and u.agent_status_at < now() - $1 * interval '1 second')
                or (u.agent_seen_at < now() - $1 * interval '1 second'
                    and not exists(select 1 from agent_consoles c
                                   where c.agent_id = u.id
                                     and c.seen_at > now() - $2 * interval '1 second')))
         returning s.id as chat_id, u.name as agent_name",
        after.as_secs_f64(),
        fresh.as_secs_f64()
    )
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(returned)
}

/// An agent who can be given a chat: active staff.
pub async fn agent_name(pool: &PgPool, agent_id: Uuid) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "select name from users where id = $1 and active and role in ('admin', 'support')",
        agent_id
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

/// Writes a note or an event on the agents' side of the chat.
pub async fn add_note(
    pool: &PgPool,
    chat_id: Uuid,
    kind: NoteKind,
    author_id: Option<Uuid>,
    body: &str,
) -> Result<ChatNote, sqlx::Error> {
    sqlx::query_as!(
        ChatNote,
        r#"with note as (
               insert into chat_notes (id, session_id, kind, author_id, body)
               values ($1, $2, $3, $4, $5)
               returning id, session_id, kind, author_id, body, created_at)
           select note.id, note.session_id, note.kind as "kind: NoteKind", note.author_id,
                  u.name as "author_name?", note.body, note.created_at
           from note left join users u on u.id = note.author_id"#,
        Uuid::now_v7(),
        chat_id,
        kind as NoteKind,
        author_id,
        body
    )
    .fetch_one(pool)
    .await
}

/// The agents' side of a chat, in order.
pub async fn notes(pool: &PgPool, chat_id: Uuid) -> Result<Vec<ChatNote>, sqlx::Error> {
    sqlx::query_as!(
        ChatNote,
        r#"select n.id, n.session_id, n.kind as "kind: NoteKind", n.author_id,
                  u.name as "author_name?", n.body, n.created_at
           from chat_notes n left join users u on u.id = n.author_id
           where n.session_id = $1 order by n.id"#,
        chat_id
    )
    .fetch_all(pool)
    .await
}

/// The active support team with each one's status and load, by name.
pub async fn team_availability(
    pool: &PgPool,
    fresh: Duration,
) -> Result<Vec<TeamAvailability>, sqlx::Error> {
    sqlx::query_as!(
        TeamAvailability,
        r#"select u.id, u.name, u.agent_status as "status: AgentStatus",
                  u.agent_status = 'online' and exists(
                      select 1 from agent_consoles c
                      where c.agent_id = u.id
                        and c.seen_at > now() - $1 * interval '1 second') as "available!",
                  (select count(*) from chat_sessions s
                    where s.assigned_agent_id = u.id and s.status = 'open') as "open_chats!",
                  u.capacity
           from users u
           where u.role in ('admin', 'support') and u.active
           order by lower(u.name), u.id"#,
        fresh.as_secs_f64()
    )
    .fetch_all(pool)
    .await
}

/// What became of a rating.
#[derive(Debug, PartialEq, Eq)]
pub enum Rated {
    Saved,
    AlreadyRated,
    NotResolved,
}

/// Saves the visitor's rating of a resolved chat, once; the agent who had
/// the chat is recorded with it.
pub async fn rate(
    pool: &PgPool,
    chat_id: Uuid,
    score: i16,
    comment: Option<&str>,
) -> Result<Rated, sqlx::Error> {
    let saved = sqlx::query_scalar!(
        "insert into chat_ratings (session_id, score, comment, agent_id)
         select id, $2, $3, assigned_agent_id from chat_sessions
         where id = $1 and status = 'resolved'
         on conflict (session_id) do nothing
         returning session_id",
        chat_id,
        score,
        comment
    )
    .fetch_optional(pool)
    .await?;
    if saved.is_some() {
        return Ok(Rated::Saved);
    }
    Ok(match rating(pool, chat_id).await? {
        Some(_) => Rated::AlreadyRated,
        None => Rated::NotResolved,
    })
}

/// The chat's rating, if given.
pub async fn rating(pool: &PgPool, chat_id: Uuid) -> Result<Option<ChatRating>, sqlx::Error> {
    sqlx::query_as!(
        ChatRating,
        "select score, comment from chat_ratings where session_id = $1",
        chat_id
    )
    .fetch_optional(pool)
    .await
}

/// The visitor's other chats (same email, whatever its case, or same
/// account), newest first, at most 20.
pub async fn visitor_history(
    pool: &PgPool,
    chat_id: Uuid,
) -> Result<Vec<VisitorChat>, sqlx::Error> {
    sqlx::query_as!(
        VisitorChat,
        r#"select o.id as session_id, o.status as "status: ChatStatus", o.created_at,
                  (select left(m.message, 140) from chat_messages m
                    where m.session_id = o.id and m.sender_type = 'user'
                    order by m.id limit 1) as first_line
           from chat_sessions c
           join chat_sessions o
             on o.id <> c.id
            and (lower(o.visitor_email) = lower(c.visitor_email)
                 or (c.user_id is not null and o.user_id = c.user_id))
           where c.id = $1
           order by o.created_at desc limit 20"#,
        chat_id
    )
    .fetch_all(pool)
    .await
}

/// Replaces the chat's labels; returns whether they changed.
pub async fn set_labels(
    pool: &PgPool,
    chat_id: Uuid,
    labels: &[String],
) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query!(
        "update chat_sessions set labels = $2 where id = $1 and labels <> $2",
        chat_id,
        labels
    )
    .execute(pool)
    .await?
    .rows_affected();
    Ok(changed > 0)
}

/// Labels in use on any chat, most used first (for the filter and the
/// label editor's suggestions).
pub async fn labels_in_use(pool: &PgPool) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select label as "label!" from chat_sessions, unnest(labels) as label
           group by label order by count(*) desc, label limit 100"#
    )
    .fetch_all(pool)
    .await
}

/// Every conversation searched: messages by full text (`simple`
/// configuration, all words must match), and chats by visitor name or
/// email. Newest first, at most 50.
pub async fn search(pool: &PgPool, text: &str) -> Result<Vec<SearchHit>, sqlx::Error> {
    let pattern = format!(
        "%{}%",
        text.replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    );
    sqlx::query_as!(
        SearchHit,
        r#"select session_id as "session_id!", visitor_name as "visitor_name!",
                  visitor_email as "visitor_email!", message_id, excerpt,
                  created_at as "created_at!"
           from (
               (select m.session_id, s.visitor_name, s.visitor_email, m.id as message_id,
                       left(m.message, 200) as excerpt, m.created_at
                from chat_messages m join chat_sessions s on s.id = m.session_id
                where to_tsvector('simple', m.message) @@ websearch_to_tsquery('simple', $1)
                order by m.created_at desc limit 50)
               union all
               (select s.id, s.visitor_name, s.visitor_email, null::uuid,
                       (select left(m.message, 200) from chat_messages m
                         where m.session_id = s.id and m.sender_type = 'user'
                         order by m.id limit 1),
                       s.created_at
                from chat_sessions s
                where s.visitor_name ilike $2 or s.visitor_email ilike $2
                order by s.created_at desc limit 50)
           ) hits
           order by created_at desc limit 50"#,
        text,
        pattern
    )
    .fetch_all(pool)
    .await
}

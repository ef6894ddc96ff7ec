//! Every query the gateway runs on `chat_sessions` and `chat_messages`.
//!
//! This module is the one writer of `chat_sessions` (start, adoption at
//! sign-in, assignment, status, read marks). `chat_messages` is written only
//! by the `chat` worker (`workers/src/chat.rs`); the gateway reads it here.

use contract::chat::{ChatMessage, ChatSession, ChatStatus, ChatSummary};
use serde::Deserialize;
use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

/// Who owns a chat (the browser that started it, until an account adopts
/// it) and whether it is open.
#[derive(sqlx::FromRow)]
pub struct Ownership {
    pub owner_token: Uuid,
    pub user_id: Option<Uuid>,
    pub status: ChatStatus,
}

pub async fn ownership(pool: &PgPool, chat_id: Uuid) -> Result<Option<Ownership>, sqlx::Error> {
    sqlx::query_as("select owner_token, user_id, status from chat_sessions where id = $1")
        .bind(chat_id)
        .fetch_optional(pool)
        .await
}

pub async fn exists(pool: &PgPool, chat_id: Uuid) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from chat_sessions where id = $1)")
        .bind(chat_id)
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

pub async fn insert(pool: &PgPool, chat: NewChat) -> Result<ChatSession, sqlx::Error> {
    sqlx::query_as(
        "insert into chat_sessions
             (id, visitor_name, visitor_email, owner_token, user_id, page_url, user_agent, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         returning id, visitor_name, visitor_email, status, created_at",
    )
    .bind(Uuid::now_v7())
    .bind(chat.visitor_name)
    .bind(chat.visitor_email)
    .bind(chat.owner_token)
    .bind(chat.user_id)
    .bind(chat.page_url)
    .bind(chat.user_agent)
    .bind(OffsetDateTime::now_utc())
    .fetch_one(pool)
    .await
}

pub async fn session(pool: &PgPool, chat_id: Uuid) -> Result<ChatSession, sqlx::Error> {
    sqlx::query_as(
        "select id, visitor_name, visitor_email, status, created_at from chat_sessions where id = $1",
    )
    .bind(chat_id)
    .fetch_one(pool)
    .await
}

/// A chat's messages in their order.
pub async fn messages(pool: &PgPool, chat_id: Uuid) -> Result<Vec<ChatMessage>, sqlx::Error> {
    sqlx::query_as(
        "select id, session_id, sender_type, message, created_at
         from chat_messages where session_id = $1 order by id",
    )
    .bind(chat_id)
    .fetch_all(pool)
    .await
}

/// Gives the chats a browser started anonymously (owner `token`) to `user_id`.
pub async fn adopt_anonymous_chats(
    pool: &PgPool,
    token: Uuid,
    user_id: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query("update chat_sessions set user_id = $2 where owner_token = $1 and user_id is null")
        .bind(token)
        .bind(user_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Assigns the chat to `agent_id`; unless `take_over`, only an unassigned
/// chat. Returns whether the assignment changed.
pub async fn assign_agent(
    pool: &PgPool,
    chat_id: Uuid,
    agent_id: Uuid,
    take_over: bool,
) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query(
        "update chat_sessions set assigned_agent_id = $2
         where id = $1 and assigned_agent_id is distinct from $2
           and (assigned_agent_id is null or $3)",
    )
    .bind(chat_id)
    .bind(agent_id)
    .bind(take_over)
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
    let changed =
        sqlx::query("update chat_sessions set status = $2 where id = $1 and status <> $2")
            .bind(chat_id)
            .bind(status)
            .execute(pool)
            .await?
            .rows_affected();
    Ok(changed > 0)
}

/// Reopens a resolved chat (its visitor wrote again); returns whether it was
/// resolved. Only a resolved chat's row is written, so busy open chats do
/// not become hot rows.
pub async fn reopen(pool: &PgPool, chat_id: Uuid) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query(
        "update chat_sessions set status = 'open' where id = $1 and status = 'resolved'",
    )
    .bind(chat_id)
    .execute(pool)
    .await?
    .rows_affected();
    Ok(changed > 0)
}

/// Marks every message of the chat read by the agents.
pub async fn mark_read(pool: &PgPool, chat_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query("update chat_sessions set agents_read_at = now() where id = $1")
        .bind(chat_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// One inbox row per chat. `awaiting_reply`: open and the visitor spoke
/// last (or nobody has yet); `waiting_since`: the first visitor message
/// after the last agent reply.
const SUMMARY_SELECT: &str = "
with summary as (
    select s.id as session_id, s.visitor_name, s.visitor_email, s.status,
           s.assigned_agent_id, a.name as assigned_agent_name,
           (select count(*) from chat_messages m
             where m.session_id = s.id and m.sender_type = 'user'
               and m.created_at > s.agents_read_at) as unread_count,
           left(last.message, 140) as last_message_preview,
           greatest(s.created_at, latest.created_at) as last_message_at,
           s.created_at, s.page_url, s.user_agent,
           s.status = 'open' and coalesce(last.sender_type = 'user', true) as awaiting_reply,
           (select min(m.created_at) from chat_messages m
             where m.session_id = s.id and m.sender_type = 'user'
               and m.id > coalesce((select r.id from chat_messages r
                                     where r.session_id = s.id and r.sender_type = 'agent'
                                     order by r.id desc limit 1),
                                   '00000000-0000-0000-0000-000000000000')) as first_unanswered_at
    from chat_sessions s
    left join users a on a.id = s.assigned_agent_id
    left join lateral (
        select m.message, m.sender_type from chat_messages m
        where m.session_id = s.id and m.sender_type <> 'system'
        order by m.id desc limit 1
    ) last on true
    -- The chat's activity, system messages included: its last message's time.
    left join lateral (
        select m.created_at from chat_messages m
        where m.session_id = s.id
        order by m.id desc limit 1
    ) latest on true
)
select session_id, visitor_name, visitor_email, status, assigned_agent_id,
       assigned_agent_name, unread_count, last_message_preview, last_message_at,
       created_at, page_url, user_agent, awaiting_reply,
       case when awaiting_reply then coalesce(first_unanswered_at, created_at) end as waiting_since
from summary";

#[derive(Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StatusFilter {
    #[default]
    All,
    Open,
    /// Open and waiting for an agent's reply.
    Pending,
    Resolved,
}

#[derive(Clone, Copy, Default, Deserialize)]
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
) -> Result<Vec<ChatSummary>, sqlx::Error> {
    let status = match status {
        StatusFilter::All => "true",
        StatusFilter::Open => "status = 'open'",
        StatusFilter::Pending => "awaiting_reply",
        StatusFilter::Resolved => "status = 'resolved'",
    };
    let assigned = match assigned {
        AssignedFilter::All => "true",
        AssignedFilter::Me => "assigned_agent_id = $1",
        AssignedFilter::Unassigned => "assigned_agent_id is null",
    };
    sqlx::query_as(&format!(
        "{SUMMARY_SELECT} where {status} and {assigned} and $1 is not null
         order by last_message_at desc limit 500"
    ))
    .bind(agent_id)
    .fetch_all(pool)
    .await
}

/// One chat's inbox row.
pub async fn summary(pool: &PgPool, chat_id: Uuid) -> Result<Option<ChatSummary>, sqlx::Error> {
    sqlx::query_as(&format!("{SUMMARY_SELECT} where session_id = $1"))
        .bind(chat_id)
        .fetch_optional(pool)
        .await
}

/// How many chats wait for an agent's reply, and since when the oldest.
pub async fn waiting(pool: &PgPool) -> Result<(i64, Option<OffsetDateTime>), sqlx::Error> {
    sqlx::query_as(&format!(
        "select count(*), min(waiting_since) from ({SUMMARY_SELECT}) chats where awaiting_reply"
    ))
    .fetch_one(pool)
    .await
}

//! Every query the gateway runs on `chat_sessions` and `chat_messages`.
//!
//! This module is the one writer of `chat_sessions` (start, adoption at
//! sign-in, assignment, status, read marks). `chat_messages` is written only
//! by the `chat` worker (`workers/src/chat.rs`); the gateway reads it here.

use contract::chat::{ChatMessage, ChatSession, ChatStatus, ChatSummary, SenderType};
use serde::Deserialize;
use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

/// Who owns a chat (the browser that started it, until an account adopts
/// it) and whether it is open.
pub struct Ownership {
    pub owner_token: Uuid,
    pub user_id: Option<Uuid>,
    pub status: ChatStatus,
}

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

pub async fn insert(pool: &PgPool, chat: NewChat) -> Result<ChatSession, sqlx::Error> {
    sqlx::query_as!(
        ChatSession,
        r#"insert into chat_sessions
               (id, visitor_name, visitor_email, owner_token, user_id, page_url, user_agent,
                created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8)
           returning id as session_id, visitor_name, visitor_email,
                     status as "status: ChatStatus", created_at"#,
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

pub async fn session(pool: &PgPool, chat_id: Uuid) -> Result<ChatSession, sqlx::Error> {
    sqlx::query_as!(
        ChatSession,
        r#"select id as session_id, visitor_name, visitor_email,
                  status as "status: ChatStatus", created_at
           from chat_sessions where id = $1"#,
        chat_id
    )
    .fetch_one(pool)
    .await
}

/// A chat's messages in their order.
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

/// Gives the chats a browser started anonymously (owner `token`) to `user_id`.
pub async fn adopt_anonymous_chats(
    pool: &PgPool,
    token: Uuid,
    user_id: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update chat_sessions set user_id = $2 where owner_token = $1 and user_id is null",
        token,
        user_id
    )
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
                  created_at as "created_at!", page_url, user_agent
           from chat_summaries
           where ($2::bool is null or status = 'open')
             and ($3::bool is null or awaiting_reply)
             and ($4::bool is null or status = 'resolved')
             and (not $5 or assigned_agent_id = $1)
             and (not $6 or assigned_agent_id is null)
           order by last_message_at desc limit 500"#,
        agent_id,
        open,
        pending,
        resolved,
        mine,
        unassigned,
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
                  created_at as "created_at!", page_url, user_agent
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

//! Chats themselves: who owns them, starting one, its messages, adoption at
//! sign-in, assignment, status and read marks.

use contract::chat::{ChatMessage, ChatSession, ChatState, ChatStatus, SenderType};
use contract::language::Language;

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
        r#"select owner_token, user_id,
                  case when status = 'resolved' then 'resolved' else 'open' end
                      as "status!: ChatStatus"
           from chat_sessions where id = $1"#,
        chat_id
    )
    .fetch_optional(pool)
    .await
}

/// The language chat `chat_id` was started in (English for one that does
/// not exist: nothing is written to it anyway).
#[tracing::instrument(name = "chat.db.language", skip_all, fields(chat.session_id = %chat_id))]
pub async fn language(pool: &PgPool, chat_id: Uuid) -> Result<Language, sqlx::Error> {
    let language = sqlx::query_scalar!(
        r#"select language as "language: Language" from chat_sessions where id = $1"#,
        chat_id
    )
    .fetch_optional(pool)
    .await?;
    Ok(language.unwrap_or_default())
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
    pub language: Language,
    /// The team its routing rules chose (none: everyone's).
    pub team_id: Option<Uuid>,
}

#[tracing::instrument(name = "chat.db.insert", skip_all)]
pub async fn insert(pool: &PgPool, chat: NewChat) -> Result<ChatSession, sqlx::Error> {
    sqlx::query_as!(
        ChatSession,
        r#"insert into chat_sessions
               (id, visitor_name, visitor_email, owner_token, user_id, page_url, user_agent,
                created_at, language, team_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           returning id as session_id, visitor_name, visitor_email,
                     status as "status: ChatStatus", created_at,
                     null::int8 as queue_position, language as "language: Language""#,
        Uuid::now_v7(),
        chat.visitor_name,
        chat.visitor_email,
        chat.owner_token,
        chat.user_id,
        chat.page_url,
        chat.user_agent,
        OffsetDateTime::now_utc(),
        chat.language.code(),
        chat.team_id,
    )
    .fetch_one(pool)
    .await
}

/// Removes a chat whose start was refused after its row was written (NATS
/// could not take its announcement), unless a message reached it.
pub async fn delete_unannounced(pool: &PgPool, chat_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from chat_sessions s where s.id = $1
           and not exists (select 1 from chat_messages m where m.session_id = s.id)",
        chat_id
    )
    .execute(pool)
    .await?;
    Ok(())
}

#[tracing::instrument(name = "chat.db.session", skip_all, fields(chat.session_id = %chat_id))]
pub async fn session(pool: &PgPool, chat_id: Uuid) -> Result<ChatSession, sqlx::Error> {
    sqlx::query_as!(
        ChatSession,
        r#"select s.id as session_id, s.visitor_name, s.visitor_email,
                  case when s.status = 'resolved' then 'resolved' else 'open' end
                      as "status!: ChatStatus",
                  s.created_at,
                  case when s.status = 'open' and s.assigned_agent_id is null then
                      (select count(*) from chat_sessions q
                        where q.status = 'open' and q.assigned_agent_id is null
                          and q.team_id is not distinct from s.team_id
                          and (q.created_at, q.id) <= (s.created_at, s.id))
                  end as queue_position,
                  s.language as "language: Language"
           from chat_sessions s where s.id = $1"#,
        chat_id
    )
    .fetch_one(pool)
    .await
}

/// The agent a chat is assigned to, as its visitor sees them.
pub struct AssignedAgent {
    pub name: String,
    /// Whether this agent has written in the chat yet.
    pub answered: bool,
}

#[tracing::instrument(name = "chat.db.assigned_agent", skip_all, fields(chat.session_id = %chat_id))]
pub async fn assigned_agent(
    pool: &PgPool,
    chat_id: Uuid,
) -> Result<Option<AssignedAgent>, sqlx::Error> {
    sqlx::query_as!(
        AssignedAgent,
        r#"select coalesce(p.display_name, a.name) as "name!",
                  exists(select 1 from chat_messages m
                          where m.session_id = s.id and m.sender_type = 'agent'
                            and m.agent_id = s.assigned_agent_id) as "answered!"
           from chat_sessions s
           join users a on a.id = s.assigned_agent_id
           left join agent_profiles p on p.agent_id = a.id
           where s.id = $1"#,
        chat_id
    )
    .fetch_optional(pool)
    .await
}

/// The median time from start to an agent's first reply over the last 200
/// chats of the past week, in seconds; `None` without any answered chat.
#[tracing::instrument(name = "chat.db.recent_wait", skip_all)]
pub async fn recent_wait_seconds(pool: &PgPool) -> Result<Option<f64>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select percentile_cont(0.5) within group (
                      order by extract(epoch from r.first_reply - s.created_at)::float8)
           from (select id, created_at from chat_sessions
                  where created_at > now() - interval '7 days'
                  order by created_at desc limit 200) s
           cross join lateral (
               select min(m.created_at) as first_reply from chat_messages m
                where m.session_id = s.id and m.sender_type = 'agent') r
           where r.first_reply is not null"#
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

/// The message a sender's client named `client_message_id` in this chat,
/// when one is stored: a resend of it, however late, answers with it.
#[tracing::instrument(name = "chat.db.stored_by_client_id", skip_all, fields(chat.session_id = %chat_id))]
pub async fn stored_by_client_id(
    pool: &PgPool,
    chat_id: Uuid,
    sender_type: SenderType,
    agent_id: Option<Uuid>,
    client_message_id: Uuid,
) -> Result<Option<ChatMessage>, sqlx::Error> {
    let id = sqlx::query_scalar!(
        "select id from chat_messages
         where session_id = $1 and sender_type = $2 and agent_id is not distinct from $3
           and client_message_id = $4",
        chat_id,
        sender_type as SenderType,
        agent_id,
        client_message_id
    )
    .fetch_optional(pool)
    .await?;
    let Some(id) = id else { return Ok(None) };
    // Rare (a resend whose first answer was lost): the chat's list is read
    // as the API answers it, attachment and all.
    let messages = runtime::chat_messages::stored_messages(pool, chat_id).await?;
    Ok(messages.into_iter().find(|message| message.id == id))
}

/// A chat's messages in their order.
#[tracing::instrument(name = "chat.db.messages", skip_all, fields(chat.session_id = %chat_id))]
pub async fn messages(pool: &PgPool, chat_id: Uuid) -> Result<Vec<ChatMessage>, sqlx::Error> {
    runtime::chat_messages::stored_messages(pool, chat_id).await
}

/// The chat's messages from `from` on (that one included, if the chat
/// has it), at most `limit`, oldest first.
pub async fn messages_from(
    pool: &PgPool,
    chat_id: Uuid,
    from: Uuid,
    limit: i64,
) -> Result<Vec<ChatMessage>, sqlx::Error> {
    runtime::chat_messages::stored_messages_from(pool, chat_id, Some(from), limit).await
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

/// Records that the visitor is being told agent `agent_id` joined chat
/// `chat_id`; false when they were last told so of the same agent (a chat
/// handed back after a return to the queue), so nothing new is said.
pub async fn mark_announced(
    pool: &PgPool,
    chat_id: Uuid,
    agent_id: Uuid,
) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query!(
        "update chat_sessions set announced_agent_id = $2
         where id = $1 and announced_agent_id is distinct from $2",
        chat_id,
        agent_id
    )
    .execute(pool)
    .await?
    .rows_affected();
    Ok(changed > 0)
}

/// Resolves the chat (from any other state) or reopens a resolved one
/// (`Open`), with its event in the agents' trail (`agent`: who did it), in
/// one transaction; returns whether it changed.
pub async fn set_status(
    pool: &PgPool,
    chat_id: Uuid,
    status: ChatStatus,
    agent: Option<Uuid>,
) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let from = sqlx::query_scalar!(
        r#"select status as "status: ChatState" from chat_sessions where id = $1 for update"#,
        chat_id
    )
    .fetch_optional(&mut *tx)
    .await?;
    let to = match status {
        ChatStatus::Open => ChatState::Open,
        ChatStatus::Resolved => ChatState::Resolved,
    };
    let Some(from) = from else {
        return Ok(false);
    };
    // Reopening is for a resolved chat; pending and snoozed ones are opened
    // by a state change (the `chat` worker's).
    let changes = match to {
        ChatState::Resolved => from != ChatState::Resolved,
        _ => from == ChatState::Resolved,
    };
    if !changes {
        return Ok(false);
    }
    sqlx::query!(
        "update chat_sessions set status = $2, snoozed_until = null, state_changed_at = now()
         where id = $1",
        chat_id,
        to as ChatState
    )
    .execute(&mut *tx)
    .await?;
    let verb = if to == ChatState::Resolved {
        "Resolved"
    } else {
        "Reopened"
    };
    state_event(&mut tx, chat_id, agent, verb, from, to).await?;
    tx.commit().await?;
    Ok(true)
}

/// Writes a state change in the agents' trail: "<verb> by <agent>", or
/// "<verb>: the visitor wrote" without one.
async fn state_event(
    tx: &mut sqlx::PgConnection,
    chat_id: Uuid,
    agent: Option<Uuid>,
    verb: &str,
    from: ChatState,
    to: ChatState,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"insert into chat_notes (id, session_id, kind, author_id, body, from_state, to_state)
           values ($1, $2, 'state', $3,
                   $4 || coalesce(' by ' || (select coalesce(p.display_name, u.name)
                                             from users u
                                             left join agent_profiles p on p.agent_id = u.id
                                             where u.id = $3),
                                  ': the visitor wrote'),
                   $5, $6)"#,
        Uuid::now_v7(),
        chat_id,
        agent,
        verb,
        from as ChatState,
        to as ChatState,
    )
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Reopens a resolved chat (its visitor wrote again), with its event in the
/// trail; returns whether it was resolved. Only a resolved chat's row is
/// written, so busy open chats do not become hot rows.
#[tracing::instrument(name = "chat.db.reopen", skip_all, fields(chat.session_id = %chat_id))]
pub async fn reopen(pool: &PgPool, chat_id: Uuid) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let changed = sqlx::query!(
        "update chat_sessions set status = 'open', state_changed_at = now()
         where id = $1 and status = 'resolved'",
        chat_id
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed > 0 {
        state_event(
            &mut tx,
            chat_id,
            None,
            "Reopened",
            ChatState::Resolved,
            ChatState::Open,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(changed > 0)
}

//! Chat rules shared by the REST routes and the socket: who may see a chat,
//! what a valid message is, and how a message enters the pipeline.

use contract::accounts::User;
use contract::chat::{
    CONFIRM_TO_HEADER, ChatMessage, InboxReason, SendMessage, SenderType, ServerFrame,
};
use futures::StreamExt as _;
use time::OffsetDateTime;
use tower_sessions::Session;
use uuid::Uuid;

use crate::error::ApiError;
use crate::extract::SIGN_IN_ID_KEY;
use crate::state::AppState;

/// What can go wrong in chat; mapped to HTTP in one place (`From<ChatError>
/// for ApiError`) and logged with its cause where it is handled.
#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    /// No such chat, or not the requester's: the same answer for both.
    #[error("chat not found")]
    NotFound,
    /// NATS/JetStream did not take the message.
    #[error("chat pipeline unavailable: {0:#}")]
    Unavailable(anyhow::Error),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("session store error: {0}")]
    Session(#[from] tower_sessions::session::Error),
}

impl From<ChatError> for ApiError {
    fn from(error: ChatError) -> Self {
        match error {
            ChatError::NotFound => ApiError::NotFound,
            ChatError::Unavailable(cause) => {
                tracing::warn!(error = format!("{cause:#}"), "chat pipeline unavailable");
                ApiError::Unavailable(UNAVAILABLE)
            }
            ChatError::Database(cause) => ApiError::from(cause),
            ChatError::Session(cause) => ApiError::from(cause),
        }
    }
}

/// Session key of the random token that marks this browser as the owner of
/// the chats it started. It survives the id rotation at login.
pub const OWNER_TOKEN_KEY: &str = "chat_owner";

/// Longest chat message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 4000;

/// Who is asking about a chat.
#[derive(Clone, Debug)]
pub struct Requester {
    pub owner_token: Option<Uuid>,
    pub user: Option<User>,
    /// The sign-in this request acts under, if any.
    pub sign_in_id: Option<Uuid>,
}

impl Requester {
    pub async fn from_session(session: &Session, user: Option<User>) -> Result<Self, ChatError> {
        let sign_in_id = match user {
            Some(_) => session.get(SIGN_IN_ID_KEY).await?,
            None => None,
        };
        Ok(Requester {
            owner_token: session.get(OWNER_TOKEN_KEY).await?,
            user,
            sign_in_id,
        })
    }

    /// The ids whose revocation must end this requester's sockets.
    pub fn revocation_keys(&self) -> Vec<Uuid> {
        self.sign_in_id
            .into_iter()
            .chain(self.user.as_ref().map(|user| user.id))
            .collect()
    }

    pub fn is_agent(&self) -> bool {
        self.user.as_ref().is_some_and(User::is_agent)
    }
}

#[derive(sqlx::FromRow)]
struct Ownership {
    owner_token: Uuid,
    user_id: Option<Uuid>,
}

/// The requester's role in chat `chat_id`: `User` for its owner, `Agent` for
/// an agent; `NotFound` (never "forbidden", which would confirm the id) for
/// anyone else or for a chat that does not exist.
pub async fn role_in_chat(
    state: &AppState,
    requester: &Requester,
    chat_id: Uuid,
) -> Result<SenderType, ChatError> {
    let row: Option<Ownership> =
        sqlx::query_as("select owner_token, user_id from chat_sessions where id = $1")
            .bind(chat_id)
            .fetch_optional(&state.pool)
            .await?;
    let row = row.ok_or(ChatError::NotFound)?;
    // The browser's token counts only until the chat belongs to an account:
    // signing in hands the token's chats over and drops it, so a token
    // presented for an adopted chat is a stale copy of an ended session.
    let owns_by_browser = row.user_id.is_none() && requester.owner_token == Some(row.owner_token);
    let owns_by_account =
        row.user_id.is_some() && row.user_id == requester.user.as_ref().map(|user| user.id);
    if owns_by_browser || owns_by_account {
        Ok(SenderType::User)
    } else if requester.is_agent() {
        Ok(SenderType::Agent)
    } else {
        Err(ChatError::NotFound)
    }
}

/// Gives the chats a browser started anonymously (owner `token`) to the
/// account that just signed in there.
pub async fn adopt_anonymous_chats(
    state: &AppState,
    token: Uuid,
    user_id: Uuid,
) -> Result<(), ChatError> {
    sqlx::query("update chat_sessions set user_id = $2 where owner_token = $1 and user_id is null")
        .bind(token)
        .bind(user_id)
        .execute(&state.pool)
        .await?;
    Ok(())
}

/// Puts a message on the `CHAT` stream and answers once JetStream has it,
/// after waiting (bounded) for the worker to commit it.
pub async fn send_message(
    state: &AppState,
    session_id: Uuid,
    sender_type: SenderType,
    agent_id: Option<Uuid>,
    text: String,
) -> Result<ChatMessage, ChatError> {
    let message = ChatMessage {
        id: Uuid::now_v7(),
        session_id,
        sender_type,
        message: text,
        created_at: OffsetDateTime::now_utc(),
    };
    let confirm_to = state.nats.new_inbox();
    let mut confirmation = state
        .nats
        .subscribe(confirm_to.clone())
        .await
        .map_err(|error| {
            ChatError::Unavailable(
                anyhow::Error::new(error).context("failed to subscribe for the confirmation"),
            )
        })?;
    let mut headers = contract::telemetry::deduplicated_headers(&message.id.to_string());
    headers.insert(CONFIRM_TO_HEADER, confirm_to.as_str());
    let command = SendMessage {
        message: message.clone(),
        agent_id,
    };
    publish_durable(
        state,
        state.namespace.chat_send(session_id),
        headers,
        &command,
    )
    .await?;
    state
        .metrics
        .counter(
            "chat_messages_accepted_total",
            &[("sender", format!("{sender_type:?}").to_lowercase())],
        )
        .increment(1);
    // Bounded wait for the worker's commit (read-your-writes); on time-out the
    // message is durable in JetStream anyway and arrives by event.
    if tokio::time::timeout(state.settings.chat_confirm_timeout, confirmation.next())
        .await
        .is_err()
    {
        tracing::warn!(chat.message_id = %message.id, "no commit confirmation in time");
    }
    Ok(message)
}

const UNAVAILABLE: &str = "Chat is temporarily unavailable. Please try again.";

/// Publishes `payload` to the `CHAT` stream and returns once JetStream has
/// stored it; `Unavailable` when it does not.
pub async fn publish_durable(
    state: &AppState,
    subject: String,
    headers: async_nats::HeaderMap,
    payload: &impl serde::Serialize,
) -> Result<(), ChatError> {
    // Serialising our own plain types cannot fail.
    let payload = serde_json::to_vec(payload).unwrap_or_default();
    let acked = async {
        state
            .jetstream
            .publish_with_headers(subject, headers, payload.into())
            .await?
            .await
    };
    acked.await.map_err(|error| {
        ChatError::Unavailable(anyhow::Error::new(error).context("not accepted by JetStream"))
    })?;
    Ok(())
}

/// Assigns chat `chat_id` to `agent` and tells the visitor with a system
/// message. Unless `take_over`, only an unassigned chat is taken. Returns
/// whether the assignment changed.
pub async fn assign_agent(
    state: &AppState,
    chat_id: Uuid,
    agent: &User,
    take_over: bool,
) -> Result<bool, ChatError> {
    let changed = sqlx::query(
        "update chat_sessions set assigned_agent_id = $2
         where id = $1 and assigned_agent_id is distinct from $2
           and (assigned_agent_id is null or $3)",
    )
    .bind(chat_id)
    .bind(agent.id)
    .bind(take_over)
    .execute(&state.pool)
    .await?
    .rows_affected()
        > 0;
    if changed {
        let notice = format!("{} joined the chat", agent.name);
        send_message(state, chat_id, SenderType::System, None, notice).await?;
        publish_inbox_update(state, chat_id, InboxReason::Assignment).await;
    }
    Ok(changed)
}

/// Tells every agent console (on every gateway) that a chat changed.
/// Best effort: consoles also refetch when they reconnect.
pub async fn publish_inbox_update(state: &AppState, session_id: Uuid, reason: InboxReason) {
    let frame = frame_json(&ServerFrame::InboxUpdate { session_id, reason });
    if let Err(error) = state
        .nats
        .publish(state.namespace.agents_events(), frame.into())
        .await
    {
        tracing::warn!(%error, "failed to publish an inbox update");
    }
}

/// A server frame as the JSON text sent on sockets and NATS.
pub fn frame_json(frame: &ServerFrame) -> String {
    // Serialising our own plain enum cannot fail.
    serde_json::to_string(frame).unwrap_or_default()
}

//! Who may see and write a chat: its owner (the browser that started it, a
//! browser that opened its reply email's link, or the account that adopted
//! it) as the visitor, any agent as an agent.

use contract::accounts::User;
use contract::chat::{ChatStatus, SenderType};
use tower_sessions::Session;
use uuid::Uuid;

use super::ChatError;
use crate::platform::extract::SIGN_IN_ID_KEY;
use crate::state::AppState;

/// Session key of the random token that marks this browser as the owner of
/// the chats it started. It survives the id rotation at login.
pub const OWNER_TOKEN_KEY: &str = "chat_owner";

/// Session key of the chats this browser opened from their reply emails'
/// links (`/api/chat/continue`): each with the owner token the chat had
/// then, so an erasure (which gives the chat a new one) ends the grant.
pub const LINKED_CHATS_KEY: &str = "chat_links";

/// The most chats one browser holds by link; the oldest goes first.
pub const MAX_LINKED_CHATS: usize = 20;

/// Who is asking about a chat.
#[derive(Clone, Debug)]
pub struct Requester {
    pub owner_token: Option<Uuid>,
    /// (chat, its owner token) for each chat opened from an emailed link.
    pub linked_chats: Vec<(Uuid, Uuid)>,
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
            linked_chats: session.get(LINKED_CHATS_KEY).await?.unwrap_or_default(),
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

/// The requester's role in a chat and the chat's status.
#[derive(Clone, Copy, Debug)]
pub struct Access {
    pub role: SenderType,
    pub status: ChatStatus,
}

/// The requester's role in chat `chat_id`: `User` for its owner, `Agent` for
/// an agent; `NotFound` (never "forbidden", which would confirm the id) for
/// anyone else or for a chat that does not exist.
pub async fn role_in_chat(
    state: &AppState,
    requester: &Requester,
    chat_id: Uuid,
) -> Result<SenderType, ChatError> {
    Ok(access(state, requester, chat_id).await?.role)
}

/// [`role_in_chat`], with the chat's status read in the same query.
#[tracing::instrument(name = "chat.access", skip_all, fields(chat.session_id = %chat_id))]
pub async fn access(
    state: &AppState,
    requester: &Requester,
    chat_id: Uuid,
) -> Result<Access, ChatError> {
    let row = state
        .chat_owners
        .get(&state.pool, chat_id)
        .await?
        .ok_or(ChatError::NotFound)?;
    // The browser's token counts only until the chat belongs to an account:
    // signing in hands the token's chats over and drops it, so a token
    // presented for an adopted chat is a stale copy of an ended session.
    let owns_by_browser = row.user_id.is_none()
        && (requester.owner_token == Some(row.owner_token)
            || requester.linked_chats.contains(&(chat_id, row.owner_token)));
    let owns_by_account =
        row.user_id.is_some() && row.user_id == requester.user.as_ref().map(|user| user.id);
    let role = if owns_by_browser || owns_by_account {
        SenderType::User
    } else if requester.is_agent() {
        SenderType::Agent
    } else {
        return Err(ChatError::NotFound);
    };
    Ok(Access {
        role,
        status: row.status,
    })
}

//! What signing in does to a browser's session, whichever way the person
//! proved who they are (password, second factor, a new second factor set
//! up at sign-in).

use contract::accounts::User;
use time::OffsetDateTime;
use tower_sessions::Session;
use uuid::Uuid;

use crate::accounts::revocation;
use crate::chat::{OWNER_TOKEN_KEY, adopt_anonymous_chats};
use crate::platform::error::ApiError;
use crate::platform::extract::{SIGN_IN_ID_KEY, SIGNED_IN_AT_KEY, USER_ID_KEY};
use crate::state::AppState;

/// Rotates the session id (against fixation) and records who signed in when.
/// Chat ownership follows the person: chats this browser started before
/// signing in become the account's, and the browser's anonymous owner token
/// is dropped, so signing in as someone else inherits nothing; sockets of a
/// previous sign-in in this browser are closed.
pub async fn sign_in(state: &AppState, session: &Session, user: &User) -> Result<(), ApiError> {
    if let Some(token) = session.remove::<Uuid>(OWNER_TOKEN_KEY).await? {
        adopt_anonymous_chats(state, token, user.id).await?;
    }
    if let Some(previous) = session.remove::<Uuid>(SIGN_IN_ID_KEY).await? {
        revocation::revoke(state, previous).await;
    }
    session.insert(SIGN_IN_ID_KEY, Uuid::new_v4()).await?;
    session.cycle_id().await?;
    session.insert(USER_ID_KEY, user.id).await?;
    session
        .insert(SIGNED_IN_AT_KEY, OffsetDateTime::now_utc().unix_timestamp())
        .await?;
    Ok(())
}

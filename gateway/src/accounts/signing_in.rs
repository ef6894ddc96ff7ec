//! What signing in does to a browser's session, whichever way the person
//! proved who they are (password, second factor, a new second factor set
//! up at sign-in).

use contract::accounts::{Role, User};
use time::OffsetDateTime;
use tower_sessions::Session;
use uuid::Uuid;

use crate::accounts::revocation;
use crate::chat::{OWNER_TOKEN_KEY, adopt_anonymous_chats};
use crate::platform::error::ApiError;
use crate::platform::extract::{SIGN_IN_ID_KEY, SIGNED_IN_AT_KEY, USER_ID_KEY};
use crate::state::AppState;

/// How the person proved who they are, for the audit log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// A new account, signed in as it is made.
    Register,
    /// A password, on an account with no second factor.
    Password,
    /// A password, then a code from the authenticator app.
    Totp,
    /// A password, then a recovery code.
    RecoveryCode,
    /// A password, then a passkey.
    Passkey,
    /// The same person signed in again under a new id (a second factor
    /// changed): no new sign-in.
    Again,
}

impl How {
    fn method(self) -> Option<&'static str> {
        Some(match self {
            How::Register => "register",
            How::Password => "password",
            How::Totp => "totp",
            How::RecoveryCode => "recovery_code",
            How::Passkey => "passkey",
            How::Again => return None,
        })
    }
}

/// Rotates the session id (against fixation) and records who signed in when.
/// Chat ownership follows the person: chats this browser started before
/// signing in become the account's, and the browser's anonymous owner token
/// is dropped, so signing in as someone else inherits nothing; sockets of a
/// previous sign-in in this browser are closed. A staff member's sign-in
/// is recorded in the audit log with `how`.
pub async fn sign_in(
    state: &AppState,
    session: &Session,
    user: &User,
    how: How,
) -> Result<(), ApiError> {
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
    if let Some(method) = how.method().filter(|_| user.role != Role::User) {
        crate::accounts::store::record_sign_in(&state.pool, user.id, method).await?;
    }
    Ok(())
}

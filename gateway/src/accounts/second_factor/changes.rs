//! The signed-in account's second factors as the security page shows them,
//! and what follows a change of one: the account's other sign-ins end.

use contract::accounts::User;
use contract::second_factor::SecondFactorStatus;
use tower_sessions::Session;

use super::requirement::required_for;
use crate::accounts::signing_in::How;
use crate::accounts::store;
use crate::platform::error::ApiError;
use crate::state::AppState;

/// The signed-in account's second factors, as the security page shows them.
pub async fn status_of(state: &AppState, user: &User) -> Result<SecondFactorStatus, ApiError> {
    let (totp, left) = store::status(&state.pool, user.id).await?;
    Ok(SecondFactorStatus {
        totp,
        recovery_codes_left: u32::try_from(left).unwrap_or(0),
        required: required_for(&state.site_settings.current().settings, user.role),
        passkeys: store::summaries(&state.pool, user.id).await?,
    })
}

/// After an enrolment or removal committed with the account's stored
/// sessions `ended`: drops them on every gateway and closes the account's
/// sockets, then signs this session in again under a new id.
pub async fn end_other_sign_ins(
    state: &AppState,
    session: &Session,
    user: &User,
    ended: &[String],
) -> Result<(), ApiError> {
    crate::platform::sessions::announce_ended(
        &state.nats,
        &state.namespace.sessions_changed(),
        ended,
    )
    .await;
    crate::accounts::revocation::revoke(state, user.id).await;
    crate::accounts::signing_in::sign_in(state, session, user, How::Again).await?;
    tracing::info!(user.id = %user.id, sessions = ended.len(), "second factor changed; other sessions ended");
    Ok(())
}

//! A second factor at sign-in: TOTP ([`totp`]) and passkeys ([`passkey`]),
//! with one-time recovery codes. A password that is right for an account
//! with a factor leaves the session half-signed-in ([`login`]) until a code
//! or a passkey is given; the site settings may
//! require a factor of the admin and support roles, and a member of such a
//! role without one may only enrol ([`enforce`]). Enrolling or removing a
//! factor ends the account's other sessions and sockets.

pub mod http;
pub mod login;
pub mod passkey;
mod passkey_http;
mod passkey_store;
mod store;
pub mod totp;

use contract::accounts::{Role, User};
use contract::second_factor::SecondFactorStatus;
use secrecy::ExposeSecret as _;
use serde::Deserialize;
use sqlx::PgConnection;
use tower_sessions::Session;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use uuid::Uuid;

use crate::platform::error::ApiError;
use crate::platform::input::{self, Input, InputError};
use crate::state::AppState;

pub use store::has_factor;

/// Second factors' `/api` routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(http::router())
        .merge(passkey_http::router())
        .merge(login::router())
}

/// What a member whose role requires a second factor, and who has none, is
/// told by every route but the enrolment ones.
pub const ENROL_FIRST: &str = "Your role requires a second factor. Set one up under Account security (/account/security) to continue.";

/// The paths such a member may still use: who they are, signing out, and
/// enrolling.
const OPEN_WITHOUT_FACTOR: &[&str] = &["/api/user", "/api/logout", "/api/account/second-factor"];

/// Whether the site settings require a second factor of `role`.
pub fn required_for(state: &AppState, role: Role) -> bool {
    role.is_agent()
        && state
            .site_settings
            .current()
            .settings
            .second_factor_roles
            .contains(&role)
}

/// The site setting `secondFactorRoles` as saved: staff roles only, each
/// once, admin first.
pub fn roles_setting(roles: Vec<Role>) -> Result<Vec<Role>, InputError> {
    if roles.contains(&Role::User) {
        return Err(InputError::new(
            "A second factor can be required of admins and support agents only",
        ));
    }
    Ok([Role::Admin, Role::Support]
        .into_iter()
        .filter(|role| roles.contains(role))
        .collect())
}

/// Refuses a setting that requires a second factor of the saving admin's
/// own role while they have none: they would be stopped at their next
/// request, and so would every admin like them.
pub async fn check_own_role(
    state: &AppState,
    admin: &User,
    roles: &[Role],
) -> Result<(), ApiError> {
    if roles.contains(&admin.role) && !store::has_factor(&state.pool, admin.id).await? {
        return Err(ApiError::InvalidField {
            message: "Set up your own second factor under Account security before requiring one of your role".to_owned(),
            field: "secondFactorRoles".to_owned(),
        });
    }
    Ok(())
}

/// 403 ([`ENROL_FIRST`]) when `user`'s role requires a second factor they
/// do not have, unless `path` is one of the few open to them.
pub async fn enforce(state: &AppState, user: &User, path: &str) -> Result<(), ApiError> {
    if !required_for(state, user.role)
        || OPEN_WITHOUT_FACTOR
            .iter()
            .any(|open| path == *open || path.starts_with(&format!("{open}/")))
    {
        return Ok(());
    }
    if store::has_factor(&state.pool, user.id).await? {
        Ok(())
    } else {
        Err(ApiError::Forbidden(ENROL_FIRST))
    }
}

/// A code typed by a person: six digits from the app, or a recovery code.
#[cfg_attr(any(test, feature = "fuzzing"), derive(Debug, serde::Serialize))]
#[derive(Deserialize, ToSchema)]
pub(crate) struct CodeBody {
    #[schema(min_length = 1, max_length = 64)]
    code: String,
}

impl Input for CodeBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[("code", "Code")];

    fn check(self) -> Result<Self, InputError> {
        Ok(CodeBody {
            code: input::text("Code", self.code)?
                .required()?
                .max_chars(64)?
                .value(),
        })
    }
}

/// How a second factor was proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    Totp,
    RecoveryCode,
}

/// What a wrong code is told.
pub const WRONG_CODE: &str = "That code is not valid. Check your authenticator app and try again.";

fn sealer(state: &AppState) -> totp::Sealer {
    totp::Sealer::new(state.settings.signing_key.expose_secret())
}

/// The signed-in account's second factors, as the security page shows them.
async fn status_of(state: &AppState, user: &User) -> Result<SecondFactorStatus, ApiError> {
    let (totp, left) = store::status(&state.pool, user.id).await?;
    Ok(SecondFactorStatus {
        totp,
        recovery_codes_left: u32::try_from(left).unwrap_or(0),
        required: required_for(state, user.role),
        passkeys: passkey_store::summaries(&state.pool, user.id).await?,
    })
}

/// New recovery codes (shown once) and their hashes (kept), for the first
/// factor an account enrols.
async fn fresh_recovery_codes() -> Result<(Vec<String>, Vec<String>), ApiError> {
    let codes = totp::new_recovery_codes();
    // Argon2 is slow by design: off the async threads.
    let hashes = tokio::task::spawn_blocking({
        let codes = codes.clone();
        move || {
            codes
                .iter()
                .map(|code| totp::hash_recovery_code(&totp::normalize_recovery_code(code)))
                .collect::<anyhow::Result<Vec<_>>>()
        }
    })
    .await
    .map_err(|error| ApiError::Internal(anyhow::Error::new(error)))??;
    Ok((codes, hashes))
}

fn unix_now() -> u64 {
    u64::try_from(time::OffsetDateTime::now_utc().unix_timestamp()).unwrap_or(0)
}

/// Checks `code` for `user_id` within `tx`: a TOTP code of the confirmed
/// secret (each step once) or an unused recovery code (then used up).
/// `None` when it is neither.
pub async fn prove(
    state: &AppState,
    tx: &mut PgConnection,
    user_id: Uuid,
    code: &str,
) -> Result<Option<Proof>, ApiError> {
    if totp::is_totp_code(code) {
        let Some((sealed, true)) = store::secret(&state.pool, user_id).await? else {
            return Ok(None);
        };
        let secret = sealer(state).open(&sealed).ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!(
                "a TOTP secret does not open with this SIGNING_KEY"
            ))
        })?;
        let Some(step) = totp::matching_step(&secret, code, unix_now()) else {
            return Ok(None);
        };
        // A code already used (a replay, or two tabs at once) is refused.
        let used = store::use_step(tx, user_id, step, false).await?;
        return Ok(used.then_some(Proof::Totp));
    }
    let code = totp::normalize_recovery_code(code);
    let candidates = store::unused_recovery_codes(&state.pool, user_id).await?;
    // Argon2 is slow by design: off the async threads.
    let matched = tokio::task::spawn_blocking(move || {
        candidates
            .into_iter()
            .find(|(_, hash)| totp::recovery_code_matches(&code, hash))
            .map(|(id, _)| id)
    })
    .await
    .map_err(|error| ApiError::Internal(anyhow::Error::new(error)))?;
    let Some(id) = matched else {
        return Ok(None);
    };
    let used = store::use_recovery_code(tx, id).await?;
    Ok(used.then_some(Proof::RecoveryCode))
}

/// After an enrolment or removal committed in `tx`: ends every other
/// session of the account on every gateway and closes its sockets, then
/// signs this session in again under a new id.
async fn end_other_sign_ins(
    state: &AppState,
    session: &Session,
    user: &User,
    mut tx: sqlx::Transaction<'_, sqlx::Postgres>,
) -> Result<(), ApiError> {
    let ended = crate::platform::sessions::delete_of_user(&mut tx, user.id).await?;
    tx.commit().await?;
    crate::platform::sessions::announce_ended(
        &state.nats,
        &state.namespace.sessions_changed(),
        &ended,
    )
    .await;
    crate::accounts::revocation::revoke(state, user.id).await;
    crate::accounts::auth::sign_in(state, session, user).await?;
    tracing::info!(user.id = %user.id, sessions = ended.len(), "second factor changed; other sessions ended");
    Ok(())
}

/// After `secondFactorRoles` is saved: closes the sockets, on every gateway,
/// of each member of `roles` who has no second factor. Their REST sessions
/// stay and answer 403 but for enrolment ([`enforce`]); a socket checks
/// nothing once open, so it is closed instead.
pub async fn close_sockets_lacking_factor(
    state: &AppState,
    roles: &[Role],
) -> Result<(), ApiError> {
    if roles.is_empty() {
        return Ok(());
    }
    let roles: Vec<&str> = roles.iter().map(|role| role.as_str()).collect();
    let members: Vec<Uuid> = sqlx::query_scalar("select id from users where role = any($1)")
        .bind(&roles)
        .fetch_all(&state.pool)
        .await?;
    for member in members {
        if !store::has_factor(&state.pool, member).await? {
            crate::accounts::revocation::revoke(state, member).await;
        }
    }
    Ok(())
}

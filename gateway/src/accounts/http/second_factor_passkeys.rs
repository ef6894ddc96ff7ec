//! `/api/account/second-factor/passkeys`: the signed-in account's passkeys,
//! added (a WebAuthn registration in two requests) and removed from the
//! account security page.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use contract::second_factor::{PasskeyAdded, SecondFactorStatus};
use tower_sessions::Session;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;
use webauthn_rs::prelude::{CreationChallengeResponse, PasskeyRegistration};

use crate::accounts::second_factor::changes::{end_other_sign_ins, status_of};
use crate::accounts::second_factor::codes::fresh_recovery_codes;
use crate::accounts::second_factor::passkey::{self, NameBody, PASSKEY_REFUSED, RegistrationBody};
use crate::accounts::store;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{ApiPath, CurrentUser};
use crate::platform::input::ValidatedJson;
use crate::platform::limits::Limit;
use crate::platform::words::Words;
use crate::state::AppState;

/// The registration under way, with the name it will be saved under.
const REGISTRATION_KEY: &str = "passkey_registration";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start_registration))
        .routes(routes!(finish_registration))
        .routes(routes!(remove_passkey))
}

/// The name an authenticator shows for the account (its email when the
/// account has no name).
fn display_name(user: &contract::accounts::User) -> &str {
    if user.name.trim().is_empty() {
        &user.email
    } else {
        &user.name
    }
}

/// Starts adding a passkey named `name`: the answer holds the options for
/// `navigator.credentials.create` (under `publicKey`). Nothing is saved
/// until the browser's answer is finished.
#[utoipa::path(post, path = "/account/second-factor/passkeys", tag = "auth",
    request_body = NameBody,
    security(("csrf" = [], "session" = [])),
    responses(
        (status = 201, description = "WebAuthn creation options (`publicKey`) for the browser", body = Object),
        (status = 400, description = "The name is missing, too long or not one line", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 429, description = "Too many changes", body = ErrorBody),
        (status = 503, description = "Passkeys need the site's public address to be a domain name", body = ErrorBody),
    ))]
async fn start_registration(
    State(state): State<AppState>,
    session: Session,
    CurrentUser(user): CurrentUser,
    ValidatedJson(body): ValidatedJson<NameBody>,
) -> Result<(StatusCode, Json<CreationChallengeResponse>), ApiError> {
    state
        .limits
        .check(Limit::SecondFactorChange, user.id.to_string().as_str())?;
    let webauthn = passkey::webauthn(&state)?;
    // The authenticator refuses to make a second passkey for this site on
    // a device that holds one of these already.
    let existing = store::credentials(&state.pool, user.id)
        .await?
        .iter()
        .map(|key| key.cred_id().clone())
        .collect::<Vec<_>>();
    let (options, registration) = webauthn
        .start_passkey_registration(user.id, &user.email, display_name(&user), Some(existing))
        .map_err(|error| ApiError::Internal(anyhow::anyhow!("passkey registration: {error}")))?;
    passkey::keep_ceremony(&session, REGISTRATION_KEY, (body.name, registration)).await?;
    Ok((StatusCode::CREATED, Json(options)))
}

/// Finishes adding the passkey with the browser's answer. An account
/// without recovery codes (this is its first factor) gets them in the
/// answer, shown this once; the account's other sessions end.
#[utoipa::path(post, path = "/account/second-factor/passkeys/finish", tag = "auth",
    request_body(content = Object, description = "The `PublicKeyCredential` from `navigator.credentials.create`, JSON-encoded"),
    security(("csrf" = [], "session" = [])),
    responses(
        (status = 200, description = "Added; recovery codes if the account had none", body = PasskeyAdded),
        (status = 400, description = "The passkey could not be verified", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "No registration was started (or it expired), or this passkey is added already", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
        (status = 503, description = "Passkeys need the site's public address to be a domain name", body = ErrorBody),
    ))]
async fn finish_registration(
    State(state): State<AppState>,
    session: Session,
    CurrentUser(user): CurrentUser,
    ValidatedJson(RegistrationBody(credential)): ValidatedJson<RegistrationBody>,
) -> Result<Json<PasskeyAdded>, ApiError> {
    state
        .limits
        .check(Limit::SecondFactorCode, user.id.to_string().as_str())?;
    let webauthn = passkey::webauthn(&state)?;
    let Some((name, registration)) =
        passkey::take_ceremony::<(String, PasskeyRegistration)>(&session, REGISTRATION_KEY).await?
    else {
        return Err(ApiError::Conflict(Words::text("passkey-no-set-up")));
    };
    let key = webauthn
        .finish_passkey_registration(&credential, &registration)
        .map_err(|error| {
            tracing::info!(user.id = %user.id, %error, "passkey registration refused");
            ApiError::BadRequest(PASSKEY_REFUSED)
        })?;
    let Some(added) = store::add_passkey(&state.pool, user.id, &key, &name, async || {
        fresh_recovery_codes().await
    })
    .await?
    else {
        return Err(ApiError::Conflict(Words::text("passkey-added-already")));
    };
    end_other_sign_ins(&state, &session, &user, &added.ended).await?;
    Ok(Json(PasskeyAdded {
        passkey: added.passkey,
        recovery_codes: added.recovery_codes,
    }))
}

/// Removes one of the account's passkeys (the recovery codes go too when
/// it was the last factor). The account's other sessions end.
#[utoipa::path(delete, path = "/account/second-factor/passkeys/{id}", tag = "auth",
    params(("id" = Uuid, Path, description = "The passkey's id")),
    security(("csrf" = [], "session" = [])),
    responses(
        (status = 200, description = "Removed", body = SecondFactorStatus),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "The account has no such passkey", body = ErrorBody),
        (status = 429, description = "Too many changes", body = ErrorBody),
    ))]
async fn remove_passkey(
    State(state): State<AppState>,
    session: Session,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<SecondFactorStatus>, ApiError> {
    state
        .limits
        .check(Limit::SecondFactorChange, user.id.to_string().as_str())?;
    let Some(ended) = store::remove_passkey(&state.pool, user.id, id).await? else {
        return Err(ApiError::NoSuch("Passkey not found".into()));
    };
    end_other_sign_ins(&state, &session, &user, &ended).await?;
    Ok(Json(status_of(&state, &user).await?))
}

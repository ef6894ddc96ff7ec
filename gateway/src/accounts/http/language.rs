//! The signed-in user's language: saved when they choose one, so that the
//! site opens in it when they sign in on another device (issue 39).

use axum::extract::State;
use axum::http::StatusCode;
use contract::language::Language;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::store;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::CurrentUser;
use crate::platform::input::{Input, InputError, ValidatedJson};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(save_language))
}

#[cfg_attr(test, derive(Debug))]
#[derive(Deserialize, ToSchema)]
pub(crate) struct LanguageBody {
    language: Language,
}

impl Input for LanguageBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[("language", "Language")];

    fn check(self) -> Result<Self, InputError> {
        Ok(self)
    }
}

/// Saves the language the signed-in user chose.
#[utoipa::path(put, path = "/user/language", tag = "auth",
    request_body = LanguageBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Saved"),
        (status = 400, description = "Not one of the site's languages", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
async fn save_language(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ValidatedJson(body): ValidatedJson<LanguageBody>,
) -> Result<StatusCode, ApiError> {
    store::set_language(&state.pool, user.id, body.language).await?;
    Ok(StatusCode::NO_CONTENT)
}

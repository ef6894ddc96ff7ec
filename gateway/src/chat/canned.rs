//! Canned replies: a library every agent reads (`GET
//! /api/agent/canned-responses`, for the `/` picker in the reply box) and
//! only admins change (`POST`, `PUT .../{id}`, `DELETE .../{id}`). Each
//! change is audited. Table `canned_responses`, written only here (its
//! queries: `store::canned`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use contract::agents::{CannedResponse, CannedResponseInput};
use serde_json::json;
use uuid::Uuid;

use super::error::ChatError;
use super::store;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, Agent, ApiPath};
use crate::platform::input::{self, Input, InputError, ValidatedJson};
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(update, delete))
}

/// A shortcut is what follows the `/`: 1–32 lowercase letters, digits and
/// dashes.
fn is_valid_shortcut(shortcut: &str) -> bool {
    (1..=32).contains(&shortcut.len())
        && shortcut
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

impl Input for CannedResponseInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("shortcut", "Shortcut"),
        ("title", "Title"),
        ("body", "Reply text"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let shortcut = input::text("Shortcut", self.shortcut)?.required()?.value();
        if !is_valid_shortcut(&shortcut) {
            return Err(InputError::new(
                "Shortcut must be 1 to 32 lowercase letters, digits or dashes".to_owned(),
            ));
        }
        Ok(CannedResponseInput {
            shortcut,
            title: input::text("Title", self.title)?
                .required()?
                .max_chars(100)?
                .value(),
            body: input::multiline("Reply text", self.body)?
                .required()?
                .max_chars(4000)?
                .value(),
        })
    }
}

/// The team's canned replies.
#[utoipa::path(get, path = "/agent/canned-responses", tag = "agent",
    security(("session" = [])),
    responses(
        (status = 200, description = "The replies", body = Vec<CannedResponse>),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
    ))]
async fn list(
    State(state): State<AppState>,
    Agent(_): Agent,
) -> Result<Json<Vec<CannedResponse>>, ApiError> {
    let replies = store::canned_responses(&state.pool).await?;
    Ok(Json(replies))
}

/// Adds a canned reply.
#[utoipa::path(post, path = "/agent/canned-responses", tag = "agent",
    request_body = CannedResponseInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 201, description = "The reply", body = CannedResponse),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 409, description = "Another canned reply already uses this shortcut", body = ErrorBody),
    ))]
async fn create(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(body): ValidatedJson<CannedResponseInput>,
) -> Result<(StatusCode, Json<CannedResponse>), ApiError> {
    let mut tx = state.pool.begin().await?;
    let reply = store::create_canned(&mut tx, &body).await?;
    let details = json!({ "shortcut": reply.shortcut });
    crate::platform::audit::record(
        &mut tx,
        admin.id,
        "create",
        "canned_response",
        reply.id,
        details,
    )
    .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(reply)))
}

/// Replaces a canned reply.
#[utoipa::path(put, path = "/agent/canned-responses/{id}", tag = "agent",
    params(("id" = Uuid, Path, description = "The canned reply id")),
    request_body = CannedResponseInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The reply", body = CannedResponse),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Canned reply not found", body = ErrorBody),
        (status = 409, description = "Another canned reply already uses this shortcut", body = ErrorBody),
    ))]
async fn update(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<CannedResponseInput>,
) -> Result<Json<CannedResponse>, ApiError> {
    let mut tx = state.pool.begin().await?;
    let reply = store::update_canned(&mut tx, id, &body)
        .await?
        .ok_or(ChatError::NoSuchCannedReply)?;
    let details = json!({ "shortcut": reply.shortcut });
    crate::platform::audit::record(&mut tx, admin.id, "update", "canned_response", id, details)
        .await?;
    tx.commit().await?;
    Ok(Json(reply))
}

/// Deletes a canned reply.
#[utoipa::path(delete, path = "/agent/canned-responses/{id}", tag = "agent",
    params(("id" = Uuid, Path, description = "The canned reply id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Canned reply not found", body = ErrorBody),
    ))]
async fn delete(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<StatusCode, ApiError> {
    let mut tx = state.pool.begin().await?;
    let shortcut = store::delete_canned(&mut tx, id)
        .await?
        .ok_or(ChatError::NoSuchCannedReply)?;
    let details = json!({ "shortcut": shortcut });
    crate::platform::audit::record(&mut tx, admin.id, "delete", "canned_response", id, details)
        .await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortcuts_are_short_lowercase_words_with_dashes() {
        for good in ["hi", "refund-policy", "a", "sla-24h", &"x".repeat(32)] {
            assert!(is_valid_shortcut(good), "{good}");
        }
        for bad in [
            "",
            "Hi",
            "two words",
            "ümlaut",
            "under_score",
            "/hi",
            &"x".repeat(33),
        ] {
            assert!(!is_valid_shortcut(bad), "{bad}");
        }
    }
}

//! The operator's view (admins only): `GET /api/admin/database` shows the
//! applied migrations, the tables with their sizes, the chat attachments'
//! total size, this deployment's
//! JetStream streams and consumers, the dead letters waiting for
//! someone, and the retention worker's next run (what it would remove now)
//! and latest runs. The two writes — `POST /api/admin/dead-letters/{id}/replay` and
//! `/discard` — are audited in their own transaction (`store::dead_letters`).

use axum::extract::State;
use axum::http::StatusCode;
use contract::database::DatabaseOverview;
use runtime::dead_letters;
use uuid::Uuid;

use crate::ops::error::OpsError;
use crate::ops::store;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiPath};
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Dead letters listed on the page, newest first.
const LISTED_DEAD_LETTERS: i64 = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(overview))
        .routes(routes!(replay))
        .routes(routes!(discard))
}

/// Migrations, table sizes, JetStream streams and consumers, dead letters.
#[utoipa::path(get, path = "/admin/database", tag = "admin",
    security(("session" = [])),
    responses(
        (status = 200, description = "The overview", body = DatabaseOverview),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn overview(
    State(state): State<AppState>,
    _admin: Admin,
) -> Result<axum::Json<DatabaseOverview>, ApiError> {
    let periods = state.site_settings.current().settings.retention.clone();
    let (migrations, tables, dead_letters, counts, chat_attachments, retention) = tokio::try_join!(
        store::migrations(&state.pool),
        store::tables(&state.pool, store::RowCounting::PAGE),
        async { Ok::<_, OpsError>(dead_letters::latest(&state.pool, LISTED_DEAD_LETTERS).await?) },
        async { Ok::<_, OpsError>(dead_letters::counts(&state.pool).await?) },
        store::attachment_totals(&state.pool),
        async { Ok::<_, OpsError>(runtime::retention::overview(&state.pool, &periods).await?) },
    )?;
    let (streams, streams_error) =
        match crate::ops::streams::streams(&state.jetstream, &state.namespace).await {
            Ok(streams) => (streams, None),
            Err(error) => {
                // The rest of the page still helps while NATS is away.
                tracing::warn!(error = format!("{error:#}"), "JetStream did not answer");
                (
                    Vec::new(),
                    Some("JetStream did not answer. Check that NATS is running.".to_owned()),
                )
            }
        };
    Ok(axum::Json(DatabaseOverview {
        migrations,
        tables,
        streams,
        streams_error,
        dead_letters,
        dead_letters_pending: counts.iter().map(|(_, _, count)| count).sum(),
        chat_attachments,
        retention,
    }))
}

fn dead_letter_id(id: &str) -> Result<Uuid, OpsError> {
    Uuid::parse_str(id).map_err(|_| OpsError::NoSuchDeadLetter)
}

/// Publishes a dead letter again, to its original subject.
#[utoipa::path(post, path = "/admin/dead-letters/{id}/replay", tag = "admin",
    params(("id" = Uuid, Path, description = "The dead letter id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Replayed"),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "No such dead letter is waiting", body = ErrorBody),
    ))]
async fn replay(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    let id = dead_letter_id(&id)?;
    store::replay_dead_letter(&state.pool, &state.jetstream, admin.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Drops a dead letter for good.
#[utoipa::path(post, path = "/admin/dead-letters/{id}/discard", tag = "admin",
    params(("id" = Uuid, Path, description = "The dead letter id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Discarded"),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "No such dead letter is waiting", body = ErrorBody),
    ))]
async fn discard(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    let id = dead_letter_id(&id)?;
    store::discard_dead_letter(&state.pool, admin.id, id).await?;
    tracing::info!(dead_letter.id = %id, "dead letter discarded");
    Ok(StatusCode::NO_CONTENT)
}

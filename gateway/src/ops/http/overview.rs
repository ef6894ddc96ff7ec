//! The admin's home: what needs attention, with where to see it.

use axum::Json;
use axum::extract::State;
use contract::intake::{AdminOverview, OverviewCount};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Admin;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(overview))
}

/// The admin's home: what needs attention.
#[utoipa::path(get, path = "/admin/overview", tag = "admin",
    security(("session" = [])),
    responses(
        (status = 200, description = "Counts with where to see them", body = AdminOverview),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn overview(
    State(state): State<AppState>,
    Admin(_): Admin,
) -> Result<Json<AdminOverview>, ApiError> {
    let count = |count: i64, href: &str| OverviewCount {
        count,
        href: href.to_owned(),
    };
    let (chats_waiting, oldest_waiting_since) = crate::chat::store::waiting(&state.pool).await?;
    let threshold = state
        .site_settings
        .current()
        .settings
        .first_reply_alert_minutes;
    let (too_long, oldest_unanswered_since) =
        crate::chat::store::unanswered(&state.pool, threshold).await?;
    let counts = crate::ops::store::overview_counts(&state.pool).await?;
    let consoles = state.presence.agent_consoles().await;
    let privacy_overdue = crate::privacy::overdue_count(&state.pool).await?;
    let limit = state.config.jetstream_store_limit_bytes;
    let storage = crate::ops::streams::storage(&state.jetstream, limit)
        .await
        .ok();
    let used_percent = storage.and_then(|storage| {
        let limit = storage.limit?;
        let percent = u128::from(storage.used) * 100 / u128::from(limit.max(1));
        Some(u8::try_from(percent.min(100)).unwrap_or(100))
    });
    let store_full =
        state.store_health.refusing_writes() || storage.is_some_and(|storage| storage.full());
    Ok(Json(AdminOverview {
        chats_waiting: count(chats_waiting, "/admin/chat"),
        oldest_waiting_since,
        waiting_too_long: count(too_long, "/admin/chat"),
        oldest_unanswered_since,
        first_reply_alert_minutes: threshold,
        agents_online: count(i64::try_from(consoles).unwrap_or(i64::MAX), "/admin/chat"),
        new_contact_requests: count(counts.new_requests, "/admin/requests#inbox"),
        registrations_this_week: count(counts.registrations, "/admin/analytics"),
        dead_letters: count(counts.dead_letters, "/admin/database"),
        subscriptions_awaiting: count(counts.subscriptions_awaiting, "/admin/requests#subscribers"),
        privacy_requests_overdue: count(privacy_overdue, "/admin/privacy-requests"),
        message_store_full: store_full,
        message_store_used_percent: used_percent,
    }))
}

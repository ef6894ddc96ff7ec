//! `GET /ws`: the upgrade to the live socket of visitors and agents, for
//! a browser of this site (or a listed origin); the socket itself is
//! `chat::socket`.

use axum::Router;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tower_sessions::Session;

use crate::chat::Requester;
use crate::chat::socket::{MAX_CLIENT_FRAME, serve_socket};
use crate::platform::error::ApiError;
use crate::platform::extract::{ClientIp, CurrentUser, SIGNED_IN_AT_KEY};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/ws", get(upgrade))
}

async fn upgrade(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    user: Option<CurrentUser>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    if !origin_allowed(&headers, &state.config.allowed_origins) {
        return Err(ApiError::Forbidden(
            "This origin may not open a chat socket".into(),
        ));
    }
    let requester = Requester::from_session(&session, user.map(|CurrentUser(user)| user)).await?;
    // A staff socket closes when its sign-in window ends, as REST answers 401 then.
    let staff_signed_in_at = if requester.is_agent() {
        session.get::<i64>(SIGNED_IN_AT_KEY).await?
    } else {
        None
    };
    Ok(upgrade
        // Small buffers: thousands of mostly idle sockets must stay cheap.
        .read_buffer_size(512)
        .write_buffer_size(4 * 1024)
        .max_message_size(MAX_CLIENT_FRAME)
        .max_frame_size(MAX_CLIENT_FRAME)
        .on_upgrade(move |socket| serve_socket(socket, state, requester, ip, staff_signed_in_at))
        .into_response())
}

/// Browsers always send `Origin`; it must be this site (same host) or one
/// listed in `ALLOWED_ORIGINS`. Clients without one (not browsers) cannot
/// be tricked into using a visitor's cookies, so they pass.
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return true;
    };
    if allowed.iter().any(|a| a == origin) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let origin_host = origin
        .strip_prefix("https://")
        .or_else(|| origin.strip_prefix("http://"));
    host.is_some() && origin_host == host
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, host.parse().expect("header"));
        if let Some(origin) = origin {
            headers.insert(header::ORIGIN, origin.parse().expect("header"));
        }
        headers
    }

    #[test]
    fn same_host_and_listed_origins_pass_others_fail() {
        let allowed = vec!["https://nyota.example".to_owned()];
        assert!(origin_allowed(
            &headers(Some("http://localhost:8080"), "localhost:8080"),
            &[]
        ));
        assert!(origin_allowed(
            &headers(Some("https://nyota.example"), "10.0.0.5:8080"),
            &allowed
        ));
        assert!(origin_allowed(&headers(None, "localhost:8080"), &[]));
        assert!(!origin_allowed(
            &headers(Some("https://evil.example"), "localhost:8080"),
            &allowed
        ));
        assert!(!origin_allowed(
            &headers(Some("http://localhost:8081"), "localhost:8080"),
            &[]
        ));
    }
}

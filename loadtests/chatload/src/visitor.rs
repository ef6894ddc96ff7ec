//! A visitor as the load generators play one: a chat started from a
//! browser of its own (its session cookie), and that browser's socket.

use anyhow::{Context as _, bail};
use reqwest::header::{CONTENT_TYPE, COOKIE, HeaderValue, SET_COOKIE};
use serde::Deserialize;
use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;

/// One chat: where its messages go and the cookie of its visitor's browser.
pub struct Chat {
    pub id: String,
    pub messages_url: String,
    pub cookie: HeaderValue,
}

#[derive(Deserialize)]
struct StartedChat {
    #[serde(rename = "sessionId")]
    session_id: String,
}

/// Starts chat `n` from a browser of its own.
pub async fn start_chat(http: &reqwest::Client, base: &str, n: u64) -> anyhow::Result<Chat> {
    let body = format!(
        r#"{{"visitorName":"Visitor {n}","visitorEmail":"rate{n}@example.com","pageUrl":"/loadtest"}}"#
    );
    let response = http
        .post(format!("{base}/api/chat/sessions"))
        .header(CONTENT_TYPE, "application/json")
        .header("X-Requested-With", "XMLHttpRequest")
        .body(body)
        .send()
        .await
        .context("starting a chat")?;
    let status = response.status();
    let cookie = response
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find_map(|value| {
            value
                .split(';')
                .next()
                .filter(|c| c.starts_with("nyota.sid="))
        })
        .map(str::to_owned);
    let text = response.text().await?;
    if status != reqwest::StatusCode::CREATED {
        bail!("chat start failed: {status} {text}");
    }
    let cookie = cookie.context("no session cookie after starting a chat")?;
    let started: StartedChat = serde_json::from_str(&text).context("the chat start's answer")?;
    Ok(Chat {
        messages_url: format!("{base}/api/chat/sessions/{}/messages", started.session_id),
        id: started.session_id,
        cookie: HeaderValue::from_str(&cookie)?,
    })
}

pub fn visitor_socket_request(
    ws_url: &str,
    chat: &Chat,
) -> anyhow::Result<tokio_tungstenite::tungstenite::handshake::client::Request> {
    let mut request = ws_url.into_client_request()?;
    request.headers_mut().insert(COOKIE, chat.cookie.clone());
    Ok(request)
}

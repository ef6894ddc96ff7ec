//! The links of the emails that carry a chat's unseen replies (the
//! `notify` role's sweep): stopping those emails, at once from a mail
//! program's unsubscribe button (RFC 8058 one-click) or from the page the
//! emailed link opens, and opening the chat in the widget from any browser.

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use contract::links::ChatEmails;
use runtime::signing::Purpose;
use serde::Deserialize;
use time::OffsetDateTime;
use tower_sessions::Session;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::chat::access::{LINKED_CHATS_KEY, MAX_LINKED_CHATS};
use crate::chat::store;
use crate::platform::email_links;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::ApiQuery;
use crate::platform::words::Words;
use crate::state::AppState;

/// The path mail providers POST to with no session or CSRF header (the
/// signed token is the authority); the CSRF check lets it through.
pub const ONE_CLICK_UNSUBSCRIBE_PATH: &str = "/api/chat/emails/unsubscribe";

/// A link that names no chat, or one erased since.
const INVALID_LINK: Words = Words::text("chat-emails-invalid-link");

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(unsubscribe_page, unsubscribe))
        .routes(routes!(resubscribe))
        .routes(routes!(continue_chat))
}

/// `?token=&lang=`: the signed token of a reply email's link, and the
/// language the email was written in (the chat's).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LinkQuery {
    /// The token of the emailed link.
    token: Option<String>,
    /// The language of the email (`en`, `fr`, `sw`): the "stop" link leads
    /// to the page in it; the POSTs answer in the reader's language
    /// (Accept-Language) and ignore it.
    lang: Option<String>,
}

/// The chat a `ChatEmailsOff` token names.
fn chat_of(state: &AppState, token: Option<&str>) -> Result<Uuid, ApiError> {
    token
        .map(|token| {
            state
                .config
                .signer()
                .map(|signer| signer.verify(Purpose::ChatEmailsOff, token))
        })
        .transpose()?
        .flatten()
        .ok_or(ApiError::BadRequest(INVALID_LINK))
}

/// What the page says after a change, in the reader's language.
fn answer(email: Option<String>, sending: bool) -> Result<Json<ChatEmails>, ApiError> {
    // An erased chat has no address left: its link is no longer valid.
    let email = email.ok_or(ApiError::BadRequest(INVALID_LINK))?;
    let id = if sending {
        "chat-emails-sending"
    } else {
        "chat-emails-stopped"
    };
    let message = Words::text(id)
        .with("email", email.clone())
        .in_reader_language();
    Ok(Json(ChatEmails {
        email,
        sending,
        message,
    }))
}

/// The emailed "stop" link: changes nothing (mail scanners open every
/// link), and sends the browser to the page whose button stops the emails,
/// in the language the email was written in (`lang`).
#[utoipa::path(get, path = "/chat/emails/unsubscribe", tag = "chat",
    params(LinkQuery),
    responses(
        (status = 303, description = "To the page that asks before stopping the emails",
         headers(("Location" = String, description = "/chat-emails?action=stop&token=... (under /fr or /sw for lang=fr, sw)"))),
    ))]
async fn unsubscribe_page(ApiQuery(query): ApiQuery<LinkQuery>) -> Response {
    email_links::to_page(
        "/chat-emails?action=stop",
        query.lang.as_deref(),
        query.token.as_deref(),
        None,
    )
}

/// Stops the reply emails to the chat's address: the page's button, or a
/// mail program's one-click unsubscribe (RFC 8058), which posts
/// `List-Unsubscribe=One-Click` with no session or CSRF header; the body is
/// not read. Stopping twice is fine.
#[utoipa::path(post, path = "/chat/emails/unsubscribe", tag = "chat",
    params(LinkQuery),
    security(()),
    responses(
        (status = 200, description = "Stopped", body = ChatEmails),
        (status = 400, description = "The link is not valid", body = ErrorBody),
        (status = 403, description = "Never: the signed token stands for the CSRF header", body = ErrorBody),
    ))]
async fn unsubscribe(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<LinkQuery>,
) -> Result<Json<ChatEmails>, ApiError> {
    let chat_id = chat_of(&state, query.token.as_deref())?;
    let email = store::stop_chat_emails(&state.pool, chat_id).await?;
    tracing::info!(chat.session_id = %chat_id, stopped = email.is_some(), "chat reply emails stopped");
    answer(email, false)
}

/// Starts the reply emails to the chat's address again (the page's "Email
/// me again" after stopping them).
#[utoipa::path(post, path = "/chat/emails/resubscribe", tag = "chat",
    params(LinkQuery),
    security(("csrf" = [])),
    responses(
        (status = 200, description = "Sending again", body = ChatEmails),
        (status = 400, description = "The link is not valid", body = ErrorBody),
    ))]
async fn resubscribe(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<LinkQuery>,
) -> Result<Json<ChatEmails>, ApiError> {
    let chat_id = chat_of(&state, query.token.as_deref())?;
    let email = store::resume_chat_emails(&state.pool, chat_id).await?;
    answer(email, true)
}

/// A reply email's "Continue the chat": this browser may see and write the
/// chat from now on (as the one that started it), and goes to the site
/// with the chat open in the widget. A chat an account adopted asks for
/// that account's sign-in instead; a link not valid, expired or of an
/// erased chat opens the site saying so.
#[utoipa::path(get, path = "/chat/continue", tag = "chat",
    params(LinkQuery),
    responses(
        (status = 303, description = "To the site with the chat open (`/?chat=<id>`), to the sign-in, or to `/?chat-link=invalid`",
         headers(("Location" = String, description = "Where the browser goes"))),
    ))]
async fn continue_chat(
    State(state): State<AppState>,
    session: Session,
    ApiQuery(query): ApiQuery<LinkQuery>,
) -> Result<Response, ApiError> {
    let now = OffsetDateTime::now_utc().unix_timestamp();
    let signer = state.config.signer()?;
    let chat_id = query
        .token
        .as_deref()
        .and_then(|token| signer.verify_until(Purpose::ContinueChat, token, now));
    let owner = match chat_id {
        Some(chat_id) => state
            .chat_owners
            .get(&state.pool, chat_id)
            .await?
            .map(|owner| (chat_id, owner)),
        None => None,
    };
    let Some((chat_id, owner)) = owner else {
        return Ok(Redirect::to("/?chat-link=invalid").into_response());
    };
    let open = format!("/?chat={chat_id}");
    if owner.user_id.is_some() {
        // `next` is `/?chat=<id>`, percent-encoded.
        let next = format!("%2F%3Fchat%3D{chat_id}");
        return Ok(Redirect::to(&format!("/login?next={next}")).into_response());
    }
    let mut linked: Vec<(Uuid, Uuid)> = session.get(LINKED_CHATS_KEY).await?.unwrap_or_default();
    linked.retain(|(id, _)| *id != chat_id);
    linked.push((chat_id, owner.owner_token));
    let excess = linked.len().saturating_sub(MAX_LINKED_CHATS);
    linked.drain(..excess);
    session.insert(LINKED_CHATS_KEY, linked).await?;
    Ok(Redirect::to(&open).into_response())
}

//! Visitor chat: start a chat, read and post its messages.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use contract::chat::{ChatMessage, ChatRating, ChatStatus, InboxReason, NoteKind, SenderType};
use contract::chat_line::{ChatAvailability, ChatLine, WidgetChat};
use contract::language::Language;
use contract::limits::CHAT;
use runtime::texts;
use serde::Deserialize;
use tower_sessions::Session;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::chat::pipeline::{Answer, publish_started};
use crate::chat::posting::{self, MessageBody};
use crate::chat::store::{self, NewChat};
use crate::chat::{
    OWNER_TOKEN_KEY, Requester, assignment, publish_inbox_update, role_in_chat, send_message, teams,
};
use crate::platform::email_health::email_enabled;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{ApiPath, ClientIp, CurrentUser};
use crate::platform::input::{self, Input, InputError, ValidatedJson};
use crate::platform::limits::Limit;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(availability))
        .routes(routes!(start))
        .routes(routes!(show))
        .routes(routes!(messages, post_message))
        .routes(routes!(rating, rate))
}

#[cfg_attr(any(test, feature = "fuzzing"), derive(Debug, serde::Serialize))]
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct StartBody {
    #[schema(min_length = 1, max_length = 100)]
    visitor_name: String,
    #[schema(format = Email)]
    visitor_email: String,
    /// The page the visitor is on, shown to agents.
    #[serde(default)]
    page_url: Option<String>,
    /// The language the visitor reads the site in: the chat's notices and
    /// emails are written in it, and an agent who speaks it is preferred.
    #[serde(default)]
    language: Language,
}

impl Input for StartBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("visitorName", "Name"),
        ("visitorEmail", "Email"),
        ("pageUrl", "Page address"),
        ("language", "Language"),
    ];

    fn check(self) -> Result<Self, InputError> {
        Ok(StartBody {
            visitor_name: input::text("Name", self.visitor_name)?
                .required()?
                .max_chars(CHAT.visitor_name_chars)?
                .own_name()?
                .value(),
            visitor_email: input::email("Email", self.visitor_email)?.value(),
            // Context for agents: kept short rather than refused when long.
            page_url: match self.page_url {
                Some(url) => input::text("Page address", url)?.optional_clipped(2000),
                None => None,
            },
            language: self.language,
        })
    }
}

/// Whether an agent answers chats now: the start form says the team is
/// away only when none does.
#[utoipa::path(get, path = "/chat/availability", tag = "chat",
    responses(
        (status = 200, description = "Whether an agent is online", body = ChatAvailability),
    ))]
async fn availability(State(state): State<AppState>) -> Result<Json<ChatAvailability>, ApiError> {
    Ok(Json(ChatAvailability {
        agents_online: store::any_agent_available(&state.visitor_pool, assignment::FRESH).await?,
    }))
}

/// What the visitor is told, in `language`, when no agent is online: the
/// reply comes by email when the site sends email, else in the chat.
fn offline_notice(language: Language, email: &str, email_enabled: bool) -> String {
    if email_enabled {
        texts::say(language, "chat-offline-email", &[("email", email.into())])
    } else {
        texts::say(language, "chat-offline-here", &[])
    }
}

/// Keeps at most `max` characters of visitor-supplied context.
fn clip(value: Option<&str>, max: usize) -> Option<String> {
    value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(|v| v.chars().take(max).collect())
}

/// Starts a chat; this browser (or the signed-in account) owns it.
#[utoipa::path(post, path = "/chat/sessions", tag = "chat",
    request_body = StartBody,
    security(("csrf" = []), ("csrf" = [], "session" = [])),
    responses(
        (status = 201, description = "The chat, assigned or with its place in the queue", body = WidgetChat),
        (status = 429, description = "Too many chats started from this address", body = ErrorBody),
        (status = 503, description = "Chat is temporarily unavailable", body = ErrorBody),
    ))]
async fn start(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    user: Option<CurrentUser>,
    headers: HeaderMap,
    ValidatedJson(body): ValidatedJson<StartBody>,
) -> Result<(StatusCode, Json<WidgetChat>), ApiError> {
    state.limits.check(Limit::ChatStart, &ip)?;
    let owner_token = match session.get::<Uuid>(OWNER_TOKEN_KEY).await? {
        Some(token) => token,
        None => {
            let token = Uuid::new_v4();
            session.insert(OWNER_TOKEN_KEY, token).await?;
            token
        }
    };
    let user_agent = clip(
        headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok()),
        500,
    );
    // The team of the first routing rule the chat matches (none: everyone's).
    let rules = store::routing_rules(&state.pool).await?;
    let routed = teams::route(
        &rules,
        &teams::ChatFacts {
            page: body.page_url.as_deref(),
            labels: &[],
            language: body.language,
        },
    );
    let chat = store::insert(
        &state.pool,
        NewChat {
            visitor_name: body.visitor_name,
            visitor_email: body.visitor_email,
            owner_token,
            user_id: user.map(|CurrentUser(user)| user.id),
            page_url: body.page_url,
            user_agent,
            language: body.language,
            team_id: routed.map(|rule| rule.team_id),
        },
    )
    .await?;
    if let Some(rule) = routed {
        let event = format!(
            "Routed to the team {} ({})",
            rule.team_name,
            teams::reason(rule)
        );
        store::add_note(&state.pool, chat.session_id, NoteKind::Event, None, &event).await?;
    }

    // On doubt (the database cannot tell) the visitor is told to expect an
    // email rather than left waiting for an agent who may not come. A chat
    // of a team that does not fall back to everyone waits for a member.
    let agents_online = store::agent_available_for(&state.pool, assignment::FRESH, chat.session_id)
        .await
        .unwrap_or(false);
    let announced = async {
        if !agents_online {
            // Likewise, an email is promised only when email is known to be sent.
            let emails = email_enabled(&state.pool).await.unwrap_or(false);
            let notice = offline_notice(chat.language, &chat.visitor_email, emails);
            send_message(&state, chat.session_id, SenderType::System, None, notice).await?;
        }
        publish_started(&state, &chat, agents_online).await?;
        Ok::<(), ApiError>(())
    }
    .await;
    if let Err(error) = announced {
        // Refused: the visitor will start again, so no chat is left behind
        // that no agent was told of.
        if let Err(cleanup) = store::delete_unannounced(&state.pool, chat.session_id).await {
            tracing::warn!(error = %cleanup, chat.session_id = %chat.session_id, "refused chat not removed");
        }
        return Err(error);
    }
    publish_inbox_update(&state, chat.session_id, InboxReason::NewSession).await;
    assignment::assign_waiting_or_log(&state).await;
    // Read again: assigned by now, or its place in the queue.
    Ok((
        StatusCode::CREATED,
        Json(visitor_chat(&state, chat.session_id).await?),
    ))
}

/// The chat and its one status line (see [`ChatLine`]), read on the
/// visitors' pool: every queued widget polls this.
async fn visitor_chat(state: &AppState, chat_id: Uuid) -> Result<WidgetChat, ApiError> {
    let pool = &state.visitor_pool;
    let session = store::session(pool, chat_id).await?;
    let line = if session.status == ChatStatus::Resolved {
        ChatLine::Resolved
    } else if let Some(agent) = store::assigned_agent(pool, chat_id).await? {
        if agent.answered {
            ChatLine::Connected {
                agent_name: agent.name,
            }
        } else {
            ChatLine::Joining {
                agent_name: agent.name,
            }
        }
    } else if store::agent_available_for(pool, assignment::FRESH, chat_id).await? {
        let position = session.queue_position.unwrap_or(1);
        let wait = store::recent_wait_seconds(pool).await?;
        ChatLine::Queued {
            position,
            wait_minutes: wait.map(|seconds| expected_wait_minutes(position, seconds)),
        }
    } else {
        ChatLine::Away {
            reply_by_email: email_enabled(pool).await?,
        }
    };
    Ok(WidgetChat { session, line })
}

/// About how long the chat at `position` waits when recent chats waited a
/// median of `median_seconds` each: the chats ahead are answered in turn.
/// Whole minutes, at least one.
fn expected_wait_minutes(position: i64, median_seconds: f64) -> i64 {
    // Saturating float-to-int cast: an absurd median cannot overflow.
    ((median_seconds.max(0.0) * position as f64) / 60.0)
        .ceil()
        .max(1.0) as i64
}

async fn requester(session: &Session, user: Option<CurrentUser>) -> Result<Requester, ApiError> {
    Ok(Requester::from_session(session, user.map(|CurrentUser(user)| user)).await?)
}

/// One chat of this browser's or account's.
#[utoipa::path(get, path = "/chat/sessions/{id}", tag = "chat",
    params(("id" = Uuid, Path, description = "The chat session id")),
    security((), ("session" = [])),
    responses(
        (status = 200, description = "The chat and its status line", body = WidgetChat),
        (status = 404, description = "No such chat, or not one this browser or account may see", body = ErrorBody),
    ))]
async fn show(
    State(state): State<AppState>,
    session: Session,
    user: Option<CurrentUser>,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<WidgetChat>, ApiError> {
    role_in_chat(&state, &requester(&session, user).await?, id).await?;
    Ok(Json(visitor_chat(&state, id).await?))
}

/// The chat's messages, oldest first.
#[utoipa::path(get, path = "/chat/sessions/{id}/messages", tag = "chat",
    params(("id" = Uuid, Path, description = "The chat session id")),
    security((), ("session" = [])),
    responses(
        (status = 200, description = "The messages, oldest first", body = Vec<ChatMessage>),
        (status = 404, description = "No such chat, or not one this browser or account may see", body = ErrorBody),
    ))]
async fn messages(
    State(state): State<AppState>,
    session: Session,
    user: Option<CurrentUser>,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<Vec<ChatMessage>>, ApiError> {
    let role = role_in_chat(&state, &requester(&session, user).await?, id).await?;
    // Polled by every open chat: the visitor pool's, bounded (a locked
    // table must not take every connection).
    let mut messages = store::messages(&state.visitor_pool, id).await?;
    // The visitor is told an agent read their messages only when the site
    // shows it (agents always see the visitor's "seen").
    if !crate::chat::receipts::agents_seen_shown(&state, role) {
        for message in &mut messages {
            message.seen_at = None;
        }
    }
    Ok(Json(messages))
}

/// Sends a message, as the visitor or (signed in) as an agent; answered once
/// it is stored.
#[utoipa::path(post, path = "/chat/sessions/{id}/messages", tag = "chat",
    params(("id" = Uuid, Path, description = "The chat session id")),
    request_body = MessageBody,
    security(("csrf" = []), ("csrf" = [], "session" = [])),
    responses(
        (status = 201, description = "The message as stored", body = ChatMessage),
        (status = 400, description = "An empty message without attachment, or an attachment that is not this chat's", body = ErrorBody),
        (status = 404, description = "No such chat, or not one this browser or account may see", body = ErrorBody),
        (status = 409, description = "The attachment was sent already", body = ErrorBody),
        (status = 429, description = "Too many messages from this address", body = ErrorBody),
        (status = 503, description = "Chat is temporarily unavailable", body = ErrorBody),
    ))]
async fn post_message(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    user: Option<CurrentUser>,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<MessageBody>,
) -> Result<(StatusCode, Json<ChatMessage>), ApiError> {
    let requester = requester(&session, user).await?;
    let message = posting::post(&state, &requester, ip, id, body, Answer::Stored)
        .await?
        .into_message();
    Ok((StatusCode::CREATED, Json(message)))
}

impl Input for ChatRating {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("score", "Score"), ("comment", "Comment")];

    fn check(self) -> Result<Self, InputError> {
        if !(1..=5).contains(&self.score) {
            return Err(InputError::new(
                "Score must be a whole number from 1 to 5".to_owned(),
            ));
        }
        let comment = match self.comment {
            Some(comment) => input::multiline("Comment", comment)?
                .max_chars(CHAT.rating_comment_chars)?
                .optional_clipped(CHAT.rating_comment_chars),
            None => None,
        };
        Ok(ChatRating {
            score: self.score,
            comment,
        })
    }
}

/// Only the visitor who owns the chat may do this; an agent is told `refusal`.
pub(super) async fn owner_only(
    state: &AppState,
    session: &Session,
    user: Option<CurrentUser>,
    id: Uuid,
    refusal: &'static str,
) -> Result<(), ApiError> {
    let role = role_in_chat(state, &requester(session, user).await?, id).await?;
    if role != SenderType::User {
        return Err(ApiError::Forbidden(refusal.into()));
    }
    Ok(())
}

const ONLY_THE_VISITOR_RATES: &str = "Only the visitor who started this chat can rate it";

/// The chat's rating (`null` until given).
#[utoipa::path(get, path = "/chat/sessions/{id}/rating", tag = "chat",
    params(("id" = Uuid, Path, description = "The chat session id")),
    security((), ("session" = [])),
    responses(
        (status = 200, description = "The rating, or null until given", body = Option<ChatRating>),
        (status = 403, description = "Only the visitor who started this chat can see its rating", body = ErrorBody),
        (status = 404, description = "No such chat, or not one this browser or account may see", body = ErrorBody),
    ))]
async fn rating(
    State(state): State<AppState>,
    session: Session,
    user: Option<CurrentUser>,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<Option<ChatRating>>, ApiError> {
    owner_only(&state, &session, user, id, ONLY_THE_VISITOR_RATES).await?;
    Ok(Json(store::rating(&state.pool, id).await?))
}

/// "How was your chat?": once, by its visitor, after it is resolved.
#[utoipa::path(post, path = "/chat/sessions/{id}/rating", tag = "chat",
    params(("id" = Uuid, Path, description = "The chat session id")),
    request_body = ChatRating,
    security(("csrf" = []), ("csrf" = [], "session" = [])),
    responses(
        (status = 201, description = "The rating as saved", body = ChatRating),
        (status = 403, description = "Only the visitor who started this chat can rate it", body = ErrorBody),
        (status = 404, description = "No such chat, or not one this browser or account may see", body = ErrorBody),
        (status = 409, description = "Already rated, or not resolved yet", body = ErrorBody),
    ))]
async fn rate(
    State(state): State<AppState>,
    session: Session,
    user: Option<CurrentUser>,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<ChatRating>,
) -> Result<(StatusCode, Json<ChatRating>), ApiError> {
    owner_only(&state, &session, user, id, ONLY_THE_VISITOR_RATES).await?;
    match store::rate(&state.pool, id, body.score, body.comment.as_deref()).await? {
        store::Rated::Saved => {
            publish_inbox_update(&state, id, InboxReason::Status).await;
            Ok((StatusCode::CREATED, Json(body)))
        }
        store::Rated::AlreadyRated => Err(ApiError::Conflict(
            "You have already rated this chat. Thank you!"
                .to_owned()
                .into(),
        )),
        store::Rated::NotResolved => Err(ApiError::Conflict(
            "You can rate this chat once it has been resolved"
                .to_owned()
                .into(),
        )),
    }
}

//! The transcript of a chat, emailed to its visitor. Anyone can type any
//! address when starting a chat, so nothing is emailed to it until the
//! visitor proves it is theirs: the first request emails a 6-digit code
//! (and nothing the visitor typed), the visitor enters it in the chat, and
//! from then on the chat's address is confirmed. Every email is budgeted
//! per chat, per recipient across chats, and per client address.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use contract::chat::{EMAIL_CODE_MINUTES, TranscriptRequested};
use runtime::texts;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use tower_sessions::Session;
use utoipa::ToSchema;
use uuid::Uuid;

use super::visitor::owner_only;
use crate::chat::store::{self, CodeCheck};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{ApiPath, ClientIp, CurrentUser};
use crate::platform::input::{self, Input, InputError, ValidatedJson};
use crate::platform::limits::Limit;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(transcript))
}

/// A transcript request: empty at first; with the emailed code once the
/// visitor has it.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
struct TranscriptBody {
    /// The 6-digit code emailed to the chat's address.
    #[serde(default)]
    #[schema(pattern = "^[0-9]{6}$")]
    code: Option<String>,
}

impl Input for TranscriptBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[("code", "Code")];

    fn check(self) -> Result<Self, InputError> {
        let code = match self.code {
            Some(raw) => {
                let code = input::text("Code", raw)?.value().replace(' ', "");
                if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(InputError::new(
                        "Code must be the 6 digits from the email".to_owned(),
                    ));
                }
                Some(code)
            }
            None => None,
        };
        Ok(TranscriptBody { code })
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TranscriptQueued {
    message: String,
    /// Whether a code was emailed, to be entered before the transcript is
    /// sent.
    code_required: bool,
}

const ONLY_THE_VISITOR: &str = "Only the visitor who started this chat can ask for its transcript";
/// When the site sends no email at all.
pub const EMAIL_OFF: &str =
    "This site is not sending email right now, so the transcript cannot be emailed.";
const NOT_QUEUED: &str = "The transcript could not be sent right now. Please try again.";

/// Emails the chat's transcript (visitor messages, replies and notices,
/// never agents' notes) to the chat's address, through the `notify` worker,
/// once the address is confirmed; until then, emails a code to confirm it.
#[utoipa::path(post, path = "/chat/sessions/{id}/transcript", tag = "chat",
    params(("id" = Uuid, Path, description = "The chat session id")),
    request_body = TranscriptBody,
    security(("csrf" = []), ("csrf" = [], "session" = [])),
    responses(
        (status = 202, description = "The transcript, or the code that confirms the address first, is queued for email", body = TranscriptQueued),
        (status = 400, description = "The code is not right, or has expired", body = ErrorBody),
        (status = 403, description = "Only the visitor who started this chat can ask for its transcript", body = ErrorBody),
        (status = 404, description = "No such chat, or not one this browser or account may see", body = ErrorBody),
        (status = 429, description = "Too many emails for this chat, this address or this client", body = ErrorBody),
        (status = 503, description = "The email could not be queued, or the site sends no email", body = ErrorBody),
    ))]
async fn transcript(
    State(state): State<AppState>,
    session: Session,
    user: Option<CurrentUser>,
    ClientIp(ip): ClientIp,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<TranscriptBody>,
) -> Result<(StatusCode, Json<TranscriptQueued>), ApiError> {
    owner_only(&state, &session, user, id, ONLY_THE_VISITOR).await?;
    // Promise no email (nor a code by email) the site will not send.
    if !crate::platform::email_health::email_enabled(&state.pool).await? {
        return Err(ApiError::Unavailable(EMAIL_OFF.into()));
    }
    let (email, mut confirmed) = store::chat_address(&state.pool, id).await?;
    // Answered in the chat's language, as its emails are written.
    let language = store::language(&state.pool, id).await?;
    let say = |text: &str| texts::say(language, text, &[("email", email.as_str().into())]);
    let now = OffsetDateTime::now_utc();
    if let (Some(code), false) = (&body.code, confirmed) {
        let hash = store::code_hash(id, code);
        match store::check_code(&state.pool, id, &hash, now).await? {
            CodeCheck::Confirmed => confirmed = true,
            CodeCheck::Wrong => {
                return Err(ApiError::BadRequest(say("transcript-code-wrong").into()));
            }
            CodeCheck::Expired => {
                return Err(ApiError::BadRequest(say("transcript-code-expired").into()));
            }
        }
        tracing::info!(chat.session_id = %id, "chat address confirmed");
    }
    state
        .limits
        .check(Limit::ChatTranscript, id.to_string().as_str())?;
    state.limits.check(Limit::ChatEmailPerIp, &ip)?;
    let request_id = Uuid::now_v7();
    let (request, answer) = if confirmed {
        state
            .limits
            .check(Limit::ChatTranscriptPerEmail, email.as_str())?;
        let answer = TranscriptQueued {
            message: say("transcript-queued"),
            code_required: false,
        };
        (
            TranscriptRequested {
                id: request_id,
                session_id: id,
                confirmation_code: None,
            },
            answer,
        )
    } else {
        state
            .limits
            .check(Limit::ChatEmailCodePerEmail, email.as_str())?;
        let code = store::new_code();
        let expires_at = now + time::Duration::minutes(EMAIL_CODE_MINUTES);
        store::set_code(&state.pool, id, &store::code_hash(id, &code), expires_at).await?;
        let answer = TranscriptQueued {
            message: say("transcript-code-sent"),
            code_required: true,
        };
        (
            TranscriptRequested {
                id: request_id,
                session_id: id,
                confirmation_code: Some(code),
            },
            answer,
        )
    };
    crate::platform::bus::enqueue(
        &state,
        state.namespace.intake_transcript(),
        request.id,
        &request,
        NOT_QUEUED,
    )
    .await?;
    Ok((StatusCode::ACCEPTED, Json(answer)))
}

//! Email subscriptions with double opt-in. `POST /api/subscriptions` is
//! validated and published on the `INTAKE` stream; the `requests` worker
//! stores the address as pending and emails a confirmation whose links are
//! signed with `SIGNING_KEY` ([`runtime::signing`]). The links come back
//! here without a login: `GET /api/subscriptions/confirm?token=` and
//! `GET /api/subscriptions/unsubscribe?token=` (in every email to a
//! subscriber) change nothing and send the browser to `/subscription`,
//! whose button posts the token to the same path ([`email_links`]).
//! Admins read the counts per topic.
//!
//! The worker owns the rows and the request columns; these links write only
//! `confirmed_at` and `unsubscribed_at`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use contract::accounts::normalize_email;
use contract::intake::Accepted;
use contract::links::LinkToken;
use contract::subscriptions::{
    SubscriberCounts, SubscriptionInput, SubscriptionLinkResult, SubscriptionLinkStatus,
    SubscriptionRequested, SubscriptionTopic, TopicSubscribers,
};
use runtime::signing::Purpose;
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::intake::contact::EMAIL;
use crate::intake::store;
use crate::platform::email_links;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiQuery, ClientIp};
use crate::platform::input::{self, AtField, Input, InputError, ValidatedJson};
use crate::platform::limits::Limit;
use crate::platform::words::Words;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(subscribe))
        .routes(routes!(confirm_page, confirm))
        .routes(routes!(unsubscribe_page, unsubscribe))
        .routes(routes!(counts))
}

/// The same answer whatever the address's state, so it tells nobody
/// whether an address is subscribed.
const SUBSCRIBED: Words = Words::text("subscription-requested");

const UNAVAILABLE: Words = Words::text("subscription-unavailable");

const CONFIRMED: Words = Words::text("subscription-confirmed");
const UNSUBSCRIBED: Words = Words::text("subscription-unsubscribed");
const INVALID_LINK: Words = Words::text("subscription-link-invalid");

impl Input for SubscriptionInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("email", "Email"),
        ("topic", "Topic"),
        ("language", "Language"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let email = input::email(EMAIL, self.email).at("email")?.value();
        let topic = input::text("Topic", self.topic)?.required()?.value();
        if SubscriptionTopic::from_code(&topic).is_none() {
            return Err(InputError::new("Topic must be blog or events".to_owned()));
        }
        Ok(SubscriptionInput {
            email,
            topic,
            language: self.language,
        })
    }
}

/// Subscribes an address to new posts or events; a confirmation link is emailed.
#[utoipa::path(post, path = "/subscriptions", tag = "intake",
    request_body = SubscriptionInput,
    security(("csrf" = [])),
    responses(
        (status = 202, description = "Queued", body = Accepted),
        (status = 429, description = "Too many requests from this address", body = ErrorBody),
        (status = 503, description = "The request could not be queued", body = ErrorBody),
    ))]
async fn subscribe(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidatedJson(body): ValidatedJson<SubscriptionInput>,
) -> Result<(StatusCode, Json<Accepted>), ApiError> {
    state.limits.check(Limit::Subscribe, &ip)?;
    let topic = SubscriptionTopic::from_code(&body.topic)
        .ok_or_else(|| ApiError::BadRequest("Topic must be blog or events".into()))?;
    let id = Uuid::now_v7();
    let event = SubscriptionRequested {
        id,
        email: normalize_email(&body.email),
        topic,
        received_at: OffsetDateTime::now_utc(),
        language: body.language,
    };
    crate::platform::bus::enqueue(
        &state,
        state.namespace.intake_subscription(),
        id,
        &event,
        UNAVAILABLE,
    )
    .await?;
    tracing::info!(subscription.request = %id, subscription.topic = topic.code(), "subscription queued");
    Ok((
        StatusCode::ACCEPTED,
        Json(Accepted {
            message: SUBSCRIBED.in_reader_language(),
        }),
    ))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LinkQuery {
    /// The signed token from the emailed link.
    token: Option<String>,
    /// The language the email was written in (`en`, `fr`, `sw`): the link
    /// leads to the page in it.
    lang: Option<String>,
}

/// The subscription a signed token names, if it is genuine.
fn verified(state: &AppState, purpose: Purpose, token: &str) -> Result<Option<Uuid>, ApiError> {
    Ok(state.config.signer()?.verify(purpose, token))
}

/// The emailed confirmation link: changes nothing, and sends the browser to
/// the subscription page, whose button confirms ([`confirm`]).
#[utoipa::path(get, path = "/subscriptions/confirm", tag = "intake",
    params(LinkQuery),
    responses(
        (status = 303, description = "To the page that asks the subscriber to confirm",
         headers(("Location" = String, description = "/subscription?action=confirm&token=... (under /fr or /sw for lang=fr, sw)"))),
    ))]
async fn confirm_page(ApiQuery(query): ApiQuery<LinkQuery>) -> Response {
    email_links::to_page(
        "/subscription?action=confirm",
        query.lang.as_deref(),
        query.token.as_deref(),
        None,
    )
}

/// A subscriber confirms (the page's button, with the emailed link's
/// token): from then on the address counts (again, after an unsubscribe).
/// Confirming twice changes nothing.
#[utoipa::path(post, path = "/subscriptions/confirm", tag = "intake",
    request_body = LinkToken,
    security(("csrf" = [])),
    responses(
        (status = 200, description = "Confirmed", body = SubscriptionLinkResult),
        (status = 400, description = "The link is not valid", body = ErrorBody),
    ))]
async fn confirm(
    State(state): State<AppState>,
    ValidatedJson(link): ValidatedJson<LinkToken>,
) -> Result<Json<SubscriptionLinkResult>, ApiError> {
    let Some(id) = verified(&state, Purpose::ConfirmSubscription, &link.token)? else {
        return outcome(SubscriptionLinkStatus::Invalid);
    };
    if !store::subscription_exists(&state.pool, id).await? {
        return outcome(SubscriptionLinkStatus::Invalid);
    }
    if store::confirm_subscription(&state.pool, id).await? {
        tracing::info!(subscription.id = %id, "subscription confirmed");
    }
    outcome(SubscriptionLinkStatus::Confirmed)
}

/// The unsubscribe link of every email to a subscriber (and its
/// `List-Unsubscribe` header): changes nothing, and sends the browser to
/// the page whose button unsubscribes ([`unsubscribe`]).
#[utoipa::path(get, path = "/subscriptions/unsubscribe", tag = "intake",
    params(LinkQuery),
    responses(
        (status = 303, description = "To the page that asks the subscriber to confirm leaving",
         headers(("Location" = String, description = "/subscription?action=unsubscribe&token=... (under /fr or /sw for lang=fr, sw)"))),
    ))]
async fn unsubscribe_page(ApiQuery(query): ApiQuery<LinkQuery>) -> Response {
    email_links::to_page(
        "/subscription?action=unsubscribe",
        query.lang.as_deref(),
        query.token.as_deref(),
        None,
    )
}

/// A subscriber leaves (the page's button); no login needed, and leaving
/// twice is fine.
#[utoipa::path(post, path = "/subscriptions/unsubscribe", tag = "intake",
    request_body = LinkToken,
    security(("csrf" = [])),
    responses(
        (status = 200, description = "Unsubscribed", body = SubscriptionLinkResult),
        (status = 400, description = "The link is not valid", body = ErrorBody),
    ))]
async fn unsubscribe(
    State(state): State<AppState>,
    ValidatedJson(link): ValidatedJson<LinkToken>,
) -> Result<Json<SubscriptionLinkResult>, ApiError> {
    let Some(id) = verified(&state, Purpose::Unsubscribe, &link.token)? else {
        return outcome(SubscriptionLinkStatus::Invalid);
    };
    if !store::unsubscribe(&state.pool, id).await? {
        return outcome(SubscriptionLinkStatus::Invalid);
    }
    tracing::info!(subscription.id = %id, "unsubscribed");
    outcome(SubscriptionLinkStatus::Unsubscribed)
}

/// What happened, in the reader's words, or a 400 for a bad link.
fn outcome(status: SubscriptionLinkStatus) -> Result<Json<SubscriptionLinkResult>, ApiError> {
    let message = match status {
        SubscriptionLinkStatus::Confirmed => CONFIRMED,
        SubscriptionLinkStatus::Unsubscribed => UNSUBSCRIBED,
        SubscriptionLinkStatus::Invalid => return Err(ApiError::BadRequest(INVALID_LINK)),
    };
    Ok(Json(SubscriptionLinkResult {
        status,
        message: message.in_reader_language(),
    }))
}

/// Subscribers per topic: confirmed (the ones that count), pending and
/// unsubscribed.
#[utoipa::path(get, path = "/admin/subscriptions", tag = "admin",
    security(("session" = [])),
    responses(
        (status = 200, description = "Subscribers per topic", body = SubscriberCounts),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn counts(
    State(state): State<AppState>,
    Admin(_): Admin,
) -> Result<Json<SubscriberCounts>, ApiError> {
    let rows = store::topic_subscribers(&state.pool).await?;
    let topics = SubscriptionTopic::ALL
        .into_iter()
        .map(|topic| {
            rows.iter()
                .find(|row| row.topic == topic)
                .cloned()
                .unwrap_or(TopicSubscribers {
                    topic,
                    confirmed: 0,
                    pending: 0,
                    unsubscribed: 0,
                })
        })
        .collect();
    Ok(Json(SubscriberCounts { topics }))
}

//! A data subject's erasure: every row tied to the person is deleted or
//! anonymised by its table's owner, asked over NATS where the owner is a
//! worker role. Every step can run again (a retry after a failure erases
//! what is left and nothing more); the request is completed, and the
//! address forgotten in `privacy_requests`, only once every step is done.
//!
//! In order: the `chat` role blanks the visitor's messages (and unlinks their
//! attachments); this gateway's chat store anonymises their chats ("Erased
//! visitor"), deletes their uploads, ratings and the notes about them; the
//! intake store deletes their contact requests and subscriptions; the
//! session store ends their sign-ins and every gateway closes their
//! sockets; the `requests` role deletes their waitlist entries, the record of
//! emails sent to them and their reset tokens; the `accounts` role deletes
//! their account (and outbox rows naming them); dead letters naming them are
//! deleted; the audit log forgets the address.

use contract::privacy::ErasePerson;
use serde::Serialize;
use uuid::Uuid;

use crate::platform::error::ApiError;
use crate::privacy::error::PrivacyError;
use crate::privacy::store;
use crate::state::AppState;

/// What one erasure changed, by table: counts only, so the audit record
/// and the request's outcome hold no personal data.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Erased {
    pub chat_messages: u64,
    pub chat_sessions: u64,
    pub chat_attachments: u64,
    pub chat_ratings: u64,
    pub chat_notes: u64,
    pub chat_email_optouts: u64,
    pub chat_held_replies: u64,
    pub contact_requests: u64,
    pub subscriptions: u64,
    pub sessions: u64,
    pub intake_records: u64,
    pub users: u64,
    pub dead_letters: u64,
    pub audit_log: u64,
}

const UNAVAILABLE: &str = "The erasure could not finish because a part of the platform did not answer. Nothing is lost: please try again.";
const CORRECTION_UNAVAILABLE: &str = "The correction could not finish because a part of the platform did not answer. Nothing is lost: please try again.";

fn owner_failed(error: anyhow::Error) -> ApiError {
    tracing::error!(
        error = format!("{error:#}"),
        "an owner did not erase its part"
    );
    ApiError::Unavailable(UNAVAILABLE.into())
}

/// A correction's owner did not answer or failed: 503, try again (what
/// was corrected stays corrected; the retry corrects what is left).
pub(super) fn correction_owner_failed(error: anyhow::Error) -> ApiError {
    tracing::error!(
        error = format!("{error:#}"),
        "an owner did not apply its part of a correction"
    );
    ApiError::Unavailable(CORRECTION_UNAVAILABLE.into())
}

/// Erases everything tied to `email` (normalised). Staff accounts are
/// refused before anything is changed (the team page removes a member).
pub async fn erase(state: &AppState, email: &str) -> Result<Erased, ApiError> {
    let pool = &state.pool;
    let account = store::account(pool, email).await?;
    if let Some((_, true)) = account {
        return Err(PrivacyError::TeamMember.into());
    }
    let user_id = account.map(|(id, _)| id);
    let chat_ids = crate::chat::store::chats_of_person(pool, email, user_id).await?;
    let person = ErasePerson {
        email: email.to_owned(),
        user_id,
        chat_ids: chat_ids.clone(),
    };
    let mut erased = Erased::default();
    let nats = &state.nats;
    let ns = &state.namespace;

    erased.chat_messages = contract::owners::ask(nats, ns.owners_erase_chat_messages(), &person)
        .await
        .map_err(owner_failed)?;
    let chats = crate::chat::store::erase_chats(pool, &chat_ids).await?;
    erased.chat_sessions = chats.chats;
    erased.chat_attachments = chats.attachments;
    erased.chat_ratings = chats.ratings;
    erased.chat_notes = chats.notes;
    erased.chat_email_optouts = crate::chat::store::erase_chat_email_optout(pool, email).await?;
    erased.chat_held_replies = crate::chat::store::erase_held_replies(pool, email).await?;
    if let Err(error) = state.chat_owners.changed(nats, ns, &chat_ids).await {
        tracing::warn!(%error, "failed to announce the erased chats");
    }
    let (requests, subscriptions) = crate::intake::store::erase_person(pool, email).await?;
    erased.contact_requests = requests;
    erased.subscriptions = subscriptions;
    if let Some(user_id) = user_id {
        let ended = store::end_sessions_of(pool, user_id).await?;
        crate::platform::sessions::announce_ended(nats, &ns.sessions_changed(), &ended).await;
        crate::accounts::revocation::revoke(state, user_id).await;
        erased.sessions = ended.len() as u64;
    }
    erased.intake_records = contract::owners::ask(nats, ns.owners_erase_intake_records(), &person)
        .await
        .map_err(owner_failed)?;
    erased.users = contract::owners::ask(nats, ns.owners_erase_user(), &person)
        .await
        .map_err(owner_failed)?;
    erased.dead_letters = runtime::dead_letters::erase_mentions(pool, email).await?;
    erased.audit_log = store::forget_audited_email(pool, email).await?;
    Ok(erased)
}

/// The chats a person had, for their export.
pub async fn chats(
    state: &AppState,
    email: &str,
    user_id: Option<Uuid>,
) -> Result<Vec<Uuid>, ApiError> {
    Ok(crate::chat::store::chats_of_person(&state.pool, email, user_id).await?)
}

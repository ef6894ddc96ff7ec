//! The chat's REST routes: the visitor's (start, read, post) and the agent
//! console's (inbox, assign, resolve, reopen, state, counts, mark read) and the agent's
//! own profile (display name, alert preferences), the canned replies, the
//! chat's email as the console shows it, the links of the reply emails, and the upgrade to the live socket ([`socket`], outside `/api`).

mod agent;
mod attachments;
mod canned;
mod email;
mod profile;
mod reply_links;
pub mod socket;
mod states;
pub use reply_links::ONE_CLICK_UNSUBSCRIBE_PATH;
mod teams;
mod transcript;
mod transfer;
mod visitor;

#[cfg(any(test, feature = "fuzzing"))]
pub(crate) use crate::chat::posting::MessageBody;
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) use visitor::StartBody;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(visitor::router())
        .merge(agent::router())
        .merge(states::router())
        .merge(attachments::router())
        .merge(profile::router())
        .merge(transcript::router())
        .merge(transfer::router())
        .merge(teams::router())
        .merge(canned::router())
        .merge(email::router())
        .merge(reply_links::router())
}

//! Live chat in the gateway, in one place: who may see and write a chat
//! ([`access`], with the owners cached in [`owners`]), who answers it ([`assignment`]), every query on the chat tables ([`store`]), how a message
//! enters the durable pipeline ([`posting`], [`pipeline`], [`confirmations`]), receipts
//! ([`receipts`]), a chat's state: open, pending, snoozed, resolved ([`states`]), what a rejoining socket missed ([`resume`]), the WebSocket hub, presence
//! and socket protocol ([`hub`], [`presence`], [`socket`]), the resync of
//! sockets after a gap in NATS ([`resync`]), the REST
//! routes of visitors and agents ([`http`]), the agents' canned replies
//! ([`canned`]) and profiles ([`profile`]), files sent in chats ([`attachments`]) and
//! teams with the rules routing chats to them ([`teams`]).

pub mod access;
pub mod assignment;
pub mod attachments;
pub mod canned;
pub mod confirmations;
pub mod email_replies;
pub mod email_state;
pub mod error;
pub mod http;
pub mod hub;
pub mod lifecycle;
pub mod owners;
pub mod pipeline;
pub mod posting;
pub mod presence;
pub mod profile;
pub mod receipts;
pub mod resume;
pub mod resync;
pub mod socket;
pub mod states;
pub mod store;
pub mod teams;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub use access::{OWNER_TOKEN_KEY, Requester, role_in_chat};
pub use error::ChatError;
pub use hub::frame_json;
pub use lifecycle::{adopt_anonymous_chats, reopen};
pub use pipeline::{MAX_MESSAGE_CHARS, publish_inbox_update, send_message};

/// Chat's `/api` routes (the socket's is [`http::socket::router`]).
pub fn router() -> OpenApiRouter<AppState> {
    http::router()
}

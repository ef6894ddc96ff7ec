//! What acts on an emailed link: its signed token, posted by the page the
//! link opens (the signing itself is the `runtime` crate's).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The body that acts on an emailed link: its signed token. Opening a link
/// (a GET) only shows a page whose button posts this, so the mail scanners
/// that follow every link in a message change nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[ts(export)]
pub struct LinkToken {
    /// The `token` of the emailed link.
    pub token: String,
}

/// Whether the emails of a chat's unseen replies go to its address, as the
/// link in those emails left it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatEmails {
    /// The chat's address.
    pub email: String,
    /// `false` once stopped.
    pub sending: bool,
    /// What happened, in words.
    pub message: String,
}

//! Every query the gateway runs on `chat_sessions` and `chat_messages`.
//!
//! This module is the one writer of `chat_sessions` (start, adoption at
//! sign-in, assignment, status, read marks), of `chat_notes` and of the
//! agents' availability columns of `users`. `chat_messages` is written only
//! by the `chat` worker (`workers/src/chat.rs`); the gateway reads it here.
//! It is also the one writer of `canned_responses` (`canned.rs`),
//! `agent_profiles` (`profiles.rs`), `agent_consoles` (`agents.rs`) and
//! `chat_ratings` (`ratings.rs`).
//!
//! Split by concern; every function is re-exported here, so callers name
//! `store::<function>`.

mod agents;
mod canned;
mod email_codes;
mod erasure;
mod inbox;
mod labels;
mod notes;
mod profiles;
mod ratings;
mod sessions;

pub use agents::*;
pub use canned::*;
pub use email_codes::*;
pub use erasure::*;
pub use inbox::*;
pub use labels::*;
pub use notes::*;
pub use profiles::*;
pub use ratings::*;
pub use sessions::*;

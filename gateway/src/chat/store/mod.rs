//! Every query the gateway runs on `chat_sessions` and `chat_messages`.
//!
//! This module is the one writer of `chat_sessions` (start, adoption at
//! sign-in, assignment, resolving and reopening; the `chat` worker moves
//! chats between open, pending and snoozed), of `chat_notes` and of the
//! agents' availability columns of `users`. `chat_messages` is written only
//! by the `chat` worker (`workers/src/chat.rs`); the gateway reads it here.
//! It is also the one writer of `canned_responses` (`canned.rs`),
//! `agent_profiles` (`profiles.rs`), `agent_consoles` (`agents.rs`),
//! `chat_ratings` (`ratings.rs`), `chat_email_optouts`
//! (`email_optouts.rs`) and the teams, their members and routing rules
//! (`teams.rs`; a chat's team is `routing.rs`).
//!
//! Split by concern; each file's functions are re-exported here by name (the
//! list below says which file holds which), so callers name
//! `store::<function>`.

mod agents;
mod canned;
mod email_codes;
mod email_optouts;
mod erasure;
mod held_replies;
mod inbox;
mod labels;
mod notes;
mod profiles;
mod ratings;
mod receipts;
mod routing;
mod sessions;
mod states;
mod teams;

pub use agents::{
    AgentLoad, Assignment, QueuedChat, Returned, Rule, TransferTarget, agent_status,
    any_agent_available, assign_queue, assignee, console_closed, console_opened, consoles_seen,
    return_to_queue, set_agent_status, team_availability, transfer_target,
};
pub use canned::{canned_responses, create_canned, delete_canned, update_canned};
pub use email_codes::{CodeCheck, chat_address, check_code, code_hash, new_code, set_code};
pub use email_optouts::{erase_chat_email_optout, resume_chat_emails, stop_chat_emails};
pub use erasure::{ErasedChats, chats_of_person, correct_chats, erase_chats};
pub use held_replies::{
    EmailFacts, EmailFile, Held, decide, email_facts, email_files, erase_held_replies,
    forget_email_files, held, held_waiting, hold,
};
pub use inbox::{
    AssignedFilter, StatusFilter, TeamFilter, search, state_counts, summaries, summary, unanswered,
    visitor_history, waiting,
};
pub use labels::{labels_in_use, set_labels};
pub use notes::{add_note, notes};
pub use profiles::{agent_profile, save_agent_profile, shown_name};
pub use ratings::{Rated, rate, rating};
pub use receipts::{newest_message, receipt_marks, receipt_reached};
pub use routing::{
    RoutingFacts, agent_available_for, move_queued_chat, routing_facts, transfer_to_team,
};
pub use sessions::{
    AssignedAgent, NewChat, Ownership, adopt_anonymous_chats, assign_agent, assigned_agent,
    delete_unannounced, exists, insert, language, mark_announced, message_stored, messages,
    messages_from, ownership, recent_wait_seconds, reopen, session, set_status,
    stored_by_client_id,
};
pub use states::{CurrentState, current_state, state_event_stored};
pub use teams::{
    create_rule, create_team, delete_rule, delete_team, reorder_rules, routing_rules,
    set_team_members, team_name, teams, update_rule, update_team,
};

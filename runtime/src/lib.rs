//! What the gateway and the workers run on besides the wire format
//! (`contract`): the tracing set-up ([`tracing_setup`]), signed links
//! ([`signing`]), process plumbing ([`process`]), and the queries both
//! processes run: dead letters ([`dead_letters`]), the visitor salts of
//! analytics ([`visitor_salts`]), a chat's messages ([`chat_messages`]),
//! the stored site settings ([`site_settings`]) and retention's counts
//! ([`retention`]).

pub mod business_hours;
pub mod chat_messages;
pub mod dead_letters;
pub mod process;
pub mod retention;
pub mod signing;
pub mod site_settings;
pub mod texts;
pub mod tracing_setup;
pub mod visitor_salts;

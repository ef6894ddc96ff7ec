//! What every domain builds on and none owns: the server and its
//! middleware, configuration, errors, extractors and input rules, rate limits,
//! metrics, the NATS bus, the session store and the audit log. It uses no
//! domain: what it needs of the app's state it asks through traits the
//! state implements (`extract.rs`, `bus.rs`).

pub mod audit;
pub mod bus;
pub mod config;
pub mod email_health;
pub mod email_links;
pub mod error;
pub mod extract;
pub mod files;
pub mod input;
pub mod language;
pub mod limits;
pub mod metrics;
pub mod params;
pub mod pools;
pub mod security;
pub mod serve;
pub mod sessions;
pub mod spool;
pub mod spreadsheet;
pub mod store_health;
pub mod words;

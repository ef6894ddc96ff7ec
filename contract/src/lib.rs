//! The wire format between the gateway and the workers, and between the
//! gateway and the browser: NATS subjects and streams, payload types (with
//! their TypeScript twins), and the trace-context helpers that carry a
//! request's trace across NATS. What the processes run on besides is the
//! `runtime` crate.

pub mod accounts;
pub mod agent_profile;
pub mod agents;
pub mod analytics;
pub mod audit;
pub mod chat;
pub mod chat_line;
pub mod consent;
pub mod content;
pub mod database;
pub mod dead_letters;
pub mod email_health;
pub mod intake;
pub mod language;
pub mod limits;
pub mod links;
pub mod namespace;
pub mod owners;
pub mod password_reset;
pub mod privacy;
pub mod retention;
pub mod second_factor;
pub mod site_settings;
pub mod subscriptions;
pub mod telemetry;
#[cfg(test)]
mod ts_values;
pub mod waitlist;

pub use namespace::Namespace;

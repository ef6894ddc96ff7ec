//! The site itself: its settings (phone numbers, mailboxes, hours, links;
//! edited by admins, cached on every gateway), and the web app served with
//! each page's title and link-preview tags, and the cookie choices on
//! record (`consent.rs`).

pub mod consent;
pub mod error;
pub mod first_image;
pub mod http;
pub mod pages;
mod rules;
pub mod settings;
pub mod store;
pub mod web;

pub use error::SiteError;
pub use http::router;
pub use settings::SiteSettingsCache;

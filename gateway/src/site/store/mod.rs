//! Every query of the site domain, one file per table: the site settings
//! ([`settings`], `site_settings`) and the cookie choices ([`consent`],
//! `cookie_consents`).

pub mod consent;
pub mod settings;

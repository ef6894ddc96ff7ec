//! Every query of the privacy domain, one file per table: the one writer
//! of `privacy_requests` and `privacy_exports`, each write and its audit
//! record in one transaction; it reads every table that holds a person's
//! data for their export ([`person_data`]; readers may be anywhere).

mod audit_log;
mod person_data;
mod privacy_exports;
mod privacy_requests;
mod sessions;
mod users;

pub use audit_log::forget_audited_email;
pub use person_data::{Attachment, person_data};
pub use privacy_exports::{export, store_export};
pub use privacy_requests::{
    Asked, complete, confirm, confirmed_requests, forget_person, insert_request, overdue_count,
    request, take_step,
};
pub use sessions::end_sessions_of;
pub use users::account;

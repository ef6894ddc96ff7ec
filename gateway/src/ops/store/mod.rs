//! Every query of the operator's pages, one file per table (or catalogue)
//! read: migrations and table sizes, the chat attachments' totals, the
//! probes, the admin overview's counts, the analytics report, the audit
//! screen's reads, and the audited writes on dead letters. Re-exported here by name, so callers name
//! `store::<function>`.

mod analytics;
mod audit_log;
mod chat_attachments;
mod dead_letters;
mod migrations;
mod overview_counts;
mod probes;
mod tables;

pub use analytics::analytics_report;
pub use audit_log::{ExportPlan, Start, audit_entries, audit_filters, plan_audit_export};
pub use chat_attachments::attachment_totals;
pub use dead_letters::{discard_dead_letter, replay_dead_letter};
pub use migrations::migrations;
pub use overview_counts::{OverviewCounts, overview_counts};
pub use probes::{database_answers, database_clock};
pub use tables::{RowCounting, tables};

//! The HTTP handlers of the domains not yet in a folder of their own; the
//! app that merges them is `crate::app`.

pub mod canned_responses;

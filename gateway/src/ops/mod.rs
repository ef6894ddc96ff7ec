//! Operating the platform: what operators and Prometheus read.

pub mod metrics;

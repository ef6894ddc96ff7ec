//! What the gateway and the workers run on besides the wire format
//! (`contract`): the tracing set-up ([`tracing_setup`]), signed links
//! ([`signing`]), process plumbing ([`process`]), and the queries of the
//! two tables every process writes: dead letters ([`dead_letters`]) and the
//! visitor salts of analytics ([`visitor_salts`]).

pub mod dead_letters;
pub mod process;
pub mod signing;
pub mod tracing_setup;
pub mod visitor_salts;

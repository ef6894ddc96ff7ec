//! Every JSON request body type (the first byte picks it) through its
//! parsing and validation: see `gateway::fuzzing::json_body`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gateway::fuzzing::json_body(data));

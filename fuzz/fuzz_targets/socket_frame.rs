//! A client's `/ws` text frame: see `gateway::fuzzing::socket_frame`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gateway::fuzzing::socket_frame(data));

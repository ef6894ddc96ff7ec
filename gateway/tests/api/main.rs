//! End-to-end tests of the gateway with a real `accounts` worker, real NATS
//! and a fresh database per test.

mod accounts;
mod chat;
mod chat_pipeline;
mod connections;
mod health;
mod helpers;
mod http_errors;
mod security_headers;
mod sessions;
mod tracing_capture;
mod web;

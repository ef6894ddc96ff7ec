//! End-to-end tests of the gateway with a real `accounts` worker, real NATS
//! and a fresh database per test.

mod accounts;
mod health;
mod helpers;
mod http_errors;
mod sessions;
mod web;

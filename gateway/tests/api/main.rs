//! End-to-end tests of the gateway with a real `accounts` worker, real NATS
//! and a fresh database per test.

mod accounts;
mod agent_profile;
mod agents;
mod analytics;
mod assignment;
mod chat;
mod chat_pipeline;
mod connections;
mod content;
mod crawlers;
mod database;
mod dead_letters;
mod health;
mod helpers;
mod http_errors;
mod input_rules;
mod intake;
mod mailbox;
mod nats_cluster;
mod openapi;
mod otlp;
mod password_reset;
mod prometheus;
mod rate_limits;
mod ratings;
mod revocation;
mod security_headers;
mod sessions;
mod site_settings;
mod subscriptions;
mod tracing_capture;
mod uploads;
mod views;
mod waitlist;
mod web;

//! The API description at `/api/openapi.json` stays in sync with the routes.
//!
//! By construction: every `/api` route is registered with
//! `utoipa_axum::routes!`, which takes its path and methods from the
//! handler's `#[utoipa::path]`, so a route cannot exist without its entry
//! (the calls that would bypass it are refused by `clippy.toml`). These tests
//! check the result on a running gateway: the document is valid OpenAPI 3.1,
//! and for every documented path the router answers exactly the documented
//! methods.

use std::collections::BTreeSet;

use reqwest::{Method, StatusCode};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use crate::helpers::{self, TestApp};

async fn document(app: &TestApp) -> (String, Value) {
    let response = app.new_browser().get("/api/openapi.json").await;
    assert_eq!(response.status(), StatusCode::OK);
    let content_type = response.headers()[reqwest::header::CONTENT_TYPE].clone();
    assert_eq!(content_type, "application/json");
    let text = response.text().await.expect("body");
    let json = serde_json::from_str(&text).expect("the document is JSON");
    (text, json)
}

#[sqlx::test(migrations = "../migrations")]
async fn the_served_document_is_valid_openapi_3_1(pool: PgPool) {
    let app = helpers::spawn(pool).await;
    let (text, _) = document(&app).await;
    let spec = oas3::from_json(&text).expect("parses as an OpenAPI 3.1 document");
    let version = spec.validate_version().expect("a supported version");
    assert_eq!((version.major, version.minor), (3, 1));
    let mut operations = 0;
    for (path, method, operation) in spec.operations() {
        operations += 1;
        // Every reference resolves.
        operation
            .parameters(&spec)
            .unwrap_or_else(|error| panic!("{method} {path}: parameters: {error}"));
        operation
            .request_body(&spec)
            .unwrap_or_else(|error| panic!("{method} {path}: request body: {error}"));
        let responses = operation.responses(&spec);
        let declared = operation.responses.as_ref().map_or(0, |r| r.len());
        assert_eq!(
            responses.len(),
            declared,
            "{method} {path}: a response ref is dangling"
        );
        assert!(
            responses
                .keys()
                .any(|status| status.starts_with('2') || status.starts_with('3')),
            "{method} {path} documents no success"
        );
        assert!(responses.contains_key("500"), "{method} {path}");
    }
    assert!(operations > 60, "only {operations} operations");
}

/// A method no `/api` route has: axum answers it with 405 and an `Allow`
/// header listing the methods the router has on that path.
const PROBE: &str = "OPTIONS";

#[sqlx::test(migrations = "../migrations")]
async fn every_documented_path_answers_exactly_its_documented_methods(pool: PgPool) {
    let app = helpers::spawn(pool).await;
    let (_, json) = document(&app).await;
    let browser = app.new_browser();
    let paths = json["paths"].as_object().expect("paths");
    for (path, item) in paths {
        let mut documented: BTreeSet<String> = item
            .as_object()
            .expect("path item")
            .keys()
            .filter(|key| ["get", "post", "put", "patch", "delete"].contains(&key.as_str()))
            .map(|method| method.to_uppercase())
            .collect();
        assert!(!documented.is_empty(), "{path} has no operation");
        assert!(!documented.contains(PROBE), "{path}");
        // HTTP gives every GET a HEAD; axum answers it with the GET handler.
        if documented.contains("GET") {
            documented.insert("HEAD".to_owned());
        }
        let concrete = path.replace("{id}", &Uuid::new_v4().to_string());
        assert!(!concrete.contains('{'), "{path}: unknown path parameter");
        let response = browser
            .client
            .request(
                Method::from_bytes(PROBE.as_bytes()).expect("method"),
                browser.url(&concrete),
            )
            .send()
            .await
            .expect("request");
        assert_eq!(
            response.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{path}: the router has no route here"
        );
        let allowed: BTreeSet<String> = response
            .headers()
            .get_all(reqwest::header::ALLOW)
            .iter()
            .flat_map(|value| value.to_str().expect("ascii").split(','))
            .map(|method| method.trim().to_owned())
            .filter(|method| !method.is_empty())
            .collect();
        assert_eq!(
            allowed, documented,
            "{path}: routed methods differ from the document"
        );
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_path_outside_the_document_is_not_routed(pool: PgPool) {
    let app = helpers::spawn(pool).await;
    let response = app.new_browser().get("/api/no-such-route").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["message"], "Not found");
}

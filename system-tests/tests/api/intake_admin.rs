//! The admin's side of contact and demo requests: the inbox (list, search,
//! filter, handle), for admins only, and the overview's counts of what waits
//! for a person.

use crate::helpers::{Options, TestApp, message, registration, spawn_with};
use crate::intake::{FAST, count, request, send_ok, visitor, wait_for_count, with_intake};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use std::time::Duration;
use uuid::Uuid;

/// Files `n` requests (subjects "Request 0"…) and waits until they are stored.
async fn file_requests(app: &TestApp, n: usize) -> Vec<String> {
    let mut ids = Vec::new();
    for i in 0..n {
        let mut body = request(&format!("person{i}@example.com"));
        body["subject"] = json!(format!("Request {i}"));
        body["name"] = json!(format!("Person {i}"));
        ids.push(send_ok(app, &body, None).await);
        // Distinct receive times keep the order certain.
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let stored = "select count(*) from contact_requests";
    let n = i64::try_from(n).expect("small");
    assert_eq!(
        wait_for_count(&app.pool, stored, n, Duration::from_secs(10)).await,
        n
    );
    ids
}

#[sqlx::test(migrations = "../migrations")]
async fn admins_list_search_filter_and_handle_requests(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("CONTACT_LIMIT_PER_IP_PER_10_MINUTES", "100".to_owned())],
            ..with_intake(None, FAST)
        },
    )
    .await;
    let ids = file_requests(&app, 3).await;
    let admin = app.agent().await;

    let list: Value = admin
        .get("/api/admin/messages")
        .await
        .json()
        .await
        .expect("JSON");
    let subjects: Vec<&str> = list["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| item["subject"].as_str().expect("subject"))
        .collect();
    assert_eq!(
        subjects,
        ["Request 2", "Request 1", "Request 0"],
        "newest first"
    );
    assert_eq!(list["pagination"]["total"], 3);
    assert_eq!(list["pagination"]["limit"], 20);
    assert_eq!(list["items"][0]["status"], "new");
    assert_eq!(list["items"][0]["message"], "Line one\nLine two");

    let found: Value = admin
        .get("/api/admin/messages?search=PERSON1%40example")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(found["items"].as_array().expect("items").len(), 1);
    assert_eq!(found["items"][0]["id"], ids[1].as_str());

    let response = admin
        .client
        .patch(admin.url(&format!("/api/admin/messages/{}", ids[0])))
        .header("X-Requested-With", "XMLHttpRequest")
        .json(&json!({ "status": "handled", "assignedToMe": true }))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::OK);
    let handled: Value = response.json().await.expect("JSON");
    assert_eq!(handled["status"], "handled");
    assert_eq!(handled["assignedToName"], "Administrator");
    assert_eq!(handled["handledByName"], "Administrator");
    assert!(handled["handledAt"].is_string());
    assert_eq!(handled["assignedTo"], handled["handledBy"]);

    let audited = format!(
        "select count(*) from audit_log where entity = 'contact_request' and entity_id = '{}' \
         and action = 'update' and actor_id is not null",
        ids[0]
    );
    assert_eq!(count(&app.pool, &audited).await, 1);

    let only_handled: Value = admin
        .get("/api/admin/messages?status=handled")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(only_handled["pagination"]["total"], 1);
    assert_eq!(only_handled["items"][0]["id"], ids[0].as_str());
    let only_new: Value = admin
        .get("/api/admin/messages?status=new")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(only_new["pagination"]["total"], 2);

    // Back to new: the handling is forgotten; unassigned again.
    let patch = |id: String, body: Value| {
        let admin = &admin;
        async move {
            admin
                .client
                .patch(admin.url(&format!("/api/admin/messages/{id}")))
                .header("X-Requested-With", "XMLHttpRequest")
                .json(&body)
                .send()
                .await
                .expect("request")
        }
    };
    let reopened: Value = patch(
        ids[0].clone(),
        json!({ "status": "new", "assignedToMe": false }),
    )
    .await
    .json()
    .await
    .expect("JSON");
    assert_eq!(reopened["status"], "new");
    assert_eq!(reopened["handledAt"], Value::Null);
    assert_eq!(reopened["assignedTo"], Value::Null);

    for (body, expected) in [
        (json!({}), "Send a status (new or handled) or assignedToMe"),
        (json!({ "status": "done" }), "Status is not valid"),
        (
            json!({ "assignedToMe": "yes" }),
            "Assigned to me must be true or false",
        ),
    ] {
        let response = patch(ids[1].clone(), body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert_eq!(message(response).await, expected);
    }
    let missing = patch(Uuid::now_v7().to_string(), json!({ "status": "handled" })).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(message(missing).await, "Contact request not found");
    for query in ["status=done", "page=0", "page=x"] {
        let response = admin.get(&format!("/api/admin/messages?{query}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_inbox_and_overview_are_for_admins_only(pool: PgPool) {
    let app = spawn_with(pool, Options::default()).await;
    let id = Uuid::now_v7();
    let patch = |browser: &crate::helpers::Browser| {
        browser
            .client
            .patch(browser.url(&format!("/api/admin/messages/{id}")))
            .header("X-Requested-With", "XMLHttpRequest")
            .json(&json!({ "status": "handled" }))
            .send()
    };
    let visitor = app.new_browser();
    assert_eq!(
        visitor.get("/api/admin/messages").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        visitor.get("/api/admin/overview").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        patch(&visitor).await.expect("request").status(),
        StatusCode::UNAUTHORIZED
    );

    let user = app.new_browser();
    let email = format!("user-{}@example.com", Uuid::new_v4().simple());
    assert_eq!(
        user.register(&registration(&email)).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(
        user.get("/api/admin/messages").await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        user.get("/api/admin/overview").await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        patch(&user).await.expect("request").status(),
        StatusCode::FORBIDDEN
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn the_overview_counts_what_waits_for_a_person(pool: PgPool) {
    let app = spawn_with(pool, with_intake(None, FAST)).await;
    let admin = app.agent().await;
    let empty: Value = admin
        .get("/api/admin/overview")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(
        empty["chatsWaiting"],
        json!({ "count": 0, "href": "/admin/chat" })
    );
    assert_eq!(empty["oldestWaitingSince"], Value::Null);
    assert_eq!(
        empty["agentsOnline"],
        json!({ "count": 0, "href": "/admin/chat" })
    );
    assert_eq!(
        empty["newContactRequests"],
        json!({ "count": 0, "href": "/admin/requests#inbox" })
    );
    assert_eq!(
        empty["subscriptionsAwaiting"],
        json!({ "count": 0, "href": "/admin/requests#subscribers" })
    );
    assert_eq!(
        empty["privacyRequestsOverdue"],
        json!({ "count": 0, "href": "/admin/privacy-requests" })
    );
    assert_eq!(
        empty["registrationsThisWeek"],
        json!({ "count": 0, "href": "/admin/analytics" })
    );
    assert_eq!(empty["deadLetters"]["count"], 0);

    app.start_chat("Waiting Visitor", &visitor()).await;
    send_ok(&app, &request(&visitor()), None).await;
    let stored = "select count(*) from contact_requests";
    wait_for_count(&app.pool, stored, 1, Duration::from_secs(10)).await;
    let reader = format!("reader-{}@example.com", Uuid::new_v4().simple());
    let subscribed = app
        .post(
            "/api/subscriptions",
            &json!({ "email": reader, "topic": "blog" }),
        )
        .await;
    assert_eq!(subscribed.status(), StatusCode::ACCEPTED);
    let pending = "select count(*) from subscriptions";
    wait_for_count(&app.pool, pending, 1, Duration::from_secs(10)).await;
    let email = format!("user-{}@example.com", Uuid::new_v4().simple());
    assert_eq!(
        app.new_browser()
            .register(&registration(&email))
            .await
            .status(),
        StatusCode::CREATED
    );
    // A support agent's account is staff, not a registration.
    app.signed_in_as("support").await;
    let mut console = admin.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    console.recv().await;

    let overview: Value = admin
        .get("/api/admin/overview")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(overview["chatsWaiting"]["count"], 1);
    assert!(overview["oldestWaitingSince"].is_string(), "{overview}");
    assert_eq!(overview["agentsOnline"]["count"], 1);
    assert_eq!(overview["newContactRequests"]["count"], 1);
    assert_eq!(
        overview["subscriptionsAwaiting"]["count"], 1,
        "subscribed, its link not yet confirmed"
    );
    assert_eq!(
        overview["registrationsThisWeek"]["count"], 1,
        "neither the admin nor the support agent is counted"
    );
}

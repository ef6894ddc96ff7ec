//! Teams and routing (issue 40): admins manage teams, members and ordered
//! routing rules (audited, refused in words); a chat takes the team of the
//! first rule matching its page, label or language; assignment stays fair
//! within the team with capacity and falls back to everyone only when the
//! team says so and no member is available; a transfer can go to a team.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::agent_presence::{agent_online, set_capacity};
use crate::helpers::{Browser, TestApp, spawn};

/// Starts a chat on `page` in `language` and returns its id.
pub(crate) async fn start_on(visitor: &Browser, page: &str, language: &str) -> String {
    let response = visitor
        .post(
            "/api/chat/sessions",
            &json!({ "visitorName": "Amina", "visitorEmail": "amina@example.com",
                     "pageUrl": page, "language": language }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let chat: Value = response.json().await.expect("json");
    chat["sessionId"].as_str().expect("sessionId").to_owned()
}

/// Creates team `name` (falling back to everyone or not) and returns its id.
pub(crate) async fn team(admin: &Browser, name: &str, fallback: bool) -> String {
    let response = admin
        .post(
            "/api/admin/teams",
            &json!({ "name": name, "fallbackToEveryone": fallback }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let team: Value = response.json().await.expect("json");
    team["id"].as_str().expect("id").to_owned()
}

pub(crate) async fn members(admin: &Browser, team: &str, agents: &[&str]) {
    let response = admin
        .put(
            &format!("/api/admin/teams/{team}/members"),
            &json!({ "agentIds": agents }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
}

/// Adds a routing rule and returns its id.
async fn rule(admin: &Browser, kind: &str, value: &str, team: &str) -> String {
    let response = admin
        .post(
            "/api/admin/routing-rules",
            &json!({ "kind": kind, "value": value, "teamId": team }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let rule: Value = response.json().await.expect("json");
    rule["id"].as_str().expect("id").to_owned()
}

pub(crate) async fn summary(agent: &Browser, chat: &str) -> Value {
    let response = agent.get(&format!("/api/agent/chats/{chat}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("json")
}

async fn inbox(agent: &Browser, query: &str) -> Vec<String> {
    let response = agent.get(&format!("/api/agent/chats?{query}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let chats: Vec<Value> = response.json().await.expect("json");
    chats
        .iter()
        .map(|c| c["sessionId"].as_str().expect("id").to_owned())
        .collect()
}

pub(crate) async fn trail(agent: &Browser, chat: &str) -> Vec<String> {
    let notes: Vec<Value> = agent
        .get(&format!("/api/agent/chats/{chat}/notes"))
        .await
        .json()
        .await
        .expect("json");
    notes
        .iter()
        .map(|n| n["body"].as_str().expect("body").to_owned())
        .collect()
}

pub(crate) async fn message(response: reqwest::Response) -> (StatusCode, String) {
    let status = response.status();
    let body: Value = response.json().await.expect("json");
    (
        status,
        body["message"].as_str().unwrap_or_default().to_owned(),
    )
}

async fn audited(app: &TestApp, entity: &str) -> Vec<String> {
    sqlx::query_scalar("select action from audit_log where entity = $1 order by id")
        .bind(entity)
        .fetch_all(&app.pool)
        .await
        .expect("audit")
}

#[sqlx::test(migrations = "../migrations")]
async fn admins_manage_teams_and_rules_refused_in_words_and_audited(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let (support, _) = app.signed_in_as("support").await;
    let (customer, _) = app.signed_in_as("user").await;
    let support_id = support
        .get("/api/user")
        .await
        .json::<Value>()
        .await
        .expect("json")["id"]
        .as_str()
        .expect("id")
        .to_owned();

    let sales = team(&admin, "Sales", true).await;
    let (status, words) = message(
        admin
            .post("/api/admin/teams", &json!({ "name": " sales " }))
            .await,
    )
    .await;
    assert_eq!(
        (status, words.as_str()),
        (StatusCode::CONFLICT, "Another team already has this name")
    );
    let (status, words) = message(
        admin
            .post("/api/admin/teams", &json!({ "name": "  " }))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(words.contains("Name"), "{words}");
    let renamed = admin
        .put(
            &format!("/api/admin/teams/{sales}"),
            &json!({ "name": "Sales and pricing", "description": "Plans and quotes",
                     "fallbackToEveryone": false }),
        )
        .await;
    assert_eq!(renamed.status(), StatusCode::OK);
    let renamed: Value = renamed.json().await.expect("json");
    assert_eq!(renamed["fallbackToEveryone"], false);
    assert_eq!(renamed["description"], "Plans and quotes");

    // Members: active agents only, named in words.
    let stranger = uuid::Uuid::now_v7();
    let (status, words) = message(
        admin
            .put(
                &format!("/api/admin/teams/{sales}/members"),
                &json!({ "agentIds": [support_id, stranger] }),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(words, format!("No active agent with the id {stranger}"));
    members(&admin, &sales, &[&support_id]).await;

    // Rules: checked, canonical, one per page / label / language.
    let (status, words) = message(
        admin
            .post(
                "/api/admin/routing-rules",
                &json!({ "kind": "page", "value": "pricing", "teamId": sales }),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(words.starts_with("Page must be a path"), "{words}");
    let (status, words) = message(
        admin
            .post(
                "/api/admin/routing-rules",
                &json!({ "kind": "language", "value": "de", "teamId": sales }),
            )
            .await,
    )
    .await;
    assert_eq!(
        (status, words.as_str()),
        (StatusCode::BAD_REQUEST, "Language must be en, fr or sw")
    );
    let (status, words) = message(
        admin
            .post(
                "/api/admin/routing-rules",
                &json!({ "kind": "label", "value": "billing", "teamId": stranger }),
            )
            .await,
    )
    .await;
    assert_eq!(
        (status, words.as_str()),
        (StatusCode::NOT_FOUND, "Team not found")
    );
    let page = rule(&admin, "page", "/pricing/", &sales).await;
    let label = rule(&admin, "label", "Billing", &sales).await;
    let (status, _) = message(
        admin
            .post(
                "/api/admin/routing-rules",
                &json!({ "kind": "page", "value": "/pricing", "teamId": sales }),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, words) = message(
        admin
            .put("/api/admin/routing-rules/order", &json!({ "ids": [label] }))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(words.starts_with("The routing rules changed"), "{words}");
    let reordered: Vec<Value> = admin
        .put(
            "/api/admin/routing-rules/order",
            &json!({ "ids": [label, page] }),
        )
        .await
        .json()
        .await
        .expect("json");
    let order: Vec<(&str, &str)> = reordered
        .iter()
        .map(|r| {
            (
                r["kind"].as_str().expect("kind"),
                r["value"].as_str().expect("value"),
            )
        })
        .collect();
    assert_eq!(order, [("label", "billing"), ("page", "/pricing")]);

    // Agents list teams; only admins change them; customers do neither.
    let listed: Vec<Value> = support
        .get("/api/agent/teams")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["members"][0]["id"], support_id.as_str());
    for (method, path) in [
        ("POST", "/api/admin/teams".to_owned()),
        ("PUT", format!("/api/admin/teams/{sales}")),
        ("DELETE", format!("/api/admin/teams/{sales}")),
        ("PUT", format!("/api/admin/teams/{sales}/members")),
        ("GET", "/api/admin/routing-rules".to_owned()),
        ("POST", "/api/admin/routing-rules".to_owned()),
        ("PUT", format!("/api/admin/routing-rules/{page}")),
        ("DELETE", format!("/api/admin/routing-rules/{page}")),
        ("PUT", "/api/admin/routing-rules/order".to_owned()),
    ] {
        let body = json!({ "name": "X", "kind": "page", "value": "/x", "teamId": sales, "ids": [], "agentIds": [] });
        let call = |who: &Browser| {
            let who = who.client.clone();
            let url = format!("{}{path}", app.address);
            let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
            let body = body.clone();
            async move {
                who.request(method, url)
                    .header("X-Requested-With", "XMLHttpRequest")
                    .json(&body)
                    .send()
                    .await
                    .expect("request")
                    .status()
            }
        };
        assert_eq!(
            call(&support).await,
            StatusCode::FORBIDDEN,
            "support {method} {path}"
        );
        assert_eq!(
            call(&customer).await,
            StatusCode::FORBIDDEN,
            "customer {method} {path}"
        );
    }
    assert_eq!(
        customer.get("/api/agent/teams").await.status(),
        StatusCode::FORBIDDEN
    );

    // Deleting the team deletes its rules.
    let response = admin.delete(&format!("/api/admin/teams/{sales}")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let rules: Vec<Value> = admin
        .get("/api/admin/routing-rules")
        .await
        .json()
        .await
        .expect("json");
    assert!(rules.is_empty());
    assert_eq!(
        admin
            .delete(&format!("/api/admin/teams/{sales}"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        audited(&app, "team").await,
        ["create", "update", "members", "delete"]
    );
    assert_eq!(
        audited(&app, "routing_rule").await,
        ["create", "create", "reorder", "reorder"]
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn chats_go_to_the_team_of_the_first_rule_on_their_page_label_or_language(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let sales = team(&admin, "Sales", true).await;
    let tech = team(&admin, "Tech", true).await;
    let french = team(&admin, "Francophone", true).await;
    let billing = team(&admin, "Billing", true).await;
    rule(&admin, "page", "/virtual-servers", &tech).await;
    rule(&admin, "label", "billing", &billing).await;
    rule(&admin, "page", "/pricing", &sales).await;
    let language = rule(&admin, "language", "fr", &french).await;

    // Nobody is online: every chat waits, each in its team's queue.
    let visitor = app.new_browser();
    let servers = start_on(&visitor, "/sw/virtual-servers/gpu", "sw").await;
    let pricing_fr = start_on(&visitor, "/fr/pricing", "fr").await;
    let blog_fr = start_on(&visitor, "/fr/blog", "fr").await;
    let blog = start_on(&visitor, "/blog", "en").await;
    let pricing = start_on(&visitor, "/pricing?plan=kes", "en").await;
    for (chat, team, place) in [
        (&servers, Some(&tech), 1),
        (&pricing_fr, Some(&sales), 1),
        (&blog_fr, Some(&french), 1),
        (&blog, None, 1),
        (&pricing, Some(&sales), 2),
    ] {
        let row = summary(&admin, chat).await;
        assert_eq!(row["teamId"].as_str(), team.map(String::as_str), "{chat}");
        assert_eq!(row["queuePosition"], place, "{chat}");
        let seen: Value = visitor
            .get(&format!("/api/chat/sessions/{chat}"))
            .await
            .json()
            .await
            .expect("json");
        assert_eq!(seen["queuePosition"], place, "the visitor's place");
    }
    assert_eq!(summary(&admin, &pricing).await["teamName"], "Sales");
    assert_eq!(
        trail(&admin, &pricing).await,
        ["Routed to the team Sales (page /pricing)"]
    );

    // The inbox filters by team, by no team, and refuses a bad filter.
    let mut of_sales = inbox(&admin, &format!("team={sales}")).await;
    of_sales.sort();
    let mut expected = vec![pricing_fr.clone(), pricing.clone()];
    expected.sort();
    assert_eq!(of_sales, expected);
    assert_eq!(
        inbox(&admin, "team=none").await,
        std::slice::from_ref(&blog)
    );
    assert_eq!(inbox(&admin, "team=mine").await, Vec::<String>::new());
    let (status, words) = message(admin.get("/api/agent/chats?team=sales").await).await;
    assert_eq!(
        (status, words.as_str()),
        (
            StatusCode::BAD_REQUEST,
            "Team must be a team's id, mine or none"
        )
    );

    // A label on a queued chat runs the rules again: the label rule comes
    // before the page rule, so the Sales chat moves to Billing; the Tech
    // chat's page rule comes first, so it stays.
    for chat in [&pricing, &servers, &blog] {
        let response = admin
            .put(
                &format!("/api/agent/chats/{chat}/labels"),
                &json!({ "labels": ["billing"] }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    assert_eq!(summary(&admin, &pricing).await["teamId"], billing.as_str());
    assert_eq!(summary(&admin, &blog).await["teamId"], billing.as_str());
    assert_eq!(summary(&admin, &servers).await["teamId"], tech.as_str());
    assert_eq!(
        trail(&admin, &pricing).await.last().map(String::as_str),
        Some("Routed to the team Billing (label billing)")
    );
    // The chat left Sales' queue: the French pricing chat is first there.
    assert_eq!(summary(&admin, &pricing_fr).await["queuePosition"], 1);

    // Moved first, the language rule wins over the page rule.
    let ids: Vec<Value> = admin
        .get("/api/admin/routing-rules")
        .await
        .json()
        .await
        .expect("json");
    let mut order: Vec<&str> = ids.iter().map(|r| r["id"].as_str().expect("id")).collect();
    order.retain(|id| *id != language);
    order.insert(0, &language);
    let response = admin
        .put("/api/admin/routing-rules/order", &json!({ "ids": order }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let later = start_on(&visitor, "/fr/pricing", "fr").await;
    assert_eq!(summary(&admin, &later).await["teamId"], french.as_str());
}

#[sqlx::test(migrations = "../migrations")]
async fn assignment_stays_fair_within_the_team_and_falls_back_only_as_set(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let (ann, ann_id, _, _ann_console) = agent_online(&app, &app.address).await;
    let (_ben, ben_id, _, _ben_console) = agent_online(&app, &app.address).await;
    let (_cy, cy_id, _, _cy_console) = agent_online(&app, &app.address).await;
    // Dee's console closes at once (dropped): Dee is not available.
    let (_dee, dee_id, _, _) = agent_online(&app, &app.address).await;
    for id in [&ann_id, &ben_id, &cy_id] {
        set_capacity(&admin, id, 2).await;
    }
    let sales = team(&admin, "Sales", true).await;
    members(&admin, &sales, &[&ann_id, &ben_id]).await;
    rule(&admin, "page", "/pricing", &sales).await;
    // Dee's console closed: the Ops team has nobody available.
    let ops = team(&admin, "Ops", false).await;
    members(&admin, &ops, &[&dee_id]).await;
    rule(&admin, "page", "/status", &ops).await;
    let nobody = team(&admin, "Night shift", true).await;
    rule(&admin, "page", "/support", &nobody).await;

    // Five Sales chats: two each for Ann and Ben, in turn; the fifth waits
    // for Sales although Cy has room (Sales has members available).
    let visitor = app.new_browser();
    let mut given = Vec::new();
    for _ in 0..5 {
        let chat = start_on(&visitor, "/pricing", "en").await;
        given.push(summary(&ann, &chat).await);
    }
    let assignees: Vec<&str> = given
        .iter()
        .map(|c| c["assignedAgentId"].as_str().unwrap_or("queued"))
        .collect();
    let count = |id: &str| assignees.iter().filter(|a| **a == id).count();
    assert_eq!(
        (count(&ann_id), count(&ben_id), count(&cy_id)),
        (2, 2, 0),
        "{assignees:?}"
    );
    assert_eq!(assignees[4], "queued");
    assert_eq!(given[4]["queuePosition"], 1);

    // A chat without a team goes to anyone: Cy has the room.
    let open = start_on(&visitor, "/blog", "en").await;
    assert_eq!(
        summary(&ann, &open).await["assignedAgentId"],
        cy_id.as_str()
    );
    // A team with no member at all that falls back: everyone (Cy again).
    let night = start_on(&visitor, "/support", "en").await;
    assert_eq!(
        summary(&ann, &night).await["assignedAgentId"],
        cy_id.as_str()
    );

    // Ops does not fall back: its chat waits, and its visitor is told the
    // team is away although other agents are online.
    let status = start_on(&visitor, "/status", "en").await;
    let row = summary(&ann, &status).await;
    assert!(row["assignedAgentId"].is_null());
    let seen: Value = visitor
        .get(&format!("/api/chat/sessions/{status}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(seen["line"]["kind"], "away", "{seen}");

    // Ops now falls back: the chat goes to whoever has room (Dee is not
    // available; Ann, Ben and Cy are full but for capacity raised on Ann).
    set_capacity(&admin, &ann_id, 3).await;
    // The fifth Sales chat came first in the queue and took Ann's place.
    assert_eq!(
        summary(&ann, given[4]["sessionId"].as_str().expect("id")).await["assignedAgentId"],
        ann_id.as_str()
    );
    set_capacity(&admin, &cy_id, 3).await;
    let response = admin
        .put(
            &format!("/api/admin/teams/{ops}"),
            &json!({ "name": "Ops", "fallbackToEveryone": true }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        summary(&ann, &status).await["assignedAgentId"],
        cy_id.as_str()
    );
}

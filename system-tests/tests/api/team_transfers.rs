//! Transfers to a team (issue 40): the chat leaves its agent and goes to
//! another member at once, or waits in the team's queue; refused in words.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::agent_presence::{agent_online, set_capacity};
use crate::helpers::spawn;
use crate::teams::{members, message, start_on, summary, team, trail};

#[sqlx::test(migrations = "../migrations")]
async fn a_chat_transferred_to_a_team_goes_to_a_member_or_waits_in_its_queue(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let (cy, cy_id, cy_name, mut cy_console) = agent_online(&app, &app.address).await;
    let visitor = app.new_browser();
    let chat = start_on(&visitor, "/blog", "en").await;
    assert_eq!(summary(&cy, &chat).await["assignedAgentId"], cy_id.as_str());
    let (_ann, ann_id, _, _ann_console) = agent_online(&app, &app.address).await;
    let (_ben, ben_id, _, _ben_console) = agent_online(&app, &app.address).await;
    set_capacity(&admin, &ben_id, 1).await;
    let sales = team(&admin, "Sales", true).await;
    members(&admin, &sales, &[&ann_id, &ben_id, &cy_id]).await;

    // Refusals first.
    let path = format!("/api/agent/chats/{chat}/transfer");
    let (status, words) = message(
        cy.post(&path, &json!({ "agentId": ann_id, "teamId": sales }))
            .await,
    )
    .await;
    assert_eq!(
        (status, words.as_str()),
        (
            StatusCode::BAD_REQUEST,
            "Choose either an agent or a team to transfer the chat to"
        )
    );
    let (status, words) = message(
        cy.post(&path, &json!({ "teamId": uuid::Uuid::now_v7() }))
            .await,
    )
    .await;
    assert_eq!(
        (status, words.as_str()),
        (StatusCode::NOT_FOUND, "No team with that id")
    );

    // Cy hands the chat to Sales: not back to Cy, to the least loaded other
    // member (Ann and Ben have none; Ann is first by id or Ben: either).
    let response = cy
        .post(
            &path,
            &json!({ "teamId": sales, "note": "Pricing question" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let row: Value = response.json().await.expect("json");
    assert_eq!(row["teamId"], sales.as_str());
    let first = row["assignedAgentId"]
        .as_str()
        .expect("assigned")
        .to_owned();
    assert!(first == ann_id || first == ben_id, "{row}");
    let trail = trail(&cy, &chat).await;
    assert!(
        trail.contains(&format!("Transferred by {cy_name} to the team Sales")),
        "{trail:?}"
    );
    assert!(
        trail.iter().any(|t| t.starts_with("Assigned to ")),
        "{trail:?}"
    );
    loop {
        let update = cy_console.recv_type("inbox_update").await;
        if update["reason"] == "assignment" && update["sessionId"] == chat.as_str() {
            break;
        }
    }

    // Everyone else in Sales is away: handed on again, it waits in the queue.
    for other in [&ann_id, &ben_id] {
        let response = admin
            .patch(
                &format!("/api/admin/agents/{other}"),
                &json!({ "active": false }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let response = cy.post(&path, &json!({ "teamId": sales })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let row: Value = response.json().await.expect("json");
    assert!(row["assignedAgentId"].is_null(), "{row}");
    assert_eq!(row["queuePosition"], 1);
    let (status, words) = message(cy.post(&path, &json!({ "teamId": sales })).await).await;
    assert_eq!(
        (status, words.as_str()),
        (
            StatusCode::CONFLICT,
            "This chat is already waiting in the queue of Sales"
        )
    );
}

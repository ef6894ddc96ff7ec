//! A correction request changes the name, email and phone on record.

use crate::helpers::message;
use crate::privacy::{app_with_mail, ask_and_confirm, person_with_data};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

#[sqlx::test(migrations = "../migrations")]
async fn a_correction_changes_name_email_and_phone_on_record(pool: PgPool) {
    let (app, sink) = app_with_mail(pool).await;
    let admin = app.agent().await;
    let person = person_with_data(&app, &admin).await;
    let request = ask_and_confirm(&app, &sink, &admin, &person.email, "correction").await;
    let id = request["id"].as_str().expect("id");
    let path = format!("/api/admin/privacy-requests/{id}/fulfil");
    let nothing = admin.post(&path, &json!({})).await;
    assert_eq!(nothing.status(), StatusCode::BAD_REQUEST);
    let new_email = format!("zawadi.new-{}@example.com", Uuid::new_v4().simple());
    let response = admin
        .post(&path, &json!({ "name": "Zawadi Wanjiru", "email": new_email.to_uppercase(), "phone": "+254 711 222 333" }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let done: Value = response.json().await.expect("JSON");
    assert_eq!(done["nextStep"], "done");
    let user: (String, String, String) =
        sqlx::query_as("select name, email, phone from users where id = $1")
            .bind(person.user_id)
            .fetch_one(&app.pool)
            .await
            .expect("user");
    assert_eq!(
        user,
        (
            "Zawadi Wanjiru".to_owned(),
            new_email.clone(),
            "+254 711 222 333".to_owned()
        )
    );
    let chat: (String, String) =
        sqlx::query_as("select visitor_name, visitor_email from chat_sessions where id = $1::uuid")
            .bind(&person.chat)
            .fetch_one(&app.pool)
            .await
            .expect("chat");
    assert_eq!(chat, ("Zawadi Wanjiru".to_owned(), new_email.clone()));
    let contact: (String, String, Option<String>) =
        sqlx::query_as("select name, email, phone from contact_requests")
            .fetch_one(&app.pool)
            .await
            .expect("contact");
    assert_eq!(
        contact,
        (
            "Zawadi Wanjiru".to_owned(),
            new_email.clone(),
            Some("+254 711 222 333".to_owned())
        )
    );
    let subscribed: i64 = sqlx::query_scalar("select count(*) from subscriptions where email = $1")
        .bind(&new_email)
        .fetch_one(&app.pool)
        .await
        .expect("subscription");
    assert_eq!(subscribed, 1);
    // The waitlist, owned by the `requests` role, was corrected by it, and the
    // outcome counts it.
    let waitlist: Vec<(String, Option<String>)> =
        sqlx::query_as("select email, name from waitlist_entries")
            .fetch_all(&app.pool)
            .await
            .expect("waitlist");
    assert_eq!(
        waitlist,
        vec![(new_email.clone(), Some("Zawadi Wanjiru".to_owned()))]
    );
    assert_eq!(done["outcome"]["waitlist_entries"], 1);
    // They sign in with the corrected address.
    assert_eq!(
        app.new_browser()
            .login(&new_email, "s3cret-pass")
            .await
            .status(),
        StatusCode::OK
    );
    // A correction to an address another account holds is refused.
    let (_, other) = app.signed_in_as("user").await;
    let again = ask_and_confirm(&app, &sink, &admin, &new_email, "correction").await;
    let clash = admin
        .post(
            &format!(
                "/api/admin/privacy-requests/{}/fulfil",
                again["id"].as_str().expect("id")
            ),
            &json!({ "email": other }),
        )
        .await;
    assert_eq!(clash.status(), StatusCode::CONFLICT);
    // So is one for a person with no account: their chats would have moved
    // onto the other account's address.
    let stranger = format!("stranger-{}@example.com", Uuid::new_v4().simple());
    let chat = app.new_browser().start_chat("Baraka", &stranger).await;
    let theirs = ask_and_confirm(&app, &sink, &admin, &stranger, "correction").await;
    let clash = admin
        .post(
            &format!(
                "/api/admin/privacy-requests/{}/fulfil",
                theirs["id"].as_str().expect("id")
            ),
            &json!({ "email": other }),
        )
        .await;
    assert_eq!(clash.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(clash).await,
        "An account already uses this email address"
    );
    let kept: String =
        sqlx::query_scalar("select visitor_email from chat_sessions where id = $1::uuid")
            .bind(&chat)
            .fetch_one(&app.pool)
            .await
            .expect("chat");
    assert_eq!(kept, stranger);
    let _ = person.name;
}

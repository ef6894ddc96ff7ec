//! Unseen replies by email (issue 38): the `notify` role's sweep emails the
//! visitor the agents' replies they have not seen once the site's quiet
//! period has passed, one email per batch in the chat's own thread; a reply
//! the visitor saw is never emailed. Real gateway, workers, Postgres and
//! mail catcher; the sweep is called as the worker calls it, with the
//! replies' times moved back past the quiet period instead of waiting it out.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use workers::mail::Mailer;
use workers::reply_emails::sweep_once;

use crate::helpers::{MailCatcher, SIGNING_KEY, TestApp, spawn};
use crate::mailbox::{Mail, mails_to};

pub(crate) fn mailer(catcher: &MailCatcher) -> Mailer {
    Mailer::new(
        Some(&catcher.smtp_url),
        "no-reply@nyota.example",
        "https://nyota.example",
    )
    .expect("mailer")
}

fn signer() -> runtime::signing::Signer {
    runtime::signing::Signer::new(SIGNING_KEY).expect("signer")
}

/// An agent's reply, stored; its id.
pub(crate) async fn reply(agent: &crate::helpers::Browser, chat: &str, text: &str) -> String {
    let response = agent.send(chat, text).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let message: Value = response.json().await.expect("json");
    message["id"].as_str().expect("id").to_owned()
}

/// Moves the chat's agent replies `minutes` into the past.
pub(crate) async fn age_replies(app: &TestApp, chat: &str, minutes: i32) {
    sqlx::query(
        "update chat_messages set created_at = created_at - make_interval(mins => $2)
         where session_id = $1::uuid and sender_type = 'agent'",
    )
    .bind(chat)
    .bind(minutes)
    .execute(&app.pool)
    .await
    .expect("aged");
}

pub(crate) async fn sweep(app: &TestApp, mailer: &Mailer) -> usize {
    sweep_once(&app.pool, mailer, &signer())
        .await
        .expect("the sweep runs")
        .len()
}

/// The reply emails the catcher holds for `address`, oldest first.
pub(crate) async fn reply_mails(catcher: &MailCatcher, address: &str) -> Vec<Mail> {
    let mut mails: Vec<Mail> = mails_to(catcher, address)
        .await
        .into_iter()
        .filter(|mail| {
            mail.subject()
                .ends_with("replied to your chat with Nyota Cloud")
        })
        .collect();
    mails.sort_by_key(|mail| mail.header("Message-ID"));
    mails
}

#[sqlx::test(migrations = "../migrations")]
async fn unseen_replies_are_emailed_once_after_the_quiet_period_in_the_chats_thread(pool: PgPool) {
    let catcher = MailCatcher::start().await;
    let mailer = mailer(&catcher);
    let app = spawn(pool).await;
    let address = format!("left-{}@example.com", uuid::Uuid::new_v4().simple());
    let chat = app.start_chat("Amina", &address).await;
    assert_eq!(
        app.send(&chat, "Secret visitor words").await.status(),
        StatusCode::CREATED
    );
    let agent = app.agent().await;
    reply(&agent, &chat, "Bare metal starts at KES 45,000 a month.").await;
    let second = reply(&agent, &chat, "Shall I send you the order form?").await;

    // Within the quiet period: nothing yet.
    assert_eq!(sweep(&app, &mailer).await, 0);
    age_replies(&app, &chat, 3).await;
    assert_eq!(sweep(&app, &mailer).await, 1);
    let mails = reply_mails(&catcher, &address).await;
    assert_eq!(mails.len(), 1, "{mails:#?}");
    let mail = &mails[0];
    assert!(
        mail.text
            .contains("Bare metal starts at KES 45,000 a month."),
        "{}",
        mail.text
    );
    assert!(
        mail.text.contains("Shall I send you the order form?"),
        "{}",
        mail.text
    );
    assert!(mail.text.contains("these 2 replies"), "{}", mail.text);
    assert!(
        !mail.raw.contains("Secret visitor words"),
        "only agents' words go out"
    );
    let from = mail.header("From").expect("From");
    assert!(
        from.contains("via Nyota Cloud") && from.contains("no-reply@nyota.example"),
        "{from}"
    );
    let root = format!("<chat.{chat}@nyota.example>");
    assert_eq!(
        mail.header("Message-ID"),
        Some(format!("<chat.{chat}.{second}@nyota.example>"))
    );
    assert_eq!(mail.header("In-Reply-To"), Some(root.clone()));
    assert_eq!(mail.header("References"), Some(root.clone()));

    // Swept again (another worker, a restart): the batch went already.
    assert_eq!(sweep(&app, &mailer).await, 0);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(reply_mails(&catcher, &address).await.len(), 1);

    // A later reply, unseen too: a second email with it alone, same thread.
    let third = reply(&agent, &chat, "The form is on its way.").await;
    assert_eq!(sweep(&app, &mailer).await, 0, "not quiet long enough yet");
    age_replies(&app, &chat, 3).await;
    assert_eq!(sweep(&app, &mailer).await, 1);
    let mails = reply_mails(&catcher, &address).await;
    assert_eq!(mails.len(), 2, "{mails:#?}");
    let later = mails
        .iter()
        .find(|mail| {
            mail.header("Message-ID") == Some(format!("<chat.{chat}.{third}@nyota.example>"))
        })
        .expect("the second email");
    assert!(
        later.text.contains("The form is on its way."),
        "{}",
        later.text
    );
    assert!(later.text.contains("this reply"), "{}", later.text);
    assert!(!later.text.contains("Bare metal starts"), "{}", later.text);
    assert_eq!(later.header("In-Reply-To"), Some(root));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_reply_the_visitor_saw_is_not_emailed(pool: PgPool) {
    let catcher = MailCatcher::start().await;
    let mailer = mailer(&catcher);
    let app = spawn(pool).await;
    let address = format!("stayed-{}@example.com", uuid::Uuid::new_v4().simple());
    let chat = app.start_chat("Baraka", &address).await;
    let agent = app.agent().await;
    let seen = reply(&agent, &chat, "Your server is ready.").await;

    // The visitor had the chat in view: their socket says so.
    let mut socket = app.socket().await;
    socket.join(&chat).await;
    socket
        .send(json!({ "type": "receipt", "sessionId": chat, "state": "seen", "through": seen }))
        .await;
    let stored = async {
        loop {
            let marked: Option<String> = sqlx::query_scalar(
                "select through_message_id::text from chat_receipts
                 where session_id = $1::uuid and reader = 'user' and state = 'seen'",
            )
            .bind(&chat)
            .fetch_optional(&app.pool)
            .await
            .expect("query");
            if marked.as_deref() == Some(seen.as_str()) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(10), stored)
        .await
        .expect("the seen receipt is stored");
    age_replies(&app, &chat, 10).await;
    assert_eq!(sweep(&app, &mailer).await, 0);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(reply_mails(&catcher, &address).await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn with_a_chat_reply_address_replies_and_bounces_come_back_to_the_chat(pool: PgPool) {
    let catcher = MailCatcher::start().await;
    let mailer = mailer(&catcher);
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let mut settings: Value = app
        .get("/api/site-settings")
        .await
        .json()
        .await
        .expect("json");
    settings["chatReplyAddress"] = json!("chat-replies@nyota.example");
    let saved = agent.put("/api/admin/site-settings", &settings).await;
    assert_eq!(saved.status(), StatusCode::OK, "{:?}", saved.text().await);
    let address = format!("left-{}@example.com", uuid::Uuid::new_v4().simple());
    let chat = app.start_chat("Amina", &address).await;
    reply(&agent, &chat, "Your server is ready.").await;
    age_replies(&app, &chat, 3).await;
    assert_eq!(sweep(&app, &mailer).await, 1);
    let mails = reply_mails(&catcher, &address).await;
    let reply_to = mails[0].header("Reply-To").expect("Reply-To");
    // "Nyota Cloud Support <chat-replies+token@nyota.example>"
    let chat_address = reply_to
        .rsplit('<')
        .next()
        .and_then(|rest| rest.strip_suffix('>'))
        .expect("an address")
        .to_owned();
    let token = chat_address
        .strip_prefix("chat-replies+")
        .and_then(|rest| rest.strip_suffix("@nyota.example"))
        .expect("the chat's own address");
    assert_eq!(
        signer().verify_address(runtime::signing::Purpose::ChatReplyAddress, token),
        Some(chat.parse().expect("uuid"))
    );
    // Bounces go there too (the envelope sender), so they name the chat.
    assert_eq!(
        catcher.envelope_senders_mentioning(&address).await,
        [chat_address]
    );

    // The console tells whether the visitor is on the page, whichever
    // gateway holds their socket, and when their next reply goes by email.
    let state = |agent: crate::helpers::Browser| {
        let chat = chat.clone();
        async move {
            let response = agent.get(&format!("/api/agent/chats/{chat}/email")).await;
            assert_eq!(response.status(), StatusCode::OK);
            response.json::<Value>().await.expect("json")
        }
    };
    let away = state(agent.on(&agent.address)).await;
    assert_eq!(away["onPage"], false, "{away}");
    assert_eq!(away["emailsOn"], true, "{away}");
    assert_eq!(away["unseenReplies"], 0, "emailed already: {away}");
    reply(&agent, &chat, "Anything else?").await;
    let waiting = state(agent.on(&agent.address)).await;
    assert_eq!(waiting["unseenReplies"], 1, "{waiting}");
    assert!(waiting["nextEmailAt"].is_string(), "{waiting}");
    let second = app.another_gateway().await;
    let mut socket = app.browser.on(&second).socket().await;
    socket.join(&chat).await;
    assert_eq!(state(agent.on(&agent.address)).await["onPage"], true);
    drop(socket);
    let started = std::time::Instant::now();
    while state(agent.on(&agent.address)).await["onPage"] == true {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "still on the page"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

//! A visitor's email reply lands in its chat (issue 38): real gateway,
//! chat worker, Postgres, NATS and a Dovecot mailbox the `inbound` intake
//! watches. The reply's new text is posted as the visitor's message within
//! seconds (IDLE); the same email read again is stored once; a resolved
//! chat reopens; a forged or altered reply address, another sender, a
//! DMARC failure and an out-of-office post nothing.

use std::time::{Duration, Instant};

use runtime::signing::{Purpose, Signer};
use sqlx::PgPool;
use workers::inbound::imap;

use crate::helpers::{ImapServer, SIGNING_KEY, TestApp, spawn};

fn signer() -> Signer {
    Signer::new(SIGNING_KEY).expect("signer")
}

/// The reply address of `chat`.
fn reply_address(chat: &str) -> String {
    let token = signer().sign_for_address(Purpose::ChatReplyAddress, chat.parse().expect("uuid"));
    format!("replies+{token}@nyota.example")
}

/// An email as Gmail writes a reply: the new text, then the quoted history.
fn email(from: &str, to: &str, message_id: &str, text: &str, extra_headers: &str) -> Vec<u8> {
    format!(
        "From: Visitor <{from}>\r\nTo: Amina via Nyota Cloud <{to}>\r\n\
         Subject: Re: Amina replied to your chat with Nyota Cloud\r\n\
         Message-ID: <{message_id}>\r\nDate: Mon, 30 Nov 2026 10:15:03 +0300\r\n{extra_headers}\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\n\r\n\
         {text}\r\n\r\nOn Mon, 30 Nov 2026 at 10:02, Amina via Nyota Cloud <{to}> wrote:\r\n\
         > Bare metal servers start at KES 45,000 a month.\r\n"
    )
    .into_bytes()
}

/// The visitor's messages in `chat`, oldest first.
async fn visitor_messages(app: &TestApp, chat: &str) -> Vec<String> {
    sqlx::query_scalar(
        "select message from chat_messages where session_id = $1::uuid and sender_type = 'user' order by id",
    )
    .bind(chat)
    .fetch_all(&app.pool)
    .await
    .expect("messages")
}

async fn wait_for_message(app: &TestApp, chat: &str, text: &str) -> Duration {
    let started = Instant::now();
    loop {
        if visitor_messages(app, chat)
            .await
            .iter()
            .any(|message| message == text)
        {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{text:?} not in the chat within 10 s"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_reply_by_email_lands_in_its_chat_once_and_nothing_else_does(pool: PgPool) {
    let app = spawn(pool).await;
    let server = ImapServer::start().await;
    let mailbox = server.mailbox(Duration::from_secs(600));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let intake = workers::inbound::intake::spawn(
        app.nats.clone(),
        app.namespace.clone(),
        signer(),
        mailbox.clone(),
        async {
            let _ = stopped.await;
        },
    );
    let mut mailbox_writer = imap::open(&mailbox).await.expect("the mailbox opens");
    let visitor = "Wanjiru.Kamau@example.co.ke";
    let chat = app.start_chat("Wanjiru", visitor).await;
    let to = reply_address(&chat);

    // The visitor's reply: its new text alone, as the visitor, within seconds.
    let reply = email(
        visitor,
        &to,
        "reply-1@example.co.ke",
        "Yes, the Nairobi region please.",
        "",
    );
    mailbox_writer
        .append("INBOX", None, None, &reply)
        .await
        .expect("APPEND");
    let took = wait_for_message(&app, &chat, "Yes, the Nairobi region please.").await;
    println!("an email reply reached the chat {took:?} after it reached the mailbox");

    // The same email again (a second copy in the mailbox): stored once.
    mailbox_writer
        .append("INBOX", None, None, &reply)
        .await
        .expect("APPEND");
    // Then emails that must post nothing, and one that must, after them all.
    let forged = format!("replies+{}@nyota.example", "a".repeat(42));
    // One character more; the first character changed.
    let altered = to.replacen('@', "b@", 1);
    let mut spliced = to.clone();
    spliced.replace_range(8..9, if &to[8..9] == "a" { "b" } else { "a" });
    let mails = [
        email(
            visitor,
            &forged,
            "forged@example.co.ke",
            "Forged address",
            "",
        ),
        email(
            visitor,
            &spliced,
            "spliced@example.co.ke",
            "Altered address",
            "",
        ),
        email(
            visitor,
            &altered,
            "altered@example.co.ke",
            "Longer address",
            "",
        ),
        email(
            "someone.else@example.com",
            &to,
            "other@example.com",
            "Another sender",
            "",
        ),
        email(
            visitor,
            &to,
            "dmarc@example.co.ke",
            "Failed DMARC",
            "Authentication-Results: mx.nyota.example; dmarc=fail (p=reject) header.from=example.co.ke\r\n",
        ),
        email(
            visitor,
            &to,
            "ooo@example.co.ke",
            "I am out of the office",
            "Auto-Submitted: auto-replied\r\n",
        ),
    ];
    for mail in &mails {
        mailbox_writer
            .append("INBOX", None, None, mail)
            .await
            .expect("APPEND");
    }
    // A resolved chat: the visitor's email reopens it.
    let agent = app.agent().await;
    let resolved = agent
        .post(
            &format!("/api/agent/chats/{chat}/resolve"),
            &serde_json::json!({}),
        )
        .await;
    assert!(
        resolved.status().is_success(),
        "{:?}",
        resolved.text().await
    );
    let later = email(
        visitor,
        &to,
        "reply-2@example.co.ke",
        "One more question: is backup included?",
        "",
    );
    mailbox_writer
        .append("INBOX", None, None, &later)
        .await
        .expect("APPEND");
    wait_for_message(&app, &chat, "One more question: is backup included?").await;
    assert_eq!(
        visitor_messages(&app, &chat).await,
        [
            "Yes, the Nairobi region please.",
            "One more question: is backup included?"
        ],
        "stored once each; nothing from the other emails"
    );
    let status: String =
        sqlx::query_scalar("select status::text from chat_sessions where id = $1::uuid")
            .bind(&chat)
            .fetch_one(&app.pool)
            .await
            .expect("status");
    assert_eq!(status, "open", "the email reopened the chat");
    // Every email was taken (read), the dropped ones too.
    mailbox_writer.noop().await.expect("NOOP");
    let unread = mailbox_writer.uid_search("UNSEEN").await.expect("SEARCH");
    assert!(unread.is_empty(), "unread: {unread:?}");
    let _ = stop.send(());
    tokio::time::timeout(Duration::from_secs(5), intake)
        .await
        .expect("stops")
        .expect("joined");
}

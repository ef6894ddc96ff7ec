//! A visitor's email reply lands in its chat (issue 38): real gateway,
//! chat worker, Postgres, NATS and a Dovecot mailbox the `inbound` intake
//! watches. The reply's new text is posted as the visitor's message within
//! seconds (IDLE); the same email read again is stored once; a resolved
//! chat reopens; a forged or altered reply address, another sender, a
//! DMARC failure and an out-of-office post nothing; a reply's picture goes
//! through the attachment pipeline into the chat. Another sender's reply
//! waits for an agent, who posts or discards it; a bounce marks the chat's
//! address. And the `workers inbound` process SIGKILLed after it handed an
//! email on, before marking it read, stores it once.

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

/// `GET /api/agent/chats/{chat}/email` as `agent`.
async fn email_state(agent: &crate::helpers::Browser, chat: &str) -> serde_json::Value {
    let response = agent.get(&format!("/api/agent/chats/{chat}/email")).await;
    assert_eq!(response.status(), reqwest::StatusCode::OK);
    response.json().await.expect("json")
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
        workers::inbound::intake::Intake {
            pool: app.pool.clone(),
            nats: app.nats.clone(),
            namespace: app.namespace.clone(),
            signer: signer(),
        },
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

    // A picture with a few words: the words, then the picture, re-encoded.
    let picture = crate::chat_attachments::png(64, 48);
    let boundary = "photo-boundary";
    let with_picture = format!(
        "From: Visitor <{visitor}>\r\nTo: <{to}>\r\nSubject: Re: your chat\r\n\
         Message-ID: <photo-1@example.co.ke>\r\nMIME-Version: 1.0\r\n\
         Content-Type: multipart/mixed; boundary=\"{boundary}\"\r\n\r\n\
         --{boundary}\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nHere is the error screen.\r\n\
         --{boundary}\r\nContent-Type: image/png; name=\"screen.png\"\r\n\
         Content-Disposition: attachment; filename=\"screen.png\"\r\nContent-Transfer-Encoding: base64\r\n\r\n{}\r\n\
         --{boundary}--\r\n",
        base64::Engine::encode(&base64::engine::general_purpose::STANDARD, &picture)
    );
    mailbox_writer
        .append("INBOX", None, None, with_picture.as_bytes())
        .await
        .expect("APPEND");
    wait_for_message(&app, &chat, "Here is the error screen.").await;
    let started = Instant::now();
    let attachment = loop {
        let messages = app.messages(&chat).await;
        if let Some(found) = messages
            .iter()
            .find(|message| message["attachment"].is_object())
        {
            break found.clone();
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no picture: {messages:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(attachment["attachment"]["filename"], "screen.png");
    assert_eq!(attachment["attachment"]["kind"], "image");
    assert_eq!(attachment["channel"], "email");
    let left: i64 = sqlx::query_scalar("select count(*) from chat_email_files")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(left, 0, "the kept file is gone once posted");

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
    // A picture to a chat that does not exist (erased): taken, not kept.
    let gone = format!(
        "replies+{}@nyota.example",
        signer().sign_for_address(Purpose::ChatReplyAddress, uuid::Uuid::now_v7())
    );
    let to_nobody = with_picture
        .replace(&to, &gone)
        .replace("photo-1@example.co.ke", "photo-gone@example.co.ke");
    mailbox_writer
        .append("INBOX", None, None, to_nobody.as_bytes())
        .await
        .expect("APPEND");
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
            "Here is the error screen.",
            "",
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
    // What came by email is marked so (the console's and transcript's mark).
    let messages = app.messages(&chat).await;
    let channels: Vec<_> = messages
        .iter()
        .filter(|message| message["senderType"] == "user")
        .map(|message| message["channel"].clone())
        .collect();
    assert!(
        channels.len() == 4 && channels.iter().all(|channel| channel == "email"),
        "{channels:?}"
    );

    // Another sender's reply waits for an agent, on the chat's email state.
    let state = email_state(&agent, &chat).await;
    assert_eq!(state["onPage"], false, "{state}");
    assert_eq!(state["address"], visitor, "{state}");
    let held = state["held"].as_array().expect("held").clone();
    assert_eq!(
        held.len(),
        2,
        "another sender's and the DMARC failure: {state}"
    );
    let other = held
        .iter()
        .find(|reply| reply["senderEmail"] == "someone.else@example.com")
        .expect("another sender's");
    assert_eq!(other["body"], "Another sender");
    assert_eq!(other["files"], serde_json::json!([]));
    let forged_dmarc = held
        .iter()
        .find(|reply| reply["body"] == "Failed DMARC")
        .expect("the DMARC failure");
    let discarded = agent
        .post(
            &format!(
                "/api/agent/held-replies/{}/discard",
                forged_dmarc["id"].as_str().expect("id")
            ),
            &serde_json::json!({}),
        )
        .await;
    assert_eq!(discarded.status(), reqwest::StatusCode::NO_CONTENT);
    let held_id = other["id"].as_str().expect("id");
    let posted = agent
        .post(
            &format!("/api/agent/held-replies/{held_id}/post"),
            &serde_json::json!({}),
        )
        .await;
    assert_eq!(posted.status(), reqwest::StatusCode::NO_CONTENT);
    wait_for_message(&app, &chat, "Another sender").await;
    let again = agent
        .post(
            &format!("/api/agent/held-replies/{held_id}/discard"),
            &serde_json::json!({}),
        )
        .await;
    assert_eq!(
        again.status(),
        reqwest::StatusCode::NOT_FOUND,
        "decided once"
    );
    assert!(
        email_state(&agent, &chat).await["held"]
            .as_array()
            .expect("held")
            .is_empty()
    );
    // Not for visitors.
    let visitor_view = app.get(&format!("/api/agent/chats/{chat}/email")).await;
    assert_eq!(visitor_view.status(), reqwest::StatusCode::UNAUTHORIZED);

    // A bounce for good, sent back to the chat's own address (the envelope
    // sender of its emails): the address is marked, with the server's words.
    let bounce = format!(
        "From: Mail Delivery System <MAILER-DAEMON@mx.nyota.example>\r\nTo: {to}\r\n\
         Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <bounce-1@mx.nyota.example>\r\n\
         Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n\
         Content-Type: multipart/report; report-type=delivery-status; boundary=\"b\"\r\n\r\n\
         --b\r\nContent-Type: text/plain\r\n\r\nThe mail could not be delivered.\r\n\
         --b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.nyota.example\r\n\r\n\
         Final-Recipient: rfc822; {}\r\nAction: failed\r\nStatus: 5.1.1\r\n\
         Diagnostic-Code: smtp; 550 5.1.1 User unknown\r\n\r\n--b--\r\n",
        visitor.to_lowercase()
    );
    mailbox_writer
        .append("INBOX", None, None, bounce.as_bytes())
        .await
        .expect("APPEND");
    let started = Instant::now();
    let state = loop {
        let state = email_state(&agent, &chat).await;
        if state["bouncedAt"].is_string() {
            break state;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no bounce mark: {state}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(state["bounce"], "550 5.1.1 User unknown");
    assert_eq!(state["emailsOn"], false);

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

/// The `workers inbound` process reading `server`'s mailbox for `app`.
fn start_inbound_worker(app: &TestApp, server: &ImapServer) -> std::process::Child {
    std::process::Command::new(system_tests::binary("workers"))
        .arg("inbound")
        .env("DATABASE_URL", &app.database_url)
        .env("NATS_URL", crate::helpers::nats_url())
        .env("NATS_PREFIX", app.namespace_prefix())
        .env("SIGNING_KEY", SIGNING_KEY)
        .env("INBOUND_IMAP_URL", server.url())
        .env("INBOUND_IMAP_CA_FILE", &server.ca)
        .env("INBOUND_IMAP_POLL_SECS", "600")
        .env("RUST_LOG", "warn")
        .spawn()
        .expect("the inbound worker starts")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_reply_whose_worker_is_killed_before_marking_it_read_is_stored_once(pool: PgPool) {
    use futures::StreamExt as _;
    let app = spawn(pool).await;
    let server = ImapServer::start().await;
    let mut mailbox_writer = imap::open(&server.mailbox(Duration::from_secs(600)))
        .await
        .expect("the mailbox opens");
    let visitor = "amina@example.com";
    let chat = app.start_chat("Amina", visitor).await;
    // A copy of every request the worker makes to the chat's owner.
    let mut handed_on = app
        .nats
        .subscribe(app.namespace.owners_post_email_reply())
        .await
        .expect("subscribe");
    let mut worker = start_inbound_worker(&app, &server);
    let reply = email(
        visitor,
        &reply_address(&chat),
        "killed-1@example.com",
        "Please call me after 2 pm.",
        "",
    );
    mailbox_writer
        .append("INBOX", None, None, &reply)
        .await
        .expect("APPEND");
    // Killed the moment it handed the email on: it never marks it read.
    tokio::time::timeout(Duration::from_secs(10), handed_on.next())
        .await
        .expect("handed on within 10 s")
        .expect("a request");
    worker.kill().expect("SIGKILL");
    worker.wait().expect("reaped");
    wait_for_message(&app, &chat, "Please call me after 2 pm.").await;
    mailbox_writer.noop().await.expect("NOOP");
    let unread = mailbox_writer.uid_search("UNSEEN").await.expect("SEARCH");
    assert_eq!(unread.len(), 1, "the killed worker left it unread");

    // Started again, it reads the email again: still one message.
    let mut worker = start_inbound_worker(&app, &server);
    tokio::time::timeout(Duration::from_secs(10), handed_on.next())
        .await
        .expect("handed on again within 10 s")
        .expect("a request");
    let started = Instant::now();
    loop {
        mailbox_writer.noop().await.expect("NOOP");
        if mailbox_writer
            .uid_search("UNSEEN")
            .await
            .expect("SEARCH")
            .is_empty()
        {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "not marked read"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    worker.kill().expect("stop");
    worker.wait().expect("reaped");
    assert_eq!(
        visitor_messages(&app, &chat).await,
        ["Please call me after 2 pm."],
        "stored once"
    );
}

/// CPU time this process and process `pid` have used so far (user and
/// system, from /proc), in milliseconds.
fn cpu_ms(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc stat");
    // The fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat
        .rsplit_once(") ")
        .expect("stat")
        .1
        .split_whitespace()
        .collect();
    let ticks: f64 =
        fields[11].parse::<f64>().expect("utime") + fields[12].parse::<f64>().expect("stime");
    ticks * 10.0 // USER_HZ is 100 on Linux
}

/// What an inbound email costs: 200 replies to 20 chats waiting in the
/// mailbox, read by the real `workers inbound` process and posted through
/// the gateway and chat worker. Prints the time until all are in their
/// chats and the CPU each side used per email. Run with
/// `cargo test -p system-tests --test api -- --ignored inbound_cost --nocapture`.
#[sqlx::test(migrations = "../migrations")]
#[ignore = "a measurement, not a check: prints figures for loadtests/RESULTS.md"]
async fn inbound_cost(pool: PgPool) {
    const CHATS: usize = 20;
    const PER_CHAT: usize = 10;
    let app = spawn(pool).await;
    let server = ImapServer::start().await;
    let mut writer = imap::open(&server.mailbox(Duration::from_secs(600)))
        .await
        .expect("the mailbox opens");
    let mut chats = Vec::new();
    for n in 0..CHATS {
        let visitor = format!("cost-{n}@example.com");
        let chat = app.start_chat("Cost", &visitor).await;
        for k in 0..PER_CHAT {
            let mail = email(
                &visitor,
                &reply_address(&chat),
                &format!("cost-{n}-{k}@example.com"),
                &format!("Reply {k} from visitor {n}: what does a 4 vCPU server cost?"),
                "",
            );
            writer
                .append("INBOX", None, None, &mail)
                .await
                .expect("APPEND");
        }
        chats.push(chat);
    }
    let test_before = cpu_ms("self");
    let started = Instant::now();
    let mut worker = start_inbound_worker(&app, &server);
    let pid = worker.id().to_string();
    let total = (CHATS * PER_CHAT) as i64;
    let mut worker_ms = 0.0;
    loop {
        let stored: i64 = sqlx::query_scalar(
            "select count(*) from chat_messages where sender_type = 'user' and channel = 'email'",
        )
        .fetch_one(&app.pool)
        .await
        .expect("count");
        worker_ms = cpu_ms(&pid).max(worker_ms);
        if stored == total {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "{stored} of {total} in 2 min"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let elapsed = started.elapsed();
    let test_ms = cpu_ms("self") - test_before;
    worker.kill().expect("stop");
    worker.wait().expect("reaped");
    let per = |ms: f64| ms / total as f64;
    println!(
        "{total} inbound emails to {CHATS} chats: all in their chats {elapsed:?} after the worker started \
         ({:.1} ms each); CPU per email: workers inbound {:.2} ms (start-up included), \
         gateway + chat worker + test {:.2} ms",
        elapsed.as_secs_f64() * 1000.0 / total as f64,
        per(worker_ms),
        per(test_ms)
    );
}

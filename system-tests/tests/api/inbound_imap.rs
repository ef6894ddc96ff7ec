//! The IMAP way in (issue 38): the workers' watcher against a real Dovecot
//! with TLS. Emails waiting when it starts are handed over, in order, and
//! marked read; one that arrives later is handed over through IDLE, long
//! before the poll would; an email the handler could not take stays
//! unread for the next round.

use std::path::Path;
use std::time::{Duration, Instant};

use workers::inbound::imap::{self, ImapMailbox};

use crate::helpers::ImapServer;

fn sample(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../workers/tests/inbound")
            .join(format!("{name}.eml")),
    )
    .expect("a corpus sample")
}

/// The next email the watcher handed over, within 10 s.
async fn next(handed: &mut tokio::sync::mpsc::UnboundedReceiver<Vec<u8>>) -> Vec<u8> {
    tokio::time::timeout(Duration::from_secs(10), handed.recv())
        .await
        .expect("an email within 10 s")
        .expect("the watcher runs")
}

fn message_id(raw: &[u8]) -> Option<String> {
    workers::inbound::parse(raw).and_then(|mail| mail.message_id)
}

#[tokio::test]
async fn waiting_and_new_emails_are_handed_over_once_and_idle_brings_new_ones_at_once() {
    let server = ImapServer::start().await;
    // A poll far longer than the test: only IDLE can bring the late email.
    let mailbox = server.mailbox(Duration::from_secs(600));
    let mut writer = imap::open(&mailbox)
        .await
        .unwrap_or_else(|error| panic!("{error:#}\n{}", server.log()));
    for name in ["01-gmail-web-en", "13-gmail-web-fr"] {
        writer
            .append("INBOX", None, None, sample(name))
            .await
            .expect("APPEND");
    }

    let (taken, mut handed) = tokio::sync::mpsc::unbounded_channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let watcher = tokio::spawn(imap::watch(
        mailbox.clone(),
        move |raw| {
            let taken = taken.clone();
            async move { taken.send(raw).is_ok() }
        },
        async {
            let _ = stopped.await;
        },
    ));
    assert_eq!(
        message_id(&next(&mut handed).await).as_deref(),
        Some("CAJx1-01gmail@mail.gmail.com")
    );
    assert_eq!(
        message_id(&next(&mut handed).await).as_deref(),
        Some("CAJx13-fr@mail.gmail.com")
    );

    // Let the watcher settle into IDLE, then deliver one more.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let delivered = Instant::now();
    writer
        .append("INBOX", None, None, sample("19-gmail-web-sw"))
        .await
        .expect("APPEND");
    assert_eq!(
        message_id(&next(&mut handed).await).as_deref(),
        Some("CAJx19-sw@mail.gmail.com")
    );
    println!(
        "IDLE: an email reached the handler {:?} after it reached the mailbox",
        delivered.elapsed()
    );

    // All three were marked read; nothing is handed over twice.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(handed.try_recv().is_err());
    // NOOP first: a session sees other sessions' flag changes at a sync.
    writer.noop().await.expect("NOOP");
    let unread = writer.uid_search("UNSEEN").await.expect("SEARCH");
    assert!(unread.is_empty(), "still unread: {unread:?}");
    let _ = stop.send(());
    tokio::time::timeout(Duration::from_secs(5), watcher)
        .await
        .expect("the watcher stops")
        .expect("joined");

    // A handler that cannot take an email leaves it unread for next time.
    writer
        .append("INBOX", None, None, sample("22-gmail-android-sw"))
        .await
        .expect("APPEND");
    let mut refuse = |_raw: Vec<u8>| async { false };
    assert_eq!(
        imap::take_unread(&mut writer, &mut refuse)
            .await
            .expect("round"),
        0
    );
    let mut accept = |_raw: Vec<u8>| async { true };
    assert_eq!(
        imap::take_unread(&mut writer, &mut accept)
            .await
            .expect("round"),
        1
    );
    let unread: Vec<_> = writer
        .uid_search("UNSEEN")
        .await
        .expect("SEARCH")
        .into_iter()
        .collect();
    assert!(unread.is_empty());
    writer.logout().await.expect("LOGOUT");
}

#[tokio::test]
async fn a_server_without_idle_is_read_every_poll() {
    let server = ImapServer::start_without_idle().await;
    let poll = Duration::from_secs(2);
    let mailbox = server.mailbox(poll);
    let mut writer = imap::open(&mailbox)
        .await
        .unwrap_or_else(|error| panic!("{error:#}\n{}", server.log()));
    let offered = writer.capabilities().await.expect("CAPABILITY");
    assert!(!offered.has_str("IDLE"), "the server offers no IDLE");
    let (taken, mut handed) = tokio::sync::mpsc::unbounded_channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let watcher = tokio::spawn(imap::watch(
        mailbox,
        move |raw| {
            let taken = taken.clone();
            async move { taken.send(raw).is_ok() }
        },
        async {
            let _ = stopped.await;
        },
    ));
    // Each email arrives within a poll (and a little), the watcher staying
    // connected: five emails at staggered times show the spread.
    let mut waits = Vec::new();
    for (n, name) in [
        "01-gmail-web-en",
        "13-gmail-web-fr",
        "19-gmail-web-sw",
        "03-outlook-web-en",
        "14-outlook-web-fr",
    ]
    .into_iter()
    .enumerate()
    {
        tokio::time::sleep(Duration::from_millis(700 + 300 * n as u64)).await;
        let delivered = Instant::now();
        writer
            .append("INBOX", None, None, sample(name))
            .await
            .expect("APPEND");
        let raw = next(&mut handed).await;
        assert_eq!(message_id(&raw), message_id(&sample(name)));
        waits.push(delivered.elapsed());
        assert!(
            delivered.elapsed() < poll + Duration::from_secs(1),
            "{name} after {:?}",
            delivered.elapsed()
        );
    }
    println!("poll every {poll:?} (no IDLE): emails reached the handler after {waits:?}");
    let _ = stop.send(());
    tokio::time::timeout(Duration::from_secs(5), watcher)
        .await
        .expect("the watcher stops")
        .expect("joined");
}

#[test]
fn a_mailbox_url_is_read_or_refused_in_words() {
    let poll = Duration::from_secs(60);
    let mailbox = ImapMailbox::from_url(
        "imaps://replies%40nyota.example:p%40ss+word@imap.example.com/Chat%20replies",
        None,
        poll,
    )
    .expect("valid");
    assert_eq!(mailbox.user, "replies@nyota.example");
    assert_eq!(mailbox.host, "imap.example.com");
    assert_eq!(mailbox.port, 993);
    assert_eq!(mailbox.mailbox, "Chat replies");
    assert_eq!(
        format!("{mailbox:?}"),
        "imaps://replies@nyota.example@imap.example.com:993/Chat replies"
    );
    for (url, problem) in [
        (
            "imap://u:p@host",
            "INBOUND_IMAP_URL must start with imaps:// (IMAP over TLS)",
        ),
        (
            "imaps://host",
            "INBOUND_IMAP_URL must name the user and password",
        ),
        ("not a url", "INBOUND_IMAP_URL is not a URL"),
    ] {
        let error = ImapMailbox::from_url(url, None, poll).expect_err(url);
        assert_eq!(error.to_string(), problem, "{url}");
    }
}

/// Mail that arrives while the watcher is between commands (reading the
/// last email, marking it read) is announced to those commands, not to the
/// IDLE that follows: the wait must end at once, not at the next poll.
#[tokio::test]
async fn mail_announced_before_idle_begins_ends_the_wait_at_once() {
    let server = ImapServer::start().await;
    let mailbox = server.mailbox(Duration::from_secs(600));
    let mut watcher = imap::open(&mailbox)
        .await
        .unwrap_or_else(|error| panic!("{error:#}\n{}", server.log()));
    let mut writer = imap::open(&mailbox).await.expect("a second connection");
    writer
        .append("INBOX", None, None, sample("01-gmail-web-en"))
        .await
        .expect("APPEND");
    // The watcher's next command hears of it, as its search or marks would.
    watcher.noop().await.expect("NOOP");
    let started = Instant::now();
    let watcher = tokio::time::timeout(
        Duration::from_secs(10),
        imap::wait_for_news(watcher, mailbox.poll),
    )
    .await
    .expect("the wait ends at once, not after the 600 s poll")
    .expect("the session lives on");
    assert!(started.elapsed() < Duration::from_secs(2));
    drop(watcher);
}

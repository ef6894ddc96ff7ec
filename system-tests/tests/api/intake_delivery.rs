//! The requests worker's delivery of a request's emails: after an SMTP outage
//! every email goes once, failing emails are dead-lettered with the request
//! kept, claimed sends are not repeated, and a request consumed while no
//! gateway answers is stored once.

use crate::helpers::{MailCatcher, free_port, spawn_with};
use crate::intake::{
    FAST, count, mails, request, send_ok, visitor, wait_for_count, wait_for_mails, with_intake,
    with_subject,
};
use serde_json::{Value, json};
use sqlx::PgPool;
use std::time::Duration;
use uuid::Uuid;
use workers::consumer::RetryPolicy;

#[sqlx::test(migrations = "../migrations")]
async fn after_an_smtp_outage_every_email_is_sent_once_and_never_twice(pool: PgPool) {
    let port = free_port();
    // The SMTP server is down from the start.
    let app = spawn_with(
        pool,
        with_intake(Some(format!("smtp://127.0.0.1:{port}")), FAST),
    )
    .await;
    let visitors: Vec<String> = (0..3).map(|_| visitor()).collect();
    for email in &visitors {
        send_ok(&app, &request(email), None).await;
    }
    let stored = "select count(*) from contact_requests";
    assert_eq!(
        wait_for_count(&app.pool, stored, 3, Duration::from_secs(10)).await,
        3
    );
    // Several failed deliveries each; nothing sent, nothing dead-lettered.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        count(&app.pool, "select count(*) from sent_emails").await,
        0
    );
    assert_eq!(
        count(&app.pool, "select count(*) from dead_letters").await,
        0
    );

    let sink = MailCatcher::own(port).await;
    for email in &visitors {
        let found = wait_for_mails(&sink, email, 2, Duration::from_secs(20)).await;
        assert_eq!(found.len(), 2, "{email}: {found:#?}");
    }
    // Every message is acked now: nothing more arrives.
    tokio::time::sleep(Duration::from_secs(2)).await;
    for email in &visitors {
        let found = mails(&sink, email).await;
        assert_eq!(
            with_subject(&found, "Contact request from").len(),
            1,
            "{email}"
        );
        assert_eq!(
            with_subject(&found, "We received your message").len(),
            1,
            "{email}"
        );
    }
    assert_eq!(
        count(&app.pool, "select count(*) from sent_emails").await,
        6
    );
    assert_eq!(
        count(&app.pool, "select count(*) from dead_letters").await,
        0
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_request_whose_emails_keep_failing_is_dead_lettered_and_stays_stored(pool: PgPool) {
    let port = free_port();
    let retry = RetryPolicy {
        max_deliveries: 3,
        backoff_base: Duration::from_millis(50),
        backoff_cap: Duration::from_millis(100),
    };
    let app = spawn_with(
        pool,
        with_intake(Some(format!("smtp://127.0.0.1:{port}")), retry),
    )
    .await;
    let id = send_ok(&app, &request(&visitor()), None).await;
    let dead = "select count(*) from dead_letters";
    assert_eq!(
        wait_for_count(&app.pool, dead, 1, Duration::from_secs(15)).await,
        1
    );
    let (role, reason, deliveries, subject): (String, String, i32, String) =
        sqlx::query_as("select role, reason, deliveries, subject from dead_letters")
            .fetch_one(&app.pool)
            .await
            .expect("dead letter");
    assert_eq!(
        (role.as_str(), reason.as_str()),
        ("intake-messages", "exhausted")
    );
    assert_eq!(deliveries, 3);
    assert_eq!(subject, app.namespace.intake_message());
    let stored = format!("select count(*) from contact_requests where id = '{id}'");
    assert_eq!(count(&app.pool, &stored).await, 1);

    // The overview shows it to admins.
    let admin = app.agent().await;
    let overview: Value = admin
        .get("/api/admin/overview")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(
        overview["deadLetters"],
        json!({ "count": 1, "href": "/admin/database" })
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn an_email_is_skipped_when_sent_retried_while_claimed_and_sent_when_its_claim_is_stale(
    pool: PgPool,
) {
    use workers::mail::templates::{ContactAcknowledgement, Site, Template as _};
    use workers::mail::{Delivery, MailError, Mailer};
    let sink = MailCatcher::start().await;
    let mailer = Mailer::new(
        Some(&sink.smtp_url),
        "no-reply@nyota.example",
        "http://localhost:8080",
    )
    .expect("mailer");
    let email_address = visitor();
    let request = contract::intake::ContactMessage {
        id: Uuid::now_v7(),
        name: "Amina".to_owned(),
        email: email_address.clone(),
        subject: "Racks".to_owned(),
        message: "Hello".to_owned(),
        phone: None,
        company: None,
        source: None,
        received_at: time::OffsetDateTime::now_utc(),
        language: contract::language::Language::En,
    };
    let settings = contract::site_settings::SiteSettings::default();
    let site = Site {
        settings: &settings,
        public_url: "http://localhost:8080",
    };
    let email = ContactAcknowledgement(&request)
        .render(site)
        .expect("renders");
    let claim = |age_secs: i32| {
        sqlx::query(
            "insert into sent_emails (key, kind, recipient, claimed_at)
             values ($1, 'contact.ack', 'x@example.com', now() - make_interval(secs => $2))",
        )
        .bind(request.id)
        .bind(f64::from(age_secs))
        .execute(&pool)
    };

    // Another delivery holds a fresh claim: retry later, send nothing.
    claim(5).await.expect("claimed");
    let busy = mailer.send_once(&pool, request.id, &email).await;
    assert!(matches!(busy, Err(MailError::Busy)), "{busy:?}");
    assert!(matches!(
        MailError::Busy.outcome(),
        workers::consumer::Outcome::Retry(_)
    ));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(mails(&sink, &email_address).await.is_empty());

    // Its sender died long ago: the claim is taken over and the email sent.
    sqlx::query("delete from sent_emails")
        .execute(&pool)
        .await
        .expect("cleared");
    claim(600).await.expect("claimed");
    let sent = mailer
        .send_once(&pool, request.id, &email)
        .await
        .expect("sent");
    assert_eq!(sent, Delivery::Sent);
    assert_eq!(
        wait_for_mails(&sink, &email_address, 1, Duration::from_secs(5))
            .await
            .len(),
        1
    );

    // Marked sent: never again.
    let again = mailer
        .send_once(&pool, request.id, &email)
        .await
        .expect("skipped");
    assert_eq!(again, Delivery::AlreadySent);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(mails(&sink, &email_address).await.len(), 1);
}

/// A contact request as the gateway queues it.
fn contact_message(email: &str) -> contract::intake::ContactMessage {
    contract::intake::ContactMessage {
        id: Uuid::now_v7(),
        name: "Amina Otieno".to_owned(),
        email: email.to_owned(),
        subject: "Two racks in Nairobi".to_owned(),
        message: "Line one".to_owned(),
        phone: None,
        company: None,
        source: Some("/contact".to_owned()),
        received_at: time::OffsetDateTime::now_utc(),
        language: contract::language::Language::En,
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_request_consumed_while_no_gateway_answers_is_stored_once_one_does(pool: PgPool) {
    // The requests worker alone, in a namespace no gateway serves yet.
    let namespace =
        contract::Namespace::new(format!("t{}", Uuid::new_v4().simple())).expect("valid prefix");
    let nats = runtime::process::connect_nats(&crate::helpers::nats_url(), "test")
        .await
        .expect("NATS is running");
    let stop = tokio_util::sync::CancellationToken::new();
    let ctx = workers::WorkerContext {
        pool: pool.clone(),
        nats: nats.clone(),
        namespace: namespace.clone(),
    };
    let mailer = workers::mail::Mailer::new(
        None,
        "Nyota Cloud <no-reply@nyota.example>",
        "http://localhost:8080",
    )
    .expect("valid mail settings");
    let signer =
        runtime::signing::Signer::new(crate::helpers::SIGNING_KEY).expect("valid signing key");
    workers::requests::spawn(
        ctx,
        std::sync::Arc::new(mailer),
        signer,
        FAST,
        stop.clone().cancelled_owned(),
    )
    .await
    .expect("requests worker starts");
    let queued = contact_message(&visitor());
    let jetstream = async_nats::jetstream::new(nats.clone());
    jetstream
        .publish(
            namespace.intake_message(),
            serde_json::to_vec(&queued).expect("json").into(),
        )
        .await
        .expect("published")
        .await
        .expect("stored by JetStream");
    let stored = format!(
        "select count(*) from contact_requests where id = '{}'",
        queued.id
    );

    // Several deliveries go by without an owner: nothing stored, nothing lost.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(count(&pool, &stored).await, 0);

    // A gateway's intake store starts answering: the next delivery is stored.
    let tracker = tokio_util::task::TaskTracker::new();
    gateway::intake::owner::serve(&nats, &namespace, pool.clone(), &tracker, stop.clone())
        .await
        .expect("the owner answers");
    assert_eq!(
        wait_for_count(&pool, &stored, 1, Duration::from_secs(10)).await,
        1
    );

    // The owner stores a request once, and refuses data the database never takes.
    let again: bool =
        contract::owners::ask(&nats, namespace.owners_store_contact_request(), &queued)
            .await
            .expect("the owner answers");
    assert!(!again, "a request is stored once");
    let mut broken = contact_message(&visitor());
    broken.message = "a NUL \u{0} in text".to_owned();
    let refused =
        contract::owners::ask::<bool>(&nats, namespace.owners_store_contact_request(), &broken)
            .await
            .expect_err("refused");
    assert!(
        refused
            .downcast_ref::<contract::owners::Refused>()
            .is_some(),
        "{refused:#}"
    );
    stop.cancel();
    crate::helpers::delete_streams(&namespace);
}

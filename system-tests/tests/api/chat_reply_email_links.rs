//! The links of the unseen-replies emails (issue 38): a mail program's
//! one-click unsubscribe (RFC 8058) stops them for the address, the page
//! the emailed link opens starts them again, and "Continue the chat" opens
//! the chat in another browser. Real gateway, Postgres and mail catcher.

use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;

use crate::chat_language::start_in;
use crate::chat_reply_emails::{age_replies, mailer, reply, reply_mails, sweep};
use crate::helpers::{MailCatcher, TestApp, spawn};
use crate::mailbox::{Mail, mails_to};
use crate::privacy::path_of;

/// `link` with its last character changed (never to itself).
fn altered(link: &str) -> String {
    let (kept, last) = link.split_at(link.len() - 1);
    format!("{kept}{}", if last == "A" { "E" } else { "A" })
}

/// A chat at a fresh address with one agent reply emailed; the app, the
/// chat and the email.
async fn emailed_chat(pool: PgPool, catcher: &MailCatcher) -> (TestApp, String, String, Mail) {
    emailed_chat_in(pool, catcher, None).await
}

/// [`emailed_chat`] in `language` (`None`: started with none, English).
async fn emailed_chat_in(
    pool: PgPool,
    catcher: &MailCatcher,
    language: Option<&str>,
) -> (TestApp, String, String, Mail) {
    let mailer = mailer(catcher);
    let app = spawn(pool).await;
    let address = format!("links-{}@example.com", uuid::Uuid::new_v4().simple());
    let chat = match language {
        None => app.start_chat("Wanjiru", &address).await,
        Some(language) => start_in(&app, language, &address).await,
    };
    let agent = app.agent().await;
    reply(&agent, &chat, "Your quote is ready.").await;
    age_replies(&app, &chat, 3).await;
    assert_eq!(sweep(&app, &mailer).await, 1);
    let mails = match language {
        None => reply_mails(catcher, &address).await,
        // The one email to the fresh address, in the chat's language.
        Some(_) => mails_to(catcher, &address).await,
    };
    assert_eq!(mails.len(), 1, "{mails:#?}");
    let mail = mails.into_iter().next().expect("one email");
    (app, chat, address, mail)
}

#[sqlx::test(migrations = "../migrations")]
async fn one_click_stops_the_reply_emails_to_the_address_and_the_page_starts_them_again(
    pool: PgPool,
) {
    let catcher = MailCatcher::start().await;
    let (app, chat, address, mail) = emailed_chat(pool, &catcher).await;
    let header = mail.header("List-Unsubscribe").expect("List-Unsubscribe");
    let url = header.trim_start_matches('<').trim_end_matches('>');
    assert!(
        url.starts_with("https://nyota.example/api/chat/emails/unsubscribe?token="),
        "{url}"
    );
    assert!(url.ends_with("&lang=en"), "the chat's language: {url}");
    assert_eq!(
        mail.header("List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    let link = path_of(url);

    // Opening the link changes nothing: it leads to the page that asks.
    let opened = app.new_browser().get(&link).await;
    assert_eq!(opened.status(), StatusCode::SEE_OTHER);
    let location = opened.headers()["location"].to_str().expect("location");
    assert!(
        location.starts_with("/chat-emails?action=stop&token="),
        "{location}"
    );

    // A mail provider's one click: a form POST with no session and no
    // CSRF header.
    let clicked = reqwest::Client::new()
        .post(app.browser.url(&link))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .expect("request");
    assert_eq!(clicked.status(), StatusCode::OK);
    let stopped: Value = clicked.json().await.expect("json");
    assert_eq!(stopped["email"], address.as_str());
    assert_eq!(stopped["sending"], false);
    assert_eq!(
        stopped["message"],
        format!(
            "We will not email {address} about chats any more. Replies stay in the chat on our site."
        )
    );

    // Later replies, in this chat and in another chat of the same address
    // (typed differently): no email.
    let mailer = mailer(&catcher);
    let agent = app.agent().await;
    reply(&agent, &chat, "One more thing about the quote.").await;
    let other = app
        .new_browser()
        .start_chat("Wanjiru", &address.to_uppercase())
        .await;
    reply(&agent, &other, "Hello again.").await;
    age_replies(&app, &chat, 3).await;
    age_replies(&app, &other, 3).await;
    assert_eq!(sweep(&app, &mailer).await, 0);
    assert_eq!(reply_mails(&catcher, &address).await.len(), 1);

    // The page's "Email me again" is the site's own POST: it needs the
    // CSRF header like every other.
    let resubscribe = link.replace("/unsubscribe?", "/resubscribe?");
    let forged = reqwest::Client::new()
        .post(app.browser.url(&resubscribe))
        .send()
        .await
        .expect("request");
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    let again = app.new_browser().post(&resubscribe, &Value::Null).await;
    assert_eq!(again.status(), StatusCode::OK);
    let again: Value = again.json().await.expect("json");
    assert_eq!(again["sending"], true);
    assert_eq!(sweep(&app, &mailer).await, 2, "both chats' replies are due");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_forged_or_altered_stop_link_is_refused(pool: PgPool) {
    let catcher = MailCatcher::start().await;
    let (app, chat, _address, mail) = emailed_chat(pool, &catcher).await;
    let link = path_of(
        mail.header("List-Unsubscribe")
            .expect("List-Unsubscribe")
            .trim_matches(['<', '>']),
    );
    let signer = runtime::signing::Signer::new(crate::helpers::SIGNING_KEY).expect("signer");
    let chat_id: uuid::Uuid = chat.parse().expect("uuid");
    let other_purpose = signer.sign(runtime::signing::Purpose::Unsubscribe, chat_id);
    // The token altered (the link ends with the email's language).
    let (token_link, lang) = link
        .split_once("&lang=")
        .expect("the link names its language");
    let altered = format!("{}&lang={lang}", altered(token_link));
    for bad in [
        altered,
        format!("/api/chat/emails/unsubscribe?token={other_purpose}"),
        "/api/chat/emails/unsubscribe?token=".to_owned(),
        "/api/chat/emails/unsubscribe".to_owned(),
    ] {
        let response = reqwest::Client::new()
            .post(app.browser.url(&bad))
            .body("List-Unsubscribe=One-Click")
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
        let body: Value = response.json().await.expect("json");
        assert_eq!(
            body["message"], "This link is not valid. Please copy the whole link from the email.",
            "{bad}"
        );
    }
    let stored: i64 = sqlx::query_scalar("select count(*) from chat_email_optouts")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(stored, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn continue_the_chat_opens_it_in_another_browser_and_nowhere_else(pool: PgPool) {
    let catcher = MailCatcher::start().await;
    let (app, chat, _address, mail) = emailed_chat(pool, &catcher).await;
    let link = path_of(
        &mail
            .link("/api/chat/continue?token=")
            .expect("Continue the chat"),
    );

    // A phone that never saw the chat: the link lets it in.
    let phone = app.new_browser();
    assert_eq!(
        phone
            .get(&format!("/api/chat/sessions/{chat}"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    let opened = phone.get(&link).await;
    assert_eq!(opened.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        opened.headers()["location"].to_str().expect("location"),
        format!("/?chat={chat}")
    );
    assert_eq!(
        phone
            .get(&format!("/api/chat/sessions/{chat}"))
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        phone
            .send(&chat, "Thanks, I accept the quote")
            .await
            .status(),
        StatusCode::CREATED
    );

    // Another browser without the link, and an altered link: nothing.
    let stranger = app.new_browser();
    let altered = altered(&link);
    let refused = stranger.get(&altered).await;
    assert_eq!(refused.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        refused.headers()["location"].to_str().expect("location"),
        "/?chat-link=invalid"
    );
    assert_eq!(
        stranger
            .get(&format!("/api/chat/sessions/{chat}"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
}

/// `POST path` as the page in `language` makes it (Accept-Language and the
/// CSRF header).
async fn post_in(app: &TestApp, language: &str, path: &str) -> reqwest::Response {
    reqwest::Client::new()
        .post(app.browser.url(path))
        .header("X-Requested-With", "XMLHttpRequest")
        .header("Accept-Language", language)
        .send()
        .await
        .expect("request")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_french_chats_stop_link_leads_to_the_french_page_which_answers_in_french(pool: PgPool) {
    let catcher = MailCatcher::start().await;
    let (app, _chat, address, mail) = emailed_chat_in(pool, &catcher, Some("fr")).await;
    // The email's link and its List-Unsubscribe header: the same link, in
    // the chat's language.
    let header = mail.header("List-Unsubscribe").expect("List-Unsubscribe");
    let url = header.trim_matches(['<', '>']);
    assert!(mail.subject().contains("a répondu"), "{}", mail.subject());
    assert!(url.ends_with("&lang=fr"), "{url}");
    assert!(
        mail.text.contains(url),
        "the body's stop link: {}",
        mail.text
    );
    let link = path_of(url);
    let opened = app.new_browser().get(&link).await;
    assert_eq!(opened.status(), StatusCode::SEE_OTHER);
    let location = opened.headers()["location"].to_str().expect("location");
    assert!(
        location.starts_with("/fr/chat-emails?action=stop&token="),
        "{location}"
    );

    // The page's buttons answer in the page's language (Accept-Language).
    let stopped = post_in(&app, "fr", &link).await;
    assert_eq!(stopped.status(), StatusCode::OK);
    let stopped: Value = stopped.json().await.expect("json");
    assert_eq!(stopped["sending"], false);
    assert_eq!(
        stopped["message"],
        format!(
            "Nous n’enverrons plus d’e-mails à {address} au sujet de vos conversations. \
             Les réponses restent consultables dans la conversation sur notre site."
        )
    );
    let resubscribe = link.replace("/unsubscribe?", "/resubscribe?");
    let again: Value = post_in(&app, "sw-KE,sw;q=0.9", &resubscribe)
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(again["sending"], true);
    assert_eq!(
        again["message"],
        format!("Majibu utakayokosa kwenye gumzo yatatumwa tena kwa barua pepe kwenda {address}.")
    );
    let refused = post_in(&app, "fr", "/api/chat/emails/resubscribe?token=x.y&lang=fr").await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let refused: Value = refused.json().await.expect("json");
    assert_eq!(
        refused["message"],
        "Ce lien n’est pas valide. Veuillez copier le lien complet depuis l’e-mail."
    );
}

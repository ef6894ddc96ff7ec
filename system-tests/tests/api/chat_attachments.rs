//! Chat attachments against the real gateway, worker, Postgres and NATS:
//! the type from the bytes, re-encoding (no trailing payload, no EXIF GPS),
//! the size limit, who may upload and fetch, the message that carries one,
//! the transcript's signed link and metrics.

use std::io::Cursor;
use std::time::Duration;

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use reqwest::multipart::{Form, Part};
use reqwest::{Response, StatusCode};
use runtime::signing::{Purpose, Signer};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::helpers::{Browser, SIGNING_KEY, TestApp, message, spawn};

const MIB: usize = 1024 * 1024;

pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
    let image = RgbImage::from_fn(width, height, |x, y| Rgb([x as u8, y as u8, 77]));
    let mut out = Vec::new();
    DynamicImage::ImageRgb8(image)
        .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
        .expect("png");
    out
}

/// A JPEG whose EXIF (APP1) says where it was taken: GPS latitude 1° 17′ S.
fn jpeg_with_gps() -> Vec<u8> {
    let image = RgbImage::from_fn(64, 48, |x, _| Rgb([x as u8 * 3, 90, 160]));
    let mut plain = Vec::new();
    DynamicImage::ImageRgb8(image)
        .write_with_encoder(JpegEncoder::new_with_quality(&mut plain, 90))
        .expect("jpeg");
    // Big-endian TIFF: IFD0 with one entry (the GPS IFD pointer); the GPS
    // IFD with GPSLatitudeRef "S" and GPSLatitude 1/1, 17/1, 0/1.
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend_from_slice(&[0, 1, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 26, 0, 0, 0, 0]);
    tiff.extend_from_slice(&[0, 2]);
    tiff.extend_from_slice(&[0, 1, 0, 2, 0, 0, 0, 2, b'S', 0, 0, 0]);
    tiff.extend_from_slice(&[0, 2, 0, 5, 0, 0, 0, 3, 0, 0, 0, 56]);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    for (numerator, denominator) in [(1u32, 1u32), (17, 1), (0, 1)] {
        tiff.extend_from_slice(&numerator.to_be_bytes());
        tiff.extend_from_slice(&denominator.to_be_bytes());
    }
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(&tiff);
    let length = u16::try_from(app1.len() + 2).expect("short");
    let mut out = plain[..2].to_vec();
    out.extend_from_slice(&[0xff, 0xe1]);
    out.extend_from_slice(&length.to_be_bytes());
    out.extend_from_slice(&app1);
    out.extend_from_slice(&plain[2..]);
    out
}

pub(crate) fn pdf() -> Vec<u8> {
    b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".to_vec()
}

/// Uploads `data` to `chat` as the file `name`, declared `declared`.
async fn upload(
    browser: &Browser,
    chat: &str,
    name: &str,
    declared: &str,
    data: Vec<u8>,
) -> Response {
    let part = Part::bytes(data)
        .file_name(name.to_owned())
        .mime_str(declared)
        .expect("mime type");
    browser
        .client
        .post(browser.url(&format!("/api/chat/sessions/{chat}/attachments")))
        .header("X-Requested-With", "XMLHttpRequest")
        .multipart(Form::new().part("file", part))
        .send()
        .await
        .expect("request")
}

/// Uploads a file that must be accepted; returns the attachment.
pub(crate) async fn attached(browser: &Browser, chat: &str, name: &str, data: Vec<u8>) -> Value {
    let response = upload(browser, chat, name, "application/octet-stream", data).await;
    assert_eq!(response.status(), StatusCode::CREATED, "{name}");
    response.json().await.expect("json")
}

pub(crate) async fn send_with(
    browser: &Browser,
    chat: &str,
    text: &str,
    attachment: &str,
) -> Response {
    browser
        .post(
            &format!("/api/chat/sessions/{chat}/messages"),
            &json!({ "message": text, "attachmentId": attachment }),
        )
        .await
}

pub(crate) async fn stored_attachments(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from chat_attachments")
        .fetch_one(&app.pool)
        .await
        .expect("count")
}

#[sqlx::test(migrations = "../migrations")]
async fn the_type_comes_from_the_bytes_never_the_name(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let html = b"<!doctype html><html><script>alert(document.cookie)</script></html>".to_vec();
    let response = upload(&app, &chat, "screenshot.png", "image/png", html).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "Only images (PNG, JPEG, WebP or GIF) and PDF files can be attached"
    );
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>1</script></svg>".to_vec();
    let response = upload(&app, &chat, "logo.gif", "image/gif", svg).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let broken = b"%PDF-1.7\n1 0 obj\n<<".to_vec();
    let response = upload(&app, &chat, "cut.pdf", "application/pdf", broken).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "The PDF file is damaged or incomplete"
    );
    let response = upload(&app, &chat, "empty.png", "image/png", Vec::new()).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(response).await, "The file is empty");
    // No `file` part at all.
    let response = app
        .client
        .post(app.url(&format!("/api/chat/sessions/{chat}/attachments")))
        .header("X-Requested-With", "XMLHttpRequest")
        .multipart(Form::new().text("other", "x"))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(response).await, "Choose a file to attach");
    assert_eq!(stored_attachments(&app).await, 0);

    // A real PNG declared as HTML is kept, under its real type and extension.
    let kept = attached(&app, &chat, "page.html", png(3, 2)).await;
    assert_eq!(kept["contentType"], "image/png");
    assert_eq!(kept["kind"], "image");
    assert_eq!(kept["filename"], "page.png");
    assert_eq!(
        (kept["width"].as_i64(), kept["height"].as_i64()),
        (Some(3), Some(2))
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_png_with_a_script_appended_is_stored_without_it(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let mut data = png(40, 30);
    data.extend_from_slice(b"<script>alert(1)</script>");
    let kept = attached(&app, &chat, "shot.png", data).await;
    let id = kept["id"].as_str().expect("id");
    let response = app.get(&format!("/api/chat/attachments/{id}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    let policy = headers["content-security-policy"].to_str().expect("ascii");
    assert!(
        policy.contains("sandbox") && policy.contains("default-src 'none'"),
        "{policy}"
    );
    assert!(
        headers["content-disposition"]
            .to_str()
            .expect("ascii")
            .starts_with("inline")
    );
    let body = response.bytes().await.expect("body");
    assert!(!body.windows(8).any(|w| w == b"<script>"));
    let image = image::load_from_memory(&body).expect("a png still");
    assert_eq!((image.width(), image.height()), (40, 30));
    assert_eq!(kept["byteSize"].as_u64(), Some(body.len() as u64));

    let thumbnail = app
        .get(&format!("/api/chat/attachments/{id}/thumbnail"))
        .await;
    assert_eq!(thumbnail.status(), StatusCode::OK);
    assert_eq!(thumbnail.headers()["content-type"], "image/jpeg");
    assert_eq!(thumbnail.headers()["x-content-type-options"], "nosniff");
    image::load_from_memory(&thumbnail.bytes().await.expect("body")).expect("thumbnail decodes");
}

#[sqlx::test(migrations = "../migrations")]
async fn exif_gps_is_gone_from_a_served_jpeg(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let original = jpeg_with_gps();
    assert!(original.windows(6).any(|w| w == b"Exif\0\0"));
    let kept = attached(&app, &chat, "IMG_0001.JPG", original).await;
    assert_eq!(kept["contentType"], "image/jpeg");
    let agent = app.agent().await;
    let id = kept["id"].as_str().expect("id");
    let response = agent.get(&format!("/api/chat/attachments/{id}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body = response.bytes().await.expect("body");
    assert!(body.starts_with(b"\xff\xd8"), "a JPEG");
    assert!(!body.windows(4).any(|w| w == b"Exif"), "no EXIF segment");
    // No APP1 segment of any kind.
    assert!(!body.windows(2).any(|w| w == b"\xff\xe1"));
    let image = image::load_from_memory(&body).expect("decodes");
    assert_eq!((image.width(), image.height()), (64, 48));
}

#[sqlx::test(migrations = "../migrations")]
async fn files_above_the_limit_are_refused_with_the_limit(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let mut data = pdf();
    data.resize(10 * MIB + 1, b' ');
    let response = upload(&app, &chat, "big.pdf", "application/pdf", data).await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        message(response).await,
        "Attachments must be at most 10 MiB"
    );
    // Exactly at the limit is fine (a PDF may end with padding).
    let mut data = pdf();
    data.resize(10 * MIB - 100, b' ');
    data.extend_from_slice(b"\n%%EOF\n");
    let kept = attached(&app, &chat, "report.pdf", data).await;
    assert_eq!(kept["kind"], "pdf");
    assert_eq!(stored_attachments(&app).await, 1);

    // The site setting lowers the limit.
    let (admin, _) = app.signed_in_as("admin").await;
    let mut settings: Value = admin
        .get("/api/site-settings")
        .await
        .json()
        .await
        .expect("json");
    settings["chatAttachmentMaxMib"] = json!(1);
    assert_eq!(
        admin
            .put("/api/admin/site-settings", &settings)
            .await
            .status(),
        StatusCode::OK
    );
    let mut lowered = false;
    for _ in 0..100 {
        let mut data = pdf();
        data.resize(MIB + 1, b' ');
        let response = upload(&app, &chat, "two.pdf", "application/pdf", data).await;
        if response.status() == StatusCode::PAYLOAD_TOO_LARGE {
            assert_eq!(message(response).await, "Attachments must be at most 1 MiB");
            lowered = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(lowered, "the lowered limit applies");
    settings["chatAttachmentMaxMib"] = json!(26);
    let response = admin.put("/api/admin/site-settings", &settings).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "Largest chat attachment must be a whole number of MiB from 1 to 25"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn only_the_chats_visitor_and_agents_see_an_attachment(pool: PgPool) {
    let app = spawn(pool).await;
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", "amina@example.com").await;
    let kept = attached(&visitor, &chat, "shot.png", png(8, 8)).await;
    let id = kept["id"].as_str().expect("id");

    let stranger = app.new_browser();
    let other_chat = stranger.start_chat("Baraka", "baraka@example.com").await;
    for path in [
        format!("/api/chat/attachments/{id}"),
        format!("/api/chat/attachments/{id}/thumbnail"),
        format!("/api/chat/attachments/{}", Uuid::now_v7()),
    ] {
        let response = stranger.get(&path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(message(response).await, "Not found");
        let response = app.new_browser().get(&path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
    }
    // A signed-in customer who is not an agent is a stranger too.
    let (customer, _) = app.signed_in_as("user").await;
    assert_eq!(
        customer
            .get(&format!("/api/chat/attachments/{id}"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    // Uploading to someone else's chat, or sending their attachment.
    let response = upload(&stranger, &chat, "x.png", "image/png", png(2, 2)).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let response = send_with(&stranger, &other_chat, "", id).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "That attachment could not be found in this chat. Attach the file again."
    );
    let response = send_with(&stranger, &chat, "", id).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);

    // The visitor sends it with no text; both sides read it.
    let response = send_with(&visitor, &chat, "", id).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let sent: Value = response.json().await.expect("json");
    assert_eq!(sent["attachment"]["id"], id);
    assert_eq!(sent["message"], "");
    let agent = app.agent().await;
    let mut stored = None;
    for _ in 0..100 {
        let messages = agent.messages(&chat).await;
        stored = messages.into_iter().find(|m| m["id"] == sent["id"]);
        if stored.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let stored = stored.expect("stored");
    assert_eq!(stored["attachment"]["filename"], "shot.png");
    // The inbox names the file where the text would be.
    let inbox: Vec<Value> = agent
        .get("/api/agent/chats")
        .await
        .json()
        .await
        .expect("json");
    let row = inbox
        .iter()
        .find(|row| row["sessionId"] == chat.as_str())
        .expect("in the inbox");
    assert_eq!(row["lastMessagePreview"], "Attachment: shot.png");
    assert_eq!(stored["attachment"]["width"], 8);
    assert_eq!(
        agent
            .get(&format!("/api/chat/attachments/{id}"))
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        visitor
            .get(&format!("/api/chat/attachments/{id}"))
            .await
            .status(),
        StatusCode::OK
    );
    // Sent once: a second message may not carry it again.
    let response = send_with(&visitor, &chat, "again", id).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    // No text and no attachment is still refused.
    let response = visitor.send(&chat, "  ").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);

    // The agent sends a PDF; the visitor downloads it.
    let pdf = attached(&agent, &chat, "Invoice March.pdf", pdf()).await;
    let pdf_id = pdf["id"].as_str().expect("id");
    assert_eq!(
        send_with(&agent, &chat, "Your invoice", pdf_id)
            .await
            .status(),
        StatusCode::CREATED
    );
    let response = visitor
        .get(&format!("/api/chat/attachments/{pdf_id}"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"Invoice March.pdf\"; filename*=UTF-8''Invoice%20March.pdf"
    );
    assert_eq!(
        response.bytes().await.expect("body").as_ref(),
        self::pdf().as_slice()
    );
    // A PDF has no thumbnail.
    assert_eq!(
        visitor
            .get(&format!("/api/chat/attachments/{pdf_id}/thumbnail"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        stranger
            .get(&format!("/api/chat/attachments/{pdf_id}"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_transcript_link_opens_the_file_for_30_days_only(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let kept = attached(&app, &chat, "invoice.pdf", pdf()).await;
    let id: Uuid = kept["id"].as_str().expect("id").parse().expect("uuid");
    let signer = Signer::new(SIGNING_KEY).expect("key");
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let anyone = app.new_browser();
    let live = signer.sign_until(Purpose::ChatAttachment, id, now + 30 * 24 * 3600);
    let response = anyone
        .get(&format!("/api/chat/attachments/{id}?token={live}"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.bytes().await.expect("body").as_ref(),
        pdf().as_slice()
    );
    let expired = signer.sign_until(Purpose::ChatAttachment, id, now - 1);
    let other = signer.sign_until(Purpose::ChatAttachment, Uuid::now_v7(), now + 3600);
    let wrong_purpose = signer.sign(Purpose::Unsubscribe, id);
    for token in [expired, other, wrong_purpose, "nonsense".to_owned()] {
        let response = anyone
            .get(&format!("/api/chat/attachments/{id}?token={token}"))
            .await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{token}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn uploads_are_counted_and_the_database_page_shows_their_size(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let kept = attached(&app, &chat, "a.png", png(20, 20)).await;
    attached(&app, &chat, "b.pdf", pdf()).await;
    let refused = upload(&app, &chat, "c.png", "image/png", b"<html>".to_vec()).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let text = reqwest::get(format!("{}/metrics", app.metrics_address))
        .await
        .expect("scrape")
        .text()
        .await
        .expect("text");
    let png_bytes = kept["byteSize"].as_u64().expect("size");
    for line in [
        r#"chat_attachment_uploads_total{kind="image",result="stored"} 1"#.to_owned(),
        r#"chat_attachment_uploads_total{kind="pdf",result="stored"} 1"#.to_owned(),
        r#"chat_attachment_uploads_total{kind="unknown",result="unsupported"} 1"#.to_owned(),
        format!(r#"chat_attachment_bytes_total{{kind="image"}} {png_bytes}"#),
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
    }
    let (admin, _) = app.signed_in_as("admin").await;
    let overview: Value = admin
        .get("/api/admin/database")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(overview["chatAttachments"]["count"], 2);
    assert_eq!(
        overview["chatAttachments"]["bytes"].as_u64(),
        Some(png_bytes + pdf().len() as u64)
    );
    assert!(
        overview["chatAttachments"]["thumbnailBytes"]
            .as_u64()
            .expect("n")
            > 0
    );
    // Visitors do not see the database page.
    assert_eq!(
        app.get("/api/admin/database").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

//! Chat attachments judged by what they decode to, against the real
//! gateway, Postgres and NATS: a tiny file declaring a huge image is
//! refused before decoding, an image larger than the limit once encoded
//! again is refused, large images do not hold up ordinary ones, and PDFs
//! with active content are refused however their names are spelled.

use std::io::{Cursor, Write as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageFormat, Luma, Rgb, RgbImage, Rgba, RgbaImage};
use reqwest::multipart::{Form, Part};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{Browser, message, spawn};

async fn upload(browser: &Browser, chat: &str, name: &str, data: Vec<u8>) -> Response {
    let part = Part::bytes(data).file_name(name.to_owned());
    browser
        .client
        .post(browser.url(&format!("/api/chat/sessions/{chat}/attachments")))
        .header("X-Requested-With", "XMLHttpRequest")
        .multipart(Form::new().part("file", part))
        .send()
        .await
        .expect("request")
}

async fn stored(pool: &PgPool) -> i64 {
    sqlx::query_scalar("select count(*) from chat_attachments")
        .fetch_one(pool)
        .await
        .expect("count")
}

/// A JPEG's start (SOI, SOF0) declaring `width` × `height`, a quantisation
/// table, Huffman tables and a scan with almost no data: what a decoder
/// would fill out to the whole declared image.
fn jpeg_declaring(width: u16, height: u16) -> Vec<u8> {
    let mut data = vec![0xff, 0xd8];
    // DQT: one table of ones.
    data.extend_from_slice(&[0xff, 0xdb, 0, 67, 0]);
    data.extend_from_slice(&[1; 64]);
    // SOF0: 8 bits, height, width, one component using table 0.
    data.extend_from_slice(&[0xff, 0xc0, 0, 11, 8]);
    data.extend_from_slice(&height.to_be_bytes());
    data.extend_from_slice(&width.to_be_bytes());
    data.extend_from_slice(&[1, 1, 0x11, 0]);
    // DHT: a DC and an AC table with one one-bit code each.
    for class in [0x00, 0x10] {
        data.extend_from_slice(&[0xff, 0xc4, 0, 20, class, 1]);
        data.extend_from_slice(&[0; 15]);
        data.push(0);
    }
    // SOS and a few bytes of scan.
    data.extend_from_slice(&[0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0]);
    data.extend_from_slice(&[0; 16]);
    data.extend_from_slice(&[0xff, 0xd9]);
    data
}

#[sqlx::test(migrations = "../migrations")]
async fn a_tiny_jpeg_declaring_a_huge_image_is_refused_before_decoding(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let bomb = jpeg_declaring(12_000, 5_500);
    assert!(bomb.len() < 700, "{}", bomb.len());
    let response = upload(&app, &chat, "bomb.jpg", bomb).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "The image is too large to process (at most 40 megapixels, such as 8000 × 5000, and 12000 pixels a side)"
    );
    assert_eq!(stored(&app.pool).await, 0);
}

/// A 1600 × 1200 JPEG of noise saved at quality 15: under 0.5 MB as sent,
/// but what it decodes to takes over 1.1 MB at the quality kept.
fn jpeg_that_grows() -> Vec<u8> {
    let mut seed = 11u32;
    let image = RgbImage::from_fn(1600, 1200, |_, _| {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let v = (seed >> 16) as u8;
        Rgb([v, v.wrapping_mul(3), v.wrapping_mul(7)])
    });
    let mut out = Vec::new();
    DynamicImage::ImageRgb8(image)
        .write_with_encoder(JpegEncoder::new_with_quality(&mut out, 15))
        .expect("jpeg");
    out
}

#[sqlx::test(migrations = "../migrations")]
async fn an_image_larger_than_the_limit_once_encoded_again_is_refused(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    let mut settings: Value = admin
        .get("/api/site-settings")
        .await
        .json()
        .await
        .expect("json");
    settings["chatAttachmentMaxMib"] = json!(1);
    let response = admin.put("/api/admin/site-settings", &settings).await;
    assert_eq!(response.status(), StatusCode::OK);
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let grows = jpeg_that_grows();
    assert!(grows.len() < 512 * 1024, "{}", grows.len());
    let mut refused = None;
    // The setting reaches the gateway through NATS within moments.
    for _ in 0..100 {
        let response = upload(&app, &chat, "grows.jpg", grows.clone()).await;
        if response.status() == StatusCode::PAYLOAD_TOO_LARGE {
            refused = Some(message(response).await);
            break;
        }
        assert_eq!(response.status(), StatusCode::CREATED);
        sqlx::query("delete from chat_attachments")
            .execute(&app.pool)
            .await
            .expect("delete");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        refused.as_deref(),
        Some("The image is larger than 1 MiB once processed. Save it smaller and try again.")
    );
    assert_eq!(stored(&app.pool).await, 0);
}

/// A 7000 × 5000 greyscale PNG (35 megapixels, within the limit): 0.2 MB
/// to send, most of a second to decode and encode again.
fn large_png() -> Vec<u8> {
    let image =
        image::GrayImage::from_fn(7000, 5000, |x, y| Luma([((x / 64 + y / 64) % 256) as u8]));
    let mut out = Vec::new();
    DynamicImage::ImageLuma8(image)
        .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
        .expect("png");
    out
}

#[sqlx::test(migrations = "../migrations")]
async fn large_images_do_not_hold_up_an_ordinary_one(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let large = large_png();
    let done = Arc::new(AtomicUsize::new(0));
    let mut uploads = Vec::new();
    for i in 0..5 {
        let (browser, chat, large, done) = (
            app.on(&app.address),
            chat.clone(),
            large.clone(),
            done.clone(),
        );
        uploads.push(tokio::spawn(async move {
            let response = upload(&browser, &chat, &format!("large-{i}.png"), large).await;
            done.fetch_add(1, Ordering::SeqCst);
            response.status()
        }));
    }
    // Let the large ones arrive and queue first.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut small = Vec::new();
    image::DynamicImage::ImageRgba8(RgbaImage::from_pixel(200, 150, Rgba([9, 99, 199, 255])))
        .write_to(&mut Cursor::new(&mut small), ImageFormat::Png)
        .expect("png");
    let response = upload(&app, &chat, "screenshot.png", small).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    // Before: two lanes shared by all, so the screenshot waited for four
    // of the five large images. Now large ones take one lane of their own.
    let finished = done.load(Ordering::SeqCst);
    assert!(
        finished <= 2,
        "{finished} of 5 large images were done first"
    );
    for upload in uploads {
        assert_eq!(upload.await.expect("upload"), StatusCode::CREATED);
    }
}

/// A PDF of one page whose catalog has `extra` (and object 4, `fourth`),
/// with a correct cross-reference table.
fn pdf(extra: &str, fourth: &str) -> Vec<u8> {
    let objects = [
        format!("<< /Type /Catalog /Pages 2 0 R {extra} >>"),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>".to_owned(),
        fourth.to_owned(),
    ];
    let mut out = b"%PDF-1.7\n".to_vec();
    let mut offsets = Vec::new();
    for (index, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        write!(out, "{} 0 obj\n{body}\nendobj\n", index + 1).expect("write");
    }
    let xref = out.len();
    write!(out, "xref\n0 5\n0000000000 65535 f \n").expect("write");
    for offset in offsets {
        writeln!(out, "{offset:010} 00000 n ").expect("write");
    }
    write!(
        out,
        "trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
    )
    .expect("write");
    out
}

#[sqlx::test(migrations = "../migrations")]
async fn pdfs_with_active_content_are_refused(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let active = "PDF files with scripts, actions, embedded files or interactive forms cannot be attached. Print it to a new PDF and try again.";
    for (extra, fourth) in [
        (
            "/OpenAction 4 0 R",
            "<< /S /JavaScript /JS (app.alert('hi')) >>",
        ),
        (
            "/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>",
            "<< >>",
        ),
        ("/OpenAction 4 0 R", "<< /S /Launch /F (cmd.exe) >>"),
        (
            "/Names << /EmbeddedFiles 4 0 R >>",
            "<< /Names [(a.exe) << /Type /Filespec >>] >>",
        ),
        ("/AA << /WC 4 0 R >>", "<< /S /GoTo /D [3 0 R /Fit] >>"),
    ] {
        let response = upload(&app, &chat, "invoice.pdf", pdf(extra, fourth)).await;
        assert_eq!(
            response.status(),
            StatusCode::BAD_REQUEST,
            "{extra} {fourth}"
        );
        assert_eq!(message(response).await, active);
    }
    let response = upload(
        &app,
        &chat,
        "broken.pdf",
        b"%PDF-1.7\nnot a pdf\n%%EOF\n".to_vec(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "The PDF file is damaged or incomplete"
    );
    assert_eq!(stored(&app.pool).await, 0);
    // A plain one, opening at its first page, is kept as sent.
    let plain = pdf("/OpenAction [3 0 R /Fit]", "<< /S /GoTo /D [3 0 R /Fit] >>");
    let response = upload(&app, &chat, "invoice.pdf", plain).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    assert_eq!(stored(&app.pool).await, 1);
}

//! Image uploads: the type sniffed from the bytes, the 5 MiB limit, who may
//! upload, the list with what uses each image, deletion, the audit log, and
//! `/objects/{id}` with its caching headers on every gateway.

use base64::Engine as _;
use reqwest::multipart::{Form, Part};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{Browser, TestApp, message, registration, spawn};

const MIB: usize = 1024 * 1024;

/// Real images (each decodes in a browser): a 3×2 PNG, a 16×8 grey
/// baseline JPEG, a 1×1 GIF89a and a 1×1 lossless WebP (VP8L).
const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR42mN4yVAGQQxwFgBVCgg7hoQPngAAAABJRU5ErkJggg==";
const JPEG: &str = "/9j/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAAIABABAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AD//Z";
const GIF: &str = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==";
const WEBP: &str = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==";

fn bytes(base64: &str) -> Vec<u8> {
    base64::engine::general_purpose::STANDARD
        .decode(base64)
        .expect("base64")
}

/// A multipart POST to the upload route, as the admin screen sends it.
async fn send(browser: &Browser, form: Form) -> Response {
    browser
        .client
        .post(browser.url("/api/admin/uploads"))
        .header("X-Requested-With", "XMLHttpRequest")
        .multipart(form)
        .send()
        .await
        .expect("request")
}

/// Uploads `data` in the part `file`, named `name` and declared `declared`.
async fn upload(browser: &Browser, name: &str, declared: &str, data: Vec<u8>) -> Response {
    let part = Part::bytes(data)
        .file_name(name.to_owned())
        .mime_str(declared)
        .expect("mime type");
    send(browser, Form::new().part("file", part)).await
}

/// Uploads an image that must be accepted; returns the `Upload`.
async fn uploaded(browser: &Browser, name: &str, data: Vec<u8>) -> Value {
    let response = upload(browser, name, "application/octet-stream", data).await;
    assert_eq!(response.status(), StatusCode::CREATED, "{name}");
    response.json().await.expect("json")
}

async fn count(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from uploads")
        .fetch_one(&app.pool)
        .await
        .expect("count")
}

fn header<'a>(response: &'a Response, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .unwrap_or_else(|| panic!("no {name} header"))
        .to_str()
        .expect("ascii")
}

#[sqlx::test(migrations = "../migrations")]
async fn each_image_type_is_sniffed_stored_and_served_immutable(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    for (name, data, content_type, width, height) in [
        ("pixel.png", bytes(PNG), "image/png", 3, 2),
        ("grey.jpg", bytes(JPEG), "image/jpeg", 16, 8),
        ("dot.gif", bytes(GIF), "image/gif", 1, 1),
        ("dot.webp", bytes(WEBP), "image/webp", 1, 1),
        // The name and the declared type say PNG; the bytes say JPEG.
        ("photo.png", bytes(JPEG), "image/jpeg", 16, 8),
    ] {
        let response = upload(&admin, name, "image/png", data.clone()).await;
        assert_eq!(response.status(), StatusCode::CREATED, "{name}");
        let upload: Value = response.json().await.expect("json");
        let id = upload["id"].as_str().expect("id");
        assert_eq!(upload["url"], format!("/objects/{id}"));
        assert_eq!(upload["filename"], name);
        assert_eq!(upload["contentType"], content_type, "{name}");
        assert_eq!(upload["byteSize"], data.len());
        assert_eq!(
            (upload["width"].clone(), upload["height"].clone()),
            (json!(width), json!(height)),
            "{name}"
        );
        assert_eq!(upload["usedBy"], json!([]));
        assert!(
            time::OffsetDateTime::parse(
                upload["createdAt"].as_str().expect("createdAt"),
                &time::format_description::well_known::Rfc3339
            )
            .is_ok()
        );

        let url = upload["url"].as_str().expect("url");
        let served = app.new_browser().get(url).await;
        assert_eq!(served.status(), StatusCode::OK, "{name}");
        assert_eq!(header(&served, "content-type"), content_type);
        assert_eq!(header(&served, "x-content-type-options"), "nosniff");
        assert_eq!(
            header(&served, "cache-control"),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(
            header(&served, "content-security-policy"),
            "default-src 'none'; sandbox"
        );
        let etag = header(&served, "etag").to_owned();
        assert_eq!(served.bytes().await.expect("body").to_vec(), data);

        let again = app
            .client
            .get(app.url(url))
            .header("If-None-Match", &etag)
            .send()
            .await
            .expect("request");
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{name}");
        assert_eq!(header(&again, "etag"), etag);
        assert_eq!(
            header(&again, "cache-control"),
            "public, max-age=31536000, immutable"
        );
        let other = app
            .client
            .get(app.url(url))
            .header("If-None-Match", "\"something-else\"")
            .send()
            .await
            .expect("request");
        assert_eq!(other.status(), StatusCode::OK);

        let head = app.client.head(app.url(url)).send().await.expect("request");
        assert_eq!(head.status(), StatusCode::OK);
        assert_eq!(header(&head, "content-type"), content_type);
        assert_eq!(header(&head, "content-length"), data.len().to_string());
        assert!(head.bytes().await.expect("body").is_empty());
    }
    assert_eq!(count(&app).await, 5);
}

#[sqlx::test(migrations = "../migrations")]
async fn anything_but_a_png_jpeg_webp_or_gif_is_refused(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\
                <script>alert(1)</script></svg>"
        .to_vec();
    let only_images = "Only PNG, JPEG, WebP or GIF images can be uploaded";
    let mut corrupt = bytes(PNG);
    corrupt.truncate(14);
    for (name, declared, data, expected) in [
        ("x.png", "image/png", svg.clone(), only_images),
        ("x.svg", "image/svg+xml", svg, only_images),
        (
            "notes.png",
            "image/png",
            b"Just some text, not an image.".to_vec(),
            only_images,
        ),
        (
            "doc.pdf",
            "application/pdf",
            b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n".to_vec(),
            only_images,
        ),
        ("empty.png", "image/png", Vec::new(), "The file is empty"),
        (
            "broken.png",
            "image/png",
            corrupt,
            "The image could not be read",
        ),
    ] {
        let response = upload(&admin, name, declared, data).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{name}");
        assert_eq!(message(response).await, expected, "{name}");
    }

    let no_file = Form::new().text("caption", "A photo");
    let response = send(&admin, no_file).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(response).await, "Choose an image file to upload");
    let response = admin
        .post("/api/admin/uploads", &json!({ "file": PNG }))
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(response).await, "Choose an image file to upload");
    assert_eq!(count(&app).await, 0);

    // Other parts are skipped; the file keeps its name without the path.
    let form = Form::new().text("caption", "A photo").part(
        "file",
        Part::bytes(bytes(GIF)).file_name("C:\\Users\\amina\\dot.gif"),
    );
    let response = send(&admin, form).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let upload: Value = response.json().await.expect("json");
    assert_eq!(upload["filename"], "dot.gif");
    let form = Form::new().part("file", Part::bytes(bytes(GIF)));
    let upload: Value = send(&admin, form).await.json().await.expect("json");
    assert_eq!(upload["filename"], "image", "no name given");
}

#[sqlx::test(migrations = "../migrations")]
async fn images_may_be_five_mib_and_not_one_byte_more(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    // A PNG header followed by padding: its size is all that matters here.
    let mut exactly = bytes(PNG);
    exactly.resize(5 * MIB, 0);
    let upload = uploaded(&admin, "big.png", exactly.clone()).await;
    assert_eq!(upload["byteSize"], 5 * MIB);
    assert_eq!(
        (upload["width"].clone(), upload["height"].clone()),
        (json!(3), json!(2))
    );
    let served = app.get(upload["url"].as_str().expect("url")).await;
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.bytes().await.expect("body").len(), 5 * MIB);

    let mut over = exactly;
    over.push(0);
    let response = upload_file(&admin, over).await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(header(&response, "content-type"), "application/json");
    assert_eq!(message(response).await, "Images must be at most 5 MiB");

    // A body past the route's own limit (here before the file part) gets the
    // same answer, not the framework's plain text.
    let padding = "x".repeat(5 * MIB + 100 * 1024);
    let form = Form::new()
        .text("padding", padding)
        .part("file", Part::bytes(bytes(GIF)).file_name("dot.gif"));
    let response = send(&admin, form).await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(message(response).await, "Images must be at most 5 MiB");
    assert_eq!(count(&app).await, 1);

    // Other routes keep the 1 MiB limit.
    let response = admin
        .post("/api/admin/blog", &json!({ "title": "x".repeat(2 * MIB) }))
        .await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

async fn upload_file(browser: &Browser, data: Vec<u8>) -> Response {
    upload(browser, "big.png", "image/png", data).await
}

#[sqlx::test(migrations = "../migrations")]
async fn only_admins_upload_list_and_delete(pool: PgPool) {
    let app = spawn(pool).await;
    let some_id = uuid::Uuid::new_v4();
    let anonymous = app.new_browser();
    let user = app.new_browser();
    user.register(&registration("reader@example.com")).await;
    assert_eq!(
        user.login("reader@example.com", "s3cret-pass")
            .await
            .status(),
        StatusCode::OK
    );
    for (browser, status) in [
        (&anonymous, StatusCode::UNAUTHORIZED),
        (&user, StatusCode::FORBIDDEN),
    ] {
        let posted = upload(browser, "dot.gif", "image/gif", bytes(GIF)).await;
        assert_eq!(posted.status(), status);
        let listed = browser.get("/api/admin/uploads").await;
        assert_eq!(listed.status(), status);
        let deleted = browser
            .delete(&format!("/api/admin/uploads/{some_id}"))
            .await;
        assert_eq!(deleted.status(), status);
    }
    let refused = upload(&user, "dot.gif", "image/gif", bytes(GIF)).await;
    assert_eq!(message(refused).await, "Only admins can do this");
    assert_eq!(count(&app).await, 0);

    // The CSRF header is required here as on every other write.
    let admin = app.agent().await;
    let form = Form::new().part("file", Part::bytes(bytes(GIF)).file_name("dot.gif"));
    let response = admin
        .client
        .post(admin.url("/api/admin/uploads"))
        .multipart(form)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(count(&app).await, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_list_is_newest_first_and_names_what_uses_each_image(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let cover = uploaded(&admin, "cover.png", bytes(PNG)).await;
    let inline = uploaded(&admin, "inline.webp", bytes(WEBP)).await;
    let unused = uploaded(&admin, "unused.gif", bytes(GIF)).await;
    let cover_url = cover["url"].as_str().expect("url");
    let inline_url = inline["url"].as_str().expect("url");

    let post = |title: &str, image: Option<&str>, content: &str| {
        let mut body = json!({
            "title": title,
            "excerpt": "About it",
            "fullContent": content,
            "category": "News",
            "author": "Nyota Cloud Team",
        });
        if let Some(image) = image {
            body["image"] = json!(image);
        }
        body
    };
    let created = |response: Response| async move {
        assert_eq!(response.status(), StatusCode::CREATED);
        let item: Value = response.json().await.expect("json");
        item["id"].as_str().expect("id").to_owned()
    };
    let with_cover = created(
        admin
            .post(
                "/api/admin/blog",
                &post("Cover story", Some(cover_url), "Plain text."),
            )
            .await,
    )
    .await;
    let with_inline = created(
        admin
            .post(
                "/api/admin/blog",
                &post(
                    "Inline story",
                    None,
                    &format!("Look: ![diagram]({inline_url}) and again {inline_url}."),
                ),
            )
            .await,
    )
    .await;
    let event = created(
        admin
            .post(
                "/api/admin/events",
                &json!({
                    "title": "Cloud summit",
                    "description": format!("Our stage: {inline_url}"),
                    "category": "Conference",
                    "date": "2026-06-01",
                    "time": "09:00 - 17:00 EAT",
                    "location": "Nairobi",
                    "image": cover_url,
                }),
            )
            .await,
    )
    .await;
    // An image elsewhere on the web, and a url that only starts like ours.
    admin
        .post(
            "/api/admin/blog",
            &post(
                "Unrelated",
                Some(&format!("https://cdn.example{cover_url}")),
                &format!("{}x", &inline_url[..inline_url.len() - 1]),
            ),
        )
        .await;

    let response = admin.get("/api/admin/uploads").await;
    assert_eq!(response.status(), StatusCode::OK);
    let list: Value = response.json().await.expect("json");
    let uploads = list["uploads"].as_array().expect("uploads");
    let names: Vec<&str> = uploads
        .iter()
        .map(|u| u["filename"].as_str().expect("filename"))
        .collect();
    assert_eq!(
        names,
        ["unused.gif", "inline.webp", "cover.png"],
        "newest first"
    );
    assert!(uploads.iter().all(|u| u.get("data").is_none()));
    assert_eq!(uploads[0]["usedBy"], json!([]));
    assert_eq!(uploads[0]["id"], unused["id"]);
    assert_eq!(
        uploads[1]["usedBy"],
        json!([
            { "kind": "event", "id": event, "title": "Cloud summit" },
            { "kind": "post", "id": with_inline, "title": "Inline story" },
        ])
    );
    assert_eq!(
        uploads[2]["usedBy"],
        json!([
            { "kind": "event", "id": event, "title": "Cloud summit" },
            { "kind": "post", "id": with_cover, "title": "Cover story" },
        ])
    );
    assert_eq!(uploads[2]["contentType"], "image/png");
    assert_eq!(uploads[2]["byteSize"], bytes(PNG).len());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_deleted_image_is_gone_from_every_gateway_and_every_write_is_audited(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let other = app.another_gateway().await;
    let upload = uploaded(&admin, "team.jpg", bytes(JPEG)).await;
    let keep = uploaded(&admin, "keep.gif", bytes(GIF)).await;
    let id = upload["id"].as_str().expect("id");
    let url = upload["url"].as_str().expect("url");

    // Every gateway serves every image (and now holds it in memory).
    let visitor = app.new_browser();
    let elsewhere = visitor.on(&other);
    for browser in [&visitor, &elsewhere] {
        let served = browser.get(url).await;
        assert_eq!(served.status(), StatusCode::OK);
        assert_eq!(served.bytes().await.expect("body").to_vec(), bytes(JPEG));
    }
    let etag = header(&visitor.get(url).await, "etag").to_owned();

    let response = admin.delete(&format!("/api/admin/uploads/{id}")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    for browser in [&visitor, &elsewhere] {
        let gone = browser.get(url).await;
        assert_eq!(gone.status(), StatusCode::NOT_FOUND);
        assert_eq!(message(gone).await, "Upload not found");
        let revalidated = browser
            .client
            .get(browser.url(url))
            .header("If-None-Match", &etag)
            .send()
            .await
            .expect("request");
        assert_eq!(revalidated.status(), StatusCode::NOT_FOUND);
    }
    let list: Value = admin
        .get("/api/admin/uploads")
        .await
        .json()
        .await
        .expect("json");
    let ids: Vec<&Value> = list["uploads"]
        .as_array()
        .expect("uploads")
        .iter()
        .map(|u| &u["id"])
        .collect();
    assert_eq!(ids, [&keep["id"]]);

    for path in [
        format!("/api/admin/uploads/{id}"),
        "/api/admin/uploads/not-a-uuid".to_owned(),
    ] {
        let response = admin.delete(&path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(message(response).await, "Upload not found");
    }
    for path in [
        "/objects/not-a-uuid".to_owned(),
        format!("/objects/{}", uuid::Uuid::new_v4()),
    ] {
        let response = visitor.get(&path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(message(response).await, "Upload not found");
    }

    let rows: Vec<(String, String, String, String, Option<String>)> = sqlx::query_as(
        "select a.action, a.entity, a.entity_id::text, a.details->>'title', u.email \
         from audit_log a left join users u on u.id = a.actor_id \
         where a.entity <> 'account' order by a.id",
    )
    .fetch_all(&app.pool)
    .await
    .expect("audit rows");
    let keep_id = keep["id"].as_str().expect("id");
    let actions: Vec<(&str, &str, &str, &str)> = rows
        .iter()
        .map(|r| (r.0.as_str(), r.1.as_str(), r.2.as_str(), r.3.as_str()))
        .collect();
    assert_eq!(
        actions,
        [
            ("create", "upload", id, "team.jpg"),
            ("create", "upload", keep_id, "keep.gif"),
            ("delete", "upload", id, "team.jpg"),
        ]
    );
    assert!(
        rows.iter()
            .all(|r| r.4.as_deref().is_some_and(|e| e.starts_with("agent-"))),
        "{rows:?}"
    );
    let uploaded_by: Option<uuid::Uuid> = sqlx::query_scalar("select uploaded_by from uploads")
        .fetch_one(&app.pool)
        .await
        .expect("row");
    assert!(uploaded_by.is_some());
}

//! Post HTML that cannot step outside the current policy (issue 34, item
//! 10): an image path with dot segments never leaves `/objects/`, and HTML
//! stored by an older renderer is never served as it was stored.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::spawn;

#[sqlx::test(migrations = "../migrations")]
async fn an_image_path_cannot_leave_objects_and_stored_html_is_rendered_again(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let body = json!({
        "title": "Paths",
        "excerpt": "About paths",
        "fullContent": "![x](/objects/../api/user)\n\n![y](/objects/%2e%2e/api/user)\n\n\
                        ![ok](/objects/0b7e4c1e-1d2a-4a59-9d62-4d7c3c2a1f00)",
        "category": "News",
        "author": "Nyota Cloud Team",
    });
    let response = admin.post("/api/admin/blog", &body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let post: Value = response.json().await.expect("json");
    let id = post["id"].as_str().expect("id").to_owned();
    let html = |post: &Value| post["contentHtml"].as_str().expect("html").to_owned();
    let read: Value = app
        .get(&format!("/api/blog/{id}"))
        .await
        .json()
        .await
        .expect("json");
    let shown = html(&read);
    assert!(!shown.contains("api/user\""), "{shown}");
    // The refused images keep their alt text and request nothing.
    assert_eq!(shown.matches("src=").count(), 1, "{shown}");
    assert!(
        shown.contains("<img src=\"/objects/0b7e4c1e-1d2a-4a59-9d62-4d7c3c2a1f00\""),
        "{shown}"
    );

    // HTML in the row from an older renderer (or a hand edit): what is
    // served comes from the Markdown under today's policy.
    sqlx::query(
        "update blog_posts set content_html = $2, updated_at = now() where id = $1::uuid",
    )
    .bind(&id)
    .bind("<p><img src=\"/objects/../api/user\" onerror=\"alert(1)\"><script>alert(2)</script></p>")
    .execute(&app.pool)
    .await
    .expect("old html");
    // A second gateway has no cached answer for the post.
    let other = app.new_browser().on(&app.another_gateway().await);
    let read: Value = other
        .get(&format!("/api/blog/{id}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(html(&read), shown);
}

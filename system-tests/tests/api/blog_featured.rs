//! The blog list's Featured card and card images (issue 35): page 1 names
//! the newest featured post matching the filters whatever page it is on, and
//! a post without an image of its own shows the first upload of its content.

use serde_json::json;
use sqlx::PgPool;

use crate::content_facets::{create, json_of, post, preloaded_image};
use crate::helpers::spawn;

#[sqlx::test(migrations = "../migrations")]
async fn page_one_names_the_featured_post_even_when_it_is_on_a_later_page(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let empty = json_of(&app, "/api/blog?page=1&limit=12").await;
    assert_eq!(empty["featured"], json!(null));

    let mut older = post("Older featured", "News", "2026-01-02T09:00:00Z");
    older["featured"] = json!(true);
    create(&admin, "/api/admin/blog", &older).await;
    let mut featured = post("Featured on page 2", "Security", "2026-01-05T09:00:00Z");
    featured["featured"] = json!(true);
    let featured = create(&admin, "/api/admin/blog", &featured).await;
    // A featured draft and a scheduled one are not public.
    let mut draft = post("Featured draft", "News", "2026-03-01T09:00:00Z");
    draft["featured"] = json!(true);
    draft["status"] = json!("draft");
    create(&admin, "/api/admin/blog", &draft).await;
    let mut later = post("Featured later", "News", "2099-01-01T09:00:00Z");
    later["featured"] = json!(true);
    create(&admin, "/api/admin/blog", &later).await;
    for n in 0..12 {
        let at = format!("2026-02-{:02}T09:00:00Z", n + 1);
        create(
            &admin,
            "/api/admin/blog",
            &post(&format!("Newer {n}"), "News", &at),
        )
        .await;
    }

    let first = json_of(&app, "/api/blog?page=1&limit=12").await;
    let titles: Vec<&str> = first["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .map(|post| post["title"].as_str().expect("title"))
        .collect();
    assert!(!titles.contains(&"Featured on page 2"), "{titles:?}");
    assert_eq!(first["featured"]["id"], json!(featured));
    assert_eq!(first["featured"]["title"], json!("Featured on page 2"));
    assert!(
        first["featured"].get("fullContent").is_none(),
        "a summary, as the cards"
    );

    let second = json_of(&app, "/api/blog?page=2&limit=12").await;
    assert_eq!(second["featured"], json!(null), "page 1 only");

    // The filters apply: in News the older featured post is the newest one.
    let news = json_of(&app, "/api/blog?page=1&limit=12&category=News").await;
    assert_eq!(news["featured"]["title"], json!("Older featured"));
    let search = json_of(&app, "/api/blog?page=1&limit=12&search=newer").await;
    assert_eq!(search["featured"], json!(null));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_post_without_an_image_shows_the_first_upload_of_its_content(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let mut bare = post("Bare", "News", "2026-01-01T09:00:00Z");
    bare["fullContent"] = json!("No picture here.");
    create(&admin, "/api/admin/blog", &bare).await;
    assert_eq!(
        preloaded_image(&app, "/blog").await,
        None,
        "nothing to show"
    );

    let mut illustrated = post("Illustrated", "News", "2026-01-02T09:00:00Z");
    illustrated["fullContent"] = json!(
        "Intro.\n\n![rack](/objects/0190c3a4-0000-7000-8000-000000000002)\n\n![later](/objects/0190c3a4-0000-7000-8000-000000000003)"
    );
    let illustrated = create(&admin, "/api/admin/blog", &illustrated).await;
    let mut hero = post("With a hero", "News", "2025-12-01T09:00:00Z");
    hero["image"] = json!("/images/sample/edge-ai.svg");
    hero["fullContent"] = json!("![rack](/objects/0190c3a4-0000-7000-8000-000000000004)");
    create(&admin, "/api/admin/blog", &hero).await;

    let list = json_of(&app, "/api/blog?page=1&limit=12").await;
    let image_of = |title: &str| {
        list["posts"]
            .as_array()
            .expect("posts")
            .iter()
            .find(|post| post["title"] == json!(title))
            .map(|post| post["image"].clone())
            .expect("listed")
    };
    assert_eq!(
        image_of("Illustrated"),
        json!("/objects/0190c3a4-0000-7000-8000-000000000002")
    );
    assert_eq!(image_of("With a hero"), json!("/images/sample/edge-ai.svg"));
    assert_eq!(image_of("Bare"), json!(null));
    assert_eq!(
        preloaded_image(&app, "/blog").await.as_deref(),
        Some("/objects/0190c3a4-0000-7000-8000-000000000002"),
        "the served page preloads what the first card shows"
    );

    // The admin edits the post as written: its image field stays empty.
    let admin_list: serde_json::Value = admin
        .get("/api/admin/blog?page=1&limit=100")
        .await
        .json()
        .await
        .expect("json");
    let row = admin_list["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .find(|post| post["id"] == json!(illustrated))
        .expect("listed");
    assert_eq!(row["image"], json!(null));
}

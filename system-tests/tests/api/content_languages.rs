//! Posts and events in a language (issue 39): the language stored and
//! returned, lists in a language showing its items first, a post's
//! translations linked both ways (with the refusals), and a post's page at
//! its language's address with `hreflang` links to its translations.

use crate::content::{create_event, create_post, event, json_of, post};
use crate::helpers::{TestApp, message, spawn};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

fn in_language(mut body: Value, language: &str) -> Value {
    body["language"] = json!(language);
    body
}

fn titles(list: &Value, field: &str) -> Vec<String> {
    list[field]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| item["title"].as_str().expect("title").to_owned())
        .collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_language_is_stored_and_returned_english_by_default(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let english = create_post(&admin, &post("Plain", "News")).await;
    let french = create_post(&admin, &in_language(post("Nouvelles", "News"), "fr")).await;
    assert_eq!(
        json_of(&app, &format!("/api/blog/{english}")).await["language"],
        "en"
    );
    let saved = json_of(&app, &format!("/api/blog/{french}")).await;
    assert_eq!(saved["language"], "fr");
    assert_eq!(saved["translations"], json!([]));
    assert_eq!(saved["translationOf"], Value::Null);

    // An update that does not name the language keeps it.
    let response = admin
        .put(
            &format!("/api/admin/blog/{french}"),
            &post("Nouvelles, encore", "News"),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.expect("json");
    assert_eq!(saved["language"], "fr");

    let event_id = create_event(&admin, &in_language(event("Mkutano", "2031-05-01"), "sw")).await;
    assert_eq!(
        json_of(&app, &format!("/api/events/{event_id}")).await["language"],
        "sw"
    );

    let response = admin
        .post(
            "/api/admin/blog",
            &in_language(post("Deutsch", "News"), "de"),
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let response = app.get("/api/blog?lang=de").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(response).await, "lang must be en, fr or sw");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_list_in_a_language_shows_its_items_first(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    // Newest last: English, French, Kiswahili, English.
    for (title, language) in [
        ("Old English", "en"),
        ("Ancien français", "fr"),
        ("Habari za zamani", "sw"),
        ("New English", "en"),
    ] {
        create_post(&admin, &in_language(post(title, "News"), language)).await;
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let plain = json_of(&app, "/api/blog").await;
    assert_eq!(
        titles(&plain, "posts"),
        [
            "New English",
            "Habari za zamani",
            "Ancien français",
            "Old English"
        ]
    );
    let french = json_of(&app, "/api/blog?lang=fr").await;
    assert_eq!(
        titles(&french, "posts"),
        [
            "Ancien français",
            "New English",
            "Habari za zamani",
            "Old English"
        ]
    );
    assert_eq!(french["posts"][0]["language"], "fr");
    assert_eq!(french["posts"][1]["language"], "en");
    // Pages keep the order: page 2 of 2 a page in Kiswahili.
    let second = json_of(&app, "/api/blog?lang=sw&limit=2&page=2").await;
    assert_eq!(titles(&second, "posts"), ["Ancien français", "Old English"]);
    assert_eq!(second["pagination"]["total"], 4);

    // The Featured card: one in the page's language first.
    for title in ["Old English", "Ancien français"] {
        let id = id_of(&app, title).await;
        let mut body = in_language(
            post(title, "News"),
            if title == "Old English" { "en" } else { "fr" },
        );
        body["featured"] = json!(true);
        let response = admin.put(&format!("/api/admin/blog/{id}"), &body).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    assert_eq!(
        json_of(&app, "/api/blog?lang=fr").await["featured"]["title"],
        "Ancien français"
    );
    assert_eq!(
        json_of(&app, "/api/blog?lang=en").await["featured"]["title"],
        "Old English"
    );

    for (title, language, date) in [
        ("Summit", "en", "2031-03-01"),
        ("Sommet", "fr", "2031-04-01"),
    ] {
        create_event(&admin, &in_language(event(title, date), language)).await;
    }
    assert_eq!(
        titles(&json_of(&app, "/api/events").await, "events"),
        ["Summit", "Sommet"]
    );
    let french = json_of(&app, "/api/events?lang=fr").await;
    assert_eq!(titles(&french, "events"), ["Sommet", "Summit"]);
    assert_eq!(french["events"][1]["language"], "en");
}

async fn id_of(app: &TestApp, title: &str) -> String {
    sqlx::query_scalar::<_, uuid::Uuid>("select id from blog_posts where title = $1")
        .bind(title)
        .fetch_one(&app.pool)
        .await
        .expect("post")
        .to_string()
}

#[sqlx::test(migrations = "../migrations")]
async fn translations_are_linked_both_ways_and_refused_clearly(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let original = create_post(&admin, &post("Bare metal", "Infrastructure")).await;
    let mut french = in_language(post("Bare metal, en français", "Infrastructure"), "fr");
    french["translationOf"] = json!(original);
    let french_id = create_post(&admin, &french).await;

    let english = json_of(&app, &format!("/api/blog/{original}")).await;
    assert_eq!(english["translationOf"], Value::Null);
    assert_eq!(
        english["translations"],
        json!([{ "id": french_id, "language": "fr", "title": "Bare metal, en français",
                 "path": format!("/fr/blog/{french_id}") }])
    );
    let translated = json_of(&app, &format!("/api/blog/{french_id}")).await;
    assert_eq!(translated["translationOf"], json!(original));
    assert_eq!(
        translated["translations"],
        json!([{ "id": original, "language": "en", "title": "Bare metal",
                 "path": format!("/blog/{original}") }])
    );

    // Linking to itself.
    let mut itself = french.clone();
    itself["translationOf"] = json!(french_id);
    let response = admin
        .put(&format!("/api/admin/blog/{french_id}"), &itself)
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "A post cannot be a translation of itself"
    );
    // To a post of the same language.
    let mut same = post("Also English", "News");
    same["translationOf"] = json!(original);
    let response = admin.post("/api/admin/blog", &same).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(response).await,
        "A translation must be in another language than the post it translates: \
         “Bare metal” is in English too"
    );
    // A second French translation, linked through the first one.
    let mut second = in_language(post("Deuxième", "News"), "fr");
    second["translationOf"] = json!(french_id);
    let response = admin.post("/api/admin/blog", &second).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(response).await,
        "A translation must be in another language than the post it translates: \
         “Bare metal, en français” is in French too"
    );
    second["translationOf"] = json!(original);
    let response = admin.post("/api/admin/blog", &second).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(response).await,
        "This post's translations already have one in French: “Bare metal, en français”"
    );
    // A post that does not exist.
    let mut nowhere = in_language(post("Nowhere", "News"), "sw");
    nowhere["translationOf"] = json!(uuid::Uuid::new_v4());
    let response = admin.post("/api/admin/blog", &nowhere).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "The post this one translates does not exist"
    );
    // An original cannot turn into another post's translation.
    let other = create_post(&admin, &in_language(post("Autre", "News"), "fr")).await;
    let mut original_body = post("Bare metal", "Infrastructure");
    original_body["translationOf"] = json!(other);
    let response = admin
        .put(&format!("/api/admin/blog/{original}"), &original_body)
        .await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(response).await,
        "This post has translations of its own: it cannot become a translation of another post"
    );

    // A Kiswahili translation joins through the French one; the original's
    // save without `translationOf` keeps its translations.
    let mut swahili = in_language(post("Bare metal kwa Kiswahili", "News"), "sw");
    swahili["translationOf"] = json!(french_id);
    let swahili_id = create_post(&admin, &swahili).await;
    let response = admin
        .put(
            &format!("/api/admin/blog/{original}"),
            &post("Bare metal", "Infrastructure"),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.expect("json");
    let languages: Vec<&str> = saved["translations"]
        .as_array()
        .expect("translations")
        .iter()
        .map(|t| t["language"].as_str().expect("language"))
        .collect();
    assert_eq!(languages, ["fr", "sw"]);
    let swahili_post = json_of(&app, &format!("/api/blog/{swahili_id}")).await;
    assert_eq!(swahili_post["translationOf"], json!(original));

    // A translation saved without `translationOf` leaves the group; a
    // draft translation is not offered to readers.
    let response = admin
        .put(
            &format!("/api/admin/blog/{swahili_id}"),
            &swahili_without_link(),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let mut draft = french.clone();
    draft["status"] = json!("draft");
    let response = admin
        .put(&format!("/api/admin/blog/{french_id}"), &draft)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        json_of(&app, &format!("/api/blog/{original}")).await["translations"],
        json!([])
    );
    let admin_list: Value = admin
        .get("/api/admin/blog")
        .await
        .json()
        .await
        .expect("json");
    let row = admin_list["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .find(|p| p["id"] == json!(original))
        .expect("the original");
    assert_eq!(row["translations"][0]["id"], json!(french_id));
}

fn swahili_without_link() -> Value {
    in_language(post("Bare metal kwa Kiswahili", "News"), "sw")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_posts_page_is_at_its_languages_address_with_its_translations(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let original = create_post(&admin, &post("Edge", "News")).await;
    let mut french = in_language(post("La périphérie", "News"), "fr");
    french["translationOf"] = json!(original);
    let french_id = create_post(&admin, &french).await;

    let page = app.get(&format!("/fr/blog/{french_id}")).await;
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.expect("html");
    assert!(html.contains("<html lang=\"fr\""), "{html}");
    assert!(
        html.contains(&format!("/fr/blog/{french_id}\">")),
        "canonical: {html}"
    );
    for (hreflang, path) in [
        ("en", format!("/blog/{original}")),
        ("fr", format!("/fr/blog/{french_id}")),
    ] {
        assert!(
            html.contains(&format!(
                "<link rel=\"alternate\" hreflang=\"{hreflang}\" href=\""
            )),
            "{hreflang}: {html}"
        );
        assert!(html.contains(&format!("{path}\">")), "{path}: {html}");
    }
    let english = app
        .get(&format!("/blog/{original}"))
        .await
        .text()
        .await
        .expect("html");
    assert!(english.contains("<html lang=\"en\""), "{english}");
    assert!(english.contains("hreflang=\"fr\" href=\""), "{english}");

    // Another language's address leads to the post's own.
    for address in [
        format!("/blog/{french_id}?ref=x"),
        format!("/sw/blog/{french_id}?ref=x"),
    ] {
        let response = app.get(&address).await;
        assert_eq!(
            response.status(),
            StatusCode::PERMANENT_REDIRECT,
            "{address}"
        );
        assert_eq!(
            response.headers()["location"],
            format!("/fr/blog/{french_id}?ref=x").as_str()
        );
    }
    // The sitemap lists each post at its address.
    let sitemap = app.get("/sitemap.xml").await.text().await.expect("xml");
    assert!(
        sitemap.contains(&format!("/fr/blog/{french_id}</loc>")),
        "{sitemap}"
    );
    assert!(
        sitemap.contains(&format!("/blog/{original}</loc>")),
        "{sitemap}"
    );
    // The French blog's served HTML preloads the list it asks for.
    let blog = app.get("/fr/blog").await.text().await.expect("html");
    assert!(
        blog.contains("/api/blog?page=1&amp;limit=12&amp;lang=fr"),
        "{blog}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_computed_read_time_is_in_the_posts_language_and_follows_it(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let mut body = in_language(post("Lecture longue", "News"), "fr");
    body["fullContent"] = json!("mot ".repeat(1_000));
    let id = create_post(&admin, &body).await;
    let read_time = |post: &Value| {
        (
            post["readTime"].as_str().map(str::to_owned),
            post["readTimeAuto"].as_bool(),
        )
    };
    let saved = json_of(&app, &format!("/api/blog/{id}")).await;
    assert_eq!(
        read_time(&saved),
        (Some("5 min de lecture".to_owned()), Some(true))
    );

    // The preview says it in the language the editor has chosen.
    let preview: Value = admin
        .post(
            "/api/admin/blog/preview",
            &json!({ "fullContent": body["fullContent"], "language": "sw" }),
        )
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(preview["readTime"], "Dakika 5 za kusoma");

    // The editor changes the language: a computed read time follows it.
    let path = format!("/api/admin/blog/{id}");
    let put = |body: Value| {
        let (admin, path) = (&admin, &path);
        async move {
            let response = admin.put(path, &body).await;
            assert_eq!(response.status(), StatusCode::OK);
            response.json::<Value>().await.expect("json")
        }
    };
    let swahili = put(in_language(body.clone(), "sw")).await;
    assert_eq!(
        read_time(&swahili),
        (Some("Dakika 5 za kusoma".to_owned()), Some(true))
    );
    let english = put(in_language(body.clone(), "en")).await;
    assert_eq!(
        read_time(&english),
        (Some("5 min read".to_owned()), Some(true))
    );

    // A read time the editor wrote stays as written in any language.
    body["readTime"] = json!("Une lecture du soir");
    put(body.clone()).await;
    let chosen = put(in_language(body, "sw")).await;
    assert_eq!(
        read_time(&chosen),
        (Some("Une lecture du soir".to_owned()), Some(false))
    );
}

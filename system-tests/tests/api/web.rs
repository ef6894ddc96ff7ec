use reqwest::StatusCode;
use sqlx::PgPool;

use crate::helpers::spawn;

#[sqlx::test(migrations = "../migrations")]
async fn client_routes_get_the_app_and_unknown_paths_a_404(pool: PgPool) {
    let app = spawn(pool).await;
    for (path, title) in [
        (
            "/",
            "<title>Nyota Cloud | Affordable Cloud Solutions for African SMEs</title>",
        ),
        ("/login", "<title>Log In | Nyota Cloud</title>"),
        ("/blog", "<title>Tech Blog | Nyota Cloud</title>"),
        (
            "/admin/events/enhanced",
            "<title>Admin | Nyota Cloud</title>",
        ),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        let html = response.text().await.expect("body");
        assert!(html.contains(title), "{path}: {html}");
        assert!(
            html.contains("/assets/app-4f3a.js"),
            "{path}: the app is served"
        );
    }
    // Any other path, and a post or event that does not exist, is a 404
    // that still carries the app (which shows its not-found view).
    for path in ["/no-such-page", "/blog/17", "/events/17"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let html = response.text().await.expect("body");
        assert!(html.contains("<title>404 Page Not Found</title>"), "{path}");
        assert!(html.contains("/assets/app-4f3a.js"), "{path}: the app");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn hashed_assets_are_immutable_and_precompressed(pool: PgPool) {
    let app = spawn(pool).await;
    let response = app
        .client
        .get(app.url("/assets/app-4f3a.js"))
        .header("Accept-Encoding", "br, gzip")
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(response.headers()["content-encoding"], "br");
    assert_eq!(
        response.bytes().await.expect("body").as_ref(),
        b"brotli-bytes"
    );

    let plain = app
        .client
        .get(app.url("/assets/app-4f3a.js"))
        .header("Accept-Encoding", "identity")
        .send()
        .await
        .expect("request");
    assert_eq!(plain.text().await.expect("body"), "console.log('app')");

    assert_eq!(
        app.get("/assets/missing-1234.js").await.status(),
        StatusCode::NOT_FOUND
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn link_aliases_redirect(pool: PgPool) {
    let app = spawn(pool).await;
    let response = app.get("/terms?from=register").await;
    assert_eq!(response.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(
        response.headers()["location"],
        "/terms-of-service?from=register"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn every_page_is_served_in_french_and_kiswahili_under_its_prefix(pool: PgPool) {
    let app = spawn(pool).await;
    for (path, lang, title) in [
        (
            "/fr",
            "fr",
            "<title>Nyota Cloud | Solutions cloud abordables pour les PME africaines</title>",
        ),
        ("/sw/login", "sw", "<title>Log In | Nyota Cloud</title>"),
        (
            "/sw/blog",
            "sw",
            "<title>Blogu ya Teknolojia | Nyota Cloud</title>",
        ),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let html = response.text().await.expect("body");
        assert!(
            html.contains(&format!("<html lang=\"{lang}\">")),
            "{path}: {html}"
        );
        assert!(!html.contains("<html lang=\"en\">"), "{path}");
        assert!(html.contains(title), "{path}: {html}");
        assert!(html.contains("/assets/app-4f3a.js"), "{path}: the app");
    }
    // A missing page is missing in every language, in that language.
    for path in ["/fr/no-such-page", "/sw/blog/17"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let html = response.text().await.expect("body");
        assert!(html.contains("<title>404 Page Not Found</title>"), "{path}");
        assert!(html.contains("<html lang="), "{path}");
        assert!(!html.contains("<html lang=\"en\">"), "{path}");
    }
    // A language's home has no trailing slash.
    let home = app.get("/sw/?utm_source=mail").await;
    assert_eq!(home.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(home.headers()["location"], "/sw?utm_source=mail");
    // English stays at today's paths; another prefix is no language.
    let english = app.get("/login").await.text().await.expect("body");
    assert!(english.contains("<html lang=\"en\">"));
    assert_eq!(app.get("/de/login").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get("/frontier").await.status(), StatusCode::NOT_FOUND);
}

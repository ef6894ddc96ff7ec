use super::*;

const INDEX: &str = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    <script>\n      var a = '<title>';\n    </script>\n  </head>\n  <body></body>\n</html>";

fn page(title: &str, variant: &str) -> PageMeta {
    PageMeta {
        title: title.to_owned(),
        description: "Fish & \"chips\" <today>".to_owned(),
        keywords: String::new(),
        kind: "website".to_owned(),
        variant: variant.to_owned(),
    }
}

#[test]
fn every_route_has_metadata() {
    let table = MetaTable::shared();
    let routes: serde_json::Value =
        serde_json::from_str(include_str!("../../../../web/src/app/routes.json")).expect("json");
    for route in routes["routes"].as_array().expect("routes") {
        let route = route.as_str().expect("string");
        assert!(table.page(route).is_some(), "{route} has no entry");
    }
}

#[test]
fn values_are_escaped_and_the_events_variant_gets_its_suffix() {
    let table = MetaTable::shared();
    let head = table.head(
        &page("Summit", "events"),
        "https://n.example",
        Some("https://n.example/events/1?a=1&b=2"),
    );
    assert!(
        head.contains("<title>Summit | Nyota Cloud Events</title>"),
        "{head}"
    );
    assert!(
        head.contains("content=\"Fish &amp; &quot;chips&quot; &lt;today&gt;\""),
        "{head}"
    );
    assert!(head.contains("href=\"https://n.example/events/1?a=1&amp;b=2\""));
    assert!(
        head.contains("<meta property=\"og:image\" content=\"https://n.example/og-image.png\">")
    );
    assert!(!head.contains("keywords"));
}

#[test]
fn an_item_has_its_own_title_description_image_and_date() {
    let table = MetaTable::shared();
    let post = ItemMeta {
        alternates: Vec::new(),
        title: "Edge & you".to_owned(),
        description: "Why edge matters".to_owned(),
        image: Some("edge.png".to_owned()),
        published_time: Some("2026-01-02T09:00:00Z".to_owned()),
    };
    let head = table.item_head(
        table.page("/blog/:id").expect("entry"),
        &post,
        "https://n.example",
        "https://n.example/blog/1",
    );
    assert!(
        head.contains("<title>Edge &amp; you | Nyota Cloud</title>"),
        "{head}"
    );
    assert!(head.contains("<meta name=\"description\" content=\"Why edge matters\">"));
    assert!(
        head.contains("<meta property=\"og:image\" content=\"https://n.example/images/edge.png\">")
    );
    assert!(
        head.contains(
            "<meta property=\"article:published_time\" content=\"2026-01-02T09:00:00Z\">"
        )
    );
    assert!(
        !head.contains("og:image:width"),
        "the size of an item's image is unknown"
    );
    let event = ItemMeta {
        alternates: Vec::new(),
        title: "Summit".to_owned(),
        description: "Talks".to_owned(),
        image: None,
        published_time: None,
    };
    let head = table.item_head(
        table.page("/events/:id").expect("entry"),
        &event,
        "https://n.example",
        "https://n.example/events/1",
    );
    assert!(
        head.contains("<title>Summit | Nyota Cloud Events</title>"),
        "{head}"
    );
    assert!(
        head.contains("og:image:width"),
        "the site image, with its size"
    );
    assert!(!head.contains("article:published_time"));
}

#[test]
fn the_head_goes_before_head_end_and_the_script_is_untouched() {
    let html = with_head(INDEX, "<title>T</title>");
    assert!(html.contains("<title>T</title>\n  </head>"), "{html}");
    assert!(html.contains("<script>\n      var a = '<title>';\n    </script>"));
    assert_eq!(
        html.matches("<title>").count(),
        2,
        "the script's text is kept"
    );
}

#[test]
fn an_existing_title_is_replaced() {
    let html = with_head(
        "<!doctype html><title>Old</title>\n<script>x</script>",
        "<title>New</title>",
    );
    assert_eq!(
        html,
        "<!doctype html><title>New</title>\n\n<script>x</script>"
    );
}

#[test]
fn the_settings_block_goes_before_head_end() {
    let page = with_head(INDEX, "<title>T</title>");
    let html = String::from_utf8(with_block(page.as_bytes(), b"<script id=\"s\"></script>"))
        .expect("utf-8");
    assert!(html.contains("<script id=\"s\"></script></head>"), "{html}");
    assert_eq!(with_block(b"<p>no head</p>", b"<b>"), b"<p>no head</p><b>");
}

#[test]
fn sitemap_and_robots() {
    let routes: Vec<String> = ["/", "/login", "/blog/:id", "/contact", "/dashboard"]
        .map(String::from)
        .to_vec();
    let xml = sitemap(
        "https://n.example",
        &routes,
        &["/blog/b1".to_owned()],
        |route| route == "/",
    );
    assert!(xml.contains("<loc>https://n.example/</loc>"));
    assert!(xml.contains("<loc>https://n.example/fr</loc>"));
    assert!(xml.contains("<loc>https://n.example/sw</loc>"));
    assert!(xml.contains("<loc>https://n.example/contact</loc>"));
    assert!(
        !xml.contains("/fr/contact"),
        "a page in English only is listed once"
    );
    assert!(xml.contains("<loc>https://n.example/blog/b1</loc>"));
    assert_eq!(xml.matches("<loc>").count(), 5, "{xml}");
    let text = robots("https://n.example");
    assert!(text.contains("Disallow: /admin\nDisallow: /api\nDisallow: /dashboard\n"));
    assert!(text.ends_with("Sitemap: https://n.example/sitemap.xml\n"));
}

#[test]
fn the_blog_and_events_pages_have_their_title_and_description_in_each_language() {
    let table = MetaTable::shared();
    let head_of = |route: &str, lang: &str| {
        let (page, translated) = table.page_in(route, lang).expect("an entry");
        assert!(translated, "{route} is translated into {lang}");
        table.head_in(page, lang, "https://n.example", None)
    };
    let cases = [
        (
            "/blog",
            "en",
            "Tech Blog | Nyota Cloud",
            "News, guides and insights",
        ),
        (
            "/blog",
            "fr",
            "Blog technique | Nyota Cloud",
            "Actualités, guides et analyses",
        ),
        (
            "/blog",
            "sw",
            "Blogu ya Teknolojia | Nyota Cloud",
            "Habari, miongozo na uchambuzi",
        ),
        (
            "/events",
            "en",
            "Upcoming Events | Nyota Cloud Events",
            "Summits, conferences",
        ),
        (
            "/events",
            "fr",
            "Événements à venir | Événements Nyota Cloud",
            "Sommets, conférences",
        ),
        (
            "/events",
            "sw",
            "Matukio Yajayo | Matukio ya Nyota Cloud",
            "Mikutano mikuu, makongamano",
        ),
    ];
    for (route, lang, title, description) in cases {
        let head = head_of(route, lang);
        assert!(
            head.contains(&format!("<title>{}</title>", escape(title))),
            "{route} {lang}: {head}"
        );
        assert!(
            head.contains(&format!(
                "<meta name=\"description\" content=\"{description}"
            )),
            "{route} {lang}: {head}"
        );
    }
    // A post's and an event's own tags stay English, whatever the address.
    let event = ItemMeta {
        alternates: Vec::new(),
        title: "Summit".to_owned(),
        description: "Two days".to_owned(),
        image: None,
        published_time: None,
    };
    let head = table.item_head(
        table.page("/events/:id").expect("entry"),
        &event,
        "https://n.example",
        "https://n.example/events/1",
    );
    assert!(
        head.contains("<title>Summit | Nyota Cloud Events</title>"),
        "{head}"
    );
    // An untranslated page keeps English's suffix in any language.
    assert!(
        table
            .head_in(&page("Summit", "events"), "xx", "https://n.example", None)
            .contains("<title>Summit | Nyota Cloud Events</title>")
    );
}

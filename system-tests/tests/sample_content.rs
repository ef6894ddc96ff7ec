//! `workers seed-sample-content` against a real Postgres: it fills empty
//! tables only, is safe to repeat and to run concurrently, its illustrations
//! exist, and every item passes the admin API's own validation.

use std::path::Path;

use gateway::platform::input::Input as _;
use sqlx::PgPool;
use workers::sample_content::{self, EVENTS, POSTS, Seeded, TRANSLATIONS};

async fn count(pool: &PgPool, table: &str) -> i64 {
    sqlx::query_scalar(&format!("select count(*) from {table}"))
        .fetch_one(pool)
        .await
        .expect("count")
}

#[sqlx::test(migrator = "workers::MIGRATOR")]
async fn an_empty_database_gets_the_sample_posts_and_events(pool: PgPool) {
    let today = sample_content::nairobi_today();
    let seeded = sample_content::seed(&pool, today).await.expect("seeded");
    assert_eq!(
        seeded,
        Seeded {
            posts: Some(POSTS.len() + TRANSLATIONS.len()),
            events: Some(EVENTS.len())
        }
    );
    assert_eq!(count(&pool, "blog_posts").await, 7);
    assert_eq!(count(&pool, "events").await, 6);

    let (featured, by_team, sample_images, unread): (i64, i64, i64, i64) = sqlx::query_as(
        "select count(*) filter (where featured), \
                count(*) filter (where author = 'Nyota Cloud Team'), \
                count(*) filter (where image like '/images/sample/%.svg'), \
                count(*) filter (where coalesce(v.views, 0) = 0) \
         from blog_posts left join blog_post_views v on v.post_id = blog_posts.id",
    )
    .fetch_one(&pool)
    .await
    .expect("posts");
    // The featured post and its French translation.
    assert_eq!((featured, by_team, sample_images, unread), (2, 7, 7, 7));
    let (french, linked): (i64, i64) = sqlx::query_as(
        "select count(*) filter (where language = 'fr'), \
                count(*) filter (where translation_group is not null) \
         from blog_posts",
    )
    .fetch_one(&pool)
    .await
    .expect("languages");
    assert_eq!(
        (french, linked),
        (1, 2),
        "the French post is linked to its original"
    );
    let (past, spread_days): (i64, i32) = sqlx::query_as(
        "select count(*) filter (where published_at < now()), \
                max(published_at)::date - min(published_at)::date \
         from blog_posts",
    )
    .fetch_one(&pool)
    .await
    .expect("dates");
    assert_eq!(past, 7, "every post is already published");
    assert!(
        spread_days >= 21,
        "spread over weeks, not {spread_days} days"
    );

    // Status as the read API computes it: before today in Nairobi is completed.
    let (upcoming, completed, without_link): (i64, i64, i64) = sqlx::query_as(
        "select count(*) filter (where date >= (now() at time zone 'Africa/Nairobi')::date), \
                count(*) filter (where date < (now() at time zone 'Africa/Nairobi')::date), \
                count(*) filter (where register_link is null) \
         from events",
    )
    .fetch_one(&pool)
    .await
    .expect("events");
    assert_eq!((upcoming, completed, without_link), (4, 2, 6));

    let (seed_rows, with_actor): (i64, i64) = sqlx::query_as(
        "select count(*) filter (where action = 'seed'), count(actor_id) from audit_log",
    )
    .fetch_one(&pool)
    .await
    .expect("audit");
    assert_eq!((seed_rows, with_actor), (13, 0));
    let audited: i64 = sqlx::query_scalar(
        "select count(*) from audit_log a join blog_posts p \
         on a.entity = 'blog_post' and a.entity_id = p.id and a.details ->> 'title' = p.title",
    )
    .fetch_one(&pool)
    .await
    .expect("audited posts");
    assert_eq!(audited, 7);
}

#[sqlx::test(migrator = "workers::MIGRATOR")]
async fn running_again_inserts_nothing(pool: PgPool) {
    let today = sample_content::nairobi_today();
    sample_content::seed(&pool, today).await.expect("first run");
    let again = sample_content::seed(&pool, today)
        .await
        .expect("second run");
    assert_eq!(
        again,
        Seeded {
            posts: None,
            events: None
        }
    );
    assert_eq!(
        again.to_string(),
        "blog posts exist; sample posts not seeded; events exist; sample events not seeded"
    );
    assert_eq!(count(&pool, "blog_posts").await, 7);
    assert_eq!(count(&pool, "events").await, 6);
    assert_eq!(count(&pool, "audit_log").await, 13);
}

#[sqlx::test(migrator = "workers::MIGRATOR")]
async fn an_existing_post_keeps_sample_posts_out_but_not_sample_events(pool: PgPool) {
    sqlx::query(
        "insert into blog_posts (id, title, excerpt, full_content, category, author) \
         values (gen_random_uuid(), 'Our own news', 'Real content', 'Real content.', 'News', 'Editor')",
    )
    .execute(&pool)
    .await
    .expect("a real post");
    let seeded = sample_content::seed(&pool, sample_content::nairobi_today())
        .await
        .expect("seeded");
    assert_eq!(
        seeded,
        Seeded {
            posts: None,
            events: Some(6)
        }
    );
    assert_eq!(
        seeded.to_string(),
        "blog posts exist; sample posts not seeded; seeded 6 sample events"
    );
    let titles: Vec<String> = sqlx::query_scalar("select title from blog_posts")
        .fetch_all(&pool)
        .await
        .expect("titles");
    assert_eq!(titles, ["Our own news"]);
    assert_eq!(count(&pool, "events").await, 6);
}

#[sqlx::test(migrator = "workers::MIGRATOR")]
async fn concurrent_runs_seed_once(pool: PgPool) {
    let today = sample_content::nairobi_today();
    let runs = futures::future::join_all((0..4).map(|_| sample_content::seed(&pool, today))).await;
    let runs: Vec<Seeded> = runs.into_iter().map(|run| run.expect("run")).collect();
    assert_eq!(runs.iter().filter(|run| run.posts.is_some()).count(), 1);
    assert_eq!(runs.iter().filter(|run| run.events.is_some()).count(), 1);
    assert_eq!(count(&pool, "blog_posts").await, 7);
    assert_eq!(count(&pool, "events").await, 6);
}

/// `/images/sample/x.svg` is served from the built web app, which is
/// `web/public` copied by Vite.
fn public_file(site_path: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../web/public")
        .join(site_path.trim_start_matches('/'))
}

#[test]
fn every_sample_image_is_a_small_titled_svg_in_web_public() {
    let today = sample_content::nairobi_today();
    let images = POSTS
        .iter()
        .map(|post| post.input(today).image)
        .chain(EVENTS.iter().map(|event| event.input(today).image));
    for image in images {
        let image = image.expect("every sample has an image");
        assert!(image.starts_with("/images/sample/"), "{image}");
        let svg = std::fs::read_to_string(public_file(&image))
            .unwrap_or_else(|error| panic!("{image}: {error}"));
        assert!(svg.len() < 8 * 1024, "{image} is {} bytes", svg.len());
        assert!(
            svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
            "{image}"
        );
        assert!(svg.contains("<title>"), "{image} has a title");
        assert!(
            !svg.contains("<script") && !svg.contains("href=\"http"),
            "{image} is self-contained"
        );
    }
}

#[test]
fn every_sample_passes_the_admin_api_validation_unchanged() {
    let today = sample_content::nairobi_today();
    for post in POSTS {
        let input = post.input(today);
        let checked = input
            .clone()
            .check()
            .unwrap_or_else(|error| panic!("{}: {error:?}", post.title));
        assert_eq!(checked, input, "validation would change {}", post.title);
    }
    for translation in TRANSLATIONS {
        let input = translation.input(today);
        let checked = input
            .clone()
            .check()
            .unwrap_or_else(|error| panic!("{}: {error:?}", translation.title));
        assert_eq!(
            checked, input,
            "validation would change {}",
            translation.title
        );
    }
    for event in EVENTS {
        let input = event.input(today);
        let checked = input
            .clone()
            .check()
            .unwrap_or_else(|error| panic!("{}: {error:?}", event.title));
        assert_eq!(checked, input, "validation would change {}", event.title);
    }
}

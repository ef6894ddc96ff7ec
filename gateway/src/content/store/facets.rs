//! The facets of the blog and events pages (categories and statuses with
//! their counts, Popular Articles, Other Events) and the image the blog
//! page shows first: small reads computed in the database, so a page never
//! needs every post or event to draw its filters.

use contract::content::ContentFormat;
use contract::content::{
    BlogFacets, CategoryCount, EventFacets, EventStatus, EventSummary, PopularPost, StatusCount,
};
use contract::language::Language;
use sqlx::PgPool;
use time::Date;

use crate::content::markdown;

/// Popular Articles shows five (spec §9).
const POPULAR_POSTS: i64 = 5;

/// Other Events shows four events the grid above does not; the grid shows
/// at most a page of 12, so 16 always leave four.
const OTHER_EVENTS: i64 = 4 + 12;

/// Categories (in the order the newest-first list first shows them) and
/// the most viewed posts, of the published posts whose time has come.
pub async fn blog_facets(pool: &PgPool) -> sqlx::Result<BlogFacets> {
    let categories = sqlx::query_as!(
        CategoryCount,
        r#"with listed as (
             select category,
                    row_number() over (order by published_at desc, id desc) as position
             from blog_posts where status = 'published' and published_at <= now())
           select category, count(*) as "count!" from listed
           group by category order by min(position)"#,
    )
    .fetch_all(pool)
    .await?;
    // Ties keep the list's order (newest first), as the page showed them.
    let popular = sqlx::query_as!(
        PopularPost,
        r#"select id, title, coalesce(v.views, 0) as "uvm!"
           from blog_posts left join blog_post_views v on v.post_id = blog_posts.id
           where status = 'published' and published_at <= now()
           order by coalesce(v.views, 0) desc, published_at desc, id desc
           limit $1"#,
        POPULAR_POSTS,
    )
    .fetch_all(pool)
    .await?;
    Ok(BlogFacets {
        categories,
        popular,
    })
}

/// The image of the post whose card the blog page draws first: the newest
/// featured post (the Featured card, found on any page), else the newest
/// post; its own image, else the first image of its content (as its card
/// shows it, `read::card`). `None` when there are no posts; `Some(None)`
/// when that post shows no image.
pub async fn first_card_image(pool: &PgPool) -> sqlx::Result<Option<Option<String>>> {
    let first = sqlx::query!(
        r#"select image, full_content, content_format as "content_format!: ContentFormat"
           from blog_posts
           where status = 'published' and published_at <= now()
           order by featured desc, published_at desc, id desc limit 1"#,
    )
    .fetch_optional(pool)
    .await?;
    Ok(first.map(|post| {
        post.image
            .filter(|image| !image.trim().is_empty())
            .or_else(|| markdown::first_image(post.content_format, &post.full_content))
    }))
}

/// Statuses and categories with their counts, in the list's order (upcoming
/// soonest first, then completed most recent first), and the first events
/// outside the main categories for Other Events.
pub async fn event_facets(pool: &PgPool, today: Date) -> sqlx::Result<EventFacets> {
    let rows = sqlx::query!(
        r#"with listed as (
             select category, date < $1 or marked_completed as completed,
                    row_number() over (
                      order by date < $1 or marked_completed,
                               case when date >= $1 and not marked_completed then date end asc,
                               date desc, id) as position
             from events)
           select category, completed as "completed!", count(*) as "count!",
                  min(position) as "first!"
           from listed group by category, completed"#,
        today,
    )
    .fetch_all(pool)
    .await?;
    // (count, first position) per status and per category.
    let mut statuses: Vec<(EventStatus, i64, i64)> = Vec::new();
    let mut categories: Vec<(String, i64, i64)> = Vec::new();
    for row in rows {
        let status = if row.completed {
            EventStatus::Completed
        } else {
            EventStatus::Upcoming
        };
        add(&mut statuses, status, row.count, row.first);
        add(&mut categories, row.category, row.count, row.first);
    }
    statuses.sort_by_key(|(_, _, first)| *first);
    categories.sort_by_key(|(_, _, first)| *first);
    let other_events = sqlx::query_as!(
        EventSummary,
        r#"select id, title, category,
                  case when date < $1 or marked_completed then 'completed' else 'upcoming' end
                    as "status!: EventStatus",
                  to_char(date, 'YYYY-MM-DD') as "date!", time, location, image, register_link,
                  language as "language!: Language"
           from events
           where lower(btrim(category)) not in ('summit', 'conference', 'infrastructure')
           order by date < $1 or marked_completed,
                    case when date >= $1 and not marked_completed then date end asc,
                    date desc, id
           limit $2"#,
        today,
        OTHER_EVENTS,
    )
    .fetch_all(pool)
    .await?;
    Ok(EventFacets {
        statuses: statuses
            .into_iter()
            .map(|(status, count, _)| StatusCount { status, count })
            .collect(),
        categories: categories
            .into_iter()
            .map(|(category, count, _)| CategoryCount { category, count })
            .collect(),
        other_events,
    })
}

/// Adds `count` to `key`'s entry, keeping its earliest position.
fn add<K: PartialEq>(totals: &mut Vec<(K, i64, i64)>, key: K, count: i64, first: i64) {
    match totals.iter_mut().find(|(known, _, _)| *known == key) {
        Some(entry) => {
            entry.1 += count;
            entry.2 = entry.2.min(first);
        }
        None => totals.push((key, count, first)),
    }
}

//! Sample blog posts and events for a new install, so that the blog and
//! events pages work before anyone has written content. `infra/run` calls
//! `workers seed-sample-content` after the migrations (off with
//! `SEED_SAMPLE_CONTENT=false`); each table is written only while it is
//! empty, so running it again, concurrently, or over real content changes
//! nothing.
//!
//! The copy is signed by [`AUTHOR`] and speaks only of what the site itself
//! claims: it names no customer and quotes no measurement. Dates are
//! relative to the day it runs, so the events are split into upcoming and
//! completed ones whenever it runs. Its illustrations are the project's own
//! files under `web/public/images/sample/`.
//!
//! Writes `blog_posts`, `events` and `audit_log` only to insert the
//! samples; the gateway owns those tables.

use std::fmt;

mod events;
mod images;
mod posts;
mod translations;

use sqlx::{PgConnection, PgPool};
use time::{Date, OffsetDateTime, UtcOffset};
use uuid::Uuid;

pub use events::{EVENTS, SampleEvent};
pub use images::IMAGE_DIR;
pub use posts::{AUTHOR, POSTS, SamplePost};
pub use translations::{SampleTranslation, TRANSLATIONS};

/// Advisory lock keys ("nyota" in ASCII, then the table): one seeder at a
/// time per table, so two concurrent runs cannot both find it empty.
const POSTS_LOCK: i64 = 0x6e79_6f74_6101;
const EVENTS_LOCK: i64 = 0x6e79_6f74_6102;

/// Africa/Nairobi is UTC+3 all year, as in the gateway's event status.
const NAIROBI: UtcOffset = match UtcOffset::from_hms(3, 0, 0) {
    Ok(offset) => offset,
    Err(_) => UtcOffset::UTC,
};

/// Today's date in Nairobi, the day the sample dates are counted from.
pub fn nairobi_today() -> Date {
    OffsetDateTime::now_utc().to_offset(NAIROBI).date()
}

/// What a run did to each table: `Some(count)` seeded, `None` the table
/// already had rows and was left alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seeded {
    pub posts: Option<usize>,
    pub events: Option<usize>,
}

impl fmt::Display for Seeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.posts, self.events) {
            (Some(posts), Some(events)) => {
                write!(
                    f,
                    "seeded {posts} sample blog posts and {events} sample events"
                )
            }
            (posts, events) => {
                let posts = match posts {
                    Some(count) => format!("seeded {count} sample blog posts"),
                    None => "blog posts exist; sample posts not seeded".to_owned(),
                };
                let events = match events {
                    Some(count) => format!("seeded {count} sample events"),
                    None => "events exist; sample events not seeded".to_owned(),
                };
                write!(f, "{posts}; {events}")
            }
        }
    }
}

/// Seeds the sample posts into an empty `blog_posts` and the sample events
/// into an empty `events`, dated from `today`; each table in one transaction.
/// Gateways already running keep cached answers until they expire (60 s).
pub async fn seed(pool: &PgPool, today: Date) -> sqlx::Result<Seeded> {
    Ok(Seeded {
        posts: seed_posts(pool, today).await?,
        events: seed_events(pool, today).await?,
    })
}

async fn seed_posts(pool: &PgPool, today: Date) -> sqlx::Result<Option<usize>> {
    let mut tx = pool.begin().await?;
    if !lock_if_empty(&mut tx, POSTS_LOCK, "blog_posts").await? {
        return Ok(None);
    }
    let mut ids = Vec::with_capacity(POSTS.len());
    // The originals, then their translations, each in its original's group
    // (the original's id).
    let posts = POSTS
        .iter()
        .map(|sample| (sample.input(today), None))
        .chain(
            TRANSLATIONS
                .iter()
                .map(|sample| (sample.input(today), Some(sample.of))),
        );
    for (post, of) in posts {
        let id = Uuid::new_v4();
        let group = of.and_then(|of| ids.get(of).copied());
        ids.push(id);
        if let Some(original) = group {
            sqlx::query!(
                "update blog_posts set translation_group = id where id = $1",
                original
            )
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query!(
            "insert into blog_posts (id, title, excerpt, full_content, category, author,
                 published_at, read_time, image, source_url, featured, language,
                 translation_group)
             values ($1, $2, $3, $4, $5, $6, $7::text::timestamptz, $8, $9, $10, $11, $12, $13)",
            id,
            post.title,
            post.excerpt,
            post.full_content,
            post.category,
            post.author,
            post.published_at,
            post.read_time,
            post.image,
            post.source_url,
            post.featured.unwrap_or(false),
            post.language.unwrap_or_default().code(),
            group,
        )
        .execute(&mut *tx)
        .await?;
        audit(&mut tx, "blog_post", id, &post.title).await?;
    }
    tx.commit().await?;
    Ok(Some(ids.len()))
}

async fn seed_events(pool: &PgPool, today: Date) -> sqlx::Result<Option<usize>> {
    let mut tx = pool.begin().await?;
    if !lock_if_empty(&mut tx, EVENTS_LOCK, "events").await? {
        return Ok(None);
    }
    for sample in EVENTS {
        let event = sample.input(today);
        let id = Uuid::new_v4();
        sqlx::query!(
            "insert into events (id, title, description, category, date, time, location,
                 image, highlights, register_link)
             values ($1, $2, $3, $4, $5::text::date, $6, $7, $8, $9, $10)",
            id,
            event.title,
            event.description,
            event.category,
            event.date,
            event.time,
            event.location,
            event.image,
            event.highlights.as_deref().unwrap_or_default(),
            event.register_link,
        )
        .execute(&mut *tx)
        .await?;
        audit(&mut tx, "event", id, &event.title).await?;
    }
    tx.commit().await?;
    Ok(Some(EVENTS.len()))
}

/// Takes the table's seeding lock for the transaction, then tells whether
/// the table is empty. Read committed (whatever the server's default), so
/// the check after the lock sees what a concurrent seeder committed before
/// releasing it.
async fn lock_if_empty(tx: &mut PgConnection, key: i64, table: &'static str) -> sqlx::Result<bool> {
    sqlx::query!("set transaction isolation level read committed")
        .execute(&mut *tx)
        .await?;
    sqlx::query!("select pg_advisory_xact_lock($1)", key)
        .execute(&mut *tx)
        .await?;
    // Not a macro: the table is the caller's.
    let exists: bool = sqlx::query_scalar(&format!("select exists (select 1 from {table})"))
        .fetch_one(&mut *tx)
        .await?;
    Ok(!exists)
}

/// The audit row of a seeded item: action `seed`, no actor.
async fn audit(tx: &mut PgConnection, entity: &str, id: Uuid, title: &str) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into audit_log (id, actor_id, unattributed, action, entity, entity_id, details)
         values ($1, null, true, 'seed', $2, $3, $4)",
        Uuid::now_v7(),
        entity,
        id,
        serde_json::json!({ "title": title }),
    )
    .execute(tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample_content::test_support::day;

    #[test]
    fn dates_count_from_today_in_nairobi() {
        let today = day(2030, time::Month::March, 1);
        let post = POSTS[0].input(today);
        assert_eq!(
            post.published_at.as_deref(),
            Some("2030-02-26T09:00:00+03:00")
        );
        assert_eq!(EVENTS[0].input(today).date, "2030-03-11");
        assert_eq!(EVENTS[5].input(today).date, "2029-12-31");
    }

    #[test]
    fn the_outcome_says_what_was_done_to_each_table() {
        let both = Seeded {
            posts: Some(6),
            events: Some(6),
        };
        assert_eq!(
            both.to_string(),
            "seeded 6 sample blog posts and 6 sample events"
        );
        let neither = Seeded {
            posts: None,
            events: None,
        };
        assert_eq!(
            neither.to_string(),
            "blog posts exist; sample posts not seeded; events exist; sample events not seeded"
        );
        let events_only = Seeded {
            posts: None,
            events: Some(6),
        };
        assert_eq!(
            events_only.to_string(),
            "blog posts exist; sample posts not seeded; seeded 6 sample events"
        );
    }
}

/// What the tests of the posts and the events share.
#[cfg(test)]
mod test_support {
    use time::Date;

    pub(super) fn day(year: i32, month: time::Month, day: u8) -> Date {
        Date::from_calendar_date(year, month, day).expect("a date")
    }

    /// Plain text the pages render as is: no markup, no stray whitespace.
    pub(super) fn assert_plain(text: &str, what: &str) {
        assert_eq!(text.trim(), text, "{what}: surrounding whitespace");
        assert!(!text.contains("  "), "{what}: double space in {text:?}");
        for marker in ["<", ">", "**", "__", "](", "# ", "`"] {
            assert!(!text.contains(marker), "{what}: markup {marker:?}");
        }
        assert!(
            !text.chars().any(|c| c.is_control()),
            "{what}: control character"
        );
    }
}

//! The events (`events`): the read API's queries and the admin's writes,
//! each write with its `audit_log` row; an event before Nairobi's today is
//! completed.

use contract::content::{Event, EventInput, EventList, EventStatus, Pagination};
use contract::language::Language;
use sqlx::PgPool;
use time::Date;
use uuid::Uuid;

use super::shared::{Action, ListQuery, audit};

/// A validated events request, also the cache key of its answer (with the
/// day it was answered on, since status depends on it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EventsQuery {
    pub list: ListQuery,
    pub status: Option<EventStatus>,
}

/// The query's language first (when it names one); then upcoming soonest
/// first, then completed most recent first; ranked first when there is a
/// search.
pub async fn list_events(
    pool: &PgPool,
    query: &EventsQuery,
    today: Date,
) -> sqlx::Result<EventList> {
    let tsquery = query.list.tsquery();
    let status = query.status.map(|status| match status {
        EventStatus::Upcoming => "upcoming",
        EventStatus::Completed => "completed",
    });
    let total = sqlx::query_scalar!(
        r#"select count(*) as "count!" from events
           where ($2::text is null or search @@ to_tsquery('simple', $2))
             and ($3::text is null or category = $3)
             and ($4::text is null or ($4 = 'completed') = (date < $1 or marked_completed))"#,
        today,
        tsquery.as_deref(),
        query.list.category.as_deref(),
        status,
    )
    .fetch_one(pool)
    .await?;
    // An event is completed from the day after its date, or once marked.
    let events = sqlx::query_as!(
        Event,
        r#"select id, title, description, category,
                  case when date < $1 or marked_completed then 'completed' else 'upcoming' end
                    as "status!: EventStatus",
                  marked_completed, to_char(date, 'YYYY-MM-DD') as "date!", time, location,
                  image, highlights, register_link,
                  language as "language!: Language"
           from events
           where ($2::text is null or search @@ to_tsquery('simple', $2))
             and ($3::text is null or category = $3)
             and ($4::text is null or ($4 = 'completed') = (date < $1 or marked_completed))
           order by ($7::text is null or language = $7) desc,
                    case when $2::text is null then 0
                    else ts_rank(search, to_tsquery('simple', $2)) end desc,
                    date < $1 or marked_completed,
                    case when date >= $1 and not marked_completed then date end asc,
                    date desc, id
           limit $5 offset $6"#,
        today,
        tsquery.as_deref(),
        query.list.category.as_deref(),
        status,
        i64::from(query.list.limit),
        query.list.offset(),
        query.list.language.map(Language::code),
    )
    .fetch_all(pool)
    .await?;
    Ok(EventList {
        events,
        pagination: Pagination::new(query.list.page, query.list.limit, total),
    })
}

pub async fn find_event(pool: &PgPool, id: Uuid, today: Date) -> sqlx::Result<Option<Event>> {
    sqlx::query_as!(
        Event,
        r#"select id, title, description, category,
                  case when date < $1 or marked_completed then 'completed' else 'upcoming' end
                    as "status!: EventStatus",
                  marked_completed, to_char(date, 'YYYY-MM-DD') as "date!", time, location,
                  image, highlights, register_link,
                  language as "language!: Language"
           from events where id = $2"#,
        today,
        id,
    )
    .fetch_optional(pool)
    .await
}

/// Creates (`id` is `None`) or replaces an event, with its audit row.
pub async fn save_event(
    pool: &PgPool,
    actor: Uuid,
    id: Option<Uuid>,
    input: &EventInput,
    today: Date,
) -> sqlx::Result<Option<Event>> {
    let mut tx = pool.begin().await?;
    // `date` was checked by `Input::check` (YYYY-MM-DD); `completed` left out
    // keeps an event's mark on update.
    let event = match id {
        Some(id) => {
            sqlx::query_as!(
                Event,
                r#"update events set (title, description, category, date, time, location, image,
                       highlights, register_link, marked_completed, language, updated_at)
                     = ($3, $4, $5, $6::text::date, $7, $8, $9, coalesce($10, '{}'::text[]), $11,
                        coalesce($12, marked_completed), coalesce($13, language), now())
                   where id = $2
                   returning id, title, description, category,
                             case when date < $1 or marked_completed then 'completed'
                                  else 'upcoming' end as "status!: EventStatus",
                             marked_completed, to_char(date, 'YYYY-MM-DD') as "date!", time,
                             location, image, highlights, register_link,
                             language as "language!: Language""#,
                today,
                id,
                input.title,
                input.description,
                input.category,
                input.date,
                input.time,
                input.location,
                input.image,
                input.highlights.as_deref(),
                input.register_link,
                input.completed,
                input.language.map(Language::code),
            )
            .fetch_optional(&mut *tx)
            .await?
        }
        None => {
            sqlx::query_as!(
                Event,
                r#"insert into events (id, title, description, category, date, time, location,
                       image, highlights, register_link, marked_completed, language)
                   values ($2, $3, $4, $5, $6::text::date, $7, $8, $9,
                           coalesce($10, '{}'::text[]), $11, coalesce($12, false),
                           coalesce($13, 'en'))
                   returning id, title, description, category,
                             case when date < $1 or marked_completed then 'completed'
                                  else 'upcoming' end as "status!: EventStatus",
                             marked_completed, to_char(date, 'YYYY-MM-DD') as "date!", time,
                             location, image, highlights, register_link,
                             language as "language!: Language""#,
                today,
                Uuid::new_v4(),
                input.title,
                input.description,
                input.category,
                input.date,
                input.time,
                input.location,
                input.image,
                input.highlights.as_deref(),
                input.register_link,
                input.completed,
                input.language.map(Language::code),
            )
            .fetch_optional(&mut *tx)
            .await?
        }
    };
    let Some(event) = event else {
        return Ok(None);
    };
    let action = if id.is_some() {
        Action::Update
    } else {
        Action::Create
    };
    audit(&mut tx, actor, action, "event", event.id, &event.title).await?;
    tx.commit().await?;
    Ok(Some(event))
}

/// Deletes an event with its audit row; whether it existed.
pub async fn delete_event(pool: &PgPool, actor: Uuid, id: Uuid) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let title = sqlx::query_scalar!("delete from events where id = $1 returning title", id)
        .fetch_optional(&mut *tx)
        .await?;
    let Some(title) = title else {
        return Ok(false);
    };
    audit(&mut tx, actor, Action::Delete, "event", id, &title).await?;
    tx.commit().await?;
    Ok(true)
}

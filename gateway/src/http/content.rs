//! Blog posts and events: the public read API (cached answers with ETags)
//! and the admin's writes, each followed by `content.changed`.

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use contract::content::{
    BlogList, BlogPost, BlogPostInput, Event, EventInput, EventList, EventStatus, ImageData,
};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::content::cache::{Answer, Key};
use crate::content::{self, EventsQuery, ListQuery};
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiPath, ApiQuery, CurrentUser};
use crate::platform::input::{self, Input, InputError, ValidatedJson};
use crate::platform::params::{self, given};
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Lists and details stay fresh for five minutes (spec §9).
const FRESH_FOR: HeaderValue = HeaderValue::from_static("public, max-age=300");
const JSON: HeaderValue = HeaderValue::from_static("application/json");

const POST_NOT_FOUND: &str = "Blog post not found";
const EVENT_NOT_FOUND: &str = "Event not found";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_posts))
        .routes(routes!(get_post))
        .routes(routes!(get_image_data))
        .routes(routes!(list_events))
        .routes(routes!(get_event))
        .routes(routes!(create_post))
        .routes(routes!(update_post, delete_post))
        .routes(routes!(create_event))
        .routes(routes!(update_event, delete_event))
}

/// The query of a list, as sent; see [`RawList::validate`].
#[derive(Deserialize)]
pub struct RawList {
    page: Option<String>,
    limit: Option<String>,
    search: Option<String>,
    category: Option<String>,
    status: Option<String>,
}

/// Default and largest page size (the category lists ask for 1000).
const DEFAULT_LIMIT: u32 = 12;
const MAX_LIMIT: u32 = 1000;
const MAX_SEARCH_CHARS: usize = 200;
const MAX_CATEGORY_CHARS: usize = 60;

impl RawList {
    fn validate(&self) -> Result<ListQuery, ApiError> {
        let bad = |message: &str| ApiError::BadRequest(message.to_owned());
        let page = params::page(self.page.as_ref())?;
        let limit = match given(self.limit.as_ref()) {
            None => DEFAULT_LIMIT,
            Some(limit) => limit
                .parse::<u32>()
                .ok()
                .filter(|limit| (1..=MAX_LIMIT).contains(limit))
                .ok_or_else(|| bad("limit must be a whole number from 1 to 1000"))?,
        };
        let terms = match params::text("search", self.search.as_ref())? {
            None => None,
            Some(search) if search.chars().count() > MAX_SEARCH_CHARS => {
                return Err(bad("search must be at most 200 characters"));
            }
            Some(search) => Some(content::search_terms(search)).filter(|t| !t.is_empty()),
        };
        let category = match params::text("category", self.category.as_ref())? {
            Some(category) if category.chars().count() > MAX_CATEGORY_CHARS => {
                return Err(bad("category must be at most 60 characters"));
            }
            category => category.map(str::to_owned),
        };
        Ok(ListQuery {
            page,
            limit,
            terms,
            category,
        })
    }

    fn validate_events(&self) -> Result<EventsQuery, ApiError> {
        let status = match given(self.status.as_ref()) {
            None => None,
            Some("upcoming") => Some(EventStatus::Upcoming),
            Some("completed") => Some(EventStatus::Completed),
            Some(_) => {
                return Err(ApiError::BadRequest(
                    "status must be upcoming or completed".to_owned(),
                ));
            }
        };
        Ok(EventsQuery {
            list: self.validate()?,
            status,
        })
    }
}

/// The body of an answer, serialised once.
fn json_answer(value: &impl Serialize) -> Result<Answer, ApiError> {
    let body = serde_json::to_vec(value).map_err(anyhow::Error::from)?;
    Ok(Answer::new(StatusCode::OK, Bytes::from(body)))
}

fn not_found_answer(message: &str) -> Answer {
    let body = serde_json::json!({ "message": message }).to_string();
    Answer::new(StatusCode::NOT_FOUND, Bytes::from(body))
}

/// The answer as a response: 304 when the client holds it already.
fn respond(answer: Answer, headers: &HeaderMap) -> Response {
    let ok = answer.status == StatusCode::OK;
    let fresh = ok
        && headers
            .get(header::IF_NONE_MATCH)
            .is_some_and(|tags| answer.matches(tags));
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = Response::new(Body::from(answer.body));
        *response.status_mut() = answer.status;
        response.headers_mut().insert(header::CONTENT_TYPE, JSON);
        response
    };
    if ok {
        let headers = response.headers_mut();
        headers.insert(header::ETAG, answer.etag);
        headers.insert(header::CACHE_CONTROL, FRESH_FOR);
    }
    response
}

/// A path id; anything but a UUID names nothing.
fn parse_id(id: &str) -> Option<Uuid> {
    Uuid::parse_str(id).ok()
}

/// Published posts, newest first (cached, with an ETag).
#[utoipa::path(get, path = "/blog", tag = "content",
    params(
        ("page" = Option<u32>, Query, minimum = 1, description = "Page, from 1"),
        ("limit" = Option<u32>, Query, minimum = 1, maximum = 1000, description = "Items a page (12)"),
        ("search" = Option<String>, Query, max_length = 200, description = "Words to find"),
        ("category" = Option<String>, Query, max_length = 60, description = "Only this category"),
    ),
    responses(
        (status = 200, description = "A page of posts", body = BlogList),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 400, description = "A parameter is not valid", body = ErrorBody),
    ))]
async fn list_posts(
    State(state): State<AppState>,
    ApiQuery(raw): ApiQuery<RawList>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let query = raw.validate()?;
    let answer = state
        .content
        .get_or_compute(Key::Posts(query.clone()), async {
            json_answer(&content::list_posts(&state.pool, &query).await?)
        })
        .await?;
    Ok(respond(answer, &headers))
}

/// The cached answer for one item: `find` gives it, or a 404 naming
/// `missing` (a malformed id names nothing either).
async fn one_item<T, F>(
    state: &AppState,
    key: Key,
    missing: &'static str,
    find: F,
) -> Result<Answer, ApiError>
where
    T: Serialize,
    F: Future<Output = sqlx::Result<Option<T>>>,
{
    state
        .content
        .get_or_compute(key, async {
            match find.await? {
                Some(item) => json_answer(&item),
                None => Ok(not_found_answer(missing)),
            }
        })
        .await
}

/// One post; a view by a person counts towards its views.
#[utoipa::path(get, path = "/blog/{id}", tag = "content",
    params(("id" = Uuid, Path, description = "The post id")),
    security((), ("session" = [])),
    responses(
        (status = 200, description = "The post", body = BlogPost),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 404, description = "Blog post not found", body = ErrorBody),
    ))]
async fn get_post(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    reader: Option<CurrentUser>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = parse_id(&id).ok_or(ApiError::NoSuch(POST_NOT_FOUND))?;
    let answer = one_item(
        &state,
        Key::Post(id),
        POST_NOT_FOUND,
        content::find_post(&state.pool, id),
    )
    .await?;
    let reader = reader.map(|CurrentUser(user)| user);
    if answer.status == StatusCode::OK
        && content::views::counts(headers.get(header::USER_AGENT), reader.as_ref())
    {
        content::views::publish(&state, id);
    }
    Ok(respond(answer, &headers))
}

/// A post's inline image data (kept out of the post, being large).
#[utoipa::path(get, path = "/blog/{id}/image-data", tag = "content",
    params(("id" = Uuid, Path, description = "The post id")),
    responses(
        (status = 200, description = "The image data", body = ImageData),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 404, description = "Blog post not found", body = ErrorBody),
    ))]
async fn get_image_data(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = parse_id(&id).ok_or(ApiError::NoSuch(POST_NOT_FOUND))?;
    let answer = one_item(
        &state,
        Key::ImageData(id),
        POST_NOT_FOUND,
        content::find_image_data(&state.pool, id),
    )
    .await?;
    Ok(respond(answer, &headers))
}

/// Events, upcoming first (cached, with an ETag).
#[utoipa::path(get, path = "/events", tag = "content",
    params(
        ("page" = Option<u32>, Query, minimum = 1, description = "Page, from 1"),
        ("limit" = Option<u32>, Query, minimum = 1, maximum = 1000, description = "Items a page (12)"),
        ("search" = Option<String>, Query, max_length = 200, description = "Words to find"),
        ("category" = Option<String>, Query, max_length = 60, description = "Only this category"),
        ("status" = Option<EventStatus>, Query, description = "Only upcoming or only completed events"),
    ),
    responses(
        (status = 200, description = "A page of events", body = EventList),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 400, description = "A parameter is not valid", body = ErrorBody),
    ))]
async fn list_events(
    State(state): State<AppState>,
    ApiQuery(raw): ApiQuery<RawList>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let query = raw.validate_events()?;
    let today = content::today();
    let answer = state
        .content
        .get_or_compute(Key::Events(query.clone(), today), async {
            json_answer(&content::list_events(&state.pool, &query, today).await?)
        })
        .await?;
    Ok(respond(answer, &headers))
}

/// One event.
#[utoipa::path(get, path = "/events/{id}", tag = "content",
    params(("id" = Uuid, Path, description = "The event id")),
    responses(
        (status = 200, description = "The event", body = Event),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 404, description = "Event not found", body = ErrorBody),
    ))]
async fn get_event(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = parse_id(&id).ok_or(ApiError::NoSuch(EVENT_NOT_FOUND))?;
    let today = content::today();
    let answer = one_item(
        &state,
        Key::Event(id, today),
        EVENT_NOT_FOUND,
        content::find_event(&state.pool, id, today),
    )
    .await?;
    Ok(respond(answer, &headers))
}

/// Tells every gateway (this one at once) that the content changed.
async fn changed(state: &AppState) {
    state.content.clear();
    let announced = crate::platform::bus::announce(
        &state.nats,
        state.namespace.content_changed(),
        Bytes::new(),
    )
    .await;
    if let Err(error) = announced {
        // The write is committed; other gateways catch up within the cache's
        // time to live.
        tracing::error!(
            error = format!("{error:#}"),
            "failed to publish content.changed"
        );
    }
}

/// Publishes a post.
#[utoipa::path(post, path = "/admin/blog", tag = "admin",
    request_body = BlogPostInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 201, description = "The post", body = BlogPost),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn create_post(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(input): ValidatedJson<BlogPostInput>,
) -> Result<Response, ApiError> {
    let post = content::save_post(&state.pool, admin.id, None, &input)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("insert returned no row")))?;
    changed(&state).await;
    Ok((StatusCode::CREATED, axum::Json(post)).into_response())
}

/// Replaces a post.
#[utoipa::path(put, path = "/admin/blog/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The post id")),
    request_body = BlogPostInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The post", body = BlogPost),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Blog post not found", body = ErrorBody),
    ))]
async fn update_post(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<String>,
    ValidatedJson(input): ValidatedJson<BlogPostInput>,
) -> Result<Response, ApiError> {
    let id = parse_id(&id).ok_or(ApiError::NoSuch(POST_NOT_FOUND))?;
    let post = content::save_post(&state.pool, admin.id, Some(id), &input)
        .await?
        .ok_or(ApiError::NoSuch(POST_NOT_FOUND))?;
    changed(&state).await;
    Ok(axum::Json(post).into_response())
}

/// Deletes a post.
#[utoipa::path(delete, path = "/admin/blog/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The post id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Blog post not found", body = ErrorBody),
    ))]
async fn delete_post(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    let id = parse_id(&id).ok_or(ApiError::NoSuch(POST_NOT_FOUND))?;
    if !content::delete_post(&state.pool, admin.id, id).await? {
        return Err(ApiError::NoSuch(POST_NOT_FOUND));
    }
    changed(&state).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Creates an event.
#[utoipa::path(post, path = "/admin/events", tag = "admin",
    request_body = EventInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 201, description = "The event", body = Event),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn create_event(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(input): ValidatedJson<EventInput>,
) -> Result<Response, ApiError> {
    let event = content::save_event(&state.pool, admin.id, None, &input, content::today())
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("insert returned no row")))?;
    changed(&state).await;
    Ok((StatusCode::CREATED, axum::Json(event)).into_response())
}

/// Replaces an event.
#[utoipa::path(put, path = "/admin/events/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The event id")),
    request_body = EventInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The event", body = Event),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Event not found", body = ErrorBody),
    ))]
async fn update_event(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<String>,
    ValidatedJson(input): ValidatedJson<EventInput>,
) -> Result<Response, ApiError> {
    let id = parse_id(&id).ok_or(ApiError::NoSuch(EVENT_NOT_FOUND))?;
    let event = content::save_event(&state.pool, admin.id, Some(id), &input, content::today())
        .await?
        .ok_or(ApiError::NoSuch(EVENT_NOT_FOUND))?;
    changed(&state).await;
    Ok(axum::Json(event).into_response())
}

/// Deletes an event.
#[utoipa::path(delete, path = "/admin/events/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The event id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Event not found", body = ErrorBody),
    ))]
async fn delete_event(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    let id = parse_id(&id).ok_or(ApiError::NoSuch(EVENT_NOT_FOUND))?;
    if !content::delete_event(&state.pool, admin.id, id).await? {
        return Err(ApiError::NoSuch(EVENT_NOT_FOUND));
    }
    changed(&state).await;
    Ok(StatusCode::NO_CONTENT)
}

impl Input for BlogPostInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("title", "Title"),
        ("excerpt", "Excerpt"),
        ("fullContent", "Content"),
        ("category", "Category"),
        ("author", "Author"),
        ("publishedAt", "Publication date"),
        ("readTime", "Read time"),
        ("image", "Image"),
        ("sourceUrl", "Source URL"),
        ("featured", "Featured"),
    ];

    fn check(self) -> Result<Self, InputError> {
        Ok(BlogPostInput {
            title: input::text("Title", self.title)?
                .required()?
                .max_chars(200)?
                .value(),
            excerpt: input::multiline("Excerpt", self.excerpt)?
                .required()?
                .max_chars(1_000)?
                .value(),
            full_content: input::multiline("Content", self.full_content)?
                .required()?
                .max_chars(100_000)?
                .value(),
            category: input::text("Category", self.category)?
                .required()?
                .max_chars(MAX_CATEGORY_CHARS)?
                .value(),
            author: input::text("Author", self.author)?
                .required()?
                .max_chars(100)?
                .value(),
            published_at: optional("Publication date", self.published_at, 40)?
                .map(|date| timestamp("Publication date", date))
                .transpose()?,
            read_time: optional("Read time", self.read_time, 40)?,
            image: link("Image", self.image)?,
            source_url: link("Source URL", self.source_url)?,
            featured: self.featured,
        })
    }
}

impl Input for EventInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("title", "Title"),
        ("description", "Description"),
        ("category", "Category"),
        ("date", "Date"),
        ("time", "Time"),
        ("location", "Location"),
        ("image", "Image"),
        ("highlights", "Highlights"),
        ("registerLink", "Registration link"),
        ("completed", "Completed"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let highlights = match self.highlights {
            None => None,
            Some(items) if items.len() > 30 => {
                return Err(InputError("Highlights must be at most 30 items".to_owned()));
            }
            Some(items) => {
                let mut kept = Vec::with_capacity(items.len());
                for item in items {
                    let item = input::text("Each highlight", item)?.max_chars(300)?;
                    kept.extend(item.optional_clipped(300));
                }
                Some(kept)
            }
        };
        Ok(EventInput {
            title: input::text("Title", self.title)?
                .required()?
                .max_chars(200)?
                .value(),
            description: input::multiline("Description", self.description)?
                .required()?
                .max_chars(10_000)?
                .value(),
            category: input::text("Category", self.category)?
                .required()?
                .max_chars(MAX_CATEGORY_CHARS)?
                .value(),
            date: calendar_date(input::text("Date", self.date)?.required()?.value())?,
            time: input::text("Time", self.time)?
                .required()?
                .max_chars(100)?
                .value(),
            location: input::text("Location", self.location)?
                .required()?
                .max_chars(200)?
                .value(),
            image: link("Image", self.image)?,
            highlights,
            register_link: link("Registration link", self.register_link)?,
            completed: self.completed,
        })
    }
}

/// Optional single-line text: `None` when absent or blank.
fn optional(
    label: &'static str,
    raw: Option<String>,
    max: usize,
) -> Result<Option<String>, InputError> {
    let Some(raw) = raw else { return Ok(None) };
    let field = input::text(label, raw)?.max_chars(max)?;
    Ok(field.optional_clipped(max))
}

/// An optional link: an `http(s)://` URL or a site path (`/…`, never `//…`).
fn link(label: &'static str, raw: Option<String>) -> Result<Option<String>, InputError> {
    let Some(value) = optional(label, raw, 2_000)? else {
        return Ok(None);
    };
    let lower = value.to_ascii_lowercase();
    let web = ["http://", "https://"]
        .iter()
        .any(|scheme| lower.starts_with(scheme) && lower.len() > scheme.len());
    let path = value.starts_with('/') && !value.starts_with("//");
    let clean = !value.contains(|c: char| c.is_whitespace() || c == '\\');
    if (web || path) && clean {
        Ok(Some(value))
    } else {
        Err(InputError(format!(
            "{label} must be a web address (http:// or https://) or a site path starting with /"
        )))
    }
}

/// An RFC 3339 timestamp, kept as sent.
fn timestamp(label: &'static str, value: String) -> Result<String, InputError> {
    use time::format_description::well_known::Rfc3339;
    time::OffsetDateTime::parse(&value, &Rfc3339)
        .map(|_| value)
        .map_err(|_| {
            InputError(format!(
                "{label} must be a date and time like 2026-01-31T09:00:00Z"
            ))
        })
}

/// A real calendar date written `YYYY-MM-DD`.
fn calendar_date(value: String) -> Result<String, InputError> {
    let parts: Vec<&str> = value.split('-').collect();
    let valid = match parts.as_slice() {
        [year, month, day] if year.len() == 4 && month.len() == 2 && day.len() == 2 => {
            match (year.parse::<i32>(), month.parse::<u8>(), day.parse::<u8>()) {
                (Ok(year), Ok(month), Ok(day)) => time::Month::try_from(month)
                    .and_then(|month| time::Date::from_calendar_date(year, month, day))
                    .is_ok(),
                _ => false,
            }
        }
        _ => false,
    };
    if valid {
        Ok(value)
    } else {
        Err(InputError(
            "Date must be a calendar date like 2026-03-14".to_owned(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(query: &str) -> Result<ListQuery, String> {
        let raw: RawList = serde_urlencoded_like(query);
        raw.validate().map_err(|e| e.to_string())
    }

    fn serde_urlencoded_like(query: &str) -> RawList {
        let pairs: Vec<(&str, &str)> = query
            .split('&')
            .filter(|p| !p.is_empty())
            .filter_map(|p| p.split_once('='))
            .collect();
        let get = |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        };
        RawList {
            page: get("page"),
            limit: get("limit"),
            search: get("search"),
            category: get("category"),
            status: get("status"),
        }
    }

    #[test]
    fn list_parameters_are_checked_in_words() {
        let defaults = list("").expect("valid");
        assert_eq!(
            (defaults.page, defaults.limit, defaults.terms),
            (1, 12, None)
        );
        assert_eq!(list("limit=1000").expect("valid").limit, 1000);
        for (query, message) in [
            ("page=0", "page must be a whole number of at least 1"),
            ("page=x", "page must be a whole number of at least 1"),
            ("limit=-1", "limit must be a whole number from 1 to 1000"),
            ("limit=1001", "limit must be a whole number from 1 to 1000"),
        ] {
            assert_eq!(list(query).expect_err(query), message);
        }
        let long = format!("search={}", "a".repeat(201));
        assert_eq!(
            list(&long).expect_err("long"),
            "search must be at most 200 characters"
        );
    }

    #[test]
    fn links_are_web_addresses_or_site_paths() {
        for good in [
            "https://x.example/a",
            "http://x.example",
            "/objects/1",
            "/images/a.png",
        ] {
            assert_eq!(
                link("Image", Some(good.to_owned())),
                Ok(Some(good.to_owned()))
            );
        }
        for bad in [
            "javascript:alert(1)",
            "//evil.example",
            "/\\evil",
            "ftp://x",
            "https://",
            "x.png",
            "/a b",
        ] {
            assert!(link("Image", Some(bad.to_owned())).is_err(), "{bad}");
        }
        assert_eq!(link("Image", Some("  ".to_owned())), Ok(None));
    }

    #[test]
    fn dates_are_real() {
        assert!(calendar_date("2026-02-28".to_owned()).is_ok());
        for bad in ["2026-02-30", "2026-2-3", "26-02-03", "soon"] {
            assert!(calendar_date(bad.to_owned()).is_err(), "{bad}");
        }
    }
}

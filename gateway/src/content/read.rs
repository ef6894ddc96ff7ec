//! Blog posts and events: the public read API (cached answers with ETags)
//! and the admin's writes, each followed by `content.changed`.

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use contract::content::{
    BlogFacets, BlogList, BlogPost, BlogPostSummary, Event, EventFacets, EventList, EventStatus,
    ImageData,
};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::error::{ContentError, EVENT_NOT_FOUND, POST_NOT_FOUND};
use super::markdown;
use super::store::{self, EventsQuery, ListQuery};
use super::views;
use crate::content::cache::{Answer, Key};
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{ApiPath, ApiQuery, ClientIp, CurrentUser};
use crate::platform::params::{self, given};
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Lists and details stay fresh for five minutes (spec §9).
const FRESH_FOR: HeaderValue = HeaderValue::from_static("public, max-age=300");
const JSON: HeaderValue = HeaderValue::from_static("application/json");

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_posts))
        .routes(routes!(blog_facets))
        .routes(routes!(get_post))
        .routes(routes!(get_image_data))
        .routes(routes!(list_events))
        .routes(routes!(event_facets))
        .routes(routes!(get_event))
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

/// Default and largest page size.
const DEFAULT_LIMIT: u32 = 12;
const MAX_LIMIT: u32 = 1000;
const MAX_SEARCH_CHARS: usize = 200;
pub const MAX_CATEGORY_CHARS: usize = 60;

impl RawList {
    pub(super) fn validate(&self) -> Result<ListQuery, ApiError> {
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
            Some(search) => Some(store::search_terms(search)).filter(|t| !t.is_empty()),
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
            everything: false,
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
    Ok(Answer::new(StatusCode::OK, Bytes::from(body)).with_gzip())
}

fn not_found_answer(message: &str) -> Answer {
    let body = serde_json::json!({ "message": message }).to_string();
    Answer::new(StatusCode::NOT_FOUND, Bytes::from(body))
}

/// The answer as a response, gzipped when the client accepts it and the
/// answer has a gzipped body: 304 when the client holds it already.
fn respond(answer: Answer, headers: &HeaderMap) -> Response {
    let ok = answer.status == StatusCode::OK;
    let fresh = ok
        && headers
            .get(header::IF_NONE_MATCH)
            .is_some_and(|tags| answer.matches(tags));
    let (body, etag, gzipped) = match answer.gzip {
        Some(gzip) if accepts_gzip(headers) => (gzip.body, gzip.etag, true),
        _ => (answer.body, answer.etag, false),
    };
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = Response::new(Body::from(body));
        *response.status_mut() = answer.status;
        response.headers_mut().insert(header::CONTENT_TYPE, JSON);
        if gzipped {
            response
                .headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        response
    };
    if ok {
        let headers = response.headers_mut();
        headers.insert(header::ETAG, etag);
        headers.insert(header::CACHE_CONTROL, FRESH_FOR);
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

/// Whether `Accept-Encoding` lists gzip (or `*`) without `q=0`.
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let refused = parts.any(|param| {
                param
                    .strip_prefix("q=")
                    .is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q == 0.0))
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        })
}

/// A path id; anything but a UUID names nothing.
pub fn parse_id(id: &str) -> Option<Uuid> {
    Uuid::parse_str(id).ok()
}

/// A post as a list card shows it: without its content, and with the first
/// image of its content when it has no image of its own.
pub fn card(post: BlogPost) -> BlogPostSummary {
    let has_image = post
        .image
        .as_deref()
        .is_some_and(|image| !image.trim().is_empty());
    let body_image = if has_image {
        None
    } else {
        markdown::first_image(post.content_format, &post.full_content)
    };
    let mut summary = BlogPostSummary::from(post);
    if body_image.is_some() {
        summary.image = body_image;
    }
    summary
}

/// Published posts whose time has come, newest first (cached, with an
/// ETag).
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
    state.content.keep_schedule(&state.pool).await?;
    let answer = state
        .content
        .get_or_compute(Key::Posts(query.clone()), async {
            let list = store::list_posts(&state.pool, &query).await?;
            let featured = if query.page == 1 {
                store::featured_post(&state.pool, &query).await?
            } else {
                None
            };
            json_answer(&BlogList {
                posts: list.posts.into_iter().map(card).collect(),
                pagination: list.pagination,
                featured: featured.map(card),
            })
        })
        .await?;
    Ok(respond(answer, &headers))
}

/// The blog page's category buttons, their counts and Popular Articles,
/// without the posts (cached, with an ETag): its size does not grow with
/// the number of posts.
#[utoipa::path(get, path = "/blog/facets", tag = "content",
    responses(
        (status = 200, description = "Categories with their counts, and the most viewed posts", body = BlogFacets),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
    ))]
async fn blog_facets(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    state.content.keep_schedule(&state.pool).await?;
    let answer = state
        .content
        .get_or_compute(Key::BlogFacets, async {
            json_answer(&store::facets::blog_facets(&state.pool).await?)
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

/// One published post whose time has come (a draft or a post scheduled for
/// later is 404); a view by a person counts towards its views.
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
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = parse_id(&id).ok_or(ContentError::NoSuchPost)?;
    state.content.keep_schedule(&state.pool).await?;
    let answer = one_item(
        &state,
        Key::Post(id),
        POST_NOT_FOUND,
        store::find_post(&state.pool, id),
    )
    .await?;
    let reader = reader.map(|CurrentUser(user)| user);
    if answer.status == StatusCode::OK
        && views::counts(headers.get(header::USER_AGENT), reader.as_ref())
    {
        // Published with the others' within seconds; a reader counted
        // today adds nothing.
        state.views.count(ip, id).await;
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
    let id = parse_id(&id).ok_or(ContentError::NoSuchPost)?;
    state.content.keep_schedule(&state.pool).await?;
    let answer = one_item(
        &state,
        Key::ImageData(id),
        POST_NOT_FOUND,
        store::find_image_data(&state.pool, id),
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
    let today = store::today();
    let answer = state
        .content
        .get_or_compute(Key::Events(query.clone(), today), async {
            json_answer(&store::list_events(&state.pool, &query, today).await?)
        })
        .await?;
    Ok(respond(answer, &headers))
}

/// The events page's status and category filters with their counts, and
/// the events Other Events may show (cached, with an ETag).
#[utoipa::path(get, path = "/events/facets", tag = "content",
    responses(
        (status = 200, description = "Statuses and categories with their counts, and the first events outside the main categories", body = EventFacets),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
    ))]
async fn event_facets(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let today = store::today();
    let answer = state
        .content
        .get_or_compute(Key::EventFacets(today), async {
            json_answer(&store::facets::event_facets(&state.pool, today).await?)
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
    let id = parse_id(&id).ok_or(ContentError::NoSuchEvent)?;
    let today = store::today();
    let answer = one_item(
        &state,
        Key::Event(id, today),
        EVENT_NOT_FOUND,
        store::find_event(&state.pool, id, today),
    )
    .await?;
    Ok(respond(answer, &headers))
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
    fn gzip_is_sent_only_to_clients_that_accept_it() {
        let with = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(value));
            accepts_gzip(&headers)
        };
        assert!(with("gzip, deflate"));
        assert!(with("br;q=1.0, GZIP;q=0.5"));
        assert!(with("*"));
        assert!(!with("br, deflate"));
        assert!(!with("gzip;q=0"));
        assert!(!accepts_gzip(&HeaderMap::new()));
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
}

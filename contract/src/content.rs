//! Blog posts and events: the read API's answers and the admin's request
//! bodies (exported to TypeScript), and the event that tells every gateway
//! the content changed.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

use crate::language::Language;

/// Where a list page sits among all the pages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Pagination {
    pub page: u32,
    pub limit: u32,
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub total_pages: i64,
    pub has_prev_page: bool,
    pub has_next_page: bool,
}

impl Pagination {
    /// The arithmetic for `total` items shown `limit` to a page.
    pub fn new(page: u32, limit: u32, total: i64) -> Self {
        let limit_items = i64::from(limit.max(1));
        let total_pages = (total + limit_items - 1) / limit_items;
        Pagination {
            page,
            limit,
            total,
            total_pages,
            has_prev_page: page > 1,
            has_next_page: i64::from(page) < total_pages,
        }
    }
}

/// A blog post. In lists `imageData` is always `null` (inline images are
/// large); `GET /api/blog/{id}` and `/image-data` carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BlogPost {
    #[ts(type = "string")]
    pub id: Uuid,
    pub title: String,
    pub excerpt: String,
    pub full_content: String,
    pub category: String,
    pub author: String,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub published_at: OffsetDateTime,
    pub read_time: String,
    pub image: Option<String>,
    pub image_data: Option<String>,
    pub source_url: Option<String>,
    /// The view count.
    #[ts(type = "number")]
    pub uvm: i64,
    pub featured: bool,
    /// Draft or published; a published post is public from `publishedAt`.
    pub status: PostStatus,
    /// How `fullContent` is written: `markdown`, or `plain` for posts written
    /// before Markdown (each newline a line break).
    pub content_format: ContentFormat,
    /// `fullContent` rendered and sanitised by the server (what the page
    /// shows); `null` in lists.
    pub content_html: Option<String>,
    /// Whether `readTime` was computed from the word count (no read time set).
    pub read_time_auto: bool,
    /// The language it is written in; its page is at that language's
    /// address (`/fr/blog/{id}`).
    pub language: Language,
    /// The post it translates (its translation group's original); `null`
    /// for an original or a post without translations.
    #[ts(type = "string | null")]
    pub translation_of: Option<Uuid>,
    /// The other posts of its translation group (public ones only in the
    /// public API), in the order of the languages.
    pub translations: Vec<PostTranslation>,
}

/// A translation of a post: what a "Read in …" link and an `hreflang`
/// alternate need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PostTranslation {
    #[ts(type = "string")]
    pub id: Uuid,
    pub language: Language,
    pub title: String,
    /// Its page: `/blog/{id}` in English, `/fr/blog/{id}`, `/sw/blog/{id}`.
    pub path: String,
}

/// The address of a post's page: under its language's prefix.
pub fn post_path(language: Language, id: Uuid) -> String {
    match language {
        Language::En => format!("/blog/{id}"),
        other => format!("/{}/blog/{id}", other.code()),
    }
}

/// Whether a post is public (from its `publishedAt`) or a draft only admins
/// see.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    TS,
    sqlx::Type,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum PostStatus {
    Draft,
    Published,
}

/// How a post's content is written.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    TS,
    sqlx::Type,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum ContentFormat {
    /// Text written before Markdown: shown escaped, newlines as line breaks.
    Plain,
    /// CommonMark with tables and strikethrough.
    Markdown,
}

/// The body of `POST /api/admin/blog/preview`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BlogPreviewInput {
    pub full_content: String,
    /// Default `markdown`.
    #[serde(default)]
    #[ts(optional)]
    pub content_format: Option<ContentFormat>,
    /// The post's language, which the read time is written in; default
    /// English.
    #[serde(default)]
    #[ts(optional)]
    pub language: Option<Language>,
}

/// `POST /api/admin/blog/preview`: the content as the post's page will show
/// it, and the read time it would get.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BlogPreview {
    pub html: String,
    pub words: u32,
    /// E.g. `3 min read`, in the language asked for (`3 min de lecture`).
    pub read_time: String,
}

/// `GET /api/blog`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BlogList {
    pub posts: Vec<BlogPostSummary>,
    pub pagination: Pagination,
    /// On page 1, the newest featured post matching the search and category,
    /// whichever page it is on (the Featured card); `null` on other pages
    /// and when no matching post is featured.
    pub featured: Option<BlogPostSummary>,
}

/// A post in the public list (`GET /api/blog`): what a card shows. No
/// `fullContent` and no `contentHtml`: the list never shows them, and
/// `GET /api/blog/{id}` has them. `imageData` is always `null`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BlogPostSummary {
    #[ts(type = "string")]
    pub id: Uuid,
    pub title: String,
    pub excerpt: String,
    pub category: String,
    pub author: String,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub published_at: OffsetDateTime,
    pub read_time: String,
    pub image: Option<String>,
    pub image_data: Option<String>,
    pub source_url: Option<String>,
    /// The view count.
    #[ts(type = "number")]
    pub uvm: i64,
    pub featured: bool,
    pub status: PostStatus,
    pub content_format: ContentFormat,
    pub read_time_auto: bool,
    pub language: Language,
}

impl From<BlogPost> for BlogPostSummary {
    fn from(post: BlogPost) -> Self {
        BlogPostSummary {
            id: post.id,
            title: post.title,
            excerpt: post.excerpt,
            category: post.category,
            author: post.author,
            published_at: post.published_at,
            read_time: post.read_time,
            image: post.image,
            image_data: post.image_data,
            source_url: post.source_url,
            uvm: post.uvm,
            featured: post.featured,
            status: post.status,
            content_format: post.content_format,
            read_time_auto: post.read_time_auto,
            language: post.language,
        }
    }
}

/// `GET /api/admin/blog`: every post whole, `fullContent` included (the
/// admin's featured switch and bulk actions write a post back from its row).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminBlogList {
    pub posts: Vec<BlogPost>,
    pub pagination: Pagination,
}

/// `GET /api/blog/{id}/image-data`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImageData {
    pub image_data: Option<String>,
}

/// Computed from the date: an event before today (Africa/Nairobi) is over.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    TS,
    sqlx::Type,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum EventStatus {
    Upcoming,
    Completed,
}

/// An event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Event {
    #[ts(type = "string")]
    pub id: Uuid,
    pub title: String,
    pub description: String,
    pub category: String,
    /// Completed when the date has passed or an admin marked it so.
    pub status: EventStatus,
    /// Whether an admin marked it completed (before its date).
    pub marked_completed: bool,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// Free text, e.g. `09:00 - 17:00 EAT`.
    pub time: String,
    pub location: String,
    pub image: Option<String>,
    pub highlights: Vec<String>,
    pub register_link: Option<String>,
    /// The language it is described in.
    pub language: Language,
}

/// `GET /api/events`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EventList {
    pub events: Vec<Event>,
    pub pagination: Pagination,
}

/// A category and how many public items it has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CategoryCount {
    pub category: String,
    #[ts(type = "number")]
    pub count: i64,
}

/// A post of Popular Articles: what its line shows and links to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PopularPost {
    #[ts(type = "string")]
    pub id: Uuid,
    pub title: String,
    /// The view count.
    #[ts(type = "number")]
    pub uvm: i64,
}

/// `GET /api/blog/facets`: what the blog page's category buttons and
/// sidebar show, whatever the number of posts (published posts whose time
/// has come only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BlogFacets {
    /// Every category with its posts, in the order the list (newest first)
    /// first shows it.
    pub categories: Vec<CategoryCount>,
    /// The five most viewed posts, most views first (ties newest first).
    pub popular: Vec<PopularPost>,
}

/// An event status and how many events have it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StatusCount {
    pub status: EventStatus,
    #[ts(type = "number")]
    pub count: i64,
}

/// `GET /api/events/facets`: what the events page's filters and Other
/// Events show, whatever the number of events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EventFacets {
    /// Upcoming first (the list's order); a status no event has is absent.
    pub statuses: Vec<StatusCount>,
    /// In the order the list first shows each.
    pub categories: Vec<CategoryCount>,
    /// The first 16 events (in the list's order) outside the summit,
    /// conference and infrastructure categories: Other Events shows 4 of
    /// them that the grid above (12 at most) does not.
    pub other_events: Vec<EventSummary>,
}

/// An event as its card shows it: no description and no highlights (each
/// up to 10,000 characters), which only its page shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EventSummary {
    #[ts(type = "string")]
    pub id: Uuid,
    pub title: String,
    pub category: String,
    /// Completed when the date has passed or an admin marked it so.
    pub status: EventStatus,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub time: String,
    pub location: String,
    pub image: Option<String>,
    pub register_link: Option<String>,
    pub language: Language,
}

/// The body of `POST /api/admin/blog` and `PUT /api/admin/blog/{id}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BlogPostInput {
    pub title: String,
    pub excerpt: String,
    pub full_content: String,
    pub category: String,
    pub author: String,
    /// RFC 3339; now when absent. A published post with a later time is
    /// public from then.
    #[serde(default)]
    #[ts(optional)]
    pub published_at: Option<String>,
    /// Absent: computed from the word count (about 200 words a minute).
    #[serde(default)]
    #[ts(optional)]
    pub read_time: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub image: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub source_url: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub featured: Option<bool>,
    /// Absent: `published` for a new post, unchanged on update.
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<PostStatus>,
    /// Absent: `markdown` for a new post, unchanged on update.
    #[serde(default)]
    #[ts(optional)]
    pub content_format: Option<ContentFormat>,
    /// Absent: English for a new post, unchanged on update.
    #[serde(default)]
    #[ts(optional)]
    pub language: Option<Language>,
    /// The post this one translates (any post of its translation group):
    /// this post joins that group. Absent or `null`: it translates nothing
    /// (a translation leaves its group; an original keeps its translations).
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    pub translation_of: Option<Uuid>,
}

/// The body of `POST /api/admin/events` and `PUT /api/admin/events/{id}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EventInput {
    pub title: String,
    pub description: String,
    pub category: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub time: String,
    pub location: String,
    #[serde(default)]
    #[ts(optional)]
    pub image: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub highlights: Option<Vec<String>>,
    #[serde(default)]
    #[ts(optional)]
    pub register_link: Option<String>,
    /// Mark completed before its date; left out, an update keeps the mark
    /// and a new event is not marked.
    #[serde(default)]
    #[ts(optional)]
    pub completed: Option<bool>,
    /// Absent: English for a new event, unchanged on update.
    #[serde(default)]
    #[ts(optional)]
    pub language: Option<Language>,
}

/// An image an admin uploaded, served at `url` (`/objects/{id}`).
/// `GET /api/admin/uploads` lists them; `POST` answers with the new one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Upload {
    #[ts(type = "string")]
    pub id: Uuid,
    /// `/objects/{id}`: where the image is served.
    pub url: String,
    /// The client's file name, without any path.
    pub filename: String,
    /// Decided from the bytes: `image/png`, `image/jpeg`, `image/webp` or
    /// `image/gif`.
    pub content_type: String,
    pub byte_size: i32,
    pub width: i32,
    pub height: i32,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
    /// The posts and events that show it (empty right after the upload).
    pub used_by: Vec<UploadUse>,
}

/// What kind of item uses an upload.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    TS,
    sqlx::Type,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum UploadUseKind {
    Post,
    Event,
}

/// A post or event whose image is an upload's url, or whose text (a post's
/// content, an event's description) contains it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UploadUse {
    pub kind: UploadUseKind,
    #[ts(type = "string")]
    pub id: Uuid,
    pub title: String,
}

/// `GET /api/admin/uploads`: newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UploadList {
    pub uploads: Vec<Upload>,
}

#[cfg(test)]
mod tests {
    use super::Pagination;

    #[test]
    fn pagination_arithmetic() {
        let first = Pagination::new(1, 12, 25);
        assert_eq!(
            (first.total_pages, first.has_prev_page, first.has_next_page),
            (3, false, true)
        );
        let last = Pagination::new(3, 12, 25);
        assert_eq!((last.has_prev_page, last.has_next_page), (true, false));
        let empty = Pagination::new(1, 12, 0);
        assert_eq!((empty.total_pages, empty.has_next_page), (0, false));
        assert_eq!(Pagination::new(1, 5, 25).total_pages, 5);
    }
}

/// The views one gateway counted of one post since its last flush, published
/// on `intake.blog.viewed.<post>` every few seconds (not exported: only the
/// `views` worker reads it). Each visitor counts once a day per post. `id` is
/// the batch's own (also its `Nats-Msg-Id`), so the worker counts a batch
/// once however often it is delivered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewBatch {
    pub id: Uuid,
    pub count: u32,
}

//! The pages of the blog and its posts, and of events: built from the
//! stored content (cached until it changes) with each item's own tags and
//! the image each page paints largest preloaded. `/blog`'s tags are in the
//! page's language. A post's page is at its own language's address
//! (`/fr/blog/{id}` for a French post; the other languages' addresses
//! redirect there), with `hreflang` links to its translations; an event's
//! page is served in every language.

use std::sync::Arc;

use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use bytes::Bytes;

use super::spa::{BLOG, Spa};
use crate::content::cache::{Answer, Key};
use crate::content::store;
use crate::site::pages::ItemMeta;
use crate::site::{first_image, pages};
use crate::state::AppState;
use contract::content::post_path;

#[derive(Clone, Copy)]
pub(super) enum Item {
    Post,
    Event,
}

/// `/blog` in `lang`: its page with the first card's image preloaded, built
/// once per content change and language; on a failed read, the page without it.
pub(super) async fn blog_index(spa: Arc<Spa>, state: AppState, lang: &'static str) -> Response {
    let Some(pages) = &spa.pages else {
        return spa.respond(&Method::GET, &Uri::from_static(BLOG), lang);
    };
    if let Err(error) = state.content.keep_schedule(&state.pool).await {
        tracing::error!(%error, "failed to look up the next scheduled post");
    }
    let answer = state
        .content
        .get_or_compute(Key::BlogIndexPage(lang), async {
            let image = store::facets::first_card_image(&state.pool).await?;
            // The list carries no image data: the card shows `image`.
            let href = image
                .flatten()
                .and_then(|image| first_image::post_image(Some(&image), None));
            let html = spa
                .blog_index(pages, lang, href.as_deref())
                .unwrap_or_default();
            Ok::<_, sqlx::Error>(Answer::new(StatusCode::OK, html))
        })
        .await;
    match answer {
        Ok(answer) if !answer.body.is_empty() => spa.html(StatusCode::OK, &answer.body),
        Ok(_) => spa.respond(&Method::GET, &Uri::from_static(BLOG), lang),
        Err(error) => {
            tracing::error!(%error, "failed to read the blog page's first image");
            spa.respond(&Method::GET, &Uri::from_static(BLOG), lang)
        }
    }
}

/// `/blog/{id}` and `/events/{id}`: the page with the item's own title,
/// description and image; for an unknown id the app with the not-found tags
/// and a 404 (410 for a deleted post), so crawlers do not index a soft 404.
pub(super) async fn item_page(
    spa: Arc<Spa>,
    state: AppState,
    item: Item,
    raw_id: String,
    uri: Uri,
    lang: &'static str,
) -> Response {
    let (Some(pages), Ok(id)) = (&spa.pages, uuid::Uuid::parse_str(&raw_id)) else {
        return spa.respond(&Method::GET, &uri, lang);
    };
    // The canonical path spells the id the one way the sitemap does.
    let (key, route, path) = match item {
        Item::Post => (Key::BlogPage(id, lang), "/blog/:id", format!("/blog/{id}")),
        Item::Event => (Key::EventPage(id), "/events/:id", format!("/events/{id}")),
    };
    // A post's page is at its language's address; an event's stays English.
    let path = match item {
        Item::Post => pages::localized(&path, lang),
        Item::Event => path,
    };
    if raw_id != id.to_string() {
        // Another spelling of the id (capitals, braces): one address per
        // item, and the page's preloaded answer is the one the app asks for.
        let target = match uri.query() {
            Some(query) => format!("{path}?{query}"),
            None => path,
        };
        return Redirect::permanent(&target).into_response();
    }
    if let Err(error) = state.content.keep_schedule(&state.pool).await {
        // The page is still served; a due post shows within the cache's time to live.
        tracing::error!(%error, "failed to look up the next scheduled post");
    }
    let answer = state
        .content
        .get_or_compute(key, async {
            // A post's page preloads the image it shows (its largest paint).
            let meta = match item {
                Item::Post => match store::find_post(&state.pool, id).await? {
                    // Another language's address: the post's own (the
                    // target is the answer's body).
                    Some(post) if post.language.code() != lang => {
                        let own = post_path(post.language, id);
                        return Ok(Answer::new(
                            StatusCode::PERMANENT_REDIRECT,
                            Bytes::from(own),
                        ));
                    }
                    post => post.map(|post| {
                        let image = first_image::post_image(
                            post.image.as_deref(),
                            post.image_data.as_deref(),
                        );
                        let mut alternates: Vec<(&'static str, String)> = post
                            .translations
                            .iter()
                            .map(|translation| {
                                (translation.language.code(), translation.path.clone())
                            })
                            .collect();
                        if !alternates.is_empty() {
                            alternates.push((post.language.code(), post_path(post.language, id)));
                        }
                        let meta = ItemMeta {
                            alternates,
                            published_time: post
                                .published_at
                                .format(&time::format_description::well_known::Rfc3339)
                                .ok(),
                            title: post.title,
                            description: post.excerpt,
                            image: post.image,
                        };
                        (meta, image)
                    }),
                },
                Item::Event => store::find_event(&state.pool, id, store::today())
                    .await?
                    .map(|event| {
                        let meta = ItemMeta {
                            title: event.title,
                            description: event.description,
                            image: event.image,
                            published_time: None,
                            alternates: Vec::new(),
                        };
                        (meta, None)
                    }),
            };
            Ok::<_, sqlx::Error>(match meta {
                Some((meta, image)) => Answer::new(
                    StatusCode::OK,
                    spa.item_page(
                        pages,
                        route,
                        &id.to_string(),
                        &path,
                        &meta,
                        image.as_deref(),
                    ),
                ),
                None if matches!(item, Item::Post)
                    && store::post_was_deleted(&state.pool, id).await? =>
                {
                    Answer::new(StatusCode::GONE, Bytes::new())
                }
                // Unknown: the not-found page, rendered per request.
                None => Answer::new(StatusCode::NOT_FOUND, Bytes::new()),
            })
        })
        .await;
    match answer {
        Ok(answer) if answer.status == StatusCode::OK => spa.html(StatusCode::OK, &answer.body),
        Ok(answer) if answer.status == StatusCode::PERMANENT_REDIRECT => {
            let own = String::from_utf8_lossy(&answer.body);
            let target = match uri.query() {
                Some(query) => format!("{own}?{query}"),
                None => own.into_owned(),
            };
            Redirect::permanent(&target).into_response()
        }
        Ok(answer) => spa.missing(answer.status),
        Err(error) => {
            // A crawler still gets the page, with the route's generic tags.
            tracing::error!(
                error = format!("{error:#}"),
                "failed to read an item's page tags"
            );
            let Some(meta) = spa.meta.page(route) else {
                return spa.missing(StatusCode::NOT_FOUND);
            };
            let url = pages::canonical(&spa.public_url, &path);
            let head = spa.meta.head(meta, &spa.public_url, Some(&url));
            spa.html(
                StatusCode::OK,
                &Bytes::from(pages::with_head(&pages.index, &head)),
            )
        }
    }
}

//! The rules of the public lists of posts and events: a list's query as
//! sent, checked in words (page, limit, search, category, status, the
//! page's language), a path
//! id, and a post as a list card shows it.

use contract::content::{BlogPost, BlogPostSummary, EventStatus};
use contract::language::Language;
use contract::limits::{POST, SEARCH_CHARS};
use serde::Deserialize;
use uuid::Uuid;

use crate::content::markdown;
use crate::content::store::{self, EventsQuery, ListQuery};
use crate::platform::error::ApiError;
use crate::platform::params::{self, given};

/// The query of a list, as sent; see [`RawList::validate`].
#[derive(Deserialize)]
pub struct RawList {
    page: Option<String>,
    limit: Option<String>,
    search: Option<String>,
    category: Option<String>,
    status: Option<String>,
    lang: Option<String>,
}

/// Default and largest page size.
const DEFAULT_LIMIT: u32 = 12;
const MAX_LIMIT: u32 = 1000;

impl RawList {
    pub(super) fn validate(&self) -> Result<ListQuery, ApiError> {
        let bad = |message: &str| ApiError::BadRequest(message.to_owned().into());
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
            Some(search) if search.chars().count() > SEARCH_CHARS => {
                return Err(bad(&format!(
                    "search must be at most {SEARCH_CHARS} characters"
                )));
            }
            Some(search) => Some(store::search_terms(search)).filter(|t| !t.is_empty()),
        };
        let category = match params::text("category", self.category.as_ref())? {
            Some(category) if category.chars().count() > POST.category_chars => {
                return Err(bad(&format!(
                    "category must be at most {} characters",
                    POST.category_chars
                )));
            }
            category => category.map(str::to_owned),
        };
        let language = match given(self.lang.as_ref()) {
            None => None,
            Some(code) => {
                Some(Language::parse(code).ok_or_else(|| bad("lang must be en, fr or sw"))?)
            }
        };
        Ok(ListQuery {
            page,
            limit,
            terms,
            category,
            everything: false,
            language,
        })
    }

    pub fn validate_events(&self) -> Result<EventsQuery, ApiError> {
        let status = match given(self.status.as_ref()) {
            None => None,
            Some("upcoming") => Some(EventStatus::Upcoming),
            Some("completed") => Some(EventStatus::Completed),
            Some(_) => {
                return Err(ApiError::BadRequest(
                    "status must be upcoming or completed".to_owned().into(),
                ));
            }
        };
        Ok(EventsQuery {
            list: self.validate()?,
            status,
        })
    }
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
            lang: get("lang"),
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
            ("lang=de", "lang must be en, fr or sw"),
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

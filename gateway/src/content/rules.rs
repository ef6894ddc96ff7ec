//! What a post or an event must be: the input rules of the admin's writes.

use contract::content::{BlogPostInput, BlogPreviewInput, ContentFormat, EventInput};
use contract::limits::{EVENT, LINK_CHARS, POST};

use super::markdown;
use crate::platform::input::{self, AtField, Input, InputError};

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
        ("status", "Status"),
        ("contentFormat", "Content format"),
        ("language", "Language"),
        ("translationOf", "Translation of"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let is_markdown = self.content_format != Some(ContentFormat::Plain);
        if let Some(outside) = is_markdown
            .then(|| markdown::outside_images(&self.full_content))
            .and_then(|images| images.into_iter().next())
        {
            return Err(InputError::new(format!(
                "Content has an image from another site ({outside}): upload it under Uploads \
                 and use its /objects/ address, as every reader's browser would otherwise fetch it from there"
            )))
            .at("fullContent");
        }
        Ok(BlogPostInput {
            title: input::text("Title", self.title)?
                .required()?
                .max_chars(POST.title_chars)?
                .value(),
            excerpt: input::multiline("Excerpt", self.excerpt)?
                .required()?
                .max_chars(POST.excerpt_chars)?
                .value(),
            full_content: input::multiline("Content", self.full_content)?
                .required()?
                .max_chars(POST.content_chars)?
                .value(),
            category: input::text("Category", self.category)?
                .required()?
                .max_chars(POST.category_chars)?
                .value(),
            author: input::text("Author", self.author)?
                .required()?
                .max_chars(POST.author_chars)?
                .value(),
            published_at: optional("Publication date", self.published_at, 40)?
                .map(|date| timestamp("Publication date", date))
                .transpose()?,
            read_time: optional("Read time", self.read_time, POST.read_time_chars)?,
            image: image(self.image).at("image")?,
            source_url: link("Source URL", self.source_url)?,
            featured: self.featured,
            status: self.status,
            content_format: self.content_format,
            language: self.language,
            translation_of: self.translation_of,
        })
    }
}

/// The preview takes what a post's content may be.
impl Input for BlogPreviewInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("fullContent", "Content"),
        ("contentFormat", "Content format"),
        ("language", "Language"),
    ];

    fn check(self) -> Result<Self, InputError> {
        Ok(BlogPreviewInput {
            // Empty is fine: the editor previews as the author types.
            full_content: input::multiline("Content", self.full_content)?
                .max_chars(POST.content_chars)?
                .value(),
            content_format: self.content_format,
            language: self.language,
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
        ("language", "Language"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let highlights = match self.highlights {
            None => None,
            Some(items) if items.len() > EVENT.highlights => {
                return Err(InputError::new(format!(
                    "Highlights must be at most {} items",
                    EVENT.highlights
                )));
            }
            Some(items) => {
                let mut kept = Vec::with_capacity(items.len());
                for item in items {
                    let item =
                        input::text("Each highlight", item)?.max_chars(EVENT.highlight_chars)?;
                    kept.extend(item.optional_clipped(EVENT.highlight_chars));
                }
                Some(kept)
            }
        };
        Ok(EventInput {
            title: input::text("Title", self.title)?
                .required()?
                .max_chars(EVENT.title_chars)?
                .value(),
            description: input::multiline("Description", self.description)?
                .required()?
                .max_chars(EVENT.description_chars)?
                .value(),
            category: input::text("Category", self.category)?
                .required()?
                .max_chars(EVENT.category_chars)?
                .value(),
            date: calendar_date(input::text("Date", self.date)?.required()?.value())?,
            time: input::text("Time", self.time)?
                .required()?
                .max_chars(EVENT.time_chars)?
                .value(),
            location: input::text("Location", self.location)?
                .required()?
                .max_chars(EVENT.location_chars)?
                .value(),
            image: image(self.image).at("image")?,
            highlights,
            register_link: link("Registration link", self.register_link)?,
            completed: self.completed,
            language: self.language,
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
    let Some(value) = optional(label, raw, LINK_CHARS)? else {
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
        Err(InputError::new(format!(
            "{label} must be a web address (http:// or https://) or a site path starting with /"
        )))
    }
}

/// An optional image: a site path (`/objects/…` from Uploads, `/images/…`).
/// Not an address on another site: every visitor's browser would fetch it
/// from there on load, before any choice of theirs (issue 27).
fn image(raw: Option<String>) -> Result<Option<String>, InputError> {
    let value = link("Image", raw)?;
    if value
        .as_deref()
        .is_some_and(|value| !value.starts_with('/'))
    {
        return Err(InputError::new(
            "Image must be a site path such as /objects/… (upload an image from another site \
             under Uploads first: every visitor's browser would otherwise fetch it from there)",
        ));
    }
    Ok(value)
}

/// An RFC 3339 timestamp, kept as sent.
fn timestamp(label: &'static str, value: String) -> Result<String, InputError> {
    use time::format_description::well_known::Rfc3339;
    time::OffsetDateTime::parse(&value, &Rfc3339)
        .map(|_| value)
        .map_err(|_| {
            InputError::new(format!(
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
        Err(InputError::new(
            "Date must be a calendar date like 2026-03-14".to_owned(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn images_are_site_paths_never_another_site() {
        for good in ["/objects/1", "/images/a.png"] {
            assert_eq!(image(Some(good.to_owned())), Ok(Some(good.to_owned())));
        }
        for outside in ["https://cdn.example/a.png", "http://cdn.example/a.png"] {
            let refused = image(Some(outside.to_owned())).expect_err(outside);
            assert!(
                refused
                    .message
                    .to_string()
                    .starts_with("Image must be a site path"),
                "{refused:?}"
            );
        }
        assert_eq!(image(None), Ok(None));
    }

    #[test]
    fn markdown_content_with_an_image_from_another_site_is_refused_at_the_content_field() {
        let post = |content: &str, format| BlogPostInput {
            title: "T".to_owned(),
            excerpt: "E".to_owned(),
            full_content: content.to_owned(),
            category: "C".to_owned(),
            author: "A".to_owned(),
            published_at: None,
            read_time: None,
            image: None,
            source_url: None,
            featured: None,
            status: None,
            content_format: format,
            language: None,
            translation_of: None,
        };
        let refused = post("Hi ![x](https://cdn.example/x.png)", None)
            .check()
            .expect_err("an outside image");
        assert_eq!(refused.field.as_deref(), Some("fullContent"));
        assert!(
            refused
                .message
                .to_string()
                .contains("(https://cdn.example/x.png)"),
            "{refused:?}"
        );
        assert!(
            post("Hi ![x](/objects/1)", Some(ContentFormat::Markdown))
                .check()
                .is_ok()
        );
        // Plain text shows the brackets as typed: nothing is fetched.
        assert!(
            post(
                "![x](https://cdn.example/x.png)",
                Some(ContentFormat::Plain)
            )
            .check()
            .is_ok()
        );
    }

    #[test]
    fn dates_are_real() {
        assert!(calendar_date("2026-02-28".to_owned()).is_ok());
        for bad in ["2026-02-30", "2026-2-3", "26-02-03", "soon"] {
            assert!(calendar_date(bad.to_owned()).is_err(), "{bad}");
        }
    }
}

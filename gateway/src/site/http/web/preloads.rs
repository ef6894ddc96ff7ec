//! What a public page needs first, named in its served HTML so the browser
//! fetches it with the document instead of after running the app: the
//! page's own scripts beyond the entry (`<link rel="modulepreload">`, from
//! `route-chunks.json`, written by the web build's
//! `web/build-plugins/route-chunks.ts`; in French or Kiswahili also the
//! language's messages the page waits for, under `<lang>:<route>`) and the API answers it reads first
//! (`<link rel="preload" as="fetch">`, from `web/src/app/route-data.json`,
//! whose addresses the web app's tests hold equal to the ones it asks for).

use std::collections::HashMap;
use std::path::Path;

use crate::site::pages::escape;

/// The built table's file name, beside `index.html`.
const SCRIPTS_FILE: &str = "route-chunks.json";

/// Route (as in the route table, `/blog/:id`) → what its page loads first.
#[derive(Default)]
pub struct Preloads {
    scripts: HashMap<String, Vec<String>>,
    data: HashMap<String, Vec<String>>,
}

impl Preloads {
    /// The scripts of the app built in `dist` (none, with a warning, when
    /// its table is missing or unreadable: the pages still work, later)
    /// and the API answers of the shared table.
    pub fn load(dist: &Path) -> Self {
        Self {
            scripts: read_scripts(&dist.join(SCRIPTS_FILE)),
            data: serde_json::from_str(include_str!("../../../../../web/src/app/route-data.json"))
                .expect("web/src/app/route-data.json is valid"),
        }
    }

    /// `head` followed by the preload tags of `route`'s page in `lang`;
    /// `id` fills the `:id` of an item's answers (an answer that needs one
    /// is left out without it), `lang` the `:lang` of a list's (its items
    /// first). Only this site's own paths are named.
    pub fn head(&self, route: &str, id: Option<&str>, lang: &str, head: String) -> String {
        let mut out = head;
        for path in self.data.get(route).into_iter().flatten() {
            let path = match (path.contains(":id"), id) {
                (false, _) => path.replace(":lang", lang),
                (true, Some(id)) => path.replace(":id", id),
                (true, None) => continue,
            };
            if path.starts_with("/api/") {
                // Fetched as the app's fetch() is (CORS mode, credentials
                // included): a preload of another mode is not reused, and
                // the browser fetches twice.
                out.push_str("\n    <link rel=\"preload\" as=\"fetch\" href=\"");
                out.push_str(&escape(&path));
                out.push_str("\" crossorigin=\"use-credentials\">");
            }
        }
        // The language's messages first: the app reads them before it draws.
        let texts = (lang != "en")
            .then(|| self.scripts.get(&format!("{lang}:{route}")))
            .flatten();
        for script in texts.into_iter().chain(self.scripts.get(route)).flatten() {
            if script.starts_with("/assets/") {
                out.push_str("\n    <link rel=\"modulepreload\" href=\"");
                out.push_str(&escape(script));
                out.push_str("\">");
            }
        }
        out
    }
}

fn read_scripts(path: &Path) -> HashMap<String, Vec<String>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            tracing::warn!(path = %path.display(), %error, "no route scripts: pages load their code after the entry script");
            return HashMap::new();
        }
    };
    serde_json::from_str(&text).unwrap_or_else(|error| {
        tracing::warn!(path = %path.display(), %error, "unreadable route scripts: pages load their code after the entry script");
        HashMap::new()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn preloads(scripts: &str, data: &str) -> Preloads {
        Preloads {
            scripts: serde_json::from_str(scripts).expect("valid scripts table"),
            data: serde_json::from_str(data).expect("valid data table"),
        }
    }

    #[test]
    fn a_page_names_its_answers_then_its_scripts_after_its_head() {
        let table = preloads(
            r#"{"/blog": ["/assets/blog-page-1.js", "/assets/dates-2.js"]}"#,
            r#"{"/blog": ["/api/blog?page=1&limit=12&lang=:lang"]}"#,
        );
        assert_eq!(
            table.head("/blog", None, "fr", "<title>Blog</title>".into()),
            "<title>Blog</title>\
             \n    <link rel=\"preload\" as=\"fetch\" href=\"/api/blog?page=1&amp;limit=12&amp;lang=fr\" crossorigin=\"use-credentials\">\
             \n    <link rel=\"modulepreload\" href=\"/assets/blog-page-1.js\">\
             \n    <link rel=\"modulepreload\" href=\"/assets/dates-2.js\">"
        );
        assert_eq!(
            table.head("/", None, "en", "<title>Home</title>".into()),
            "<title>Home</title>"
        );
    }

    #[test]
    fn another_language_names_its_messages_before_the_page() {
        let table = preloads(
            r#"{"/": ["/assets/home-page-1.js"], "fr:/": ["/assets/catalog-fr-2.js", "/assets/catalog-fr-home-3.js"], "sw:/": ["/assets/catalog-sw-4.js"]}"#,
            "{}",
        );
        assert_eq!(
            table.head("/", None, "fr", String::new()),
            "\n    <link rel=\"modulepreload\" href=\"/assets/catalog-fr-2.js\">\
             \n    <link rel=\"modulepreload\" href=\"/assets/catalog-fr-home-3.js\">\
             \n    <link rel=\"modulepreload\" href=\"/assets/home-page-1.js\">"
        );
        assert_eq!(
            table.head("/", None, "en", String::new()),
            "\n    <link rel=\"modulepreload\" href=\"/assets/home-page-1.js\">"
        );
    }

    #[test]
    fn an_items_answer_needs_its_id() {
        let table = preloads("{}", r#"{"/blog/:id": ["/api/blog/:id"]}"#);
        assert_eq!(
            table.head("/blog/:id", Some("42"), "en", String::new()),
            "\n    <link rel=\"preload\" as=\"fetch\" href=\"/api/blog/42\" crossorigin=\"use-credentials\">"
        );
        assert_eq!(table.head("/blog/:id", None, "en", String::new()), "");
    }

    #[test]
    fn only_the_sites_own_paths_are_named_and_escaped() {
        let table = preloads(
            r#"{"/x": ["https://elsewhere.example/a.js", "/assets/a\"b.js"]}"#,
            r#"{"/x": ["https://elsewhere.example/api"]}"#,
        );
        assert_eq!(
            table.head("/x", None, "en", String::new()),
            "\n    <link rel=\"modulepreload\" href=\"/assets/a&quot;b.js\">"
        );
    }

    #[test]
    fn without_a_built_table_only_the_answers_are_named() {
        let table = Preloads::load(Path::new("/nonexistent-dist"));
        assert!(table.scripts.is_empty());
        assert!(
            table
                .head("/events", None, "en", String::new())
                .contains("/api/events/facets")
        );
    }
}

//! The web app's route table (`web/src/app/routes.json`), shared with the
//! gateway: which paths are pages, which are aliases.

use serde::Deserialize;

/// The route table shared with `web/src/app/routes.json`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteTable {
    pub(super) routes: Vec<String>,
    admin_routes: Vec<String>,
    redirects: std::collections::HashMap<String, String>,
}

impl RouteTable {
    pub fn shared() -> Self {
        serde_json::from_str(include_str!("../../../../../web/src/app/routes.json"))
            .expect("web/src/app/routes.json is valid")
    }

    /// Whether `path` is a page of the web app (`:param` matches one segment).
    pub fn is_page(&self, path: &str) -> bool {
        self.public_route(path).is_some() || self.is_admin_page(path)
    }

    /// The public route pattern `path` matches (`/blog/:id` for `/blog/7`).
    pub fn public_route(&self, path: &str) -> Option<&str> {
        let path = normalize(path);
        self.routes
            .iter()
            .find(|pattern| matches(pattern, path))
            .map(String::as_str)
    }

    pub(super) fn is_admin_page(&self, path: &str) -> bool {
        let path = normalize(path);
        self.admin_routes
            .iter()
            .any(|pattern| matches(pattern, path))
    }

    pub fn redirect(&self, path: &str) -> Option<&str> {
        self.redirects.get(normalize(path)).map(String::as_str)
    }
}

pub(super) fn normalize(path: &str) -> &str {
    match path.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    }
}

fn matches(pattern: &str, path: &str) -> bool {
    let mut pattern = pattern.split('/');
    let mut path = path.split('/');
    loop {
        match (pattern.next(), path.next()) {
            (None, None) => return true,
            (Some(p), Some(s)) if p.starts_with(':') && !s.is_empty() => {}
            (Some(p), Some(s)) if p == s => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_table_knows_pages_params_and_admin_routes() {
        let table = RouteTable::shared();
        for page in [
            "/",
            "/login",
            "/blog/42",
            "/events/abc/",
            "/admin/events/enhanced",
            "/admin/blogs/new",
            "/admin/blogs/0190c3a4-0000-7000-8000-000000000001",
        ] {
            assert!(table.is_page(page), "{page} should be a page");
        }
        for missing in [
            "/nope",
            "/blog/1/2",
            "/admin/unknown",
            "/loginx",
            "/admin/blogs/1/2",
        ] {
            assert!(!table.is_page(missing), "{missing} should not be a page");
        }
    }

    #[test]
    fn aliases_redirect() {
        let table = RouteTable::shared();
        assert_eq!(table.redirect("/terms"), Some("/terms-of-service"));
        assert_eq!(table.redirect("/nyota-bi/"), Some("/data-forge"));
        assert_eq!(table.redirect("/privacy"), None);
    }
}

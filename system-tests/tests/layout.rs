//! The shape every gateway domain keeps, checked on the files themselves
//! (no database, no NATS), so a reader finds the room for a change in the
//! same place in each domain:
//!
//! - `<domain>/mod.rs` holds the domain's module lines, its named exports
//!   and one function, `router`;
//! - the routes live in `<domain>/http/`, one file per resource, and those
//!   files run no SQL and open no transaction: a handler calls one store
//!   function per unit of work;
//! - the queries live in `<domain>/store/`, one file per table, exported by
//!   name (a reader sees which file holds a function);
//! - no source or test file is over 600 lines.

use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root")
        .to_path_buf()
}

/// The gateway's domains: every folder of `gateway/src` but `platform`,
/// the ground floor they all build on.
fn domains() -> Vec<PathBuf> {
    let src = root().join("gateway/src");
    let mut domains: Vec<PathBuf> = std::fs::read_dir(&src)
        .unwrap_or_else(|e| panic!("{src:?}: {e}"))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_dir() && !path.ends_with("platform"))
        .collect();
    domains.sort();
    assert!(domains.len() >= 7, "the domains: {domains:?}");
    domains
}

/// Every file under `folder` whose name ends with one of `endings`.
fn files(folder: &Path, endings: &[&str]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir:?}: {e}")) {
            let path = entry.expect("a directory entry").path();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if path.is_dir() {
                if name != "node_modules" && name != "target" {
                    pending.push(path);
                }
            } else if endings.iter().any(|ending| name.ends_with(ending)) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// The lines of `source` that are code: comments dropped.
fn code_lines(source: &str) -> impl Iterator<Item = (usize, &str)> {
    source
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

fn fail_on(problems: &[String], what: &str) {
    assert!(problems.is_empty(), "{what}:\n  {}", problems.join("\n  "));
}

#[test]
fn every_gateway_domain_has_the_same_folders() {
    let mut problems = Vec::new();
    for domain in domains() {
        for part in ["mod.rs", "error.rs", "http/mod.rs", "store/mod.rs"] {
            if !domain.join(part).is_file() {
                problems.push(format!("{} has no {part}", relative(&domain)));
            }
        }
    }
    fail_on(&problems, "a domain without the template's parts");
}

/// What a domain's `mod.rs` may hold, line by line at its top level.
fn allowed_in_domain_root(line: &str) -> bool {
    let top_level = !line.starts_with([' ', '\t']);
    !top_level
        || line.is_empty()
        || line == "}"
        || line == "};"
        || line.starts_with("#[")
        || [
            "mod ",
            "pub mod ",
            "pub(crate) mod ",
            "use ",
            "pub use ",
            "pub(crate) use ",
        ]
        .iter()
        .any(|start| line.starts_with(start))
        || line.starts_with("pub fn router() ")
}

#[test]
fn a_domain_root_holds_only_its_router_and_exports() {
    let mut problems = Vec::new();
    for domain in domains() {
        let path = domain.join("mod.rs");
        let source = read(&path);
        for (number, line) in code_lines(&source) {
            if !allowed_in_domain_root(line) {
                problems.push(format!("{}:{number}: {line}", relative(&path)));
            }
        }
    }
    fail_on(
        &problems,
        "more than the router and exports in a domain's mod.rs",
    );
}

#[test]
fn routes_live_in_http_folders() {
    let mut problems = Vec::new();
    for domain in domains() {
        for path in files(&domain, &[".rs"]) {
            let in_http = path
                .strip_prefix(&domain)
                .is_ok_and(|inner| inner.starts_with("http"));
            let source = read(&path);
            let defines_routes = code_lines(&source)
                .any(|(_, line)| line.contains("routes!(") || line.contains(".route("));
            if defines_routes && !in_http {
                problems.push(relative(&path));
            }
        }
    }
    fail_on(&problems, "routes outside a domain's http/ folder");
}

/// What only a store may run.
const STORE_ONLY: [&str; 7] = [
    "sqlx::query",
    "query!(",
    "query_as!(",
    "query_scalar!(",
    ".begin()",
    "Transaction<",
    "PgConnection",
];

#[test]
fn route_files_run_no_sql_and_open_no_transaction() {
    let mut problems = Vec::new();
    for domain in domains() {
        let mut route_files = files(&domain.join("http"), &[".rs"]);
        route_files.push(domain.join("mod.rs"));
        for path in route_files.iter().filter(|path| path.is_file()) {
            let source = read(path);
            for (number, line) in code_lines(&source) {
                if let Some(found) = STORE_ONLY.iter().find(|call| line.contains(*call)) {
                    problems.push(format!("{}:{number}: {found}", relative(path)));
                }
            }
        }
    }
    fail_on(&problems, "SQL or a transaction in a route file");
}

#[test]
fn stores_export_by_name() {
    let mut problems = Vec::new();
    for domain in domains() {
        let store = domain.join("store");
        if !store.is_dir() {
            continue;
        }
        for path in files(&store, &[".rs"]) {
            let source = read(&path);
            for (number, line) in code_lines(&source) {
                if line.contains("pub use") && line.trim_end().ends_with("::*;") {
                    problems.push(format!("{}:{number}: {line}", relative(&path)));
                }
            }
        }
    }
    fail_on(&problems, "a glob re-export in a store");
}

#[test]
fn no_source_or_test_file_is_over_600_lines() {
    let rust = [
        "gateway",
        "workers",
        "contract",
        "system-tests",
        "loadtests",
    ];
    let web = ["web/src", "web/e2e", "web/scripts"];
    let mut all = Vec::new();
    for folder in rust {
        all.extend(files(&root().join(folder), &[".rs"]));
    }
    for folder in web {
        all.extend(files(&root().join(folder), &[".ts", ".tsx", ".mjs"]));
    }
    assert!(all.len() > 300, "the sources: {}", all.len());
    let problems: Vec<String> = all
        .iter()
        .filter_map(|path| {
            let lines = read(path).lines().count();
            (lines > 600).then(|| format!("{}: {lines} lines", relative(path)))
        })
        .collect();
    fail_on(&problems, "files over 600 lines");
}

#[test]
fn the_checks_see_what_they_look_for() {
    assert!(allowed_in_domain_root("pub use error::ChatError;"));
    assert!(allowed_in_domain_root(
        "pub fn router() -> OpenApiRouter<AppState> {"
    ));
    assert!(allowed_in_domain_root("    http::router()"));
    assert!(!allowed_in_domain_root("pub const MAX: usize = 1;"));
    assert!(!allowed_in_domain_root(
        "pub async fn reopen(state: &AppState) {"
    ));
    assert!(!allowed_in_domain_root("struct Hidden;"));
    let handler = "    let mut tx = state.pool.begin().await?;";
    assert!(STORE_ONLY.iter().any(|call| handler.contains(call)));
    let comments = "// sqlx::query!(\n/// .begin()\nfn f() {}";
    assert_eq!(code_lines(comments).count(), 1);
}

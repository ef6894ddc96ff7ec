//! The map against the code: `docs/ARCHITECTURE.md` declares, in tables
//! marked `<!-- dependencies: <crate>/src -->`, which top-level module of a
//! crate uses which. This test reads every `.rs` file under those folders
//! (no database, no NATS), collects each `crate::<module>` path (in `use`
//! lines, grouped or not, and in code; `super::` paths that climb to the
//! crate root count too; comments and strings do not), and fails, naming
//! file and line, on an edge the table lacks, on an edge the table lists
//! that no file has any more, and on a table row or module the other side
//! does not know.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[path = "architecture/files.rs"]
mod files;
#[path = "architecture/scan.rs"]
mod scan;

use scan::{Edge, root_paths};

/// The map, from the repository's root.
const MAP: &str = "docs/ARCHITECTURE.md";

/// The comment that opens a dependency table; the crate's source folder
/// follows it, then ` -->`.
const MARKER: &str = "<!-- dependencies: ";

/// What a row allows its modules to use.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Allowed {
    /// `*`: every module (the crate's shell, which puts the app together).
    Any,
    /// These modules and no other (`—` for none).
    Only(BTreeSet<String>),
}

/// One dependency table: each module with what it may use.
type Table = BTreeMap<String, Allowed>;

/// Every dependency table of `markdown`, by source folder (`gateway/src`).
fn parse_tables(markdown: &str) -> Result<BTreeMap<String, Table>, String> {
    let mut tables = BTreeMap::new();
    let mut lines = markdown.lines().enumerate().peekable();
    while let Some((number, line)) = lines.next() {
        let Some(rest) = line.trim().strip_prefix(MARKER) else {
            continue;
        };
        let folder = rest
            .strip_suffix("-->")
            .map(str::trim)
            .filter(|folder| !folder.is_empty())
            .ok_or_else(|| format!("line {}: expected `{MARKER}<folder> -->`", number + 1))?;
        while lines.peek().is_some_and(|(_, line)| line.trim().is_empty()) {
            lines.next();
        }
        let mut rows = Vec::new();
        while let Some((number, line)) = lines.next_if(|(_, line)| line.trim().starts_with('|')) {
            rows.push((number + 1, line));
        }
        // The header row and the `|---|---|` row come first.
        if rows.len() < 3 {
            return Err(format!(
                "line {}: the table for {folder} needs a header, a separator and rows",
                number + 1
            ));
        }
        let mut table = Table::new();
        for (number, row) in &rows[2..] {
            let cells: Vec<&str> = row.trim().trim_matches('|').split('|').collect();
            let [modules, uses, ..] = cells[..] else {
                return Err(format!("line {number}: expected `| module | may use |`"));
            };
            let allowed = match uses.trim() {
                "*" => Allowed::Any,
                "" | "—" | "-" => Allowed::Only(BTreeSet::new()),
                uses => Allowed::Only(names(uses).collect()),
            };
            for module in names(modules) {
                if table.insert(module.clone(), allowed.clone()).is_some() {
                    return Err(format!("line {number}: `{module}` has a second row"));
                }
            }
        }
        if tables.insert(folder.to_owned(), table).is_some() {
            return Err(format!("line {}: a second table for {folder}", number + 1));
        }
    }
    Ok(tables)
}

/// The comma-separated names of a cell, without their backticks.
fn names(cell: &str) -> impl Iterator<Item = String> + '_ {
    cell.split(',')
        .map(|name| name.trim().trim_matches('`').trim())
        .filter(|name| !name.is_empty())
        .map(str::to_owned)
}

/// The top-level modules of a crate's source folder: each `.rs` file by its
/// stem (`lib.rs` is `lib`) and each folder by its name.
fn modules(folder: &Path) -> BTreeSet<String> {
    let entries = std::fs::read_dir(folder).unwrap_or_else(|e| panic!("{folder:?}: {e}"));
    entries
        .map(|entry| entry.expect("a directory entry").path())
        .filter_map(|path| {
            if path.is_dir() {
                path.file_name()
                    .map(|name| name.to_string_lossy().into_owned())
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                path.file_stem()
                    .map(|stem| stem.to_string_lossy().into_owned())
            } else {
                None
            }
        })
        .collect()
}

/// Every `.rs` file under `folder`.
fn rust_files(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir:?}: {e}")) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A file's top-level module and its module depth (`chat/store/mod.rs` is
/// `chat` at 2, `chat/hub.rs` `chat` at 2, `state.rs` `state` at 1,
/// `lib.rs` `lib` at 0).
fn module_of(relative: &Path) -> (String, usize) {
    let parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    let top = parts[0].trim_end_matches(".rs").to_owned();
    let last = parts.last().map(String::as_str).unwrap_or_default();
    let depth = match last {
        "lib.rs" | "main.rs" if parts.len() == 1 => 0,
        "mod.rs" => parts.len() - 1,
        _ => parts.len(),
    };
    (top, depth)
}

/// What is wrong between one crate's table and its code, one line each.
fn check(root: &Path, folder: &str, table: &Table) -> Vec<String> {
    let source = root.join(folder);
    let mut problems = Vec::new();
    let modules = modules(&source);
    for module in &modules {
        if !table.contains_key(module) {
            problems.push(format!(
                "{folder}/{module} exists, but {MAP}'s table for {folder} has no row for `{module}`"
            ));
        }
    }
    for (module, allowed) in table {
        if !modules.contains(module) {
            problems.push(format!(
                "{MAP}'s table for {folder} has a row for `{module}`, which is no module of {folder}"
            ));
        }
        if let Allowed::Only(uses) = allowed {
            for used in uses.iter().filter(|used| !modules.contains(*used)) {
                problems.push(format!(
                    "{MAP}'s table for {folder} lets `{module}` use `{used}`, which is no module of {folder}"
                ));
            }
        }
    }

    let mut used: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(&source) {
        let relative = file.strip_prefix(&source).expect("under the folder");
        let (module, depth) = module_of(relative);
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        for Edge { line, target } in root_paths(&text, depth) {
            // An item of the crate root itself (`crate::WorkerContext`).
            let target = if modules.contains(&target) {
                target
            } else {
                "lib".to_owned()
            };
            if target == module {
                continue;
            }
            match table.get(&module) {
                Some(Allowed::Any) | None => {}
                Some(Allowed::Only(uses)) if uses.contains(&target) => {
                    if let Some((key, _)) = table.get_key_value(&module) {
                        used.entry(key).or_default().insert(target);
                    }
                }
                Some(Allowed::Only(_)) => problems.push(format!(
                    "{folder}/{}:{line}: `{module}` uses `{target}`, an edge {MAP}'s table for {folder} does not show",
                    relative.display()
                )),
            }
        }
    }
    for (module, allowed) in table.iter().filter(|(module, _)| modules.contains(*module)) {
        if let Allowed::Only(uses) = allowed {
            let found = used.get(module.as_str());
            for stale in uses
                .iter()
                .filter(|u| !found.is_some_and(|f| f.contains(*u)))
            {
                problems.push(format!(
                    "{MAP}'s table for {folder} shows `{module}` using `{stale}`, which no file of `{module}` does any more: take it out of the table"
                ));
            }
        }
    }
    problems
}

#[test]
fn the_map_shows_every_dependency_between_modules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the repository's root");
    let map = std::fs::read_to_string(root.join(MAP)).expect("docs/ARCHITECTURE.md is readable");
    let tables = parse_tables(&map).unwrap_or_else(|e| panic!("{MAP}: {e}"));
    assert!(
        tables.contains_key("gateway/src"),
        "{MAP} has no table marked `{MARKER}gateway/src -->`"
    );
    let mut report = String::new();
    for (folder, table) in &tables {
        for problem in check(root, folder, table) {
            let _ = writeln!(report, "{problem}");
        }
    }
    assert!(report.is_empty(), "the map and the code differ:\n{report}");
}

/// A cycle among the modules of `table` other than `skip` (and the rows
/// allowed everything): the modules along it, the first one again at the
/// end.
fn cycle(table: &Table, skip: &[&str]) -> Option<Vec<String>> {
    fn visit(
        table: &Table,
        skip: &[&str],
        module: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|seen| seen == module) {
            let mut found = path[start..].to_vec();
            found.push(module.to_owned());
            return Some(found);
        }
        if done.contains(module) || skip.contains(&module) {
            return None;
        }
        path.push(module.to_owned());
        if let Some(Allowed::Only(uses)) = table.get(module) {
            for next in uses {
                if let Some(found) = visit(table, skip, next, path, done) {
                    return Some(found);
                }
            }
        }
        path.pop();
        done.insert(module.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    table
        .keys()
        .find_map(|module| visit(table, skip, module, &mut Vec::new(), &mut done))
}

/// The module every gateway domain's handlers take their state from: it is
/// assembled from the domains' parts, so it is the one edge back.
const ASSEMBLY: &[&str] = &["state"];

#[test]
fn no_cycle_among_the_modules_of_the_map() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the repository's root");
    let map = std::fs::read_to_string(root.join(MAP)).expect("docs/ARCHITECTURE.md is readable");
    for (folder, table) in parse_tables(&map).unwrap_or_else(|e| panic!("{MAP}: {e}")) {
        if let Some(found) = cycle(&table, ASSEMBLY) {
            panic!("{folder}: a cycle: {}", found.join(" → "));
        }
    }
    let mut looped = Table::new();
    looped.insert("a".into(), Allowed::Only(["b".into()].into()));
    looped.insert("b".into(), Allowed::Only(["a".into()].into()));
    assert_eq!(
        cycle(&looped, &[]),
        Some(vec!["a".into(), "b".into(), "a".into()])
    );
    assert_eq!(cycle(&looped, &["b"]), None);
}

#[test]
fn a_table_with_one_edge_parses() {
    let markdown = "Intro.\n\n<!-- dependencies: demo/src -->\n\n\
        | module | may use |\n|---|---|\n\
        | `chat` | `platform` |\n| `platform` | — |\n| `app`, `lib` | * |\n\nAfter.\n";
    let tables = parse_tables(markdown).expect("a well-formed table");
    let only = |names: &[&str]| Allowed::Only(names.iter().map(|n| (*n).to_owned()).collect());
    let expected: Table = [
        ("chat".to_owned(), only(&["platform"])),
        ("platform".to_owned(), only(&[])),
        ("app".to_owned(), Allowed::Any),
        ("lib".to_owned(), Allowed::Any),
    ]
    .into();
    assert_eq!(tables, [("demo/src".to_owned(), expected)].into());
}

#[test]
fn a_second_row_for_a_module_is_refused() {
    let markdown = "<!-- dependencies: demo/src -->\n| module | may use |\n|---|---|\n\
        | `chat` | `platform` |\n| `chat` | * |\n";
    assert!(parse_tables(markdown).is_err());
}

/// No file imports, through others, from a file that imports it: not even
/// through `state.rs`, whose parts import no handler.
#[test]
fn no_cycle_among_the_files_of_a_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the repository's root");
    let mut report = String::new();
    for folder in ["gateway/src", "workers/src"] {
        let source = root.join(folder);
        let edges = files::Crate::read(&source, &rust_files(&source)).edges();
        for found in files::cycles(&edges, &[]) {
            let _ = writeln!(report, "{folder}: {}", found.join(" → "));
        }
    }
    assert!(report.is_empty(), "files that import each other:\n{report}");
}

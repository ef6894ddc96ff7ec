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

/// `source` with comments, string and character literals blanked out
/// (newlines kept, so offsets keep their lines).
fn code_only(source: &str) -> Vec<u8> {
    let bytes = source.as_bytes();
    let mut code = bytes.to_vec();
    let blank = |code: &mut Vec<u8>, from: usize, to: usize| {
        for byte in &mut code[from..to] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    };
    let ident = |byte: u8| byte.is_ascii_alphanumeric() || byte == b'_';
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if rest.starts_with(b"//") {
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |n| i + n);
            blank(&mut code, i, end);
            i = end;
        } else if rest.starts_with(b"/*") {
            let (mut depth, mut j) = (0usize, i);
            while j < bytes.len() {
                if bytes[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if bytes[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut code, i, j);
            i = j;
        } else if let Some(hashes) = raw_string_start(bytes, i) {
            // r"…", r#"…"#, br"…": no escapes, ends at `"` and as many `#`.
            let open = i + rest.iter().position(|&b| b == b'"').unwrap_or(0) + 1;
            let mut closing = vec![b'"'];
            closing.extend(std::iter::repeat_n(b'#', hashes));
            let end = bytes[open..]
                .windows(closing.len())
                .position(|window| window == closing.as_slice())
                .map_or(bytes.len(), |n| open + n + closing.len());
            blank(&mut code, open, end);
            i = end;
        } else if bytes[i] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(bytes.len());
            blank(&mut code, i, end);
            i = end;
        } else if bytes[i] == b'\''
            && (i == 0
                || !ident(bytes[i - 1])
                || (bytes[i - 1] == b'b' && (i == 1 || !ident(bytes[i - 2]))))
        {
            // A character or byte literal ('x', b'{', '\n', '…'); a lifetime
            // ('a) is code.
            let mut j = i + 1;
            if bytes.get(j) == Some(&b'\\') {
                j += 2;
                while j < bytes.len() && bytes[j] != b'\'' && bytes[j] != b'\n' {
                    j += 1;
                }
            } else if bytes.get(j).is_some_and(|&b| b >= 0x80) {
                while bytes.get(j).is_some_and(|&b| b >= 0x80) {
                    j += 1;
                }
            } else {
                j += 1;
            }
            if bytes.get(j) == Some(&b'\'') {
                blank(&mut code, i, j + 1);
                i = j + 1;
            } else {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    code
}

/// When a raw string literal starts at `i`, its number of `#`.
fn raw_string_start(bytes: &[u8], i: usize) -> Option<usize> {
    if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
        return None;
    }
    let mut j = i;
    if matches!(bytes.get(j), Some(b'b' | b'c')) {
        j += 1;
    }
    if bytes.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let hashes = bytes[j..].iter().take_while(|&&b| b == b'#').count();
    (bytes.get(j + hashes) == Some(&b'"')).then_some(hashes)
}

/// A path from one top-level module to another, where it is written.
#[derive(Debug, PartialEq, Eq)]
struct Edge {
    line: usize,
    /// The first segment after `crate::` (or the `super::`s that reach the
    /// crate root): a module, or an item of the crate root itself.
    target: String,
}

/// The paths in `source` that start at the crate root: `crate::x`,
/// `crate::{x, y::z}`, and `super::…::x` climbing to the root. `depth` is
/// the file's own module depth (`chat/hub.rs` is 2, `chat/mod.rs` 1,
/// `lib.rs` 0); modules declared inline (`mod tests { … }`) add theirs.
fn root_paths(source: &str, depth: usize) -> Vec<Edge> {
    let code = code_only(source);
    let ident = |byte: u8| byte.is_ascii_alphanumeric() || byte == b'_';
    let line_of = |offset: usize| code[..offset].iter().filter(|&&b| b == b'\n').count() + 1;
    let skip_space = |mut i: usize| {
        while code.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    };
    let word_at = |i: usize| {
        let end = code[i..]
            .iter()
            .position(|&b| !ident(b))
            .map_or(code.len(), |n| i + n);
        (std::str::from_utf8(&code[i..end]).unwrap_or(""), end)
    };
    // After `::` at `i`: the segment, or each item's first segment in a group.
    let targets_at = |i: usize| -> Vec<String> {
        let i = skip_space(i);
        if code.get(i) != Some(&b'{') {
            let (word, _) = word_at(i);
            return vec![word.to_owned()];
        }
        let (mut level, mut item_start, mut found) = (0usize, true, Vec::new());
        for (j, &byte) in code.iter().enumerate().skip(i) {
            match byte {
                b'{' => {
                    level += 1;
                    if level == 1 {
                        item_start = true;
                        continue;
                    }
                }
                b'}' => {
                    level -= 1;
                    if level == 0 {
                        break;
                    }
                }
                b',' if level == 1 => item_start = true,
                byte if item_start && level == 1 && ident(byte) => {
                    found.push(word_at(j).0.to_owned());
                    item_start = false;
                }
                byte if item_start && !byte.is_ascii_whitespace() => item_start = false,
                _ => {}
            }
        }
        found
    };

    let mut edges = Vec::new();
    let mut level = 0usize;
    // The brace levels at which inline modules opened.
    let mut inline = Vec::new();
    let mut module_opens = false;
    let mut i = 0;
    while i < code.len() {
        let byte = code[i];
        if byte == b'{' {
            level += 1;
            if module_opens {
                inline.push(level);
                module_opens = false;
            }
            i += 1;
            continue;
        }
        if byte == b'}' {
            if inline.last() == Some(&level) {
                inline.pop();
            }
            level = level.saturating_sub(1);
            i += 1;
            continue;
        }
        if byte == b';' {
            module_opens = false;
        }
        if !ident(byte) || (i > 0 && ident(code[i - 1])) {
            i += 1;
            continue;
        }
        let (word, end) = word_at(i);
        let after = skip_space(end);
        let followed_by_path = code[after..].starts_with(b"::");
        match word {
            "mod" => {
                let (_, name_end) = word_at(skip_space(end));
                module_opens = code.get(skip_space(name_end)) == Some(&b'{');
            }
            "crate" if followed_by_path => {
                for target in targets_at(after + 2) {
                    edges.push(Edge {
                        line: line_of(i),
                        target,
                    });
                }
            }
            "super" if followed_by_path => {
                // Count the chain: super::super::…
                let (mut climbs, mut next) = (1, after + 2);
                loop {
                    let start = skip_space(next);
                    let (word, end) = word_at(start);
                    let after = skip_space(end);
                    if word == "super" && code[after..].starts_with(b"::") {
                        climbs += 1;
                        next = after + 2;
                    } else {
                        break;
                    }
                }
                if depth + inline.len() == climbs {
                    for target in targets_at(next) {
                        edges.push(Edge {
                            line: line_of(i),
                            target,
                        });
                    }
                }
                i = next;
                continue;
            }
            _ => {}
        }
        i = end;
    }
    edges.retain(|edge| !edge.target.is_empty() && edge.target != "self");
    edges
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

#[test]
fn paths_to_the_crate_root_are_found_and_comments_are_not() {
    let source = r##"//! Uses `crate::ops` in a comment only.
use crate::{chat::{hub, owners}, content, self};
use crate::platform::error::ApiError;
/* crate::site */
fn f() {
    let s = "crate::privacy";
    let c = '{';
    let b = b'{';
    let r = r#"crate::intake"#;
    crate::state::AppState::new();
    let _: &'static str = s;
}
mod tests {
    use super::super::accounts;
    use super::*;
}
"##;
    let edges: Vec<(usize, String)> = root_paths(source, 1)
        .into_iter()
        .map(|edge| (edge.line, edge.target))
        .collect();
    let expected: Vec<(usize, String)> = [
        (2, "chat"),
        (2, "content"),
        (3, "platform"),
        (10, "state"),
        (14, "accounts"),
    ]
    .into_iter()
    .map(|(line, target)| (line, target.to_owned()))
    .collect();
    assert_eq!(edges, expected);
}

#[test]
fn super_within_the_module_is_no_edge() {
    // chat/http/visitor.rs: `super::` is chat::http, `super::super::` chat.
    let source = "use super::access;\nuse super::super::store;\n";
    assert!(root_paths(source, 3).is_empty());
    // state.rs: `super::x` is the crate root's x.
    assert_eq!(root_paths("use super::chat;\n", 1)[0].target, "chat");
}

//! The imports between the files of one crate, each resolved to the file
//! that defines what it names: `use crate::chat::store::add_note` is an
//! edge to `chat/store/notes.rs` when `chat/store/mod.rs` only re-exports
//! it. Declaring a module (`mod x;`) is no import, nor is code under
//! `#[cfg(test)]`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::scan::code_only;

/// A module path from the crate root (`["chat", "store"]`).
type ModulePath = Vec<String>;

struct File {
    /// Where the file sits, from the source folder (`chat/store/mod.rs`).
    name: String,
    module: ModulePath,
    /// The names it defines (functions, types, constants, …).
    items: BTreeSet<String>,
    /// What its `use` declarations bring in: local name to the path written.
    imports: BTreeMap<String, Vec<String>>,
    /// Every path it writes, from its `use` declarations and its code.
    paths: Vec<Vec<String>>,
}

/// A crate's files and the edges between them.
pub struct Crate {
    files: Vec<File>,
    by_module: BTreeMap<ModulePath, usize>,
}

impl Crate {
    /// Reads every `.rs` file under `source`.
    pub fn read(source: &Path, files: &[std::path::PathBuf]) -> Crate {
        let files: Vec<File> = files
            .iter()
            .map(|path| {
                let relative = path.strip_prefix(source).expect("under the source folder");
                let text =
                    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
                parse(relative, &text)
            })
            .collect();
        let by_module = files
            .iter()
            .enumerate()
            .map(|(index, file)| (file.module.clone(), index))
            .collect();
        Crate { files, by_module }
    }

    /// Each file's name with the files it imports from.
    pub fn edges(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut edges = BTreeMap::new();
        for (index, file) in self.files.iter().enumerate() {
            let mut targets = BTreeSet::new();
            for path in &file.paths {
                if let Some(target) = self
                    .resolve(index, path, &mut BTreeSet::new())
                    .filter(|target| *target != index)
                {
                    targets.insert(self.files[target].name.clone());
                }
            }
            edges.insert(file.name.clone(), targets);
        }
        edges
    }

    /// The file defining what `path`, written in file `from`, names.
    fn resolve(
        &self,
        from: usize,
        path: &[String],
        seen: &mut BTreeSet<(usize, Vec<String>)>,
    ) -> Option<usize> {
        if !seen.insert((from, path.to_vec())) {
            return None;
        }
        let file = &self.files[from];
        let (mut module, rest): (ModulePath, &[String]) = match path.first()?.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (file.module.clone(), &path[1..]),
            "super" => {
                let mut module = file.module.clone();
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    module.pop();
                    rest = &rest[1..];
                }
                (module, rest)
            }
            first => {
                // A child module, or a name this file imports.
                let mut child = file.module.clone();
                child.push(first.to_owned());
                if self.by_module.contains_key(&child) {
                    (file.module.clone(), path)
                } else if let Some(imported) = file
                    .imports
                    .get(first)
                    .filter(|imported| imported.first().is_some_and(|head| head != first))
                {
                    let mut full = imported.clone();
                    full.extend_from_slice(&path[1..]);
                    return self.resolve(from, &full, seen);
                } else {
                    // An outside crate, or a name of this file.
                    return None;
                }
            }
        };
        let mut rest = rest;
        while let Some(segment) = rest.first() {
            let mut child = module.clone();
            child.push(segment.clone());
            if self.by_module.contains_key(&child) {
                module = child;
                rest = &rest[1..];
            } else {
                break;
            }
        }
        let owner = *self.by_module.get(&module)?;
        let Some(name) = rest.first() else {
            return Some(owner);
        };
        let file = &self.files[owner];
        if file.items.contains(name) {
            return Some(owner);
        }
        match file.imports.get(name) {
            Some(imported) => self.resolve(owner, imported, seen).or(Some(owner)),
            None => Some(owner),
        }
    }
}

/// The module path of a file (`chat/store/mod.rs` and `chat/store.rs` are
/// both `chat::store`; `lib.rs` and `main.rs` the root).
fn module_of(relative: &Path) -> ModulePath {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// One token of Rust code, as far as paths need.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Word(String),
    PathSep,
    Punct(u8),
}

fn tokens(code: &[u8]) -> Vec<Token> {
    let ident = |byte: u8| byte.is_ascii_alphanumeric() || byte == b'_';
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let byte = code[i];
        if byte.is_ascii_whitespace() {
            i += 1;
        } else if ident(byte) {
            let end = code[i..]
                .iter()
                .position(|&b| !ident(b))
                .map_or(code.len(), |n| i + n);
            tokens.push(Token::Word(
                String::from_utf8_lossy(&code[i..end]).into_owned(),
            ));
            i = end;
        } else if code[i..].starts_with(b"::") {
            tokens.push(Token::PathSep);
            i += 2;
        } else {
            tokens.push(Token::Punct(byte));
            i += 1;
        }
    }
    tokens
}

/// The tokens without `#[cfg(test)]` items (the attribute, then up to the
/// end of the item's braces or its `;`).
fn without_tests(tokens: Vec<Token>) -> Vec<Token> {
    let attribute: Vec<Token> = tokens_of("#[cfg(test)]");
    let mut kept = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i..].starts_with(&attribute) {
            i += attribute.len();
            let mut depth = 0usize;
            while i < tokens.len() {
                match tokens[i] {
                    Token::Punct(b'{') => depth += 1,
                    Token::Punct(b'}') => {
                        depth -= 1;
                        if depth == 0 {
                            i += 1;
                            break;
                        }
                    }
                    Token::Punct(b';') if depth == 0 => {
                        i += 1;
                        break;
                    }
                    _ => {}
                }
                i += 1;
            }
        } else {
            kept.push(tokens[i].clone());
            i += 1;
        }
    }
    kept
}

fn tokens_of(text: &str) -> Vec<Token> {
    tokens(text.as_bytes())
}

const ITEM_KEYWORDS: [&str; 8] = [
    "fn", "struct", "enum", "const", "static", "type", "trait", "union",
];

fn parse(relative: &Path, text: &str) -> File {
    let tokens = without_tests(tokens(&code_only(text)));
    let mut items = BTreeSet::new();
    let mut imports = BTreeMap::new();
    let mut paths = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            Token::Word(word) if word == "use" => {
                let end = tokens[i..]
                    .iter()
                    .position(|t| *t == Token::Punct(b';'))
                    .map_or(tokens.len(), |n| i + n);
                let mut trees = Vec::new();
                use_tree(&tokens[i + 1..end], &mut Vec::new(), &mut trees);
                for (name, path) in trees {
                    if let Some(name) = name {
                        imports.insert(name, path.clone());
                    }
                    paths.push(path);
                }
                i = end;
            }
            Token::Word(word) if ITEM_KEYWORDS.contains(&word.as_str()) => {
                if let Some(Token::Word(name)) = tokens.get(i + 1) {
                    items.insert(name.clone());
                }
                i += 1;
            }
            Token::Word(word)
                if matches!(word.as_str(), "crate" | "super" | "self")
                    && tokens.get(i + 1) == Some(&Token::PathSep)
                    && (i == 0 || tokens[i - 1] != Token::PathSep) =>
            {
                let mut path = vec![word.clone()];
                let mut j = i + 1;
                while tokens.get(j) == Some(&Token::PathSep) {
                    match tokens.get(j + 1) {
                        Some(Token::Word(segment)) => {
                            path.push(segment.clone());
                            j += 2;
                        }
                        _ => break,
                    }
                }
                paths.push(path);
                i = j;
            }
            _ => i += 1,
        }
    }
    File {
        name: relative.to_string_lossy().into_owned(),
        module: module_of(relative),
        items,
        imports,
        paths,
    }
}

/// Flattens a use tree (`a::b::{c, d::e as f, self}`) into each path with
/// the name it brings in (none for `*`).
fn use_tree(
    tokens: &[Token],
    prefix: &mut Vec<String>,
    out: &mut Vec<(Option<String>, Vec<String>)>,
) {
    let mut i = 0;
    let start = prefix.len();
    // `pub use`, `pub(crate) use` were before `use`; here a leading `::`.
    if tokens.first() == Some(&Token::PathSep) {
        i += 1;
    }
    loop {
        match tokens.get(i) {
            Some(Token::Word(segment)) if segment != "as" => {
                prefix.push(segment.clone());
                i += 1;
                if tokens.get(i) == Some(&Token::PathSep) {
                    i += 1;
                    continue;
                }
                let name = match (tokens.get(i), tokens.get(i + 1)) {
                    (Some(Token::Word(as_)), Some(Token::Word(alias))) if as_ == "as" => {
                        alias.clone()
                    }
                    _ => segment.clone(),
                };
                if segment == "self" {
                    prefix.pop();
                    let name = prefix.last().cloned();
                    out.push((name, prefix.clone()));
                } else if name != "_" {
                    out.push((Some(name), prefix.clone()));
                } else {
                    out.push((None, prefix.clone()));
                }
                break;
            }
            Some(Token::Punct(b'*')) => {
                out.push((None, prefix.clone()));
                break;
            }
            Some(Token::Punct(b'{')) => {
                // Split the group at its top-level commas.
                let mut depth = 0usize;
                let mut from = i + 1;
                for (j, token) in tokens.iter().enumerate().skip(i) {
                    match token {
                        Token::Punct(b'{') => depth += 1,
                        Token::Punct(b'}') => {
                            depth -= 1;
                            if depth == 0 {
                                if from < j {
                                    use_tree(&tokens[from..j], prefix, out);
                                }
                                break;
                            }
                        }
                        Token::Punct(b',') if depth == 1 => {
                            if from < j {
                                use_tree(&tokens[from..j], prefix, out);
                            }
                            from = j + 1;
                        }
                        _ => {}
                    }
                }
                break;
            }
            _ => break,
        }
    }
    prefix.truncate(start);
}

/// The cycles among `edges`, each as the files along it (the first again
/// at the end), one per strongly connected group of files; files in
/// `skip` are left out.
pub fn cycles(edges: &BTreeMap<String, BTreeSet<String>>, skip: &[&str]) -> Vec<Vec<String>> {
    let keep = |name: &String| !skip.contains(&name.as_str());
    let mut found = Vec::new();
    let mut done: BTreeSet<String> = BTreeSet::new();
    for start in edges.keys().filter(|name| keep(name)) {
        if done.contains(start) {
            continue;
        }
        // Depth-first, keeping the path, to report one cycle through `start`.
        let mut path = vec![start.clone()];
        let mut stack = vec![
            edges[start]
                .iter()
                .filter(|n| keep(n))
                .cloned()
                .collect::<Vec<_>>(),
        ];
        let mut visited: BTreeSet<String> = [start.clone()].into();
        while let Some(next) = stack.last_mut() {
            let Some(node) = next.pop() else {
                stack.pop();
                path.pop();
                continue;
            };
            if node == *start {
                let mut cycle = path.clone();
                cycle.push(node);
                found.push(cycle);
                break;
            }
            if visited.insert(node.clone()) && !done.contains(&node) {
                let children = edges
                    .get(&node)
                    .map(|c| c.iter().filter(|n| keep(n)).cloned().collect())
                    .unwrap_or_default();
                path.push(node);
                stack.push(children);
            }
        }
        done.insert(start.clone());
    }
    found
}

#[test]
fn a_cycle_is_found_and_a_re_export_is_followed_to_its_file() {
    let dir = std::env::temp_dir().join(format!("files-cycle-{}", std::process::id()));
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("creates the folder");
        std::fs::write(&path, text).expect("writes the file");
        path
    };
    let files = vec![
        write("lib.rs", "mod a;\nmod b;\nmod c;\n"),
        write("a.rs", "use crate::b::f;\npub fn g() { f() }\n"),
        write("b.rs", "pub fn f() { crate::a::g() }\n"),
        // c/inner.rs names `x` through c/mod.rs, which only re-exports it
        // from c/other.rs: no cycle between c/mod.rs and c/inner.rs.
        write(
            "c/mod.rs",
            "mod inner;\nmod other;\npub use inner::y;\npub use other::x;\n",
        ),
        write("c/inner.rs", "use super::x;\npub fn y() { x() }\n"),
        write(
            "c/other.rs",
            "pub fn x() {}\n#[cfg(test)]\nmod tests {\n    use crate::c::y;\n}\n",
        ),
    ];
    let edges = Crate::read(&dir, &files).edges();
    std::fs::remove_dir_all(&dir).expect("removes the folder");
    assert!(edges["c/inner.rs"].contains("c/other.rs"), "{edges:?}");
    assert!(!edges["c/inner.rs"].contains("c/mod.rs"), "{edges:?}");
    assert!(
        edges["c/other.rs"].is_empty(),
        "tests are no import: {edges:?}"
    );
    let found = cycles(&edges, &[]);
    assert_eq!(
        found,
        vec![vec![
            "a.rs".to_owned(),
            "b.rs".to_owned(),
            "a.rs".to_owned()
        ]]
    );
    assert!(cycles(&edges, &["b.rs"]).is_empty());
}

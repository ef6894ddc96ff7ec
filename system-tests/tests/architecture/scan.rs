//! Reading Rust source for the map's test: the code without comments and
//! literals, and the paths in it that start at the crate root.

/// `source` with comments, string and character literals blanked out
/// (newlines kept, so offsets keep their lines).
pub fn code_only(source: &str) -> Vec<u8> {
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
pub struct Edge {
    pub line: usize,
    /// The first segment after `crate::` (or the `super::`s that reach the
    /// crate root): a module, or an item of the crate root itself.
    pub target: String,
}

/// The paths in `source` that start at the crate root: `crate::x`,
/// `crate::{x, y::z}`, and `super::…::x` climbing to the root. `depth` is
/// the file's own module depth (`chat/hub.rs` is 2, `chat/mod.rs` 1,
/// `lib.rs` 0); modules declared inline (`mod tests { … }`) add theirs.
pub fn root_paths(source: &str, depth: usize) -> Vec<Edge> {
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

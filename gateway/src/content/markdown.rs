//! A post's content as HTML: Markdown (CommonMark with tables and
//! strikethrough) rendered by `pulldown-cmark` and then sanitised by
//! `ammonia` against an allow-list; a post written before Markdown
//! (`plain`) keeps every newline as a line break. The same function renders
//! the admin's preview and the stored HTML, so the preview is the page.
//!
//! Policy: raw HTML in the source is shown as text, never passed; only the
//! tags Markdown produces survive, with no `style`, `class` or event
//! handler; links go to `http(s)`, `mailto` or a site path (`/…`, never
//! `//…`), external ones with `rel="noopener nofollow"`; images come only
//! from our uploads (`/objects/…`): an image on another site would be
//! fetched from there by every reader before any click (issue 27), so one
//! becomes a link to it instead (the admin refuses to save one,
//! [`outside_images`]). Headings move one level
//! down (`#` is an `h2`): the page's title is its only `h1`.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use contract::content::ContentFormat;
use contract::language::Language;
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// Reading speed for the computed read time.
const WORDS_PER_MINUTE: usize = 200;

/// What a link to another site carries.
const EXTERNAL_REL: &str = "noopener nofollow";

/// The tags Markdown produces that a post may keep.
const TAGS: &[&str] = &[
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
];

static SANITISER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::empty();
    let attributes: HashMap<&str, HashSet<&str>> = HashMap::from([
        ("a", HashSet::from(["href", "title", "rel"])),
        ("img", HashSet::from(["src", "alt", "title"])),
        ("ol", HashSet::from(["start"])),
    ]);
    builder
        .tags(TAGS.iter().copied().collect())
        .tag_attributes(attributes)
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        // Site paths are checked by the filter below (no `//host`).
        .url_relative(ammonia::UrlRelative::PassThrough)
        // `rel` is set by `render_markdown` for external links only; raw HTML
        // never reaches the sanitiser as markup, so no author can set it.
        .link_rel(None)
        .set_tag_attribute_value("img", "loading", "lazy")
        .strip_comments(true)
        .attribute_filter(|element, attribute, value| match (element, attribute) {
            ("a", "href") => link_allowed(value).then(|| value.into()),
            ("img", "src") => image_allowed(value).then(|| value.into()),
            ("a", "rel") => (value == EXTERNAL_REL).then(|| value.into()),
            _ => Some(value.into()),
        });
    builder
});

/// A site path: `/…` but not `//…` (another host) or `/\…` (one to some
/// browsers).
///
/// It must also stay where it says: no `.` or `..` segment, written
/// plainly or encoded (`%2e`), and no backslash, plain or encoded (a
/// separator to some browsers), so `/objects/../api/user` is refused rather than resolved.
fn site_path(url: &str) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or_default();
    url.starts_with('/')
        && !url.starts_with("//")
        && !path.contains('\\')
        && !["%2e", "%5c"]
            .iter()
            .any(|encoded| path.to_ascii_lowercase().contains(encoded))
        && !path
            .split('/')
            .any(|segment| segment == "." || segment == "..")
}

fn has_scheme(url: &str, scheme: &str) -> bool {
    url.get(..scheme.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(scheme))
}

fn external(url: &str) -> bool {
    has_scheme(url, "http://") || has_scheme(url, "https://")
}

/// Where a link may go: the web, an email address, a site path or an
/// anchor on the page. Anything with a control character or space is
/// refused (browsers strip them, which is how `java\tscript:` gets through
/// naive checks).
fn link_allowed(url: &str) -> bool {
    let clean = !url.chars().any(|c| c.is_control() || c.is_whitespace());
    clean && (external(url) || has_scheme(url, "mailto:") || site_path(url) || url.starts_with('#'))
}

/// Where an image may come from: our uploads.
fn image_allowed(url: &str) -> bool {
    let clean = !url.chars().any(|c| c.is_control() || c.is_whitespace());
    clean && url.starts_with("/objects/") && site_path(url)
}

/// The images of Markdown `source` that are on another site (`http(s)://`),
/// in order: what the admin must upload before saving.
pub fn outside_images(source: &str) -> Vec<String> {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    Parser::new_ext(source, options)
        .filter_map(|event| match event {
            Event::Start(Tag::Image { dest_url, .. }) if external(&dest_url) => {
                Some(dest_url.into_string())
            }
            _ => None,
        })
        .collect()
}

/// The first image a post's page shows inside its content: an upload
/// (`/objects/…`, the only images the renderer keeps as images). A list card
/// shows it when the post has no image of its own.
pub fn first_image(format: ContentFormat, source: &str) -> Option<String> {
    if format != ContentFormat::Markdown {
        return None;
    }
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    Parser::new_ext(source, options).find_map(|event| match event {
        Event::Start(Tag::Image { dest_url, .. }) if image_allowed(&dest_url) => {
            Some(dest_url.into_string())
        }
        _ => None,
    })
}

/// Quotes text for an attribute value of HTML we write ourselves.
fn attribute(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn deeper(level: HeadingLevel) -> HeadingLevel {
    match level {
        HeadingLevel::H1 => HeadingLevel::H2,
        HeadingLevel::H2 => HeadingLevel::H3,
        HeadingLevel::H3 => HeadingLevel::H4,
        HeadingLevel::H4 => HeadingLevel::H5,
        HeadingLevel::H5 | HeadingLevel::H6 => HeadingLevel::H6,
    }
}

/// Renders Markdown into sanitised HTML.
fn render_markdown(source: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    // Whether each open link was written out (a refused one keeps its text).
    let mut links: Vec<bool> = Vec::new();
    // Whether each open image on another site became a link to it.
    let mut outside: Vec<bool> = Vec::new();
    let events = Parser::new_ext(source, options).map(|event| match event {
        // Raw HTML is shown as the text it is, a block of it as a paragraph.
        Event::Html(html) | Event::InlineHtml(html) => Event::Text(html),
        Event::Start(Tag::HtmlBlock) => Event::Start(Tag::Paragraph),
        Event::End(TagEnd::HtmlBlock) => Event::End(TagEnd::Paragraph),
        Event::Start(Tag::Heading {
            level,
            id,
            classes,
            attrs,
        }) => Event::Start(Tag::Heading {
            level: deeper(level),
            id,
            classes,
            attrs,
        }),
        Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(deeper(level))),
        Event::Start(Tag::Link {
            dest_url, title, ..
        }) => {
            let allowed = link_allowed(&dest_url);
            links.push(allowed);
            if !allowed {
                return Event::Text(CowStr::Borrowed(""));
            }
            let mut tag = format!("<a href=\"{}\"", attribute(&dest_url));
            if !title.is_empty() {
                tag.push_str(&format!(" title=\"{}\"", attribute(&title)));
            }
            if external(&dest_url) {
                tag.push_str(&format!(" rel=\"{EXTERNAL_REL}\""));
            }
            tag.push('>');
            Event::InlineHtml(tag.into())
        }
        // An image on another site: a link to it, named by its alt text.
        Event::Start(Tag::Image { dest_url, .. }) if external(&dest_url) => {
            outside.push(true);
            Event::InlineHtml(
                format!(
                    "<a href=\"{}\" rel=\"{EXTERNAL_REL}\">",
                    attribute(&dest_url)
                )
                .into(),
            )
        }
        Event::Start(image @ Tag::Image { .. }) => {
            outside.push(false);
            Event::Start(image)
        }
        Event::End(TagEnd::Image) => {
            if outside.pop().unwrap_or(false) {
                Event::InlineHtml("</a>".into())
            } else {
                Event::End(TagEnd::Image)
            }
        }
        Event::End(TagEnd::Link) => {
            if links.pop().unwrap_or(false) {
                Event::InlineHtml("</a>".into())
            } else {
                Event::Text(CowStr::Borrowed(""))
            }
        }
        other => other,
    });
    let mut html = String::with_capacity(source.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events);
    SANITISER.clean(&html).to_string()
}

/// Renders text written before Markdown: escaped, each newline a `<br>`.
fn render_plain(source: &str) -> String {
    let lines: Vec<String> = source
        .lines()
        .map(|line| {
            line.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        })
        .collect();
    format!("<p>{}</p>", lines.join("<br>\n"))
}

/// A post's content as the HTML its page shows.
pub fn render(format: ContentFormat, source: &str) -> String {
    match format {
        ContentFormat::Plain => render_plain(source),
        ContentFormat::Markdown => render_markdown(source),
    }
}

/// How many words a reader reads: Markdown's text and code, not its markup
/// or link addresses.
pub fn word_count(format: ContentFormat, source: &str) -> usize {
    match format {
        ContentFormat::Plain => source.split_whitespace().count(),
        ContentFormat::Markdown => {
            let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
            Parser::new_ext(source, options)
                .map(|event| match event {
                    Event::Text(text) | Event::Code(text) => text.split_whitespace().count(),
                    _ => 0,
                })
                .sum()
        }
    }
}

/// The read time of `words` in the post's `language` ("N min read" in
/// English) at about 200 words a minute, rounded, at least 1.
pub fn read_time(language: Language, words: usize) -> String {
    let minutes = ((words + WORDS_PER_MINUTE / 2) / WORDS_PER_MINUTE).max(1);
    runtime::texts::read_time(language, minutes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn md(source: &str) -> String {
        render(ContentFormat::Markdown, source)
    }

    #[test]
    fn the_first_image_is_the_first_upload_the_page_shows() {
        let first = |source: &str| first_image(ContentFormat::Markdown, source);
        assert_eq!(
            first("Intro\n\n![rack](https://cdn.example/a.png) ![dc](/objects/1) ![b](/objects/2)"),
            Some("/objects/1".to_owned())
        );
        assert_eq!(first("No images, `![x](/objects/1)` is code"), None);
        assert_eq!(first("<img src=\"/objects/1\">"), None);
        assert_eq!(first("![up](/objects/../x)"), None);
        assert_eq!(first_image(ContentFormat::Plain, "![dc](/objects/1)"), None);
    }

    /// Every tag in `html` (text `<` is always escaped, so each `<` opens
    /// one), lower-cased.
    fn tags(html: &str) -> Vec<String> {
        html.split('<')
            .skip(1)
            .map(|rest| rest.split('>').next().unwrap_or("").to_ascii_lowercase())
            .collect()
    }

    /// A tag's name and its attributes (ammonia writes every value in
    /// double quotes, with `"` inside encoded).
    fn parts(tag: &str) -> (String, Vec<(String, String)>) {
        let tag = tag.trim_start_matches('/').trim_end_matches('/');
        let (name, mut rest) = tag.split_once(' ').unwrap_or((tag, ""));
        let mut attributes = Vec::new();
        while let Some((attribute, after)) = rest.split_once("=\"") {
            let (value, after) = after.split_once('"').unwrap_or((after, ""));
            attributes.push((attribute.trim().to_owned(), value.to_owned()));
            rest = after;
        }
        assert!(rest.trim().is_empty(), "unquoted attribute in {tag:?}");
        (name.to_owned(), attributes)
    }

    /// What no rendered post may contain, whatever its source: only the
    /// allowed tags, only their allowed attributes, no event handler, and
    /// links and images only where the policy allows.
    fn assert_harmless(source: &str) {
        let html = md(source);
        for tag in tags(&html) {
            let (name, attributes) = parts(&tag);
            assert!(
                TAGS.contains(&name.as_str()),
                "tag {tag:?} from {source:?}: {html}"
            );
            for (attribute, value) in attributes {
                assert!(
                    !attribute.starts_with("on"),
                    "handler in {tag:?} from {source:?}"
                );
                let allowed = match (name.as_str(), attribute.as_str()) {
                    ("a", "href") => {
                        (link_allowed(&value) && !value.contains(':'))
                            || external(&value)
                            || has_scheme(&value, "mailto:")
                    }
                    ("img", "src") => image_allowed(&value),
                    ("a", "title" | "rel")
                    | ("img", "alt" | "title" | "loading")
                    | ("ol", "start") => true,
                    _ => false,
                };
                assert!(allowed, "{attribute}={value:?} in {tag:?} from {source:?}");
            }
        }
    }

    const XSS_CORPUS: &[&str] = &[
        "<script>alert(1)</script>",
        "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
        "text <script>alert(1)</script> inline",
        "<img src=x onerror=alert(1)>",
        "<img src=\"/objects/1\" onerror=\"alert(1)\">",
        "<svg onload=alert(1)>",
        "<body onload=alert(1)>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<iframe src=\"https://evil.example\"></iframe>",
        "<div style=\"background:url(javascript:alert(1))\">x</div>",
        "<!-- <script>alert(1)</script> -->",
        "<details open ontoggle=alert(1)>",
        "<form><button formaction=javascript:alert(1)>x</button></form>",
        "[x](javascript:alert(1))",
        "[x](JaVaScRiPt:alert(1))",
        "[x](javascript&#58;alert(1))",
        "[x](&#106;avascript:alert(1))",
        "[x](java%0ascript:alert(1))",
        "[x](<java\tscript:alert(1)>)",
        "[x]( javascript:alert(1))",
        "[x](vbscript:msgbox(1))",
        "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "[x][r]\n\n[r]: javascript:alert(1)",
        "<javascript:alert(1)>",
        "![x](javascript:alert(1))",
        "![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)",
        "![x](\"onerror=\"alert(1))",
        "![x](/objects/1 \"a\\\" onerror=\\\"alert(1)\")",
        "[x](https://a.example \"t\\\" onmouseover=\\\"alert(1)\")",
        "**<em onclick=alert(1)>bold</em>**",
        "> <script>alert(1)</script>\n> - [a](javascript:alert(1))",
        "- <img src=x onerror=alert(1)>\n  - [*nested*](javascript:alert(1))",
        "| a | b |\n|---|---|\n| <script>alert(1)</script> | [x](javascript:alert(1)) |",
        "```html\n<script>alert(1)</script>\n```",
        "`<script>alert(1)</script>`",
        "<style>body{display:none}</style>",
        "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>",
        "<a href=\"https://ok.example\" onclick=\"alert(1)\">x</a>",
        "[![img](https://a.example/x.png)](javascript:alert(1))",
    ];

    #[test]
    fn the_xss_corpus_renders_harmless() {
        for source in XSS_CORPUS {
            assert_harmless(source);
        }
    }

    #[test]
    fn raw_html_is_shown_as_text() {
        assert_eq!(
            md("<script>alert(1)</script>"),
            "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"
        );
        assert_eq!(
            md("a <b onclick=x>b</b>"),
            "<p>a &lt;b onclick=x&gt;b&lt;/b&gt;</p>\n"
        );
    }

    #[test]
    fn refused_links_keep_their_text_only() {
        for source in [
            "[x](javascript:alert(1))",
            "[x](JaVaScRiPt:alert(1))",
            "[x](java%0ascript:alert(1))",
            "[x](data:text/html,hi)",
            "[x](//evil.example/a)",
        ] {
            assert_eq!(md(source), "<p>x</p>\n", "{source}");
        }
    }

    #[test]
    fn external_links_get_noopener_nofollow_and_site_links_do_not() {
        assert_eq!(
            md("[docs](https://docs.example/a?b=1&c=2 \"Docs\")"),
            "<p><a href=\"https://docs.example/a?b=1&amp;c=2\" title=\"Docs\" \
             rel=\"noopener nofollow\">docs</a></p>\n"
        );
        assert_eq!(
            md("[pricing](/virtual-servers)"),
            "<p><a href=\"/virtual-servers\">pricing</a></p>\n"
        );
        assert_eq!(
            md("[mail](mailto:info@nyota.example)"),
            "<p><a href=\"mailto:info@nyota.example\">mail</a></p>\n"
        );
    }

    #[test]
    fn images_only_from_uploads() {
        assert_eq!(
            md("![Rack](/objects/0b7e4c1e-1d2a-4a59-9d62-4d7c3c2a1f00)"),
            "<p><img src=\"/objects/0b7e4c1e-1d2a-4a59-9d62-4d7c3c2a1f00\" alt=\"Rack\" \
             loading=\"lazy\"></p>\n"
        );
        for foreign in [
            "![a](//cdn.example/a.png)",
            "![a](/images/../x.png)",
            "![a](data:image/png;base64,AAAA)",
            // Requests that would leave /objects/ (issue 34).
            "![x](/objects/../api/user)",
            "![x](/objects/./../api/user)",
            "![x](/objects/%2e%2e/api/user)",
            "![x](/objects/%2E./api/user)",
            "![x](/objects/..\\api/user)",
            "![x](/objects/a/..)",
        ] {
            assert!(!md(foreign).contains("src="), "{foreign}: {}", md(foreign));
        }
        // A query may say anything; the path is what is requested.
        assert!(md("![x](/objects/1?v=..)").contains("src=\"/objects/1?v=..\""));
        for link in ["[a](/blog/../api/user)", "[a](/%2e%2e/api/user)"] {
            assert!(!md(link).contains("href="), "{link}: {}", md(link));
        }
    }

    #[test]
    fn an_image_on_another_site_is_a_link_to_it_and_is_reported() {
        let source =
            "See ![the *rack*](https://cdn.example/a.png \"t\") and ![b](http://x.example/b.gif).";
        assert_eq!(
            md(source),
            "<p>See <a href=\"https://cdn.example/a.png\" rel=\"noopener nofollow\">the \
             <em>rack</em></a> and <a href=\"http://x.example/b.gif\" rel=\"noopener nofollow\">b</a>.</p>\n"
        );
        assert_eq!(
            outside_images(source),
            ["https://cdn.example/a.png", "http://x.example/b.gif"]
        );
        assert!(outside_images("![a](/objects/x) [link](https://a.example)").is_empty());
    }

    #[test]
    fn markdown_renders_headings_emphasis_lists_code_and_tables() {
        let html = md(
            "# Title\n\n## Part\n\nSome **bold**, *em* and ~~gone~~ `code`.\n\n\
             1. one\n2. two\n\n- a\n- b\n\n```rust\nfn main() {}\n```\n\n\
             > quoted\n\n| Plan | Price |\n|:---|---:|\n| Basic | 500 |\n\n---\n",
        );
        for part in [
            "<h2>Title</h2>",
            "<h3>Part</h3>",
            "<strong>bold</strong>",
            "<em>em</em>",
            "<del>gone</del>",
            "<code>code</code>",
            "<ol>\n<li>one</li>",
            "<ul>\n<li>a</li>",
            "<pre><code>fn main() {}\n</code></pre>",
            "<blockquote>\n<p>quoted</p>\n</blockquote>",
            "<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody>",
            "<td>Basic</td><td>500</td>",
            "<hr>",
        ] {
            assert!(html.contains(part), "{part} missing in {html}");
        }
    }

    #[test]
    fn plain_posts_keep_their_line_breaks_and_show_markup_as_text() {
        assert_eq!(
            render(
                ContentFormat::Plain,
                "First line\nSecond **not bold**\n\n<b>x</b>"
            ),
            "<p>First line<br>\nSecond **not bold**<br>\n<br>\n&lt;b&gt;x&lt;/b&gt;</p>"
        );
    }

    #[test]
    fn read_time_is_words_over_two_hundred_at_least_one() {
        let english = |words| read_time(Language::En, words);
        assert_eq!(english(0), "1 min read");
        assert_eq!(english(40), "1 min read");
        assert_eq!(english(299), "1 min read");
        assert_eq!(english(300), "2 min read");
        assert_eq!(english(1_000), "5 min read");
        assert_eq!(english(2_050), "10 min read");
        // In the post's language.
        assert_eq!(read_time(Language::Fr, 1_000), "5 min de lecture");
        assert_eq!(read_time(Language::Sw, 40), "Dakika 1 ya kusoma");
        assert_eq!(read_time(Language::Sw, 1_000), "Dakika 5 za kusoma");
        let forty = "word ".repeat(40);
        assert_eq!(
            english(word_count(ContentFormat::Markdown, &forty)),
            "1 min read"
        );
        assert_eq!(
            word_count(
                ContentFormat::Markdown,
                "## Two words\n\n[link text](https://a.example/long/url) `x`"
            ),
            5
        );
        assert_eq!(word_count(ContentFormat::Plain, " a  b\nc "), 3);
    }
}

//! The new text of an email reply: what the visitor typed, without the
//! history their mail program quoted below it or the signature it added.
//! Each client marks the history its own way and in the reader's language;
//! every rule here stands for some of the samples in
//! `workers/tests/inbound/` (Gmail, Outlook, Apple Mail, Thunderbird and
//! mobile apps, in English, French and Kiswahili).

/// How the line before a quoted history starts ("On … wrote:").
const ATTRIBUTION_OPENERS: [&str; 4] = ["on ", "le ", "mnamo ", "tarehe "];

/// How that line ends, in the languages the site serves.
const ATTRIBUTION_MARKERS: [&str; 5] = [
    "wrote:",
    "a écrit :",
    "a écrit:",
    "aliandika:",
    "ameandika:",
];

/// The first line of Outlook's header block of the quoted email, per language.
const FROM_LABELS: [&str; 4] = ["from:", "de :", "de:", "kutoka:"];

/// The lines that follow it in that block.
const BLOCK_LABELS: [&str; 16] = [
    "sent:",
    "date:",
    "to:",
    "subject:",
    "cc:",
    "envoyé :",
    "envoyé:",
    "date :",
    "à :",
    "objet :",
    "imetumwa:",
    "tarehe:",
    "kwa:",
    "mada:",
    "nakala:",
    "cc :",
];

/// How mobile apps and webmail sign a message, on a line of its own.
const FOOTER_OPENERS: [&str; 13] = [
    "sent from my ",
    "sent from yahoo mail",
    "sent from outlook",
    "sent with proton mail",
    "get outlook for ",
    "envoyé de mon ",
    "envoyé depuis ",
    "envoyé à partir de ",
    "obtenir outlook pour ",
    "téléchargez outlook pour ",
    "imetumwa kutoka ",
    "imetumwa kwa ",
    "pata outlook ya ",
];

/// The text `body` adds to the conversation: everything above the first
/// mark of a quoted history, without the signature, the quoted (`>`)
/// lines of an answer written between them, and surrounding blank lines.
pub fn new_text(body: &str) -> String {
    let body = body.replace("\r\n", "\n");
    let lines: Vec<&str> = body.lines().collect();
    let history = (0..lines.len())
        .find(|&at| starts_history(&lines, at))
        .unwrap_or(lines.len());
    let own = &lines[..history];
    let signature = own
        .iter()
        .position(|line| starts_signature(line))
        .unwrap_or(own.len());
    let kept: Vec<&str> = own[..signature]
        .iter()
        .filter(|line| !line.trim_start().starts_with('>'))
        .map(|line| line.trim_end())
        .collect();
    // Blank lines at either end, and runs of more than one inside, go.
    let mut text = String::new();
    let mut blank_run = 0;
    for line in kept {
        if line.is_empty() {
            blank_run += 1;
            continue;
        }
        if !text.is_empty() {
            text.push_str(if blank_run > 0 { "\n\n" } else { "\n" });
        }
        blank_run = 0;
        text.push_str(line);
    }
    text
}

/// What the clients' HTML puts around a quoted history: Gmail's and
/// Yahoo's containers, Outlook's reply header, Thunderbird's and Apple
/// Mail's citations, and any `<blockquote>`.
const HTML_QUOTE_MARKS: [&str; 7] = [
    "class=\"gmail_quote",
    "class=\"yahoo_quoted",
    "id=\"divrplyfwdmsg",
    "id=\"appendonsend",
    "class=\"moz-cite-prefix",
    "type=\"cite",
    "<blockquote",
];

/// The HTML before the first mark of a quoted history (the tag holding
/// the mark is left out too).
pub fn before_html_quote(html: &str) -> &str {
    let lowered = html.to_ascii_lowercase();
    let cut = HTML_QUOTE_MARKS
        .iter()
        .filter_map(|mark| lowered.find(mark))
        .min()
        .map_or(html.len(), |at| lowered[..=at].rfind('<').unwrap_or(at));
    &html[..cut]
}

fn lower(line: &str) -> String {
    line.trim().to_lowercase()
}

/// Whether the quoted history starts at line `at`.
fn starts_history(lines: &[&str], at: usize) -> bool {
    let line = lower(lines[at]);
    if line.is_empty() || line.starts_with('>') {
        return false;
    }
    // "-----Original Message-----", "-----Message d'origine-----",
    // "---------- Forwarded message ---------".
    if line.starts_with("-----") && line.ends_with("---") && line.len() > 12 {
        return true;
    }
    // Outlook's rule above the header block.
    if line.len() >= 20 && line.chars().all(|c| c == '_') {
        return lines
            .iter()
            .skip(at + 1)
            .find(|next| !next.trim().is_empty())
            .is_some_and(|next| is_label(&lower(next), &FROM_LABELS));
    }
    if is_label(&line, &FROM_LABELS) {
        let block = lines
            .iter()
            .skip(at + 1)
            .take(4)
            .filter(|next| is_label(&lower(next), &BLOCK_LABELS))
            .count();
        return block >= 2;
    }
    attribution_at(lines, at)
}

fn is_label(line: &str, labels: &[&str]) -> bool {
    let line = line.trim_start_matches('*');
    labels.iter().any(|label| line.starts_with(label))
}

/// "On Mon, 1 Dec 2026 at 10:00, Amina <a@b> wrote:", which Gmail may
/// wrap over up to three lines; a line ending so without an opener counts
/// when it names an address or a date (a digit), so "as she wrote:" in
/// the visitor's own words does not.
fn attribution_at(lines: &[&str], at: usize) -> bool {
    let first = lower(lines[at]);
    let opened = ATTRIBUTION_OPENERS
        .iter()
        .any(|opener| first.starts_with(opener));
    let mut window = String::new();
    for (taken, line) in lines.iter().skip(at).take(3).enumerate() {
        let line = lower(line);
        if line.is_empty() || line.starts_with('>') {
            return false;
        }
        if taken > 0 {
            window.push(' ');
        }
        window.push_str(&line);
        if ATTRIBUTION_MARKERS
            .iter()
            .any(|marker| window.ends_with(marker))
        {
            let named = window.contains('@') || window.chars().any(|c| c.is_ascii_digit());
            return (opened || taken == 0) && named;
        }
        if !opened {
            return false;
        }
    }
    false
}

/// Whether a signature starts at this line: the `-- ` delimiter, or a
/// mobile app's or webmail's footer.
fn starts_signature(line: &str) -> bool {
    if line == "-- " || line.trim() == "--" {
        return true;
    }
    let line = lower(line);
    FOOTER_OPENERS.iter().any(|opener| line.starts_with(opener))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_of_the_visitors_own_stay_whatever_they_say() {
        let body = "As my colleague wrote:\nthe invoice is wrong.\n\n-- \nAmina";
        assert_eq!(
            new_text(body),
            "As my colleague wrote:\nthe invoice is wrong."
        );
        assert_eq!(new_text("Thanks!\n\n\n\nSee you."), "Thanks!\n\nSee you.");
        assert_eq!(new_text(""), "");
    }

    #[test]
    fn an_answer_between_quoted_lines_keeps_the_answer() {
        let body = "> Which region?\nNairobi, please.\n> How many cores?\nEight.";
        assert_eq!(new_text(body), "Nairobi, please.\nEight.");
    }
}

//! The limits of what the HTTP API accepts: the gateway's input rules refuse
//! past them, and the web's forms apply the same numbers before anything is
//! sent. The web reads them from `web/src/api-types/input-limits.ts`, which
//! the test below writes from these values, so neither side keeps a copy.
//! (The site settings' own ranges and the retention rules are generated
//! beside their types, in `site_settings.rs` and `retention.rs`.)

use serde::Serialize;

/// A blog post's fields, in characters (`BlogPostInput`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PostLimits {
    pub title_chars: usize,
    pub excerpt_chars: usize,
    pub content_chars: usize,
    pub category_chars: usize,
    pub author_chars: usize,
    pub read_time_chars: usize,
}

pub const POST: PostLimits = PostLimits {
    title_chars: 200,
    excerpt_chars: 1_000,
    content_chars: 100_000,
    category_chars: 60,
    author_chars: 100,
    read_time_chars: 40,
};

/// An event's fields, in characters, and its highlights (`EventInput`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventLimits {
    pub title_chars: usize,
    pub description_chars: usize,
    pub category_chars: usize,
    pub time_chars: usize,
    pub location_chars: usize,
    /// Most highlights on one event.
    pub highlights: usize,
    pub highlight_chars: usize,
}

pub const EVENT: EventLimits = EventLimits {
    title_chars: 200,
    description_chars: 10_000,
    category_chars: POST.category_chars,
    time_chars: 100,
    location_chars: 200,
    highlights: 30,
    highlight_chars: 300,
};

/// The longest link of a post or an event (source, image, registration).
pub const LINK_CHARS: usize = 2_000;

/// The longest search text of a list (blog, events, chats, admin tables).
pub const SEARCH_CHARS: usize = 200;

/// The largest image an admin may upload, in MiB.
pub const IMAGE_UPLOAD_MIB: usize = 5;

/// The site settings' text fields, in characters, and list lengths
/// (`PUT /api/admin/site-settings`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingsLimits {
    pub phone_chars: usize,
    pub hours_chars: usize,
    /// Each line of the office address.
    pub office_line_chars: usize,
    /// Most partner names the home page strip shows.
    pub partners: usize,
    pub partner_chars: usize,
    pub social_links: usize,
    pub social_label_chars: usize,
    /// Each web address (booking calendar, social links, …).
    pub url_chars: usize,
    /// The first-reply wait an admin may set, in minutes: from 1 to this.
    pub first_reply_alert_minutes: u32,
}

pub const SETTINGS: SettingsLimits = SettingsLimits {
    phone_chars: 40,
    hours_chars: 80,
    office_line_chars: 120,
    partners: 30,
    partner_chars: 60,
    social_links: 10,
    social_label_chars: 40,
    url_chars: 500,
    first_reply_alert_minutes: 60,
};

/// What visitors and agents write in a chat.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatLimits {
    /// One message, in characters (visitor or agent).
    pub message_chars: usize,
    /// The visitor's name when they start a chat.
    pub visitor_name_chars: usize,
    /// The comment beside a rating.
    pub rating_comment_chars: usize,
    /// Most labels on one chat.
    pub labels: usize,
    /// One label: lowercase letters, digits and dashes.
    pub label_chars: usize,
    /// A canned reply's shortcut: lowercase letters, digits and dashes.
    pub canned_shortcut_chars: usize,
    /// A canned reply's title (its text is a message: `message_chars`).
    pub canned_title_chars: usize,
}

pub const CHAT: ChatLimits = ChatLimits {
    message_chars: 4_000,
    visitor_name_chars: 100,
    rating_comment_chars: 1_000,
    labels: 5,
    label_chars: 24,
    canned_shortcut_chars: 32,
    canned_title_chars: 100,
};

/// The longest range an analytics report covers, in days (a leap year).
pub const ANALYTICS_RANGE_DAYS: i64 = 366;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ts_values::TsConst;

    /// `web/src/api-types/input-limits.ts`.
    #[test]
    fn export_web_values() {
        crate::ts_values::export(
            "input-limits.ts",
            "contract::limits::tests::export_web_values",
            &[],
            &[
                TsConst::new(
                    "postLimits",
                    "A blog post's fields, in characters (`limits::POST`).",
                    &POST,
                ),
                TsConst::new(
                    "eventLimits",
                    "An event's fields, in characters, and its highlights (`limits::EVENT`).",
                    &EVENT,
                ),
                TsConst::new(
                    "linkMaxChars",
                    "The longest link of a post or an event (`limits::LINK_CHARS`).",
                    &LINK_CHARS,
                ),
                TsConst::new(
                    "searchMaxChars",
                    "The longest search text of a list (`limits::SEARCH_CHARS`).",
                    &SEARCH_CHARS,
                ),
                TsConst::new(
                    "imageUploadMaxMib",
                    "The largest image an admin may upload, in MiB (`limits::IMAGE_UPLOAD_MIB`).",
                    &IMAGE_UPLOAD_MIB,
                ),
                TsConst::new(
                    "settingsLimits",
                    "The site settings' text fields, in characters, and list lengths (`limits::SETTINGS`).",
                    &SETTINGS,
                ),
                TsConst::new(
                    "chatLimits",
                    "What visitors and agents write in a chat (`limits::CHAT`).",
                    &CHAT,
                ),
                TsConst::new(
                    "analyticsMaxRangeDays",
                    "The longest range an analytics report covers, in days (`limits::ANALYTICS_RANGE_DAYS`).",
                    &ANALYTICS_RANGE_DAYS,
                ),
            ],
        );
    }
}

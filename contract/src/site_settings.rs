//! The site settings an admin changes without a deploy: contact details,
//! mailboxes, links and the partner list. One row in `site_settings`
//! (JSON); [`SiteSettings::default`] applies to what was never set. Public
//! pages read them through `GET /api/site-settings`; workers read the
//! mailboxes and the sender from here too.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The office's postal address, as shown in three lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OfficeAddress {
    pub building: String,
    pub street: String,
    pub city: String,
}

/// A social network profile link.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SocialLink {
    pub label: String,
    pub href: String,
}

/// When the support team answers live chats, in East Africa Time (UTC+3,
/// Africa/Nairobi, which has no daylight saving). Outside these hours the
/// chat widget says when the team is back and that replies come by email.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct ChatHours {
    /// ISO weekdays: 1 = Monday … 7 = Sunday.
    pub days: Vec<u8>,
    /// `HH:MM`, 24-hour.
    pub opens: String,
    /// `HH:MM`, 24-hour, after `opens`; `00:00` is midnight at the end of
    /// the day (so `00:00`–`00:00` is all day).
    pub closes: String,
}

impl Default for ChatHours {
    /// Every day, all day: the site promises 24/7 support, and the chat
    /// must not say otherwise (the contact page's Monday–Friday office hours
    /// are the sales office's, a setting of their own).
    fn default() -> Self {
        ChatHours {
            days: vec![1, 2, 3, 4, 5, 6, 7],
            opens: "00:00".to_owned(),
            closes: "00:00".to_owned(),
        }
    }
}

/// The first-reply wait after which a chat counts as waiting too long.
pub const DEFAULT_FIRST_REPLY_ALERT_MINUTES: u32 = 2;

/// Every site setting. Unknown or missing keys in the stored JSON take their
/// defaults, so adding a setting needs no data migration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct SiteSettings {
    pub phone: String,
    /// General enquiries.
    pub info_email: String,
    /// Investment and portfolio enquiries.
    pub investor_email: String,
    /// Contact and demo requests are sent here.
    pub sales_email: String,
    /// Offline chats are sent here.
    pub support_email: String,
    pub office: OfficeAddress,
    pub hours: String,
    /// Live chat's business hours.
    pub chat_hours: ChatHours,
    /// Minutes a chat may wait for its first agent reply before the
    /// console highlights it and alerts once more (1 to 60).
    pub first_reply_alert_minutes: u32,
    /// Minutes without a key press or pointer move in any admin tab after
    /// which a signed-in agent is set to Away (warned a minute before;
    /// 1 to 240).
    pub agent_idle_minutes: u32,
    /// The external booking calendar (Book a Call, Schedule a Demo…).
    pub booking_url: String,
    /// The external enterprise AI agent page (Edge AI).
    pub enterprise_agent_url: String,
    /// Where event registration goes when an event has no link of its own.
    pub events_site_url: String,
    /// The home page hero video, loaded only when the visitor presses play.
    pub hero_video_url: String,
    /// Partner names shown as wordmarks in the home page strip.
    pub partners: Vec<String>,
    pub social: Vec<SocialLink>,
    /// The largest file a chat attachment may be, in MiB.
    pub chat_attachment_max_mib: u32,
    /// Hours a support agent's or admin's sign-in lasts, however active;
    /// then they sign in again (1 to 168). Visitors' accounts keep the
    /// gateway's own limit.
    pub staff_sign_in_hours: u32,
    /// The staff roles (`admin`, `support`) that must sign in with a second
    /// factor; a member of one without a factor may only enrol one.
    pub second_factor_roles: Vec<crate::accounts::Role>,
    /// Whether page views are counted at all (still only with the
    /// visitor's analytics consent).
    pub count_page_views: bool,
    /// Whether visitors are shown "Seen" when an agent has read their
    /// messages (agents always see the visitor's).
    pub show_agents_seen_to_visitors: bool,
    /// Whether an open chat becomes pending (waiting on the visitor) by
    /// itself when an agent's message is its last one. Off by default: a
    /// reply does not always end the agent's part ("let me check").
    pub auto_pending: bool,
    /// Minutes an agent's reply may stay unseen by the visitor before it is
    /// emailed to them, with every other unseen reply (1 to 60).
    pub reply_email_minutes: u32,
    /// The mailbox visitors' email replies to chats go to, as
    /// `local@domain`: each chat email's Reply-To is `local+<token>@domain`,
    /// the token naming the chat, signed. The workers read that mailbox
    /// (`INBOUND_IMAP_URL`); empty (the default): chat emails reply to the
    /// support inbox.
    pub chat_reply_address: String,
    /// How long each kind of personal data is kept (the `retention` worker).
    pub retention: crate::retention::RetentionPeriods,
}

/// The default of [`SiteSettings::reply_email_minutes`]: as Intercom and
/// Chatwoot wait before emailing a reply the visitor has not seen.
pub const DEFAULT_REPLY_EMAIL_MINUTES: u32 = 2;

/// The longest local part of [`SiteSettings::chat_reply_address`]: with
/// `+` and a signed 42-character token it fills the 64 an address allows.
pub const MAX_CHAT_REPLY_LOCAL_CHARS: usize = 21;

/// The longest [`SiteSettings::reply_email_minutes`] may be: an hour.
pub const MAX_REPLY_EMAIL_MINUTES: u32 = 60;

/// The default of [`SiteSettings::agent_idle_minutes`].
pub const DEFAULT_AGENT_IDLE_MINUTES: u32 = 10;

/// The longest [`SiteSettings::agent_idle_minutes`] may be: four hours.
pub const MAX_AGENT_IDLE_MINUTES: u32 = 240;

/// The default of [`SiteSettings::staff_sign_in_hours`]: a working day.
pub const DEFAULT_STAFF_SIGN_IN_HOURS: u32 = 12;

/// The longest [`SiteSettings::staff_sign_in_hours`] may be: a week.
pub const MAX_STAFF_SIGN_IN_HOURS: u32 = 168;

/// The default of [`SiteSettings::chat_attachment_max_mib`].
pub const DEFAULT_CHAT_ATTACHMENT_MAX_MIB: u32 = 10;

/// The most [`SiteSettings::chat_attachment_max_mib`] may be set to (the
/// gateway's body limit for attachment uploads follows from it).
pub const MAX_CHAT_ATTACHMENT_MIB: u32 = 25;

impl Default for SiteSettings {
    fn default() -> Self {
        SiteSettings {
            phone: "+254 700 000 000".to_owned(),
            info_email: "info@nyota.example".to_owned(),
            investor_email: "investors@nyota.example".to_owned(),
            sales_email: "sales@nyota.example".to_owned(),
            support_email: "support@nyota.example".to_owned(),
            office: OfficeAddress {
                building: "Nyota House, 4th Floor".to_owned(),
                street: "Waiyaki Way, Westlands".to_owned(),
                city: "Nairobi, Kenya".to_owned(),
            },
            hours: "Mon-Fri 8AM-6PM EAT".to_owned(),
            chat_hours: ChatHours::default(),
            first_reply_alert_minutes: DEFAULT_FIRST_REPLY_ALERT_MINUTES,
            agent_idle_minutes: DEFAULT_AGENT_IDLE_MINUTES,
            booking_url: "https://calendar.app.google/nyota-cloud-booking".to_owned(),
            enterprise_agent_url: "https://agents.nyota.example".to_owned(),
            events_site_url: "https://events.nyota.example".to_owned(),
            hero_video_url: "https://www.youtube-nocookie.com/embed/nyota-cloud-intro?autoplay=1"
                .to_owned(),
            // Example names (no real company's mark): the admin sets the real list.
            partners: [
                "Savanna Fibre",
                "Rift Valley Networks",
                "Kilimanjaro Data",
                "Lakeside Bank",
                "Pwani Logistics",
                "Baobab Health",
                "Msingi Telecom",
                "Jua Energy",
                "Tausi Insurance",
                "Mara Retail Group",
                "Umoja SACCO",
                "Nile Analytics",
                "Sahel Payments",
                "Zuri Media",
            ]
            .map(str::to_owned)
            .to_vec(),
            social: [
                ("LinkedIn", "https://www.linkedin.com/company/nyota-cloud"),
                ("X (Twitter)", "https://x.com/nyotacloud"),
                ("Facebook", "https://www.facebook.com/nyotacloud"),
                ("YouTube", "https://www.youtube.com/@nyotacloud"),
            ]
            .map(|(label, href)| SocialLink {
                label: label.to_owned(),
                href: href.to_owned(),
            })
            .to_vec(),
            chat_attachment_max_mib: DEFAULT_CHAT_ATTACHMENT_MAX_MIB,
            staff_sign_in_hours: DEFAULT_STAFF_SIGN_IN_HOURS,
            second_factor_roles: Vec::new(),
            count_page_views: true,
            show_agents_seen_to_visitors: true,
            auto_pending: false,
            reply_email_minutes: DEFAULT_REPLY_EMAIL_MINUTES,
            chat_reply_address: String::new(),
            retention: crate::retention::RetentionPeriods::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_keys_take_their_defaults() {
        let partial: SiteSettings =
            serde_json::from_str(r#"{ "phone": "+254 711 111 111", "unknown": 1 }"#)
                .expect("parses");
        assert_eq!(partial.phone, "+254 711 111 111");
        assert_eq!(partial.sales_email, "sales@nyota.example");
        assert_eq!(partial.partners.len(), 14);
        assert_eq!(partial.chat_attachment_max_mib, 10);
        assert_eq!(partial.retention.resolved_chats_months, 24);
    }

    /// The defaults and limits the web applies:
    /// `web/src/api-types/site-settings-defaults.ts`.
    #[test]
    fn export_web_values() {
        use crate::ts_values::TsConst;
        crate::ts_values::export(
            "site-settings-defaults.ts",
            "contract::site_settings::tests::export_web_values",
            &["SiteSettings"],
            &[
                TsConst::new(
                    "defaultSiteSettings",
                    "What applies to every setting an admin never set (`SiteSettings::default()`).",
                    &SiteSettings::default(),
                )
                .typed("SiteSettings"),
                TsConst::new(
                    "maxAgentIdleMinutes",
                    "The longest agent idle time, in minutes (`MAX_AGENT_IDLE_MINUTES`).",
                    &MAX_AGENT_IDLE_MINUTES,
                ),
                TsConst::new(
                    "maxReplyEmailMinutes",
                    "The longest an unseen reply may wait before it is emailed, in minutes (`MAX_REPLY_EMAIL_MINUTES`).",
                    &MAX_REPLY_EMAIL_MINUTES,
                ),
                TsConst::new(
                    "maxChatReplyLocalChars",
                    "The longest the part before @ of the chat reply address may be (`MAX_CHAT_REPLY_LOCAL_CHARS`).",
                    &MAX_CHAT_REPLY_LOCAL_CHARS,
                ),
                TsConst::new(
                    "maxStaffSignInHours",
                    "The longest a staff sign-in may be set to last, in hours (`MAX_STAFF_SIGN_IN_HOURS`).",
                    &MAX_STAFF_SIGN_IN_HOURS,
                ),
                TsConst::new(
                    "maxChatAttachmentMib",
                    "The most a chat attachment may be set to, in MiB (`MAX_CHAT_ATTACHMENT_MIB`).",
                    &MAX_CHAT_ATTACHMENT_MIB,
                ),
            ],
        );
    }
}

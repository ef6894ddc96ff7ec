//! The site settings' rules: what an admin may save under
//! `PUT /api/admin/site-settings`, each refusal naming its field.

use contract::limits::SETTINGS;
use contract::retention::{PERIOD_RULES, RetentionPeriods};
use contract::site_settings::{
    ChatHours, MAX_AGENT_IDLE_MINUTES, MAX_CHAT_ATTACHMENT_MIB, MAX_REPLY_EMAIL_MINUTES,
    MAX_STAFF_SIGN_IN_HOURS, OfficeAddress, SiteSettings, SocialLink,
};

use crate::platform::input::{self, AtField, Input, InputError};

/// The rules, in the admin form's order: brand and contact, chat and
/// business hours, email, security. The web form (`settings-rules.ts`) says
/// the same words. Each refusal names its field's JSON path, so the form
/// shows it beside that field.
impl Input for SiteSettings {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("phone", "Phone"),
        ("hours", "Office hours"),
        ("chatHours", "Live chat hours"),
        ("firstReplyAlertMinutes", "First-reply alert"),
        ("agentIdleMinutes", "Agent idle time"),
        ("replyEmailMinutes", "Email unseen replies after"),
        ("infoEmail", "Info email"),
        ("investorEmail", "Investor email"),
        ("salesEmail", "Sales email"),
        ("supportEmail", "Support email"),
        ("bookingUrl", "Booking calendar URL"),
        ("enterpriseAgentUrl", "Enterprise agent URL"),
        ("eventsSiteUrl", "Events site URL"),
        ("heroVideoUrl", "Hero video URL"),
        ("office", "Office address"),
        ("partners", "Partners"),
        ("social", "Social links"),
        ("chatAttachmentMaxMib", "Largest chat attachment"),
        ("staffSignInHours", "Staff sign-in"),
        ("secondFactorRoles", "Second factor required for"),
        ("countPageViews", "Count page views"),
        ("retention", "Retention periods"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let phone = phone(self.phone).at("phone")?;
        let hours = required("Office hours", self.hours, SETTINGS.hours_chars).at("hours")?;
        let chat_hours = chat_hours(self.chat_hours)?;
        let chat_attachment_max_mib =
            attachment_limit(self.chat_attachment_max_mib).at("chatAttachmentMaxMib")?;
        if !(1..=SETTINGS.first_reply_alert_minutes).contains(&self.first_reply_alert_minutes) {
            return Err(InputError::new(format!(
                "First-reply alert must be between 1 and {} minutes",
                SETTINGS.first_reply_alert_minutes
            )))
            .at("firstReplyAlertMinutes");
        }
        if !(1..=MAX_AGENT_IDLE_MINUTES).contains(&self.agent_idle_minutes) {
            return Err(InputError::new(format!(
                "Agent idle time must be between 1 and {MAX_AGENT_IDLE_MINUTES} minutes"
            )))
            .at("agentIdleMinutes");
        }
        if !(1..=MAX_REPLY_EMAIL_MINUTES).contains(&self.reply_email_minutes) {
            return Err(InputError::new(format!(
                "Email unseen replies after must be between 1 and {MAX_REPLY_EMAIL_MINUTES} minutes"
            )))
            .at("replyEmailMinutes");
        }
        let info_email = mailbox("Info email", self.info_email).at("infoEmail")?;
        let investor_email = mailbox("Investor email", self.investor_email).at("investorEmail")?;
        let sales_email = mailbox("Sales email", self.sales_email).at("salesEmail")?;
        let support_email = mailbox("Support email", self.support_email).at("supportEmail")?;
        let booking_url =
            web_address("Booking calendar URL", self.booking_url, Scheme::Any).at("bookingUrl")?;
        let enterprise_agent_url = web_address(
            "Enterprise agent URL",
            self.enterprise_agent_url,
            Scheme::Any,
        )
        .at("enterpriseAgentUrl")?;
        let events_site_url = web_address("Events site URL", self.events_site_url, Scheme::Any)
            .at("eventsSiteUrl")?;
        let hero_video_url = hero_video(self.hero_video_url).at("heroVideoUrl")?;
        let office = OfficeAddress {
            building: required(
                "Office building",
                self.office.building,
                SETTINGS.office_line_chars,
            )
            .at("office.building")?,
            street: required(
                "Office street",
                self.office.street,
                SETTINGS.office_line_chars,
            )
            .at("office.street")?,
            city: required("Office city", self.office.city, SETTINGS.office_line_chars)
                .at("office.city")?,
        };
        let partners = partners(self.partners)?;
        let social = social(self.social)?;
        let retention = retention(self.retention)?;
        if !(1..=MAX_STAFF_SIGN_IN_HOURS).contains(&self.staff_sign_in_hours) {
            return Err(InputError::new(format!(
                "Staff sign-in must last a whole number of hours from 1 to {MAX_STAFF_SIGN_IN_HOURS}"
            )))
            .at("staffSignInHours");
        }
        let second_factor_roles =
            crate::accounts::second_factor::roles_setting(self.second_factor_roles)
                .at("secondFactorRoles")?;
        Ok(SiteSettings {
            phone,
            info_email,
            investor_email,
            sales_email,
            support_email,
            office,
            hours,
            chat_hours,
            first_reply_alert_minutes: self.first_reply_alert_minutes,
            agent_idle_minutes: self.agent_idle_minutes,
            booking_url,
            enterprise_agent_url,
            events_site_url,
            hero_video_url,
            partners,
            social,
            chat_attachment_max_mib,
            staff_sign_in_hours: self.staff_sign_in_hours,
            second_factor_roles,
            count_page_views: self.count_page_views,
            show_agents_seen_to_visitors: self.show_agents_seen_to_visitors,
            reply_email_minutes: self.reply_email_minutes,
            retention,
        })
    }
}

/// Each retention period within its range ([`contract::retention::PERIOD_RULES`]).
fn retention(periods: RetentionPeriods) -> Result<RetentionPeriods, InputError> {
    let Some(problem) = periods.problem() else {
        return Ok(periods);
    };
    // The rule that failed names the field, for the form.
    let field = PERIOD_RULES
        .iter()
        .zip(periods.values())
        .find(|(rule, value)| !(rule.min..=rule.max).contains(value))
        .map_or("retention".to_owned(), |(rule, _)| {
            format!("retention.{}", rule.field)
        });
    Err(InputError::new(problem)).at(&field)
}

fn attachment_limit(mib: u32) -> Result<u32, InputError> {
    if !(1..=MAX_CHAT_ATTACHMENT_MIB).contains(&mib) {
        return Err(InputError::new(format!(
            "Largest chat attachment must be a whole number of MiB from 1 to {MAX_CHAT_ATTACHMENT_MIB}"
        )));
    }
    Ok(mib)
}

/// The only site the Content-Security-Policy lets the home page frame.
const VIDEO_EMBED_PREFIX: &str = "https://www.youtube-nocookie.com/embed/";

/// Minutes after midnight of an `HH:MM` 24-hour time.
fn minutes(raw: &str) -> Option<u16> {
    let (hours, minutes) = raw.split_once(':')?;
    if hours.len() != 2 || minutes.len() != 2 {
        return None;
    }
    let (hours, minutes): (u16, u16) = (hours.parse().ok()?, minutes.parse().ok()?);
    (hours < 24 && minutes < 60).then_some(hours * 60 + minutes)
}

fn chat_hours(hours: ChatHours) -> Result<ChatHours, InputError> {
    let mut days = hours.days;
    days.sort_unstable();
    days.dedup();
    if days.is_empty() {
        return Err(InputError::new("Choose at least one day for live chat")).at("chatHours.days");
    }
    if days.iter().any(|day| !(1..=7).contains(day)) {
        return Err(InputError::new("Live chat days must be Monday to Sunday"))
            .at("chatHours.days");
    }
    let (opens, closes) = (hours.opens.trim(), hours.closes.trim());
    let (from, to) = (minutes(opens), minutes(closes));
    // Closing at 00:00 is midnight at the end of the day.
    let to = to.map(|to| if to == 0 { 24 * 60 } else { to });
    let (Some(from), Some(to)) = (from, to) else {
        let field = if from.is_none() {
            "chatHours.opens"
        } else {
            "chatHours.closes"
        };
        return Err(InputError::new(
            "Live chat opening and closing times must be like 08:00 (24-hour)",
        ))
        .at(field);
    };
    if to <= from {
        return Err(InputError::new("Live chat must close after it opens")).at("chatHours.closes");
    }
    Ok(ChatHours {
        days,
        opens: opens.to_owned(),
        closes: closes.to_owned(),
    })
}

fn required(label: &'static str, raw: String, max: usize) -> Result<String, InputError> {
    Ok(input::text(label, raw)?.required()?.max_chars(max)?.value())
}

fn phone(raw: String) -> Result<String, InputError> {
    let phone = required("Phone", raw, SETTINGS.phone_chars)?;
    if !phone
        .chars()
        .all(|c| c.is_ascii_digit() || " +-().".contains(c))
    {
        return Err(InputError::new(
            "Phone may contain only digits, spaces and + - ( ) .".to_owned(),
        ));
    }
    if phone.chars().filter(char::is_ascii_digit).count() < 7 {
        return Err(InputError::new(
            "Phone must have at least 7 digits".to_owned(),
        ));
    }
    Ok(phone)
}

fn mailbox(label: &'static str, raw: String) -> Result<String, InputError> {
    let address = required(label, raw, 254)?;
    if input::is_valid_email(&address) {
        Ok(address)
    } else {
        Err(InputError::new(format!(
            "{label} must be a valid email address"
        )))
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Scheme {
    /// `http://` or `https://`.
    Any,
    Https,
}

/// An absolute web address with a host; `Scheme::Https` for links shown
/// to every visitor as a profile.
fn web_address(label: &str, raw: String, scheme: Scheme) -> Result<String, InputError> {
    let address = item(label, raw, SETTINGS.url_chars)?;
    let parsed = address.parse::<axum::http::Uri>().ok();
    let scheme_ok = parsed
        .as_ref()
        .and_then(|uri| uri.scheme_str())
        .is_some_and(|found| match scheme {
            Scheme::Any => found == "http" || found == "https",
            Scheme::Https => found == "https",
        });
    let host_ok = parsed
        .as_ref()
        .and_then(|uri| uri.host())
        .is_some_and(|host| !host.is_empty());
    // The scheme must be spelt in lower case, as every link on the site is.
    let spelt = address.starts_with("http://") || address.starts_with("https://");
    if scheme_ok && host_ok && spelt {
        return Ok(address);
    }
    Err(InputError::new(match scheme {
        Scheme::Any => {
            format!("{label} must be a web address starting with http:// or https://")
        }
        Scheme::Https => format!("{label} must be a web address starting with https://"),
    }))
}

fn hero_video(raw: String) -> Result<String, InputError> {
    let address = web_address("Hero video URL", raw, Scheme::Https)?;
    if address.len() > VIDEO_EMBED_PREFIX.len() && address.starts_with(VIDEO_EMBED_PREFIX) {
        Ok(address)
    } else {
        Err(InputError::new(format!(
            "Hero video URL must be a YouTube embed address starting with {VIDEO_EMBED_PREFIX}"
        )))
    }
}

/// One text in a list, named by its place ("Partner 3"): trimmed, required,
/// no control characters, at most `max` characters.
fn item(label: &str, raw: String, max: usize) -> Result<String, InputError> {
    let value = raw.trim().to_owned();
    if value.chars().any(char::is_control) {
        return Err(InputError::new(format!(
            "{label} must not contain control characters"
        )));
    }
    if value
        .chars()
        .all(|c| c.is_whitespace() || input::is_invisible(c))
    {
        return Err(InputError::new(format!("{label} is required")));
    }
    if value.chars().count() > max {
        return Err(InputError::new(format!(
            "{label} must be at most {max} characters"
        )));
    }
    Ok(value)
}

fn partners(raw: Vec<String>) -> Result<Vec<String>, InputError> {
    if raw.is_empty() || raw.len() > SETTINGS.partners {
        return Err(InputError::new(format!(
            "Partners must list between 1 and {} names",
            SETTINGS.partners
        )))
        .at("partners");
    }
    raw.into_iter()
        .enumerate()
        .map(|(index, name)| {
            item(
                &format!("Partner {}", index + 1),
                name,
                SETTINGS.partner_chars,
            )
            .at(&format!("partners.{index}"))
        })
        .collect()
}

fn social(raw: Vec<SocialLink>) -> Result<Vec<SocialLink>, InputError> {
    if raw.len() > SETTINGS.social_links {
        return Err(InputError::new(format!(
            "Social links must be at most {}",
            SETTINGS.social_links
        )))
        .at("social");
    }
    raw.into_iter()
        .enumerate()
        .map(|(index, link)| {
            let n = index + 1;
            Ok(SocialLink {
                label: item(
                    &format!("Social link {n} name"),
                    link.label,
                    SETTINGS.social_label_chars,
                )
                .at(&format!("social.{index}.label"))?,
                href: web_address(
                    &format!("Social link {n} address"),
                    link.href,
                    Scheme::Https,
                )
                .at(&format!("social.{index}.href"))?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(edit: impl FnOnce(&mut SiteSettings)) -> Result<SiteSettings, String> {
        let mut settings = SiteSettings::default();
        edit(&mut settings);
        settings.check().map_err(|error| error.message)
    }

    #[test]
    fn the_defaults_pass_and_values_are_trimmed() {
        assert_eq!(checked(|_| {}), Ok(SiteSettings::default()));
        let trimmed = checked(|s| s.phone = "  +254 711 000 111 ".to_owned()).expect("valid");
        assert_eq!(trimmed.phone, "+254 711 000 111");
    }

    /// Closing at 00:00 is midnight at the end of the day: all day from
    /// 00:00, the evening from 18:00.
    #[test]
    fn closing_at_midnight_ends_the_day() {
        for opens in ["00:00", "18:00"] {
            let hours = ChatHours {
                days: vec![1],
                opens: opens.into(),
                closes: "00:00".into(),
            };
            assert_eq!(chat_hours(hours.clone()), Ok(hours));
        }
    }

    /// The field each refusal names, as the admin form names its inputs.
    #[test]
    fn each_refusal_names_its_field() {
        type Edit = Box<dyn FnOnce(&mut SiteSettings)>;
        let cases: Vec<(Edit, &str)> = vec![
            (Box::new(|s| s.phone = " ".into()), "phone"),
            (Box::new(|s| s.chat_hours.days = vec![]), "chatHours.days"),
            (
                Box::new(|s| s.chat_hours.opens = "8am".into()),
                "chatHours.opens",
            ),
            (
                Box::new(|s| {
                    s.chat_hours.opens = "09:00".into();
                    s.chat_hours.closes = "08:00".into();
                }),
                "chatHours.closes",
            ),
            (Box::new(|s| s.support_email = "x".into()), "supportEmail"),
            (Box::new(|s| s.office.city = String::new()), "office.city"),
            (Box::new(|s| s.partners[2] = " ".into()), "partners.2"),
            (
                Box::new(|s| s.social[1].href = "http://x.example".into()),
                "social.1.href",
            ),
            (Box::new(|s| s.staff_sign_in_hours = 0), "staffSignInHours"),
        ];
        for (edit, field) in cases {
            let mut settings = SiteSettings::default();
            edit(&mut settings);
            let error = settings.check().expect_err(field);
            assert_eq!(error.field.as_deref(), Some(field), "{}", error.message);
        }
    }

    #[test]
    fn each_rule_answers_in_words() {
        type Edit = Box<dyn FnOnce(&mut SiteSettings)>;
        let cases: Vec<(Edit, &str)> = vec![
            (Box::new(|s| s.phone = " ".into()), "Phone is required"),
            (
                Box::new(|s| s.phone = "+254 7OO".into()),
                "Phone may contain only digits, spaces and + - ( ) .",
            ),
            (
                Box::new(|s| s.phone = "+254 70".into()),
                "Phone must have at least 7 digits",
            ),
            (
                Box::new(|s| s.hours = String::new()),
                "Office hours is required",
            ),
            (
                Box::new(|s| s.chat_hours.days = vec![]),
                "Choose at least one day for live chat",
            ),
            (
                Box::new(|s| s.chat_hours.days = vec![1, 8]),
                "Live chat days must be Monday to Sunday",
            ),
            (
                Box::new(|s| s.chat_hours.opens = "8am".into()),
                "Live chat opening and closing times must be like 08:00 (24-hour)",
            ),
            (
                Box::new(|s| s.chat_hours.closes = "24:00".into()),
                "Live chat opening and closing times must be like 08:00 (24-hour)",
            ),
            (
                Box::new(|s| {
                    s.chat_hours.opens = "08:00".into();
                    s.chat_hours.closes = "08:00".into();
                }),
                "Live chat must close after it opens",
            ),
            (
                Box::new(|s| s.staff_sign_in_hours = 169),
                "Staff sign-in must last a whole number of hours from 1 to 168",
            ),
            (
                Box::new(|s| s.first_reply_alert_minutes = 0),
                "First-reply alert must be between 1 and 60 minutes",
            ),
            (
                Box::new(|s| s.first_reply_alert_minutes = 61),
                "First-reply alert must be between 1 and 60 minutes",
            ),
            (
                Box::new(|s| s.agent_idle_minutes = 0),
                "Agent idle time must be between 1 and 240 minutes",
            ),
            (
                Box::new(|s| s.agent_idle_minutes = 241),
                "Agent idle time must be between 1 and 240 minutes",
            ),
            (
                Box::new(|s| s.reply_email_minutes = 0),
                "Email unseen replies after must be between 1 and 60 minutes",
            ),
            (
                Box::new(|s| s.reply_email_minutes = 61),
                "Email unseen replies after must be between 1 and 60 minutes",
            ),
            (
                Box::new(|s| s.sales_email = "sales@nyota".into()),
                "Sales email must be a valid email address",
            ),
            (
                Box::new(|s| s.info_email = "\u{200B}".into()),
                "Info email is required",
            ),
            (
                Box::new(|s| s.booking_url = "javascript:alert(1)".into()),
                "Booking calendar URL must be a web address starting with http:// or https://",
            ),
            (
                Box::new(|s| s.events_site_url = "https://".into()),
                "Events site URL must be a web address starting with http:// or https://",
            ),
            (
                Box::new(|s| s.hero_video_url = "https://video.example/embed/1".into()),
                "Hero video URL must be a YouTube embed address starting with \
                 https://www.youtube-nocookie.com/embed/",
            ),
            (
                Box::new(|s| s.hero_video_url = "http://www.youtube-nocookie.com/embed/x".into()),
                "Hero video URL must be a web address starting with https://",
            ),
            (
                Box::new(|s| s.chat_attachment_max_mib = 0),
                "Largest chat attachment must be a whole number of MiB from 1 to 25",
            ),
            (
                Box::new(|s| s.chat_attachment_max_mib = 26),
                "Largest chat attachment must be a whole number of MiB from 1 to 25",
            ),
            (
                Box::new(|s| s.office.city = "".into()),
                "Office city is required",
            ),
            (
                Box::new(|s| s.partners.clear()),
                "Partners must list between 1 and 30 names",
            ),
            (
                Box::new(|s| s.partners = vec!["A".into(); 31]),
                "Partners must list between 1 and 30 names",
            ),
            (
                Box::new(|s| s.partners[2] = "x".repeat(61)),
                "Partner 3 must be at most 60 characters",
            ),
            (
                Box::new(|s| s.partners[0] = "  ".into()),
                "Partner 1 is required",
            ),
            (
                Box::new(|s| s.partners[1] = "Bad\u{7}name".into()),
                "Partner 2 must not contain control characters",
            ),
            (
                Box::new(|s| s.social[1].href = "http://x.com/nyota".into()),
                "Social link 2 address must be a web address starting with https://",
            ),
            (
                Box::new(|s| s.social[0].label = "".into()),
                "Social link 1 name is required",
            ),
            (
                Box::new(|s| s.retention.resolved_chats_months = 0),
                "Resolved chats must be kept between 1 and 120 months",
            ),
            (
                Box::new(|s| s.retention.unconfirmed_subscriptions_days = 366),
                "Unconfirmed subscriptions must be kept between 1 and 365 days",
            ),
            (
                Box::new(|s| s.retention.page_visitors_days = 0),
                "Raw page views must be kept between 1 and 730 days",
            ),
        ];
        for (edit, expected) in cases {
            assert_eq!(checked(edit), Err(expected.to_owned()));
        }
    }
}

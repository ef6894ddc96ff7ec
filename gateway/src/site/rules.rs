//! The site settings' rules: what an admin may save under
//! `PUT /api/admin/site-settings`, each refusal naming its field.

use contract::limits::SETTINGS;
use contract::retention::{PERIOD_RULES, RetentionPeriods};
use contract::site_settings::{
    ChatHours, MAX_AGENT_IDLE_MINUTES, MAX_CHAT_ATTACHMENT_MIB, MAX_CHAT_REPLY_LOCAL_CHARS,
    MAX_REPLY_EMAIL_MINUTES, MAX_STAFF_SIGN_IN_HOURS, OfficeAddress, SiteSettings, SocialLink,
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
        ("chatReplyAddress", "Chat reply address"),
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
        let chat_reply_address =
            chat_reply_address(self.chat_reply_address).at("chatReplyAddress")?;
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
            auto_pending: self.auto_pending,
            reply_email_minutes: self.reply_email_minutes,
            chat_reply_address,
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

/// Empty, or a mailbox whose local part leaves room for `+<token>` (see
/// [`contract::site_settings::SiteSettings::chat_reply_address`]).
fn chat_reply_address(raw: String) -> Result<String, InputError> {
    let address = raw.trim().to_owned();
    if address.is_empty() {
        return Ok(address);
    }
    let address = mailbox("Chat reply address", address)?;
    let local = address.split('@').next().unwrap_or_default();
    if local.contains('+') {
        return Err(InputError::new(
            "Chat reply address must not contain + (each chat's address adds +chat to it)",
        ));
    }
    if local.chars().count() > MAX_CHAT_REPLY_LOCAL_CHARS {
        return Err(InputError::new(format!(
            "Chat reply address must have at most {MAX_CHAT_REPLY_LOCAL_CHARS} characters before the @"
        )));
    }
    Ok(address)
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
mod tests;

use super::*;

fn checked(edit: impl FnOnce(&mut SiteSettings)) -> Result<SiteSettings, String> {
    let mut settings = SiteSettings::default();
    edit(&mut settings);
    settings.check().map_err(|error| error.message.to_string())
}

#[test]
fn the_defaults_pass_and_values_are_trimmed() {
    assert_eq!(checked(|_| {}), Ok(SiteSettings::default()));
    let trimmed = checked(|s| {
        s.phone = "  +254 711 000 111 ".to_owned();
        s.chat_reply_address = " chat-replies@nyota.example ".to_owned();
    })
    .expect("valid");
    assert_eq!(trimmed.phone, "+254 711 000 111");
    assert_eq!(trimmed.chat_reply_address, "chat-replies@nyota.example");
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
        (
            Box::new(|s| s.chat_reply_address = "a+b@nyota.example".into()),
            "chatReplyAddress",
        ),
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
            Box::new(|s| s.chat_reply_address = "replies".into()),
            "Chat reply address must be a valid email address",
        ),
        (
            Box::new(|s| s.chat_reply_address = "replies+chat@nyota.example".into()),
            "Chat reply address must not contain + (each chat's address adds +chat to it)",
        ),
        (
            Box::new(|s| s.chat_reply_address = "customer-chat-replies1@nyota.example".into()),
            "Chat reply address must have at most 21 characters before the @",
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

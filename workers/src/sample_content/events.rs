//! The sample events.

use contract::content::EventInput;
use time::{Date, Duration};

use super::images::IMAGE_DIR;

/// An event of the sample set.
#[derive(Debug)]
pub struct SampleEvent {
    pub title: &'static str,
    /// Plain text; stored joined by blank lines.
    pub paragraphs: &'static [&'static str],
    pub category: &'static str,
    /// Days from today (Nairobi): negative for a completed event.
    pub days_from_today: i64,
    pub time: &'static str,
    pub location: &'static str,
    /// A file in [`IMAGE_DIR`].
    pub image: &'static str,
    pub highlights: &'static [&'static str],
}

impl SampleEvent {
    /// The event as the admin API would receive it, dated from `today`.
    /// Without a registration link the page offers the default events site.
    pub fn input(&self, today: Date) -> EventInput {
        EventInput {
            title: self.title.to_owned(),
            description: self.paragraphs.join("\n\n"),
            category: self.category.to_owned(),
            date: today
                .saturating_add(Duration::days(self.days_from_today))
                .to_string(),
            time: self.time.to_owned(),
            location: self.location.to_owned(),
            image: Some(format!("{IMAGE_DIR}{}", self.image)),
            highlights: Some(self.highlights.iter().map(|h| (*h).to_owned()).collect()),
            register_link: None,
            completed: None,
            language: None,
        }
    }
}

/// The sample events, soonest first, then the completed ones.
pub const EVENTS: &[SampleEvent] = &[
    SampleEvent {
        title: "Webinar: Planning Your Move from On-Premise Servers to the Cloud",
        paragraphs: &[
            "Ninety minutes with our solutions engineers on moving workloads from servers in \
             your own office or server room to cloud infrastructure in Africa. We cover how \
             to take stock of what you run today, which workloads to move first, how to \
             choose between bare metal and virtual servers, and how to plan a cut-over with a \
             tested way back.",
            "The session ends with open questions. It suits IT managers, system \
             administrators and the finance colleagues who approve the budget.",
        ],
        category: "Webinar",
        days_from_today: 10,
        time: "10:00 - 11:30 EAT",
        location: "Online",
        image: "webinar.svg",
        highlights: &[
            "Taking stock of existing servers and applications",
            "Choosing between bare metal and virtual servers",
            "Planning a migration with a tested rollback",
            "Live questions and answers with our engineers",
        ],
    },
    SampleEvent {
        title: "Hands-on Workshop: Your First Dashboard with Nyota BI",
        paragraphs: &[
            "A morning workshop for analysts and managers who want to turn spreadsheets into \
             live dashboards. Bring a laptop and, if you like, a sample of your own data with \
             personal details removed; practice datasets are provided for everyone else.",
            "Working in small groups, you connect two data sources, agree on shared \
             definitions, build a dashboard and share it with your team. Seats are limited so \
             that every group has an engineer beside it.",
        ],
        category: "Workshop",
        days_from_today: 24,
        time: "09:00 - 13:00 EAT",
        location: "Nairobi, Kenya",
        image: "business-intelligence.svg",
        highlights: &[
            "Connecting data sources to Nyota BI",
            "Cleaning data and agreeing on shared definitions",
            "Building and sharing a live dashboard",
            "Small groups, each with an engineer",
        ],
    },
    SampleEvent {
        title: "Nyota Cloud Infrastructure Day Lagos",
        paragraphs: &[
            "A full day on building and running reliable infrastructure in West Africa, for \
             CTOs, engineering leads and IT managers. Talks cover data residency, disaster \
             recovery, securing hybrid environments and the economics of owning hardware \
             compared with renting it.",
            "The afternoon brings practical sessions and time to meet our engineering and \
             sales teams about your own plans.",
        ],
        category: "Conference",
        days_from_today: 45,
        time: "09:00 - 17:00 WAT",
        location: "Lagos, Nigeria",
        image: "conference.svg",
        highlights: &[
            "Data residency under Nigeria's Data Protection Act",
            "Designing for disaster recovery",
            "Securing hybrid and multi-site environments",
            "Owning or renting hardware: what to compare",
            "One-to-one sessions with our engineers",
        ],
    },
    SampleEvent {
        title: "Edge AI Meetup Kigali",
        paragraphs: &[
            "An evening for developers, researchers and founders building with AI in Rwanda \
             and the region. Short talks on serving open models, keeping response times low \
             for users in Africa and preparing workloads for GPUs, followed by demos and \
             conversation.",
            "We will also share our plans for the edge AI and GPU cloud we are building, which \
             is open for early access and capacity reservation.",
        ],
        category: "Meetup",
        days_from_today: 70,
        time: "17:30 - 20:00 CAT",
        location: "Kigali, Rwanda",
        image: "edge-ai.svg",
        highlights: &[
            "Lightning talks on serving open models",
            "Latency and data protection for AI in Africa",
            "The planned GPU cluster and how to reserve capacity",
            "Demos and networking",
        ],
    },
    SampleEvent {
        title: "Webinar: Cloud CCTV for Estates, Schools and Offices",
        paragraphs: &[
            "A one-hour introduction to Kaa Rada, our cloud CCTV service, for property \
             managers, security firms and facilities teams. We showed how cameras stream to \
             encrypted storage in Africa, how footage is viewed from a phone or a browser, and \
             how to estimate the bandwidth each site needs.",
            "The session closed with questions from participants about moving existing \
             cameras to the cloud.",
        ],
        category: "Webinar",
        days_from_today: -20,
        time: "11:00 - 12:00 EAT",
        location: "Online",
        image: "cloud-cctv.svg",
        highlights: &[
            "How cloud recording differs from an on-site recorder",
            "Watching live and recorded video from a phone or browser",
            "Estimating bandwidth per camera and per site",
            "Choosing between the Starter, SME and Enterprise clusters",
        ],
    },
    SampleEvent {
        title: "Workshop: Hardening Your Cloud Servers",
        paragraphs: &[
            "A full-day, hands-on workshop for system administrators on securing Linux \
             servers in the cloud. Participants set up key-based SSH access, firewalls and \
             automatic security updates, encrypted a data volume with AES-256, served a \
             website over TLS 1.3 and tested a backup restore from start to finish.",
            "Each participant worked on a virtual server of their own and kept the notes and \
             scripts from the day.",
        ],
        category: "Workshop",
        days_from_today: -60,
        time: "09:00 - 16:00 EAT",
        location: "Nairobi, Kenya",
        image: "encryption.svg",
        highlights: &[
            "SSH keys, firewalls and automatic updates",
            "Encrypting data volumes with AES-256",
            "Serving websites over TLS 1.3",
            "Testing a full backup restore",
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample_content::test_support::{assert_plain, day};

    #[test]
    fn events_split_into_four_upcoming_and_two_completed() {
        let upcoming: Vec<_> = EVENTS
            .iter()
            .map(|e| e.days_from_today)
            .filter(|d| *d > 0)
            .collect();
        assert_eq!(upcoming, [10, 24, 45, 70]);
        let completed: Vec<_> = EVENTS
            .iter()
            .map(|e| e.days_from_today)
            .filter(|d| *d < 0)
            .collect();
        assert_eq!(completed, [-20, -60]);
        for event in EVENTS {
            assert!((3..=5).contains(&event.highlights.len()), "{}", event.title);
            assert_plain(event.title, event.title);
            for text in event.paragraphs.iter().chain(event.highlights) {
                assert_plain(text, event.title);
            }
            assert!(
                event
                    .input(day(2030, time::Month::March, 15))
                    .register_link
                    .is_none()
            );
        }
    }
}

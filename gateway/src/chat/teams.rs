//! Teams and routing: which team a chat is in. An admin groups agents in
//! teams (`teams`, `team_members`) and lists rules in order
//! (`team_routing_rules`); a chat takes the team of the first rule that
//! matches it when it starts ([`route`]). A change of labels while the
//! chat still waits in the queue runs the rules again
//! (`chat::assignment::reroute`): the chat moves to the team they name now,
//! if they name one. A chat an agent has keeps its team and agent (a
//! transfer moves it).
//!
//! The rules of each admin input are here too; the queries are
//! `store::teams`, the routes `http::teams`.

use contract::chat::{
    RoutingKind, RoutingOrderBody, RoutingRule, RoutingRuleBody, TeamBody, TeamMembersBody,
};
use contract::language::Language;
use contract::limits::CHAT;

use crate::platform::input::{self, Input, InputError};

/// Longest team name.
pub const NAME_CHARS: usize = 60;
/// Longest team description.
pub const DESCRIPTION_CHARS: usize = 500;
/// Longest page prefix of a rule.
pub const PAGE_CHARS: usize = 200;

/// What the rules look at in a chat.
pub struct ChatFacts<'a> {
    /// The page it started on, as the widget sent it (a path, or a URL).
    pub page: Option<&'a str>,
    pub labels: &'a [String],
    pub language: Language,
}

/// The team a chat goes to: the first rule (in order) that matches, with
/// the rule that chose it; `None` when none does (everyone's chat).
pub fn route<'r>(rules: &'r [RoutingRule], chat: &ChatFacts<'_>) -> Option<&'r RoutingRule> {
    let path = chat.page.map(page_path);
    rules.iter().find(|rule| match rule.kind {
        RoutingKind::Page => path
            .as_deref()
            .is_some_and(|path| under_prefix(path, &rule.value)),
        RoutingKind::Label => chat.labels.contains(&rule.value),
        RoutingKind::Language => chat.language.code() == rule.value,
    })
}

/// Why `rule` chose its team, for the chat's trail: "page /pricing".
pub fn reason(rule: &RoutingRule) -> String {
    let kind = match rule.kind {
        RoutingKind::Page => "page",
        RoutingKind::Label => "label",
        RoutingKind::Language => "language",
    };
    format!("{kind} {}", rule.value)
}

/// The site path of `page` without its language prefix: a full address
/// loses its scheme and host, a query and fragment are dropped, `/fr/…` and
/// `/sw/…` are the English page's path (a rule for `/pricing` serves every
/// language).
fn page_path(page: &str) -> String {
    let page = page.trim();
    let path = match page.split_once("://") {
        Some((_, rest)) => rest.find('/').map_or("/", |start| &rest[start..]),
        None => page,
    };
    let path = path.split(['?', '#']).next().unwrap_or_default();
    for language in [Language::Fr, Language::Sw] {
        let prefix = format!("/{}", language.code());
        if path == prefix {
            return "/".to_owned();
        }
        if let Some(rest) = path.strip_prefix(&prefix)
            && rest.starts_with('/')
        {
            return rest.to_owned();
        }
    }
    path.to_owned()
}

/// Whether `path` is `prefix` or under it, by whole segments: `/pricing`
/// covers `/pricing` and `/pricing/kes`, not `/pricing-old`.
fn under_prefix(path: &str, prefix: &str) -> bool {
    if prefix == "/" {
        return true;
    }
    path.strip_prefix(prefix)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Whether `label` is one a chat can carry: 1–24 lowercase letters, digits
/// and dashes.
pub fn is_label(label: &str) -> bool {
    (1..=CHAT.label_chars).contains(&label.len())
        && label
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// A page rule's value: a path (a pasted address keeps only its path), no
/// query, no trailing slash.
fn page_prefix(raw: &str) -> Result<String, InputError> {
    let raw = raw.trim();
    let refused = || {
        InputError::new(format!(
            "Page must be a path of the site starting with /, like /pricing \
             (at most {PAGE_CHARS} characters, no spaces)"
        ))
    };
    let path = match raw.split_once("://") {
        Some((_, rest)) => rest.find('/').map_or("/", |start| &rest[start..]),
        None => raw,
    };
    if !path.starts_with('/')
        || path.chars().count() > PAGE_CHARS
        || path.chars().any(|c| c.is_whitespace() || c.is_control())
        || path.contains(['?', '#'])
    {
        return Err(refused());
    }
    let trimmed = path.trim_end_matches('/');
    Ok(if trimmed.is_empty() { "/" } else { trimmed }.to_owned())
}

impl Input for TeamBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("name", "Name"),
        ("description", "Description"),
        ("fallbackToEveryone", "Fall back to everyone"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let name = input::text("Name", self.name)?
            .required()?
            .max_chars(NAME_CHARS)?
            .value();
        let description = match self.description {
            Some(description) => input::multiline("Description", description)?
                .max_chars(DESCRIPTION_CHARS)?
                .optional_clipped(DESCRIPTION_CHARS),
            None => None,
        };
        Ok(TeamBody {
            name,
            description,
            fallback_to_everyone: self.fallback_to_everyone,
        })
    }
}

impl Input for TeamMembersBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[("agentIds", "Members")];

    fn check(mut self) -> Result<Self, InputError> {
        self.agent_ids.sort();
        self.agent_ids.dedup();
        if self.agent_ids.len() > 500 {
            return Err(InputError::new("A team can have at most 500 members"));
        }
        Ok(self)
    }
}

impl Input for RoutingRuleBody {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("kind", "Rule"), ("value", "Value"), ("teamId", "Team")];

    fn check(self) -> Result<Self, InputError> {
        let value = match self.kind {
            RoutingKind::Page => page_prefix(&self.value)?,
            RoutingKind::Label => {
                let label = self.value.trim().to_lowercase();
                if !is_label(&label) {
                    return Err(InputError::new(format!(
                        "Label must be 1 to {} lowercase letters, digits or dashes",
                        CHAT.label_chars
                    )));
                }
                label
            }
            RoutingKind::Language => {
                let code = self.value.trim().to_lowercase();
                Language::parse(&code)
                    .ok_or_else(|| InputError::new("Language must be en, fr or sw"))?
                    .code()
                    .to_owned()
            }
        };
        Ok(RoutingRuleBody {
            kind: self.kind,
            value,
            team_id: self.team_id,
        })
    }
}

impl Input for RoutingOrderBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[("ids", "Order")];

    fn check(self) -> Result<Self, InputError> {
        let mut sorted = self.ids.clone();
        sorted.sort();
        sorted.dedup();
        if sorted.len() != self.ids.len() {
            return Err(InputError::new("Each rule must appear once in the order"));
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    fn rule(kind: RoutingKind, value: &str, team: u128) -> RoutingRule {
        RoutingRule {
            id: Uuid::from_u128(1000 + team),
            kind,
            value: value.to_owned(),
            team_id: Uuid::from_u128(team),
            team_name: format!("Team {team}"),
        }
    }

    fn team_of(
        rules: &[RoutingRule],
        page: Option<&str>,
        labels: &[&str],
        language: Language,
    ) -> u128 {
        let labels: Vec<String> = labels.iter().map(|l| (*l).to_owned()).collect();
        let facts = ChatFacts {
            page,
            labels: &labels,
            language,
        };
        route(rules, &facts).map_or(0, |rule| rule.team_id.as_u128())
    }

    #[test]
    fn the_first_matching_rule_in_order_wins() {
        use RoutingKind::{Label, Language as Lang, Page};
        let rules = [
            rule(Label, "billing", 1),
            rule(Page, "/pricing", 2),
            rule(Lang, "fr", 3),
        ];
        assert_eq!(team_of(&rules, Some("/pricing"), &[], Language::En), 2);
        assert_eq!(team_of(&rules, Some("/pricing"), &[], Language::Fr), 2);
        assert_eq!(team_of(&rules, Some("/blog"), &[], Language::Fr), 3);
        assert_eq!(
            team_of(&rules, Some("/pricing"), &["billing"], Language::Fr),
            1
        );
        assert_eq!(team_of(&rules, Some("/blog"), &[], Language::En), 0);
        assert_eq!(team_of(&rules, None, &[], Language::En), 0);
    }

    #[test]
    fn a_page_rule_matches_whole_segments_in_every_language() {
        let rules = [rule(RoutingKind::Page, "/virtual-servers", 1)];
        for page in [
            "/virtual-servers",
            "/virtual-servers/",
            "/virtual-servers/gpu?x=1",
            "/fr/virtual-servers",
            "/sw/virtual-servers#plans",
            "https://nyota.cloud/virtual-servers/x",
        ] {
            assert_eq!(team_of(&rules, Some(page), &[], Language::En), 1, "{page}");
        }
        for page in [
            "/virtual-servers-old",
            "/fr",
            "/blog/virtual-servers",
            "",
            "/frvirtual-servers",
        ] {
            assert_eq!(team_of(&rules, Some(page), &[], Language::En), 0, "{page}");
        }
        let everything = [rule(RoutingKind::Page, "/", 9)];
        assert_eq!(team_of(&everything, Some("/fr"), &[], Language::En), 9);
    }

    #[test]
    fn rule_values_are_checked_and_made_canonical() {
        let body = |kind, value: &str| RoutingRuleBody {
            kind,
            value: value.to_owned(),
            team_id: Uuid::nil(),
        };
        let value = |kind, raw: &str| body(kind, raw).check().map(|b| b.value);
        assert_eq!(
            value(RoutingKind::Page, " /pricing/ ").expect("accepted"),
            "/pricing"
        );
        assert_eq!(
            value(RoutingKind::Page, "https://nyota.cloud/pricing").expect("accepted"),
            "/pricing"
        );
        assert_eq!(value(RoutingKind::Page, "/").expect("accepted"), "/");
        for bad in [
            "pricing",
            "/a b",
            "/x?y",
            "",
            &format!("/{}", "a".repeat(200)),
        ] {
            assert!(value(RoutingKind::Page, bad).is_err(), "{bad}");
        }
        assert_eq!(
            value(RoutingKind::Label, " Billing ").expect("accepted"),
            "billing"
        );
        assert!(value(RoutingKind::Label, "bill ing").is_err());
        assert_eq!(value(RoutingKind::Language, "FR").expect("accepted"), "fr");
        assert!(value(RoutingKind::Language, "de").is_err());
    }

    #[test]
    fn a_team_needs_a_name_of_at_most_60_characters() {
        let team = |name: &str| TeamBody {
            name: name.to_owned(),
            description: Some("  ".to_owned()),
            fallback_to_everyone: true,
        };
        let checked = team(" Sales ").check().expect("accepted");
        assert_eq!(
            (checked.name.as_str(), checked.description),
            ("Sales", None)
        );
        assert!(team("   ").check().is_err());
        assert!(team(&"x".repeat(61)).check().is_err());
    }
}

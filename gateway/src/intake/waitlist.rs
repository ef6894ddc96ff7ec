//! The rules of the waitlist: an entry's fields and interests checked in
//! words, and the export as CSV with every formula defused (a cell a
//! spreadsheet would run is kept as text). The routes are
//! `intake::http::waitlist`.

use contract::waitlist::{WaitlistEntry, WaitlistInput, WaitlistInterest};

use crate::intake::contact::{EMAIL, NAME};
use crate::platform::input::{self, AtField, Input, InputError};
use crate::platform::spreadsheet::spreadsheet_safe;

pub(crate) fn interest_list() -> String {
    WaitlistInterest::ALL
        .iter()
        .map(|interest| interest.code())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Input for WaitlistInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("email", "Email"),
        ("name", "Name"),
        ("interest", "Interest"),
        ("language", "Language"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let email = input::email(EMAIL, self.email).at("email")?.value();
        let name = match self.name {
            Some(name) => input::text(NAME, name)
                .and_then(|name| name.max_chars(100))
                .at("name")?
                .optional_clipped(100),
            None => None,
        };
        let interest = input::text("Interest", self.interest)?.required()?.value();
        if WaitlistInterest::from_code(&interest).is_none() {
            return Err(InputError::new(format!(
                "Interest must be one of: {}",
                interest_list()
            )));
        }
        Ok(WaitlistInput {
            email,
            name,
            interest,
            language: self.language,
        })
    }
}

/// The export: `Email,Name,Interest,Joined` then one row per entry.
pub(crate) fn to_csv(entries: &[WaitlistEntry]) -> Result<Vec<u8>, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(["Email", "Name", "Interest", "Joined"])?;
    for entry in entries {
        let joined = entry
            .created_at
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap_or_default();
        writer.write_record([
            spreadsheet_safe(&entry.email).as_ref(),
            spreadsheet_safe(entry.name.as_deref().unwrap_or_default()).as_ref(),
            entry.interest.code(),
            joined.as_str(),
        ])?;
    }
    writer
        .into_inner()
        .map_err(|error| error.into_error().into())
}

#[cfg(test)]
mod tests {
    use time::OffsetDateTime;
    use uuid::Uuid;

    use super::*;

    fn entry(email: &str, name: Option<&str>) -> WaitlistEntry {
        WaitlistEntry {
            id: Uuid::now_v7(),
            email: email.to_owned(),
            name: name.map(str::to_owned),
            interest: WaitlistInterest::GpuCluster,
            created_at: OffsetDateTime::UNIX_EPOCH,
        }
    }

    #[test]
    fn the_export_has_a_header_row_and_quotes_what_needs_it() {
        let csv = to_csv(&[
            entry("amina@example.com", Some("Otieno, Amina \"A\"")),
            entry("b@example.com", Some("=1+1")),
            entry("c@example.com", None),
        ])
        .expect("writes");
        let text = String::from_utf8(csv).expect("UTF-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Email,Name,Interest,Joined");
        assert_eq!(
            lines[1],
            "amina@example.com,\"Otieno, Amina \"\"A\"\"\",gpu-cluster,1970-01-01T00:00:00Z"
        );
        assert_eq!(
            lines[2],
            "b@example.com,'=1+1,gpu-cluster,1970-01-01T00:00:00Z"
        );
        assert_eq!(lines[3], "c@example.com,,gpu-cluster,1970-01-01T00:00:00Z");
    }
}

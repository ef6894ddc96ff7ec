//! The fields' rules of the privacy forms: the person's request, the
//! correction staff apply when fulfilling one, and the complexity flag.

use contract::accounts::normalize_email;
use contract::privacy::{
    PrivacyComplexity, PrivacyCorrection, PrivacyRequestInput, PrivacyRequestKind,
};

use crate::platform::input::{self, Input, InputError};

impl Input for PrivacyRequestInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("email", "Email"),
        ("kind", "Request"),
        ("details", "Details"),
        ("language", "Language"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let email = input::email("Email", self.email)?.value();
        let kind = input::text("Request", self.kind)?.required()?.value();
        if PrivacyRequestKind::from_code(&kind).is_none() {
            return Err(InputError::new(
                "Request must be access, correction or erasure".to_owned(),
            ));
        }
        let details = input::multiline("Details", self.details)?
            .max_chars(2000)?
            .value();
        Ok(PrivacyRequestInput {
            email,
            kind,
            details,
            language: self.language,
        })
    }
}

impl Input for PrivacyCorrection {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("name", "Name"), ("email", "Email"), ("phone", "Phone")];

    fn check(self) -> Result<Self, InputError> {
        let name = match self.name {
            Some(name) => Some(
                input::text("Name", name)?
                    .required()?
                    .max_chars(100)?
                    .value(),
            ),
            None => None,
        };
        let email = match self.email {
            Some(email) => Some(normalize_email(&input::email("Email", email)?.value())),
            None => None,
        };
        let phone = match self.phone {
            Some(phone) => Some(
                input::text("Phone", phone)?
                    .required()?
                    .max_chars(40)?
                    .value(),
            ),
            None => None,
        };
        Ok(PrivacyCorrection { name, email, phone })
    }
}

impl Input for PrivacyComplexity {
    const LABELS: &'static [(&'static str, &'static str)] = &[("complex", "Complex")];

    fn check(self) -> Result<Self, InputError> {
        Ok(self)
    }
}

//! Who an email is from and to: the company's name and the addresses an
//! email needs, parsed.

use lettre::message::Mailbox;

use super::error::MailError;

/// The company every email is sent as (the sender's display name when
/// `MAIL_FROM` has none) and signed by.
pub const COMPANY: &str = "Nyota Cloud";

/// Parses an address the email needs (`what` names it in the error).
pub fn mailbox(
    what: &'static str,
    name: Option<&str>,
    address: &str,
) -> Result<Mailbox, MailError> {
    let bad = || MailError::Address {
        what,
        address: address.to_owned(),
    };
    let address = address.trim().parse().map_err(|_| bad())?;
    Ok(Mailbox::new(
        name.map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::to_owned),
        address,
    ))
}

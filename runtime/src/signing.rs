//! Signed links: a token that names one record and one purpose, signed with
//! the server's `SIGNING_KEY` (HMAC-SHA256), so a link in an email works
//! without a login or a stored secret, and cannot be forged or turned to
//! another purpose (an unsubscribe link never confirms). The workers sign
//! the links they email; the gateway checks them.
//!
//! A token is `<id as 32 hex digits>.<base64url MAC of "purpose\0id">`; one
//! that expires is `<id>.<expiry, Unix seconds>.<MAC of "purpose\0id\0expiry">`.
//! One carried in an email address ([`Signer::sign_for_address`]) is
//! lower-case base32: the id, then the first 80 bits of the MAC.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac as _};
use sha2::Sha256;
use uuid::Uuid;

/// The fewest characters a `SIGNING_KEY` may have.
pub const MIN_KEY_CHARS: usize = 32;

/// What a signed link may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Confirm a subscription (double opt-in).
    ConfirmSubscription,
    /// End a subscription, from any email sent to the subscriber.
    Unsubscribe,
    /// Download a chat attachment, from the chat's transcript email.
    ChatAttachment,
    /// Confirm a data subject request (the address is the asker's).
    ConfirmPrivacyRequest,
    /// Download the archive of an access request.
    PrivacyExport,
    /// Stop (or restart) the emails about a chat's replies to the chat's
    /// address, from any such email (one click, RFC 8058).
    ChatEmailsOff,
    /// Open a chat in the widget from its reply email, in any browser.
    ContinueChat,
    /// Post an email reply into a chat: the `+` part of the chat emails'
    /// `Reply-To` address.
    ChatReplyAddress,
}

impl Purpose {
    fn label(self) -> &'static str {
        match self {
            Purpose::ConfirmSubscription => "subscription.confirm",
            Purpose::Unsubscribe => "subscription.unsubscribe",
            Purpose::ChatAttachment => "chat.attachment",
            Purpose::ConfirmPrivacyRequest => "privacy.confirm",
            Purpose::PrivacyExport => "privacy.export",
            Purpose::ChatEmailsOff => "chat.emails.off",
            Purpose::ContinueChat => "chat.continue",
            Purpose::ChatReplyAddress => "chat.reply_address",
        }
    }
}

/// Signs and checks tokens with one key. `Debug` never shows the key.
#[derive(Clone)]
pub struct Signer {
    mac: Hmac<Sha256>,
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Signer(..)")
    }
}

impl Signer {
    /// A signer for `key` (the `SIGNING_KEY` setting): at least
    /// [`MIN_KEY_CHARS`] characters, surrounding spaces ignored.
    pub fn new(key: &str) -> Result<Self, String> {
        let key = key.trim();
        if key.chars().count() < MIN_KEY_CHARS {
            return Err(format!(
                "SIGNING_KEY must be at least {MIN_KEY_CHARS} characters \
                 (e.g. the output of `openssl rand -hex 32`)"
            ));
        }
        let mac = Hmac::<Sha256>::new_from_slice(key.as_bytes())
            .map_err(|_| "SIGNING_KEY cannot be used as an HMAC key".to_owned())?;
        Ok(Signer { mac })
    }

    fn mac(&self, purpose: Purpose, id: Uuid) -> Hmac<Sha256> {
        let mut mac = self.mac.clone();
        mac.update(purpose.label().as_bytes());
        mac.update(b"\0");
        mac.update(id.as_bytes());
        mac
    }

    /// The token that lets its holder do `purpose` to record `id`.
    pub fn sign(&self, purpose: Purpose, id: Uuid) -> String {
        let tag = self.mac(purpose, id).finalize().into_bytes();
        format!("{}.{}", id.simple(), URL_SAFE_NO_PAD.encode(tag))
    }

    /// The record a token names, if this key signed it for `purpose`
    /// (compared in constant time).
    pub fn verify(&self, purpose: Purpose, token: &str) -> Option<Uuid> {
        let (id, tag) = token.trim().split_once('.')?;
        if id.len() != 32 {
            return None;
        }
        let id = Uuid::try_parse(id).ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        self.mac(purpose, id).verify_slice(&tag).ok()?;
        Some(id)
    }

    fn expiring_mac(&self, purpose: Purpose, id: Uuid, expires: i64) -> Hmac<Sha256> {
        let mut mac = self.mac(purpose, id);
        mac.update(b"\0");
        mac.update(&expires.to_be_bytes());
        mac
    }

    /// A token like [`Signer::sign`]'s that stops working at `expires`
    /// (Unix seconds).
    pub fn sign_until(&self, purpose: Purpose, id: Uuid, expires: i64) -> String {
        let tag = self
            .expiring_mac(purpose, id, expires)
            .finalize()
            .into_bytes();
        format!("{}.{expires}.{}", id.simple(), URL_SAFE_NO_PAD.encode(tag))
    }

    /// The record an expiring token names, if this key signed it for
    /// `purpose` and it has not expired by `now` (Unix seconds).
    pub fn verify_until(&self, purpose: Purpose, token: &str, now: i64) -> Option<Uuid> {
        let mut parts = token.trim().splitn(3, '.');
        let (id, expires, tag) = (parts.next()?, parts.next()?, parts.next()?);
        if id.len() != 32 || expires.is_empty() || !expires.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let id = Uuid::try_parse(id).ok()?;
        let expires: i64 = expires.parse().ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        self.expiring_mac(purpose, id, expires)
            .verify_slice(&tag)
            .ok()?;
        (now < expires).then_some(id)
    }
}

/// The MAC bytes an address token keeps: 80 bits, so a guess succeeds once
/// in 2^80 tries, and the token fits a local part with room to spare.
const ADDRESS_TAG_BYTES: usize = 10;

/// Characters of an address token: 16 id bytes (26) and the tag (16), in
/// unpadded base32.
pub const ADDRESS_TOKEN_CHARS: usize = 42;

const ADDRESS_ALPHABET: base32::Alphabet = base32::Alphabet::Rfc4648Lower { padding: false };

impl Signer {
    /// A token for the local part of an email address
    /// (`replies+<token>@domain`): lower-case letters and digits only,
    /// [`ADDRESS_TOKEN_CHARS`] long, since mail systems may change an
    /// address's case and a local part holds 64 characters at most.
    pub fn sign_for_address(&self, purpose: Purpose, id: Uuid) -> String {
        let tag = self.mac(purpose, id).finalize().into_bytes();
        let mut token = base32::encode(ADDRESS_ALPHABET, id.as_bytes());
        token.push_str(&base32::encode(ADDRESS_ALPHABET, &tag[..ADDRESS_TAG_BYTES]));
        token
    }

    /// The record an address token names, if this key signed it for
    /// `purpose`, in any case (compared in constant time).
    pub fn verify_address(&self, purpose: Purpose, token: &str) -> Option<Uuid> {
        let token = token.trim().to_ascii_lowercase();
        if token.len() != ADDRESS_TOKEN_CHARS || !token.is_ascii() {
            return None;
        }
        let (id, tag) = token.split_at(26);
        let id = Uuid::from_slice(&base32::decode(ADDRESS_ALPHABET, id)?).ok()?;
        let tag = base32::decode(ADDRESS_ALPHABET, tag)?;
        // Base32 with spare bits could decode two spellings to one value.
        if base32::encode(ADDRESS_ALPHABET, id.as_bytes()) != token[..26] {
            return None;
        }
        self.mac(purpose, id).verify_truncated_left(&tag).ok()?;
        (tag.len() == ADDRESS_TAG_BYTES).then_some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn a_signed_token_names_its_record_for_its_purpose_only() {
        let signer = Signer::new(KEY).expect("valid key");
        let id = Uuid::now_v7();
        let token = signer.sign(Purpose::ConfirmSubscription, id);
        assert_eq!(
            signer.verify(Purpose::ConfirmSubscription, &token),
            Some(id)
        );
        assert_eq!(signer.verify(Purpose::Unsubscribe, &token), None);
        // URL-safe as it is: no character needs escaping in a query.
        assert!(
            token
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)),
            "{token}"
        );
    }

    #[test]
    fn forged_altered_or_foreign_tokens_are_refused() {
        let signer = Signer::new(KEY).expect("valid key");
        let other = Signer::new("another key of at least thirty-two chars").expect("valid key");
        let id = Uuid::now_v7();
        let token = signer.sign(Purpose::Unsubscribe, id);
        assert_eq!(other.verify(Purpose::Unsubscribe, &token), None);
        let (_, tag) = token.split_once('.').expect("two parts");
        let someone_else = format!("{}.{tag}", Uuid::now_v7().simple());
        assert_eq!(signer.verify(Purpose::Unsubscribe, &someone_else), None);
        for bad in ["", ".", "abc", "not.a-token", &format!("{}.", id.simple())] {
            assert_eq!(signer.verify(Purpose::Unsubscribe, bad), None, "{bad}");
        }
        let hyphenated = format!("{id}.{tag}");
        assert_eq!(signer.verify(Purpose::Unsubscribe, &hyphenated), None);
    }

    #[test]
    fn an_expiring_token_works_until_its_expiry_and_cannot_be_extended() {
        let signer = Signer::new(KEY).expect("valid key");
        let id = Uuid::now_v7();
        let token = signer.sign_until(Purpose::ChatAttachment, id, 1_000);
        assert_eq!(
            signer.verify_until(Purpose::ChatAttachment, &token, 999),
            Some(id)
        );
        assert_eq!(
            signer.verify_until(Purpose::ChatAttachment, &token, 1_000),
            None
        );
        assert_eq!(signer.verify_until(Purpose::Unsubscribe, &token, 0), None);
        let extended = token.replacen(".1000.", ".9999.", 1);
        assert_eq!(
            signer.verify_until(Purpose::ChatAttachment, &extended, 0),
            None
        );
        // A token without expiry is not an expiring one, nor the reverse.
        let forever = signer.sign(Purpose::ChatAttachment, id);
        assert_eq!(
            signer.verify_until(Purpose::ChatAttachment, &forever, 0),
            None
        );
        assert_eq!(signer.verify(Purpose::ChatAttachment, &token), None);
        for bad in ["", "..", "a.b.c", &format!("{}.-1.x", id.simple())] {
            assert_eq!(signer.verify_until(Purpose::ChatAttachment, bad, 0), None);
        }
    }

    #[test]
    fn short_keys_are_refused_and_debug_hides_the_key() {
        let error = Signer::new("  short  ").expect_err("too short");
        assert!(
            error.contains("SIGNING_KEY must be at least 32 characters"),
            "{error}"
        );
        let signer = Signer::new(KEY).expect("valid key");
        assert_eq!(format!("{signer:?}"), "Signer(..)");
    }

    #[test]
    fn an_address_token_survives_case_changes_and_nothing_else() {
        let signer = Signer::new(KEY).expect("valid key");
        let id = Uuid::now_v7();
        let token = signer.sign_for_address(Purpose::ChatReplyAddress, id);
        assert_eq!(token.len(), ADDRESS_TOKEN_CHARS);
        assert!(
            token
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()),
            "{token}"
        );
        assert_eq!(
            signer.verify_address(Purpose::ChatReplyAddress, &token),
            Some(id)
        );
        assert_eq!(
            signer.verify_address(Purpose::ChatReplyAddress, &token.to_uppercase()),
            Some(id)
        );
        // Another purpose, another key, another id, a changed character, a
        // shortened or lengthened token: refused.
        assert_eq!(signer.verify_address(Purpose::ContinueChat, &token), None);
        let other = Signer::new("another-key-another-key-another-key").expect("key");
        assert_eq!(
            other.verify_address(Purpose::ChatReplyAddress, &token),
            None
        );
        let someone_else = signer.sign_for_address(Purpose::ChatReplyAddress, Uuid::now_v7());
        let spliced = format!("{}{}", &someone_else[..26], &token[26..]);
        assert_eq!(
            signer.verify_address(Purpose::ChatReplyAddress, &spliced),
            None
        );
        for at in [0, 25, 26, 41] {
            let mut changed = token.clone().into_bytes();
            changed[at] = if changed[at] == b'a' { b'b' } else { b'a' };
            let changed = String::from_utf8(changed).expect("ascii");
            assert_eq!(
                signer.verify_address(Purpose::ChatReplyAddress, &changed),
                None,
                "{changed}"
            );
        }
        for bad in [&token[..41], &format!("{token}a"), "", "é"] {
            assert_eq!(signer.verify_address(Purpose::ChatReplyAddress, bad), None);
        }
    }
}

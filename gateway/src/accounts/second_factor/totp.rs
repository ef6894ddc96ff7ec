//! TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, the parameters every
//! authenticator app reads), the sealing of its secret at rest, and the
//! one-time recovery codes.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Argon2, password_hash::rand_core::OsRng};
use hmac::{Hmac, Mac};
use rand::Rng as _;
use sha2::Sha256;
use totp_rs::{Algorithm, TOTP};

/// Seconds per code.
pub const STEP_SECONDS: u64 = 30;
const DIGITS: usize = 6;
/// Bytes of a new secret: 160 bits, RFC 4226's recommendation.
const SECRET_BYTES: usize = 20;
/// The issuer the authenticator app shows beside the account.
const ISSUER: &str = "Nyota Cloud";
/// Recovery codes given at enrolment.
pub const RECOVERY_CODES: usize = 10;
/// Letters and digits that cannot be mistaken for one another.
const RECOVERY_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
const NONCE_BYTES: usize = 12;

/// A fresh random secret.
pub fn new_secret() -> Vec<u8> {
    let mut secret = vec![0u8; SECRET_BYTES];
    rand::thread_rng().fill(secret.as_mut_slice());
    secret
}

fn totp(secret: &[u8]) -> Option<TOTP> {
    TOTP::new(Algorithm::SHA1, DIGITS, 1, STEP_SECONDS, secret.to_vec()).ok()
}

/// The secret as an app's "enter a key" field takes it (base32, no padding).
pub fn base32(secret: &[u8]) -> String {
    totp(secret)
        .map(|totp| totp.get_secret_base32())
        .unwrap_or_default()
}

/// `otpauth://totp/Issuer:account?…`, the Key Uri Format apps scan.
pub fn otpauth_uri(secret: &[u8], account: &str) -> String {
    let issuer = percent_encode(ISSUER);
    format!(
        "otpauth://totp/{issuer}:{account}?secret={secret}&issuer={issuer}&algorithm=SHA1&digits={DIGITS}&period={STEP_SECONDS}",
        account = percent_encode(account),
        secret = base32(secret),
    )
}

fn percent_encode(text: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~@".contains(&byte) {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

/// The QR code of `uri` as an SVG document (black on white, whatever the
/// page's theme: scanners want contrast).
pub fn qr_svg(uri: &str) -> Option<String> {
    use qrcode::render::svg;
    let code = qrcode::QrCode::new(uri.as_bytes()).ok()?;
    Some(
        code.render::<svg::Color<'_>>()
            .min_dimensions(200, 200)
            .dark_color(svg::Color("#000000"))
            .light_color(svg::Color("#ffffff"))
            .build(),
    )
}

/// The time step (`unix_seconds / 30`) whose code `code` is, trying the
/// current step and one on either side (a phone's clock drifts, and a code
/// typed at the end of its step arrives in the next); `None` when none is.
pub fn matching_step(secret: &[u8], code: &str, unix_seconds: u64) -> Option<i64> {
    let code = code.trim();
    if code.len() != DIGITS || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let totp = totp(secret)?;
    let now = unix_seconds / STEP_SECONDS;
    // Every candidate is compared, so the time taken says nothing of which matched.
    let mut found = None;
    for step in [now.saturating_sub(1), now, now + 1] {
        let expected = totp.generate(step * STEP_SECONDS);
        if constant_time_eq(expected.as_bytes(), code.as_bytes()) && found.is_none() {
            found = i64::try_from(step).ok();
        }
    }
    found
}

/// The code of `secret_base32` at `unix_seconds`, as an authenticator app
/// shows it; `None` for a secret that is not base32 or too short.
pub fn code_at(secret_base32: &str, unix_seconds: u64) -> Option<String> {
    let secret = totp_rs::Secret::Encoded(secret_base32.to_owned())
        .to_bytes()
        .ok()?;
    Some(totp(&secret)?.generate(unix_seconds))
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether `code` looks like a TOTP code (else it is tried as a recovery code).
pub fn is_totp_code(code: &str) -> bool {
    let code = code.trim();
    code.len() == DIGITS && code.bytes().all(|b| b.is_ascii_digit())
}

/// Seals and opens TOTP secrets with AES-256-GCM under a key derived from
/// `SIGNING_KEY`, so the `user_totp` table alone gives no one the codes.
pub struct Sealer(Aes256Gcm);

impl Sealer {
    pub fn new(signing_key: &str) -> Self {
        // Its own key, derived: a signature made with SIGNING_KEY reveals nothing of it.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(signing_key.as_bytes())
            .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
        mac.update(b"nyota second factor sealing key v1");
        let key = mac.finalize().into_bytes();
        Sealer(Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&key)))
    }

    /// The nonce followed by the ciphertext.
    pub fn seal(&self, secret: &[u8]) -> Vec<u8> {
        let mut nonce = [0u8; NONCE_BYTES];
        rand::thread_rng().fill(&mut nonce);
        let sealed = self
            .0
            .encrypt(Nonce::from_slice(&nonce), secret)
            .unwrap_or_else(|_| unreachable!("AES-GCM encrypts any short message"));
        [nonce.as_slice(), &sealed].concat()
    }

    /// `None` when `sealed` was not sealed with this key (SIGNING_KEY changed).
    pub fn open(&self, sealed: &[u8]) -> Option<Vec<u8>> {
        if sealed.len() <= NONCE_BYTES {
            return None;
        }
        let (nonce, ciphertext) = sealed.split_at(NONCE_BYTES);
        self.0.decrypt(Nonce::from_slice(nonce), ciphertext).ok()
    }
}

/// New recovery codes, `xxxxx-xxxxx` (about 49 bits each).
pub fn new_recovery_codes() -> Vec<String> {
    let mut rng = rand::thread_rng();
    (0..RECOVERY_CODES)
        .map(|_| {
            let mut code = String::with_capacity(11);
            for i in 0..10 {
                if i == 5 {
                    code.push('-');
                }
                let pick = RECOVERY_ALPHABET[rng.gen_range(0..RECOVERY_ALPHABET.len())];
                code.push(char::from(pick));
            }
            code
        })
        .collect()
}

/// A recovery code as stored and compared: lower case, no dashes or spaces.
pub fn normalize_recovery_code(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The Argon2 hash of a (normalised) recovery code.
pub fn hash_recovery_code(code: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(Argon2::default()
        .hash_password(code.as_bytes(), &salt)
        .map_err(|error| anyhow::anyhow!("failed to hash a recovery code: {error}"))?
        .to_string())
}

/// Whether `code` (normalised) is the one hashed in `phc`.
pub fn recovery_code_matches(code: &str, phc: &str) -> bool {
    PasswordHash::new(phc)
        .map(|parsed| {
            Argon2::default()
                .verify_password(code.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B, SHA-1 (its 8-digit codes, last 6 digits).
    #[test]
    fn codes_are_rfc_6238() {
        let secret = b"12345678901234567890";
        assert_eq!(matching_step(secret, "287082", 59), Some(1));
        assert_eq!(
            matching_step(secret, "081804", 1_111_111_109),
            Some(37_037_036)
        );
        assert_eq!(
            matching_step(secret, "050471", 1_111_111_111),
            Some(37_037_037)
        );
        assert_eq!(
            matching_step(secret, "005924", 1_234_567_890),
            Some(41_152_263)
        );
        assert_eq!(matching_step(secret, "005925", 1_234_567_890), None);
        assert_eq!(matching_step(secret, "00592", 1_234_567_890), None);
    }

    #[test]
    fn a_code_of_the_step_before_or_after_is_accepted() {
        let secret = b"12345678901234567890";
        // 287082 is step 1 (30..60): still good at 60..90, not at 90.
        assert_eq!(matching_step(secret, "287082", 89), Some(1));
        assert_eq!(matching_step(secret, "287082", 90), None);
        assert_eq!(matching_step(secret, "287082", 0), Some(1));
    }

    #[test]
    fn sealed_secrets_open_only_with_the_same_key() {
        let sealer = Sealer::new("k".repeat(32).as_str());
        let sealed = sealer.seal(b"secret bytes");
        assert!(!sealed.windows(6).any(|w| w == b"secret"));
        assert_eq!(sealer.open(&sealed).as_deref(), Some(&b"secret bytes"[..]));
        assert_eq!(Sealer::new("x".repeat(32).as_str()).open(&sealed), None);
    }

    #[test]
    fn recovery_codes_are_distinct_and_normalised() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODES);
        assert!(
            codes
                .iter()
                .all(|c| c.len() == 11 && c.as_bytes()[5] == b'-')
        );
        assert_eq!(normalize_recovery_code(" AbCdE-fGhJk "), "abcdefghjk");
        let hash = hash_recovery_code("abcdefghjk").expect("hash");
        assert!(recovery_code_matches("abcdefghjk", &hash));
        assert!(!recovery_code_matches("abcdefghjm", &hash));
    }

    #[test]
    fn the_uri_names_issuer_and_account() {
        let uri = otpauth_uri(b"12345678901234567890", "a b@x.io");
        assert!(uri.starts_with("otpauth://totp/Nyota%20Cloud:a%20b@x.io?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Nyota%20Cloud"));
        assert!(qr_svg(&uri).is_some_and(|svg| svg.contains("<svg")));
    }
}

//! Argon2id password hashing with the OWASP parameters (m = 19456 KiB, t = 2,
//! p = 1), which are the `argon2` crate's defaults.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Argon2, password_hash::rand_core::OsRng};

/// Hashes `password` into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`).
pub fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(Argon2::default()
        .hash_password(password.as_bytes(), &salt)?
        .to_string())
}

/// True when `password` matches the PHC string `phc`; false on any mismatch
/// or on a malformed stored hash.
pub fn verify(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_uses_owasp_argon2id_parameters() {
        let phc = hash("correct horse").expect("hashes");
        assert!(
            phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "unexpected parameters in {phc}"
        );
    }

    #[test]
    fn verify_accepts_only_the_right_password() {
        let phc = hash("correct horse").expect("hashes");
        assert!(verify("correct horse", &phc));
        assert!(!verify("correct horse ", &phc));
        assert!(!verify("", &phc));
    }

    #[test]
    fn same_password_gets_different_salts() {
        let a = hash("secret1").expect("hashes");
        let b = hash("secret1").expect("hashes");
        assert_ne!(a, b);
    }

    #[test]
    fn malformed_stored_hash_never_verifies() {
        assert!(!verify("secret1", "not a hash"));
        assert!(!verify("secret1", ""));
    }
}

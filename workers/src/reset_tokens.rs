//! Password-reset tokens: 32 random bytes, sent only in the reset email
//! (base64url, 43 characters); the database keeps their SHA-256, so a copy
//! of the database resets nobody's password.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore as _;
use sha2::{Digest as _, Sha256};

/// A fresh token and the hash to store for it.
pub fn generate() -> (String, Vec<u8>) {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = hash(&token);
    (token, hash)
}

/// What is stored for (and looked up by) `token`.
pub fn hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_url_safe_and_stored_only_as_their_hash() {
        let (a, hash_a) = generate();
        let (b, _) = generate();
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert!(
            a.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        );
        assert_eq!(hash_a, hash(&a));
        assert_eq!(hash_a.len(), 32);
        assert_ne!(hash_a, a.as_bytes());
    }
}

//! What a code typed at sign-in, or to change a factor, proves: the types
//! the codes' rules ([`super::codes`]) make and the store uses up.

use uuid::Uuid;

/// How a second factor was proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    Totp,
    RecoveryCode,
}

/// What a code typed by a person would prove once used up: the TOTP step
/// it matches, or the unused recovery code it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    Totp(i64),
    RecoveryCode(Uuid),
}

impl Claim {
    /// How the factor is proven by this claim.
    pub fn proof(self) -> Proof {
        match self {
            Claim::Totp(_) => Proof::Totp,
            Claim::RecoveryCode(_) => Proof::RecoveryCode,
        }
    }
}

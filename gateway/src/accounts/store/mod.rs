//! Every query of the accounts domain in the gateway, one file per table:
//! `users` ([`users`]: the team, invitations, a member's standing, a data
//! subject's correction) and the second factors' `user_totp`,
//! `user_recovery_codes` and `user_passkeys`; staff sign-ins in
//! `audit_log`. Each write is one
//! transaction with its audit record; a change of a second factor also
//! ends the account's stored sessions in it.

mod audit_log;
mod claims;
mod user_passkeys;
mod user_recovery_codes;
mod user_totp;
mod users;

pub use audit_log::{record_failed_second_factor, record_failed_sign_in, record_sign_in};
pub use claims::sign_in_with_code;
pub use user_passkeys::{
    AddedPasskey, add_passkey, credentials, record_passkey_use, remove_passkey, summaries,
};
pub use user_recovery_codes::unused_recovery_codes;
pub use user_totp::{enrol_totp, has_factor, remove_totp, save_pending, secret, status};
pub use users::{
    Invited, MemberChange, active_user, change_member, correct_account, invite_member,
    members_with_roles, set_language, team,
};

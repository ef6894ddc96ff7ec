//! The limit catalogue: every limit with its quota, its refusal and its
//! keys.

use std::net::IpAddr;
use std::time::Duration;

use super::gcra::Quota;
use crate::platform::config::RateLimits;
use crate::platform::error::ApiError;
use crate::platform::words::Words;

pub(super) const MINUTE: Duration = Duration::from_secs(60);
pub(super) const HOUR: Duration = Duration::from_secs(3600);

/// Every rate limit, with the answer a refused request gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Registrations per address.
    Register,
    /// Sign-in attempts per address, whatever the account.
    LoginPerIp,
    /// Wrong passwords per (account, address).
    LoginFailuresPerAccountPerIp,
    /// Wrong passwords per account from every address together.
    LoginFailuresPerAccount,
    /// Chats started per address.
    ChatStart,
    /// Chat messages per address (visitors only).
    ChatMessage,
    /// Analytics page views per address.
    PageView,
    /// Contact and demo requests per address.
    ContactMessage,
    /// Waitlist sign-ups per address.
    Waitlist,
    /// Subscribe requests per address.
    Subscribe,
    /// Password-reset requests per address, whatever the email.
    PasswordResetPerIp,
    /// Password-reset requests per email (normalised), from every address.
    PasswordResetPerEmail,
    /// New passwords set with a reset link, per address.
    PasswordResetConfirm,
    /// Transcript emails per chat.
    ChatTranscript,
    /// Transcripts one address receives, across every chat naming it.
    ChatTranscriptPerEmail,
    /// Codes confirming a chat's address emailed to one address, across
    /// every chat naming it: nobody can flood someone's inbox with them.
    ChatEmailCodePerEmail,
    /// Chat emails (codes and transcripts) one client address asks for.
    ChatEmailPerIp,
    /// Blog content previews per admin.
    ContentPreview,
    /// Chat attachments uploaded per address (visitors) or per agent.
    ChatAttachmentUpload,
    /// Chat attachments (and thumbnails) fetched per address or per agent.
    ChatAttachmentRead,
    /// Profile changes per agent.
    AgentProfile,
    /// Data subject requests per address.
    PrivacyRequestPerIp,
    /// Data subject requests per email (normalised), from every address:
    /// nobody can flood someone's inbox with confirmation links.
    PrivacyRequestPerEmail,
    /// Downloads of data exports per address.
    PrivacyExportDownload,
    /// Cookie consent choices per address.
    Consent,
    /// Second-factor codes tried per account (at sign-in, enrolment and
    /// removal): six digits are guessable without a budget.
    SecondFactorCode,
    /// Second-factor enrolments and removals started per account.
    SecondFactorChange,
}

/// Page views one address may report per minute: a person reading the site
/// opens far fewer pages than this.
const PAGE_VIEWS_PER_IP_PER_MINUTE: u32 = 60;

/// Transcript emails one chat may ask for per hour: enough to retry a lost
/// email, too few to flood the visitor's inbox.
const TRANSCRIPTS_PER_CHAT_PER_HOUR: u32 = 3;

/// Transcripts one email address may receive per hour, across chats.
const TRANSCRIPTS_PER_EMAIL_PER_HOUR: u32 = 6;

/// Codes confirming a chat's address one email address may be sent per
/// hour, across chats, whoever asks.
const CHAT_EMAIL_CODES_PER_EMAIL_PER_HOUR: u32 = 3;

/// Chat emails (codes and transcripts) one client address may ask for per
/// hour: a visitor with a few chats asks for a few.
const CHAT_EMAILS_PER_IP_PER_HOUR: u32 = 10;

/// Previews one admin may ask for per minute: the editor asks at most one a
/// second or so while someone types (debounced), far below this.
const PREVIEWS_PER_ADMIN_PER_MINUTE: u32 = 120;

/// Files one visitor address (or one agent) may attach per 10 minutes: a
/// handful of screenshots is usual, this many is not.
const ATTACHMENTS_PER_10_MINUTES: u32 = 30;

/// Attachments and thumbnails one address (or agent) may fetch per minute:
/// a console opening chat after chat loads many thumbnails.
const ATTACHMENT_READS_PER_MINUTE: u32 = 600;

/// Cookie choices one address may record per hour: a visitor changes their
/// mind a few times at most; a whole office behind one address stays far
/// below this.
const CONSENT_CHOICES_PER_IP_PER_HOUR: u32 = 120;

/// Profile saves one agent may make per minute: a person adjusting their
/// settings saves far fewer.
const PROFILE_SAVES_PER_AGENT_PER_MINUTE: u32 = 20;

/// Data subject requests one address may make per hour: a person makes one
/// or two.
const PRIVACY_REQUESTS_PER_IP_PER_HOUR: u32 = 10;

/// Confirmation emails one address may be sent per hour, whoever asks.
const PRIVACY_REQUESTS_PER_EMAIL_PER_HOUR: u32 = 3;

/// Export downloads one address may make per hour.
const PRIVACY_EXPORT_DOWNLOADS_PER_HOUR: u32 = 20;

/// Codes one account may try per minute: a person mistyping tries two or
/// three; a guesser gets 5 a minute, so about 7,200 of the million codes a
/// day, and each valid code lives 90 s.
const SECOND_FACTOR_CODES_PER_ACCOUNT_PER_MINUTE: u32 = 5;

/// Enrolments and removals one account may start per hour.
const SECOND_FACTOR_CHANGES_PER_ACCOUNT_PER_HOUR: u32 = 10;

impl Limit {
    pub(super) const ALL: [Limit; 27] = [
        Limit::Register,
        Limit::LoginPerIp,
        Limit::LoginFailuresPerAccountPerIp,
        Limit::LoginFailuresPerAccount,
        Limit::ChatStart,
        Limit::ChatMessage,
        Limit::PageView,
        Limit::ContactMessage,
        Limit::Waitlist,
        Limit::Subscribe,
        Limit::PasswordResetPerIp,
        Limit::PasswordResetPerEmail,
        Limit::PasswordResetConfirm,
        Limit::ChatTranscript,
        Limit::ChatTranscriptPerEmail,
        Limit::ChatEmailCodePerEmail,
        Limit::ChatEmailPerIp,
        Limit::ContentPreview,
        Limit::ChatAttachmentUpload,
        Limit::ChatAttachmentRead,
        Limit::AgentProfile,
        Limit::PrivacyRequestPerIp,
        Limit::PrivacyRequestPerEmail,
        Limit::PrivacyExportDownload,
        Limit::Consent,
        Limit::SecondFactorCode,
        Limit::SecondFactorChange,
    ];

    /// The first token of this limit's keys in the bucket.
    pub(super) fn name(self) -> &'static str {
        match self {
            Limit::Register => "register",
            Limit::LoginPerIp => "login_ip",
            Limit::LoginFailuresPerAccountPerIp => "login_fail_account_ip",
            Limit::LoginFailuresPerAccount => "login_fail_account",
            Limit::ChatStart => "chat_start",
            Limit::ChatMessage => "chat_message",
            Limit::PageView => "page_view",
            Limit::ContactMessage => "contact_message",
            Limit::Waitlist => "waitlist",
            Limit::Subscribe => "subscribe",
            Limit::PasswordResetPerIp => "password_reset_ip",
            Limit::PasswordResetPerEmail => "password_reset_email",
            Limit::PasswordResetConfirm => "password_reset_confirm",
            Limit::ChatTranscript => "chat_transcript",
            Limit::ChatTranscriptPerEmail => "chat_transcript_email",
            Limit::ChatEmailCodePerEmail => "chat_email_code_email",
            Limit::ChatEmailPerIp => "chat_email_ip",
            Limit::ContentPreview => "content_preview",
            Limit::ChatAttachmentUpload => "chat_attachment_upload",
            Limit::ChatAttachmentRead => "chat_attachment_read",
            Limit::AgentProfile => "agent_profile",
            Limit::PrivacyRequestPerIp => "privacy_request_ip",
            Limit::PrivacyRequestPerEmail => "privacy_request_email",
            Limit::PrivacyExportDownload => "privacy_export_download",
            Limit::Consent => "consent",
            Limit::SecondFactorCode => "second_factor_code",
            Limit::SecondFactorChange => "second_factor_change",
        }
    }

    /// What a refused request is told: its catalogue message.
    pub fn message(self) -> Words {
        Words::text(match self {
            Limit::Register => "limit-register",
            Limit::LoginPerIp
            | Limit::LoginFailuresPerAccountPerIp
            | Limit::LoginFailuresPerAccount => "limit-login",
            Limit::ChatStart => "limit-chat-start",
            Limit::ChatMessage => "limit-chat-message",
            Limit::PageView => "limit-page-view",
            Limit::ContactMessage => "limit-contact",
            Limit::Waitlist => "limit-waitlist",
            Limit::Subscribe => "limit-subscribe",
            Limit::PasswordResetPerIp | Limit::PasswordResetPerEmail => "limit-reset-request",
            Limit::PasswordResetConfirm => "limit-reset-attempt",
            Limit::ChatTranscript => "limit-transcript",
            Limit::ChatTranscriptPerEmail => "limit-transcript-email",
            Limit::ChatEmailCodePerEmail => "limit-code-email",
            Limit::ChatEmailPerIp => "limit-chat-email",
            Limit::ContentPreview => "limit-preview",
            Limit::ChatAttachmentUpload => "limit-attachment-upload",
            Limit::ChatAttachmentRead => "limit-attachment-read",
            Limit::AgentProfile => "limit-profile",
            Limit::PrivacyRequestPerIp | Limit::PrivacyRequestPerEmail => "limit-privacy",
            Limit::PrivacyExportDownload => "limit-export-download",
            Limit::Consent => "limit-consent",
            Limit::SecondFactorCode => "limit-codes",
            Limit::SecondFactorChange => "limit-second-factor-change",
        })
    }

    pub fn quota(self, limits: &RateLimits) -> Quota {
        let (count, period) = match self {
            Limit::Register => (limits.register_per_ip_per_hour, HOUR),
            Limit::LoginPerIp => (limits.login_per_ip_per_minute, MINUTE),
            Limit::LoginFailuresPerAccountPerIp => {
                (limits.login_failures_per_account_per_ip_per_minute, MINUTE)
            }
            Limit::LoginFailuresPerAccount => {
                (limits.login_failures_per_account_per_minute, MINUTE)
            }
            Limit::ChatStart => (limits.chat_start_per_ip_per_hour, HOUR),
            Limit::ChatMessage => (limits.chat_message_per_ip_per_minute, MINUTE),
            Limit::PageView => (PAGE_VIEWS_PER_IP_PER_MINUTE, MINUTE),
            Limit::ContactMessage => (limits.contact_per_ip_per_10_minutes, 10 * MINUTE),
            Limit::Waitlist => (limits.waitlist_per_ip_per_hour, HOUR),
            Limit::Subscribe => (limits.subscribe_per_ip_per_hour, HOUR),
            Limit::PasswordResetPerIp => (limits.password_reset_per_ip_per_hour, HOUR),
            Limit::PasswordResetPerEmail => (limits.password_reset_per_email_per_hour, HOUR),
            Limit::PasswordResetConfirm => (limits.password_reset_confirm_per_ip_per_hour, HOUR),
            Limit::ChatTranscript => (TRANSCRIPTS_PER_CHAT_PER_HOUR, HOUR),
            Limit::ChatTranscriptPerEmail => (TRANSCRIPTS_PER_EMAIL_PER_HOUR, HOUR),
            Limit::ChatEmailCodePerEmail => (CHAT_EMAIL_CODES_PER_EMAIL_PER_HOUR, HOUR),
            Limit::ChatEmailPerIp => (CHAT_EMAILS_PER_IP_PER_HOUR, HOUR),
            Limit::ContentPreview => (PREVIEWS_PER_ADMIN_PER_MINUTE, MINUTE),
            Limit::ChatAttachmentUpload => (ATTACHMENTS_PER_10_MINUTES, 10 * MINUTE),
            Limit::ChatAttachmentRead => (ATTACHMENT_READS_PER_MINUTE, MINUTE),
            Limit::AgentProfile => (PROFILE_SAVES_PER_AGENT_PER_MINUTE, MINUTE),
            Limit::PrivacyRequestPerIp => (PRIVACY_REQUESTS_PER_IP_PER_HOUR, HOUR),
            Limit::PrivacyRequestPerEmail => (PRIVACY_REQUESTS_PER_EMAIL_PER_HOUR, HOUR),
            Limit::PrivacyExportDownload => (PRIVACY_EXPORT_DOWNLOADS_PER_HOUR, HOUR),
            Limit::Consent => (CONSENT_CHOICES_PER_IP_PER_HOUR, HOUR),
            Limit::SecondFactorCode => (SECOND_FACTOR_CODES_PER_ACCOUNT_PER_MINUTE, MINUTE),
            Limit::SecondFactorChange => (SECOND_FACTOR_CHANGES_PER_ACCOUNT_PER_HOUR, HOUR),
        };
        Quota { count, period }
    }

    /// The refusal, with how long until one more request is admitted.
    pub(super) fn refused(self, retry_after: Duration) -> ApiError {
        ApiError::TooManyRequests {
            message: self.message(),
            retry_after_secs: retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0),
        }
    }
}

/// What a limit is keyed by.
pub trait LimitKey {
    fn append_bytes(&self, out: &mut Vec<u8>);
}

impl LimitKey for IpAddr {
    fn append_bytes(&self, out: &mut Vec<u8>) {
        // 4 or 16 bytes: the two families cannot collide.
        match self {
            IpAddr::V4(ip) => out.extend_from_slice(&ip.octets()),
            IpAddr::V6(ip) => out.extend_from_slice(&ip.octets()),
        }
    }
}

impl LimitKey for str {
    fn append_bytes(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.as_bytes());
    }
}

/// An account (its normalised email) at an address.
impl LimitKey for (&str, IpAddr) {
    fn append_bytes(&self, out: &mut Vec<u8>) {
        self.0.append_bytes(out);
        // No email contains NUL, so the split point is unambiguous.
        out.push(0);
        self.1.append_bytes(out);
    }
}

/// The bucket key: the limit's name and the hex-encoded key bytes, which is
/// valid whatever the key contains.
pub(super) fn bucket_key<K: LimitKey + ?Sized>(limit: Limit, key: &K) -> String {
    use std::fmt::Write as _;
    let mut bytes = Vec::new();
    key.append_bytes(&mut bytes);
    let mut name = String::with_capacity(limit.name().len() + 1 + 2 * bytes.len().max(1));
    name.push_str(limit.name());
    name.push('.');
    if bytes.is_empty() {
        name.push('_');
    }
    for byte in bytes {
        let _ = write!(name, "{byte:02x}");
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_keys_are_valid_and_distinct() {
        let ip: IpAddr = "192.0.2.7".parse().expect("ip");
        assert_eq!(bucket_key(Limit::ChatStart, &ip), "chat_start.c0000207");
        let pair = bucket_key(Limit::LoginFailuresPerAccountPerIp, &("a.b@x.io", ip));
        assert_eq!(pair, "login_fail_account_ip.612e6240782e696f00c0000207");
        assert_eq!(
            bucket_key(Limit::LoginFailuresPerAccount, ""),
            "login_fail_account._"
        );
    }
}

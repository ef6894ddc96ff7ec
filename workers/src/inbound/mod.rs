//! Email replies coming back into chats (issue 38): what an inbound email
//! is to the platform, whatever way it arrived. [`parse`] reads one raw
//! email (MIME, with `mail-parser`) into an [`InboundMail`]: its id, who
//! sent it, the addresses it went to (where a chat's signed reply address
//! is found), whether a program rather than a person sent it (an
//! auto-reply or a bounce), the new text ([`quotes::new_text`]) and its
//! files. The way in (an IMAP mailbox the workers watch, or a mail server
//! relaying to a listener) only hands raw emails to it, and [`intake`]
//! takes each: a visitor's reply is posted into its chat by the chat's
//! owner; an automatic email is dropped.

pub mod imap;
pub mod intake;
mod parse;
pub mod quotes;

pub use parse::{Dmarc, InboundAttachment, InboundMail, MailKind, parse};

//! A password reset or a team invitation (`intake.password_reset`): a fresh
//! single-use token emailed as a link to an address with an account;
//! nothing for any other address.

use async_nats::jetstream;
use contract::password_reset::{LinkPurpose, PasswordResetRequested};
use sqlx::PgPool;

use super::parse;
use crate::consumer::Outcome;
use crate::mail::templates::{AgentInvite, PasswordReset};
use crate::mail::{Mailer, send_all};

pub(super) async fn handle_password_reset(
    pool: &PgPool,
    mailer: &Mailer,
    message: &jetstream::Message,
) -> Outcome {
    let request: PasswordResetRequested = match parse(message, "intake.password_reset") {
        Ok(request) => request,
        Err(outcome) => return outcome,
    };
    // The account a reset was asked for.
    let account = match sqlx::query!(
        "select id, name, email from users where email = $1",
        request.email
    )
    .fetch_optional(pool)
    .await
    {
        Ok(account) => account,
        Err(error) => return Outcome::from_sqlx(error),
    };
    let Some(account) = account else {
        tracing::info!(password_reset.id = %request.id, "no account has this address; no email");
        return Outcome::Done;
    };
    // A redelivery after the email went out makes no new token.
    let sent = match sqlx::query_scalar!(
        r#"select exists(select 1 from sent_emails
                         where key = $1 and kind = $2 and sent_at is not null) as "sent!""#,
        request.id,
        match request.purpose {
            LinkPurpose::Reset => PasswordReset::KIND,
            LinkPurpose::Invite => AgentInvite::KIND,
        },
    )
    .fetch_one(pool)
    .await
    {
        Ok(sent) => sent,
        Err(error) => return Outcome::from_sqlx(error),
    };
    if sent {
        return Outcome::Done;
    }
    // Each attempt stores a token of its own, so the one emailed always
    // works; a token whose email failed was never seen by anyone.
    let (token, token_hash) = crate::reset_tokens::generate();
    let stored = crate::reset_tokens::store(
        pool,
        &token_hash,
        request.id,
        account.id,
        request.purpose.lifetime(),
    )
    .await;
    if let Err(error) = stored {
        return Outcome::from_sqlx(error);
    }
    match request.purpose {
        LinkPurpose::Reset => {
            let email = PasswordReset {
                name: &account.name,
                email: &account.email,
                token: &token,
                language: request.language,
            };
            send_all(pool, mailer, request.id, &[&email]).await
        }
        LinkPurpose::Invite => {
            let email = AgentInvite {
                name: &account.name,
                email: &account.email,
                token: &token,
            };
            send_all(pool, mailer, request.id, &[&email]).await
        }
    }
}

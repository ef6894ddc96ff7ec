//! The emails of a data subject request (`intake.privacy`) and the answers to
//! `owners.intake_records.erase` and `.correct` (see the parent module).

use async_nats::jetstream;
use contract::privacy::{CONFIRM_LINK_DAYS, CorrectPerson, ErasePerson, PrivacyEmail};
use runtime::signing::Purpose;
use sqlx::PgPool;

use super::{Requests, parse};
use crate::consumer::Outcome;
use crate::mail::templates::{
    PrivacyConfirmation, PrivacyExportReady, PrivacyProgress, PrivacyStepTaken,
};
use crate::mail::{Mailer, send_all};

pub(super) async fn handle_privacy(role: &Requests, message: &jetstream::Message) -> Outcome {
    let (pool, mailer) = (&role.pool, &*role.mailer);
    let command: PrivacyEmail = match parse(message, "intake.privacy") {
        Ok(command) => command,
        Err(outcome) => return outcome,
    };
    match command {
        PrivacyEmail::Confirm {
            request_id,
            email,
            language,
            kind,
            received_at,
        } => {
            let expires = (received_at + time::Duration::days(CONFIRM_LINK_DAYS)).unix_timestamp();
            let token = role
                .signer
                .sign_until(Purpose::ConfirmPrivacyRequest, request_id, expires);
            let email = PrivacyConfirmation {
                email: &email,
                kind,
                token: &token,
                language,
            };
            send_all(pool, mailer, request_id, &[&email]).await
        }
        PrivacyEmail::ExportReady {
            request_id,
            email,
            language,
            expires_at,
        } => {
            let token = role.signer.sign_until(
                Purpose::PrivacyExport,
                request_id,
                expires_at.unix_timestamp(),
            );
            let email = PrivacyExportReady {
                email: &email,
                token: &token,
                expires_at,
                language,
            };
            send_all(pool, mailer, request_id, &[&email]).await
        }
        PrivacyEmail::Acknowledged {
            request_id,
            email,
            language,
            kind,
            received_at,
            fulfil_by,
        } => {
            let email = PrivacyProgress {
                email: &email,
                kind,
                step: PrivacyStepTaken::Acknowledged,
                received_at,
                fulfil_by,
                language,
            };
            send_progress(pool, mailer, request_id, &email).await
        }
        PrivacyEmail::Responded {
            request_id,
            email,
            language,
            kind,
            received_at,
            fulfil_by,
        } => {
            let email = PrivacyProgress {
                email: &email,
                kind,
                step: PrivacyStepTaken::Responded,
                received_at,
                fulfil_by,
                language,
            };
            send_progress(pool, mailer, request_id, &email).await
        }
    }
}

/// Sends the news of a step of request `request_id`, unless the request
/// was fulfilled meanwhile (an erasure forgets the address): nothing is
/// owed about an earlier step then.
async fn send_progress(
    pool: &PgPool,
    mailer: &Mailer,
    request_id: uuid::Uuid,
    email: &PrivacyProgress<'_>,
) -> Outcome {
    match request_open(pool, request_id).await {
        Ok(true) => send_all(pool, mailer, request_id, &[email]).await,
        Ok(false) => {
            tracing::info!(privacy_request.id = %request_id, "request fulfilled already; progress email not sent");
            Outcome::Done
        }
        Err(error) => Outcome::from_sqlx(error),
    }
}

/// Whether privacy request `id` is still open (read from the gateway's
/// `privacy_requests`; this role only reads it).
async fn request_open(pool: &PgPool, id: uuid::Uuid) -> sqlx::Result<bool> {
    Ok(sqlx::query_scalar!(
        r#"select completed_at is null and email <> '' as "open!"
           from privacy_requests where id = $1"#,
        id
    )
    .fetch_optional(pool)
    .await?
    .unwrap_or(false))
}

/// A data subject's erasure of what this role owns: their waitlist entries
/// (this module's table), the record of emails sent to them
/// ([`crate::mail::forget_recipient`]) and their reset tokens
/// ([`crate::reset_tokens::erase_of_user`]). Returns the rows deleted.
pub(super) async fn erase_person(pool: &PgPool, person: &ErasePerson) -> sqlx::Result<u64> {
    let mut rows = sqlx::query!(
        "delete from waitlist_entries where lower(email) = $1",
        person.email
    )
    .execute(pool)
    .await?
    .rows_affected();
    rows += crate::mail::forget_recipient(pool, &person.email).await?;
    if let Some(user_id) = person.user_id {
        rows += crate::reset_tokens::erase_of_user(pool, user_id).await?;
    }
    Ok(rows)
}

/// A data subject's correction of their waitlist entries: the corrected
/// name and email on every entry of `person.email`. An entry whose interest
/// the corrected address already holds is deleted instead (the entry under
/// the corrected address stands for the same person; keeping the old one
/// would keep the wrong address). Only rows that change are counted, so
/// asking again answers 0.
pub(super) async fn correct_person(pool: &PgPool, person: &CorrectPerson) -> sqlx::Result<u64> {
    let mut tx = pool.begin().await?;
    let mut rows = 0;
    if let Some(new_email) = &person.new_email {
        rows += sqlx::query!(
            "delete from waitlist_entries s
             where lower(s.email) = $1 and s.email <> $2
               and exists (select 1 from waitlist_entries t
                           where t.email = $2 and t.interest = s.interest)",
            person.email,
            new_email,
        )
        .execute(&mut *tx)
        .await?
        .rows_affected();
    }
    rows += sqlx::query!(
        "update waitlist_entries
         set email = coalesce($2, email), name = coalesce($3, name)
         where lower(email) = $1
           and (email is distinct from coalesce($2, email)
                or name is distinct from coalesce($3, name))",
        person.email,
        person.new_email,
        person.name,
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    Ok(rows)
}

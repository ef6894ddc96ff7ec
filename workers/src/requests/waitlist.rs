//! A waitlist entry (`intake.waitlist`): one `waitlist_entries` row per
//! address and interest, confirmed by email once.

use async_nats::jetstream;
use contract::waitlist::{WaitlistInterest, WaitlistJoined};
use sqlx::PgPool;

use super::parse;
use crate::consumer::Outcome;
use crate::mail::templates::WaitlistConfirmation;
use crate::mail::{Mailer, send_all};

pub(super) async fn handle_waitlist(
    pool: &PgPool,
    mailer: &Mailer,
    message: &jetstream::Message,
) -> Outcome {
    let entry: WaitlistJoined = match parse(message, "intake.waitlist") {
        Ok(entry) => entry,
        Err(outcome) => return outcome,
    };
    // The entry's id: this request's for a new address and interest, else the
    // first request's, whose confirmation is then found sent already.
    let stored = match sqlx::query_scalar!(
        r#"with inserted as (
               insert into waitlist_entries (id, email, name, interest, created_at)
               values ($1, $2, $3, $4, $5)
               on conflict (email, interest) do nothing
               returning id)
           select id as "id!" from inserted
           union all
           select id from waitlist_entries where email = $2 and interest = $4
           limit 1"#,
        entry.id,
        entry.email,
        entry.name,
        entry.interest as WaitlistInterest,
        entry.received_at,
    )
    .fetch_optional(pool)
    .await
    {
        Ok(stored) => stored,
        Err(error) => return Outcome::from_sqlx(error),
    };
    // A concurrent insert of the same address committed after this
    // statement's snapshot: the next delivery sees it.
    let Some(entry_id) = stored else {
        return Outcome::Retry(anyhow::anyhow!("waitlist entry being stored concurrently"));
    };
    if entry_id == entry.id {
        tracing::info!(waitlist.id = %entry_id, waitlist.interest = entry.interest.code(), "waitlist entry stored");
    }
    send_all(pool, mailer, entry_id, &[&WaitlistConfirmation(&entry)]).await
}

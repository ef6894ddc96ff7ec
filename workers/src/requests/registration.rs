//! A new account (`intake.registered`): a welcome email to the user and a
//! note to the sales inbox.

use async_nats::jetstream;
use contract::intake::Registered;
use sqlx::PgPool;

use super::parse;
use crate::consumer::Outcome;
use crate::mail::templates::{RegistrationToSales, Welcome};
use crate::mail::{Mailer, send_all};

pub(super) async fn handle_registered(
    pool: &PgPool,
    mailer: &Mailer,
    message: &jetstream::Message,
) -> Outcome {
    let user: Registered = match parse(message, "intake.registered") {
        Ok(user) => user,
        Err(outcome) => return outcome,
    };
    send_all(
        pool,
        mailer,
        user.user_id,
        &[&Welcome(&user), &RegistrationToSales(&user)],
    )
    .await
}

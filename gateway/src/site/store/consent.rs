//! The cookie choices on record (`cookie_consents`; the `retention` worker
//! deletes old ones).

use contract::consent::{ConsentInput, ConsentRecord};
use sqlx::PgPool;
use uuid::Uuid;

/// The latest choice recorded for `consent_id`.
pub async fn latest(pool: &PgPool, consent_id: Uuid) -> sqlx::Result<Option<ConsentRecord>> {
    sqlx::query_as!(
        ConsentRecord,
        "select accepted, policy_version, chosen_at from cookie_consents
         where consent_id = $1 order by chosen_at desc, id desc limit 1",
        consent_id
    )
    .fetch_optional(pool)
    .await
}

/// Records `input`, the choice of the browser with consent id `consent_id`.
pub async fn record(
    pool: &PgPool,
    consent_id: Uuid,
    input: &ConsentInput,
) -> sqlx::Result<ConsentRecord> {
    sqlx::query_as!(
        ConsentRecord,
        "insert into cookie_consents (id, consent_id, accepted, policy_version)
         values ($1, $2, $3, $4)
         returning accepted, policy_version, chosen_at",
        Uuid::now_v7(),
        consent_id,
        input.accepted,
        input.policy_version,
    )
    .fetch_one(pool)
    .await
}

//! The chat attachments' totals (`chat_attachments`, read only), for the
//! database page.

use contract::database::AttachmentTotals;
use sqlx::PgPool;

use crate::ops::error::OpsError;

/// How many chat attachments are stored, and their bytes.
pub async fn attachment_totals(pool: &PgPool) -> Result<AttachmentTotals, OpsError> {
    sqlx::query_as!(
        AttachmentTotals,
        r#"select count(*) as "count!",
                  coalesce(sum(byte_size), 0)::bigint as "bytes!",
                  coalesce(sum(octet_length(thumbnail)), 0)::bigint as "thumbnail_bytes!"
           from chat_attachments"#
    )
    .fetch_one(pool)
    .await
    .map_err(OpsError::from)
}

//! The account of a person (`users`, read only: the `accounts` domain and
//! worker write it).

use sqlx::PgPool;
use uuid::Uuid;

/// The account holding `email`, and whether it is a member of the team.
pub async fn account(pool: &PgPool, email: &str) -> sqlx::Result<Option<(Uuid, bool)>> {
    let row = sqlx::query!(
        r#"select id, role <> 'user' as "staff!" from users where email = $1"#,
        email
    )
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|row| (row.id, row.staff)))
}

//! Every query of the team page: the team, invitations, a member's
//! standing and role; and the account a second sign-in step finishes.
//! (The stored sessions a member loses are ended by their owner,
//! `platform::sessions`.)

use contract::accounts::{Role, User};
use contract::agents::TeamMember;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::error::AccountsError;

/// What a member may do: their role, whether the account is active, how
/// many chats they take.
pub struct Standing {
    pub role: Role,
    pub active: bool,
    pub capacity: i32,
}

/// Active account `id`, as a sign-in answers it; `None` when it is gone or
/// deactivated.
pub async fn active_user(pool: &PgPool, id: Uuid) -> sqlx::Result<Option<User>> {
    let row = sqlx::query!(
        r#"select id, email, username, name, phone, role as "role: Role", is_admin, created_at
           from users where id = $1 and active"#,
        id
    )
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|row| User {
        id: row.id,
        email: row.email,
        username: row.username,
        full_name: row.name.clone(),
        name: row.name,
        phone: row.phone,
        role: row.role,
        is_admin: row.is_admin,
        created_at: row.created_at,
    }))
}

/// The admins and support agents, by name.
pub async fn team(pool: &PgPool) -> Result<Vec<TeamMember>, AccountsError> {
    let members = sqlx::query_as!(
        TeamMember,
        r#"select id, name, email, role as "role: Role", active,
                  password_hash is null as "pending!", invited_at, capacity
           from users where role <> 'user' order by lower(name), email"#
    )
    .fetch_all(pool)
    .await?;
    Ok(members)
}

/// Creates the invited account; `None` when the email address is taken.
pub async fn invite(
    tx: &mut PgConnection,
    email: &str,
    name: &str,
    role: Role,
) -> Result<Option<TeamMember>, AccountsError> {
    let created = sqlx::query_as!(
        TeamMember,
        r#"insert into users (id, email, username, name, phone, password_hash, role, invited_at)
           values ($1, $2, $2, $3, '', null, $4, now())
           on conflict (email) do nothing
           returning id, name, email, role as "role: Role", active,
                  password_hash is null as "pending!", invited_at, capacity"#,
        Uuid::now_v7(),
        email,
        name,
        role as Role,
    )
    .fetch_optional(&mut *tx)
    .await?;
    Ok(created)
}

/// The account with this email address, locked until the transaction ends.
pub async fn member_by_email_for_update(
    tx: &mut PgConnection,
    email: &str,
) -> Result<TeamMember, AccountsError> {
    let existing = sqlx::query_as!(
        TeamMember,
        r#"select id, name, email, role as "role: Role", active,
                  password_hash is null as "pending!", invited_at, capacity
                   from users where email = $1 for update"#,
        email
    )
    .fetch_one(&mut *tx)
    .await?;
    Ok(existing)
}

/// Invites member `id` again: a new invitation time.
pub async fn invite_again(tx: &mut PgConnection, id: Uuid) -> Result<TeamMember, AccountsError> {
    let member = sqlx::query_as!(
        TeamMember,
        r#"update users set invited_at = now() where id = $1
                   returning id, name, email, role as "role: Role", active,
                  password_hash is null as "pending!", invited_at, capacity"#,
        id
    )
    .fetch_one(&mut *tx)
    .await?;
    Ok(member)
}

/// The active admins, their rows locked until the transaction ends.
pub async fn active_admins_for_update(tx: &mut PgConnection) -> Result<Vec<Uuid>, AccountsError> {
    let admins =
        sqlx::query_scalar!("select id from users where role = 'admin' and active for update")
            .fetch_all(&mut *tx)
            .await?;
    Ok(admins)
}

/// Member `id`'s standing, locked until the transaction ends.
pub async fn standing_for_update(
    tx: &mut PgConnection,
    id: Uuid,
) -> Result<Option<Standing>, AccountsError> {
    let before = sqlx::query_as!(
        Standing,
        r#"select role as "role: Role", active, capacity from users where id = $1 for update"#,
        id
    )
    .fetch_optional(&mut *tx)
    .await?;
    Ok(before)
}

/// Gives member `id` the standing `after`.
pub async fn update_member(
    tx: &mut PgConnection,
    id: Uuid,
    after: &Standing,
) -> Result<TeamMember, AccountsError> {
    let member = sqlx::query_as!(
        TeamMember,
        r#"update users set role = $2, active = $3, capacity = $4 where id = $1
           returning id, name, email, role as "role: Role", active,
                  password_hash is null as "pending!", invited_at, capacity"#,
        id,
        after.role as Role,
        after.active,
        after.capacity,
    )
    .fetch_one(&mut *tx)
    .await?;
    Ok(member)
}

/// A data subject's correction of their account (`users` is written here
/// for the team routes too): the name, email or phone given; `None` when no
/// account has `email`. A new email another account holds is a conflict.
pub async fn correct_account(
    pool: &PgPool,
    email: &str,
    name: Option<&str>,
    new_email: Option<&str>,
    phone: Option<&str>,
) -> Result<Option<Uuid>, AccountsError> {
    let corrected = sqlx::query_scalar!(
        "update users
         set name = coalesce($2, name), email = coalesce($3, email), phone = coalesce($4, phone)
         where email = $1
         returning id",
        email,
        name,
        new_email,
        phone,
    )
    .fetch_optional(pool)
    .await
    .map_err(|error| match &error {
        sqlx::Error::Database(cause) if cause.is_unique_violation() => AccountsError::EmailTaken,
        _ => AccountsError::Database(error),
    })?;
    Ok(corrected)
}

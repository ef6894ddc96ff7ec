//! The gateway's queries and writes of `users`: the team, invitations and
//! a member's standing, each change one transaction with its audit record;
//! the account a second sign-in step finishes; the members of roles; a data
//! subject's correction. (The stored sessions a member loses are ended by
//! their owner, `platform::sessions`, inside the change's transaction.)

use contract::accounts::{Role, User};
use contract::agents::{TeamMember, TeamMemberPatch};
use contract::language::Language;
use serde_json::json;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::accounts::error::AccountsError;
use crate::accounts::team::{self, Standing};
use crate::platform::{audit, sessions};

/// What an invitation did.
pub enum Invited {
    /// A new account, invited.
    New(TeamMember),
    /// A pending invitation, sent again.
    Again(TeamMember),
}

/// Invites `email` as `admin`, audited, in one transaction: a new account
/// (pending until its password is set), or a pending invitation again;
/// [`AccountsError::EmailTaken`] when another account has the address.
pub async fn invite_member(
    pool: &PgPool,
    admin: Uuid,
    email: &str,
    name: &str,
    role: Role,
) -> Result<Invited, AccountsError> {
    let mut tx = pool.begin().await?;
    let created = invite(&mut tx, email, name, role).await?;
    let (invited, action) = match created {
        Some(member) => (Invited::New(member), "invite"),
        None => {
            let existing = member_by_email_for_update(&mut tx, email).await?;
            // Only an invitation nobody has accepted yet is sent again.
            if !team::invitable_again(&existing) {
                return Err(AccountsError::EmailTaken);
            }
            let member = invite_again(&mut tx, existing.id).await?;
            (Invited::Again(member), "reinvite")
        }
    };
    let (Invited::New(member) | Invited::Again(member)) = &invited;
    audit::record(
        &mut tx,
        admin,
        action,
        "agent",
        member.id,
        json!({ "email": member.email, "role": member.role }),
    )
    .await?;
    tx.commit().await?;
    Ok(invited)
}

/// What a change of a member did.
pub struct MemberChange {
    pub member: TeamMember,
    pub before: Standing,
    pub after: Standing,
    /// The member's stored sessions ended, when the change took rights away.
    pub ended: Option<Vec<String>>,
}

/// Applies `patch` to member `id` as `admin`, audited, in one transaction
/// (refused by [`team::check_change`]); a change that takes rights away
/// ([`team::loses_rights`]) also deletes the member's stored sessions in
/// it.
pub async fn change_member(
    pool: &PgPool,
    admin: Uuid,
    id: Uuid,
    patch: &TeamMemberPatch,
) -> Result<MemberChange, AccountsError> {
    let mut tx = pool.begin().await?;
    // Every active admin row is locked first, so two admins demoting each
    // other at once cannot both pass the last-admin check.
    let admins = active_admins_for_update(&mut tx).await?;
    let before = standing_for_update(&mut tx, id)
        .await?
        .ok_or(AccountsError::NoSuchMember)?;
    let after = team::changed(before, patch);
    team::check_change(before, after, admins.len(), id == admin)?;
    let member = update_member(&mut tx, id, &after).await?;
    audit::record(
        &mut tx,
        admin,
        "update",
        "agent",
        id,
        json!({
            "before": { "role": before.role, "active": before.active, "capacity": before.capacity },
            "after": { "role": after.role, "active": after.active, "capacity": after.capacity },
        }),
    )
    .await?;
    let ended = if team::loses_rights(before, after) {
        Some(sessions::delete_of_user(&mut tx, id).await?)
    } else {
        None
    };
    tx.commit().await?;
    Ok(MemberChange {
        member,
        before,
        after,
        ended,
    })
}

/// The ids of every account with one of `roles`.
pub async fn members_with_roles(pool: &PgPool, roles: &[&str]) -> sqlx::Result<Vec<Uuid>> {
    sqlx::query_scalar("select id from users where role = any($1)")
        .bind(roles)
        .fetch_all(pool)
        .await
}

/// Active account `id`, as a sign-in answers it; `None` when it is gone or
/// deactivated.
pub async fn active_user(pool: &PgPool, id: Uuid) -> sqlx::Result<Option<User>> {
    let row = sqlx::query!(
        r#"select id, email, username, name, phone, role as "role: Role", is_admin, created_at,
                  language as "language: Language"
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
        language: row.language,
    }))
}

/// Saves the language user `id` chose; writes nothing when it is the one
/// saved already (a switcher may say it again on every page).
pub async fn set_language(pool: &PgPool, id: Uuid, language: Language) -> sqlx::Result<()> {
    sqlx::query!(
        "update users set language = $2 where id = $1 and language is distinct from $2",
        id,
        language.code(),
    )
    .execute(pool)
    .await?;
    Ok(())
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
async fn invite(
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
async fn member_by_email_for_update(
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
async fn invite_again(tx: &mut PgConnection, id: Uuid) -> Result<TeamMember, AccountsError> {
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
async fn active_admins_for_update(tx: &mut PgConnection) -> Result<Vec<Uuid>, AccountsError> {
    let admins =
        sqlx::query_scalar!("select id from users where role = 'admin' and active for update")
            .fetch_all(&mut *tx)
            .await?;
    Ok(admins)
}

/// Member `id`'s standing, locked until the transaction ends.
async fn standing_for_update(
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
async fn update_member(
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

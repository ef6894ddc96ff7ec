//! Teams, their members and the routing rules (`teams`, `team_members`,
//! `team_routing_rules`; this file is their one writer). Every change is
//! audited in its own transaction (entities `team` and `routing_rule`).

use std::collections::HashMap;
use std::time::Duration;

use contract::chat::{RoutingKind, RoutingRule, RoutingRuleBody, Team, TeamBody, TeamMemberRef};
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use crate::chat::error::ChatError;
use crate::platform::audit;

/// A taken name or a rule already written as its own error; anything else
/// stays a database error.
fn on_constraint(error: sqlx::Error) -> ChatError {
    match &error {
        sqlx::Error::Database(db) => match db.constraint() {
            Some("teams_name_key") => ChatError::TeamNameTaken,
            Some("team_routing_rules_kind_value_key") => ChatError::RuleExists,
            Some("team_routing_rules_team_id_fkey") => ChatError::NoSuchTeam,
            _ => error.into(),
        },
        _ => error.into(),
    }
}

/// Every team by name, with its members (by name, each with whether they
/// are available: online with a console seen within `fresh`) and how many
/// of its chats wait in its queue.
pub async fn teams(pool: &PgPool, fresh: Duration) -> Result<Vec<Team>, ChatError> {
    let rows = sqlx::query!(
        r#"select t.id, t.name, t.description, t.fallback_to_everyone,
                  (select count(*) from chat_sessions s
                    where s.team_id = t.id and s.status = 'open'
                      and s.assigned_agent_id is null) as "queued!"
           from teams t order by lower(t.name), t.id"#
    )
    .fetch_all(pool)
    .await?;
    let members = sqlx::query!(
        r#"select m.team_id, u.id, coalesce(p.display_name, u.name) as "name!",
                  u.agent_status = 'online' and u.active and exists(
                      select 1 from agent_consoles c
                      where c.agent_id = u.id
                        and c.seen_at > now() - $1 * interval '1 second') as "available!"
           from team_members m join users u on u.id = m.agent_id
           left join agent_profiles p on p.agent_id = u.id
           order by lower(coalesce(p.display_name, u.name)), u.id"#,
        fresh.as_secs_f64()
    )
    .fetch_all(pool)
    .await?;
    let mut by_team: HashMap<Uuid, Vec<TeamMemberRef>> = HashMap::new();
    for member in members {
        by_team
            .entry(member.team_id)
            .or_default()
            .push(TeamMemberRef {
                id: member.id,
                name: member.name,
                available: member.available,
            });
    }
    Ok(rows
        .into_iter()
        .map(|row| Team {
            members: by_team.remove(&row.id).unwrap_or_default(),
            id: row.id,
            name: row.name,
            description: row.description,
            fallback_to_everyone: row.fallback_to_everyone,
            queued: row.queued,
        })
        .collect())
}

/// A team's name, if it exists.
pub async fn team_name(pool: &PgPool, id: Uuid) -> Result<Option<String>, ChatError> {
    Ok(
        sqlx::query_scalar!("select name from teams where id = $1", id)
            .fetch_optional(pool)
            .await?,
    )
}

/// Adds a team, audited as `admin`'s; returns its id.
pub async fn create_team(pool: &PgPool, admin: Uuid, body: &TeamBody) -> Result<Uuid, ChatError> {
    let mut tx = pool.begin().await?;
    let id = Uuid::now_v7();
    sqlx::query!(
        "insert into teams (id, name, description, fallback_to_everyone) values ($1, $2, $3, $4)",
        id,
        body.name,
        body.description,
        body.fallback_to_everyone
    )
    .execute(&mut *tx)
    .await
    .map_err(on_constraint)?;
    let details = json!({ "name": body.name, "fallbackToEveryone": body.fallback_to_everyone });
    audit::record(&mut tx, admin, "create", "team", id, details).await?;
    tx.commit().await?;
    Ok(id)
}

/// Renames team `id`, changes its description and fallback, audited as
/// `admin`'s; `false` when there is no such team.
pub async fn update_team(
    pool: &PgPool,
    admin: Uuid,
    id: Uuid,
    body: &TeamBody,
) -> Result<bool, ChatError> {
    let mut tx = pool.begin().await?;
    let before = sqlx::query!(
        "select name, fallback_to_everyone from teams where id = $1 for update",
        id
    )
    .fetch_optional(&mut *tx)
    .await?;
    let Some(before) = before else {
        return Ok(false);
    };
    sqlx::query!(
        "update teams set name = $2, description = $3, fallback_to_everyone = $4 where id = $1",
        id,
        body.name,
        body.description,
        body.fallback_to_everyone
    )
    .execute(&mut *tx)
    .await
    .map_err(on_constraint)?;
    let details = json!({
        "name": body.name,
        "previousName": before.name,
        "fallbackToEveryone": body.fallback_to_everyone,
        "previousFallbackToEveryone": before.fallback_to_everyone,
    });
    audit::record(&mut tx, admin, "update", "team", id, details).await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes team `id` with its rules (its chats become everyone's), audited
/// as `admin`'s; `false` when there is no such team.
pub async fn delete_team(pool: &PgPool, admin: Uuid, id: Uuid) -> Result<bool, ChatError> {
    let mut tx = pool.begin().await?;
    let rules = sqlx::query_scalar!(
        r#"select count(*) as "count!" from team_routing_rules where team_id = $1"#,
        id
    )
    .fetch_one(&mut *tx)
    .await?;
    let name = sqlx::query_scalar!("delete from teams where id = $1 returning name", id)
        .fetch_optional(&mut *tx)
        .await?;
    let Some(name) = name else {
        return Ok(false);
    };
    let details = json!({ "name": name, "rulesDeleted": rules });
    audit::record(&mut tx, admin, "delete", "team", id, details).await?;
    tx.commit().await?;
    Ok(true)
}

/// Makes `agent_ids` (sorted, without repeats) the members of team `id`,
/// audited as `admin`'s. Refused when the team does not exist or an id is
/// not an active admin or support agent.
pub async fn set_team_members(
    pool: &PgPool,
    admin: Uuid,
    id: Uuid,
    agent_ids: &[Uuid],
) -> Result<(), ChatError> {
    let mut tx = pool.begin().await?;
    let exists = sqlx::query_scalar!("select id from teams where id = $1 for update", id)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_none() {
        return Err(ChatError::NoSuchTeam);
    }
    let agents = sqlx::query_scalar!(
        "select id from users where id = any($1) and active and role in ('admin', 'support')",
        agent_ids
    )
    .fetch_all(&mut *tx)
    .await?;
    if let Some(unknown) = agent_ids.iter().find(|id| !agents.contains(id)) {
        return Err(ChatError::NoSuchAgent(*unknown));
    }
    let before = sqlx::query_scalar!(
        "select agent_id from team_members where team_id = $1 order by agent_id",
        id
    )
    .fetch_all(&mut *tx)
    .await?;
    sqlx::query!(
        "with gone as (delete from team_members where team_id = $1 and agent_id <> all($2))
         insert into team_members (team_id, agent_id)
         select $1, agent from unnest($2::uuid[]) as agent
         on conflict do nothing",
        id,
        agent_ids
    )
    .execute(&mut *tx)
    .await?;
    let added: Vec<&Uuid> = agent_ids.iter().filter(|a| !before.contains(a)).collect();
    let removed: Vec<&Uuid> = before.iter().filter(|a| !agent_ids.contains(a)).collect();
    let details = json!({ "members": agent_ids, "added": added, "removed": removed });
    audit::record(&mut tx, admin, "members", "team", id, details).await?;
    tx.commit().await?;
    Ok(())
}

/// Every routing rule, first to be tried first.
pub async fn routing_rules(pool: &PgPool) -> Result<Vec<RoutingRule>, ChatError> {
    Ok(sqlx::query_as!(
        RoutingRule,
        r#"select r.id, r.kind as "kind: RoutingKind", r.value, r.team_id, t.name as team_name
           from team_routing_rules r join teams t on t.id = r.team_id
           order by r.position, r.id"#
    )
    .fetch_all(pool)
    .await?)
}

/// Adds a rule after the others, audited as `admin`'s; returns its id.
pub async fn create_rule(
    pool: &PgPool,
    admin: Uuid,
    body: &RoutingRuleBody,
) -> Result<Uuid, ChatError> {
    let mut tx = pool.begin().await?;
    let id = Uuid::now_v7();
    // Rules are written under this lock, so two additions never share a place.
    sqlx::query!("lock table team_routing_rules in share row exclusive mode")
        .execute(&mut *tx)
        .await?;
    sqlx::query!(
        "insert into team_routing_rules (id, position, kind, value, team_id)
         values ($1, (select coalesce(max(position), 0) + 1 from team_routing_rules), $2, $3, $4)",
        id,
        body.kind as RoutingKind,
        body.value,
        body.team_id
    )
    .execute(&mut *tx)
    .await
    .map_err(on_constraint)?;
    let details = json!({ "kind": body.kind, "value": body.value, "teamId": body.team_id });
    audit::record(&mut tx, admin, "create", "routing_rule", id, details).await?;
    tx.commit().await?;
    Ok(id)
}

/// Changes rule `id` (keeping its place), audited as `admin`'s; `false`
/// when there is no such rule.
pub async fn update_rule(
    pool: &PgPool,
    admin: Uuid,
    id: Uuid,
    body: &RoutingRuleBody,
) -> Result<bool, ChatError> {
    let mut tx = pool.begin().await?;
    let changed = sqlx::query!(
        "update team_routing_rules set kind = $2, value = $3, team_id = $4 where id = $1",
        id,
        body.kind as RoutingKind,
        body.value,
        body.team_id
    )
    .execute(&mut *tx)
    .await
    .map_err(on_constraint)?
    .rows_affected();
    if changed == 0 {
        return Ok(false);
    }
    let details = json!({ "kind": body.kind, "value": body.value, "teamId": body.team_id });
    audit::record(&mut tx, admin, "update", "routing_rule", id, details).await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes rule `id`, audited as `admin`'s; `false` when there is no such
/// rule.
pub async fn delete_rule(pool: &PgPool, admin: Uuid, id: Uuid) -> Result<bool, ChatError> {
    let mut tx = pool.begin().await?;
    let deleted = sqlx::query!(
        r#"delete from team_routing_rules where id = $1
           returning kind as "kind: RoutingKind", value, team_id"#,
        id
    )
    .fetch_optional(&mut *tx)
    .await?;
    let Some(rule) = deleted else {
        return Ok(false);
    };
    let details = json!({ "kind": rule.kind, "value": rule.value, "teamId": rule.team_id });
    audit::record(&mut tx, admin, "delete", "routing_rule", id, details).await?;
    tx.commit().await?;
    Ok(true)
}

/// Puts the rules in the order of `ids`, which must name every rule once
/// (else [`ChatError::RulesChanged`]: someone changed them meanwhile),
/// audited as `admin`'s (one record per rule that moved).
pub async fn reorder_rules(pool: &PgPool, admin: Uuid, ids: &[Uuid]) -> Result<(), ChatError> {
    let mut tx = pool.begin().await?;
    sqlx::query!("lock table team_routing_rules in share row exclusive mode")
        .execute(&mut *tx)
        .await?;
    let current = sqlx::query_scalar!("select id from team_routing_rules order by position, id")
        .fetch_all(&mut *tx)
        .await?;
    let mut sorted_current = current.clone();
    sorted_current.sort();
    let mut sorted_wanted = ids.to_vec();
    sorted_wanted.sort();
    if sorted_current != sorted_wanted {
        return Err(ChatError::RulesChanged);
    }
    sqlx::query!(
        "update team_routing_rules r set position = o.position::int4
         from unnest($1::uuid[]) with ordinality as o (id, position)
         where r.id = o.id",
        ids
    )
    .execute(&mut *tx)
    .await?;
    for (place, id) in ids.iter().enumerate() {
        let before = current.iter().position(|c| c == id);
        if before != Some(place) {
            let details =
                json!({ "position": place + 1, "previousPosition": before.map(|b| b + 1) });
            audit::record(&mut tx, admin, "reorder", "routing_rule", *id, details).await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

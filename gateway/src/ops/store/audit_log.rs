//! The audit screen's reads of `audit_log` (written through
//! `platform::audit`): a page newest first by the key `(at, id)`, the
//! filters' choices, and the CSV export's count, its own audit record and
//! its chunks. Runtime-checked SQL (`QueryBuilder`): only the filters sent
//! are in the statement, so each one's index serves it (docs/DECISIONS.md).

use contract::audit::{AuditActor, AuditActorChoice, AuditEntry, AuditFilters};
use serde_json::{Value, json};
use sqlx::{PgPool, Postgres, QueryBuilder};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::ops::audit::{ActorFilter, Cursor, Filters, MAX_EXPORT_ROWS, summary};
use crate::ops::error::OpsError;
use crate::platform::audit;

/// Where a read starts, going back in time.
#[derive(Clone, Copy, Debug)]
pub enum Start {
    /// The newest entry.
    Newest,
    /// Just after this entry (a page's cursor).
    After(Cursor),
    /// At this entry, included (an export's first chunk).
    At(Cursor),
}

#[derive(sqlx::FromRow)]
struct Row {
    id: Uuid,
    at: OffsetDateTime,
    actor_id: Option<Uuid>,
    unattributed: bool,
    actor_name: Option<String>,
    actor_email: Option<String>,
    action: String,
    entity: String,
    entity_id: Uuid,
    details: Value,
}

impl Row {
    fn into_entry(self) -> AuditEntry {
        let actor = match (self.actor_id, self.actor_name, self.actor_email) {
            (Some(id), Some(name), Some(email)) => AuditActor::User { id, name, email },
            _ if self.unattributed => AuditActor::NoOne,
            _ => AuditActor::DeletedUser,
        };
        AuditEntry {
            summary: summary(&self.action, &self.entity, &self.details),
            id: self.id,
            at: self.at,
            actor,
            action: self.action,
            entity: self.entity,
            entity_id: self.entity_id,
            details: self.details,
        }
    }
}

/// `like` pattern for `text` anywhere: its own `%`, `_` and `\` matched
/// as themselves.
fn contains_pattern(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// `where` with the filters and the start, for table alias `a`.
fn push_where(query: &mut QueryBuilder<'_, Postgres>, filters: &Filters, start: Start) {
    query.push(" where true");
    match filters.actor {
        Some(ActorFilter::User(id)) => {
            query.push(" and a.actor_id = ").push_bind(id);
        }
        Some(ActorFilter::NoOne) => {
            query.push(" and a.actor_id is null and a.unattributed");
        }
        None => {}
    }
    if let Some(entity) = &filters.entity {
        query.push(" and a.entity = ").push_bind(entity.clone());
    }
    if let Some(action) = &filters.action {
        query.push(" and a.action = ").push_bind(action.clone());
    }
    if let Some(from) = filters.from {
        query.push(" and a.at >= ").push_bind(from);
    }
    if let Some(to) = filters.to {
        query.push(" and a.at < ").push_bind(to);
    }
    if let Some(text) = &filters.text {
        query
            .push(" and a.details::text ilike ")
            .push_bind(contains_pattern(text))
            .push(" escape '\\'");
    }
    match start {
        Start::Newest => {}
        Start::After(cursor) => {
            query
                .push(" and (a.at, a.id) < (")
                .push_bind(cursor.at)
                .push(", ")
                .push_bind(cursor.id)
                .push(")");
        }
        Start::At(cursor) => {
            query
                .push(" and (a.at, a.id) <= (")
                .push_bind(cursor.at)
                .push(", ")
                .push_bind(cursor.id)
                .push(")");
        }
    }
}

/// Up to `limit` entries matching `filters` from `start`, newest first.
pub async fn audit_entries(
    pool: &PgPool,
    filters: &Filters,
    start: Start,
    limit: i64,
) -> Result<Vec<AuditEntry>, OpsError> {
    let mut query = QueryBuilder::new(
        "select a.id, a.at, a.actor_id, a.unattributed, u.name as actor_name,
                u.email as actor_email, a.action, a.entity, a.entity_id, a.details
         from audit_log a left join users u on u.id = a.actor_id",
    );
    push_where(&mut query, filters, start);
    query
        .push(" order by a.at desc, a.id desc limit ")
        .push_bind(limit);
    let rows: Vec<Row> = query.build_query_as().fetch_all(pool).await?;
    Ok(rows.into_iter().map(Row::into_entry).collect())
}

/// What an export will hold: from its newest matching entry, that many
/// rows; `None` when nothing matches.
#[derive(Clone, Copy, Debug)]
pub struct ExportPlan {
    pub top: Option<Cursor>,
    pub rows: i64,
}

/// Plans `admin`'s export of the entries matching `filters` and records it
/// in the audit log (who, the filters, the rows) before a row is sent, so
/// an export cut short is still on record;
/// [`OpsError::AuditExportTooLarge`] (nothing recorded) when more than
/// [`MAX_EXPORT_ROWS`] match.
pub async fn plan_audit_export(
    pool: &PgPool,
    admin: Uuid,
    filters: &Filters,
) -> Result<ExportPlan, OpsError> {
    let mut tx = pool.begin().await?;
    let newest = {
        let mut query = QueryBuilder::new("select a.at, a.id from audit_log a");
        push_where(&mut query, filters, Start::Newest);
        query.push(" order by a.at desc, a.id desc limit 1");
        query
            .build_query_as::<(OffsetDateTime, Uuid)>()
            .fetch_optional(&mut *tx)
            .await?
    };
    let top = newest.map(|(at, id)| Cursor { at, id });
    let rows = match top {
        None => 0,
        Some(top) => {
            let mut query = QueryBuilder::new("select count(*) from (select 1 from audit_log a");
            push_where(&mut query, filters, Start::At(top));
            query
                .push(" limit ")
                .push_bind(MAX_EXPORT_ROWS + 1)
                .push(") matching");
            query
                .build_query_scalar::<i64>()
                .fetch_one(&mut *tx)
                .await?
        }
    };
    if rows > MAX_EXPORT_ROWS {
        return Err(OpsError::AuditExportTooLarge);
    }
    let details = json!({ "filters": filters.to_json(), "rows": rows });
    audit::record(
        &mut tx,
        admin,
        "export",
        "audit_log",
        Uuid::now_v7(),
        details,
    )
    .await?;
    tx.commit().await?;
    Ok(ExportPlan { top, rows })
}

/// The filters' choices: every staff member, and the entities and actions
/// the log holds (each list read by skipping along its index, one probe a
/// name, however many entries there are).
pub async fn audit_filters(pool: &PgPool) -> Result<AuditFilters, OpsError> {
    let actors = sqlx::query_as::<_, (Uuid, String, String)>(
        "select id, name, email from users where role <> 'user' order by lower(name), id",
    )
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|(id, name, email)| AuditActorChoice { id, name, email })
    .collect();
    Ok(AuditFilters {
        actors,
        entities: distinct(pool, "entity").await?,
        actions: distinct(pool, "action").await?,
    })
}

/// The distinct values of `column` (`entity` or `action`, each the head of
/// an index), alphabetical.
async fn distinct(pool: &PgPool, column: &'static str) -> Result<Vec<String>, OpsError> {
    let sql = format!(
        "with recursive names (name) as (
             (select {column} from audit_log order by {column} limit 1)
             union all
             select (select {column} from audit_log where {column} > names.name
                     order by {column} limit 1)
             from names where names.name is not null
         )
         select name from names where name is not null"
    );
    Ok(sqlx::query_scalar::<_, String>(&sql)
        .fetch_all(pool)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_patterns_match_their_own_wildcards_literally() {
        assert_eq!(contains_pattern("50%_off\\"), "%50\\%\\_off\\\\%");
    }
}

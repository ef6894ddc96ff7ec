//! A sweep of the whole schema for a person's address: every text, JSON
//! and bytes column of every table, whatever its name. The registry in
//! `privacy.rs` knows the columns meant to hold a person's data; this finds
//! a copy in a column nobody thought of (a system message, a rendered
//! email, a log kept in the database).

use sqlx::PgPool;

/// `table.column (rows)` for every column with a row that contains
/// `email` (case-insensitive; in bytes, as UTF-8).
pub async fn columns_mentioning(pool: &PgPool, email: &str) -> Vec<String> {
    let columns: Vec<(String, String, String, String)> = sqlx::query_as(
        r"select c.table_schema::text, c.table_name::text, c.column_name::text, c.data_type::text
          from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
          where c.table_schema in ('public', 'tower_sessions')
            and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'bytea')
          order by 1, 2, 3",
    )
    .fetch_all(pool)
    .await
    .expect("schema");
    let mut found = Vec::new();
    for (schema, table, column, data_type) in columns {
        // Built at run time from the schema's own names.
        let sql = if data_type == "bytea" {
            format!(
                r#"select count(*) from {schema}."{table}" where position(convert_to(lower($1), 'UTF8') in "{column}") > 0"#
            )
        } else {
            format!(
                r#"select count(*) from {schema}."{table}" where position(lower($1) in lower("{column}"::text)) > 0"#
            )
        };
        // Marked as the sweep's own: `privacy.rs` prepares some of the same
        // statements with more parameters on the same connections.
        let sql = format!("{sql} /* sweep */");
        let count: i64 = sqlx::query_scalar(&sql)
            .bind(email)
            .fetch_one(pool)
            .await
            .unwrap_or_else(|error| panic!("{sql}: {error}"));
        if count > 0 {
            found.push(format!("{table}.{column} ({count})"));
        }
    }
    found
}

//! Uploaded images: their bytes in Postgres (so every gateway serves every
//! image), the admin's list with the posts and events that show each one,
//! and the writes with their audit rows. The only writer of `uploads`.

use bytes::Bytes;
use contract::content::{Upload, UploadUse, UploadUseKind};
use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

use super::shared::{Action, audit};

/// Where an upload is served.
pub fn url(id: Uuid) -> String {
    format!("/objects/{id}")
}

/// A checked image, ready to store.
pub struct NewUpload<'a> {
    pub filename: &'a str,
    pub content_type: &'static str,
    pub width: i32,
    pub height: i32,
    pub data: &'a [u8],
}

/// An upload without its bytes.
struct Row {
    id: Uuid,
    filename: String,
    content_type: String,
    byte_size: i32,
    width: i32,
    height: i32,
    created_at: OffsetDateTime,
}

impl Row {
    fn into_upload(self, used_by: Vec<UploadUse>) -> Upload {
        Upload {
            id: self.id,
            url: url(self.id),
            filename: self.filename,
            content_type: self.content_type,
            byte_size: self.byte_size,
            width: self.width,
            height: self.height,
            created_at: self.created_at,
            used_by,
        }
    }
}

/// Stores an image with its audit row, in one transaction.
pub async fn insert(pool: &PgPool, actor: Uuid, new: &NewUpload<'_>) -> anyhow::Result<Upload> {
    let byte_size = i32::try_from(new.data.len())?;
    let mut tx = pool.begin().await?;
    let row = sqlx::query_as!(
        Row,
        "insert into uploads (id, filename, content_type, byte_size, width, height, data,
             uploaded_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         returning id, filename, content_type, byte_size, width, height, created_at",
        Uuid::now_v7(),
        new.filename,
        new.content_type,
        byte_size,
        new.width,
        new.height,
        new.data,
        actor,
    )
    .fetch_one(&mut *tx)
    .await?;
    audit(
        &mut tx,
        actor,
        Action::Create,
        "upload",
        row.id,
        &row.filename,
    )
    .await?;
    tx.commit().await?;
    Ok(row.into_upload(Vec::new()))
}

/// An upload's url followed by a UUID as `Uuid` writes it (lower-case).
const OBJECT_URL_PATTERN: &str =
    "/objects/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})";

/// Every upload, newest first (without the bytes), each with the posts and
/// events whose image is its url or whose text (a post's content, an
/// event's description) contains it.
pub async fn list(pool: &PgPool) -> sqlx::Result<Vec<Upload>> {
    let rows = sqlx::query_as!(
        Row,
        "select id, filename, content_type, byte_size, width, height, created_at
         from uploads order by created_at desc, id desc"
    )
    .fetch_all(pool)
    .await?;
    // Each text is scanned once for the urls it mentions, rather than once
    // per upload.
    let uses = sqlx::query!(
        r#"with mentions (kind, id, title, url) as (
               select 'post', id, title, image from blog_posts where image like '/objects/%'
               union all
               select 'post', p.id, p.title, '/objects/' || m[1]
               from blog_posts p, regexp_matches(p.full_content, $1, 'g') m
               union all
               select 'event', id, title, image from events where image like '/objects/%'
               union all
               select 'event', e.id, e.title, '/objects/' || m[1]
               from events e, regexp_matches(e.description, $1, 'g') m
           )
           select distinct u.id as upload, m.kind as "kind!: UploadUseKind", m.id as "id!",
                  m.title as "title!"
           from mentions m join uploads u on m.url = '/objects/' || u.id::text
           order by m.kind, m.title, m.id"#,
        OBJECT_URL_PATTERN,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let used_by = uses
                .iter()
                .filter(|used| used.upload == row.id)
                .map(|used| UploadUse {
                    kind: used.kind,
                    id: used.id,
                    title: used.title.clone(),
                })
                .collect();
            row.into_upload(used_by)
        })
        .collect())
}

/// Deletes an upload with its audit row; whether it existed.
pub async fn delete(pool: &PgPool, actor: Uuid, id: Uuid) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let filename = sqlx::query_scalar!("delete from uploads where id = $1 returning filename", id)
        .fetch_optional(&mut *tx)
        .await?;
    let Some(filename) = filename else {
        return Ok(false);
    };
    audit(&mut tx, actor, Action::Delete, "upload", id, &filename).await?;
    tx.commit().await?;
    Ok(true)
}

/// The bytes of an upload and their type, as served.
#[derive(Clone, Debug)]
pub struct Object {
    pub content_type: String,
    pub data: Bytes,
}

pub async fn find_object(pool: &PgPool, id: Uuid) -> sqlx::Result<Option<Object>> {
    let row = sqlx::query!("select content_type, data from uploads where id = $1", id)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|row| Object {
        content_type: row.content_type,
        data: Bytes::from(row.data),
    }))
}

/// Whether the upload still exists (a primary-key lookup; no bytes read).
pub async fn exists(pool: &PgPool, id: Uuid) -> sqlx::Result<bool> {
    sqlx::query_scalar!(
        r#"select exists (select 1 from uploads where id = $1) as "exists!""#,
        id
    )
    .fetch_one(pool)
    .await
}

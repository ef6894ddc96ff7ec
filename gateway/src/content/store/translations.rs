//! A post's translations: the posts sharing its `translation_group` (the
//! original's id; see the migration `20270111000100`). Linking a post to
//! another's group is refused when it would link it to itself, to a post
//! of its own language, or give the group a second post in one language.

use std::collections::HashMap;

use contract::content::{PostTranslation, post_path};
use contract::language::Language;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::platform::error::ApiError;

/// The other posts of each translation group, by group.
pub type Groups = HashMap<Uuid, Vec<PostTranslation>>;

/// The unique constraint that keeps one post per language in a group.
pub const ONE_PER_LANGUAGE: &str = "blog_posts_one_translation_per_language";

/// The group a post being saved (`id`, `None` when new) in `language`
/// belongs to, once linked as `translation_of` says; the original's group
/// is started here when it had none. `current` is the post's group before.
pub async fn group_for(
    tx: &mut PgConnection,
    id: Option<Uuid>,
    current: Option<Uuid>,
    language: Language,
    translation_of: Option<Uuid>,
) -> Result<Option<Uuid>, ApiError> {
    let is_original = current.is_some() && current == id;
    let group =
        match translation_of {
            // An original keeps its translations; a translation leaves its group.
            None => current.filter(|_| is_original),
            // Already in that post's group as its original: nothing changes.
            Some(target) if is_original && Some(target) == current => current,
            Some(target) if Some(target) == id => {
                return Err(refused("A post cannot be a translation of itself"));
            }
            Some(target) => {
                let original = sqlx::query!(
                    r#"select title, language as "language!: Language", translation_group
                   from blog_posts where id = $1 for update"#,
                    target,
                )
                .fetch_optional(&mut *tx)
                .await?
                .ok_or_else(|| refused("The post this one translates does not exist"))?;
                if original.language == language {
                    return Err(ApiError::Conflict(format!(
                    "A translation must be in another language than the post it translates: \
                     “{}” is in {} too",
                    original.title,
                    name(language)
                )
                .into()));
                }
                let group = original.translation_group.unwrap_or(target);
                if is_original && current != Some(group) && has_others(tx, current, id).await? {
                    return Err(ApiError::Conflict(
                        "This post has translations of its own: it cannot become a translation \
                     of another post"
                            .into(),
                    ));
                }
                if original.translation_group.is_none() {
                    sqlx::query!(
                        "update blog_posts set translation_group = id where id = $1",
                        target
                    )
                    .execute(&mut *tx)
                    .await?;
                }
                Some(group)
            }
        };
    if let Some(group) = group {
        let taken = sqlx::query_scalar!(
            "select title from blog_posts
             where translation_group = $1 and language = $2 and id is distinct from $3",
            group,
            language.code(),
            id,
        )
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(title) = taken {
            return Err(ApiError::Conflict(
                format!(
                    "This post's translations already have one in {}: “{title}”",
                    name(language)
                )
                .into(),
            ));
        }
    }
    Ok(group)
}

/// Whether the group has posts besides `id`.
async fn has_others(
    tx: &mut PgConnection,
    group: Option<Uuid>,
    id: Option<Uuid>,
) -> sqlx::Result<bool> {
    sqlx::query_scalar!(
        r#"select exists (select 1 from blog_posts
                          where translation_group = $1 and id is distinct from $2) as "exists!""#,
        group,
        id,
    )
    .fetch_one(tx)
    .await
}

/// The other posts of each group in `groups`, by group, in the order of the
/// languages; `public` keeps only published posts whose time has come.
pub async fn of_groups(
    db: &mut PgConnection,
    groups: &[Uuid],
    public: bool,
) -> sqlx::Result<Groups> {
    let rows = sqlx::query!(
        r#"select id, title, language as "language!: Language", translation_group as "group!"
           from blog_posts
           where translation_group = any($1)
             and (not $2 or (status = 'published' and published_at <= now()))
           order by array_position(array['en', 'fr', 'sw'], language), id"#,
        groups,
        public,
    )
    .fetch_all(db)
    .await?;
    let mut by_group = Groups::new();
    for row in rows {
        by_group
            .entry(row.group)
            .or_default()
            .push(PostTranslation {
                id: row.id,
                language: row.language,
                path: post_path(row.language, row.id),
                title: row.title,
            });
    }
    Ok(by_group)
}

/// A post's translations: its group's posts but itself.
pub fn others(groups: &Groups, group: Option<Uuid>, id: Uuid) -> Vec<PostTranslation> {
    group
        .and_then(|group| groups.get(&group))
        .map(|posts| posts.iter().filter(|post| post.id != id).cloned().collect())
        .unwrap_or_default()
}

fn refused(message: &'static str) -> ApiError {
    ApiError::InvalidField {
        message: message.into(),
        field: "translationOf".to_owned(),
    }
}

/// The language's English name, for the admin's messages.
fn name(language: Language) -> &'static str {
    match language {
        Language::En => "English",
        Language::Fr => "French",
        Language::Sw => "Kiswahili",
    }
}

//! The agents' side of a chat: notes and events.

use contract::chat::{ChatNote, ChatState, NoteKind};

use sqlx::PgPool;
use uuid::Uuid;

/// Writes a note or an event on the agents' side of the chat (on the pool,
/// or inside a transaction that changes the chat with it).
pub async fn add_note(
    db: impl sqlx::PgExecutor<'_>,
    chat_id: Uuid,
    kind: NoteKind,
    author_id: Option<Uuid>,
    body: &str,
) -> Result<ChatNote, sqlx::Error> {
    sqlx::query_as!(
        ChatNote,
        r#"with note as (
               insert into chat_notes (id, session_id, kind, author_id, body)
               values ($1, $2, $3, $4, $5)
               returning id, session_id, kind, author_id, body, created_at)
           select note.id, note.session_id, note.kind as "kind: NoteKind", note.author_id,
                  u.name as "author_name?", note.body, note.created_at,
                  null::text as "from_state: ChatState", null::text as "to_state: ChatState"
           from note left join users u on u.id = note.author_id"#,
        Uuid::now_v7(),
        chat_id,
        kind as NoteKind,
        author_id,
        body
    )
    .fetch_one(db)
    .await
}

/// The agents' side of a chat, in order.
pub async fn notes(pool: &PgPool, chat_id: Uuid) -> Result<Vec<ChatNote>, sqlx::Error> {
    sqlx::query_as!(
        ChatNote,
        r#"select n.id, n.session_id, n.kind as "kind: NoteKind", n.author_id,
                  u.name as "author_name?", n.body, n.created_at,
                  n.from_state as "from_state: ChatState", n.to_state as "to_state: ChatState"
           from chat_notes n left join users u on u.id = n.author_id
           where n.session_id = $1 order by n.id"#,
        chat_id
    )
    .fetch_all(pool)
    .await
}

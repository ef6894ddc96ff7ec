//! `chat_held_replies`, whose one writer this is: email replies to a
//! chat's address from another sender, kept for an agent to post into the
//! chat or discard (never posted as the visitor unseen). And the files of
//! email replies the `inbound` role keeps in `chat_email_files` until they
//! are posted ([`email_files`], [`forget_email_files`]).

use contract::chat::email_replies::HeldReply;
use sqlx::PgPool;
use uuid::Uuid;

/// Holds a reply; the same email (its `Message-ID`) once. `true` when it is
/// new.
pub async fn hold(
    pool: &PgPool,
    chat_id: Uuid,
    message_id: &str,
    sender_email: &str,
    body: &str,
) -> sqlx::Result<bool> {
    Ok(sqlx::query!(
        "insert into chat_held_replies (id, session_id, message_id, sender_email, body)
         values ($1, $2, $3, $4, $5)
         on conflict (session_id, message_id) do nothing",
        Uuid::now_v7(),
        chat_id,
        message_id,
        sender_email,
        body
    )
    .execute(pool)
    .await?
    .rows_affected()
        == 1)
}

/// The chat's replies no agent has decided on, oldest first.
pub async fn held_waiting(pool: &PgPool, chat_id: Uuid) -> sqlx::Result<Vec<HeldReply>> {
    sqlx::query_as!(
        HeldReply,
        r#"select h.id, h.sender_email, h.body, h.received_at,
                  array(select f.filename from chat_email_files f
                        where f.session_id = h.session_id and f.message_id = h.message_id
                        order by f.position) as "files!"
           from chat_held_replies h
           where h.session_id = $1 and h.decided_at is null
           order by h.id"#,
        chat_id
    )
    .fetch_all(pool)
    .await
}

/// A held reply still waiting for an agent.
pub struct Held {
    pub chat_id: Uuid,
    /// The email's `Message-ID`.
    pub message_id: String,
    pub body: String,
}

/// Held reply `held_id`, if it still waits for an agent.
pub async fn held(pool: &PgPool, held_id: Uuid) -> sqlx::Result<Option<Held>> {
    sqlx::query_as!(
        Held,
        "select session_id as chat_id, message_id, body from chat_held_replies
         where id = $1 and decided_at is null",
        held_id
    )
    .fetch_optional(pool)
    .await
}

/// Records the agent's decision on held reply `held_id`: its chat and its
/// email's `Message-ID`, or `None` when it was not waiting (decided by
/// another agent meanwhile).
pub async fn decide(
    pool: &PgPool,
    held_id: Uuid,
    agent_id: Uuid,
    post: bool,
) -> sqlx::Result<Option<(Uuid, String)>> {
    Ok(sqlx::query!(
        "update chat_held_replies
         set decided_at = now(), decided_by = $2, posted = $3
         where id = $1 and decided_at is null
         returning session_id, message_id",
        held_id,
        agent_id,
        post
    )
    .fetch_optional(pool)
    .await?
    .map(|row| (row.session_id, row.message_id)))
}

/// A file of an email reply, waiting to go through the attachment pipeline.
pub struct EmailFile {
    pub filename: String,
    pub data: Vec<u8>,
}

/// The files of email `message_id` to chat `chat_id`, in their order.
pub async fn email_files(
    pool: &PgPool,
    chat_id: Uuid,
    message_id: &str,
) -> sqlx::Result<Vec<EmailFile>> {
    sqlx::query_as!(
        EmailFile,
        "select filename, data from chat_email_files
         where session_id = $1 and message_id = $2 order by position",
        chat_id,
        message_id
    )
    .fetch_all(pool)
    .await
}

/// Deletes the files of email `message_id` once posted or discarded.
pub async fn forget_email_files(
    pool: &PgPool,
    chat_id: Uuid,
    message_id: &str,
) -> sqlx::Result<()> {
    sqlx::query!(
        "delete from chat_email_files where session_id = $1 and message_id = $2",
        chat_id,
        message_id
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// A data subject's erasure: the replies `email` sent to other people's
/// chats. Returns the rows removed.
pub async fn erase_held_replies(pool: &PgPool, email: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query!(
        "delete from chat_held_replies where lower(sender_email) = lower(btrim($1))",
        email
    )
    .execute(pool)
    .await?
    .rows_affected())
}

/// What decides whether and when the chat's unseen replies are emailed.
pub struct EmailFacts {
    pub address: String,
    pub stopped: bool,
    pub bounced_at: Option<time::OffsetDateTime>,
    pub bounce: Option<String>,
    pub unseen_replies: i64,
    pub first_unseen_at: Option<time::OffsetDateTime>,
}

/// The chat's [`EmailFacts`]; `None` for no such chat. "Unseen" as the
/// reply sweep counts it (`workers/src/reply_emails.rs`): agent replies
/// after both the visitor's seen mark and the last one emailed.
pub async fn email_facts(pool: &PgPool, chat_id: Uuid) -> sqlx::Result<Option<EmailFacts>> {
    let row = sqlx::query!(
        r#"with mark as (
               select greatest(
                   (select r.through_message_id from chat_receipts r
                     where r.session_id = $1 and r.reader = 'user' and r.state = 'seen'
                     order by r.through_message_id desc limit 1),
                   (select m.id from chat_messages m
                     where m.session_id = $1 and m.sender_type = 'agent'
                       and m.emailed_at is not null
                     order by m.id desc limit 1)
               ) as after
           )
           select btrim(s.visitor_email) as "address!",
                  exists (select 1 from chat_email_optouts o
                          where o.email = lower(btrim(s.visitor_email))) as "stopped!",
                  s.email_bounced_at, s.email_bounce,
                  (select count(*) from chat_messages m, mark
                    where m.session_id = $1 and m.sender_type = 'agent'
                      and (mark.after is null or m.id > mark.after)) as "unseen!",
                  (select min(m.created_at) from chat_messages m, mark
                    where m.session_id = $1 and m.sender_type = 'agent'
                      and (mark.after is null or m.id > mark.after)) as first_unseen_at
           from chat_sessions s where s.id = $1"#,
        chat_id
    )
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|row| EmailFacts {
        address: row.address,
        stopped: row.stopped,
        bounced_at: row.email_bounced_at,
        bounce: row.email_bounce,
        unseen_replies: row.unseen,
        first_unseen_at: row.first_unseen_at,
    }))
}

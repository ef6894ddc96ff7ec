//! Cookie sessions: stored in Postgres, which every gateway shares, and read
//! through a bounded in-memory cache on each gateway, so that a request does
//! not cost a database read for its session.
//!
//! A cached copy must never outlive a change made elsewhere: a sign-out, or
//! the id rotation at sign-in, on one gateway must end the old session on
//! every gateway at once. So every write of an existing session (save,
//! delete) publishes its id on `sessions.changed` before the request that
//! made it is answered, and every gateway drops its copy when the id
//! arrives — and once more a moment later, in case a read that started
//! before the change was still putting the old record into its cache.
//!
//! That announcement takes a moment to arrive, so whether a session is still
//! signed in is never taken from the cache alone: the lookup of the signed-in
//! user, made on every request that needs one, also checks the stored
//! session ([`signed_in_user`]), in the same query. A sign-out therefore
//! holds on every gateway at once; what a cache can still serve for a
//! moment is an anonymous record, and an anonymous chat owner token stops
//! counting once the chat belongs to an account (see `chat::role_in_chat`).
//!
//! This module owns `tower_sessions.session`: it is the table's only writer.
//! The team page ends a member's sessions through [`delete_of_user`]; the
//! `accounts` worker asks for a user's sessions to end (a password reset)
//! on `owners.sessions.end_of_user`, answered by [`serve_end_requests`].

use async_trait::async_trait;
use contract::accounts::{Role, User};
use contract::language::Language;
use contract::owners::{EndSessionsOfUser, OwnerReply};
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower_sessions::session::{Id, Record};
use tower_sessions::session_store::{self, CachingSessionStore, SessionStore as _};
use tower_sessions_moka_store::MokaStore;
use tower_sessions_sqlx_store::PostgresStore;
use uuid::Uuid;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "nyota.sid";

/// Sessions each gateway keeps in memory; the least used go first.
pub const CACHED_SESSIONS: u64 = 50_000;

/// The session store of one gateway (cheap to clone; clones share the cache).
#[derive(Clone, Debug)]
pub struct SessionStore {
    store: CachingSessionStore<MokaStore, PostgresStore>,
    cache: MokaStore,
    postgres: PostgresStore,
    nats: async_nats::Client,
    changed: String,
}

impl SessionStore {
    /// Sessions in `pool`, cached here, with changes announced on `changed`.
    pub fn new(pool: sqlx::PgPool, nats: async_nats::Client, changed: String) -> Self {
        let postgres = PostgresStore::new(pool);
        let cache = MokaStore::new(Some(CACHED_SESSIONS));
        SessionStore {
            store: CachingSessionStore::new(cache.clone(), postgres.clone()),
            cache,
            postgres,
            nats,
            changed,
        }
    }

    /// The Postgres store, for the periodic deletion of expired sessions.
    pub fn postgres(&self) -> &PostgresStore {
        &self.postgres
    }

    /// Drops session `id` from this gateway's cache.
    pub async fn evict(&self, id: &Id) {
        // The moka store's delete cannot fail.
        let _ = self.cache.delete(id).await;
    }

    /// Tells every gateway (this one included) that session `id` changed,
    /// and waits until the NATS server has the message.
    async fn announce(&self, id: &Id) -> session_store::Result<()> {
        let announced =
            crate::platform::bus::announce(&self.nats, self.changed.clone(), id.to_string().into())
                .await;
        announced.map_err(|error| {
            // Without the announcement another gateway could keep serving the
            // old session: fail the request rather than answer as if done.
            tracing::error!(
                error = format!("{error:#}"),
                "failed to announce a session change"
            );
            session_store::Error::Backend("failed to announce a session change".to_owned())
        })
    }
}

#[async_trait]
impl tower_sessions::SessionStore for SessionStore {
    async fn create(&self, record: &mut Record) -> session_store::Result<()> {
        // A new id: no gateway has a copy to drop.
        self.store.create(record).await
    }

    async fn save(&self, record: &Record) -> session_store::Result<()> {
        self.store.save(record).await?;
        self.announce(&record.id).await
    }

    async fn load(&self, id: &Id) -> session_store::Result<Option<Record>> {
        self.store.load(id).await
    }

    async fn delete(&self, id: &Id) -> session_store::Result<()> {
        self.store.delete(id).await?;
        self.announce(id).await
    }
}

/// Subscribes before returning, so no change published after start-up is
/// missed, then drops changed sessions from `store`'s cache until the
/// gateway shuts down.
pub async fn listen(
    nats: &async_nats::Client,
    store: SessionStore,
    tracker: &TaskTracker,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<()>> {
    let subject = store.changed.clone();
    crate::platform::bus::follow(nats, subject, tracker, shutdown, move |change| {
        let store = store.clone();
        async move {
            let id = std::str::from_utf8(&change.payload)
                .ok()
                .and_then(|id| id.parse::<Id>().ok());
            let Some(id) = id else {
                tracing::warn!("ignored a session change without a valid session id");
                return;
            };
            crate::platform::bus::evict_twice((store, id), |(store, id)| async move {
                store.evict(&id).await;
            })
            .await;
        }
    })
    .await
}

/// Deletes every stored cookie session signed in as `user_id`, on whichever
/// gateway it was made, and returns their ids. The store (tower-sessions,
/// records as MessagePack) has no user column; a signed-in record holds the
/// `user_id` key followed by the id as a 36-character string, which is what
/// this looks for: `a7` "user_id" (a 7-byte string), `d9 24` (a 36-byte
/// string), the id. Rare (password resets, an agent losing rights), so a
/// scan is fine. `system-tests/tests/api/password_reset.rs` checks it against real
/// sessions. The caller announces the ended sessions ([`announce_ended`])
/// once the deletion is committed.
pub async fn delete_of_user(
    conn: &mut sqlx::PgConnection,
    user_id: Uuid,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar!(
        "delete from tower_sessions.session
         where position('\\xa7757365725f6964d924'::bytea || convert_to($1, 'UTF8') in data) > 0
         returning id",
        user_id.hyphenated().to_string()
    )
    .fetch_all(conn)
    .await
}

/// Tells every gateway to drop its cached copies of these ended sessions,
/// as a sign-out does: a stale copy written back by a later request would
/// otherwise store the ended session again. Best effort: the stored
/// sessions are gone already, and [`signed_in_user`] reads the store.
pub async fn announce_ended(nats: &async_nats::Client, changed: &str, sessions: &[String]) {
    for session in sessions {
        let announced =
            crate::platform::bus::announce(nats, changed.to_owned(), session.clone().into()).await;
        if let Err(error) = announced {
            tracing::error!(
                error = format!("{error:#}"),
                "failed to announce an ended session"
            );
        }
    }
}

/// Answers the other processes' requests to end a user's sessions (the
/// `accounts` worker's password reset, [`contract::owners`]) on `subject`
/// until shutdown: deletes them, announces them ended, then answers how
/// many there were.
pub async fn serve_end_requests(
    nats: &async_nats::Client,
    pool: sqlx::PgPool,
    subject: String,
    changed: String,
    tracker: &TaskTracker,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<()>> {
    let asker = nats.clone();
    crate::platform::bus::serve(nats, subject, tracker, shutdown, move |request| {
        let (nats, pool, changed) = (asker.clone(), pool.clone(), changed.clone());
        async move {
            let Ok(EndSessionsOfUser { user_id }) = serde_json::from_slice(&request.payload) else {
                tracing::error!("malformed request to end a user's sessions");
                return OwnerReply::Failed;
            };
            let ended = match pool.acquire().await {
                Ok(mut conn) => delete_of_user(&mut conn, user_id).await,
                Err(error) => Err(error),
            };
            match ended {
                Ok(ended) => {
                    announce_ended(&nats, &changed, &ended).await;
                    tracing::info!(user.id = %user_id, sessions = ended.len(), "ended the sessions of a user");
                    OwnerReply::Done(ended.len())
                }
                Err(error) => {
                    tracing::error!(%error, user.id = %user_id, "failed to end the sessions of a user");
                    OwnerReply::Failed
                }
            }
        }
    })
    .await
}

/// What the stored session and account say about a signed-in record.
#[derive(Debug)]
pub enum SignedIn {
    User(User),
    /// The session was ended or rotated (on any gateway), or has expired.
    SessionEnded,
    /// The session stands but its account is gone.
    UserDeleted,
}

/// Reads user `user_id`, named by session `session_id`, and whether that
/// session is still stored: one round trip, whatever the cache holds. A
/// deactivated account counts as gone, so its sign-ins end on every gateway
/// at once.
pub async fn signed_in_user(
    pool: &sqlx::PgPool,
    session_id: Id,
    user_id: Uuid,
) -> sqlx::Result<SignedIn> {
    let row = sqlx::query!(
        r#"select id, email, username, name, phone, role as "role: Role", is_admin, created_at,
                  language as "language: Language",
                  exists(select 1 from tower_sessions.session s
                         where s.id = $2 and s.expiry_date > now()) as "session_live!"
           from users where id = $1 and active"#,
        user_id,
        session_id.to_string(),
    )
    .fetch_optional(pool)
    .await?;
    Ok(match row {
        Some(row) if !row.session_live => SignedIn::SessionEnded,
        Some(row) => SignedIn::User(User {
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
        }),
        None => SignedIn::UserDeleted,
    })
}

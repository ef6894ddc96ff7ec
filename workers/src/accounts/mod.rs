//! The `accounts` role: registration, login and password reset as a NATS
//! service in a queue group. Argon2 runs on the blocking pool, bounded by a semaphore, so that
//! password work never stalls the runtime nor exhausts memory (19 MiB each).
//! It also relays the outbox ([`crate::outbox`]) and answers
//! `owners.users.erase` (a data subject's erasure, [`crate::erasure`]).

pub mod users;

use std::sync::Arc;

use anyhow::Context as _;
use async_nats::jetstream;
use contract::accounts::{
    AccountsError, AccountsReply, LoginRequest, RegisterRequest, Role, User, normalize_email,
};
use contract::intake::Registered;
use contract::language::Language;
use contract::namespace::ACCOUNTS_QUEUE_GROUP;
use contract::owners::EndSessionsOfUser;
use contract::password_reset::{ResetPasswordReply, ResetPasswordRequest};
use contract::telemetry::{set_parent_from_headers, trace_headers};
use futures::StreamExt as _;
use sqlx::PgPool;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;
use tracing::Instrument as _;
use uuid::Uuid;

use crate::{WorkerContext, outbox, passwords, reset_tokens};

#[derive(Clone)]
struct Service {
    ctx: WorkerContext,
    jetstream: jetstream::Context,
    /// Verified against when the email is unknown, so that a login for an
    /// unknown account costs the same time as one with a wrong password.
    dummy_hash: Arc<str>,
}

#[derive(Clone, Copy, Debug)]
enum Request {
    Register,
    Login,
    ResetPassword,
}

/// Subscribes to the account subjects and serves them until `shutdown`
/// resolves; returns once the subscriptions are live on the server, so a
/// request sent afterwards is answered.
pub async fn spawn(
    ctx: WorkerContext,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let jetstream = jetstream::new(ctx.nats.clone());
    jetstream
        .get_or_create_stream(ctx.namespace.intake_stream())
        .await
        .context("failed to create the INTAKE stream")?;
    let dummy_hash = tokio::task::spawn_blocking(|| passwords::hash(&Uuid::new_v4().to_string()))
        .await?
        .map_err(|e| anyhow::anyhow!("failed to hash: {e}"))?;
    let service = Service {
        ctx: ctx.clone(),
        jetstream,
        dummy_hash: dummy_hash.into(),
    };

    let group = ACCOUNTS_QUEUE_GROUP.to_owned();
    let register = ctx
        .nats
        .queue_subscribe(ctx.namespace.accounts_register(), group.clone())
        .await?;
    let login = ctx
        .nats
        .queue_subscribe(ctx.namespace.accounts_login(), group.clone())
        .await?;
    let reset_password = ctx
        .nats
        .queue_subscribe(ctx.namespace.accounts_reset_password(), group)
        .await?;
    runtime::process::nats_round_trip(&ctx.nats)
        .await
        .context("NATS did not confirm the subscriptions")?;

    let shutdown = futures::FutureExt::shared(shutdown);
    let pool = ctx.pool.clone();
    let erasure = crate::erasure::serve(
        &ctx,
        ctx.namespace.owners_erase_user(),
        shutdown.clone(),
        move |person| {
            let pool = pool.clone();
            async move {
                let mut rows = outbox::erase_mentions(&pool, &person.email).await?;
                if let Some(user_id) = person.user_id {
                    rows += users::erase(&pool, user_id).await?;
                }
                Ok(rows)
            }
        },
    )
    .await?;

    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let relay = tokio::spawn(outbox::relay_forever(
        ctx.pool.clone(),
        service.jetstream.clone(),
    ));
    Ok(tokio::spawn(async move {
        let mut requests = futures::stream::select_all([
            register.map(|m| (Request::Register, m)).boxed(),
            login.map(|m| (Request::Login, m)).boxed(),
            reset_password.map(|m| (Request::ResetPassword, m)).boxed(),
        ]);
        let permits = Arc::new(Semaphore::new(workers));
        let mut shutdown = std::pin::pin!(shutdown);
        tracing::info!(workers, "accounts role started");
        loop {
            let (kind, message) = tokio::select! {
                () = &mut shutdown => break,
                next = requests.next() => match next {
                    Some(next) => next,
                    None => break,
                },
            };
            let Ok(permit) = permits.clone().acquire_owned().await else {
                break;
            };
            let service = service.clone();
            tokio::spawn(async move {
                service.handle(kind, message).await;
                drop(permit);
            });
        }
        // Dropping the subscriptions unsubscribes; then let in-flight requests finish.
        drop(requests);
        let _ = permits.acquire_many(workers as u32).await;
        relay.abort();
        let _ = erasure.await;
        tracing::info!("accounts role stopped");
    }))
}

impl Service {
    async fn handle(&self, kind: Request, message: async_nats::Message) {
        let span = tracing::info_span!("accounts.request", accounts.kind = ?kind);
        set_parent_from_headers(&span, message.headers.as_ref());
        async {
            let body = match kind {
                Request::Register => user_reply(match serde_json::from_slice(&message.payload) {
                    Ok(request) => self.register(request).await,
                    Err(error) => Err(malformed(error)),
                }),
                Request::Login => user_reply(match serde_json::from_slice(&message.payload) {
                    Ok(request) => self.login(request).await,
                    Err(error) => Err(malformed(error)),
                }),
                Request::ResetPassword => {
                    let reply = match serde_json::from_slice(&message.payload) {
                        Ok(request) => self.reset_password(request).await,
                        Err(error) => {
                            tracing::error!(%error, "malformed password reset request");
                            ResetPasswordReply::Internal
                        }
                    };
                    serde_json::to_vec(&reply).unwrap_or_default()
                }
            };
            let Some(reply_to) = message.reply else {
                return;
            };
            if let Err(error) = self
                .ctx
                .nats
                .publish_with_headers(reply_to, trace_headers(), body.into())
                .await
            {
                tracing::error!(%error, "failed to send the accounts reply");
            }
        }
        .instrument(span)
        .await;
    }

    async fn register(&self, request: RegisterRequest) -> Result<User, Failure> {
        let email = normalize_email(&request.email);
        if email_taken(&self.ctx.pool, &email).await? {
            return Err(Failure::Domain(AccountsError::EmailExists));
        }
        let password_hash = hash_off_runtime(request.password).await?;
        let mut tx = self.ctx.pool.begin().await.context("failed to begin")?;
        let row = users::insert(
            &mut tx,
            &email,
            &request.username,
            &request.name,
            &request.phone,
            password_hash,
            request.language,
        )
        .await?;
        // A concurrent registration with the same email won the race.
        let user = row.ok_or(Failure::Domain(AccountsError::EmailExists))?;
        // The sales notification commits with the account, never without it.
        let event = Registered {
            user_id: user.id,
            email: user.email.clone(),
            name: user.name.clone(),
            phone: user.phone.clone(),
            registered_at: user.created_at,
            language: request.language,
        };
        outbox::enqueue(
            &mut tx,
            user.id,
            &self.ctx.namespace.intake_registered(),
            &event,
        )
        .await?;
        tx.commit().await.context("failed to commit the user")?;
        outbox::publish(&self.ctx.pool, &self.jetstream, user.id).await;
        tracing::info!(user.id = %user.id, "user registered");
        Ok(user)
    }

    async fn login(&self, request: LoginRequest) -> Result<User, Failure> {
        let email = normalize_email(&request.email);
        // The stored hash: only this role ever reads it.
        let row = sqlx::query!(
            r#"select id, email, username, name, phone, role as "role: Role", is_admin, created_at,
                      language as "language: Language", password_hash, active
               from users where email = $1"#,
            email
        )
        .fetch_optional(&self.ctx.pool)
        .await
        .context("failed to look up the user")?;
        // Without a stored hash the dummy one is verified, so the time taken
        // does not tell which accounts exist or have a password.
        let stored = row
            .as_ref()
            .and_then(|r| r.password_hash.clone())
            .unwrap_or_else(|| self.dummy_hash.to_string());
        let password = request.password;
        let matches = tokio::task::spawn_blocking(move || passwords::verify(&password, &stored))
            .await
            .context("password verification panicked")?;
        match row {
            // Only someone who knows the password learns that the account
            // was deactivated.
            Some(row) if matches && row.password_hash.is_some() => {
                if row.active {
                    Ok(User {
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
                    })
                } else {
                    Err(Failure::Domain(AccountsError::Deactivated))
                }
            }
            _ => Err(Failure::Domain(AccountsError::InvalidCredentials)),
        }
    }

    /// Sets a new password with a reset token: the token must be unused and
    /// unexpired. In one transaction the token is used up (with every other
    /// open token of the user) and the password replaced; before it commits,
    /// the sessions' owner (the gateways) deletes every stored session of
    /// the user and tells every gateway, so no sign-in made with the old
    /// password outlives the change. Should this stop after that, the user
    /// is signed out and the token still open: nothing half done is unsafe.
    async fn reset_password(&self, request: ResetPasswordRequest) -> ResetPasswordReply {
        match self.try_reset_password(request).await {
            Ok(Some(user_id)) => {
                tracing::info!(user.id = %user_id, "password reset");
                ResetPasswordReply::Reset { user_id }
            }
            Ok(None) => ResetPasswordReply::InvalidToken,
            Err(error) => {
                tracing::error!(error = format!("{error:#}"), "password reset failed");
                ResetPasswordReply::Internal
            }
        }
    }

    async fn try_reset_password(
        &self,
        request: ResetPasswordRequest,
    ) -> anyhow::Result<Option<Uuid>> {
        // A token is open while unused and unexpired.
        let token_hash = reset_tokens::hash(&request.token);
        // Checked first so that a bad link costs no hashing.
        let open = reset_tokens::is_open(&self.ctx.pool, &token_hash).await?;
        if !open {
            return Ok(None);
        }
        let password_hash = hash_off_runtime(request.password).await?;
        let mut tx = self.ctx.pool.begin().await.context("failed to begin")?;
        // Taken again under the row lock: of two concurrent uses, one wins.
        let user_id = reset_tokens::use_up(&mut tx, &token_hash).await?;
        let Some(user_id) = user_id else {
            return Ok(None);
        };
        users::set_password(&mut tx, user_id, &password_hash).await?;
        reset_tokens::close_all_of(&mut tx, user_id).await?;
        // The sessions belong to the gateways' session store: it ends them
        // before this commits, so no sign-in made with the old password
        // outlives the change; without its answer nothing is committed.
        let ended: usize = contract::owners::ask(
            &self.ctx.nats,
            self.ctx.namespace.owners_end_sessions(),
            &EndSessionsOfUser { user_id },
        )
        .await
        .context("failed to end the user's sessions")?;
        tx.commit()
            .await
            .context("failed to commit the password reset")?;
        tracing::debug!(user.id = %user_id, sessions = ended, "sessions ended by the reset");
        Ok(Some(user_id))
    }
}

/// The reply to a register or login request.
fn user_reply(result: Result<User, Failure>) -> Vec<u8> {
    let reply = match result {
        Ok(user) => AccountsReply::User(user),
        Err(Failure::Domain(error)) => AccountsReply::Error(error),
        Err(Failure::Internal(error)) => {
            tracing::error!(error = format!("{error:#}"), "account request failed");
            AccountsReply::Error(AccountsError::Internal)
        }
    };
    serde_json::to_vec(&reply).unwrap_or_default()
}

/// Whether an account already uses `email` (already normalised).
pub(crate) async fn email_taken(pool: &PgPool, email: &str) -> anyhow::Result<bool> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from users where email = $1) as "taken!""#,
        email
    )
    .fetch_one(pool)
    .await
    .context("failed to check the email")
}

/// Hashes on the blocking pool: Argon2 takes tens of milliseconds of CPU.
pub(crate) async fn hash_off_runtime(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || passwords::hash(&password))
        .await
        .context("password hashing panicked")?
        .map_err(|e| anyhow::anyhow!("failed to hash the password: {e}"))
}

enum Failure {
    Domain(AccountsError),
    Internal(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Self {
        Failure::Internal(error)
    }
}

fn malformed(error: serde_json::Error) -> Failure {
    Failure::Internal(anyhow::Error::new(error).context("malformed account request"))
}

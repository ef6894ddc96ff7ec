//! `workers <role>`: runs one worker role, or `all` of them in one process,
//! plus the `migrate`, `seed-admin`, `seed-sample-content`,
//! `replay-dead-letters` and `drop-streams` maintenance commands.

use anyhow::Context as _;
use clap::{Parser, Subcommand};
use secrecy::ExposeSecret as _;
use workers::admin::{Seeded, seed_admin};
use workers::config::{Config, Inbound, Needs, Variables};
use workers::{MIGRATOR, WorkerContext, connect_nats, connect_postgres};

#[derive(Parser)]
#[command(about = "Nyota Cloud worker roles")]
struct Cli {
    #[command(flatten)]
    variables: Variables,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Registration and login (NATS request-reply).
    Accounts,
    /// Stores chat messages and announces them.
    Chat,
    /// Emails support about chats started while no agent is online.
    Notify,
    /// Answers what people send in (the INTAKE stream) by email: contact and
    /// demo requests, waitlist entries and subscriptions (each stored by its
    /// owner), welcomes to new users, password resets and invitations, and
    /// the emails of data subject requests.
    Requests,
    /// Counts blog post views, one update per post per second.
    Views,
    /// Adds up page views per day, path and referrer host.
    Analytics,
    /// Deletes personal data past its retention period, hourly.
    Retention,
    /// Reads visitors' email replies to chats from the IMAP mailbox
    /// (`INBOUND_IMAP_URL`) and posts each into its chat.
    Inbound,
    /// Every role in one process.
    All,
    /// Apply the database migrations.
    Migrate,
    /// Delete this namespace's JetStream streams and rate-limit bucket (test
    /// clean-up; refuses the production namespace).
    DropStreams,
    /// Republish dead letters not replayed yet to their original subjects.
    ReplayDeadLetters {
        /// Only this dead letter.
        #[arg(long)]
        id: Option<uuid::Uuid>,
        /// Only the dead letters of this role (e.g. chat, notify).
        #[arg(long)]
        role: Option<String>,
    },
    /// Create or promote the admin account.
    SeedAdmin {
        #[arg(long, env = "ADMIN_EMAIL", default_value = "admin@nyota.example")]
        email: String,
        /// Kept when omitted for an existing admin; generated for a new one.
        #[arg(long, env = "ADMIN_PASSWORD", hide_env_values = true)]
        password: Option<String>,
    },
    /// Insert the sample blog posts and events, each only into an empty table.
    SeedSampleContent,
}

impl Command {
    /// What the command uses besides the database (what its configuration is
    /// checked for).
    fn needs(&self) -> Needs {
        let roles = Needs {
            nats: true,
            namespace: true,
            ..Needs::default()
        };
        match self {
            Command::Migrate | Command::SeedAdmin { .. } | Command::SeedSampleContent => {
                Needs::default()
            }
            Command::ReplayDeadLetters { .. } => Needs {
                nats: true,
                ..Needs::default()
            },
            Command::DropStreams
            | Command::Accounts
            | Command::Chat
            | Command::Views
            | Command::Analytics
            | Command::Retention => roles,
            Command::Notify => Needs {
                mail: true,
                signing: true,
                ..roles
            },
            Command::Inbound => Needs {
                signing: true,
                inbound: Inbound::Required,
                ..roles
            },
            Command::Requests => Needs {
                mail: true,
                signing: true,
                ..roles
            },
            Command::All => Needs {
                mail: true,
                signing: true,
                inbound: Inbound::IfSet,
                ..roles
            },
        }
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = Config::from_lookup(cli.command.needs(), |name| cli.variables.get(name))
        .map_err(anyhow::Error::msg)?;
    let _tracing = runtime::tracing_setup::init_tracing("workers")?;
    let pool = connect_postgres(config.database_url.expose_secret(), 10).await?;
    match cli.command {
        Command::Migrate => {
            MIGRATOR.run(&pool).await?;
            println!("migrations applied");
        }
        Command::DropStreams => {
            anyhow::ensure!(
                !config.nats_prefix.is_empty(),
                "refusing to drop production streams"
            );
            let namespace = config.namespace().map_err(anyhow::Error::msg)?;
            let jetstream =
                async_nats::jetstream::new(connect_nats(&config.nats_url, "workers").await?);
            for name in [namespace.intake_stream().name, namespace.chat_stream().name] {
                match jetstream.delete_stream(&name).await {
                    Ok(_) => println!("deleted stream {name}"),
                    Err(error) => println!("stream {name} not deleted: {error}"),
                }
            }
            let bucket = namespace.rate_limits_bucket();
            match jetstream.delete_key_value(&bucket).await {
                Ok(_) => println!("deleted key-value bucket {bucket}"),
                Err(error) => println!("key-value bucket {bucket} not deleted: {error}"),
            }
        }
        Command::ReplayDeadLetters { id, role } => {
            let jetstream =
                async_nats::jetstream::new(connect_nats(&config.nats_url, "workers").await?);
            let filter = workers::dead_letters::Filter { id, role };
            let replayed = workers::dead_letters::replay(&pool, &jetstream, &filter).await?;
            println!("replayed {replayed} dead letters");
        }
        Command::SeedAdmin { email, password } => {
            if password.as_deref().is_some_and(|p| p.chars().count() < 6) {
                anyhow::bail!("ADMIN_PASSWORD must be at least 6 characters");
            }
            match seed_admin(&pool, &email, password).await? {
                Seeded::Created { password } => {
                    println!("admin created: {email} / password: {password}")
                }
                Seeded::Existing {
                    password_changed: true,
                } => {
                    println!("admin {email} exists; password set from ADMIN_PASSWORD")
                }
                Seeded::Existing {
                    password_changed: false,
                } => {
                    println!("admin {email} exists; password unchanged")
                }
            }
        }
        Command::SeedSampleContent => {
            let today = workers::sample_content::nairobi_today();
            let seeded = workers::sample_content::seed(&pool, today)
                .await
                .context("failed to seed the sample content")?;
            println!("{seeded}");
        }
        Command::Accounts
        | Command::Chat
        | Command::Notify
        | Command::Requests
        | Command::Views
        | Command::Analytics
        | Command::Retention
        | Command::Inbound
        | Command::All => {
            // Only the roles that send email build the mailer.
            let needs = cli.command.needs();
            let mailer = if needs.mail {
                let mailer = config.mail.mailer()?;
                workers::mail::health::record_configured(&pool, mailer.is_enabled())
                    .await
                    .context("failed to record whether email is configured")?;
                Some(std::sync::Arc::new(mailer))
            } else {
                None
            };
            let signer = if needs.signing {
                Some(config.signer().map_err(anyhow::Error::msg)?)
            } else {
                None
            };
            let ctx = WorkerContext {
                pool,
                nats: connect_nats(&config.nats_url, "workers").await?,
                namespace: config.namespace().map_err(anyhow::Error::msg)?,
            };
            let all = matches!(cli.command, Command::All);
            let stop = shutdown_broadcast();
            let mut roles = Vec::new();
            if all || matches!(cli.command, Command::Accounts) {
                roles.push(workers::accounts::spawn(ctx.clone(), stop.wait()).await?);
            }
            if all || matches!(cli.command, Command::Chat) {
                roles.push(workers::chat::spawn(ctx.clone(), stop.wait()).await?);
            }
            if all || matches!(cli.command, Command::Notify) {
                roles.push(
                    workers::notify::spawn(
                        ctx.clone(),
                        mail(&mailer)?,
                        signer
                            .clone()
                            .context("the signer is built for the notify role")?,
                        stop.wait(),
                    )
                    .await?,
                );
            }
            if all || matches!(cli.command, Command::Requests) {
                roles.push(
                    workers::requests::spawn(
                        ctx.clone(),
                        mail(&mailer)?,
                        signer
                            .clone()
                            .context("the signer is built for the requests role")?,
                        workers::requests::RETRY,
                        stop.wait(),
                    )
                    .await?,
                );
            }
            if all || matches!(cli.command, Command::Views) {
                roles.push(workers::views::spawn(ctx.clone(), stop.wait()).await?);
            }
            if all || matches!(cli.command, Command::Analytics) {
                roles.push(workers::analytics::spawn(ctx.clone(), stop.wait()).await?);
            }
            if all || matches!(cli.command, Command::Retention) {
                roles.push(workers::retention::spawn(ctx.clone(), stop.wait()).await?);
            }
            // `all` reads the mailbox only when one is configured.
            if let Some(mailbox) = config.inbound.clone()
                && (all || matches!(cli.command, Command::Inbound))
            {
                let intake = workers::inbound::intake::Intake {
                    pool: ctx.pool.clone(),
                    nats: ctx.nats.clone(),
                    namespace: ctx.namespace.clone(),
                    signer: signer
                        .clone()
                        .context("the signer is built for the inbound role")?,
                };
                roles.push(workers::inbound::intake::spawn(
                    intake,
                    mailbox,
                    stop.wait(),
                ));
            }
            for role in roles {
                role.await?;
            }
        }
    }
    Ok(())
}

/// The mailer of a role that sends email (built for those roles only).
fn mail(
    mailer: &Option<std::sync::Arc<workers::mail::Mailer>>,
) -> anyhow::Result<std::sync::Arc<workers::mail::Mailer>> {
    mailer
        .clone()
        .context("the mailer is built for the roles that send email")
}

/// One shutdown signal shared by every role of the process.
struct ShutdownBroadcast(tokio::sync::watch::Receiver<bool>);

impl ShutdownBroadcast {
    fn wait(&self) -> impl Future<Output = ()> + Send + 'static {
        let mut stopped = self.0.clone();
        async move {
            let _ = stopped.wait_for(|stopped| *stopped).await;
        }
    }
}

fn shutdown_broadcast() -> ShutdownBroadcast {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        runtime::process::shutdown_signal().await;
        let _ = stop.send(true);
    });
    ShutdownBroadcast(stopped)
}

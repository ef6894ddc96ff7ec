//! `workers <role>`: runs one worker role, or `all` of them in one process,
//! plus the `migrate` and `seed-admin` maintenance commands.

use clap::{Parser, Subcommand};
use contract::Namespace;
use workers::admin::{Seeded, seed_admin};
use workers::{MIGRATOR, WorkerContext, connect_nats, connect_postgres};

#[derive(Parser)]
#[command(about = "Nyota Cloud worker roles")]
struct Cli {
    /// Postgres connection string.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: String,
    /// NATS server URL.
    #[arg(long, env = "NATS_URL", default_value = "nats://127.0.0.1:4222")]
    nats_url: String,
    /// Prefix for every subject and stream (isolates test runs; empty in production).
    #[arg(long, env = "NATS_PREFIX", default_value = "")]
    nats_prefix: String,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Registration and login (NATS request-reply).
    Accounts,
    /// Every role in one process.
    All,
    /// Apply the database migrations.
    Migrate,
    /// Create or promote the admin account.
    SeedAdmin {
        #[arg(long, env = "ADMIN_EMAIL", default_value = "admin@nyota.example")]
        email: String,
        /// Kept when omitted for an existing admin; generated for a new one.
        #[arg(long, env = "ADMIN_PASSWORD", hide_env_values = true)]
        password: Option<String>,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let _tracing = contract::telemetry::init_tracing("workers")?;
    let pool = connect_postgres(&cli.database_url, 10).await?;
    match cli.command {
        Command::Migrate => {
            MIGRATOR.run(&pool).await?;
            println!("migrations applied");
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
        Command::Accounts | Command::All => {
            let ctx = WorkerContext {
                pool,
                nats: connect_nats(&cli.nats_url, "workers").await?,
                namespace: Namespace::new(cli.nats_prefix).map_err(anyhow::Error::msg)?,
            };
            // `all` and `accounts` are the same set until more roles exist.
            let accounts =
                workers::accounts::spawn(ctx, contract::process::shutdown_signal()).await?;
            accounts.await?;
        }
    }
    Ok(())
}

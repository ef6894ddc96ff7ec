//! The `gateway` binary: reads the settings, starts tracing, connects to
//! Postgres and NATS and runs [`gateway::launch`] until SIGTERM or Ctrl-C.
//! `--check-settings` lists the variables and checks them without connecting.

use anyhow::Context as _;
use gateway::Settings;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("--check-settings") {
        // Lists the variables the gateway reads and checks the environment's
        // values as a start would, without connecting anywhere.
        for name in Settings::variable_names() {
            println!("{name}");
        }
        Settings::from_env().map_err(anyhow::Error::msg)?;
        return Ok(());
    }
    let settings = Settings::from_env().map_err(anyhow::Error::msg)?;
    let _tracing = contract::telemetry::init_tracing("gateway")?;
    let (pool, nats) = gateway::connect(&settings).await?;
    let listener = tokio::net::TcpListener::bind(settings.bind)
        .await
        .with_context(|| format!("failed to bind {}", settings.bind))?;
    gateway::launch(
        settings,
        pool,
        nats,
        listener,
        contract::process::shutdown_signal(),
    )
    .await
}

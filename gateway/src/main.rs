//! The `gateway` binary: reads the settings, starts tracing, connects to
//! Postgres and NATS and runs [`gateway::launch`] until SIGTERM or Ctrl-C.
//! `--check-settings` lists the variables and checks them without connecting.

use anyhow::Context as _;
use gateway::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("--check-settings") {
        // Lists the variables the gateway reads and checks the environment's
        // values as a start would, without connecting anywhere.
        for name in Config::variable_names() {
            println!("{name}");
        }
        Config::from_env().map_err(anyhow::Error::msg)?;
        return Ok(());
    }
    let config = Config::from_env().map_err(anyhow::Error::msg)?;
    let _tracing = runtime::tracing_setup::init_tracing("gateway")?;
    let (pool, nats) = gateway::connect(&config).await?;
    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .with_context(|| format!("failed to bind {}", config.bind))?;
    gateway::launch(
        config,
        pool,
        nats,
        listener,
        runtime::process::shutdown_signal(),
    )
    .await
}

use anyhow::Context as _;
use gateway::Settings;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
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

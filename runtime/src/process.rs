//! Process plumbing shared by every binary.

/// Resolves on Ctrl-C or SIGTERM, the signals that ask a process to stop
/// gracefully.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

/// The servers named in `urls`: one NATS URL or several, comma-separated
/// (the nodes of a cluster, between which the client fails over).
pub fn nats_servers(urls: &str) -> Result<Vec<async_nats::ServerAddr>, String> {
    urls.split(',')
        .map(str::trim)
        .filter(|url| !url.is_empty())
        .map(|url| {
            url.parse::<async_nats::ServerAddr>()
                .map_err(|error| format!("{url:?} is not a NATS server URL: {error}"))
        })
        .collect::<Result<Vec<_>, _>>()
        .and_then(|servers| {
            if servers.is_empty() {
                Err("no NATS server URL given".to_owned())
            } else {
                Ok(servers)
            }
        })
}

/// Connects to NATS at `urls` (see [`nats_servers`]) as `name`, retrying
/// the first connection for a while so that the processes may start in any
/// order.
pub async fn connect_nats(urls: &str, name: &str) -> anyhow::Result<async_nats::Client> {
    use anyhow::Context as _;
    let servers = nats_servers(urls).map_err(anyhow::Error::msg)?;
    async_nats::ConnectOptions::new()
        .name(name)
        .retry_on_initial_connect()
        .connection_timeout(std::time::Duration::from_secs(5))
        .connect(servers)
        .await
        .context("failed to connect to NATS")
}

/// How long [`nats_round_trip`] waits for the server once connected.
pub const NATS_ROUND_TRIP_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Returns once the NATS server has handled everything this client sent
/// before (subscriptions, publishes), so that, for example, a message
/// another client publishes from now on reaches a subscription just made.
///
/// `Client::flush` is not enough: it only writes to the socket, and a busy
/// server may still handle another connection's publish before our `SUB`
/// (a joined socket then missed its chat's first messages under load). The
/// server handles a connection's messages in order, so a message to a
/// fresh inbox of our own comes back only after all that came before it. A
/// request to a subject nobody serves would do the same, but would hang
/// whenever anyone (an operator's `nats sub '>'`, say) listens to
/// everything.
pub async fn nats_round_trip(nats: &async_nats::Client) -> anyhow::Result<()> {
    use anyhow::Context as _;
    use futures::StreamExt as _;
    let inbox = nats.new_inbox();
    let mut echo = nats.subscribe(inbox.clone()).await?;
    nats.publish(inbox, Default::default()).await?;
    // Waits for a connection, as long as it takes (a process may start
    // before NATS does); then the server answers within the time-out.
    nats.flush().await?;
    tokio::time::timeout(NATS_ROUND_TRIP_TIMEOUT, echo.next())
        .await
        .context("NATS did not answer in time")?
        .context("the NATS connection closed")?;
    Ok(())
}

/// How long a pooled Postgres connection may sit idle and still be used
/// without a ping first.
pub const POSTGRES_IDLE_BEFORE_PING: std::time::Duration = std::time::Duration::from_secs(5);

/// Opens a bounded Postgres pool that fails fast when the server is away.
///
/// sqlx pings every connection it hands out by default: a second round trip
/// (and a wake-up of the backend) for every query. Here only a connection
/// idle for [`POSTGRES_IDLE_BEFORE_PING`] is pinged; one in steady use was
/// just seen working, and should it have died since, its query fails (a
/// lost connection answers 503, which clients retry) and sqlx drops it.
pub async fn connect_postgres(url: &str, max_connections: u32) -> anyhow::Result<sqlx::PgPool> {
    use anyhow::Context as _;
    use sqlx::Connection as _;
    sqlx::postgres::PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(std::time::Duration::from_secs(5))
        .test_before_acquire(false)
        .before_acquire(|connection, meta| {
            Box::pin(async move {
                if meta.idle_for >= POSTGRES_IDLE_BEFORE_PING {
                    connection.ping().await?;
                }
                Ok(true)
            })
        })
        .connect(url)
        .await
        .context("failed to connect to Postgres")
}

#[cfg(test)]
mod tests {
    use super::nats_servers;

    #[test]
    fn a_cluster_is_a_comma_separated_list_of_urls() {
        let servers =
            nats_servers("nats://127.0.0.1:4222, nats://127.0.0.1:4223,").expect("two servers");
        assert_eq!(servers.len(), 2);
        assert_eq!(servers[1].port(), 4223);
        assert_eq!(nats_servers("nats://a:1").expect("one").len(), 1);
        assert!(nats_servers("").is_err());
        assert!(nats_servers("nats://a:port").is_err());
    }
}

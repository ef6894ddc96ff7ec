//! NATS as the 3-node JetStream cluster of `infra/nats/` (its three
//! configuration files, moved onto loopback ports and a temporary store),
//! with the streams at replicas 3: the `CHAT` stream's leader is SIGKILLed
//! while a visitor sends messages, sending goes on through the other two
//! nodes, and every message answered 201 is stored exactly once, in order.
//! The nodes run `NATS_SERVER_BIN` (`./infra/test` installs the pinned
//! nats-server and sets it).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use reqwest::StatusCode;
use sqlx::PgPool;

use crate::helpers::{Options, spawn_with};

/// One node of the cluster.
struct Node {
    /// Its `server_name` (nats-1..3), as JetStream names stream leaders.
    name: String,
    client_port: u16,
    config: PathBuf,
    log: PathBuf,
    process: Option<Child>,
}

impl Node {
    fn start(&mut self) {
        let log = std::fs::File::create(&self.log).expect("node log");
        let process = Command::new(nats_server_bin())
            .arg("-c")
            .arg(&self.config)
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("nats-server starts");
        self.process = Some(process);
    }

    fn kill(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.kill();
            let _ = process.wait();
        }
    }
}

/// Three nodes on loopback; killed when dropped.
struct Cluster {
    nodes: Vec<Node>,
    _dir: tempfile::TempDir,
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for node in &mut self.nodes {
            node.kill();
        }
    }
}

impl Cluster {
    /// Writes the three `infra/nats/cluster-node*.conf` files with loopback
    /// addresses and a temporary store, and starts the nodes.
    fn start() -> Cluster {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut taken = Vec::new();
        let ports: Vec<[u16; 3]> = (0..3)
            .map(|_| [(); 3].map(|()| free_port(&mut taken)))
            .collect();
        let infra = Path::new(env!("CARGO_MANIFEST_DIR")).join("../infra/nats");
        let mut nodes = Vec::new();
        for (index, [client, http, route]) in ports.iter().enumerate() {
            let number = index + 1;
            let original =
                std::fs::read_to_string(infra.join(format!("cluster-node{number}.conf")))
                    .expect("infra/nats/cluster-node*.conf");
            let store = dir.path().join(format!("store-{number}"));
            let mut config = replaced(
                &original,
                "listen: 0.0.0.0:4222",
                &format!("listen: 127.0.0.1:{client}"),
            );
            config = replaced(
                &config,
                "http: 0.0.0.0:8222",
                &format!("http: 127.0.0.1:{http}"),
            );
            config = replaced(
                &config,
                "store_dir: /data/jetstream",
                &format!("store_dir: \"{}\"", store.display()),
            );
            config = replaced(
                &config,
                "listen: 0.0.0.0:6222",
                &format!("listen: 127.0.0.1:{route}"),
            );
            for (other, [_, _, other_route]) in ports.iter().enumerate() {
                config = replaced(
                    &config,
                    &format!("nats-route://nats-{}:6222", other + 1),
                    &format!("nats-route://127.0.0.1:{other_route}"),
                );
            }
            let path = dir.path().join(format!("node{number}.conf"));
            std::fs::write(&path, config).expect("write config");
            nodes.push(Node {
                name: format!("nats-{number}"),
                client_port: *client,
                config: path,
                log: dir.path().join(format!("node{number}.log")),
                process: None,
            });
        }
        for node in &mut nodes {
            node.start();
        }
        Cluster { nodes, _dir: dir }
    }

    /// Every node's client URL, comma-separated, as `NATS_URL` takes them.
    fn url(&self) -> String {
        self.nodes
            .iter()
            .map(|node| format!("nats://127.0.0.1:{}", node.client_port))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Waits until JetStream answers (the cluster has elected its meta
    /// leader). A node that exits meanwhile, or a wait past 60 s, fails the
    /// test with every node's log, so a failure says what the nodes saw.
    async fn wait_until_ready(&mut self) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let exited = self.nodes.iter_mut().find_map(|node| {
                let status = node.process.as_mut()?.try_wait().ok().flatten()?;
                Some(format!("{} ({status})", node.name))
            });
            if let Some(node) = exited {
                panic!("node {node} exited at start\n{}", self.logs());
            }
            let servers = runtime::process::nats_servers(&self.url()).expect("URLs");
            let problem = match async_nats::connect(servers).await {
                Ok(client) => match async_nats::jetstream::new(client).query_account().await {
                    Ok(_) => return,
                    Err(error) => error.to_string(),
                },
                Err(error) => error.to_string(),
            };
            assert!(
                tokio::time::Instant::now() < deadline,
                "the cluster did not elect a JetStream leader in 60 s: {problem}\n{}",
                self.logs()
            );
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    }

    /// The last lines of every node's log.
    fn logs(&self) -> String {
        self.nodes
            .iter()
            .map(|node| {
                let log = std::fs::read_to_string(&node.log).unwrap_or_default();
                let lines: Vec<&str> = log.lines().collect();
                let tail = lines[lines.len().saturating_sub(40)..].join("\n");
                format!("--- {} ---\n{tail}", node.name)
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn node(&mut self, name: &str) -> &mut Node {
        self.nodes
            .iter_mut()
            .find(|node| node.name == name)
            .expect("a node of that name")
    }
}

pub fn nats_server_bin() -> String {
    std::env::var("NATS_SERVER_BIN").expect(
        "NATS_SERVER_BIN names a nats-server 2.10+ binary for the cluster test \
         (./infra/test installs one into .run/ and sets it)",
    )
}

/// `text` with `from` replaced by `to`; fails when the configuration in
/// infra/nats/ no longer holds `from`, so the test follows it.
fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "infra/nats config lacks {from:?}");
    text.replace(from, to)
}

/// A free port below the kernel's ephemeral range, so no listener bound to
/// port 0 and no outgoing connection of the tests running alongside can
/// take it between this check and the node's own bind.
/// `taken` holds the ports already chosen for this cluster.
fn free_port(taken: &mut Vec<u16>) -> u16 {
    use rand::Rng;
    let mut random = rand::thread_rng();
    for _ in 0..1000 {
        let port = random.gen_range(20_000..32_000);
        if !taken.contains(&port) && std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
            taken.push(port);
            return port;
        }
    }
    panic!("no free port between 20000 and 32000")
}

#[sqlx::test(migrations = "../migrations")]
async fn chat_goes_on_when_the_stream_leader_dies_and_every_acknowledged_message_is_stored_once(
    pool: PgPool,
) {
    let mut cluster = Cluster::start();
    cluster.wait_until_ready().await;
    let url = cluster.url();
    let app = spawn_with(
        pool,
        Options {
            config: vec![
                ("JETSTREAM_REPLICAS", "3".to_owned()),
                ("CHAT_MESSAGE_LIMIT_PER_IP_PER_MINUTE", "100000".to_owned()),
            ],
            gateway_nats_url: url.clone(),
            workers_nats_url: url.clone(),
            jetstream_replicas: 3,
            ..Options::default()
        },
    )
    .await;
    let jetstream = async_nats::jetstream::new(app.nats.clone());
    let chat_stream = app.namespace.chat_stream().name;
    let info = jetstream
        .get_stream(&chat_stream)
        .await
        .expect("CHAT stream")
        .info()
        .await
        .expect("stream info")
        .clone();
    assert_eq!(info.config.num_replicas, 3, "the CHAT stream has 3 copies");
    let leader = info
        .cluster
        .and_then(|cluster| cluster.leader)
        .expect("the CHAT stream has a leader");

    let chat = app
        .start_chat("Cluster Visitor", "cluster@example.com")
        .await;
    // Each attempt has its own text, so an attempt that failed after all
    // (stored, but its answer lost) is told apart from its retry.
    let mut acknowledged = Vec::new();
    let mut failed_attempts = 0;
    let mut killed_at = None;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(90);
    let mut attempt = 0;
    while acknowledged.len() < 60 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "only {} messages acknowledged in 90 s ({failed_attempts} attempts failed) \
             after the leader {leader} was killed",
            acknowledged.len()
        );
        if acknowledged.len() == 20 && killed_at.is_none() {
            cluster.node(&leader).kill();
            killed_at = Some(tokio::time::Instant::now());
        }
        attempt += 1;
        let text = format!("message {} attempt {attempt}", acknowledged.len());
        let response = app.send(&chat, &text).await;
        match response.status() {
            StatusCode::CREATED => acknowledged.push(text),
            // The gateway's answer while JetStream elects a new leader.
            StatusCode::SERVICE_UNAVAILABLE => {
                failed_attempts += 1;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            status => panic!("unexpected answer {status} to a send"),
        }
    }
    let recovered_in = killed_at.expect("the leader was killed").elapsed();

    let stored: Vec<String> = app
        .visitor_messages(&chat)
        .await
        .iter()
        .map(|message| message["message"].as_str().expect("text").to_owned())
        .collect();
    let stored_acknowledged: Vec<&String> = stored
        .iter()
        .filter(|text| acknowledged.contains(text))
        .collect();
    assert_eq!(
        stored_acknowledged,
        acknowledged.iter().collect::<Vec<_>>(),
        "every acknowledged message stored exactly once, in the order sent"
    );
    let new_leader = jetstream
        .get_stream(&chat_stream)
        .await
        .expect("CHAT stream")
        .info()
        .await
        .expect("stream info")
        .cluster
        .clone()
        .and_then(|cluster| cluster.leader)
        .expect("a new leader");
    assert_ne!(new_leader, leader, "leadership moved to a live node");
    eprintln!(
        "leader {leader} killed; {new_leader} leads; 40 more messages acknowledged within \
         {recovered_in:?}; {failed_attempts} attempts answered 503 meanwhile"
    );
    let unanswered_but_stored = stored.len() - stored_acknowledged.len();
    assert!(
        unanswered_but_stored <= failed_attempts,
        "no message stored twice"
    );
}

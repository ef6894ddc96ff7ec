//! `TestApp`: the real gateway and accounts worker on port 0, a fresh
//! database (from `#[sqlx::test]`) and a NATS prefix of its own.

use std::sync::Arc;

use contract::Namespace;
use gateway::Settings;
use reqwest::cookie::{CookieStore as _, Jar};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;
use tokio::sync::watch;
use workers::WorkerContext;

pub fn nats_url() -> String {
    std::env::var("NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned())
}

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub jar: Arc<Jar>,
    pub namespace: Namespace,
    pub nats: async_nats::Client,
    stop: watch::Sender<bool>,
    _web_dist: tempfile::TempDir,
}

/// Options for [`spawn_with`].
pub struct Options {
    pub settings: Vec<(&'static str, String)>,
    pub with_accounts_worker: bool,
    /// The NATS URL the gateway uses (the worker always uses the real one).
    pub gateway_nats_url: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            settings: Vec::new(),
            with_accounts_worker: true,
            gateway_nats_url: nats_url(),
        }
    }
}

pub async fn spawn(pool: PgPool) -> TestApp {
    spawn_with(pool, Options::default()).await
}

pub async fn spawn_with(pool: PgPool, options: Options) -> TestApp {
    let prefix = format!("t{}", uuid::Uuid::new_v4().simple());
    let namespace = Namespace::new(prefix.clone()).expect("valid prefix");
    let web_dist = fake_web_build();
    let mut env: Vec<(&str, String)> = vec![
        ("DATABASE_URL", "postgres://unused-pool-is-given".to_owned()),
        ("HOST", "127.0.0.1".to_owned()),
        ("PORT", "0".to_owned()),
        ("NATS_URL", options.gateway_nats_url.clone()),
        ("NATS_PREFIX", prefix),
        ("WEB_DIST", web_dist.path().display().to_string()),
        ("ACCOUNTS_TIMEOUT_MS", "3000".to_owned()),
    ];
    env.extend(options.settings);
    let settings = Settings::from_lookup(|name| {
        env.iter()
            .rev()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.clone())
    })
    .expect("valid test settings");

    let (stop, stopped) = watch::channel(false);
    let until_stopped = move || {
        let mut stopped = stopped.clone();
        async move {
            let _ = stopped.wait_for(|s| *s).await;
        }
    };
    let nats = async_nats::connect(nats_url())
        .await
        .expect("NATS is running");
    if options.with_accounts_worker {
        let ctx = WorkerContext {
            pool: pool.clone(),
            nats: nats.clone(),
            namespace: namespace.clone(),
        };
        workers::accounts::spawn(ctx, until_stopped())
            .await
            .expect("accounts worker starts");
    }
    let gateway_nats = async_nats::ConnectOptions::new()
        .retry_on_initial_connect()
        .connect(&options.gateway_nats_url)
        .await
        .expect("gateway connects to NATS");
    let listener = tokio::net::TcpListener::bind(settings.bind)
        .await
        .expect("bind");
    let address = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(gateway::launch(
        settings,
        pool.clone(),
        gateway_nats,
        listener,
        until_stopped(),
    ));
    let jar = Arc::new(Jar::default());
    let client = reqwest::Client::builder()
        .cookie_provider(jar.clone())
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    TestApp {
        address,
        client,
        jar,
        namespace,
        nats,
        stop,
        _web_dist: web_dist,
    }
}

/// A small stand-in for `web/dist`: an index page and a hashed asset with
/// its precompressed sibling.
fn fake_web_build() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html><title>Nyota</title>",
    )
    .expect("write");
    std::fs::create_dir(dir.path().join("assets")).expect("mkdir");
    std::fs::write(dir.path().join("assets/app-4f3a.js"), "console.log('app')").expect("write");
    std::fs::write(dir.path().join("assets/app-4f3a.js.br"), b"brotli-bytes").expect("write");
    dir
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
        // Remove this test's stream so the shared server does not accumulate them.
        let stream = self.namespace.intake_stream().name;
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async {
                if let Ok(nats) = async_nats::connect(nats_url()).await {
                    let _ = async_nats::jetstream::new(nats).delete_stream(stream).await;
                }
            });
        })
        .join();
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request")
    }

    /// A POST as the web client makes it (with the CSRF header).
    pub async fn post(&self, path: &str, body: &Value) -> Response {
        self.client
            .post(self.url(path))
            .header("X-Requested-With", "XMLHttpRequest")
            .json(body)
            .send()
            .await
            .expect("request")
    }

    pub async fn register(&self, body: &Value) -> Response {
        self.post("/api/register", body).await
    }

    pub async fn login(&self, email: &str, password: &str) -> Response {
        self.post(
            "/api/login",
            &json!({ "email": email, "password": password }),
        )
        .await
    }

    /// The session cookie as a `Cookie` header value, if the jar holds one.
    pub fn session_cookie(&self) -> Option<String> {
        let url = self.address.parse().expect("url");
        self.jar
            .cookies(&url)
            .map(|v| v.to_str().expect("ascii").to_owned())
    }

    /// GET /api/user with an explicit cookie header, bypassing the jar.
    pub async fn user_with_cookie(&self, cookie: &str) -> StatusCode {
        reqwest::Client::new()
            .get(self.url("/api/user"))
            .header("Cookie", cookie)
            .send()
            .await
            .expect("request")
            .status()
    }
}

/// A valid registration for `email`.
pub fn registration(email: &str) -> Value {
    json!({
        "username": email,
        "email": email,
        "password": "s3cret-pass",
        "name": "Amina Odhiambo",
        "phone": "+254 700 000 001",
    })
}

/// The `message` of a JSON error body.
pub async fn message(response: Response) -> String {
    let body: Value = response.json().await.expect("JSON body");
    body["message"].as_str().expect("message field").to_owned()
}

//! `TestApp`: the real gateway and accounts worker on port 0, a fresh
//! database (from `#[sqlx::test]`) and a NATS prefix of its own.

use std::sync::Arc;

use contract::Namespace;
use gateway::Config;
use reqwest::cookie::{CookieStore as _, Jar};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;
use tokio::sync::watch;
use workers::WorkerContext;

mod imap_server;
mod mail_catcher;
mod socket;

pub use imap_server::ImapServer;
pub use mail_catcher::{MailCatcher, free_port};
pub use socket::{Ending, Socket};

/// The `SIGNING_KEY` of every test app (gateway and requests worker).
pub const SIGNING_KEY: &str = "test-signing-key-for-links-0123456789";

pub fn nats_url() -> String {
    std::env::var("NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned())
}

pub struct TestApp {
    /// The browser most tests act as; `TestApp` derefs to it.
    pub browser: Browser,
    pub address: String,
    /// Where this gateway serves `/metrics` (its own listener, not `address`).
    pub metrics_address: String,
    pub namespace: Namespace,
    pub nats: async_nats::Client,
    pub pool: PgPool,
    /// The test database, for worker processes started by a test.
    pub database_url: String,
    config: Config,
    stop: watch::Sender<bool>,
    _web_dist: tempfile::TempDir,
}

/// Options for [`spawn_with`].
pub struct Options {
    pub config: Vec<(&'static str, String)>,
    pub with_accounts_worker: bool,
    pub with_chat_worker: bool,
    /// Runs the `notify` worker sending to this SMTP server (also the
    /// `requests` worker's, when it runs).
    pub smtp_url: Option<String>,
    /// Runs the `requests` worker (contact requests, registrations) with this
    /// retry policy; without `smtp_url` it stores but sends no email.
    pub requests_worker: Option<workers::consumer::RetryPolicy>,
    /// The NATS URL the gateway uses.
    pub gateway_nats_url: String,
    /// The NATS URL the workers use (and the test's own client).
    pub workers_nats_url: String,
    /// Copies JetStream keeps of this app's streams (the gateway is told
    /// through `JETSTREAM_REPLICAS` in `settings`).
    pub jetstream_replicas: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            config: Vec::new(),
            with_accounts_worker: true,
            with_chat_worker: true,
            smtp_url: None,
            requests_worker: None,
            gateway_nats_url: nats_url(),
            workers_nats_url: nats_url(),
            jetstream_replicas: 1,
        }
    }
}

pub async fn spawn(pool: PgPool) -> TestApp {
    spawn_with(pool, Options::default()).await
}

pub async fn spawn_with(pool: PgPool, options: Options) -> TestApp {
    let prefix = format!("t{}", uuid::Uuid::new_v4().simple());
    let namespace = Namespace::new(prefix.clone())
        .expect("valid prefix")
        .with_replicas(options.jetstream_replicas);
    let web_dist = fake_web_build();
    let mut env: Vec<(&str, String)> = vec![
        ("DATABASE_URL", "postgres://unused-pool-is-given".to_owned()),
        ("HOST", "127.0.0.1".to_owned()),
        ("PORT", "0".to_owned()),
        ("NATS_URL", options.gateway_nats_url.clone()),
        ("NATS_PREFIX", prefix),
        ("WEB_DIST", web_dist.path().display().to_string()),
        ("ACCOUNTS_TIMEOUT_MS", "3000".to_owned()),
        ("SIGNING_KEY", SIGNING_KEY.to_owned()),
    ];
    env.extend(options.config);
    let config = Config::from_lookup(|name| {
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
    let nats = runtime::process::connect_nats(&options.workers_nats_url, "test workers")
        .await
        .expect("NATS is running");
    nats.flush().await.expect("NATS answers");
    let version = nats.server_info().version;
    assert!(
        gateway::startup::nats_version_supported(&version),
        "NATS at {} is {version}; the gateway needs 2.10 or newer. Run ./infra/test \
         (it starts one), or set NATS_URL to a 2.10+ server",
        options.workers_nats_url
    );
    let ctx = WorkerContext {
        pool: pool.clone(),
        nats: nats.clone(),
        namespace: namespace.clone(),
    };
    if options.with_accounts_worker {
        workers::accounts::spawn(ctx.clone(), until_stopped())
            .await
            .expect("accounts worker starts");
    }
    if options.with_chat_worker {
        workers::chat::spawn(ctx.clone(), until_stopped())
            .await
            .expect("chat worker starts");
    }
    let mailer = || {
        std::sync::Arc::new(
            workers::mail::Mailer::new(
                options.smtp_url.as_deref(),
                "Nyota Cloud <no-reply@nyota.example>",
                "http://localhost:8080",
            )
            .expect("valid mail settings"),
        )
    };
    // As the workers' start-up does for the roles that send email.
    if options.smtp_url.is_some() || options.requests_worker.is_some() {
        workers::mail::health::record_configured(&pool, options.smtp_url.is_some())
            .await
            .expect("email health recorded");
    }
    if options.smtp_url.is_some() {
        let signer = runtime::signing::Signer::new(SIGNING_KEY).expect("valid key");
        workers::notify::spawn(ctx.clone(), mailer(), signer, until_stopped())
            .await
            .expect("notify worker starts");
    }
    if let Some(retry) = options.requests_worker {
        let signer = runtime::signing::Signer::new(SIGNING_KEY).expect("valid key");
        workers::requests::spawn(ctx.clone(), mailer(), signer, retry, until_stopped())
            .await
            .expect("requests worker starts");
    }
    let gateway_nats = runtime::process::connect_nats(&options.gateway_nats_url, "gateway")
        .await
        .expect("gateway connects to NATS");
    let (address, metrics_address) =
        start_gateway(config.clone(), pool.clone(), gateway_nats, until_stopped()).await;
    TestApp {
        browser: Browser::new(&address),
        address,
        metrics_address,
        namespace,
        nats,
        database_url: database_url(&pool).await,
        pool,
        config,
        stop,
        _web_dist: web_dist,
    }
}

/// The URL of `pool`'s database (the test's own), for processes a test starts.
pub async fn database_url(pool: &PgPool) -> String {
    let database: String = sqlx::query_scalar("select current_database()")
        .fetch_one(pool)
        .await
        .expect("database name");
    let base = std::env::var("DATABASE_URL").expect("DATABASE_URL is set for sqlx::test");
    let base = base.rsplit_once('/').expect("URL with a database").0;
    format!("{base}/{database}")
}

/// Starts a gateway; returns its public and its metrics base URLs.
async fn start_gateway(
    config: Config,
    pool: PgPool,
    nats: async_nats::Client,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> (String, String) {
    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .expect("bind");
    let address = format!("http://{}", listener.local_addr().expect("addr"));
    let metrics_listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind metrics");
    let metrics_address = format!("http://{}", metrics_listener.local_addr().expect("addr"));
    tokio::spawn(async move {
        if let Err(error) = gateway::launch_with_metrics_listener(
            config,
            pool,
            nats,
            listener,
            metrics_listener,
            shutdown,
        )
        .await
        {
            panic!("gateway failed: {error:#}");
        }
    });
    (address, metrics_address)
}

/// A small stand-in for `web/dist`: an index page with a placeholder title
/// and an inline script (as the theme-flash script of the real one) and a
/// hashed asset with its precompressed sibling.
pub fn fake_web_build() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("index.html"),
        concat!(
            "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n",
            "    <title>Nyota</title>\n",
            "    <script>\n      document.documentElement.dataset.theme = 'dark';\n    </script>\n",
            "    <script type=\"module\" src=\"/assets/app-4f3a.js\"></script>\n",
            "  </head>\n  <body><div id=\"root\"></div></body>\n</html>\n",
        ),
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
        delete_streams(&self.namespace);
    }
}

/// Removes a test namespace's streams and bucket so the shared server does
/// not accumulate them (blocking: for `Drop`).
pub fn delete_streams(namespace: &Namespace) {
    let streams = [namespace.intake_stream().name, namespace.chat_stream().name];
    let bucket = namespace.rate_limits_bucket();
    let _ = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        runtime.block_on(async {
            if let Ok(nats) = async_nats::connect(nats_url()).await {
                let jetstream = async_nats::jetstream::new(nats);
                for stream in streams {
                    let _ = jetstream.delete_stream(stream).await;
                }
                let _ = jetstream.delete_key_value(bucket).await;
            }
        });
    })
    .join();
}

impl std::ops::Deref for TestApp {
    type Target = Browser;

    fn deref(&self) -> &Browser {
        &self.browser
    }
}

impl TestApp {
    /// Asks every gateway and worker of this app to shut down, as SIGTERM would.
    pub fn shut_down(&self) {
        let _ = self.stop.send(true);
    }

    pub fn namespace_prefix(&self) -> &str {
        &self.config.nats_prefix
    }

    /// Another gateway process on the same database and NATS namespace.
    pub async fn another_gateway(&self) -> String {
        let mut stopped = self.stop.subscribe();
        let nats = async_nats::connect(nats_url()).await.expect("NATS");
        start_gateway(self.config.clone(), self.pool.clone(), nats, async move {
            let _ = stopped.wait_for(|s| *s).await;
        })
        .await
        .0
    }

    /// A browser with no cookies yet, on this app's gateway.
    pub fn new_browser(&self) -> Browser {
        Browser::new(&self.address)
    }

    /// A browser signed in as a fresh admin (a support agent).
    pub async fn agent(&self) -> Browser {
        let email = format!("agent-{}@nyota.example", uuid::Uuid::new_v4().simple());
        workers::admin::seed_admin(&self.pool, &email, Some("agent-pass".into()))
            .await
            .expect("seeded");
        let browser = self.new_browser();
        assert_eq!(
            browser.login(&email, "agent-pass").await.status(),
            StatusCode::OK
        );
        browser
    }

    /// A browser signed in as a fresh account with `role` (`admin`,
    /// `support` or `user`), and that account's email.
    pub async fn signed_in_as(&self, role: &str) -> (Browser, String) {
        let email = format!("{role}-{}@nyota.example", uuid::Uuid::new_v4().simple());
        let browser = self.new_browser();
        assert_eq!(
            browser.register(&registration(&email)).await.status(),
            StatusCode::CREATED
        );
        sqlx::query("update users set role = $2 where email = $1")
            .bind(&email)
            .bind(role)
            .execute(&self.pool)
            .await
            .expect("role set");
        let browser = self.new_browser();
        assert_eq!(
            browser.login(&email, "s3cret-pass").await.status(),
            StatusCode::OK
        );
        (browser, email)
    }
}

/// An HTTP client with its own cookie jar, like one browser profile.
pub struct Browser {
    pub address: String,
    pub client: reqwest::Client,
    pub jar: Arc<Jar>,
}

impl Browser {
    pub fn new(address: &str) -> Self {
        let jar = Arc::new(Jar::default());
        let client = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        Browser {
            address: address.to_owned(),
            client,
            jar,
        }
    }

    /// The same browser (cookies and all) talking to another gateway.
    pub fn on(&self, address: &str) -> Browser {
        Browser {
            address: address.to_owned(),
            client: self.client.clone(),
            jar: self.jar.clone(),
        }
    }

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

    /// A PUT as the web client makes it (with the CSRF header).
    pub async fn put(&self, path: &str, body: &Value) -> Response {
        self.client
            .put(self.url(path))
            .header("X-Requested-With", "XMLHttpRequest")
            .json(body)
            .send()
            .await
            .expect("request")
    }

    /// A PATCH as the web client makes it (with the CSRF header).
    pub async fn patch(&self, path: &str, body: &Value) -> Response {
        self.client
            .patch(self.url(path))
            .header("X-Requested-With", "XMLHttpRequest")
            .json(body)
            .send()
            .await
            .expect("request")
    }

    /// A DELETE as the web client makes it (with the CSRF header).
    pub async fn delete(&self, path: &str) -> Response {
        self.client
            .delete(self.url(path))
            .header("X-Requested-With", "XMLHttpRequest")
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

    /// Starts a chat and returns its id.
    pub async fn start_chat(&self, name: &str, email: &str) -> String {
        let response = self
            .post(
                "/api/chat/sessions",
                &json!({ "visitorName": name, "visitorEmail": email, "pageUrl": "/pricing" }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let chat: Value = response.json().await.expect("json");
        chat["sessionId"].as_str().expect("sessionId").to_owned()
    }

    pub async fn send(&self, chat: &str, text: &str) -> Response {
        self.post(
            &format!("/api/chat/sessions/{chat}/messages"),
            &json!({ "message": text }),
        )
        .await
    }

    pub async fn messages(&self, chat: &str) -> Vec<Value> {
        let response = self
            .get(&format!("/api/chat/sessions/{chat}/messages"))
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.expect("json")
    }

    /// The messages of `chat` the visitor wrote, in order.
    pub async fn visitor_messages(&self, chat: &str) -> Vec<Value> {
        let mut messages = self.messages(chat).await;
        messages.retain(|message| message["senderType"] == "user");
        messages
    }

    /// Opens `/ws` as this browser would (its cookies, its origin).
    pub async fn socket(&self) -> Socket {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
        let host = self.address.trim_start_matches("http://").to_owned();
        let mut request = format!("ws://{host}/ws")
            .into_client_request()
            .expect("request");
        if let Some(cookie) = self.session_cookie() {
            request
                .headers_mut()
                .insert("Cookie", cookie.parse().expect("header"));
        }
        request
            .headers_mut()
            .insert("Origin", self.address.parse().expect("header"));
        let (ws, _) = tokio_tungstenite::connect_async(request)
            .await
            .expect("socket opens");
        Socket { ws }
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

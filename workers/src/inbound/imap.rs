//! The way in for a team whose mail is hosted (Google Workspace, Zoho Mail,
//! any IMAP server): the workers watch one mailbox over IMAP with TLS,
//! hand every unread email to a handler, and mark it read once the handler
//! has taken it. New mail is noticed at once with IDLE; the mailbox is
//! also read every `poll` in case a server drops IDLE quietly, and only
//! then from a server without IDLE. An email the
//! handler could not take stays unread and is handed over again on the
//! next round, so the handler must take an email seen twice once (the
//! chat path does: one message per `Message-ID`).

use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, bail};
use async_imap::extensions::idle::IdleResponse;
use async_imap::types::UnsolicitedResponse;
use futures::TryStreamExt as _;
use rustls_pki_types::pem::PemObject as _;
use rustls_pki_types::{CertificateDer, ServerName};
use secrecy::{ExposeSecret as _, SecretString};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::client::TlsStream;

/// Where the mailbox is and how to sign in (`INBOUND_IMAP_URL`,
/// `imaps://user:password@host:993/INBOX`, user and password
/// percent-encoded).
#[derive(Clone)]
pub struct ImapMailbox {
    pub host: String,
    pub port: u16,
    pub user: String,
    pub password: SecretString,
    pub mailbox: String,
    /// A certificate authority to trust besides the public ones (a
    /// self-hosted server's own).
    pub extra_ca: Option<PathBuf>,
    /// How often the mailbox is read even without news from IDLE.
    pub poll: Duration,
}

impl std::fmt::Debug for ImapMailbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "imaps://{}@{}:{}/{}",
            self.user, self.host, self.port, self.mailbox
        )
    }
}

impl ImapMailbox {
    /// Reads `imaps://user:password@host[:port][/mailbox]`.
    pub fn from_url(url: &str, extra_ca: Option<PathBuf>, poll: Duration) -> anyhow::Result<Self> {
        let parsed = url::Url::parse(url).context("INBOUND_IMAP_URL is not a URL")?;
        if parsed.scheme() != "imaps" {
            bail!("INBOUND_IMAP_URL must start with imaps:// (IMAP over TLS)");
        }
        let decode = |text: &str| {
            percent_decode(text).context("INBOUND_IMAP_URL has a badly encoded user or password")
        };
        let user = decode(parsed.username())?;
        let password = decode(parsed.password().unwrap_or_default())?;
        if user.is_empty() || password.is_empty() {
            bail!("INBOUND_IMAP_URL must name the user and password");
        }
        let mailbox = parsed.path().trim_start_matches('/');
        Ok(ImapMailbox {
            host: parsed
                .host_str()
                .context("INBOUND_IMAP_URL has no host")?
                .to_owned(),
            port: parsed.port().unwrap_or(993),
            user,
            password: SecretString::from(password),
            mailbox: if mailbox.is_empty() {
                "INBOX".to_owned()
            } else {
                decode(mailbox)?
            },
            extra_ca,
            poll,
        })
    }
}

fn percent_decode(text: &str) -> anyhow::Result<String> {
    Ok(
        url::form_urlencoded::parse(format!("x={}", text.replace('+', "%2B")).as_bytes())
            .next()
            .map(|(_, value)| value.into_owned())
            .unwrap_or_default(),
    )
}

type Session = async_imap::Session<TlsStream<TcpStream>>;

/// Signs in and opens the mailbox.
pub async fn open(mailbox: &ImapMailbox) -> anyhow::Result<Session> {
    let mut roots = rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(path) = &mailbox.extra_ca {
        for cert in CertificateDer::pem_file_iter(path)
            .with_context(|| format!("reading {}", path.display()))?
        {
            roots
                .add(cert.context("a certificate")?)
                .context("a usable certificate")?;
        }
    }
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()?
    .with_root_certificates(roots)
    .with_no_client_auth();
    let tcp = TcpStream::connect((mailbox.host.as_str(), mailbox.port))
        .await
        .with_context(|| format!("connecting to {}:{}", mailbox.host, mailbox.port))?;
    let name = ServerName::try_from(mailbox.host.clone()).context("the IMAP host name")?;
    let tls = TlsConnector::from(Arc::new(config))
        .connect(name, tcp)
        .await
        .context("TLS with the IMAP server")?;
    let mut client = async_imap::Client::new(tls);
    client
        .read_response()
        .await?
        .context("the IMAP server closed before greeting")?;
    let mut session = client
        .login(&mailbox.user, mailbox.password.expose_secret())
        .await
        .map_err(|(error, _)| error)
        .context("signing in to the IMAP mailbox")?;
    session
        .select(&mailbox.mailbox)
        .await
        .with_context(|| format!("opening mailbox {}", mailbox.mailbox))?;
    Ok(session)
}

/// Hands every unread email to `take` (its raw bytes), marking each read
/// once `take` answers `true`. Returns how many were taken.
pub async fn take_unread<F, Fut>(session: &mut Session, take: &mut F) -> anyhow::Result<usize>
where
    F: FnMut(Vec<u8>) -> Fut,
    Fut: Future<Output = bool>,
{
    let mut unread: Vec<u32> = session.uid_search("UNSEEN").await?.into_iter().collect();
    unread.sort_unstable();
    let mut taken = 0;
    for uid in unread {
        let raw = {
            let fetches: Vec<_> = session
                .uid_fetch(uid.to_string(), "BODY.PEEK[]")
                .await?
                .try_collect()
                .await?;
            fetches
                .into_iter()
                .find_map(|fetch| fetch.body().map(<[u8]>::to_vec))
        };
        let Some(raw) = raw else { continue };
        if take(raw).await {
            let _: Vec<_> = session
                .uid_store(uid.to_string(), "+FLAGS (\\Seen)")
                .await?
                .try_collect()
                .await?;
            taken += 1;
        }
    }
    Ok(taken)
}

/// Waits with IDLE until the mailbox changes or `mailbox.poll` passes.
/// Returns the session for the next round. Mail that arrived while other
/// commands ran (the last search and its marks, or just before IDLE began)
/// was announced to those commands, not to IDLE: then it returns at once.
pub async fn wait_for_news(session: Session, poll: Duration) -> anyhow::Result<Session> {
    let announced = session.unsolicited_responses.clone();
    if heard_new_mail(|| announced.try_recv().ok()) {
        return Ok(session);
    }
    let mut idle = session.idle();
    idle.init().await.context("IDLE")?;
    if !heard_new_mail(|| announced.try_recv().ok()) {
        let (news, _stop) = idle.wait_with_timeout(poll);
        match news.await? {
            IdleResponse::NewData(_) | IdleResponse::Timeout | IdleResponse::ManualInterrupt => {}
        }
    }
    Ok(idle.done().await?)
}

/// Empties the server's announcements (`next` gives the next one, if any),
/// telling whether any was of new mail.
fn heard_new_mail(mut next: impl FnMut() -> Option<UnsolicitedResponse>) -> bool {
    let mut heard = false;
    while let Some(response) = next() {
        heard |= matches!(
            response,
            UnsolicitedResponse::Exists(_) | UnsolicitedResponse::Recent(_)
        );
    }
    heard
}

/// One connection's life: every unread email to `take`, then IDLE, until
/// the connection fails.
async fn serve<F, Fut>(mailbox: &ImapMailbox, take: &mut F) -> anyhow::Result<Infallible>
where
    F: FnMut(Vec<u8>) -> Fut,
    Fut: Future<Output = bool>,
{
    let mut session = open(mailbox).await?;
    // A server without IDLE is read every `poll` only.
    let idle = session.capabilities().await?.has_str("IDLE");
    tracing::info!(mailbox = ?mailbox, idle, "watching the inbound mailbox");
    loop {
        take_unread(&mut session, take).await?;
        if idle {
            session = wait_for_news(session, mailbox.poll).await?;
        } else {
            tokio::time::sleep(mailbox.poll).await;
            // Some servers report new mail only on a command.
            session.noop().await?;
        }
    }
}

/// Watches `mailbox` until `shutdown`: every unread email to `take`, then
/// IDLE, again and again; a lost connection is opened again after a pause
/// that doubles up to a minute.
pub async fn watch<F, Fut>(
    mailbox: ImapMailbox,
    mut take: F,
    shutdown: impl Future<Output = ()> + Send,
) where
    F: FnMut(Vec<u8>) -> Fut + Send,
    Fut: Future<Output = bool> + Send,
{
    tokio::pin!(shutdown);
    let mut pause = Duration::from_millis(500);
    loop {
        let round = serve(&mailbox, &mut take);
        tokio::select! {
            () = &mut shutdown => return,
            Err(error) = round => {
                tracing::warn!(error = format!("{error:#}"), mailbox = ?mailbox, "the inbound mailbox connection failed");
            }
        }
        tokio::select! {
            () = &mut shutdown => return,
            () = tokio::time::sleep(pause) => {}
        }
        pause = (pause * 2).min(Duration::from_secs(60));
    }
}

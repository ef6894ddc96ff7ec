//! A real IMAP server for a test: Dovecot from Debian's packages
//! (`dovecot-imapd`, which `./infra/test` installs), started by
//! `infra/imap-server` with a configuration of its own in a temporary
//! folder: one mailbox user, TLS with a certificate made for the test
//! (trusted through `ca`), mail kept in a Maildir there, on a free port.
//! Stopped when dropped.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use super::free_port;

pub struct ImapServer {
    pub port: u16,
    pub user: String,
    pub password: String,
    /// The authority that signed the server's certificate, to trust.
    pub ca: PathBuf,
    dir: tempfile::TempDir,
    child: Option<Child>,
}

impl ImapServer {
    pub async fn start() -> ImapServer {
        Self::start_with(&[]).await
    }

    /// A server that does not offer IDLE: read every poll only.
    pub async fn start_without_idle() -> ImapServer {
        Self::start_with(&[("IMAP_NO_IDLE", "1")]).await
    }

    async fn start_with(env: &[(&str, &str)]) -> ImapServer {
        let dir = tempfile::tempdir().expect("a folder for Dovecot");
        let port = free_port();
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../infra/imap-server");
        let child = Command::new(script)
            .envs(env.iter().copied())
            .arg(dir.path())
            .arg(port.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("infra/imap-server starts (apt-get install dovecot-imapd)");
        let server = ImapServer {
            port,
            user: "replies@nyota.example".to_owned(),
            password: "s3cret-inbox".to_owned(),
            ca: dir.path().join("ca.pem"),
            dir,
            child: Some(child),
        };
        // The certificates are made first: a few seconds at most.
        for _ in 0..400 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("Dovecot did not listen on {port}: {}", server.log());
    }

    /// `imaps://user:password@localhost:port/INBOX`, encoded.
    pub fn url(&self) -> String {
        format!(
            "imaps://{}:{}@localhost:{}/INBOX",
            self.user.replace('@', "%40"),
            self.password,
            self.port
        )
    }

    /// The workers' view of this mailbox, trusting its authority, read
    /// every `poll` besides IDLE.
    pub fn mailbox(&self, poll: Duration) -> workers::inbound::imap::ImapMailbox {
        workers::inbound::imap::ImapMailbox::from_url(&self.url(), Some(self.ca.clone()), poll)
            .expect("the mailbox URL")
    }

    /// What Dovecot logged, to explain a failure.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("dovecot.log")).unwrap_or_default()
    }
}

impl Drop for ImapServer {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            // SIGTERM, so the master stops its login and mail processes too.
            let _ = Command::new("kill").arg(child.id().to_string()).status();
            let _ = child.wait();
        }
    }
}

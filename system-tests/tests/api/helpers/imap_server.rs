//! A real IMAP server for a test: Dovecot from Debian's packages
//! (`dovecot-imapd`, which `./infra/test` installs), started with a
//! configuration of its own in a temporary folder: one mailbox user, TLS
//! with a certificate made for the test (trusted through `ca`), mail kept
//! in a Maildir there, on a free port. Stopped when dropped.

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
        let dir = tempfile::tempdir().expect("a folder for Dovecot");
        let root = dir.path().to_path_buf();
        let path = |name: &str| root.join(name);
        // A certificate authority of the test's own, and the server's
        // certificate signed by it (rustls refuses an authority presented
        // as the server's own certificate).
        let openssl = |args: &[&str]| {
            let done = Command::new("openssl")
                .args(args)
                .current_dir(&root)
                .stderr(Stdio::null())
                .status()
                .expect("openssl runs");
            assert!(done.success(), "openssl {args:?}");
        };
        std::fs::write(
            path("server.ext"),
            "subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n",
        )
        .expect("extensions");
        openssl(&[
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=Nyota test CA",
            "-addext",
            "basicConstraints=critical,CA:TRUE",
            "-addext",
            "keyUsage=critical,keyCertSign",
            "-keyout",
            "ca.key",
            "-out",
            "ca.pem",
        ]);
        openssl(&[
            "req",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-subj",
            "/CN=localhost",
            "-keyout",
            "key.pem",
            "-out",
            "server.csr",
        ]);
        openssl(&[
            "x509",
            "-req",
            "-in",
            "server.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-CAcreateserial",
            "-days",
            "2",
            "-extfile",
            "server.ext",
            "-out",
            "cert.pem",
        ]);
        let (user, password) = (
            "replies@nyota.example".to_owned(),
            "s3cret-inbox".to_owned(),
        );
        std::fs::write(path("users"), format!("{user}:{{PLAIN}}{password}\n")).expect("users");
        let mail = path("mail");
        std::fs::create_dir_all(&mail).expect("mail folder");
        // Dovecot reads and writes mail as its own user, not as root.
        let owner = Command::new("chown")
            .arg("-R")
            .arg("dovecot:dovecot")
            .arg(&mail)
            .status()
            .expect("chown runs");
        assert!(owner.success(), "the mail folder given to Dovecot");
        let id = |flag: &str| {
            let out = Command::new("id")
                .args([flag, "dovecot"])
                .output()
                .expect("id runs");
            String::from_utf8_lossy(&out.stdout).trim().to_owned()
        };
        let port = free_port();
        let root_text = root.display();
        let config = format!(
            r#"base_dir = {root_text}/run
state_dir = {root_text}/state
log_path = {root_text}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = required
ssl_cert = <{root_text}/cert.pem
ssl_key = <{root_text}/key.pem
auth_mechanisms = plain login
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root_text}/users
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root_text}/mail/%u
}}
mail_location = maildir:~/Maildir
first_valid_uid = 100
service imap-login {{
  inet_listener imap {{
    port = 0
  }}
  inet_listener imaps {{
    port = {port}
    ssl = yes
  }}
  chroot =
}}
service anvil {{
  chroot =
}}
"#,
            uid = id("-u"),
            gid = id("-g"),
        );
        std::fs::write(path("dovecot.conf"), config).expect("config");
        let child = Command::new("dovecot")
            .arg("-F")
            .arg("-c")
            .arg(path("dovecot.conf"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("dovecot starts (apt-get install dovecot-imapd)");
        let server = ImapServer {
            port,
            user,
            password,
            ca: path("ca.pem"),
            dir,
            child: Some(child),
        };
        for _ in 0..200 {
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

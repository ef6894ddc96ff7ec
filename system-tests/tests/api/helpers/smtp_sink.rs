//! The tests' SMTP server (`infra/smtp_sink.py`, aiosmtpd), which keeps each
//! email as a file.

/// A real SMTP server that saves each message as a file: the one
/// `infra/test` started (`SMTP_SINK_URL`, `SMTP_SINK_DIR`), else one this
/// test starts from `infra/smtp_sink.py`. `None` (with the reason printed)
/// when neither is possible, so a plain `cargo test` skips rather than fails.
pub struct SmtpSink {
    pub url: String,
    pub dir: std::path::PathBuf,
    child: Option<std::process::Child>,
    _dir: Option<tempfile::TempDir>,
}

impl SmtpSink {
    /// The sink `./infra/test` runs (`SMTP_SINK_URL`/`SMTP_SINK_DIR`), else
    /// one of our own; a test that needs email fails without one rather than
    /// passing without checking anything.
    pub async fn start() -> SmtpSink {
        if let (Ok(url), Ok(dir)) = (
            std::env::var("SMTP_SINK_URL"),
            std::env::var("SMTP_SINK_DIR"),
        ) {
            return SmtpSink {
                url,
                dir: dir.into(),
                child: None,
                _dir: None,
            };
        }
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../infra/smtp_sink.py");
        let has_aiosmtpd = std::process::Command::new("python3")
            .args(["-c", "import aiosmtpd"])
            .status()
            .is_ok_and(|status| status.success());
        assert!(
            has_aiosmtpd,
            "no SMTP sink: python3 with aiosmtpd is missing (./infra/test installs it; \
             or `pip install aiosmtpd`)"
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let dir = tempfile::tempdir().expect("tempdir");
        let mut child = std::process::Command::new("python3")
            .arg(script)
            .args(["--port", &port.to_string(), "--dir"])
            .arg(dir.path())
            .spawn()
            .expect("the SMTP sink starts");
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return SmtpSink {
                    url: format!("smtp://127.0.0.1:{port}"),
                    dir: dir.path().to_owned(),
                    child: Some(child),
                    _dir: Some(dir),
                };
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!("the SMTP sink did not start on port {port}");
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

//! The real `gateway` and `workers` binaries as their own processes, their
//! JSON log lines kept (the OTLP and clock-skew tests).

use std::io::{BufRead as _, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A binary running as its own process, its JSON log lines kept.
pub struct Process {
    name: &'static str,
    child: Child,
    logs: Arc<Mutex<Vec<String>>>,
}

impl Process {
    pub fn start(name: &'static str, command: &mut Command) -> Process {
        // Only the variables a test sets: none of the caller's OTEL_*.
        for (key, _) in std::env::vars_os() {
            if key.to_string_lossy().starts_with("OTEL_") {
                command.env_remove(key);
            }
        }
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| panic!("{name} starts: {error}"));
        let stdout = child.stdout.take().expect("piped stdout");
        let logs = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&logs);
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                kept.lock().expect("lock").push(line);
            }
        });
        Process { name, child, logs }
    }

    /// The first JSON log line whose `message` is `message`.
    pub async fn logged(&self, message: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let found = self.logs.lock().expect("lock").iter().find_map(|line| {
                serde_json::from_str::<Value>(line)
                    .ok()
                    .filter(|entry| entry["message"] == message)
            });
            if let Some(entry) = found {
                return entry;
            }
            assert!(
                Instant::now() < deadline,
                "{} did not log {message:?}; its log:\n{}",
                self.name,
                self.logs.lock().expect("lock").join("\n")
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// SIGTERM, as a supervisor stops it; waits for a clean exit (which
    /// flushes its spans).
    pub async fn terminate(&mut self) {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "SIGTERM sent to {}", self.name);
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "{} exited with {status}", self.name);
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{} still runs 15 s after SIGTERM",
                self.name
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

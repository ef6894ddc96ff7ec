//! The tests that cross processes: the real gateway and workers (in the test
//! process and as their own binaries), NATS and Postgres. The tests are
//! under `tests/` (`api/` for the platform, `sample_content.rs` for the
//! workers' seed checked by the gateway's validation, and `architecture.rs`,
//! which reads only files: the dependency map of `docs/ARCHITECTURE.md`
//! against both crates' code); this library finds the binaries they start.

use std::path::{Path, PathBuf};

/// The workspace's `name` binary (`gateway`, `workers`) beside the test's own
/// binary: the test runs from `<target>/<profile>/deps/` and `cargo build`
/// puts the binaries in `<target>/<profile>/` (wherever `CARGO_TARGET_DIR`
/// points). `GATEWAY_BIN` / `WORKERS_BIN` name another one: with a target
/// directory shared by several checkouts, `<profile>/workers` is whichever
/// checkout built last.
pub fn binary(name: &str) -> PathBuf {
    if let Some(path) = std::env::var_os(format!("{}_BIN", name.to_uppercase())) {
        return PathBuf::from(path);
    }
    let test_binary = std::env::current_exe().expect("the test binary's path");
    let profile_dir = test_binary
        .parent()
        .and_then(Path::parent)
        .expect("<target>/<profile>/deps/<test>");
    let path = profile_dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "build the {name} binary first: cargo build --bin {name} ({} is missing)",
        path.display()
    );
    path
}

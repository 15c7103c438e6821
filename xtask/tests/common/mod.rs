//! What the end-to-end tests of `xtask` share: the binaries under test, a scratch directory
//! per test, and a process's output as one text.

use std::path::PathBuf;
use std::process::Output;

/// The `xtask` binary.
pub const XTASK: &str = env!("CARGO_BIN_EXE_xtask");
/// The test engine of `src/bin/fake_engine.rs`.
pub const FAKE: &str = env!("CARGO_BIN_EXE_fake_engine");

/// A scratch directory of its own for each test, `task-name`, emptied.
pub fn scratch(task: &str, name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{task}-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Standard output then standard error.
pub fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

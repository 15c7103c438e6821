//! What `site` and `wasm-check` both do first: the WebAssembly tools installed when missing,
//! the engine (`crates/wasm`) built for wasm32, each step said and its failure named.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Installs the tools and builds `outpost-wasm` for wasm32 in release; returns the module.
pub fn build_engine(root: &Path) -> Result<PathBuf, String> {
    step(
        "install the WebAssembly tools",
        Command::new(root.join("scripts/install-wasm-tools.sh")),
    )?;
    let mut build = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    build
        .current_dir(root)
        .args(["build", "--release", "--target", "wasm32-unknown-unknown"])
        .args(["--package", "outpost-wasm"]);
    step("build the engine for wasm32", build)?;
    Ok(root.join("target/wasm32-unknown-unknown/release/outpost_wasm.wasm"))
}

/// Runs `command`, saying what it does; its failure is an error naming the step.
pub fn step(what: &str, mut command: Command) -> Result<(), String> {
    println!("xtask: {what}");
    let status = command
        .status()
        .map_err(|error| format!("cannot {what}: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("cannot {what}: {status}"))
    }
}

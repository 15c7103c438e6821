//! `cargo xtask site`: Outpost's page as static files that any web server serves, at any path:
//! the page of `crates/web/assets/` with the engine compiled to WebAssembly (`crates/wasm`)
//! for a Web Worker, and `backend.js` saying so.
//!
//! The tools come from the package registries, installed when missing by
//! `scripts/install-wasm-tools.sh` (the wasm32 target, wasm-bindgen-cli of the version in
//! Cargo.lock). No wasm-opt: Debian's binaryen (version 108) made the module 21% smaller
//! (606 KiB from 767; 243 KiB from 264 with gzip) but its output did not start in Chromium's
//! worker.

use crate::args::SiteOptions;
use crate::epd::workspace_root;
use crate::wasm_build::{build_engine, step};
use crate::Verdict;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The wasm-bindgen output's name: `outpost_wasm.js` and `outpost_wasm_bg.wasm`.
const WASM_NAME: &str = "outpost_wasm";

/// Builds the site into the options' folder.
pub fn run(options: &SiteOptions) -> Result<Verdict, String> {
    let root = workspace_root();
    let out = if options.out.is_absolute() {
        options.out.clone()
    } else {
        root.join(&options.out)
    };
    let wasm = build_engine(&root)?;
    if out.exists() {
        std::fs::remove_dir_all(&out)
            .map_err(|error| format!("cannot empty {}: {error}", out.display()))?;
    }
    copy_tree(&root.join("crates/web/assets"), &out)?;
    std::fs::write(
        out.join("backend.js"),
        "// The engine runs in this browser: WebAssembly in a Web Worker (worker.js).\n\
         globalThis.OUTPOST_BACKEND = \"worker\"\n",
    )
    .map_err(|error| format!("cannot write backend.js: {error}"))?;
    let mut bindgen = Command::new("wasm-bindgen");
    bindgen
        .args(["--target", "web", "--no-typescript", "--out-dir"])
        .arg(&out)
        .arg(&wasm);
    step("generate the JavaScript glue (wasm-bindgen)", bindgen)?;
    let module = out.join(format!("{WASM_NAME}_bg.wasm"));
    let size = std::fs::metadata(&module)
        .map_err(|error| format!("no {}: {error}", module.display()))?
        .len();
    println!(
        "site: {} ({} KiB of WebAssembly); serve the folder with any web server, e.g. \
         python3 -m http.server --bind 127.0.0.1 --directory {}",
        out.display(),
        size / 1024,
        out.display()
    );
    Ok(Verdict::Passed)
}

/// Copies every file under `from` to the same place under `to`.
fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to)
        .map_err(|error| format!("cannot create {}: {error}", to.display()))?;
    let entries = std::fs::read_dir(from)
        .map_err(|error| format!("cannot read {}: {error}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|error| format!("cannot read {}: {error}", from.display()))?;
        let source: PathBuf = entry.path();
        let target = to.join(entry.file_name());
        if source.is_dir() {
            copy_tree(&source, &target)?;
        } else {
            std::fs::copy(&source, &target).map_err(|error| {
                format!(
                    "cannot copy {} to {}: {error}",
                    source.display(),
                    target.display()
                )
            })?;
        }
    }
    Ok(())
}

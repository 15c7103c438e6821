//! Embeds every file under `assets/` in the binary: writes `$OUT_DIR/assets.rs`, a sorted
//! table of `("/path", include_bytes!(…))` that `src/assets.rs` includes. The page then needs
//! no files at run time and no build step besides `cargo build`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        panic!("cannot read {}", dir.display());
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else {
            files.push(path);
        }
    }
}

fn main() {
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo")).join("assets");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    let mut code = String::from("/// Every embedded file: its URL path and its bytes, sorted by path.\npub static ASSETS: &[(&str, &[u8])] = &[\n");
    for file in &files {
        let relative = file.strip_prefix(&root).expect("under assets/");
        let url: Vec<String> = relative
            .components()
            .map(|part| part.as_os_str().to_string_lossy().into_owned())
            .collect();
        let _ = writeln!(
            code,
            "    ({:?}, include_bytes!({:?})),",
            format!("/{}", url.join("/")),
            file.display().to_string()
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("assets.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}

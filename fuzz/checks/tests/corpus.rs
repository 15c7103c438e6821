//! Every seed (`fuzz/seeds/<target>/`) and every input a fuzzer crashed on
//! (`fuzz/regressions/<target>/`) through its target's check, on stable Rust, so that a crash
//! once found stays fixed. Also: the fuzz crate, the seeds and the dictionaries name the
//! same targets as [`TARGETS`].

use outpost_fuzz_checks::{check_for, TARGETS};
use std::path::{Path, PathBuf};

/// The `fuzz/` folder.
fn fuzz_dir() -> PathBuf {
    let checks = Path::new(env!("CARGO_MANIFEST_DIR"));
    checks.parent().unwrap_or(checks).to_path_buf()
}

/// The files of a folder, sorted, without hidden ones (`.gitkeep`); none if it is missing.
fn files(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a readable folder").path())
        .filter(|path| path.is_file())
        .filter(|path| {
            !path
                .file_name()
                .is_some_and(|name| name.to_string_lossy().starts_with('.'))
        })
        .collect();
    files.sort();
    files
}

/// Runs the check of `target` on each of its seeds and regressions; returns how many ran.
fn replay(target: &str) -> usize {
    let check = check_for(target).expect("a target");
    let seeds = files(&fuzz_dir().join("seeds").join(target));
    assert!(!seeds.is_empty(), "no seeds for {target}");
    let regressions = files(&fuzz_dir().join("regressions").join(target));
    for path in seeds.iter().chain(&regressions) {
        // Shown with the panic's message when the check fails.
        eprintln!("{target}: {}", path.display());
        check(&std::fs::read(path).expect("a readable file"));
    }
    seeds.len() + regressions.len()
}

#[test]
fn fen() {
    replay("fen");
}

#[test]
fn san() {
    replay("san");
}

#[test]
fn uci_move() {
    replay("uci_move");
}

#[test]
fn pgn() {
    replay("pgn");
}

#[test]
fn uci_session() {
    replay("uci_session");
}

#[test]
fn polyglot() {
    replay("polyglot");
}

#[test]
fn the_polyglot_seeds_are_the_books_seed_books_makes() {
    let folder = fuzz_dir().join("seeds/polyglot");
    for (name, bytes) in outpost_fuzz_checks::polyglot::seed_books() {
        let path = folder.join(name);
        if std::env::var_os("OUTPOST_WRITE_SEEDS").is_some() {
            std::fs::write(&path, &bytes).expect("a writable seed folder");
        }
        let stored = std::fs::read(&path).unwrap_or_default();
        assert!(
            stored == bytes,
            "{} is not the book seed_books makes; write it with \
             OUTPOST_WRITE_SEEDS=1 cargo test -p outpost-fuzz-checks --test corpus",
            path.display()
        );
    }
}

/// The names of the files in `folder` ending in `.extension`, without it, sorted.
fn stems(folder: &Path, extension: &str) -> Vec<String> {
    files(folder)
        .iter()
        .filter(|path| path.extension().is_some_and(|ext| ext == extension))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn the_fuzz_crate_seeds_and_regressions_name_the_same_targets() {
    let mut names: Vec<String> = TARGETS.iter().map(|(name, _)| name.to_string()).collect();
    names.sort();
    assert_eq!(stems(&fuzz_dir().join("fuzz_targets"), "rs"), names);
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).unwrap();
    for name in &names {
        assert!(
            manifest.contains(&format!(
                "name = \"{name}\"\npath = \"fuzz_targets/{name}.rs\""
            )),
            "fuzz/Cargo.toml has no [[bin]] for {name}"
        );
        let target =
            std::fs::read_to_string(fuzz_dir().join(format!("fuzz_targets/{name}.rs"))).unwrap();
        assert!(
            target.contains(&format!("outpost_fuzz_checks::{name}(data)")),
            "fuzz_targets/{name}.rs does not call its check"
        );
        for folder in ["seeds", "regressions"] {
            assert!(
                fuzz_dir().join(folder).join(name).is_dir(),
                "no {folder}/{name}"
            );
        }
    }
}

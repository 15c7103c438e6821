//! `xtask fuzz`: the cargo-fuzz targets of `fuzz/`, one after the other, each for `--runs`
//! inputs, then a table of the runs, the time and the result of each.
//!
//! Before the first target it checks that the nightly toolchain is installed (cargo-fuzz needs
//! it; it is not downloaded here) and installs cargo-fuzz with `cargo install cargo-fuzz
//! --locked` when `cargo +nightly fuzz` is missing. It builds every target once, as
//! cargo-fuzz does by default (optimised, with debug assertions and overflow checks) but
//! without a sanitizer unless `--sanitizer` asks for one: the workspace forbids unsafe code,
//! and a run without AddressSanitizer is faster. Then each target runs as
//!
//! ```text
//! cargo +nightly fuzz run TARGET --fuzz-dir fuzz --target-dir target/fuzz/build --sanitizer none \
//!     target/fuzz/corpus/TARGET fuzz/seeds/TARGET fuzz/regressions/TARGET \
//!     -- -runs=N -dict=fuzz/dicts/TARGET.dict -artifact_prefix=target/fuzz/artifacts/TARGET/ ...
//! ```
//!
//! libFuzzer writes the inputs it finds to the first folder, a scratch corpus under `target/`
//! (kept between runs, so that coverage builds up), never into the repository; the seeds and
//! the regressions are only read (and a regression that fails again fails at once). Its
//! output goes to `target/fuzz/logs/TARGET.log`. The input of a failure (libFuzzer's
//! `crash-`, `timeout-` or `oom-` file) is copied into `fuzz/regressions/TARGET/`, where
//! `cargo test -p outpost-fuzz-checks` replays it on stable Rust from then on, and the command
//! that reproduces it is printed.

use crate::args::FuzzOptions;
use crate::epd::workspace_root;
use crate::Verdict;
use std::fs::File;
use std::io::{BufRead, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest a single input may run, in seconds, before libFuzzer calls it a hang.
const TIMEOUT_SECONDS: u32 = 30;
/// libFuzzer's memory limit, in MiB (its default, 2048, is close to what a `uci_session` run
/// with a 64 MiB table, a perft table and its threads may reach).
const RSS_LIMIT_MIB: u32 = 4096;
/// glibc frees and allocates blocks below its mmap threshold on the heap, and raises that
/// threshold up to 32 MiB as blocks are freed: then every fresh (calloc'd) hash table of the
/// engine is zeroed by a pass over it instead of coming zeroed from the operating system,
/// 3 ms for the default 16 MiB on every `uci_session` run. A fixed threshold of 1 MiB keeps
/// tables in their own mappings, as in a fresh engine.
const MMAP_THRESHOLD: (&str, &str) = ("MALLOC_MMAP_THRESHOLD_", "1048576");

/// How one target's run ended.
struct Outcome {
    target: String,
    runs: u64,
    seconds: f64,
    /// Coverage (edges) and corpus size at the end, as libFuzzer last reported them.
    coverage: Option<u64>,
    corpus: Option<u64>,
    /// `None` when every run passed; otherwise what went wrong.
    failure: Option<String>,
}

/// Runs the targets; `Err` is a problem that stopped them from running (exit 2),
/// `Verdict::Failed` a target that failed.
pub fn run(options: &FuzzOptions) -> Result<Verdict, String> {
    let root = workspace_root();
    let fuzz_dir = root.join("fuzz");
    let all = target_names(&fuzz_dir)?;
    let targets: Vec<String> = if options.targets.is_empty() {
        all.clone()
    } else {
        for target in &options.targets {
            if !all.contains(target) {
                return Err(format!(
                    "no fuzz target '{target}'; the targets are {}",
                    all.join(", ")
                ));
            }
        }
        options.targets.clone()
    };
    check_nightly(&root)?;
    ensure_cargo_fuzz(&root)?;
    build(&root, &options.sanitizer)?;
    let scratch = root.join("target").join("fuzz");
    println!(
        "{} target{}, {} runs each, sanitizer {}; logs and scratch corpora in {}",
        targets.len(),
        if targets.len() == 1 { "" } else { "s" },
        options.runs,
        options.sanitizer,
        relative(&root, &scratch).display()
    );
    let mut outcomes = Vec::new();
    for target in &targets {
        let outcome = run_target(&root, target, options)?;
        match &outcome.failure {
            None => println!(
                "ok    {target}: {} runs in {:.1} s",
                outcome.runs, outcome.seconds
            ),
            Some(failure) => println!("FAIL  {target}: {failure}"),
        }
        outcomes.push(outcome);
    }
    print_table(&outcomes);
    let failed = outcomes.iter().filter(|o| o.failure.is_some()).count();
    if failed == 0 {
        println!(
            "no failure: {} target{}, {} runs each",
            outcomes.len(),
            if outcomes.len() == 1 { "" } else { "s" },
            options.runs
        );
        Ok(Verdict::Passed)
    } else {
        println!("{failed} of {} targets failed", outcomes.len());
        Ok(Verdict::Failed)
    }
}

/// The targets of the fuzz crate, in the order of its `[[bin]]` sections.
fn target_names(fuzz_dir: &Path) -> Result<Vec<String>, String> {
    let manifest = fuzz_dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest)
        .map_err(|error| format!("cannot read {}: {error}", manifest.display()))?;
    let mut names = Vec::new();
    let mut in_bin = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if let Some(value) = line.strip_prefix("name = ").filter(|_| in_bin) {
            names.push(value.trim_matches('"').to_string());
        }
    }
    if names.is_empty() {
        return Err(format!("{} lists no fuzz target", manifest.display()));
    }
    Ok(names)
}

/// `cargo +nightly …` run from the workspace root.
fn nightly_cargo(root: &Path) -> Command {
    let mut command = Command::new("cargo");
    command.arg("+nightly").current_dir(root);
    // `cargo xtask` runs under the stable toolchain, which must not leak into the nightly one.
    command.env_remove("RUSTUP_TOOLCHAIN");
    command
}

/// Whether `command` runs and succeeds, its output thrown away.
fn succeeds(command: &mut Command) -> bool {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

fn check_nightly(root: &Path) -> Result<(), String> {
    if succeeds(nightly_cargo(root).arg("--version")) {
        Ok(())
    } else {
        Err(
            "cargo-fuzz needs the nightly toolchain, and `cargo +nightly` does not run; \
             install it with: rustup toolchain install nightly"
                .to_string(),
        )
    }
}

fn ensure_cargo_fuzz(root: &Path) -> Result<(), String> {
    if succeeds(nightly_cargo(root).args(["fuzz", "--version"])) {
        return Ok(());
    }
    eprintln!(
        "xtask: cargo-fuzz is not installed; installing it: cargo install cargo-fuzz --locked"
    );
    let status = Command::new("cargo")
        .args(["install", "cargo-fuzz", "--locked"])
        .current_dir(root)
        .stdin(Stdio::null())
        .status()
        .map_err(|error| format!("cannot run cargo install: {error}"))?;
    if !status.success() || !succeeds(nightly_cargo(root).args(["fuzz", "--version"])) {
        return Err("cargo install cargo-fuzz --locked failed (see above)".to_string());
    }
    Ok(())
}

/// The options of `cargo fuzz build` and `cargo fuzz run` that decide what is built.
fn build_options(sanitizer: &str) -> [String; 6] {
    [
        "--fuzz-dir".to_string(),
        "fuzz".to_string(),
        "--target-dir".to_string(),
        "target/fuzz/build".to_string(),
        "--sanitizer".to_string(),
        sanitizer.to_string(),
    ]
}

fn build(root: &Path, sanitizer: &str) -> Result<(), String> {
    eprintln!("xtask: building the fuzz targets (cargo +nightly fuzz build, libFuzzer)");
    let status = nightly_cargo(root)
        .args(["fuzz", "build"])
        .args(build_options(sanitizer))
        .stdin(Stdio::null())
        .status()
        .map_err(|error| format!("cannot run cargo +nightly fuzz build: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err("the fuzz targets do not build (see above)".to_string())
    }
}

/// The last number libFuzzer reported after `key` (`cov:`, `corp:`), in `line`.
fn reported(line: &str, key: &str) -> Option<u64> {
    let mut words = line.split_whitespace();
    words.find(|&word| word == key)?;
    let value = words.next()?;
    value.split('/').next()?.parse().ok()
}

/// The run count of a libFuzzer status line (`#12345\tNEW cov: …`).
fn status_runs(line: &str) -> Option<u64> {
    let rest = line.strip_prefix('#')?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

fn run_target(root: &Path, target: &str, options: &FuzzOptions) -> Result<Outcome, String> {
    let scratch = root.join("target").join("fuzz");
    let corpus = scratch.join("corpus").join(target);
    let artifacts = scratch.join("artifacts").join(target);
    let logs = scratch.join("logs");
    for folder in [&corpus, &artifacts, &logs] {
        std::fs::create_dir_all(folder)
            .map_err(|error| format!("cannot create {}: {error}", folder.display()))?;
    }
    // Only this run's failures are wanted.
    for old in files(&artifacts) {
        let _ = std::fs::remove_file(old);
    }
    let log_path = logs.join(format!("{target}.log"));
    let mut log = File::create(&log_path)
        .map_err(|error| format!("cannot create {}: {error}", log_path.display()))?;
    let stdout_log = log
        .try_clone()
        .map_err(|error| format!("cannot write {}: {error}", log_path.display()))?;

    let mut libfuzzer = vec![
        format!("-runs={}", options.runs),
        format!("-artifact_prefix={}/", artifacts.display()),
        format!("-timeout={TIMEOUT_SECONDS}"),
        format!("-rss_limit_mb={RSS_LIMIT_MIB}"),
        "-print_final_stats=1".to_string(),
    ];
    if let Some(seed) = options.seed {
        libfuzzer.push(format!("-seed={seed}"));
    }
    let dictionary = root.join("fuzz/dicts").join(format!("{target}.dict"));
    if dictionary.is_file() {
        libfuzzer.push(format!("-dict={}", dictionary.display()));
    }
    let mut command = nightly_cargo(root);
    command
        .args(["fuzz", "run", target])
        .args(build_options(&options.sanitizer))
        .arg(&corpus)
        .arg(format!("fuzz/seeds/{target}"))
        .arg(format!("fuzz/regressions/{target}"))
        .arg("--")
        .args(&libfuzzer)
        .env(MMAP_THRESHOLD.0, MMAP_THRESHOLD.1)
        .stdin(Stdio::null())
        .stdout(stdout_log)
        .stderr(Stdio::piped());
    let _ = writeln!(log, "$ {command:?}");

    let start = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|error| format!("cannot run cargo +nightly fuzz run: {error}"))?;
    let mut progress = Progress::new(target, options.runs);
    let (mut runs, mut coverage, mut corpus_size, mut done) = (0, None, None, None);
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            let _ = writeln!(log, "{line}");
            if let Some(count) = status_runs(&line) {
                runs = count;
                coverage = reported(&line, "cov:").or(coverage);
                corpus_size = reported(&line, "corp:").or(corpus_size);
                progress.show(runs, start.elapsed());
            } else if let Some(count) = line.strip_prefix("stat::number_of_executed_units:") {
                done = count.trim().parse().ok();
            }
        }
    }
    let status = child
        .wait()
        .map_err(|error| format!("cargo +nightly fuzz run did not end: {error}"))?;
    progress.clear();
    let seconds = start.elapsed().as_secs_f64();
    let runs = done.unwrap_or(runs);

    let failure = if status.success() && done.is_some() {
        None
    } else {
        Some(failure_report(
            root,
            target,
            &artifacts,
            &log_path,
            &options.sanitizer,
        )?)
    };
    Ok(Outcome {
        target: target.to_string(),
        runs,
        seconds,
        coverage,
        corpus: corpus_size,
        failure,
    })
}

/// Keeps the failing inputs as regressions and says how to reproduce them; prints the end of
/// the log (the panic message and the stack) to stderr.
fn failure_report(
    root: &Path,
    target: &str,
    artifacts: &Path,
    log_path: &Path,
    sanitizer: &str,
) -> Result<String, String> {
    let log = std::fs::read_to_string(log_path).unwrap_or_default();
    let lines: Vec<&str> = log.lines().collect();
    let from = lines
        .iter()
        .position(|line| {
            line.contains("panicked at")
                || line.starts_with("==")
                || line.contains("ERROR: libFuzzer")
        })
        .unwrap_or(lines.len().saturating_sub(40));
    eprintln!(
        "xtask: {target} failed; from its log {}:",
        relative(root, log_path).display()
    );
    for line in lines[from..].iter().take(60) {
        eprintln!("  {line}");
    }
    let regressions = root.join("fuzz/regressions").join(target);
    let mut kept = Vec::new();
    for input in files(artifacts) {
        let Some(name) = input.file_name() else {
            continue;
        };
        let destination = regressions.join(name);
        std::fs::copy(&input, &destination).map_err(|error| {
            format!(
                "cannot copy {} to {}: {error}",
                input.display(),
                destination.display()
            )
        })?;
        kept.push(relative(root, &destination));
    }
    if kept.is_empty() {
        return Ok(format!(
            "cargo fuzz run failed without a failing input (see {})",
            relative(root, log_path).display()
        ));
    }
    let mut report = String::from("failing input kept as");
    for path in &kept {
        report.push_str(&format!(" {}", path.display()));
    }
    report.push_str(&format!(
        "; reproduce with: cargo +nightly fuzz run {target} {} {}   or on stable: \
         cargo test -p outpost-fuzz-checks --test corpus {target}",
        build_options(sanitizer).join(" "),
        kept[0].display()
    ));
    Ok(report)
}

fn print_table(outcomes: &[Outcome]) {
    let width = outcomes
        .iter()
        .map(|o| o.target.len())
        .max()
        .unwrap_or(0)
        .max("target".len());
    let optional = |value: Option<u64>| value.map_or_else(|| "?".to_string(), |v| v.to_string());
    println!();
    println!(
        "{:<width$}  {:>10}  {:>9}  {:>7}  {:>7}  result",
        "target", "runs", "seconds", "edges", "corpus"
    );
    for outcome in outcomes {
        println!(
            "{:<width$}  {:>10}  {:>9.1}  {:>7}  {:>7}  {}",
            outcome.target,
            outcome.runs,
            outcome.seconds,
            optional(outcome.coverage),
            optional(outcome.corpus),
            if outcome.failure.is_some() {
                "FAILED"
            } else {
                "ok"
            }
        );
    }
}

/// The files of a folder, sorted (none when it cannot be read).
fn files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// `path` relative to `root` when it lies inside it.
fn relative(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root)
        .map_or_else(|_| path.to_path_buf(), Path::to_path_buf)
}

/// A progress line on stderr (`  fen: 123456/1000000 runs, 12.3 s`), redrawn in place at most
/// every [`Progress::TICK`] while stderr is a terminal; nothing in logs.
struct Progress<'a> {
    target: &'a str,
    total: u64,
    terminal: bool,
    drawn: usize,
    last: Option<Instant>,
}

impl<'a> Progress<'a> {
    const TICK: Duration = Duration::from_millis(200);

    fn new(target: &'a str, total: u64) -> Progress<'a> {
        Progress {
            target,
            total,
            terminal: std::io::stderr().is_terminal(),
            drawn: 0,
            last: None,
        }
    }

    fn show(&mut self, runs: u64, elapsed: Duration) {
        if !self.terminal || self.last.is_some_and(|last| last.elapsed() < Self::TICK) {
            return;
        }
        self.last = Some(Instant::now());
        let line = format!(
            "  {}: {runs}/{} runs, {:.1} s",
            self.target,
            self.total,
            elapsed.as_secs_f64()
        );
        let padding = " ".repeat(self.drawn.saturating_sub(line.len()));
        let mut stderr = std::io::stderr().lock();
        // Progress is a courtesy: a failed write to stderr is not worth stopping for.
        let _ = write!(stderr, "\r{line}{padding}").and_then(|()| stderr.flush());
        self.drawn = self.drawn.max(line.len());
    }

    fn clear(&mut self) {
        if self.drawn > 0 {
            let mut stderr = std::io::stderr().lock();
            let _ = write!(stderr, "\r{}\r", " ".repeat(self.drawn)).and_then(|()| stderr.flush());
            self.drawn = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libfuzzer_lines_are_read() {
        let line = "#1232\tNEW    cov: 1463 ft: 4676 corp: 183/36Kb lim: 663 exec/s: 0 rss: 32Mb";
        assert_eq!(status_runs(line), Some(1232));
        assert_eq!(reported(line, "cov:"), Some(1463));
        assert_eq!(reported(line, "corp:"), Some(183));
        assert_eq!(status_runs("INFO: Seed: 12"), None);
        assert_eq!(reported("#5\tpulse  ft: 3", "cov:"), None);
    }

    #[test]
    fn the_targets_are_those_of_the_fuzz_crate() {
        let names = target_names(&workspace_root().join("fuzz")).unwrap();
        assert_eq!(
            names,
            ["fen", "san", "uci_move", "pgn", "uci_session", "polyglot"]
        );
    }
}

//! `load`: `outpost-web` under many tabs at once. Starts the server (the `outpost-web` built
//! beside this program) on a free loopback port with `--max-sessions` the number of tabs, opens
//! that many WebSockets, each playing random moves against the engine at a fixed think time,
//! and reports the engine moves answered, their lateness (median, 99th percentile, worst), the
//! errors and the server's memory. Bounded: tabs start no move after `--seconds`.
//!
//! ```text
//! cargo build --release -p web --bins --examples
//! target/release/examples/load --tabs 64 --seconds 60 [-- SERVER OPTIONS]
//! ```
//!
//! Exits with code 1 when anything went wrong (an error, no answer in time) or, with
//! `--max-late-ms`, when a move came later than that after its think time.

mod client;

use clap::Parser;
use client::{run, LoadOptions};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Plays many games against `outpost-web` at once and reports how late the engine's moves came.
#[derive(Debug, Parser)]
#[command(name = "load")]
struct Options {
    /// WebSockets (tabs) playing at once; the server's --max-sessions unless given after `--`
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..=1024))]
    tabs: u16,
    /// Seconds during which the tabs start new moves
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Think time of each engine move, ms
    #[arg(long, default_value_t = 500)]
    think_ms: u64,
    /// The server binary (default: outpost-web beside this program's folder)
    #[arg(long)]
    server: Option<PathBuf>,
    /// Seeds the tabs' moves
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Exit with code 1 when a move comes more than this after its think time
    #[arg(long)]
    max_late_ms: Option<u64>,
    /// Options for the server (after `--`), such as `--hash-total 256`
    #[arg(last = true)]
    server_args: Vec<String>,
}

/// `outpost-web` of the build this program belongs to (target/release/examples/load →
/// target/release/outpost-web).
fn default_server() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    Some(exe.parent()?.parent()?.join("outpost-web"))
}

/// The client's own threads are given a higher priority where it may (as root), so that what
/// is measured is the server: a thread inherits the nice value of the one that starts it.
fn raise_priority() -> bool {
    std::process::Command::new("renice")
        .args(["-n", "-5", "-p", &std::process::id().to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

fn main() -> ExitCode {
    let options = Options::parse();
    let Some(server) = options.server.clone().or_else(default_server) else {
        eprintln!("load: no server binary: give --server PATH");
        return ExitCode::FAILURE;
    };
    if !server.exists() {
        eprintln!(
            "load: {} does not exist: build it first (cargo build --release -p web --bins --examples)",
            server.display()
        );
        return ExitCode::FAILURE;
    }
    let raised = raise_priority();
    let load = LoadOptions {
        server,
        server_args: options.server_args.clone(),
        tabs: usize::from(options.tabs),
        duration: Duration::from_secs(options.seconds),
        think_ms: options.think_ms,
        seed: options.seed,
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("load: {error}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "server: {} {}; client {}",
        load.server.display(),
        load.server_args.join(" "),
        if raised {
            "at nice -5"
        } else {
            "at normal priority"
        }
    );
    let report = match runtime.block_on(run(&load)) {
        Ok(report) => report,
        Err(error) => {
            eprintln!("load: {error}");
            return ExitCode::FAILURE;
        }
    };
    print!("{}", report.text());
    let too_late = options
        .max_late_ms
        .is_some_and(|ms| report.worst() > ms as f64 / 1000.0);
    if !report.errors.is_empty() || report.moves == 0 || too_late {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

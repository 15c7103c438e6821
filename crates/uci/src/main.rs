//! The `outpost` binary: the Outpost engine speaking UCI on stdin/stdout. `outpost bench
//! [depth]` runs the benchmark and exits; other arguments are ignored.
//!
//! Started for a session it first prints one line naming the engine (as engines do, so that a
//! person at a terminal sees it waiting; GUIs ignore lines they do not expect), then reads
//! commands until `quit` or the end of input.

use outpost_uci::{UciCommand, BENCH_DEPTH, NAME};
use std::io::{self, Write};
use std::process::ExitCode;

/// The first line the engine prints: `Outpost 0.1.0 by the Outpost developers`.
fn banner() -> String {
    format!("{NAME} by the Outpost developers")
}

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    if arguments.first().map(String::as_str) == Some("bench") {
        return match UciCommand::parse(&arguments.join(" ")) {
            Ok(UciCommand::Bench { depth }) => {
                let mut out = io::stdout();
                outpost_uci::bench_to_depth(&mut out, depth.unwrap_or(BENCH_DEPTH));
                let _ = out.flush();
                ExitCode::SUCCESS
            }
            Ok(_) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("outpost: {error}");
                ExitCode::FAILURE
            }
        };
    }
    let mut out = io::stdout();
    // A closed output is no reason not to start: the session reports its own write errors.
    let _ = writeln!(out, "{}", banner()).and_then(|()| out.flush());
    let mut engine = outpost_uci::Engine::new(out);
    engine.run(io::stdin().lock());
    ExitCode::SUCCESS
}

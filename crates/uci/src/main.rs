//! The `uci` binary: the Outpost engine speaking UCI on stdin/stdout. `uci bench [depth]`
//! runs the benchmark and exits; other arguments are ignored.

use outpost_uci::{UciCommand, BENCH_DEPTH};
use std::io::{self, Write};
use std::process::ExitCode;

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
                eprintln!("uci: {error}");
                ExitCode::FAILURE
            }
        };
    }
    let mut engine = outpost_uci::Engine::new(io::stdout());
    engine.run(io::stdin().lock());
    ExitCode::SUCCESS
}

//! The `outpost` binary: the Outpost engine speaking UCI on stdin/stdout. `outpost bench
//! [depth]` runs the benchmark and exits; `--help` and `--version` print what they say; any
//! other argument is refused with the usage.
//!
//! Started for a session it first prints one line naming the engine (as engines do, so that a
//! person at a terminal sees it waiting; GUIs ignore lines they do not expect), then reads
//! commands until `quit` or the end of input.

use outpost_search::Depth;
use outpost_uci::{UciCommand, BENCH_DEPTH, NAME};
use std::io::{self, Write};
use std::process::ExitCode;

/// The first line the engine prints: `Outpost 0.1.0 by the Outpost developers`.
fn banner() -> String {
    format!("{NAME} by the Outpost developers")
}

/// What `outpost --help` prints.
const USAGE: &str = "\
Usage: outpost [bench [DEPTH] | --help | --version]

Without arguments Outpost is a UCI chess engine: it reads UCI commands on standard input
(`uci`, `isready`, `position startpos moves e2e4`, `go movetime 1000`, `quit`; `help` lists
them all) and answers on standard output. Add it to a chess GUI (Cute Chess, Arena, ...) as
a UCI engine, or type the commands yourself.

  bench [DEPTH]  search the benchmark positions (to depth 12 by default) and print
                 `N nodes N nps` last
  -h, --help     print this help and exit
  -V, --version  print the engine's name and version and exit";

/// What the command-line arguments ask for.
enum Invocation {
    /// A UCI session on stdin/stdout.
    Session,
    /// The benchmark, to this depth.
    Bench(Depth),
    /// The usage.
    Help,
    /// The name and version.
    Version,
}

/// Reads the arguments (without the program name), or says what is wrong with them.
fn invocation(arguments: &[String]) -> Result<Invocation, String> {
    match arguments.first().map(String::as_str) {
        None => Ok(Invocation::Session),
        Some("bench") => match UciCommand::parse(&arguments.join(" ")) {
            Ok(UciCommand::Bench { depth }) => Ok(Invocation::Bench(depth.unwrap_or(BENCH_DEPTH))),
            Ok(_) => Err(format!("unexpected arguments: {}", arguments.join(" "))),
            Err(error) => Err(error.to_string()),
        },
        Some("-h" | "--help" | "help") if arguments.len() == 1 => Ok(Invocation::Help),
        Some("-V" | "--version") if arguments.len() == 1 => Ok(Invocation::Version),
        Some(_) => Err(format!("unknown arguments: {}", arguments.join(" "))),
    }
}

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let mut out = io::stdout();
    match invocation(&arguments) {
        Ok(Invocation::Session) => {}
        Ok(Invocation::Bench(depth)) => {
            outpost_uci::bench_to_depth(&mut out, depth);
            let _ = out.flush();
            return ExitCode::SUCCESS;
        }
        Ok(Invocation::Help) => {
            println!("{}\n\n{USAGE}", banner());
            return ExitCode::SUCCESS;
        }
        Ok(Invocation::Version) => {
            println!("{}", banner());
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("outpost: {error}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    // A closed output is no reason not to start: the session reports its own write errors.
    let _ = writeln!(out, "{}", banner()).and_then(|()| out.flush());
    let mut engine = outpost_uci::Engine::new(out);
    engine.run(io::stdin().lock());
    ExitCode::SUCCESS
}

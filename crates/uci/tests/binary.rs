//! The real `outpost` binary (package `outpost-engine`) driven through its stdin with raw bytes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long any expected line may take.
const PATIENCE: Duration = Duration::from_secs(30);

/// A running `outpost` process: bytes go in, lines come out through a channel.
struct Uci {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far.
    seen: Vec<String>,
}

impl Uci {
    fn start() -> Uci {
        Uci::spawn(&mut Command::new(env!("CARGO_BIN_EXE_outpost")))
    }

    /// The engine with its address space limited to 1 GiB (the shell's `ulimit -v`), so
    /// that a large table cannot be had on any machine.
    fn start_within_one_gib() -> Uci {
        Uci::spawn(Command::new("sh").args([
            "-c",
            "ulimit -v 1048576 && exec \"$0\"",
            env!("CARGO_BIN_EXE_outpost"),
        ]))
    }

    fn spawn(command: &mut Command) -> Uci {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the outpost binary starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Uci {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(bytes).expect("the engine reads its input");
        stdin.flush().unwrap();
    }

    /// Reads lines until one starts with `prefix`, and returns it.
    fn expect(&mut self, prefix: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.starts_with(prefix) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no '{prefix}' within {PATIENCE:?}; seen:\n{:#?}", self.seen)
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("output ended before '{prefix}'; seen:\n{:#?}", self.seen)
                }
            }
        }
    }

    /// Lines that arrive within `time`.
    fn lines_within(&mut self, time: Duration) -> Vec<String> {
        let deadline = Instant::now() + time;
        let mut lines = Vec::new();
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            self.seen.push(line.clone());
            lines.push(line);
        }
        lines
    }

    /// Closes stdin and returns the rest of the output; the process must exit successfully.
    fn finish(mut self) -> Vec<String> {
        drop(self.stdin.take());
        let mut rest = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => rest.push(line),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => panic!("the engine did not end: {rest:#?}"),
            }
        }
        let status = self.child.wait().expect("the engine exits");
        assert!(status.success(), "{status}");
        rest
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        // A failed test must not leave a searching engine behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Feeds `input` at once and returns the whole output.
fn run(input: &[u8]) -> Vec<String> {
    let mut uci = Uci::start();
    uci.send(input);
    uci.finish()
}

#[test]
fn the_engine_names_itself_before_reading_input() {
    let mut uci = Uci::start();
    // Nothing has been sent yet: the first line comes on its own.
    let first = uci.lines.recv_timeout(PATIENCE).expect("a first line");
    assert_eq!(
        first,
        format!(
            "Outpost {} by the Outpost developers",
            env!("CARGO_PKG_VERSION")
        )
    );
    // A GUI that ignores that line gets the usual handshake.
    uci.send(b"uci\n");
    assert_eq!(
        uci.expect("id name "),
        format!("id name Outpost {}", env!("CARGO_PKG_VERSION"))
    );
    uci.expect("uciok");
    uci.send(b"help\n");
    uci.expect("UCI commands:");
    uci.finish();
}

#[test]
fn invalid_utf8_is_reported_and_the_engine_goes_on() {
    let output = run(b"isready\n\xff\nisready\n");
    assert_eq!(
        output.iter().filter(|line| *line == "readyok").count(),
        2,
        "{output:#?}"
    );
    // One message for the line: how it was read and why it is no command.
    let messages: Vec<&String> = output
        .iter()
        .filter(|line| line.starts_with("info string"))
        .collect();
    assert_eq!(messages.len(), 1, "{output:#?}");
    assert!(
        messages[0].starts_with("info string input is not valid UTF-8, read as: \u{fffd}; "),
        "{output:#?}"
    );
}

#[test]
fn invalid_utf8_inside_a_command_does_not_end_the_loop() {
    let output = run(b"setoption name BookFile value /tmp/\xe9\xff.bin\r\nuci\r\nisready\r\n");
    assert!(output.contains(&"uciok".to_string()), "{output:#?}");
    assert_eq!(output.last().map(String::as_str), Some("readyok"));
}

#[test]
fn an_over_long_line_is_skipped() {
    let mut input = b"isready\nposition startpos moves ".to_vec();
    input.extend(b"e2e4 e7e5 ".repeat(120_000));
    input.extend(b"\nd\nisready\n");
    let output = run(&input);
    assert!(
        output
            .iter()
            .any(|line| line.starts_with("info string input line longer than")),
        "{output:#?}"
    );
    // The position was not changed by the skipped line.
    assert!(
        output.contains(&format!("FEN: {}", outpost_board::Board::STARTPOS_FEN)),
        "{output:#?}"
    );
    assert_eq!(output.iter().filter(|line| *line == "readyok").count(), 2);
}

#[test]
fn go_infinite_then_stop_gives_one_bestmove() {
    let mut uci = Uci::start();
    uci.send(b"position startpos moves e2e4\ngo infinite\n");
    uci.expect("info depth 2 ");
    uci.send(b"isready\n");
    uci.expect("readyok");
    uci.send(b"stop\n");
    uci.expect("bestmove ");
    let rest = uci.finish();
    assert!(
        !rest.iter().any(|line| line.starts_with("bestmove")),
        "{rest:#?}"
    );
}

#[test]
fn go_ponder_then_ponderhit_gives_a_bestmove() {
    let mut uci = Uci::start();
    uci.send(b"position startpos\ngo ponder wtime 1000 btime 1000\n");
    uci.expect("info depth 2 ");
    let early = uci.lines_within(Duration::from_millis(300));
    assert!(
        !early.iter().any(|line| line.starts_with("bestmove")),
        "{early:#?}"
    );
    uci.send(b"ponderhit\n");
    uci.expect("bestmove ");
    assert!(uci.finish().is_empty());
}

#[test]
fn go_ponder_then_stop_gives_a_bestmove() {
    let mut uci = Uci::start();
    uci.send(b"position startpos\ngo ponder movetime 100000\n");
    uci.expect("info depth 2 ");
    uci.send(b"stop\n");
    uci.expect("bestmove ");
}

#[test]
fn the_end_of_input_finishes_a_limited_search_and_stops_an_infinite_one() {
    let output = run(b"position startpos\ngo depth 5\n");
    assert!(output.iter().any(|line| line.starts_with("info depth 5 ")));
    assert!(
        output.last().unwrap().starts_with("bestmove "),
        "{output:#?}"
    );

    // `go infinite`, a `go` with no limit, one whose only limit is unreadable, one with only
    // the other side's clock and one for a mate that is not there search until stop, and
    // the end of the input is one.
    for command in [
        "go infinite\n",
        "go\n",
        "go movetime abc\n",
        "go btime 1000\n",
        "go mate 3\n",
    ] {
        let mut uci = Uci::start();
        uci.send(command.as_bytes());
        uci.expect("info depth 2 ");
        let rest = uci.finish();
        assert!(
            rest.last().unwrap().starts_with("bestmove "),
            "{command}: {rest:#?}"
        );
    }
}

#[test]
fn quit_during_a_search_ends_the_engine() {
    let mut uci = Uci::start();
    uci.send(b"go infinite\n");
    uci.expect("info depth 2 ");
    uci.send(b"quit\n");
    uci.finish();
}

#[test]
fn bench_from_the_shell() {
    let output = Command::new(env!("CARGO_BIN_EXE_outpost"))
        .args(["bench", "2"])
        .output()
        .expect("outpost bench runs");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.trim_end().ends_with(" nps"), "{text}");
    assert_eq!(text.lines().count(), 11, "{text}");

    let output = Command::new(env!("CARGO_BIN_EXE_outpost"))
        .args(["bench", "deep"])
        .output()
        .expect("outpost bench runs");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("bench depth"));
}

#[test]
fn help_and_version_from_the_shell() {
    let outpost = |arguments: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_outpost"))
            .args(arguments)
            .stdin(Stdio::null())
            .output()
            .expect("outpost runs")
    };
    for flag in ["--help", "-h"] {
        let output = outpost(&[flag]);
        assert!(output.status.success());
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("Usage: outpost"), "{text}");
        assert!(text.contains("bench [DEPTH]"), "{text}");
    }
    let output = outpost(&["--version"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("Outpost "), "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");

    // An argument it does not know is refused with the usage, not taken for a session.
    let output = outpost(&["--hash", "64"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(errors.contains("unknown arguments: --hash 64"), "{errors}");
    assert!(errors.contains("Usage: outpost"), "{errors}");
}

#[test]
fn a_book_file_that_is_not_a_regular_file_is_refused_at_once() {
    let mut engine = Uci::start();
    let directory = std::env::temp_dir();
    let mut refused = vec![directory.display().to_string()];
    #[cfg(unix)]
    {
        refused.push("/dev/zero".to_string());
        let fifo = directory.join(format!("outpost-uci-fifo-{}", std::process::id()));
        let made = Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|status| status.success()) {
            refused.push(fifo.display().to_string());
        }
    }
    engine.send(b"setoption name OwnBook value true\n");
    for path in &refused {
        engine.send(format!("setoption name BookFile value {path}\nisready\n").as_bytes());
        let report = engine.expect("info string BookFile");
        assert!(report.contains("not a regular file"), "{report}");
        engine.expect("readyok");
    }
    // The engine plays on without a book.
    engine.send(b"go depth 3\n");
    engine.expect("bestmove");
    engine.send(b"quit\n");
    engine.finish();
    for path in refused
        .iter()
        .filter(|path| path.contains("outpost-uci-fifo"))
    {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn go_perft_answers_isready_and_stops_on_stop() {
    let mut engine = Uci::start();
    engine.send(b"go perft 4\n");
    engine.expect("e2e4: 13160");
    engine.expect("Nodes searched: 197281");
    // A count that would take hours: the loop still answers, `stop` ends it.
    engine.send(b"go perft 12\nisready\n");
    engine.expect("readyok");
    engine.send(b"stop\n");
    engine.expect("info string perft stopped");
    engine.send(b"go perft 1000\ngo perft 4294967295\nisready\n");
    let refused = engine.expect("info string go perft goes at most");
    assert!(refused.ends_with("not 1000"), "{refused}");
    engine.expect("info string go perft goes at most");
    engine.expect("readyok");
    // quit during a count ends the engine.
    engine.send(b"go perft 12\nquit\n");
    engine.finish();
}

#[test]
fn a_table_beyond_the_memory_is_refused_and_the_old_one_kept() {
    let mut uci = Uci::start_within_one_gib();
    uci.send(b"setoption name Hash value 4096\nisready\n");
    let refusal = uci.expect("info string");
    assert!(
        refusal.contains("cannot allocate a hash table of 4096 MiB"),
        "{refusal}"
    );
    uci.expect("readyok");
    uci.send(b"position startpos\ngo depth 5\n");
    uci.expect("bestmove");
    // Sizes the machine can give are still taken, without a word.
    let before = uci.seen.len();
    uci.send(b"setoption name Hash value 64\nisready\n");
    uci.expect("readyok");
    assert_eq!(uci.seen[before..], ["readyok"]);
}

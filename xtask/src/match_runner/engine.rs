//! A UCI engine in a process of its own: its spec on the command line, starting it, and one
//! search at a time. Every read has a deadline, so an engine that hangs or dies costs the game
//! it is in, never the match.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// An engine as `--engine` describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in the PGN and the tables.
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// `setoption` name and value pairs, in order.
    pub options: Vec<(String, String)>,
    /// The working directory, if not the runner's.
    pub dir: Option<PathBuf>,
    /// A file the engine's stderr is appended to (else it is discarded).
    pub stderr: Option<PathBuf>,
}

/// The `key=value` tokens of an engine spec, in order: `cmd=…,name=…,option.Hash=16`.
/// Tokens are separated by commas; `\,` is a comma inside a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecTokens(pub Vec<(String, String)>);

/// The keys a spec may hold (and `option.NAME`).
const KEYS: [&str; 5] = ["cmd", "name", "arg", "dir", "stderr"];

/// Splits a spec into its tokens, checking each key.
pub fn spec_tokens(text: &str) -> Result<SpecTokens, String> {
    let mut tokens = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    let mut pieces = Vec::new();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&',') => {
                current.push(',');
                chars.next();
            }
            ',' => pieces.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    pieces.push(current);
    for piece in pieces {
        let piece = piece.trim();
        if piece.is_empty() {
            continue;
        }
        let (key, value) = piece
            .split_once('=')
            .ok_or_else(|| format!("'{piece}' is not KEY=VALUE"))?;
        let key = key.trim();
        let known = KEYS.contains(&key)
            || key
                .strip_prefix("option.")
                .is_some_and(|name| !name.trim().is_empty());
        if !known {
            return Err(format!(
                "unknown key '{key}' (cmd, name, arg, option.NAME, dir, stderr)"
            ));
        }
        tokens.push((key.to_string(), value.to_string()));
    }
    if tokens.is_empty() {
        return Err("an empty engine spec".to_string());
    }
    Ok(SpecTokens(tokens))
}

impl EngineSpec {
    /// The engine of `each`'s tokens followed by `own` (later ones win, options keep their
    /// first place).
    pub fn from_tokens(
        each: &[(String, String)],
        own: &[(String, String)],
    ) -> Result<EngineSpec, String> {
        let mut command: Vec<String> = Vec::new();
        let mut arguments = Vec::new();
        let mut name = None;
        let mut options: Vec<(String, String)> = Vec::new();
        let (mut dir, mut stderr) = (None, None);
        for (key, value) in each.iter().chain(own) {
            match key.as_str() {
                "cmd" => command = value.split_whitespace().map(str::to_string).collect(),
                "name" => name = Some(value.clone()),
                "arg" => arguments.push(value.clone()),
                "dir" => dir = Some(PathBuf::from(value)),
                "stderr" => stderr = Some(PathBuf::from(value)),
                _ => {
                    let option = key["option.".len()..].trim().to_string();
                    match options.iter_mut().find(|(name, _)| *name == option) {
                        Some((_, old)) => old.clone_from(value),
                        None => options.push((option, value.clone())),
                    }
                }
            }
        }
        if command.is_empty() {
            return Err("an engine spec needs cmd=COMMAND".to_string());
        }
        command.extend(arguments);
        let name = name.unwrap_or_else(|| {
            std::path::Path::new(&command[0])
                .file_name()
                .map_or_else(|| command[0].clone(), |n| n.to_string_lossy().into_owned())
        });
        Ok(EngineSpec {
            name,
            command,
            options,
            dir,
            stderr,
        })
    }

    /// The option `name` (ASCII case ignored), if the spec sets it.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(option, _)| option.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

/// The engines' input and output, written to a file by `--log`.
#[derive(Clone, Debug)]
pub struct Log {
    file: Arc<Mutex<File>>,
    start: Instant,
}

impl Log {
    /// A log written to `path` (emptied first).
    pub fn create(path: &std::path::Path) -> Result<Log, String> {
        let file = File::create(path).map_err(|error| format!("{}: {error}", path.display()))?;
        Ok(Log {
            file: Arc::new(Mutex::new(file)),
            start: Instant::now(),
        })
    }

    fn write(&self, who: &str, arrow: &str, line: &str) {
        let seconds = self.start.elapsed().as_secs_f64();
        if let Ok(mut file) = self.file.lock() {
            // The log is a help for debugging: a failed write is not worth stopping for.
            let _ = writeln!(file, "{seconds:10.3} {who} {arrow} {line}");
        }
    }
}

/// How an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Its process ended or closed its output.
    Crashed(String),
    /// It did not answer in time.
    Hung(String),
}

/// Why an engine could not be started.
#[derive(Debug)]
pub enum StartError {
    /// The program could not be run at all (a bad command: the match cannot go on).
    Spawn(String),
    /// It ran, but did not finish the handshake.
    Handshake(Failure),
}

/// A score of `info ... score`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the engine's side.
    Cp(i32),
    /// Mate in this many moves (negative: the engine is mated).
    Mate(i32),
}

impl Score {
    /// Centipawns, a mate as ±100000 less its distance.
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }

    /// As a PGN comment writes it: `+0.35`, `-M3`.
    pub fn text(self) -> String {
        match self {
            Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
            Score::Mate(n) if n > 0 => format!("+M{n}"),
            Score::Mate(n) => format!("-M{}", n.unsigned_abs()),
        }
    }
}

/// The score and depth of an `info` line, when it has them (bounds are not scores).
pub fn parse_info(line: &str) -> (Option<Score>, Option<u32>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let bound = words.contains(&"lowerbound") || words.contains(&"upperbound");
    if words.first() != Some(&"info") || words.get(1) == Some(&"string") || bound {
        return (None, None);
    }
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1..))
    };
    let depth = after("depth").and_then(|rest| rest.first()?.parse().ok());
    let score = after("score").and_then(|rest| match rest {
        ["cp", value, ..] => value.parse().ok().map(Score::Cp),
        ["mate", value, ..] => value.parse().ok().map(Score::Mate),
        _ => None,
    });
    (score, depth)
}

/// A move an engine sent, with what it said about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The text after `bestmove`.
    pub text: String,
    /// From the end of `go` to the `bestmove` line.
    pub elapsed: Duration,
    /// The last score before it.
    pub score: Option<Score>,
    /// The last depth before it.
    pub depth: Option<u32>,
}

/// A running engine.
pub struct Engine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
    log: Option<Log>,
}

impl Engine {
    /// Starts the engine of `spec`, sends `uci`, the options (`extra` first, then the spec's)
    /// and `isready`, each answer awaited for at most `patience`.
    pub fn start(
        spec: &EngineSpec,
        extra: &[(String, String)],
        patience: Duration,
        log: Option<Log>,
    ) -> Result<Engine, StartError> {
        let mut command = Command::new(&spec.command[0]);
        command
            .args(&spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        match &spec.stderr {
            Some(path) => {
                let file = OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|error| StartError::Spawn(format!("{}: {error}", path.display())))?;
                command.stderr(file);
            }
            None => {
                command.stderr(Stdio::null());
            }
        }
        let mut child = command.spawn().map_err(|error| {
            StartError::Spawn(format!(
                "cannot start '{}': {error}",
                spec.command.join(" ")
            ))
        })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        let (reader_log, who) = (log.clone(), spec.name.clone());
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                let line = String::from_utf8_lossy(&bytes).trim_end().to_string();
                if let Some(log) = &reader_log {
                    log.write(&who, ">", &line);
                }
                if sender.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            name: spec.name.clone(),
            child,
            stdin,
            lines,
            log,
        };
        let handshake = |engine: &mut Engine| -> Result<(), Failure> {
            engine.send("uci")?;
            engine.wait_for("uciok", Instant::now() + patience)?;
            for (name, value) in extra.iter().chain(&spec.options) {
                engine.send(&format!("setoption name {name} value {value}"))?;
            }
            engine.ready(patience)
        };
        handshake(&mut engine).map_err(StartError::Handshake)?;
        Ok(engine)
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        if let Some(log) = &self.log {
            log.write(&self.name, "<", line);
        }
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| self.crashed())
    }

    /// `isready`, and its `readyok` within `patience`.
    pub fn ready(&mut self, patience: Duration) -> Result<(), Failure> {
        self.send("isready")?;
        self.wait_for("readyok", Instant::now() + patience)
            .map(|_| ())
    }

    /// Why the engine stopped talking, with its exit status if it has one yet.
    fn crashed(&mut self) -> Failure {
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Failure::Crashed(format!("exited ({status})"));
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        Failure::Crashed("closed its output".to_string())
    }

    /// The next line, or a failure at `deadline`.
    fn next_line(
        &mut self,
        deadline: Instant,
        waiting_for: &str,
    ) -> Result<(Instant, String), Failure> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                Err(Failure::Hung(format!("no '{waiting_for}' in time")))
            }
            Err(RecvTimeoutError::Disconnected) => Err(self.crashed()),
        }
    }

    /// Reads until a line whose first word is `word`.
    fn wait_for(&mut self, word: &str, deadline: Instant) -> Result<String, Failure> {
        loop {
            let (_, line) = self.next_line(deadline, word)?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(line);
            }
        }
    }

    /// One search: `position` and `go` sent, then the lines read until `bestmove`, which must
    /// come before `deadline`. Lines left from before (an `info` after a `bestmove`) are
    /// dropped first.
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        deadline_after: Duration,
    ) -> Result<Reply, Failure> {
        while self.lines.try_recv().is_ok() {}
        self.send(position)?;
        self.send(go)?;
        let sent = Instant::now();
        let deadline = sent + deadline_after;
        let (mut score, mut depth) = (None, None);
        loop {
            let (at, line) = self.next_line(deadline, "bestmove")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    return Ok(Reply {
                        text: words.next().unwrap_or("").to_string(),
                        elapsed: at.saturating_duration_since(sent),
                        score,
                        depth,
                    })
                }
                Some("info") => {
                    let (new_score, new_depth) = parse_info(&line);
                    score = new_score.or(score);
                    depth = new_depth.or(depth);
                }
                _ => {}
            }
        }
    }
}

impl Drop for Engine {
    /// `quit`, a moment to obey, then the process is killed.
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(4));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(each: &str, own: &str) -> Result<EngineSpec, String> {
        let each = if each.is_empty() {
            Vec::new()
        } else {
            spec_tokens(each)?.0
        };
        EngineSpec::from_tokens(&each, &spec_tokens(own)?.0)
    }

    #[test]
    fn specs_are_read() {
        let outpost = spec(
            "",
            "cmd=target/release/outpost,option.Hash=16,option.Move Overhead=50",
        )
        .unwrap();
        assert_eq!(outpost.name, "outpost");
        assert_eq!(outpost.command, ["target/release/outpost"]);
        assert_eq!(
            outpost.options,
            [
                ("Hash".into(), "16".into()),
                ("Move Overhead".into(), "50".into())
            ]
        );
        assert_eq!(outpost.option("hash"), Some("16"));
        let with_arguments = spec(
            "option.Hash=16,option.Threads=1",
            "cmd=/usr/games/hoichess -x,arg=--norc,name=hoi,option.Hash=64,stderr=e.txt",
        )
        .unwrap();
        assert_eq!(
            with_arguments.command,
            ["/usr/games/hoichess", "-x", "--norc"]
        );
        assert_eq!(with_arguments.name, "hoi");
        // The engine's own value wins and keeps the place of --each's.
        assert_eq!(
            with_arguments.options,
            [("Hash".into(), "64".into()), ("Threads".into(), "1".into())]
        );
        assert_eq!(with_arguments.stderr, Some(PathBuf::from("e.txt")));
        let comma = spec("", r"cmd=e,option.Path=a\,b").unwrap();
        assert_eq!(comma.options, [("Path".into(), "a,b".into())]);
    }

    #[test]
    fn bad_specs_say_why() {
        assert!(spec("", "name=x").unwrap_err().contains("cmd="));
        assert!(spec_tokens("cmd=x,proto=xboard")
            .unwrap_err()
            .contains("unknown key 'proto'"));
        assert!(spec_tokens("cmd=x,Hash")
            .unwrap_err()
            .contains("not KEY=VALUE"));
        assert!(spec_tokens("option.=1").is_err());
        assert!(spec_tokens(" , ").is_err());
    }

    #[test]
    fn info_lines_give_score_and_depth() {
        assert_eq!(
            parse_info("info depth 12 seldepth 18 score cp -35 nodes 1000 pv e2e4"),
            (Some(Score::Cp(-35)), Some(12))
        );
        assert_eq!(
            parse_info("info depth 20 score mate -3 pv a1a2"),
            (Some(Score::Mate(-3)), Some(20))
        );
        assert_eq!(
            parse_info("info depth 9 score cp 50 lowerbound"),
            (None, None)
        );
        assert_eq!(parse_info("info string score cp 5"), (None, None));
        assert_eq!(parse_info("bestmove e2e4"), (None, None));
        assert_eq!(Score::Mate(3).centipawns(), 99_997);
        assert_eq!(Score::Mate(-3).centipawns(), -99_997);
        assert_eq!(Score::Cp(-5).text(), "-0.05");
        assert_eq!(Score::Mate(-2).text(), "-M2");
        assert_eq!(Score::Mate(4).text(), "+M4");
    }
}

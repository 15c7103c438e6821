//! The load test's client: starts `outpost-web` on a free loopback port, opens a number of
//! WebSockets ("tabs") that each play games against the engine at a fixed think time for a
//! bounded time, and reports the engine moves answered, how late they came (their arrival less
//! the moment `go` was sent and the think time), the errors and the server's memory.
//!
//! Shared by the `load` example (the full measurement) and `tests/load.rs` (a short one).

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A game longer than this (plies) is replaced by a new one: the positions stay middlegames.
const MAX_PLIES: usize = 120;

/// How long a tab waits for any message beyond the think time before it counts an error.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// The `outpost-web` binary.
    pub server: PathBuf,
    /// Its options besides `--port 0` (and `--max-sessions`, the number of tabs, unless given).
    pub server_args: Vec<String>,
    /// WebSockets playing at once.
    pub tabs: usize,
    /// How long the tabs start new moves.
    pub duration: Duration,
    /// The think time of each engine move.
    pub think_ms: u64,
    /// Seeds the tabs' choice of moves.
    pub seed: u64,
}

/// What a run measured.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The options of the run.
    pub tabs: usize,
    /// Think time, ms.
    pub think_ms: u64,
    /// Seconds the tabs started moves.
    pub seconds: f64,
    /// Engine moves (`best_move`) received.
    pub moves: usize,
    /// `info` lines received.
    pub infos: usize,
    /// The lateness of every engine move, seconds (sorted).
    pub lateness: Vec<f64>,
    /// What went wrong (a connection refused, an `error` message, no answer in time, …).
    pub errors: Vec<String>,
    /// The server's resident memory before the tabs opened, KiB.
    pub rss_idle_kib: u64,
    /// Its peak (VmHWM), KiB.
    pub rss_peak_kib: u64,
    /// Its resident memory after the tabs closed, KiB.
    pub rss_after_kib: u64,
    /// /proc/loadavg before and after.
    pub load_before: String,
    /// The same, after.
    pub load_after: String,
}

impl Report {
    /// The `share` quantile of the lateness (0.5: the median), seconds.
    pub fn quantile(&self, share: f64) -> f64 {
        if self.lateness.is_empty() {
            return 0.0;
        }
        let rank = (share * self.lateness.len() as f64).ceil() as usize;
        self.lateness[rank.clamp(1, self.lateness.len()) - 1]
    }

    /// The latest answer, seconds after its think time.
    pub fn worst(&self) -> f64 {
        self.lateness.last().copied().unwrap_or(0.0)
    }

    /// Answers more than `seconds` late.
    pub fn later_than(&self, seconds: f64) -> usize {
        self.lateness.iter().filter(|&&late| late > seconds).count()
    }

    /// The report as printed.
    pub fn text(&self) -> String {
        let mib = |kib: u64| kib.div_ceil(1024);
        let mut text = format!(
            "load: {} tabs, {} ms a move, {:.0} s\n\
             machine load average (1, 5, 15 min): {} before, {} after\n\
             engine moves answered: {} ({} info lines), errors: {}\n\
             lateness after the think time: median {:.3} s, 99th percentile {:.3} s, worst {:.3} s; \
             {} of {} more than 0.5 s late\n\
             server memory (RSS): {} MiB idle, peak {} MiB, {} MiB after the tabs closed\n",
            self.tabs,
            self.think_ms,
            self.seconds,
            self.load_before,
            self.load_after,
            self.moves,
            self.infos,
            self.errors.len(),
            self.quantile(0.5),
            self.quantile(0.99),
            self.worst(),
            self.later_than(0.5),
            self.moves,
            mib(self.rss_idle_kib),
            mib(self.rss_peak_kib),
            mib(self.rss_after_kib),
        );
        for error in self.errors.iter().take(10) {
            text.push_str(&format!("error: {error}\n"));
        }
        text
    }
}

/// The machine's load average (the first three fields of /proc/loadavg).
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "unknown".to_string(),
        |text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        },
    )
}

/// A field of /proc/PID/status in KiB (`VmRSS`, `VmHWM`), 0 when it cannot be read.
pub fn status_kib(pid: u32, field: &str) -> u64 {
    let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return 0;
    };
    text.lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The server process, ended when dropped.
struct Server {
    child: Child,
    /// Its standard output, kept open (a closed pipe would fail its next line).
    _stdout: BufReader<ChildStdout>,
    address: String,
}

impl Server {
    fn start(options: &LoadOptions) -> Result<Server, String> {
        let mut command = Command::new(&options.server);
        command.args(["--port", "0"]);
        if !options
            .server_args
            .iter()
            .any(|arg| arg.starts_with("--max-sessions"))
        {
            command.args(["--max-sessions", &options.tabs.to_string()]);
        }
        command
            .args(&options.server_args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped());
        let mut child = command
            .spawn()
            .map_err(|error| format!("cannot start {}: {error}", options.server.display()))?;
        let mut stdout = BufReader::new(child.stdout.take().ok_or("no standard output")?);
        let mut line = String::new();
        let read = stdout.read_line(&mut line);
        let address = line
            .trim()
            .strip_prefix("Outpost is at http://")
            .map(str::to_string);
        match (read, address) {
            (Ok(_), Some(address)) => Ok(Server {
                child,
                _stdout: stdout,
                address,
            }),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                Err(format!(
                    "{} did not say where it listens (it printed {line:?})",
                    options.server.display()
                ))
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What one tab saw.
#[derive(Default)]
struct TabResult {
    moves: usize,
    infos: usize,
    lateness: Vec<f64>,
    errors: Vec<String>,
}

/// A small generator for the tabs' moves (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

/// The next JSON message of the socket within `wait`.
async fn next(socket: &mut Socket, wait: Duration) -> Result<Value, String> {
    loop {
        let message = tokio::time::timeout(wait, socket.next())
            .await
            .map_err(|_| format!("no message within {:.1} s", wait.as_secs_f64()))?;
        match message {
            Some(Ok(Message::Text(text))) => {
                let value: Value = serde_json::from_str(&text)
                    .map_err(|error| format!("not JSON ({error}): {text}"))?;
                if value["type"] == "error" {
                    return Err(format!("error message: {}", value["message"]));
                }
                return Ok(value);
            }
            Some(Ok(Message::Close(_))) | None => return Err("the server closed".to_string()),
            Some(Ok(_)) => {}
            Some(Err(error)) => return Err(format!("socket error: {error}")),
        }
    }
}

/// Reads until a message of `kind`, counting the `info` lines on the way.
async fn until(
    socket: &mut Socket,
    kind: &str,
    wait: Duration,
    infos: &mut usize,
) -> Result<Value, String> {
    loop {
        let message = next(socket, wait).await?;
        if message["type"] == "info" {
            *infos += 1;
        }
        if message["type"] == kind {
            return Ok(message);
        }
    }
}

async fn send(socket: &mut Socket, message: Value) -> Result<(), String> {
    socket
        .send(Message::Text(message.to_string().into()))
        .await
        .map_err(|error| format!("cannot send: {error}"))
}

/// One tab: plays random moves, the engine answering each in `think_ms`, until `deadline`.
async fn tab(address: String, think_ms: u64, deadline: Instant, seed: u64) -> TabResult {
    let mut result = TabResult::default();
    if let Err(error) = play(&address, think_ms, deadline, seed, &mut result).await {
        result.errors.push(error);
    }
    result
}

async fn play(
    address: &str,
    think_ms: u64,
    deadline: Instant,
    seed: u64,
    result: &mut TabResult,
) -> Result<(), String> {
    let (mut socket, _) = connect_async(format!("ws://{address}/ws"))
        .await
        .map_err(|error| format!("cannot connect: {error}"))?;
    let think = Duration::from_millis(think_ms);
    let wait = think + ANSWER_TIMEOUT;
    let mut infos = 0;
    let hello = next(&mut socket, wait).await?;
    if hello["type"] != "hello" {
        return Err(format!("the first message is no hello: {hello}"));
    }
    let mut state = until(&mut socket, "state", wait, &mut infos).await?;
    let mut rng = Rng(seed | 1);
    while Instant::now() < deadline {
        let plies = state["moves"].as_array().map_or(0, Vec::len);
        let legal: Vec<String> = state["legal"]
            .as_array()
            .map(|moves| {
                moves
                    .iter()
                    .filter_map(|mv| mv.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        if !state["end"].is_null() || legal.is_empty() || plies >= MAX_PLIES {
            send(&mut socket, json!({"type": "new_game"})).await?;
            state = until(&mut socket, "state", wait, &mut infos).await?;
            continue;
        }
        let uci = &legal[rng.below(legal.len())];
        send(&mut socket, json!({"type": "move", "uci": uci})).await?;
        state = until(&mut socket, "state", wait, &mut infos).await?;
        if !state["end"].is_null() {
            continue;
        }
        send(&mut socket, json!({"type": "go", "think_ms": think_ms})).await?;
        let asked = Instant::now();
        until(&mut socket, "best_move", wait, &mut infos).await?;
        let late = asked.elapsed().as_secs_f64() - think.as_secs_f64();
        result.moves += 1;
        result.lateness.push(late);
        // The position with the engine's move played (states with `thinking` set come first).
        loop {
            state = until(&mut socket, "state", wait, &mut infos).await?;
            if state["thinking"] == false {
                break;
            }
        }
    }
    result.infos = infos;
    let _ = socket.close(None).await;
    Ok(())
}

/// Runs the load: the server started, the tabs playing for `options.duration`, the server
/// ended.
pub async fn run(options: &LoadOptions) -> Result<Report, String> {
    let server = Server::start(options)?;
    let pid = server.child.id();
    let mut report = Report {
        tabs: options.tabs,
        think_ms: options.think_ms,
        load_before: load_average(),
        ..Report::default()
    };
    report.rss_idle_kib = status_kib(pid, "VmRSS");
    let started = Instant::now();
    let deadline = started + options.duration;
    let tabs: Vec<_> = (0..options.tabs)
        .map(|index| {
            let seed = options
                .seed
                .wrapping_add(index as u64)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15);
            tokio::spawn(tab(
                server.address.clone(),
                options.think_ms,
                deadline,
                seed,
            ))
        })
        .collect();
    for tab in tabs {
        match tab.await {
            Ok(tab) => {
                report.moves += tab.moves;
                report.infos += tab.infos;
                report.lateness.extend(tab.lateness);
                report.errors.extend(tab.errors);
            }
            Err(error) => report.errors.push(format!("a tab failed: {error}")),
        }
    }
    report.seconds = options.duration.as_secs_f64();
    report.lateness.sort_by(f64::total_cmp);
    report.load_after = load_average();
    report.rss_peak_kib = status_kib(pid, "VmHWM");
    // The sessions end (their tables freed) once their sockets have closed.
    tokio::time::sleep(Duration::from_secs(2)).await;
    report.rss_after_kib = status_kib(pid, "VmRSS");
    let mut server = server;
    if let Ok(Some(status)) = server.child.try_wait() {
        report
            .errors
            .push(format!("the server exited during the run: {status}"));
    }
    drop(server);
    Ok(report)
}

//! An engine in a process of its own, spoken to in UCI or xboard: starting it, a new game,
//! and one search at a time. Every read has a deadline, so an engine that hangs or dies costs
//! the game it is in, never the match.

use super::options::Limit;
use super::spec::{EngineSpec, Protocol};
use super::xboard::{self, Features};
use outpost_board::{Board, Color};
use outpost_movegen::uci::UciNotation;
use outpost_movegen::Game;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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
    /// It refused a legal move sent to it (xboard's `Illegal move: …`).
    Refused(String),
}

/// Why an engine could not be started (or could not start a game).
#[derive(Debug)]
pub enum StartError {
    /// It cannot be used at all (a bad command, a start position it cannot take): the match
    /// cannot go on.
    Unusable(String),
    /// It ran, but failed in its handshake or at a new game.
    Failed(Failure),
}

/// A score of UCI's `info … score` or of xboard's thinking output.
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

/// What an engine answered when asked for a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A move, as it wrote it (`bestmove e2e4`, xboard's `move e2e4`).
    Move(String),
    /// xboard's `resign`.
    Resign,
    /// A result claimed instead of a move (xboard's `1/2-1/2 {…}`).
    Claim(String),
}

/// A move an engine sent, with what it said about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// Its move, or what it said instead.
    pub answer: Answer,
    /// From the end of `go` to the answer.
    pub elapsed: Duration,
    /// The last score before it.
    pub score: Option<Score>,
    /// The last depth before it.
    pub depth: Option<u32>,
}

/// One move to think about: the game so far and the time for it.
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a> {
    /// The game, the mover's move next.
    pub game: &'a Game,
    /// How moves are written.
    pub notation: UciNotation,
    /// The match's limit.
    pub limit: Limit,
    /// Both clocks in milliseconds, white's first (for a clock limit).
    pub clocks: [i64; 2],
}

/// What the runner knows of an xboard engine.
#[derive(Debug, Default)]
struct XboardState {
    /// Its features.
    features: Features,
    /// The plies of the current game it has been told or has played.
    told: usize,
    /// The number of the last `ping`.
    pings: u32,
}

/// The lines an engine writes to `stdout`, each with the time it was read, from a thread of
/// their own (logged under `who` as they come); the channel closes when the engine does.
pub fn read_lines(
    stdout: ChildStdout,
    log: Option<Log>,
    who: String,
) -> Receiver<(Instant, String)> {
    let (sender, lines) = mpsc::channel();
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
            if let Some(log) = &log {
                log.write(&who, ">", &line);
            }
            if sender.send((Instant::now(), line)).is_err() {
                break;
            }
        }
    });
    lines
}

/// A running engine.
pub struct Engine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
    log: Option<Log>,
    /// `None` for UCI.
    xboard: Option<XboardState>,
}

/// How long an xboard engine's features are waited for unless it sends `done=0` (the
/// protocol's two seconds).
const XBOARD_FEATURE_WAIT: Duration = Duration::from_secs(2);

impl Engine {
    /// Starts the engine of `spec` and finishes its handshake: for UCI `uci`, the options
    /// (`extra` first, then the spec's) and `isready`; for xboard `xboard`, `protover 2` and
    /// its features. Each answer is awaited for at most `patience`.
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
                    .map_err(|error| {
                        StartError::Unusable(format!("{}: {error}", path.display()))
                    })?;
                command.stderr(file);
            }
            None => {
                command.stderr(Stdio::null());
            }
        }
        let mut child = command.spawn().map_err(|error| {
            StartError::Unusable(format!(
                "cannot start '{}': {error}",
                spec.command.join(" ")
            ))
        })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let lines = read_lines(stdout, log.clone(), spec.name.clone());
        let mut engine = Engine {
            name: spec.name.clone(),
            child,
            stdin,
            lines,
            log,
            xboard: None,
        };
        let options: Vec<&(String, String)> = extra.iter().chain(&spec.options).collect();
        let handshake = match spec.protocol {
            Protocol::Uci => engine.uci_handshake(&options, patience),
            Protocol::Xboard => engine.xboard_handshake(&options, patience),
        };
        handshake.map_err(StartError::Failed)?;
        Ok(engine)
    }

    fn uci_handshake(
        &mut self,
        options: &[&(String, String)],
        patience: Duration,
    ) -> Result<(), Failure> {
        self.send("uci")?;
        self.wait_for("uciok", Instant::now() + patience)?;
        for (name, value) in options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.ready(patience)
    }

    /// `xboard`, `protover 2`, every feature answered (`accepted` or `rejected`) until
    /// `done=1`, or for the protocol's two seconds when the engine has not sent `done=0`
    /// (an engine of protocol version 1 sends no features at all); then the options: `Hash`
    /// as `memory`, `Threads` as `cores` when the engine has those features, others as
    /// `option NAME=VALUE`.
    fn xboard_handshake(
        &mut self,
        options: &[&(String, String)],
        patience: Duration,
    ) -> Result<(), Failure> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let mut features = Features::default();
        let mut deadline = Instant::now() + XBOARD_FEATURE_WAIT.min(patience);
        while features.done != Some(true) {
            let (_, line) = match self.next_line(deadline, "feature done=1") {
                Ok(line) => line,
                Err(Failure::Hung(_)) if features.done != Some(false) => break,
                Err(failure) => return Err(failure),
            };
            for (name, accepted) in features.read(&line) {
                if name == "done" && features.done == Some(false) {
                    // It asked for time to start up.
                    deadline = Instant::now() + patience;
                }
                let answer = if accepted { "accepted" } else { "rejected" };
                self.send(&format!("{answer} {name}"))?;
            }
        }
        for (name, value) in options {
            let command = match name.as_str() {
                "Hash" if features.memory => format!("memory {value}"),
                "Threads" if features.smp => format!("cores {value}"),
                "Hash" | "Threads" => continue,
                _ => format!("option {name}={value}"),
            };
            self.send(&command)?;
        }
        self.xboard = Some(XboardState {
            features,
            ..XboardState::default()
        });
        self.ready(patience)
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

    /// Waits within `patience` until the engine has done with what came before: UCI's
    /// `isready` and `readyok`, xboard's `ping N` and `pong N` (nothing to wait for from an
    /// xboard engine without the ping feature).
    pub fn ready(&mut self, patience: Duration) -> Result<(), Failure> {
        let deadline = Instant::now() + patience;
        let Some(state) = &mut self.xboard else {
            self.send("isready")?;
            return self.wait_for("readyok", deadline).map(|_| ());
        };
        if !state.features.ping {
            return Ok(());
        }
        state.pings += 1;
        let number = state.pings;
        let pong = format!("pong {number}");
        self.send(&format!("ping {number}"))?;
        loop {
            let (_, line) = self.next_line(deadline, &pong)?;
            if line.trim() == pong {
                return Ok(());
            }
        }
    }

    /// A new game from `start` at `limit`: UCI's `ucinewgame`; xboard's `new`, `force`,
    /// `setboard` and the time control. `Err(StartError::Unusable)`: the engine cannot play this
    /// game at all (an xboard engine without setboard and a start that is not the standard
    /// one), which stops the match; `Err(StartError::Failed)`: it failed meanwhile.
    pub fn new_game(
        &mut self,
        start: &Board,
        limit: &Limit,
        patience: Duration,
    ) -> Result<(), StartError> {
        let Some(state) = &mut self.xboard else {
            return self
                .send("ucinewgame")
                .and_then(|()| self.ready(patience))
                .map_err(StartError::Failed);
        };
        let commands = xboard::new_game_commands(start, limit, &state.features)
            .map_err(|why| StartError::Unusable(format!("{} {why}", self.name)))?;
        state.told = 0;
        for command in commands {
            self.send(&command).map_err(StartError::Failed)?;
        }
        self.ready(patience).map_err(StartError::Failed)
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

    /// One search of `turn`, whose answer must come within `deadline_after` of the `go`.
    /// Lines left from before (an `info` after a `bestmove`) are dropped first.
    pub fn think(&mut self, turn: &Turn<'_>, deadline_after: Duration) -> Result<Reply, Failure> {
        while self.lines.try_recv().is_ok() {}
        if self.xboard.is_some() {
            self.think_xboard(turn, deadline_after)
        } else {
            self.think_uci(turn, deadline_after)
        }
    }

    /// `position` and `go`, then the lines until `bestmove`.
    fn think_uci(&mut self, turn: &Turn<'_>, deadline_after: Duration) -> Result<Reply, Failure> {
        self.send(&position_command(turn.game, turn.notation))?;
        self.send(&go_command(turn))?;
        let sent = Instant::now();
        let deadline = sent + deadline_after;
        let (mut score, mut depth) = (None, None);
        loop {
            let (at, line) = self.next_line(deadline, "bestmove")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    return Ok(Reply {
                        answer: Answer::Move(words.next().unwrap_or("").to_string()),
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

    /// `force`, the moves the engine has not seen, the clocks (`time`, `otim`) and `go`,
    /// then the lines until its move or `resign`. A result claimed against itself is a
    /// resignation; another claim is only noted (engines may claim a draw just before the
    /// move that makes it): if no move follows, the claim is the answer.
    fn think_xboard(
        &mut self,
        turn: &Turn<'_>,
        deadline_after: Duration,
    ) -> Result<Reply, Failure> {
        let state = self.xboard.as_ref().expect("an xboard engine");
        let clocks = matches!(turn.limit, Limit::Clock { .. }).then_some(turn.clocks);
        let (commands, sent_moves) = xboard::turn_commands(
            turn.game.start(),
            turn.game.moves(),
            state.told,
            &state.features,
            turn.notation,
            clocks,
        );
        for command in &commands {
            self.send(command)?;
        }
        let mover_is_white = turn.game.board().side_to_move() == Color::White;
        let sent = Instant::now();
        let deadline = sent + deadline_after;
        let (mut score, mut depth, mut claim) = (None, None, None);
        let (answer, at) = loop {
            let (at, line) = match self.next_line(deadline, "move") {
                Ok(line) => line,
                // No move after a claim: the claim is the answer.
                Err(Failure::Hung(why)) => match claim.take() {
                    Some((at, text)) => break (Answer::Claim(text), at),
                    None => return Err(Failure::Hung(why)),
                },
                Err(failure) => return Err(failure),
            };
            match xboard::read_line(&line) {
                xboard::Line::Move(text) => break (Answer::Move(text), at),
                xboard::Line::Resign => break (Answer::Resign, at),
                xboard::Line::Claim(text) if xboard::claim_is_own_loss(&text, mover_is_white) => {
                    break (Answer::Resign, at)
                }
                xboard::Line::Claim(text) => claim = Some((at, text)),
                xboard::Line::Refusal(text) if xboard::refuses_one_of(&text, &sent_moves) => {
                    return Err(Failure::Refused(text))
                }
                xboard::Line::Thinking {
                    depth: new_depth,
                    score: new_score,
                } => (score, depth) = (Some(new_score), Some(new_depth)),
                xboard::Line::Refusal(_) | xboard::Line::Other => {}
            }
        };
        if let Some(state) = &mut self.xboard {
            // It has the moves sent and, after a move, its own.
            let own = usize::from(matches!(answer, Answer::Move(_)));
            state.told = turn.game.moves().len() + own;
        }
        Ok(Reply {
            answer,
            elapsed: at.saturating_duration_since(sent),
            score,
            depth,
        })
    }
}

/// The `position` command of a game so far.
fn position_command(game: &Game, notation: UciNotation) -> String {
    let start = game.start();
    let from = if start.to_fen() == Board::STARTPOS_FEN {
        "position startpos".to_string()
    } else {
        format!("position fen {}", start.to_fen())
    };
    if game.moves().is_empty() {
        from
    } else {
        format!("{from} moves {}", notation.write_all(game.moves()))
    }
}

/// The `go` command of a turn.
fn go_command(turn: &Turn<'_>) -> String {
    // Milliseconds for `go`, at least 1.
    let millis = |ms: i64| ms.max(1);
    match turn.limit {
        Limit::Clock { increment, .. } => {
            let inc = increment.as_millis();
            format!(
                "go wtime {} btime {} winc {inc} binc {inc}",
                millis(turn.clocks[0]),
                millis(turn.clocks[1])
            )
        }
        Limit::MoveTime(time) => format!("go movetime {}", time.as_millis().max(1)),
        Limit::Nodes(nodes) => format!("go nodes {nodes}"),
        Limit::Depth(depth) => format!("go depth {depth}"),
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

    #[test]
    fn positions_are_sent_from_the_start_or_a_fen() {
        let mut game = Game::startpos();
        assert_eq!(
            position_command(&game, UciNotation::STANDARD),
            "position startpos"
        );
        game.play_san("e4").unwrap();
        assert_eq!(
            position_command(&game, UciNotation::STANDARD),
            "position startpos moves e2e4"
        );
        let board = Board::chess960(0).unwrap();
        let mut game = Game::new(board.clone());
        assert_eq!(
            position_command(&game, UciNotation::chess960(&board)),
            format!("position fen {}", board.to_fen())
        );
        game.play_san("g3").unwrap();
        assert!(position_command(&game, UciNotation::chess960(&board)).ends_with(" moves g2g3"));
    }

    #[test]
    fn go_commands_follow_the_limit() {
        let game = Game::startpos();
        let turn = |limit| Turn {
            game: &game,
            notation: UciNotation::STANDARD,
            limit,
            clocks: [5_000, -20],
        };
        let clock = Limit::Clock {
            base: Duration::from_secs(5),
            increment: Duration::from_millis(50),
        };
        assert_eq!(
            go_command(&turn(clock)),
            "go wtime 5000 btime 1 winc 50 binc 50"
        );
        assert_eq!(go_command(&turn(Limit::Nodes(900))), "go nodes 900");
        assert_eq!(
            go_command(&turn(Limit::MoveTime(Duration::from_millis(250)))),
            "go movetime 250"
        );
        assert_eq!(go_command(&turn(Limit::Depth(6))), "go depth 6");
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

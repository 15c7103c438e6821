//! The `uci_session` target: a whole UCI session, line after line, against the engine's
//! protocol loop ([`Engine::handle_line`]) in the same process.

use crate::shown;
use outpost_board::{Board, Move};
use outpost_movegen::uci::parse_uci_move;
use outpost_movegen::{legal_moves, Game};
use outpost_uci::command::{GoCommand, PositionCommand, StartPosition};
use outpost_uci::{Engine, OptionChange, SharedOutput, UciCommand};

/// The most input lines of one session.
pub const MAX_LINES: usize = 48;
/// The `Hash` (MiB) every session starts with, set before its first line. The pages of a
/// fresh table come from the operating system as the search first writes to them, one page
/// fault per 4 KiB page: at the default 16 MiB these faults took most of a run's time.
pub const START_HASH_MIB: usize = 1;
/// The largest `Hash` (MiB) passed on; larger ones are left out (a bigger table costs time
/// to allocate and free on every run, and tells nothing new).
pub const MAX_HASH_MIB: usize = 64;
/// The most `Threads` passed on; more are left out (thread start-up on every run).
pub const MAX_THREADS: usize = 4;
/// The deepest `go perft` passed on; 4 to 15 plies are left out (up to years of counting),
/// deeper ones are passed on, since the engine refuses them at once.
pub const MAX_PERFT_DEPTH: u32 = 3;
/// A `go` with at most this depth (or [`MAX_NODES_TO_FINISH`] nodes) and without
/// `infinite` or `ponder` is left to finish; any other `go` is followed by `stop`.
pub const MAX_DEPTH_TO_FINISH: i32 = 2;
/// See [`MAX_DEPTH_TO_FINISH`].
pub const MAX_NODES_TO_FINISH: u64 = 500;

/// Plays the input, one line at a time, to a fresh [`Engine`] writing into memory, keeping
/// beside it its own copy of the game (replaying `position` and `ucinewgame` the way the
/// protocol defines them).
///
/// The harness keeps every run short. It starts the engine with `Hash` at
/// [`START_HASH_MIB`], and leaves out the lines that would take long: `bench`,
/// `go perft` of 4 to 15 plies, `setoption name Hash` above [`MAX_HASH_MIB`] and `Threads`
/// above [`MAX_THREADS`]. After each `go` it sends `stop` (unless the search is small
/// enough to finish: see [`MAX_DEPTH_TO_FINISH`]), waits for the search to end
/// ([`Engine::wait_for_search`]), then sends `isready`. Reading stops at `quit`, after
/// [`MAX_LINES`] lines, or at the end of the input. Lines are split at `\n` (a `\r` before
/// it dropped) and decoded as UTF-8 with `U+FFFD` for bad bytes, as the engine's reader does.
///
/// Nothing panics (on any thread: the fuzz build aborts on a panic anywhere), and:
///
/// - every `go` gives exactly one `bestmove`: a legal move of the position (one of the legal
///   `searchmoves` when some are given), or `0000` when there is none; its `ponder` move is
///   legal after it;
/// - every `info … pv …` line is a sequence of legal moves from the position, every
///   `currmove` a legal move, and the last `info` line before `bestmove` starts with the best
///   move;
/// - no line but `go` gives a `bestmove`; each `isready` gives one `readyok`, `uci` ends with
///   `uciok`, a line that is no command gives an `info string`; `d` shows the position of
///   the game the protocol defines; `quit` ends the session.
pub fn uci_session(data: &[u8]) {
    let output = SharedOutput::default();
    let mut engine = Engine::new(output.clone());
    engine.seed_book(0);
    engine.handle_line(&format!("setoption name Hash value {START_HASH_MIB}"));
    let mut game = Game::startpos();
    for raw in data.split(|&byte| byte == b'\n').take(MAX_LINES) {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let line = String::from_utf8_lossy(raw);
        let command = UciCommand::parse(&line);
        if left_out(&command) {
            continue;
        }
        output.clear();
        let goes_on = engine.handle_line(&line);
        match &command {
            Ok(UciCommand::Go(go)) => {
                if !finishes(go) {
                    engine.handle_line("stop");
                }
                engine.wait_for_search();
                engine.handle_line("isready");
                let text = output.text();
                check_search(&game, go, &text, &line);
                assert_eq!(count(&text, "readyok"), 1, "after {}: {text}", shown(&line));
                continue;
            }
            Ok(UciCommand::Position(position)) => game = replay(position),
            Ok(UciCommand::UciNewGame) => game = Game::startpos(),
            _ => {}
        }
        let text = output.text();
        assert_eq!(
            count(&text, "bestmove"),
            0,
            "bestmove after {}: {text}",
            shown(&line)
        );
        match &command {
            Ok(UciCommand::IsReady) => {
                assert_eq!(count(&text, "readyok"), 1, "{}: {text}", shown(&line));
            }
            Ok(UciCommand::Uci) => assert!(text.contains("\nuciok\n"), "{text}"),
            Ok(UciCommand::Display) => check_display(&game, &text),
            Ok(UciCommand::Quit) => {
                assert!(!goes_on, "the session goes on after quit");
                break;
            }
            Ok(_) => {}
            // Not necessarily first: a `go perft` still counting may write its count before.
            Err(_) => assert!(
                text.lines().any(|line| line.starts_with("info string ")),
                "{}: {text}",
                shown(&line)
            ),
        }
        assert!(goes_on, "the session ended after {}", shown(&line));
    }
    output.clear();
    engine.stop_search();
    assert_eq!(
        count(&output.text(), "bestmove"),
        0,
        "a bestmove after the last line"
    );
}

/// Whether the harness leaves the line out (see [`uci_session`]).
fn left_out(command: &Result<UciCommand, outpost_uci::UciError>) -> bool {
    match command {
        Ok(UciCommand::Bench { .. }) => true,
        Ok(UciCommand::Perft { depth }) => (MAX_PERFT_DEPTH + 1..=15).contains(depth),
        Ok(UciCommand::SetOption(OptionChange::Hash(mib))) => *mib > MAX_HASH_MIB,
        Ok(UciCommand::SetOption(OptionChange::Threads(threads))) => *threads > MAX_THREADS,
        _ => false,
    }
}

/// Whether a `go` is left to finish without `stop`.
fn finishes(go: &GoCommand) -> bool {
    !go.infinite
        && !go.ponder
        && (go.depth.is_some_and(|depth| depth <= MAX_DEPTH_TO_FINISH)
            || go.nodes.is_some_and(|nodes| nodes <= MAX_NODES_TO_FINISH))
}

/// The game `position` sets up: the moves played until the first that cannot be.
fn replay(position: &PositionCommand) -> Game {
    let start = match &position.start {
        StartPosition::StartPos => Board::startpos(),
        StartPosition::Fen(board) => (**board).clone(),
    };
    let mut game = Game::new(start);
    for text in &position.moves {
        if game.play_uci(text).is_err() {
            break;
        }
    }
    game
}

/// How many lines of `text` start with the word `word`.
fn count(text: &str, word: &str) -> usize {
    text.lines()
        .filter(|line| line.split(' ').next() == Some(word))
        .count()
}

/// The output of one `go` (with the harness's `stop` and `isready`): see [`uci_session`].
fn check_search(game: &Game, go: &GoCommand, text: &str, line: &str) {
    let board = game.board();
    let fen = board.to_fen();
    let context = || format!("{} in {fen}, output:\n{text}", shown(line));
    let lines: Vec<&str> = text.lines().collect();
    let best_lines: Vec<usize> = (0..lines.len())
        .filter(|&index| lines[index].starts_with("bestmove"))
        .collect();
    let [best_index] = best_lines[..] else {
        panic!("{} bestmove lines for {}", best_lines.len(), context());
    };
    let words: Vec<&str> = lines[best_index].split(' ').collect();
    let legal = legal_moves(board);
    let (["bestmove", best] | ["bestmove", best, "ponder", _]) = words[..] else {
        panic!("malformed {} for {}", lines[best_index], context());
    };
    if legal.is_empty() {
        assert_eq!(best, "0000", "for {}", context());
    } else {
        let mv = parse_uci_move(board, best)
            .unwrap_or_else(|error| panic!("bestmove {best}: {error}, for {}", context()));
        let search_moves: Vec<Move> = go
            .search_moves
            .iter()
            .filter_map(|text| parse_uci_move(board, text).ok())
            .collect();
        assert!(
            search_moves.is_empty() || search_moves.contains(&mv),
            "bestmove {best} not among the searchmoves, for {}",
            context()
        );
        if let ["bestmove", _, "ponder", ponder] = words[..] {
            let mut after = board.clone();
            after.make(mv);
            assert!(
                parse_uci_move(&after, ponder).is_ok(),
                "ponder move {ponder} illegal, for {}",
                context()
            );
        }
    }
    for info in lines.iter().filter(|line| line.starts_with("info ")) {
        check_info(board, info, &context);
    }
    // With MultiPV the last line is the worst line shown; the best is `multipv 1`.
    if let Some(last_info) = lines[..best_index].iter().rev().find(|line| {
        line.starts_with("info ") && !line.starts_with("info string") && multipv(line) == 1
    }) {
        if let Some(first) = pv(last_info).and_then(|moves| moves.first().copied()) {
            assert_eq!(
                first,
                best,
                "the last pv does not start with bestmove, for {}",
                context()
            );
        }
    }
}

/// The rank after `multipv` in an `info` line (1 when the line has none).
fn multipv(info: &str) -> usize {
    let words: Vec<&str> = info.split(' ').collect();
    words
        .iter()
        .position(|&word| word == "multipv")
        .and_then(|at| words.get(at + 1)?.parse().ok())
        .unwrap_or(1)
}

/// The moves after `pv` in an `info` line.
fn pv(info: &str) -> Option<Vec<&str>> {
    let words: Vec<&str> = info.split(' ').collect();
    let at = words.iter().position(|&word| word == "pv")?;
    Some(words[at + 1..].to_vec())
}

/// An `info` line's `pv` and `currmove` are legal from `board`.
fn check_info(board: &Board, info: &str, context: &dyn Fn() -> String) {
    if info.starts_with("info string") {
        return;
    }
    let words: Vec<&str> = info.split(' ').collect();
    if let Some(at) = words.iter().position(|&word| word == "currmove") {
        let mv = words.get(at + 1).copied().unwrap_or("");
        assert!(
            parse_uci_move(board, mv).is_ok(),
            "currmove {mv}, for {}",
            context()
        );
    }
    if let Some(moves) = pv(info) {
        let mut position = board.clone();
        for text in moves {
            let mv = parse_uci_move(&position, text)
                .unwrap_or_else(|error| panic!("{info}: {error}, for {}", context()));
            position.make(mv);
        }
    }
}

/// `d` shows the game's position: its FEN and hash.
fn check_display(game: &Game, text: &str) {
    let board = game.board();
    let fen = format!("FEN: {}", board.to_fen());
    let hash = format!("Hash: {:016x}", board.hash());
    assert!(
        text.lines().any(|line| line == fen) && text.lines().any(|line| line == hash),
        "d shows another position than {fen}:\n{text}"
    );
}

//! Plays one game engine against engine, with a fixed number of nodes per move (default
//! 20000), and prints it in PGN. The game ends by the rules (mate, stalemate, fifty moves,
//! threefold repetition, insufficient material) or after 300 plies.
//!
//! ```sh
//! cargo run --release -p examples --bin selfplay -- 20000
//! ```

use outpost_movegen::Game;
use outpost_pgn::{write_pgn, PgnGame};
use outpost_search::{Limits, SearchSignals, Searcher};
use std::io::{self, Write};
use std::process::ExitCode;

const USAGE: &str = "\
Plays one game of Outpost against itself and prints it in PGN.

Usage: selfplay [NODES]

NODES is the number of nodes each side searches per move (default 20000).";

/// The game is stopped (with result `*`) after this many plies.
const MAX_PLIES: usize = 300;

fn main() -> ExitCode {
    let argument = std::env::args().nth(1);
    if matches!(argument.as_deref(), Some("-h" | "--help")) {
        // `--help | head -2` must not panic: a failed write is let go.
        let _ = writeln!(io::stdout(), "{USAGE}");
        return ExitCode::SUCCESS;
    }
    let nodes = match argument.map(|text| text.parse::<u64>()) {
        None => 20_000,
        Some(Ok(nodes)) if nodes > 0 => nodes,
        Some(_) => {
            eprintln!(
                "selfplay: the argument is a number of nodes per move, such as 20000\n\n{USAGE}"
            );
            return ExitCode::from(2);
        }
    };
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    // One searcher per side, so that neither sees the other's transposition table.
    let mut searchers = [Searcher::new(16), Searcher::new(16)];
    let mut game = Game::startpos();
    // The hashes of the positions before the current one, for the search to see repetitions.
    let mut history = Vec::new();

    while !game.status_claiming_draws().is_over() && game.moves().len() < MAX_PLIES {
        let board = game.board().clone();
        let searcher = &mut searchers[board.side_to_move().index()];
        let result = searcher.search(&board, &history, &limits, &SearchSignals::new(), |_| {});
        // The status says there is a legal move, so the search returns one.
        let Some(mv) = result.best_move else { break };
        history.push(board.hash());
        game.play(mv);
    }

    // The result and the reason come from the game's status; a game stopped at the ply cap
    // has neither, so say why it stopped.
    let event = format!("Outpost self-play, {nodes} nodes per move");
    let tags = [
        ("Event", event.as_str()),
        ("Round", "1"),
        ("White", "Outpost"),
        ("Black", "Outpost"),
    ];
    let mut pgn = PgnGame::from_game(&game, &tags);
    if pgn.termination.is_none() {
        pgn.termination = Some(format!("Stopped after {MAX_PLIES} plies"));
    }
    // `print!` would panic on a closed pipe (`selfplay | head -8`); a write error is returned.
    let mut out = io::stdout().lock();
    match out
        .write_all(write_pgn(&pgn).as_bytes())
        .and_then(|()| out.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("selfplay: {error}");
            ExitCode::FAILURE
        }
    }
}

//! `cargo xtask turns`: where an engine's lost games turned. In each game of a match's PGN
//! that the engine lost, the first move of its opponent scored at least `--opponent`
//! centipawns (the opponent's own view) right after a move the engine scored at least
//! `--own` (its own view): the engine did not see what the opponent saw. The turns are
//! counted by what was on the board where the engine moved, and listed with `--list`.
//!
//! The scores are those `cargo xtask match` writes after each move (`+0.35/12 0.105s`, as
//! cutechess does: the mover's score in pawns, or `+M3`/`-M3` for a mate), read by
//! [`comment_score`].

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use outpost_board::{Board, Color, PieceKind};
use outpost_pgn::{PgnGame, PgnResult};

use crate::match_runner::{comment_score, Score};
use crate::{plural, Verdict};

/// At most this many pieces besides pawns and kings on the board, both sides together, and
/// the position counts as an endgame.
const ENDGAME_PIECES: u32 = 4;

/// What `cargo xtask turns` reads and looks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnsOptions {
    /// The match's games.
    pub pgn: PathBuf,
    /// The engine whose losses are read, as the `White` and `Black` tags name it.
    pub engine: String,
    /// The engine's score (its view, centipawns) at or above which it did not see the loss.
    pub own: i32,
    /// The opponent's score (its view, centipawns) from which it saw the win.
    pub opponent: i32,
    /// Whether each turn is printed.
    pub list: bool,
}

/// Where a lost game turned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The game's `Round` tag.
    pub round: String,
    /// The ply of the engine's move before the turn (1 for the first move from the game's
    /// start).
    pub ply: usize,
    /// The engine's score of that move, its view.
    pub own: Score,
    /// The opponent's score of the move after it, its view.
    pub opponent: Score,
    /// The position the engine moved from.
    pub fen: String,
    /// What was on the board there.
    pub kind: TurnKind,
}

/// What was on the board where a game turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TurnKind {
    /// The engine scored its move 0.00 exactly: it expected a draw (a repetition, often).
    ExpectedDraw,
    /// More than [`ENDGAME_PIECES`] pieces besides pawns and kings, a queen among them.
    MiddlegameWithQueens,
    /// More than [`ENDGAME_PIECES`] pieces besides pawns and kings, no queen.
    MiddlegameWithoutQueens,
    /// At most [`ENDGAME_PIECES`] pieces besides pawns and kings, a queen among them.
    EndgameWithQueens,
    /// At most [`ENDGAME_PIECES`] pieces besides pawns and kings, no queen.
    EndgameWithoutQueens,
}

impl TurnKind {
    /// Every kind, in the order the summary prints them.
    const ALL: [TurnKind; 5] = [
        TurnKind::ExpectedDraw,
        TurnKind::MiddlegameWithQueens,
        TurnKind::MiddlegameWithoutQueens,
        TurnKind::EndgameWithQueens,
        TurnKind::EndgameWithoutQueens,
    ];

    /// The kind in words.
    fn describe(self) -> String {
        let endgame = format!("endgame (at most {ENDGAME_PIECES} pieces besides pawns and kings)");
        match self {
            TurnKind::ExpectedDraw => "its score 0.00 (a draw expected)".to_string(),
            TurnKind::MiddlegameWithQueens => "middlegame, a queen on the board".to_string(),
            TurnKind::MiddlegameWithoutQueens => "middlegame, no queen".to_string(),
            TurnKind::EndgameWithQueens => format!("{endgame}, a queen"),
            TurnKind::EndgameWithoutQueens => format!("{endgame}, no queen"),
        }
    }

    /// The kind of a turn the engine scored `own`, moving from `board`.
    fn of(own: Score, board: &Board) -> TurnKind {
        if own == Score::Cp(0) {
            return TurnKind::ExpectedDraw;
        }
        let pawns_and_kings = board.pieces(PieceKind::Pawn) | board.pieces(PieceKind::King);
        let pieces = (board.occupied() & !pawns_and_kings).count();
        let queens = board.pieces(PieceKind::Queen).is_nonempty();
        match (pieces <= ENDGAME_PIECES, queens) {
            (false, true) => TurnKind::MiddlegameWithQueens,
            (false, false) => TurnKind::MiddlegameWithoutQueens,
            (true, true) => TurnKind::EndgameWithQueens,
            (true, false) => TurnKind::EndgameWithoutQueens,
        }
    }
}

/// Reads the PGN, prints the summary (and the turns with `--list`).
pub fn run(options: &TurnsOptions) -> Result<Verdict, String> {
    let EngineGames { played, unreadable } = read_engine_games(&options.pgn, &options.engine)?;
    let losses: Vec<&PgnGame> = played
        .iter()
        .filter(|game| lost(game, &options.engine))
        .collect();
    let turns: Vec<Turn> = losses
        .iter()
        .filter_map(|game| find_turn(game, &options.engine, options.own, options.opponent))
        .collect();
    let mut text = summary(options, played.len(), losses.len(), &turns);
    let scored = |game: &&PgnGame| {
        game.notes
            .iter()
            .flat_map(|notes| &notes.comments)
            .any(|comment| comment_score(comment).is_some())
    };
    if !losses.is_empty() && !losses.iter().any(scored) {
        let _ = writeln!(
            text,
            "(no lost game has a score in its move comments, such as the `+0.35/12 0.105s` \
             that `cargo xtask match` writes: nothing could turn)"
        );
    }
    if unreadable > 0 {
        let _ = writeln!(
            text,
            "({} of the file could not be read)",
            plural(unreadable, "game")
        );
    }
    if options.list {
        for turn in &turns {
            let _ = writeln!(
                text,
                "round {} ply {}: {} then {} ({}) {}",
                turn.round,
                turn.ply,
                turn.own.text(),
                turn.opponent.text(),
                turn.kind.describe(),
                turn.fen
            );
        }
    }
    // A reader that stops early (`| head`) is not an error.
    let _ = std::io::stdout().write_all(text.as_bytes());
    Ok(Verdict::Passed)
}

/// The games of a match's PGN that one engine played.
pub struct EngineGames {
    /// The games whose `White` or `Black` tag names the engine, in the file's order.
    pub played: Vec<PgnGame>,
    /// How many games of the file could not be read.
    pub unreadable: usize,
}

/// Reads the games of the PGN file `pgn` that `engine` played. An error for a file that
/// cannot be read, is not UTF-8, holds no game, or no game of `engine` (naming the engines
/// it does hold).
pub fn read_engine_games(pgn: &Path, engine: &str) -> Result<EngineGames, String> {
    let bytes =
        std::fs::read(pgn).map_err(|error| format!("cannot read {}: {error}", pgn.display()))?;
    let text =
        String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text", pgn.display()))?;
    let (games, errors) = outpost_pgn::read_pgn_lenient(&text);
    if games.is_empty() {
        let why = errors.first().map_or(String::new(), |error| {
            format!(" (the first error: {error})")
        });
        return Err(format!("no PGN game in {}{why}", pgn.display()));
    }
    let (played, others): (Vec<PgnGame>, Vec<PgnGame>) = games
        .into_iter()
        .partition(|game| engine_color(game, engine).is_some());
    if played.is_empty() {
        let mut names: Vec<&str> = others
            .iter()
            .flat_map(|game| [game.tag("White"), game.tag("Black")])
            .flatten()
            .collect();
        names.sort_unstable();
        names.dedup();
        let named = if names.is_empty() {
            "none of its games has White or Black tags".to_string()
        } else {
            format!("its White and Black tags name: {}", names.join(", "))
        };
        return Err(format!(
            "no game of an engine named '{engine}' in {}; {named}",
            pgn.display()
        ));
    }
    Ok(EngineGames {
        played,
        unreadable: errors.len(),
    })
}

/// The summary: the games, the losses, the turns by kind.
fn summary(options: &TurnsOptions, games: usize, losses: usize, turns: &[Turn]) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}: {}, {losses} lost; {} of the losses turned where its score was {} \
         or more and the opponent's next {} or more:",
        options.engine,
        plural(games, "game"),
        turns.len(),
        Score::Cp(options.own).text(),
        Score::Cp(options.opponent).text()
    );
    for kind in TurnKind::ALL {
        let count = turns.iter().filter(|turn| turn.kind == kind).count();
        let _ = writeln!(text, "  {count:>5}  {}", kind.describe());
    }
    text
}

/// The colour `engine` plays in `game`, if it plays.
pub fn engine_color(game: &PgnGame, engine: &str) -> Option<Color> {
    if game.tag("White") == Some(engine) {
        Some(Color::White)
    } else if game.tag("Black") == Some(engine) {
        Some(Color::Black)
    } else {
        None
    }
}

/// Whether `engine` lost `game`.
fn lost(game: &PgnGame, engine: &str) -> bool {
    matches!(
        (engine_color(game, engine), game.result),
        (Some(Color::White), PgnResult::BlackWins) | (Some(Color::Black), PgnResult::WhiteWins)
    )
}

/// The first turn of `game` for `engine`: an opponent's move scored at least `opponent`
/// centipawns right after the engine's move scored at least `own` (a move without a score
/// between them leaves no turn).
pub fn find_turn(game: &PgnGame, engine: &str, own: i32, opponent: i32) -> Option<Turn> {
    let color = engine_color(game, engine)?;
    let mut board = game.start.clone();
    // The engine's last move, if it was scored: its ply, score and position.
    let mut last_own: Option<(usize, Score, Board)> = None;
    for (index, &mv) in game.moves.iter().enumerate() {
        let before = board.clone();
        board.make(mv);
        let score = game.move_notes(index).and_then(|notes| {
            notes
                .comments
                .iter()
                .find_map(|comment| comment_score(comment))
        });
        if before.side_to_move() == color {
            last_own = score.map(|score| (index + 1, score, before));
            continue;
        }
        let (Some(score), Some((ply, own_score, own_board))) = (score, &last_own) else {
            continue;
        };
        if score.centipawns() >= opponent && own_score.centipawns() >= own {
            return Some(Turn {
                round: game.tag("Round").unwrap_or("?").to_string(),
                ply: *ply,
                own: *own_score,
                opponent: score,
                fen: own_board.to_fen(),
                kind: TurnKind::of(*own_score, own_board),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game `outpost` lost as white: it scored its moves +0.10, +0.20 and +0.30; black
    /// scored +0.40, then +2.00 after the second, then +3.00.
    const LOST: &str = r#"[White "outpost"]
[Black "other"]
[Round "7.1"]
[Result "0-1"]
[Termination "adjudication"]

1. e4 {+0.10/10 0.1s} 1... e5 {+0.40/10 0.1s} 2. Nf3 {+0.20/10 0.1s}
2... Nc6 {+2.00/10 0.1s} 3. Bc4 {+0.30/10 0.1s} 3... Nf6 {+M3/10 0.1s} 0-1
"#;

    fn game(text: &str) -> PgnGame {
        outpost_pgn::read_pgn(text).unwrap().remove(0)
    }

    #[test]
    fn the_turn_is_the_first_opponent_move_above_its_bound() {
        let turn = find_turn(&game(LOST), "outpost", -30, 150).unwrap();
        assert_eq!(turn.round, "7.1");
        assert_eq!(turn.ply, 3);
        assert_eq!((turn.own, turn.opponent), (Score::Cp(20), Score::Cp(200)));
        assert_eq!(
            turn.fen,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
        );
        assert_eq!(turn.kind, TurnKind::MiddlegameWithQueens);
        // With a higher bound for the opponent, the mate after Bc4 is the turn.
        let mate = find_turn(&game(LOST), "outpost", -30, 250).unwrap();
        assert_eq!((mate.ply, mate.opponent), (5, Score::Mate(3)));
        // None with a bound for the engine above what it scored.
        assert_eq!(find_turn(&game(LOST), "outpost", 40, 150), None);
    }

    #[test]
    fn an_unscored_move_leaves_no_turn_behind_it() {
        let text = LOST.replace("2. Nf3 {+0.20/10 0.1s}", "2. Nf3 {0.1s}");
        let turn = find_turn(&game(&text), "outpost", -30, 150).unwrap();
        assert_eq!((turn.ply, turn.opponent), (5, Score::Mate(3)));
    }

    #[test]
    fn the_engine_may_play_black() {
        // The same moves, the names swapped and white winning: outpost's +0.40 is followed
        // by +0.20, below the bound of +0.25; its +2.00 by +0.30, the turn.
        let text = LOST
            .replace("[White \"outpost\"]", "[White \"x\"]")
            .replace("[Black \"other\"]", "[Black \"outpost\"]")
            .replace("[White \"x\"]", "[White \"other\"]")
            .replace("0-1", "1-0");
        let swapped = game(&text);
        assert!(lost(&swapped, "outpost"));
        let turn = find_turn(&swapped, "outpost", -30, 25).unwrap();
        assert_eq!(
            (turn.ply, turn.own, turn.opponent),
            (4, Score::Cp(200), Score::Cp(30))
        );
    }

    #[test]
    fn only_lost_games_count_and_kinds_are_told_apart() {
        let lost_game = game(LOST);
        assert!(lost(&lost_game, "outpost"));
        assert!(!lost(&lost_game, "other"));
        let kind = |fen: &str, own| TurnKind::of(Score::Cp(own), &Board::from_fen(fen).unwrap());
        // Four pieces besides pawns and kings are an endgame, five are not.
        let rooks_and_knights = "r1n1k3/8/8/8/8/8/8/R1N1K3 w - - 0 1";
        assert_eq!(kind(rooks_and_knights, -10), TurnKind::EndgameWithoutQueens);
        assert_eq!(kind(rooks_and_knights, 0), TurnKind::ExpectedDraw);
        let five = "r1n1k3/8/8/8/8/8/8/R1NBK3 w - - 0 1";
        assert_eq!(kind(five, 10), TurnKind::MiddlegameWithoutQueens);
        assert_eq!(
            kind("q3k3/8/8/8/8/8/8/4K3 w - - 0 1", 10),
            TurnKind::EndgameWithQueens
        );
        assert_eq!(
            kind("q2rk3/8/8/8/8/8/8/R1NBK3 w - - 0 1", 10),
            TurnKind::MiddlegameWithQueens
        );
    }
}

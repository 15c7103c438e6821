//! `cargo xtask turns`: where an engine's lost games turned. In each game of a match's PGN
//! that the engine lost, the first move of its opponent scored at least `--opponent`
//! centipawns (the opponent's own view) right after a move the engine scored at least
//! `--own` (its own view): the engine did not see what the opponent saw. The turns are
//! counted by what was on the board, and listed with `--list`.
//!
//! The scores are those `cargo xtask match` writes after each move (`+0.35/12 0.105s`, as
//! cutechess does: the mover's score in pawns, or `+M3`/`-M3` for a mate).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

use outpost_board::{Board, Color, PieceKind};
use outpost_pgn::{PgnGame, PgnResult};

use crate::Verdict;

/// A mate's score in centipawns: beyond any evaluation.
const MATE_CP: i32 = 100_000;
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
    /// The ply of the engine's move before the turn (1 for white's first move).
    pub ply: usize,
    /// The engine's score of that move, its view.
    pub own: i32,
    /// The opponent's score of the move after it, its view.
    pub opponent: i32,
    /// The position the engine moved from.
    pub fen: String,
    /// What was on the board after the opponent's move.
    pub kind: TurnKind,
}

/// What was on the board where a game turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TurnKind {
    /// The engine scored its move 0.00 exactly: it expected a draw (a repetition, often).
    ExpectedDraw,
    /// More than [`ENDGAME_PIECES`] pieces, a queen among them.
    MiddlegameWithQueens,
    /// More than [`ENDGAME_PIECES`] pieces, no queen.
    MiddlegameWithoutQueens,
    /// At most [`ENDGAME_PIECES`] pieces, a queen among them.
    EndgameWithQueens,
    /// At most [`ENDGAME_PIECES`] pieces, no queen.
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
    fn describe(self) -> &'static str {
        match self {
            TurnKind::ExpectedDraw => "its score 0.00 (a draw expected)",
            TurnKind::MiddlegameWithQueens => "middlegame, queens on the board",
            TurnKind::MiddlegameWithoutQueens => "middlegame, no queen",
            TurnKind::EndgameWithQueens => "endgame (at most 4 pieces), a queen",
            TurnKind::EndgameWithoutQueens => "endgame (at most 4 pieces), no queen",
        }
    }

    /// The kind of a turn the engine scored `own`, on `board` after the opponent's move.
    fn of(own: i32, board: &Board) -> TurnKind {
        if own == 0 {
            return TurnKind::ExpectedDraw;
        }
        let pieces = [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ]
        .iter()
        .map(|&kind| board.pieces(kind).count())
        .sum::<u32>();
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
    let bytes = std::fs::read(&options.pgn)
        .map_err(|error| format!("cannot read {}: {error}", options.pgn.display()))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("{} is not UTF-8 text", options.pgn.display()))?;
    let (games, errors) = outpost_pgn::read_pgn_lenient(&text);
    if games.is_empty() {
        return Err(format!("no game in {}", options.pgn.display()));
    }
    let played: Vec<&PgnGame> = games
        .iter()
        .filter(|game| engine_color(game, &options.engine).is_some())
        .collect();
    if played.is_empty() {
        return Err(format!(
            "no game of an engine named '{}' in {} (the White and Black tags name them)",
            options.engine,
            options.pgn.display()
        ));
    }
    let losses: Vec<&PgnGame> = played
        .iter()
        .copied()
        .filter(|game| lost(game, &options.engine))
        .collect();
    let turns: Vec<Turn> = losses
        .iter()
        .filter_map(|game| find_turn(game, &options.engine, options.own, options.opponent))
        .collect();
    let mut text = summary(options, played.len(), losses.len(), &turns);
    if !errors.is_empty() {
        let _ = writeln!(
            text,
            "({} games of the file could not be read)",
            errors.len()
        );
    }
    if options.list {
        for turn in &turns {
            let _ = writeln!(
                text,
                "round {} ply {}: {:+.2} then {:+.2} ({}) {}",
                turn.round,
                turn.ply,
                f64::from(turn.own) / 100.0,
                f64::from(turn.opponent) / 100.0,
                turn.kind.describe(),
                turn.fen
            );
        }
    }
    // A reader that stops early (`| head`) is not an error.
    let _ = std::io::stdout().write_all(text.as_bytes());
    Ok(Verdict::Passed)
}

/// The summary: the games, the losses, the turns by kind.
fn summary(options: &TurnsOptions, games: usize, losses: usize, turns: &[Turn]) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}: {games} games, {losses} lost; {} of the losses turned where its score was {:+.2} \
         or more and the opponent's next {:+.2} or more:",
        options.engine,
        turns.len(),
        f64::from(options.own) / 100.0,
        f64::from(options.opponent) / 100.0
    );
    for kind in TurnKind::ALL {
        let count = turns.iter().filter(|turn| turn.kind == kind).count();
        let _ = writeln!(text, "  {count:>5}  {}", kind.describe());
    }
    text
}

/// The colour `engine` plays in `game`, if it plays.
fn engine_color(game: &PgnGame, engine: &str) -> Option<Color> {
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
/// right after the engine's last scored move at least `own`.
pub fn find_turn(game: &PgnGame, engine: &str, own: i32, opponent: i32) -> Option<Turn> {
    let color = engine_color(game, engine)?;
    let mut board = game.start.clone();
    let mut last_own: Option<(usize, i32, String)> = None;
    for (index, &mv) in game.moves.iter().enumerate() {
        let mover = board.side_to_move();
        let fen = board.to_fen();
        board.make(mv);
        let Some(score) = game.move_notes(index).and_then(|notes| {
            notes
                .comments
                .iter()
                .find_map(|comment| match_score(comment))
        }) else {
            continue;
        };
        if mover == color {
            last_own = Some((index + 1, score, fen));
        } else if score >= opponent {
            if let Some((ply, own_score, own_fen)) = &last_own {
                if *own_score >= own {
                    return Some(Turn {
                        round: game.tag("Round").unwrap_or("?").to_string(),
                        ply: *ply,
                        own: *own_score,
                        opponent: score,
                        fen: own_fen.clone(),
                        kind: TurnKind::of(*own_score, &board),
                    });
                }
            }
        }
    }
    None
}

/// The score of a `cargo xtask match` comment (`+0.35/12 0.105s`, `-M3/20 0.2s`), in
/// centipawns from the mover's view; none for a comment without one.
pub fn match_score(comment: &str) -> Option<i32> {
    let word = comment.split_whitespace().next()?;
    let score = word.split('/').next()?;
    if let Some(mate) = score.strip_prefix("+M") {
        return mate.parse::<u32>().ok().map(|_| MATE_CP);
    }
    if let Some(mate) = score.strip_prefix("-M") {
        return mate.parse::<u32>().ok().map(|_| -MATE_CP);
    }
    if !score.starts_with(['+', '-']) {
        return None;
    }
    let pawns: f64 = score.parse().ok()?;
    (pawns.is_finite() && pawns.abs() < 1e6).then(|| (pawns * 100.0).round() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_from_match_comments() {
        assert_eq!(match_score("+0.35/12 0.105s"), Some(35));
        assert_eq!(match_score("-1.50/20 0.3s"), Some(-150));
        assert_eq!(match_score("+M3/20 0.2s"), Some(MATE_CP));
        assert_eq!(match_score("-M1 0.2s"), Some(-MATE_CP));
        assert_eq!(match_score("0.105s"), None);
        assert_eq!(match_score("end of opening"), None);
        assert_eq!(match_score(""), None);
        assert_eq!(match_score("+Mx/3 1s"), None);
    }

    /// A game `engine` lost as white: it scored its moves 0.10 and 0.20 while black saw
    /// 0.40, then 2.00 after its second move.
    const LOST: &str = r#"[White "outpost"]
[Black "other"]
[Round "7.1"]
[Result "0-1"]

1. e4 {+0.10/10 0.1s} 1... e5 {+0.40/10 0.1s} 2. Nf3 {+0.20/10 0.1s}
2... Nc6 {+2.00/10 0.1s} 3. Bc4 {-3.00/10 0.1s} 0-1
"#;

    fn game(text: &str) -> PgnGame {
        outpost_pgn::read_pgn(text).unwrap().remove(0)
    }

    #[test]
    fn the_turn_is_the_first_opponent_move_above_its_bound() {
        let turn = find_turn(&game(LOST), "outpost", -30, 150).unwrap();
        assert_eq!(turn.round, "7.1");
        assert_eq!(turn.ply, 3);
        assert_eq!((turn.own, turn.opponent), (20, 200));
        assert_eq!(
            turn.fen,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
        );
        assert_eq!(turn.kind, TurnKind::MiddlegameWithQueens);
        // With a higher bound for the opponent there is none; nor with one for the engine
        // above what it scored.
        assert_eq!(find_turn(&game(LOST), "outpost", -30, 250), None);
        assert_eq!(find_turn(&game(LOST), "outpost", 30, 150), None);
        // The other engine's view: it scored its moves above -0.30, but outpost never
        // reached +1.50.
        assert_eq!(find_turn(&game(LOST), "other", -30, 150), None);
    }

    #[test]
    fn only_lost_games_count_and_endgames_are_told_apart() {
        let won = game(LOST);
        assert!(lost(&won, "outpost"));
        assert!(!lost(&won, "other"));
        let board = Board::from_fen("8/8/4k3/8/8/8/R3K3/8 w - - 0 1").unwrap();
        assert_eq!(TurnKind::of(-10, &board), TurnKind::EndgameWithoutQueens);
        assert_eq!(TurnKind::of(0, &board), TurnKind::ExpectedDraw);
    }
}

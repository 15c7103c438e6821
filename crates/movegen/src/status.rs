//! How a game ends: checkmate, stalemate, the fifty-move rule, threefold repetition and
//! insufficient material, and a [`Game`] record that knows its history well enough to decide.
//!
//! The draws by the fifty-move rule and by threefold repetition are treated as ending the game
//! as soon as they occur (as engines and most GUIs do), not only when claimed.
//!
//! ```
//! use outpost_movegen::{Game, GameStatus};
//! use outpost_board::Color;
//!
//! let mut game = Game::startpos();
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     game.play_san(san).unwrap();
//! }
//! assert_eq!(game.status(), GameStatus::Checkmate { winner: Color::Black });
//! assert_eq!(game.status().to_string(), "checkmate, black wins");
//! ```

use crate::attacks::in_check;
use crate::ext::{BoardExt, IllegalMoveError};
use crate::legal::{has_legal_move, legal_moves};
use crate::san::{line_to_san, parse_san, MoveNumbers, SanError};
use crate::uci::{UciMoveError, UciNotation};
use outpost_board::{Board, Color, Move, PieceKind, Undo, Variant};
use std::fmt;

/// Whether a game goes on, and if not, why it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// The side to move has a legal move and no draw rule applies.
    Ongoing,
    /// The side to move is in check and has no legal move.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move is not in check and has no legal move: a draw.
    Stalemate,
    /// A hundred half-moves (fifty moves each) without a capture or pawn move: a draw.
    FiftyMoveRule,
    /// The same position, with the same side to move, has occurred three times: a draw.
    ThreefoldRepetition,
    /// Neither side has the material left to give mate: a draw.
    InsufficientMaterial,
}

impl GameStatus {
    /// `true` for every status except [`GameStatus::Ongoing`].
    pub fn is_over(self) -> bool {
        self != GameStatus::Ongoing
    }

    /// `true` when the game ended in a draw.
    pub fn is_draw(self) -> bool {
        !matches!(self, GameStatus::Ongoing | GameStatus::Checkmate { .. })
    }

    /// The winner, for a checkmate.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameStatus::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
}

impl fmt::Display for GameStatus {
    /// A short human reason: `checkmate, white wins`, `draw by stalemate`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameStatus::Ongoing => f.write_str("game in progress"),
            GameStatus::Checkmate { winner } => write!(f, "checkmate, {winner} wins"),
            GameStatus::Stalemate => f.write_str("draw by stalemate"),
            GameStatus::FiftyMoveRule => f.write_str("draw by the fifty-move rule"),
            GameStatus::ThreefoldRepetition => f.write_str("draw by threefold repetition"),
            GameStatus::InsufficientMaterial => f.write_str("draw by insufficient material"),
        }
    }
}

/// `true` when no sequence of legal moves can lead to checkmate: king against king, king and
/// one knight or bishop against a bare king, or kings with any number of bishops that all stand
/// on squares of one colour (such as K+B v K+B with same-coloured bishops).
///
/// Positions where mate is possible only with help from the losing side (K+N+N v K, K+B v K+N,
/// K+B v K+B on opposite colours) are not counted as insufficient.
///
/// Chess Fragments counts as insufficient only what its rules name: a lone king, or king and
/// one minor piece against a lone king.
pub fn insufficient_material(board: &Board) -> bool {
    let heavy = board.pieces(PieceKind::Pawn)
        | board.pieces(PieceKind::Rook)
        | board.pieces(PieceKind::Queen)
        | board.pieces(PieceKind::Right);
    if heavy.is_nonempty() {
        return false;
    }
    let knights = board.pieces(PieceKind::Knight);
    let bishops = board.pieces(PieceKind::Bishop);
    let minors = (knights | bishops).count();
    if minors <= 1 {
        return true;
    }
    board.variant() == Variant::Chess && knights.is_empty() && {
        let light = bishops.filter(|square| square.is_light()).count();
        light == 0 || light == minors as usize
    }
}

/// A game: the position it started from, the moves played since, and what is needed to take
/// them back and to detect repetitions.
///
/// ```
/// use outpost_movegen::Game;
///
/// let mut game = Game::startpos();
/// game.play_uci("e2e4").unwrap();
/// game.play_san("c5").unwrap();
/// assert_eq!(game.san_moves(), "e4 c5");
/// game.undo();
/// assert_eq!(game.moves().len(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Board,
    board: Board,
    moves: Vec<Move>,
    undos: Vec<Undo>,
    /// `hashes[i]` is the hash of the position after `i` moves; `hashes[0]` is the start.
    hashes: Vec<u64>,
}

impl Default for Game {
    /// A game from the standard starting position.
    fn default() -> Game {
        Game::startpos()
    }
}

impl Game {
    /// A game starting from `board`.
    pub fn new(board: Board) -> Game {
        Game {
            hashes: vec![board.hash()],
            start: board.clone(),
            board,
            moves: Vec::new(),
            undos: Vec::new(),
        }
    }

    /// A game from the standard starting position.
    pub fn startpos() -> Game {
        Game::new(Board::startpos())
    }

    /// The position the game started from.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played so far, oldest first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played so far in SAN, separated by spaces (`e4 e5 Nf3`).
    pub fn san_moves(&self) -> String {
        line_to_san(&self.start, &self.moves, MoveNumbers::Hidden)
    }

    /// Plays `mv` if it is legal in the current position (with its kind: see
    /// [`BoardExt::find_move`]); otherwise leaves the game as it was. The checked form of
    /// [`Game::play`].
    ///
    /// ```
    /// use outpost_board::{Move, Square};
    /// use outpost_movegen::{BoardExt, Game};
    ///
    /// let mut game = Game::startpos();
    /// assert!(game.try_play(Move::quiet(Square::E2, Square::E5)).is_err());
    /// let e4 = game.board().find_move(Square::E2, Square::E4, None).unwrap();
    /// game.try_play(e4).unwrap();
    /// assert_eq!(game.san_moves(), "e4");
    /// ```
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let undo = self.board.try_play(mv)?;
        self.record(mv, undo);
        Ok(())
    }

    /// Plays `mv`, which must be legal in the current position, **unchecked**: the fast form
    /// for an engine that plays moves it generated. Its legality is asserted only in debug
    /// builds; in a release build a move that is not legal (such as one built with the wrong
    /// kind, `Move::quiet(E2, E4)` for the double push `e2e4`) leaves the game in an
    /// unspecified state. Use [`Game::try_play`], [`Game::play_uci`] or [`Game::play_san`]
    /// for moves from outside.
    pub fn play(&mut self, mv: Move) {
        debug_assert!(
            legal_moves(&self.board).contains(&mv),
            "Game::play: {mv} is not legal in {}",
            self.board.to_fen()
        );
        let undo = self.board.make(mv);
        self.record(mv, undo);
    }

    /// Keeps `mv`, just made on the board with `undo` as its record.
    fn record(&mut self, mv: Move, undo: Undo) {
        self.moves.push(mv);
        self.undos.push(undo);
        self.hashes.push(self.board.hash());
    }

    /// Plays the legal move written as `text` in UCI notation (`e2e4`, `e7e8q`) and returns
    /// it; on error the game is unchanged.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, UciMoveError> {
        self.play_uci_in(UciNotation::STANDARD, text)
    }

    /// Plays the legal move written as `text` in `notation` (with `UCI_Chess960`, castling
    /// is king takes rook) and returns it; on error the game is unchanged.
    pub fn play_uci_in(&mut self, notation: UciNotation, text: &str) -> Result<Move, UciMoveError> {
        let mv = notation.parse(&self.board, text)?;
        self.play(mv);
        Ok(mv)
    }

    /// Plays the legal move written as `text` in SAN (`Nf3`, `O-O`, `e8=Q`) and returns it;
    /// on error the game is unchanged.
    pub fn play_san(&mut self, text: &str) -> Result<Move, SanError> {
        let mv = parse_san(&self.board, text)?;
        self.play(mv);
        Ok(mv)
    }

    /// Takes back the last move and returns it; `None` at the start of the game.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let undo = self.undos.pop()?;
        self.hashes.pop();
        self.board.unmake(mv, &undo);
        Some(mv)
    }

    /// How many times the current position has occurred in the game, this time included (so
    /// at least 1).
    ///
    /// Positions are compared by hash, with the same side to move, and only back to the last
    /// capture or pawn move (within the half-move clock), since no earlier position can
    /// come back. Positions before the start of the record are not known.
    pub fn repetitions(&self) -> usize {
        let now = self.hashes.len() - 1;
        let current = self.hashes[now];
        let reach = usize::from(self.board.halfmove_clock()).min(now);
        1 + (2..=reach)
            .step_by(2)
            .filter(|&back| self.hashes[now - back] == current)
            .count()
    }

    /// Whether the game goes on, and if not, why it ended.
    ///
    /// Checked in this order: checkmate, stalemate, fifty-move rule (half-move clock of 100
    /// or more; a mate given on the hundredth half-move still counts as mate), threefold
    /// repetition, insufficient material.
    pub fn status(&self) -> GameStatus {
        if !has_legal_move(&self.board) {
            return if in_check(&self.board) {
                GameStatus::Checkmate {
                    winner: !self.board.side_to_move(),
                }
            } else {
                GameStatus::Stalemate
            };
        }
        if self.board.halfmove_clock() >= 100 {
            GameStatus::FiftyMoveRule
        } else if self.repetitions() >= 3 {
            GameStatus::ThreefoldRepetition
        } else if insufficient_material(&self.board) {
            GameStatus::InsufficientMaterial
        } else {
            GameStatus::Ongoing
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str) -> Game {
        Game::new(Board::from_fen(fen).unwrap())
    }

    fn insufficient(fen: &str) -> bool {
        insufficient_material(&Board::from_fen(fen).unwrap())
    }

    #[test]
    fn fools_mate_is_checkmate() {
        let mut g = Game::startpos();
        for san in ["f3", "e5", "g4"] {
            g.play_san(san).unwrap();
            assert_eq!(g.status(), GameStatus::Ongoing);
        }
        g.play_san("Qh4#").unwrap();
        let status = g.status();
        assert_eq!(
            status,
            GameStatus::Checkmate {
                winner: Color::Black
            }
        );
        assert!(status.is_over() && !status.is_draw());
        assert_eq!(status.winner(), Some(Color::Black));
        assert_eq!(status.to_string(), "checkmate, black wins");
        assert_eq!(g.san_moves(), "f3 e5 g4 Qh4#");
    }

    #[test]
    fn stalemate() {
        let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(g.status(), GameStatus::Stalemate);
        assert!(g.status().is_draw());
        assert_eq!(g.status().to_string(), "draw by stalemate");
        // The same position with white to move is not stalemate.
        let g = game("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
        assert_eq!(g.status(), GameStatus::Ongoing);
    }

    #[test]
    fn fifty_move_rule() {
        let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
        assert_eq!(g.status(), GameStatus::Ongoing);
        g.play_san("Ra2").unwrap();
        assert_eq!(g.board().halfmove_clock(), 100);
        assert_eq!(g.status(), GameStatus::FiftyMoveRule);
        assert_eq!(g.status().to_string(), "draw by the fifty-move rule");
        g.undo();
        // A capture or pawn move resets the clock.
        let mut g = game("4k3/8/8/8/8/8/P7/4K2R w - - 99 80");
        g.play_san("a3").unwrap();
        assert_eq!(g.status(), GameStatus::Ongoing);
    }

    #[test]
    fn mate_on_the_hundredth_half_move_is_mate() {
        let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 99 80");
        g.play_san("Rh8#").unwrap();
        assert_eq!(g.board().halfmove_clock(), 100);
        assert_eq!(
            g.status(),
            GameStatus::Checkmate {
                winner: Color::White
            }
        );
    }

    #[test]
    fn threefold_repetition() {
        let mut g = Game::startpos();
        let line = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
        let expected_repetitions = [1, 1, 1, 2, 2, 2, 2, 3];
        for (ply, (san, reps)) in line.iter().zip(expected_repetitions).enumerate() {
            g.play_san(san).unwrap();
            assert_eq!(g.repetitions(), reps, "after ply {}", ply + 1);
            let expected = if ply == 7 {
                GameStatus::ThreefoldRepetition
            } else {
                GameStatus::Ongoing
            };
            assert_eq!(g.status(), expected, "after ply {}", ply + 1);
        }
        assert_eq!(g.status().to_string(), "draw by threefold repetition");
        g.undo();
        assert_eq!(g.status(), GameStatus::Ongoing);
    }

    #[test]
    fn repetition_is_not_counted_across_an_irreversible_move() {
        // The rook shuffles, then a pawn move: the earlier positions cannot come back.
        let mut g = game("4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1");
        for san in ["Rb1", "Kd8", "Ra1", "Ke8", "Rb1", "Kd8", "Ra1", "Ke8"] {
            g.play_san(san).unwrap();
        }
        assert_eq!(g.status(), GameStatus::ThreefoldRepetition);
        g.undo();
        g.undo();
        g.play_san("a3").unwrap();
        g.play_san("Ke8").unwrap();
        assert_eq!(g.repetitions(), 1);
        assert_eq!(g.status(), GameStatus::Ongoing);
    }

    #[test]
    fn insufficient_material_cases() {
        // Sufficient: pawns, rooks, queens, two knights, bishop and knight, opposite bishops.
        assert!(insufficient("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "K v K");
        assert!(insufficient("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"), "K+N v K");
        assert!(insufficient("4k3/8/8/8/8/8/8/4KB2 w - - 0 1"), "K+B v K");
        assert!(insufficient("4kn2/8/8/8/8/8/8/4K3 w - - 0 1"), "K v K+N");
        // f1 and c8 are both light squares.
        assert!(
            insufficient("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1"),
            "same colours"
        );
        assert!(
            insufficient("2b1k3/8/8/8/8/8/8/3BKB2 w - - 0 1"),
            "all light"
        );
        assert!(!insufficient("3bk3/8/8/8/8/8/8/4KB2 w - - 0 1"), "opposite");
        assert!(!insufficient("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "K+P v K");
        assert!(
            !insufficient("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1"),
            "K+N+N v K"
        );
        assert!(
            !insufficient("4kn2/8/8/8/8/8/8/4KB2 w - - 0 1"),
            "K+B v K+N"
        );
        assert!(!insufficient("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), "K+R v K");
        assert!(!insufficient("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), "K+Q v K");
        assert!(!insufficient(Board::STARTPOS_FEN), "start");

        let mut g = game("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
        assert_eq!(g.status(), GameStatus::Ongoing);
        g.play_san("Kxd2").unwrap();
        assert_eq!(g.status(), GameStatus::InsufficientMaterial);
        assert_eq!(g.status().to_string(), "draw by insufficient material");
    }

    #[test]
    fn undo_restores_board_and_hash_exactly() {
        let fen = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
        let mut g = game(fen);
        let start = g.board().clone();
        let mut boards = vec![start.clone()];
        for san in ["exd6", "O-O", "bxa8=Q", "Rxa8", "O-O-O", "Kf8"] {
            g.play_san(san).unwrap();
            g.board().check_consistency().unwrap();
            boards.push(g.board().clone());
        }
        assert_eq!(g.moves().len(), 6);
        while let Some(mv) = g.undo() {
            boards.pop();
            let expected = boards.last().unwrap();
            assert_eq!(g.board(), expected, "after taking back {mv}");
            assert_eq!(g.board().hash(), expected.hash());
            assert_eq!(g.board().to_fen(), expected.to_fen());
            g.board().check_consistency().unwrap();
        }
        assert_eq!(g.board(), &start);
        assert_eq!(g.board().to_fen(), fen);
        assert!(g.moves().is_empty());
        assert_eq!(g.undo(), None);
        assert_eq!(g.repetitions(), 1);
        assert_eq!(g.start(), &start);
    }

    #[test]
    fn bad_input_leaves_the_game_unchanged() {
        let mut g = Game::startpos();
        assert!(matches!(g.play_uci("e2e5"), Err(UciMoveError::Illegal(_))));
        assert!(matches!(g.play_uci("zz"), Err(UciMoveError::Malformed(_))));
        assert!(matches!(g.play_san("Nf6"), Err(SanError::Illegal(_))));
        assert!(matches!(g.play_san("é"), Err(SanError::Malformed(_))));
        assert_eq!(g.board(), &Board::startpos());
        assert!(g.moves().is_empty());
        assert_eq!(g.play_uci("g1f3").unwrap().to_string(), "g1f3");
        assert_eq!(g.moves().len(), 1);
    }

    #[test]
    fn statuses_read_well() {
        assert_eq!(GameStatus::Ongoing.to_string(), "game in progress");
        assert!(!GameStatus::Ongoing.is_over());
        assert_eq!(
            GameStatus::Checkmate {
                winner: Color::White
            }
            .to_string(),
            "checkmate, white wins"
        );
        for status in [
            GameStatus::Stalemate,
            GameStatus::FiftyMoveRule,
            GameStatus::ThreefoldRepetition,
            GameStatus::InsufficientMaterial,
        ] {
            assert!(status.is_over() && status.is_draw() && status.winner().is_none());
            assert!(status.to_string().starts_with("draw by "));
        }
    }
}

//! How a game ends: checkmate, stalemate, insufficient material, the seventy-five-move rule
//! and fivefold repetition, which end it by themselves, and the fifty-move rule and threefold
//! repetition, which let a player claim a draw; and a [`Game`] record that knows its history
//! well enough to decide.
//!
//! As in the rules of chess (FIDE's Laws, 9.2, 9.3 and 9.6), [`Game::status`] reports only
//! what ends the game by itself; a draw that a player may claim is [`Game::draw_claim`], and
//! [`Game::status_claiming_draws`] is the status when every such draw is claimed at once (as
//! engines and most GUIs do: the web page, the terminal game and `outpost-game` end the game
//! so).
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
//!
//! // A position that comes back a third time lets a player claim a draw; the game goes on
//! // unless one does.
//! let mut game = Game::startpos();
//! for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
//!     game.play_san(san).unwrap();
//! }
//! assert_eq!(game.status(), GameStatus::Ongoing);
//! assert_eq!(game.draw_claim(), Some(GameStatus::ThreefoldRepetition));
//! assert_eq!(game.status_claiming_draws(), GameStatus::ThreefoldRepetition);
//! ```

use crate::attacks::in_check;
use crate::ext::{BoardExt, IllegalMoveError};
use crate::legal::{has_legal_move, legal_moves};
use crate::san::{line_to_san, parse_san, MoveNumbers, SanError};
use crate::uci::{UciMoveError, UciNotation};
use outpost_board::{Board, Color, Move, PieceKind, Undo, Variant};
use std::fmt;

/// Whether a game goes on, and if not, why it ended.
///
/// [`Game::status`] gives the statuses that end a game by themselves: checkmate, stalemate,
/// insufficient material, the seventy-five-move rule and fivefold repetition.
/// [`GameStatus::FiftyMoveRule`] and [`GameStatus::ThreefoldRepetition`] are draws a player
/// may claim ([`GameStatus::is_claimed_draw`]): [`Game::draw_claim`] and
/// [`Game::status_claiming_draws`] give them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameStatus {
    /// The side to move has a legal move and nothing has ended the game.
    Ongoing,
    /// The side to move is in check and has no legal move.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move is not in check and has no legal move: a draw.
    Stalemate,
    /// A draw claimed under the fifty-move rule: a hundred half-moves (fifty moves each)
    /// without a capture or pawn move. Claimed, not automatic: see
    /// [`GameStatus::SeventyFiveMoveRule`].
    FiftyMoveRule,
    /// A draw claimed by threefold repetition: the same position, with the same side to move,
    /// has occurred three times. Claimed, not automatic: see
    /// [`GameStatus::FivefoldRepetition`].
    ThreefoldRepetition,
    /// Neither side has the material left to give mate: a draw.
    InsufficientMaterial,
    /// A hundred and fifty half-moves (seventy-five moves each) without a capture or pawn
    /// move, and no checkmate on the last: a draw without a claim.
    SeventyFiveMoveRule,
    /// The same position, with the same side to move, has occurred five times: a draw
    /// without a claim.
    FivefoldRepetition,
}

impl GameStatus {
    /// `true` for every status except [`GameStatus::Ongoing`]. A claimed draw
    /// ([`GameStatus::is_claimed_draw`]) is over: it is the status once claimed.
    pub fn is_over(self) -> bool {
        self != GameStatus::Ongoing
    }

    /// `true` when the game ended in a draw, automatic or claimed.
    pub fn is_draw(self) -> bool {
        !matches!(self, GameStatus::Ongoing | GameStatus::Checkmate { .. })
    }

    /// `true` for a draw that ends the game only when a player claims it: the fifty-move
    /// rule and threefold repetition. [`Game::status`] never gives one.
    pub fn is_claimed_draw(self) -> bool {
        matches!(
            self,
            GameStatus::FiftyMoveRule | GameStatus::ThreefoldRepetition
        )
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
            GameStatus::SeventyFiveMoveRule => f.write_str("draw by the seventy-five-move rule"),
            GameStatus::FivefoldRepetition => f.write_str("draw by fivefold repetition"),
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
    /// It checks the move, not the game: a move after the game ended by itself (fivefold
    /// repetition, the seventy-five-move rule, insufficient material) is still played, as a
    /// record of a game that went on may need. Ask [`Game::status`] first to stop there.
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
    /// is king takes rook) and returns it; on error the game is unchanged. Like [`Game::try_play`], it does not
    /// ask whether the game is over.
    pub fn play_uci_in(&mut self, notation: UciNotation, text: &str) -> Result<Move, UciMoveError> {
        let mv = notation.parse(&self.board, text)?;
        self.play(mv);
        Ok(mv)
    }

    /// Plays the legal move written as `text` in SAN (`Nf3`, `O-O`, `e8=Q`) and returns it;
    /// on error the game is unchanged. Like [`Game::try_play`], it does not
    /// ask whether the game is over.
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

    /// Whether the game goes on, and if not, what ended it by the rules alone: checkmate,
    /// stalemate, the seventy-five-move rule (a half-move clock of 150 or more; a mate given
    /// on the last half-move still counts as mate), fivefold repetition or insufficient
    /// material, checked in this order.
    ///
    /// A draw that a player may claim (the fifty-move rule, threefold repetition) does not
    /// end the game: see [`Game::draw_claim`] and [`Game::status_claiming_draws`].
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
        if self.board.halfmove_clock() >= 150 {
            GameStatus::SeventyFiveMoveRule
        } else if self.repetitions() >= 5 {
            GameStatus::FivefoldRepetition
        } else if insufficient_material(&self.board) {
            GameStatus::InsufficientMaterial
        } else {
            GameStatus::Ongoing
        }
    }

    /// The draw the side to move may claim now, if any: [`GameStatus::FiftyMoveRule`] (a
    /// half-move clock of 100 or more) or else [`GameStatus::ThreefoldRepetition`] (the
    /// position's third occurrence). `None` when the game is over ([`Game::status`]): no
    /// claim is made after the end.
    pub fn draw_claim(&self) -> Option<GameStatus> {
        if self.status().is_over() {
            None
        } else {
            self.claimable()
        }
    }

    /// [`Game::draw_claim`] without asking whether the game is over.
    fn claimable(&self) -> Option<GameStatus> {
        if self.board.halfmove_clock() >= 100 {
            Some(GameStatus::FiftyMoveRule)
        } else if self.repetitions() >= 3 {
            Some(GameStatus::ThreefoldRepetition)
        } else {
            None
        }
    }

    /// [`Game::status`], or else the draw a player may claim ([`Game::draw_claim`]): the
    /// status when every draw that can be claimed is claimed at once, as engines and most
    /// GUIs do.
    pub fn status_claiming_draws(&self) -> GameStatus {
        let status = self.status();
        if status.is_over() {
            return status;
        }
        self.claimable().unwrap_or(status)
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
    fn fifty_move_rule_is_claimed_seventy_five_is_automatic() {
        let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
        assert_eq!(g.status_claiming_draws(), GameStatus::Ongoing);
        assert_eq!(g.draw_claim(), None);
        g.play_san("Ra2").unwrap();
        assert_eq!(g.board().halfmove_clock(), 100);
        // The game goes on unless a player claims the draw.
        assert_eq!(g.status(), GameStatus::Ongoing);
        assert_eq!(g.draw_claim(), Some(GameStatus::FiftyMoveRule));
        assert_eq!(g.status_claiming_draws(), GameStatus::FiftyMoveRule);
        assert!(GameStatus::FiftyMoveRule.is_claimed_draw());
        assert_eq!(
            GameStatus::FiftyMoveRule.to_string(),
            "draw by the fifty-move rule"
        );
        g.undo();
        // A capture or pawn move resets the clock.
        let mut g = game("4k3/8/8/8/8/8/P7/4K2R w - - 99 80");
        g.play_san("a3").unwrap();
        assert_eq!(g.status_claiming_draws(), GameStatus::Ongoing);
        // At 150 half-moves the game is drawn without a claim.
        let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 149 120");
        assert_eq!(g.status(), GameStatus::Ongoing);
        assert_eq!(g.draw_claim(), Some(GameStatus::FiftyMoveRule));
        g.play_san("Ra2").unwrap();
        assert_eq!(g.status(), GameStatus::SeventyFiveMoveRule);
        assert_eq!(g.status_claiming_draws(), GameStatus::SeventyFiveMoveRule);
        assert_eq!(g.draw_claim(), None, "no claim after the end");
        let status = g.status();
        assert!(status.is_over() && status.is_draw() && !status.is_claimed_draw());
        assert_eq!(status.to_string(), "draw by the seventy-five-move rule");
        // Mate on the last half-move is mate.
        let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 149 120");
        g.play_san("Rh8#").unwrap();
        assert_eq!(
            g.status(),
            GameStatus::Checkmate {
                winner: Color::White
            }
        );
    }

    #[test]
    fn an_automatic_ending_comes_before_a_claim() {
        // Insufficient material ends the game at once, whatever the clock says.
        let g = game("4k3/8/8/8/8/8/8/4KB2 w - - 120 90");
        assert_eq!(g.status(), GameStatus::InsufficientMaterial);
        assert_eq!(g.draw_claim(), None);
        assert_eq!(g.status_claiming_draws(), GameStatus::InsufficientMaterial);
    }

    #[test]
    fn mate_on_the_hundredth_half_move_is_mate() {
        let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 99 80");
        g.play_san("Rh8#").unwrap();
        assert_eq!(g.board().halfmove_clock(), 100);
        assert_eq!(
            g.status_claiming_draws(),
            GameStatus::Checkmate {
                winner: Color::White
            }
        );
    }

    #[test]
    fn threefold_repetition_is_claimed_fivefold_is_automatic() {
        let mut g = Game::startpos();
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let line = shuffle.repeat(4);
        let expected_repetitions = [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5];
        for (ply, (san, reps)) in line.iter().zip(expected_repetitions).enumerate() {
            g.play_san(san).unwrap();
            assert_eq!(g.repetitions(), reps, "after ply {}", ply + 1);
            let (status, claim) = match reps {
                1 | 2 => (GameStatus::Ongoing, None),
                3 | 4 => (GameStatus::Ongoing, Some(GameStatus::ThreefoldRepetition)),
                _ => (GameStatus::FivefoldRepetition, None),
            };
            assert_eq!(g.status(), status, "after ply {}", ply + 1);
            assert_eq!(g.draw_claim(), claim, "after ply {}", ply + 1);
            assert_eq!(
                g.status_claiming_draws(),
                claim.unwrap_or(status),
                "after ply {}",
                ply + 1
            );
        }
        assert_eq!(g.status().to_string(), "draw by fivefold repetition");
        assert!(!g.status().is_claimed_draw() && g.status().is_draw());
        assert_eq!(
            GameStatus::ThreefoldRepetition.to_string(),
            "draw by threefold repetition"
        );
        g.undo();
        assert_eq!(g.status(), GameStatus::Ongoing);
        assert_eq!(g.draw_claim(), Some(GameStatus::ThreefoldRepetition));
        for _ in 0..8 {
            g.undo();
        }
        assert_eq!(g.repetitions(), 2);
        assert_eq!(g.status_claiming_draws(), GameStatus::Ongoing);
    }

    #[test]
    fn repetition_is_not_counted_across_an_irreversible_move() {
        // The rook shuffles, then a pawn move: the earlier positions cannot come back.
        let mut g = game("4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1");
        for san in ["Rb1", "Kd8", "Ra1", "Ke8", "Rb1", "Kd8", "Ra1", "Ke8"] {
            g.play_san(san).unwrap();
        }
        assert_eq!(g.draw_claim(), Some(GameStatus::ThreefoldRepetition));
        g.undo();
        g.undo();
        g.play_san("a3").unwrap();
        g.play_san("Ke8").unwrap();
        assert_eq!(g.repetitions(), 1);
        assert_eq!(g.status_claiming_draws(), GameStatus::Ongoing);
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
            GameStatus::SeventyFiveMoveRule,
            GameStatus::FivefoldRepetition,
        ] {
            assert!(status.is_over() && status.is_draw() && status.winner().is_none());
            assert!(status.to_string().starts_with("draw by "));
            assert_eq!(
                status.is_claimed_draw(),
                matches!(
                    status,
                    GameStatus::FiftyMoveRule | GameStatus::ThreefoldRepetition
                )
            );
        }
    }
}

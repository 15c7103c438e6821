//! The questions a user asks of a [`Board`] that need the rules of legal moves, as methods of
//! the board: [`BoardExt`], and the error of a checked play, [`IllegalMoveError`].

use crate::attacks;
use crate::generate::{is_pseudo_legal, MoveList};
use crate::legal::{self, has_legal_move, legal_moves, try_move};
use outpost_board::{Bitboard, Board, Move, PieceKind, Square, Undo};
use std::fmt;

mod sealed {
    /// Only [`outpost_board::Board`] implements [`super::BoardExt`], so that methods can be
    /// added to it without breaking anyone.
    pub trait Sealed {}
    impl Sealed for outpost_board::Board {}
}

/// Legal moves, check and checked play as methods of [`Board`].
///
/// `outpost-board` knows how pieces move, not which moves are legal; this trait, implemented
/// for [`Board`] alone, adds what needs the rules. Bring it into scope with
/// `use outpost_movegen::BoardExt;`. Each method is also a free function of this crate
/// ([`legal_moves`](crate::legal_moves), [`in_check`](crate::in_check),
/// [`checkers`](crate::checkers), …), which the engine uses.
///
/// A [`Move`] holds its kind besides its squares (a double push, a capture, castling…), and
/// two moves are equal only when their kinds are too: `Move::quiet(E2, E4)` is not the move
/// `e2e4` of the start position, which is a double push. Build moves with
/// [`find_move`](BoardExt::find_move) (from squares), the notation parsers
/// ([`uci::parse_uci_move`](crate::uci::parse_uci_move), [`san::parse_san`](crate::san::parse_san))
/// or take them from [`legal_moves`](BoardExt::legal_moves); play moves from outside with
/// [`try_play`](BoardExt::try_play), which refuses what is not legal, rather than with
/// [`Board::make`], which trusts its caller.
///
/// ```
/// use outpost_board::{Board, Move, PieceKind, Square};
/// use outpost_movegen::BoardExt;
///
/// let mut board = Board::startpos();
/// assert_eq!(board.legal_moves().len(), 20);
///
/// // The move from two squares, with its kind: e2e4 is a double push.
/// let e4 = board.find_move(Square::E2, Square::E4, None).unwrap();
/// assert_eq!(e4, Move::double_push(Square::E2, Square::E4));
/// assert_ne!(e4, Move::quiet(Square::E2, Square::E4));
///
/// // A checked play refuses a move with the wrong kind, and says which move was meant.
/// let error = board.try_play(Move::quiet(Square::E2, Square::E4)).unwrap_err();
/// assert_eq!(error.matching_legal_move(), Some(e4));
/// assert_eq!(board, Board::startpos());
/// board.try_play(e4).unwrap();
/// assert_eq!(board.en_passant(), Some(Square::E3));
///
/// // Check, checkers, mate.
/// let mate = Board::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
///     .unwrap();
/// assert!(mate.in_check());
/// assert_eq!(mate.checkers().into_iter().collect::<Vec<_>>(), [Square::H4]);
/// assert!(mate.is_checkmate() && !mate.is_stalemate());
///
/// // A promotion names its piece.
/// let board = Board::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// let queen = board.find_move(Square::A7, Square::A8, Some(PieceKind::Queen)).unwrap();
/// assert_eq!(queen.to_string(), "a7a8q");
/// assert_eq!(board.find_move(Square::A7, Square::A8, None), None);
/// ```
pub trait BoardExt: sealed::Sealed {
    /// Every legal move of the side to move (see [`legal_moves`](crate::legal_moves)).
    fn legal_moves(&self) -> MoveList;

    /// `true` when `mv` is one of [`legal_moves`](BoardExt::legal_moves), with its kind: any
    /// [`Move`] may be asked about. (The free function [`is_legal`](crate::is_legal), which
    /// the engine uses, only takes a move that is pseudo-legal in the position.)
    fn is_legal(&self, mv: Move) -> bool;

    /// The legal move of the piece on `from` to `to`, promoting to `promotion` (which must
    /// be given for a promotion and be `None` otherwise), with the kind the position gives it;
    /// `None` when there is none.
    ///
    /// Castling is found from the king's square and either its rook's square (king takes
    /// rook, as Chess960 writes it: `e1h1`) or the square the king lands on (`e1g1`), unless
    /// another move of the king goes there (possible in Chess960, where `f1g1` may be a
    /// step of the king; castling is then only king takes rook), as
    /// [`picks`](crate::picks) reads squares picked on a board.
    fn find_move(&self, from: Square, to: Square, promotion: Option<PieceKind>) -> Option<Move>;

    /// Plays `mv` if it is legal here (with its kind: see [`BoardExt::find_move`]) and returns
    /// the record [`Board::unmake`] takes it back with; otherwise leaves the board as it
    /// was. The checked form of [`Board::make`], which trusts its caller.
    fn try_play(&mut self, mv: Move) -> Result<Undo, IllegalMoveError>;

    /// `true` when the side to move is in check.
    fn in_check(&self) -> bool;

    /// The pieces that give check to the side to move (empty when it is not in check).
    fn checkers(&self) -> Bitboard;

    /// `true` when the side to move is in check and has no legal move.
    fn is_checkmate(&self) -> bool;

    /// `true` when the side to move is not in check and has no legal move.
    fn is_stalemate(&self) -> bool;
}

impl BoardExt for Board {
    fn legal_moves(&self) -> MoveList {
        legal_moves(self)
    }

    fn is_legal(&self, mv: Move) -> bool {
        is_pseudo_legal(self, mv) && legal::is_legal(self, mv)
    }

    fn find_move(&self, from: Square, to: Square, promotion: Option<PieceKind>) -> Option<Move> {
        let legal = legal_moves(self);
        // Castling promotes nothing.
        let castles = || {
            legal
                .iter()
                .filter(|mv| mv.is_castle() && mv.from() == from && promotion.is_none())
        };
        legal
            .iter()
            .find(|mv| {
                !mv.is_castle()
                    && mv.from() == from
                    && mv.to() == to
                    && mv.promotion_piece() == promotion
            })
            .or_else(|| {
                castles().find(|mv| {
                    let side = self
                        .castling_setup()
                        .by_king_target(self.side_to_move(), mv.to());
                    side.rook_from == to
                })
            })
            .or_else(|| castles().find(|mv| mv.to() == to))
            .copied()
    }

    fn try_play(&mut self, mv: Move) -> Result<Undo, IllegalMoveError> {
        if is_pseudo_legal(self, mv) {
            if let Some(undo) = try_move(self, mv) {
                return Ok(undo);
            }
        }
        Err(IllegalMoveError::new(self, mv))
    }

    fn in_check(&self) -> bool {
        attacks::in_check(self)
    }

    fn checkers(&self) -> Bitboard {
        attacks::checkers(self)
    }

    fn is_checkmate(&self) -> bool {
        attacks::in_check(self) && !has_legal_move(self)
    }

    fn is_stalemate(&self) -> bool {
        !attacks::in_check(self) && !has_legal_move(self)
    }
}

/// A move refused by a checked play ([`BoardExt::try_play`], [`Game::try_play`](crate::Game::try_play))
/// because it is not legal in the position.
///
/// When the move's squares and promotion name a legal move of another kind (such as
/// `Move::quiet(E2, E4)` for the double push `e2e4`), the error holds that move:
/// [`IllegalMoveError::matching_legal_move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    mv: Move,
    matching: Option<Move>,
    /// A legal promotion has the refused move's squares, which named no piece or another.
    promotion: Option<Move>,
}

impl IllegalMoveError {
    fn new(board: &Board, mv: Move) -> IllegalMoveError {
        let matching = board.find_move(mv.from(), mv.to(), mv.promotion_piece());
        let promotion = legal_moves(board)
            .iter()
            .copied()
            .find(|legal| legal.from() == mv.from() && legal.to() == mv.to())
            .filter(|legal| matching.is_none() && legal.is_promotion());
        IllegalMoveError {
            mv,
            matching,
            promotion,
        }
    }

    /// The move refused.
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The legal move with the refused move's squares and promotion, as
    /// [`BoardExt::find_move`] finds it, if there is one: the move was built with another
    /// kind than the position gives it.
    pub fn matching_legal_move(&self) -> Option<Move> {
        self.matching
    }
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({:?}) is not a legal move here",
            self.mv,
            self.mv.kind()
        )?;
        if let Some(matching) = self.matching {
            write!(
                f,
                "; the legal move with these squares is {matching} ({:?}): find moves with \
                 find_move or take them from legal_moves",
                matching.kind()
            )?;
        } else if let Some(promotion) = self.promotion {
            write!(
                f,
                "; a pawn promotes there: name the piece, as {promotion} does (find_move \
                 takes it)"
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for IllegalMoveError {}

#[cfg(test)]
mod tests {
    use super::*;

    const FENS: [&str; 6] = [
        Board::STARTPOS_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        // Chess960: king f1, rooks b1 and h1; f1g1 is a step of the king and castling.
        "1r3k1r/8/8/8/8/8/8/1R3K1R w BHbh - 0 1",
        // Chess Fragments, with its promotion to the Right.
        "2k2/P4/5/5/4K w - - 0 1",
    ];

    fn every_kind(from: Square, to: Square) -> Vec<Move> {
        let mut moves = vec![
            Move::quiet(from, to),
            Move::double_push(from, to),
            Move::castle(from, to),
            Move::capture(from, to),
            Move::en_passant(from, to),
        ];
        for piece in PieceKind::ALL {
            for capture in [false, true] {
                moves.push(Move::promotion(from, to, piece, capture));
            }
        }
        moves
    }

    #[test]
    fn checked_play_takes_exactly_the_legal_moves() {
        for fen in FENS {
            let board = Board::from_fen(fen).unwrap();
            let legal = legal_moves(&board);
            for from in Square::all() {
                for to in board.variant().squares() {
                    for mv in every_kind(from, to) {
                        let is_legal = legal.contains(&mv);
                        assert_eq!(board.is_legal(mv), is_legal, "{fen} {mv:?}");
                        let mut scratch = board.clone();
                        match scratch.try_play(mv) {
                            Ok(undo) => {
                                assert!(is_legal, "{fen} {mv:?}");
                                let mut expected = board.clone();
                                expected.make(mv);
                                assert_eq!(scratch, expected, "{fen} {mv:?}");
                                scratch.unmake(mv, &undo);
                            }
                            Err(error) => {
                                assert!(!is_legal, "{fen} {mv:?}");
                                assert_eq!(error.mv(), mv);
                                if let Some(meant) = error.matching_legal_move() {
                                    assert!(legal.contains(&meant));
                                }
                            }
                        }
                        assert_eq!(scratch, board, "{fen} {mv:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn find_move_finds_each_legal_move_from_its_squares() {
        for fen in FENS {
            let board = Board::from_fen(fen).unwrap();
            for mv in legal_moves(&board) {
                let to = if mv.is_castle() {
                    board
                        .castling_setup()
                        .by_king_target(board.side_to_move(), mv.to())
                        .rook_from
                } else {
                    mv.to()
                };
                assert_eq!(
                    board.find_move(mv.from(), to, mv.promotion_piece()),
                    Some(mv),
                    "{fen} {mv:?}"
                );
            }
        }
    }

    #[test]
    fn castling_by_the_kings_target_unless_the_king_steps_there() {
        let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let castle = board.find_move(Square::E1, Square::G1, None).unwrap();
        assert!(castle.is_castle());
        assert_eq!(board.find_move(Square::E1, Square::H1, None), Some(castle));
        assert!(board
            .find_move(Square::E1, Square::C1, None)
            .unwrap()
            .is_castle());
        // Chess960, king f1: f1g1 is the king's step, castling is f1h1.
        let board = Board::from_fen(FENS[4]).unwrap();
        let step = board.find_move(Square::F1, Square::G1, None).unwrap();
        assert_eq!(step, Move::quiet(Square::F1, Square::G1));
        assert!(board
            .find_move(Square::F1, Square::H1, None)
            .unwrap()
            .is_castle());
    }

    #[test]
    fn a_promotion_needs_its_piece_and_nothing_else_takes_one() {
        let board = Board::from_fen("1n2k3/P7/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        assert_eq!(board.find_move(Square::A7, Square::A8, None), None);
        assert_eq!(
            board.find_move(Square::A7, Square::B8, Some(PieceKind::Knight)),
            Some(Move::promotion(
                Square::A7,
                Square::B8,
                PieceKind::Knight,
                true
            ))
        );
        assert_eq!(
            board.find_move(Square::E2, Square::E3, Some(PieceKind::Queen)),
            None
        );
        assert_eq!(board.find_move(Square::E2, Square::E5, None), None);
    }

    #[test]
    fn the_error_says_what_was_meant() {
        let mut board = Board::startpos();
        let error = board
            .try_play(Move::quiet(Square::E2, Square::E4))
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "e2e4 (Quiet) is not a legal move here; the legal move with these squares is \
             e2e4 (DoublePush): find moves with find_move or take them from legal_moves"
        );
        let error = board
            .try_play(Move::quiet(Square::E2, Square::E5))
            .unwrap_err();
        assert_eq!(error.to_string(), "e2e5 (Quiet) is not a legal move here");
        assert_eq!(error.matching_legal_move(), None);
        // A promotion that names no piece.
        let mut board = Board::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let error = board
            .try_play(Move::quiet(Square::A7, Square::A8))
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "a7a8 (Quiet) is not a legal move here; a pawn promotes there: name the piece, \
             as a7a8q does (find_move takes it)"
        );
    }

    #[test]
    fn check_questions() {
        let board = Board::from_fen(FENS[3]).unwrap();
        assert!(board.in_check() && board.is_checkmate() && !board.is_stalemate());
        assert_eq!(board.checkers(), Bitboard::from_square(Square::H4));
        let board = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert!(!board.in_check() && board.is_stalemate() && !board.is_checkmate());
        assert!(board.checkers().is_empty());
        let start = Board::startpos();
        assert!(!start.in_check() && !start.is_checkmate() && !start.is_stalemate());
    }
}

//! [`PieceSquareSums`]: the part of the evaluation a move changes only where it moves, kept
//! up to date move by move so that a search need not add up every piece at every node.

use crate::tables::{table, PieceSquareTable, PHASE_WEIGHTS};
use crate::tapered::Tapered;
use outpost_board::{Board, Move, Piece, PieceKind, Square, Undo};

/// The material and piece-square balance of a position (from white's view, before
/// blending) with its game phase, unclamped (see [`crate::phase`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceSquareSums {
    balance: Tapered,
    phase: i32,
}

impl PieceSquareSums {
    /// The sums of `board`, from every piece on it.
    pub fn of(board: &Board) -> PieceSquareSums {
        let mut sums = PieceSquareSums::default();
        let table = table(board.variant());
        for piece in Piece::ALL {
            for square in board.pieces_of(piece.color(), piece.kind()) {
                sums.add(table, piece, square);
            }
        }
        sums
    }

    /// The sums after `mv`, from the sums before it (`self`) and `board` after `mv` was
    /// made with `undo`: only the squares the move changed are looked at. Equal to
    /// [`PieceSquareSums::of`] the new board.
    #[inline]
    pub fn after_move(mut self, board: &Board, mv: Move, undo: &Undo) -> PieceSquareSums {
        if mv.is_castle() {
            // Rare, and where the rook stood depends on the rule set: counted afresh.
            return PieceSquareSums::of(board);
        }
        let (from, to) = (mv.from(), mv.to());
        let table = table(board.variant());
        let Some(arrived) = board.piece_at(to) else {
            debug_assert!(false, "after_move: no piece on {to} after {mv}");
            return PieceSquareSums::of(board);
        };
        let mover = if mv.is_promotion() {
            Piece::new(arrived.color(), PieceKind::Pawn)
        } else {
            arrived
        };
        self.remove(table, mover, from);
        self.add(table, arrived, to);
        if let Some(captured) = undo.captured() {
            let square = if mv.is_en_passant() {
                // The captured pawn stood beside the mover's origin, on the target's file.
                Square::from_index(from.index() / 8 * 8 + to.index() % 8)
            } else {
                to
            };
            self.remove(table, captured, square);
        }
        self
    }

    /// The blended material and piece-square score from white's view.
    #[inline]
    pub fn blended(&self) -> i32 {
        self.balance.blend(self.phase)
    }

    /// The material and piece-square balance from white's view, before blending.
    #[inline]
    pub fn balance(&self) -> Tapered {
        self.balance
    }

    /// The game phase, unclamped (blending clamps it).
    #[inline]
    pub fn phase(&self) -> i32 {
        self.phase
    }

    #[inline]
    fn add(&mut self, table: &PieceSquareTable, piece: Piece, square: Square) {
        self.balance += table[piece.index()][square.index()];
        self.phase += PHASE_WEIGHTS[piece.kind().index()];
    }

    #[inline]
    fn remove(&mut self, table: &PieceSquareTable, piece: Piece, square: Square) {
        self.balance -= table[piece.index()][square.index()];
        self.phase -= PHASE_WEIGHTS[piece.kind().index()];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_movegen::legal_moves;
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Random games from positions with castling, en passant and promotions at hand: the
    /// sums kept move by move always equal the sums counted afresh, and taking a move back
    /// gives the earlier sums again.
    #[test]
    fn sums_kept_move_by_move_equal_sums_counted_afresh() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut moves_checked = 0;
        for fen in starts {
            for _ in 0..40 {
                let mut board = Board::from_fen(fen).unwrap();
                let mut sums = PieceSquareSums::of(&board);
                for _ in 0..150 {
                    let moves = legal_moves(&board);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.next_u32() as usize % moves.len()];
                    let undo = board.make(mv);
                    let next = sums.after_move(&board, mv, &undo);
                    assert_eq!(
                        next,
                        PieceSquareSums::of(&board),
                        "{mv} to {}",
                        board.to_fen()
                    );
                    sums = next;
                    moves_checked += 1;
                }
            }
        }
        assert!(moves_checked > 10_000);
    }
}

//! Static exchange evaluation: the material balance of the capture sequence on one square.

use outpost_board::{Bitboard, Board, Move, PieceKind, Square};
use outpost_movegen::{all_attackers_to, attackers_to, bishop_attacks, rook_attacks};

/// Piece values used by SEE and move ordering, indexed by [`PieceKind::index`] (the last is
/// the Right of Chess Fragments, a rook and a knight in one).
pub(crate) const SEE_VALUES: [i32; PieceKind::COUNT] = [100, 320, 330, 500, 900, 20_000, 1300];

/// The kinds from least to most valuable: the order in which an exchange brings in its
/// attackers.
const CHEAPEST_FIRST: [PieceKind; PieceKind::COUNT] = [
    PieceKind::Pawn,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
    PieceKind::Right,
    PieceKind::King,
];

fn value(kind: PieceKind) -> i32 {
    SEE_VALUES[kind.index()]
}

/// `true` when [`see`] of `mv` is at least `threshold`, found without the exchange when the
/// first capture settles it: the mover wins at most the captured piece, and loses at most
/// the piece it puts on the square.
#[inline]
pub(crate) fn see_at_least(board: &Board, mv: Move, threshold: i32) -> bool {
    let Some(mover) = board.piece_at(mv.from()) else {
        return threshold <= 0;
    };
    let mut captured = if mv.is_en_passant() {
        value(PieceKind::Pawn)
    } else {
        board
            .piece_at(mv.to())
            .map_or(0, |piece| value(piece.kind()))
    };
    let mut on_square = value(mover.kind());
    if let Some(promotion) = mv.promotion_piece() {
        captured += value(promotion) - value(PieceKind::Pawn);
        on_square = value(promotion);
    }
    if captured < threshold {
        false
    } else if captured - on_square >= threshold {
        true
    } else {
        see(board, mv) >= threshold
    }
}

/// The material the side to move wins (positive) or loses (negative) by playing the capture
/// or promotion `mv` and letting both sides recapture on its target square with their least
/// valuable piece for as long as that pays. Quiet moves are scored as moving a piece to a
/// square where it may be captured.
#[inline]
pub(crate) fn see(board: &Board, mv: Move) -> i32 {
    let from = mv.from();
    let to = mv.to();
    let Some(mover) = board.piece_at(from) else {
        return 0;
    };
    let mut occupied = board.occupied();
    let mut gain = [0i32; 40];
    gain[0] = if mv.is_en_passant() {
        value(PieceKind::Pawn)
    } else {
        board.piece_at(to).map_or(0, |piece| value(piece.kind()))
    };
    let mut on_square = value(mover.kind());
    if let Some(promotion) = mv.promotion_piece() {
        gain[0] += value(promotion) - value(PieceKind::Pawn);
        on_square = value(promotion);
    }
    if mv.is_en_passant() {
        // The captured pawn stands behind the target square.
        let captured = outpost_board::Square::from_index(if to.index() > from.index() {
            to.index() - 8
        } else {
            to.index() + 8
        });
        occupied = occupied.without(captured);
    }
    let mut from_set = Bitboard::from_square(from);
    let mut side = mover.color();
    let mut depth = 0;
    // The pieces of both sides attacking the square, found once and then only added to as
    // captures open lines (pieces gone from `occupied` are masked off as they go).
    let mut attackers = Bitboard::EMPTY;
    let mut removed: Option<PieceKind> = None;
    loop {
        depth += 1;
        if depth >= gain.len() {
            break;
        }
        gain[depth] = on_square - gain[depth - 1];
        if (-gain[depth - 1]).max(gain[depth]) < 0 {
            break;
        }
        occupied &= !from_set;
        side = !side;
        attackers = match removed {
            None => all_attackers_to(board, to, occupied),
            Some(kind) => attackers | revealed_attackers(board, to, kind, occupied),
        };
        let ours = attackers & occupied & board.color(side);
        if ours.is_empty() {
            break;
        }
        let mut next = None;
        for kind in CHEAPEST_FIRST {
            let of_kind = ours & board.pieces_of(side, kind);
            if let Some(square) = of_kind.first() {
                next = Some((kind, square));
                break;
            }
        }
        let Some((kind, square)) = next else {
            break;
        };
        if kind == PieceKind::King {
            let rest = occupied.without(square);
            if (attackers_to(board, to, !side, rest) & rest).is_nonempty() {
                break;
            }
        }
        from_set = Bitboard::from_square(square);
        on_square = value(kind);
        removed = Some(kind);
    }
    while depth > 1 {
        depth -= 1;
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
    }
    gain[0]
}

/// The sliders that attack `square` through the square a piece of `kind` attacking it
/// just left, with `occupied` (without that piece) as the blockers: a pawn or a bishop
/// attacks along a diagonal, a rook along a line, a queen or a king along either, the Right
/// along a line or as a knight (then no slider is behind it, and the attackers found again
/// change nothing); a knight stands on no line through the square.
#[inline]
fn revealed_attackers(
    board: &Board,
    square: Square,
    kind: PieceKind,
    occupied: Bitboard,
) -> Bitboard {
    let diagonal = matches!(
        kind,
        PieceKind::Pawn | PieceKind::Bishop | PieceKind::Queen | PieceKind::King
    );
    let straight = matches!(
        kind,
        PieceKind::Rook | PieceKind::Queen | PieceKind::King | PieceKind::Right
    );
    let mut revealed = Bitboard::EMPTY;
    if diagonal {
        revealed |= bishop_attacks(square, occupied) & diagonal_sliders(board);
    }
    if straight {
        revealed |= rook_attacks(square, occupied) & straight_sliders(board);
    }
    revealed
}

/// The bishops and queens of both sides.
fn diagonal_sliders(board: &Board) -> Bitboard {
    board.pieces(PieceKind::Bishop) | board.pieces(PieceKind::Queen)
}

/// The rooks, queens and Rights of both sides.
fn straight_sliders(board: &Board) -> Bitboard {
    board.pieces(PieceKind::Rook) | board.pieces(PieceKind::Queen) | board.pieces(PieceKind::Right)
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_movegen::uci::parse_uci_move;

    fn see_of(fen: &str, text: &str) -> i32 {
        let board = Board::from_fen(fen).unwrap();
        let mv = parse_uci_move(&board, text).unwrap();
        see(&board, mv)
    }

    #[test]
    fn exchanges() {
        // Pawn takes an undefended knight.
        assert_eq!(see_of("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 320);
        // Queen takes a pawn defended by a pawn.
        assert_eq!(
            see_of("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5"),
            100 - 900
        );
        // Rook takes a rook defended by a rook, backed by our rook (x-ray).
        assert_eq!(see_of("3r2k1/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"), 500);
        // Equal trade.
        assert_eq!(see_of("4k3/8/4p3/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 0);
    }

    /// Every move of positions from random games, at thresholds around the exchange's
    /// value: the shortcut agrees with the full exchange.
    #[test]
    fn see_at_least_agrees_with_the_full_exchange() {
        use outpost_movegen::{legal_moves, pseudo_legal_moves, MoveList};
        use rand_chacha::rand_core::{RngCore, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut checked = 0;
        for _ in 0..20 {
            let mut board = Board::from_fen(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            )
            .unwrap();
            for _ in 0..80 {
                let mut moves = MoveList::new();
                pseudo_legal_moves(&board, &mut moves);
                for &mv in &moves {
                    let value = see(&board, mv);
                    for threshold in [value - 1, value, value + 1, -500, 0, 250] {
                        assert_eq!(
                            see_at_least(&board, mv, threshold),
                            value >= threshold,
                            "{} {mv} {threshold}",
                            board.to_fen()
                        );
                        checked += 1;
                    }
                }
                let legal = legal_moves(&board);
                if legal.is_empty() {
                    break;
                }
                board.make(legal[rng.next_u32() as usize % legal.len()]);
            }
        }
        assert!(checked > 10_000);
    }
}

//! The endgame scale: how much of the endgame half of the evaluation counts, in 128ths, in
//! the endings that are more drawn than their material says. Opposite-coloured bishops, a
//! side ahead by no more than a minor piece without a pawn to make a queen of, and the fewer
//! pawns the side ahead has, the nearer to a draw.
//!
//! The side ahead is the one the endgame half favours. These numbers are set by hand: the
//! scale multiplies the tuned terms, so the linear fit does not reach it (the tuner reads
//! each position's scale as fixed).

use crate::Tapered;
use outpost_board::{Board, Color, PieceKind, Variant};

/// The scale of an ordinary position: the endgame half counts in full.
pub const SCALE_NORMAL: i32 = 128;
/// Opposite-coloured bishops and no other piece but pawns.
const SCALE_OPPOSITE_BISHOPS_ALONE: i32 = 64;
/// Opposite-coloured bishops and one more piece each, a knight or a rook on both sides.
const SCALE_OPPOSITE_BISHOPS_WITH_PIECE: i32 = 96;
/// No pawn for the side ahead, ahead by no more than a minor piece, and only one minor
/// piece: it cannot mate.
const SCALE_NO_PAWNS_LONE_MINOR: i32 = 0;
/// No pawn for the side ahead, ahead by no more than a minor piece, against at most a
/// minor piece.
const SCALE_NO_PAWNS_AGAINST_MINOR: i32 = 8;
/// No pawn for the side ahead, ahead by no more than a minor piece, against more.
const SCALE_NO_PAWNS: i32 = 28;
/// The side ahead with no pawn; each of its pawns adds [`SCALE_PER_PAWN`] up to
/// [`SCALE_NORMAL`].
const SCALE_PAWNLESS_BASE: i32 = 96;
/// What each pawn of the side ahead adds to [`SCALE_PAWNLESS_BASE`].
const SCALE_PER_PAWN: i32 = 8;

/// Material in minor pieces' worth (knight and bishop 3, rook 5, queen 9), for telling how
/// far a side is ahead without its pawns.
const PIECE_UNITS: [(PieceKind, i32); 4] = [
    (PieceKind::Knight, 3),
    (PieceKind::Bishop, 3),
    (PieceKind::Rook, 5),
    (PieceKind::Queen, 9),
];
/// A minor piece in [`PIECE_UNITS`].
const MINOR_UNITS: i32 = 3;

/// `balance` (from white's view) of `board` blended by `phase`, its endgame half scaled by
/// [`endgame_scale`]: the evaluation from white's view.
#[inline]
pub fn blend_scaled(board: &Board, balance: Tapered, phase: i32) -> i32 {
    scaled(balance, endgame_scale(board, balance.endgame)).blend(phase)
}

/// `balance` with its endgame half scaled by `scale` 128ths (rounded towards zero, so that
/// the scale keeps the evaluation symmetric).
#[inline]
pub fn scaled(balance: Tapered, scale: i32) -> Tapered {
    Tapered::new(balance.middlegame, balance.endgame * scale / SCALE_NORMAL)
}

/// The scale, in 128ths ([`SCALE_NORMAL`] for most positions), of the endgame half of the
/// evaluation of `board` whose endgame half (from white's view, before scaling) is
/// `endgame`. Chess Fragments is not scaled.
pub fn endgame_scale(board: &Board, endgame: i32) -> i32 {
    if board.variant() != Variant::Chess {
        return SCALE_NORMAL;
    }
    let strong = if endgame > 0 {
        Color::White
    } else {
        Color::Black
    };
    let strong_pawns = board.pieces_of(strong, PieceKind::Pawn).count() as i32;
    // The material count only matters without pawns for the side ahead: most evaluations
    // skip it.
    if strong_pawns == 0 {
        let units = |color| -> i32 {
            PIECE_UNITS
                .iter()
                .map(|&(kind, units)| units * board.pieces_of(color, kind).count() as i32)
                .sum()
        };
        let (strong_units, weak_units) = (units(strong), units(!strong));
        if strong_units - weak_units <= MINOR_UNITS {
            return if strong_units <= MINOR_UNITS {
                SCALE_NO_PAWNS_LONE_MINOR
            } else if weak_units <= MINOR_UNITS {
                SCALE_NO_PAWNS_AGAINST_MINOR
            } else {
                SCALE_NO_PAWNS
            };
        }
    }
    let by_pawns = (SCALE_PAWNLESS_BASE + SCALE_PER_PAWN * strong_pawns).min(SCALE_NORMAL);
    by_pawns.min(opposite_bishops_scale(board))
}

/// [`SCALE_OPPOSITE_BISHOPS_ALONE`] or [`SCALE_OPPOSITE_BISHOPS_WITH_PIECE`] where each
/// side has one bishop, on squares of opposite colours, and the pieces those scales name;
/// [`SCALE_NORMAL`] otherwise.
fn opposite_bishops_scale(board: &Board) -> i32 {
    let bishop = |color| {
        let bishops = board.pieces_of(color, PieceKind::Bishop);
        if bishops.has_several() {
            None
        } else {
            bishops.first()
        }
    };
    let (Some(white), Some(black)) = (bishop(Color::White), bishop(Color::Black)) else {
        return SCALE_NORMAL;
    };
    if white.is_light() == black.is_light() {
        return SCALE_NORMAL;
    }
    let count = |color, kind| board.pieces_of(color, kind).count();
    let same_count = |kind| count(Color::White, kind) == count(Color::Black, kind);
    let others = |color| count(color, PieceKind::Knight) + count(color, PieceKind::Rook);
    let queens = board.pieces(PieceKind::Queen).count();
    match (others(Color::White), queens) {
        (0, 0) if others(Color::Black) == 0 => SCALE_OPPOSITE_BISHOPS_ALONE,
        (1, 0) if same_count(PieceKind::Knight) && same_count(PieceKind::Rook) => {
            SCALE_OPPOSITE_BISHOPS_WITH_PIECE
        }
        _ => SCALE_NORMAL,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scale(fen: &str, endgame: i32) -> i32 {
        endgame_scale(&Board::from_fen(fen).unwrap(), endgame)
    }

    #[test]
    fn opposite_bishops_are_drawish() {
        // Bishops on c1 (dark) and c8 (light): opposite colours.
        let alone = "2b1k3/pp3ppp/8/8/8/8/PPP2PPP/2B1K3 w - - 0 1";
        assert_eq!(scale(alone, 50), SCALE_OPPOSITE_BISHOPS_ALONE);
        let with_rooks = "2b1k2r/pp3ppp/8/8/8/8/PPP2PPP/2B1K2R w - - 0 1";
        assert_eq!(scale(with_rooks, 50), SCALE_OPPOSITE_BISHOPS_WITH_PIECE);
        // Same-coloured bishops (c1 and f8 are both dark): five pawns, no scaling.
        let same = "4kb2/pp3ppp/8/8/8/8/PPP2PPP/2B1K3 w - - 0 1";
        assert_eq!(scale(same, 50), SCALE_NORMAL);
        // A queen on the board: opposite bishops matter less.
        let queens = "2bqk3/pp3ppp/8/8/8/8/PPP2PPP/2BQK3 w - - 0 1";
        assert_eq!(scale(queens, 50), SCALE_NORMAL);
    }

    #[test]
    fn a_small_edge_without_pawns_is_drawish() {
        // Rook against bishop: ahead by less than a minor piece, against a minor piece.
        assert_eq!(
            scale("4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1", 300),
            SCALE_NO_PAWNS_AGAINST_MINOR
        );
        // A lone knight against pawns cannot mate.
        assert_eq!(
            scale("4k3/pp6/8/8/8/8/8/1N2K3 w - - 0 1", 100),
            SCALE_NO_PAWNS_LONE_MINOR
        );
        // Rook and knight against rook.
        assert_eq!(
            scale("4k3/8/8/8/8/8/r7/RN2K3 w - - 0 1", 200),
            SCALE_NO_PAWNS
        );
        // A rook up without pawns is a win: only the pawn count scales it.
        assert_eq!(
            scale("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 500),
            SCALE_PAWNLESS_BASE
        );
    }

    #[test]
    fn the_side_ahead_is_the_one_the_endgame_favours_and_pawns_count() {
        // White has two pawns, black four: only the side ahead's pawns count.
        let fen = "4k3/pppp4/8/8/8/8/PP6/4K3 w - - 0 1";
        assert_eq!(scale(fen, 100), SCALE_PAWNLESS_BASE + 2 * SCALE_PER_PAWN);
        assert_eq!(scale(fen, -100), SCALE_NORMAL);
        // Chess Fragments is not scaled.
        let fragments = Board::from_fen(Variant::Fragments.start_fen()).unwrap();
        assert_eq!(endgame_scale(&fragments, 100), SCALE_NORMAL);
    }

    /// The scale of a position and of its colours swapped is the same: the evaluation stays
    /// symmetric.
    #[test]
    fn the_scale_is_the_same_with_colours_swapped() {
        let pairs = [
            (
                "2b1k3/pp3ppp/8/8/8/8/PPP2PPP/2B1K3 w - - 0 1",
                "2b1k3/ppp2ppp/8/8/8/8/PP3PPP/2B1K3 b - - 0 1",
            ),
            (
                "4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1",
                "r3k3/8/8/8/3B4/8/8/4K3 b - - 0 1",
            ),
        ];
        for (fen, mirrored) in pairs {
            assert_eq!(scale(fen, 77), scale(mirrored, -77), "{fen}");
        }
    }
}

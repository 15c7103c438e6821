//! A move packed into one 16-bit integer.

use crate::types::{PieceKind, Square};
use std::fmt;

/// What kind of move a [`Move`] is, beyond its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move to an empty square that is none of the special kinds below.
    Quiet,
    /// A pawn's two-square first move.
    DoublePush,
    /// Castling, encoded as the king's move (`e1g1`).
    Castle,
    /// A capture of the piece on the target square.
    Capture,
    /// A pawn capturing en passant.
    EnPassant,
    /// A promotion to the given piece, without capture.
    Promotion(PieceKind),
    /// A promotion to the given piece, capturing on the target square.
    PromotionCapture(PieceKind),
}

/// A move: from-square (bits 0–5), to-square (bits 6–11) and a 4-bit kind (bits 12–15).
///
/// Kind codes: 0 quiet, 1 double push, 2 castle, 4 capture, 5 en passant, 8–11 promotion to
/// knight, bishop, rook, queen, 12–15 the same promotions with a capture, and 3 and 7
/// promotion to the Right (Chess Fragments) without and with a capture. Bit 2 of the kind
/// marks a capture; 3, 7 and 8 to 15 are the promotions.
///
/// Two moves are equal when their squares **and kinds** are: `Move::quiet(E2, E4)` is not the
/// double push `e2e4` that move generation gives, and [`Board::make`](crate::Board::make)
/// trusts the kind. Moves from outside are best found on their board, where the kind is
/// known: `outpost_movegen::BoardExt::find_move` (from two squares and a promotion),
/// `outpost_movegen::uci::parse_uci_move`, `outpost_movegen::san::parse_san`.
///
/// ```
/// use outpost_board::{Move, MoveKind, PieceKind, Square};
///
/// let e4 = Move::double_push(Square::E2, Square::E4);
/// assert_eq!((e4.from(), e4.to()), (Square::E2, Square::E4));
/// assert_eq!(e4.kind(), MoveKind::DoublePush);
/// assert_ne!(e4, Move::quiet(Square::E2, Square::E4), "the kind is part of the move");
/// assert_eq!(e4.to_string(), "e2e4");
///
/// let promotion = Move::promotion(Square::B7, Square::A8, PieceKind::Queen, true);
/// assert!(promotion.is_capture() && promotion.is_promotion());
/// assert_eq!(promotion.promotion_piece(), Some(PieceKind::Queen));
/// assert_eq!(promotion.to_string(), "b7a8q");
///
/// // 16 bits, for compact storage.
/// assert_eq!(Move::from_bits(promotion.to_bits()), promotion);
/// assert_eq!(std::mem::size_of::<Move>(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

pub(crate) const QUIET: u16 = 0;
pub(crate) const DOUBLE_PUSH: u16 = 1;
pub(crate) const CASTLE: u16 = 2;
pub(crate) const CAPTURE: u16 = 4;
pub(crate) const EN_PASSANT: u16 = 5;
pub(crate) const PROMOTION: u16 = 8;
/// Promotion to the Right, without capture (with one it is `RIGHT_PROMOTION | CAPTURE`).
pub(crate) const RIGHT_PROMOTION: u16 = 3;

/// The piece each kind code promotes to, if it is a promotion.
const PROMOTED: [Option<PieceKind>; 16] = {
    let mut promoted = [None; 16];
    let pieces = [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ];
    let mut code = 0;
    while code < 4 {
        promoted[PROMOTION as usize + code] = Some(pieces[code]);
        promoted[(PROMOTION | CAPTURE) as usize + code] = Some(pieces[code]);
        code += 1;
    }
    promoted[RIGHT_PROMOTION as usize] = Some(PieceKind::Right);
    promoted[(RIGHT_PROMOTION | CAPTURE) as usize] = Some(PieceKind::Right);
    promoted
};

impl Move {
    /// The "no move" value (a1a1), used for empty slots and the null move.
    pub const NULL: Move = Move(0);

    #[inline]
    const fn pack(from: Square, to: Square, code: u16) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | code << 12)
    }

    /// A quiet move (no capture, no special rule).
    #[inline]
    pub const fn quiet(from: Square, to: Square) -> Move {
        Move::pack(from, to, QUIET)
    }

    /// A pawn's double push.
    #[inline]
    pub const fn double_push(from: Square, to: Square) -> Move {
        Move::pack(from, to, DOUBLE_PUSH)
    }

    /// Castling, given as the king's from- and to-square.
    #[inline]
    pub const fn castle(from: Square, to: Square) -> Move {
        Move::pack(from, to, CASTLE)
    }

    /// A capture on `to`.
    #[inline]
    pub const fn capture(from: Square, to: Square) -> Move {
        Move::pack(from, to, CAPTURE)
    }

    /// An en passant capture; `to` is the square the pawn lands on.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, EN_PASSANT)
    }

    /// A promotion to `piece` (knight, bishop, rook, queen or Right; anything else is taken
    /// as a queen), capturing when `capture` is set.
    #[inline]
    pub const fn promotion(from: Square, to: Square, piece: PieceKind, capture: bool) -> Move {
        let code = match piece {
            PieceKind::Knight => PROMOTION,
            PieceKind::Bishop => PROMOTION | 1,
            PieceKind::Rook => PROMOTION | 2,
            PieceKind::Right => RIGHT_PROMOTION,
            _ => PROMOTION | 3,
        };
        let capture_code = if capture { CAPTURE } else { 0 };
        Move::pack(from, to, code | capture_code)
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as usize)
    }

    /// The square the piece arrives on.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 >> 6 & 63) as usize)
    }

    /// The 4-bit kind code (see the type's documentation).
    #[inline]
    pub(crate) const fn code(self) -> u16 {
        self.0 >> 12
    }

    /// The piece a pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion_piece(self) -> Option<PieceKind> {
        PROMOTED[self.code() as usize]
    }

    /// `true` for captures, including en passant and capturing promotions.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.code() & CAPTURE != 0
    }

    /// `true` for an en passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.code() == EN_PASSANT
    }

    /// `true` for castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.code() == CASTLE
    }

    /// `true` for a pawn's double push.
    #[inline]
    pub const fn is_double_push(self) -> bool {
        self.code() == DOUBLE_PUSH
    }

    /// `true` for a promotion, with or without capture.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        // One bit per code of PROMOTED: 3, 7 and 8 to 15.
        const PROMOTION_CODES: u16 = 0xff88;
        PROMOTION_CODES >> self.code() & 1 != 0
    }

    /// `true` for the null move.
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The decoded kind of move.
    pub const fn kind(self) -> MoveKind {
        match (self.code(), self.promotion_piece()) {
            (_, Some(piece)) if self.is_capture() => MoveKind::PromotionCapture(piece),
            (_, Some(piece)) => MoveKind::Promotion(piece),
            (DOUBLE_PUSH, None) => MoveKind::DoublePush,
            (CASTLE, None) => MoveKind::Castle,
            (CAPTURE, None) => MoveKind::Capture,
            (EN_PASSANT, None) => MoveKind::EnPassant,
            _ => MoveKind::Quiet,
        }
    }

    /// The raw 16-bit value (for compact storage, such as a hash table).
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// The move stored by [`Move::to_bits`].
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

impl fmt::Display for Move {
    /// The move's squares and its promotion letter: `e2e4`, `e7e8q`, castling as the king's
    /// move `e1g1`, the null move as `0000`.
    ///
    /// For every move of standard chess this is its UCI text. It is not for castling in
    /// Chess960, which UCI (with `UCI_Chess960`) writes as the king taking its own rook
    /// (`e1h1`), and where a castling move whose king stays on its square is written here as
    /// `g1g1`: only the board knows the rooks, so write moves for UCI with
    /// `outpost_movegen::uci::UciNotation::for_board(&board, chess960).write(mv)`. The text
    /// does not hold the move's kind either: read it back on its board
    /// (`outpost_movegen::uci::parse_uci_move`, or `find_move` from the squares).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(piece) = self.promotion_piece() {
            write!(f, "{}", piece.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} ({:?})", self.kind())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_unpacks_every_field() {
        let m = Move::promotion(Square::E7, Square::F8, PieceKind::Rook, true);
        assert_eq!(m.from(), Square::E7);
        assert_eq!(m.to(), Square::F8);
        assert_eq!(m.promotion_piece(), Some(PieceKind::Rook));
        assert!(m.is_capture() && m.is_promotion());
        assert_eq!(m.kind(), MoveKind::PromotionCapture(PieceKind::Rook));
        assert_eq!(m.to_string(), "e7f8r");
        for piece in [
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Right,
        ] {
            for capture in [false, true] {
                let p = Move::promotion(Square::A7, Square::A8, piece, capture);
                assert!(p.is_promotion());
                assert_eq!(p.promotion_piece(), Some(piece));
                assert_eq!(p.is_capture(), capture);
                let kind = if capture {
                    MoveKind::PromotionCapture(piece)
                } else {
                    MoveKind::Promotion(piece)
                };
                assert_eq!(p.kind(), kind);
                assert!(!p.is_castle() && !p.is_en_passant() && !p.is_double_push());
            }
        }
        for mv in [
            Move::quiet(Square::A2, Square::A3),
            Move::double_push(Square::A2, Square::A4),
            Move::castle(Square::E1, Square::G1),
            Move::capture(Square::A2, Square::B3),
            Move::en_passant(Square::A5, Square::B6),
        ] {
            assert!(
                !mv.is_promotion() && mv.promotion_piece().is_none(),
                "{mv:?}"
            );
        }
        assert_eq!(
            Move::promotion(Square::A4, Square::A5, PieceKind::Right, false).to_string(),
            "a4a5c"
        );
        assert_eq!(
            Move::en_passant(Square::E5, Square::D6).kind(),
            MoveKind::EnPassant
        );
        assert!(Move::en_passant(Square::E5, Square::D6).is_capture());
        assert_eq!(
            Move::castle(Square::E1, Square::G1).kind(),
            MoveKind::Castle
        );
        assert_eq!(
            Move::double_push(Square::E2, Square::E4).kind(),
            MoveKind::DoublePush
        );
        assert_eq!(Move::quiet(Square::G1, Square::F3).kind(), MoveKind::Quiet);
        assert_eq!(
            Move::capture(Square::G1, Square::F3).kind(),
            MoveKind::Capture
        );
        assert_eq!(Move::NULL.to_string(), "0000");
        assert_eq!(std::mem::size_of::<Move>(), 2);
    }
}

//! Zobrist keys: random 64-bit numbers whose XOR identifies a position.
//!
//! The keys come from ChaCha8 with a fixed seed, drawn by `cargo xtask tables` and committed
//! in `zobrist_keys.rs`, so every build and every run hashes a position to the same value.
//!
//! The en passant key enters the hash only when a pawn of the side to move stands ready to
//! capture on the en passant square. A double push that no pawn can answer en passant thus
//! gives the same key as any other move to that position, which is what repetition detection
//! and the transposition table need. The raw square is still kept on the board for FEN.

use crate::types::{Color, File, Piece, PieceKind, Square};

// The keys, written by `cargo xtask tables`.
include!("zobrist_keys.rs");

/// All Zobrist keys.
pub struct ZobristKeys {
    piece_square: [u64; Piece::COUNT * 64],
    black_to_move: u64,
    castling_rook: [u64; 16],
    en_passant_file: [u64; 8],
}

/// The castling key of each colour and rook file (white a–h, then black a–h). The rooks of
/// standard chess keep the keys they had before Chess960 (one per right, `K Q k q`), so
/// that standard positions hash as they always did.
const fn castling_rook_keys() -> [u64; 16] {
    let mut keys = CASTLING_ROOK_FILE;
    keys[7] = CASTLING_RIGHT[0];
    keys[0] = CASTLING_RIGHT[1];
    keys[8 + 7] = CASTLING_RIGHT[2];
    keys[8] = CASTLING_RIGHT[3];
    keys
}

/// The key of every piece on every square, in [`Piece::index`] order. The twelve pieces of
/// standard chess keep the keys they had when there were only they (`PIECE_SQUARE`, six
/// kinds a colour), so standard positions hash as they always did; the Right's come after.
const fn piece_square_keys() -> [u64; Piece::COUNT * 64] {
    let mut keys = [0; Piece::COUNT * 64];
    let mut piece = 0;
    while piece < Piece::COUNT {
        let (color, kind) = (piece / PieceKind::COUNT, piece % PieceKind::COUNT);
        let mut square = 0;
        while square < 64 {
            keys[piece * 64 + square] = if kind == PieceKind::Right as usize {
                RIGHT_SQUARE[color * 64 + square]
            } else {
                PIECE_SQUARE[(color * 6 + kind) * 64 + square]
            };
            square += 1;
        }
        piece += 1;
    }
    keys
}

static KEYS: ZobristKeys = ZobristKeys {
    piece_square: piece_square_keys(),
    black_to_move: BLACK_TO_MOVE[0],
    castling_rook: castling_rook_keys(),
    en_passant_file: EN_PASSANT_FILE,
};

impl ZobristKeys {
    /// The keys.
    #[inline]
    pub fn get() -> &'static ZobristKeys {
        &KEYS
    }

    /// Key of `piece` standing on `square`.
    #[inline]
    pub fn piece(&self, piece: Piece, square: Square) -> u64 {
        self.piece_square[piece.index() * 64 + square.index()]
    }

    /// Key XORed in when black is to move.
    #[inline]
    pub fn black_to_move(&self) -> u64 {
        self.black_to_move
    }

    /// Key of a castling right of `color` with its rook on `file`. The key of a set of rights
    /// is the XOR of its rights' keys (see `CastlingSetup::key`).
    #[inline]
    pub fn castling_rook(&self, color: Color, file: File) -> u64 {
        self.castling_rook[color.index() * 8 + file.index()]
    }

    /// Key of an en passant capture being possible on `file`.
    #[inline]
    pub fn en_passant(&self, file: File) -> u64 {
        self.en_passant_file[file.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys_of(piece: Piece) -> Vec<u64> {
        crate::types::Square::all()
            .map(|square| ZobristKeys::get().piece(piece, square))
            .collect()
    }

    #[test]
    fn keys_are_distinct_and_castling_keys_combine() {
        let mut all: Vec<u64> = piece_square_keys().to_vec();
        all.extend(castling_rook_keys());
        all.extend(EN_PASSANT_FILE);
        all.push(BLACK_TO_MOVE[0]);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 14 * 64 + 16 + 8 + 1);
        assert_eq!(
            keys_of(Piece::BlackKing),
            PIECE_SQUARE[11 * 64..12 * 64],
            "standard keys unchanged"
        );
        let keys = ZobristKeys::get();
        let h = File::from_letter('h').unwrap();
        assert_eq!(keys.castling_rook(Color::White, h), CASTLING_RIGHT[0]);
        assert_eq!(keys.castling_rook(Color::Black, h), CASTLING_RIGHT[2]);
    }
}

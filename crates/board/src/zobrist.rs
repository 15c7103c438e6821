//! Zobrist keys: random 64-bit numbers whose XOR identifies a position.
//!
//! The keys come from ChaCha8 with a fixed seed, drawn at compile time by the build script,
//! so every build and every run hashes a position to the same value.
//!
//! The en passant key enters the hash only when a pawn of the side to move stands ready to
//! capture on the en passant square. A double push that no pawn can answer en passant thus
//! gives the same key as any other move to that position, which is what repetition detection
//! and the transposition table need. The raw square is still kept on the board for FEN.

use crate::castling::CastlingRights;
use crate::types::{File, Piece, Square};

include!(concat!(env!("OUT_DIR"), "/zobrist_keys.rs"));

/// All Zobrist keys.
pub struct ZobristKeys {
    piece_square: [u64; 12 * 64],
    black_to_move: u64,
    castling: [u64; 16],
    en_passant_file: [u64; 8],
}

const fn castling_combinations() -> [u64; 16] {
    let mut keys = [0; 16];
    let mut bits = 0;
    while bits < 16 {
        let mut right = 0;
        while right < 4 {
            if bits >> right & 1 != 0 {
                keys[bits] ^= CASTLING_RIGHT[right];
            }
            right += 1;
        }
        bits += 1;
    }
    keys
}

static KEYS: ZobristKeys = ZobristKeys {
    piece_square: PIECE_SQUARE,
    black_to_move: BLACK_TO_MOVE[0],
    castling: castling_combinations(),
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

    /// Key of a set of castling rights.
    #[inline]
    pub fn castling(&self, rights: CastlingRights) -> u64 {
        self.castling[rights.bits() as usize]
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
    use crate::castling::CastlingRights;

    #[test]
    fn keys_are_distinct_and_castling_keys_combine() {
        let mut all: Vec<u64> = PIECE_SQUARE.to_vec();
        all.extend(CASTLING_RIGHT);
        all.extend(EN_PASSANT_FILE);
        all.push(BLACK_TO_MOVE[0]);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 12 * 64 + 4 + 8 + 1);
        let keys = ZobristKeys::get();
        let both =
            keys.castling(CastlingRights::WHITE_KING_SIDE | CastlingRights::BLACK_QUEEN_SIDE);
        assert_eq!(
            both,
            keys.castling(CastlingRights::WHITE_KING_SIDE)
                ^ keys.castling(CastlingRights::BLACK_QUEEN_SIDE)
        );
        assert_eq!(keys.castling(CastlingRights::empty()), 0);
    }
}

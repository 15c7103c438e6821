//! Zobrist keys: random 64-bit numbers whose XOR identifies a position.
//!
//! The keys come from ChaCha8 with a fixed seed, so every build and every run hashes a position
//! to the same value. They are made once, on first use.
//!
//! The en passant key enters the hash only when a pawn of the side to move stands ready to
//! capture on the en passant square. A double push that no pawn can answer en passant thus
//! gives the same key as any other move to that position, which is what repetition detection
//! and the transposition table need. The raw square is still kept on the board for FEN.

use crate::castling::CastlingRights;
use crate::types::{File, Piece, Square};
use once_cell::sync::Lazy;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The seed of the key generator. Changing it changes every hash value.
const SEED: u64 = 0x4f55_5450_4f53_5421; // "OUTPOST!" in ASCII

/// All Zobrist keys.
pub struct ZobristKeys {
    piece_square: [[u64; 64]; 12],
    black_to_move: u64,
    castling: [u64; 16],
    en_passant_file: [u64; 8],
}

static KEYS: Lazy<ZobristKeys> = Lazy::new(|| {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut piece_square = [[0; 64]; 12];
    for row in piece_square.iter_mut() {
        for key in row.iter_mut() {
            *key = rng.next_u64();
        }
    }
    let black_to_move = rng.next_u64();
    // Castling keys: one per right, combined by XOR so that losing a right is one XOR pair.
    let single: [u64; 4] = [
        rng.next_u64(),
        rng.next_u64(),
        rng.next_u64(),
        rng.next_u64(),
    ];
    let mut castling = [0; 16];
    for (bits, key) in castling.iter_mut().enumerate() {
        *key = (0..4)
            .filter(|i| bits >> i & 1 != 0)
            .fold(0, |acc, i| acc ^ single[i]);
    }
    let mut en_passant_file = [0; 8];
    for key in en_passant_file.iter_mut() {
        *key = rng.next_u64();
    }
    ZobristKeys {
        piece_square,
        black_to_move,
        castling,
        en_passant_file,
    }
});

impl ZobristKeys {
    /// The keys, made on first use.
    #[inline]
    pub fn get() -> &'static ZobristKeys {
        &KEYS
    }

    /// Key of `piece` standing on `square`.
    #[inline]
    pub fn piece(&self, piece: Piece, square: Square) -> u64 {
        self.piece_square[piece.index()][square.index()]
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

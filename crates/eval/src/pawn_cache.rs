//! [`PawnCache`]: the evaluation terms that depend on the pawns alone, kept by pawn structure.
//! A search meets the same few pawn structures at most of its nodes, so the pawn terms are
//! counted once per structure instead of once per node.

use crate::tapered::Tapered;
use outpost_board::Bitboard;

/// How many pawn structures the cache holds (a power of two): 8192 entries of 48 bytes,
/// small enough to stay in the second-level cache.
const ENTRIES: usize = 1 << 13;

/// One pawn structure's weighed pawn-only terms.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// White's and black's pawns: the whole key, so a hit is never a collision.
    pawns: [Bitboard; 2],
    /// The board's size (8, or 5 for Chess Fragments; 0 for an empty entry): the ranks of
    /// passed pawns are counted by it.
    board_size: u8,
    /// The pawn-only terms, weighed, from white's view.
    score: Tapered,
    /// Each colour's passed pawns.
    passed: [Bitboard; 2],
}

/// A per-thread cache of the pawn-only evaluation terms (pawn structure, and the rank and
/// protection of passed pawns), for [`crate::evaluate_cached`]. Its answers are those of
/// counting afresh: it only saves the time.
#[derive(Clone, Debug)]
pub struct PawnCache {
    entries: Box<[Entry]>,
}

impl Default for PawnCache {
    fn default() -> PawnCache {
        PawnCache::new()
    }
}

impl PawnCache {
    /// An empty cache.
    pub fn new() -> PawnCache {
        PawnCache {
            entries: vec![Entry::default(); ENTRIES].into_boxed_slice(),
        }
    }

    /// Starts bringing the entry of `pawns` (white's, black's) into the cache, for a
    /// [`PawnCache::get_or_count`] of them a little later.
    #[inline]
    pub(crate) fn prefetch(&self, pawns: [Bitboard; 2]) {
        outpost_table::prefetch(&self.entries[slot(pawns)]);
    }

    /// The weighed pawn-only terms and passed pawns of `pawns` (white's, black's) on a board
    /// of `board_size`: from the cache, or from `count` (stored for next time).
    #[inline]
    pub(crate) fn get_or_count(
        &mut self,
        pawns: [Bitboard; 2],
        board_size: usize,
        count: impl FnOnce() -> (Tapered, [Bitboard; 2]),
    ) -> (Tapered, [Bitboard; 2]) {
        let entry = &mut self.entries[slot(pawns)];
        let board_size = board_size as u8;
        if entry.pawns != pawns || entry.board_size != board_size {
            let (score, passed) = count();
            *entry = Entry {
                pawns,
                board_size,
                score,
                passed,
            };
        }
        (entry.score, entry.passed)
    }
}

/// The entry index of a pawn structure: the top bits of its [`pawn_key`].
#[inline]
fn slot(pawns: [Bitboard; 2]) -> usize {
    (pawn_key(pawns) >> (64 - ENTRIES.trailing_zeros())) as usize
}

/// A hash of a pawn structure (white's and black's pawns), its bitboards mixed by
/// multiplication: take the top bits for a table index (the pawn cache, and the search's
/// correction history).
#[inline]
pub fn pawn_key([white, black]: [Bitboard; 2]) -> u64 {
    const WHITE_MIX: u64 = 0x9E37_79B9_7F4A_7C15;
    const BLACK_MIX: u64 = 0xC2B2_AE3D_27D4_EB4F;
    white.0.wrapping_mul(WHITE_MIX) ^ black.0.rotate_left(32).wrapping_mul(BLACK_MIX)
}

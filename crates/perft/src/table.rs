//! A hash table of subtree counts, shared by all perft threads without locks.

use std::sync::atomic::{AtomicU64, Ordering};

/// Subtree counts keyed by Zobrist hash and depth.
///
/// Each entry is two atomic words: the key XOR the count, and the count. A torn write by two
/// threads at once makes the XOR check fail, so a probe never returns a wrong count.
#[derive(Debug)]
pub struct PerftTable {
    entries: Vec<[AtomicU64; 2]>,
}

impl PerftTable {
    /// A table of about `megabytes` MiB (at least one entry).
    pub fn with_megabytes(megabytes: usize) -> PerftTable {
        let count = (megabytes * 1024 * 1024 / std::mem::size_of::<[AtomicU64; 2]>()).max(1);
        PerftTable {
            entries: (0..count)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }

    /// The size in MiB.
    pub fn megabytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<[AtomicU64; 2]>() / (1024 * 1024)
    }

    #[inline]
    fn key(hash: u64, depth: u32) -> u64 {
        hash ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[inline]
    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        let index = ((u128::from(key) * self.entries.len() as u128) >> 64) as usize;
        &self.entries[index]
    }

    /// The stored count of the position with `hash` to `depth`, if present.
    #[inline]
    pub fn probe(&self, hash: u64, depth: u32) -> Option<u64> {
        let key = Self::key(hash, depth);
        let [check, count] = self.slot(key);
        let count = count.load(Ordering::Relaxed);
        (check.load(Ordering::Relaxed) ^ count == key && count != 0).then_some(count)
    }

    /// Stores the count of the position with `hash` to `depth`, replacing what was there.
    #[inline]
    pub fn store(&self, hash: u64, depth: u32, nodes: u64) {
        let key = Self::key(hash, depth);
        let [check, count] = self.slot(key);
        check.store(key ^ nodes, Ordering::Relaxed);
        count.store(nodes, Ordering::Relaxed);
    }
}

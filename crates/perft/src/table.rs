//! A hash table of subtree counts, shared by all perft threads without locks.

use std::sync::atomic::{AtomicU64, Ordering};

/// Entries per bucket: four entries of 16 bytes fill one 64-byte cache line.
const BUCKET_ENTRIES: usize = 4;

/// One cache line of entries. Each entry is two atomic words: the key XOR the data, and the
/// data (count in the low 56 bits, depth in the high 8). A torn write by two threads at once
/// makes the XOR check fail, so a probe never returns a wrong count.
#[repr(align(64))]
#[derive(Debug, Default)]
struct Bucket([[AtomicU64; 2]; BUCKET_ENTRIES]);

/// Subtree counts keyed by Zobrist hash and depth.
#[derive(Debug)]
pub struct PerftTable {
    buckets: Vec<Bucket>,
}

const COUNT_BITS: u32 = 56;
const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;

impl PerftTable {
    /// A table of about `megabytes` MiB (at least one bucket).
    pub fn with_megabytes(megabytes: usize) -> PerftTable {
        let count = (megabytes * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        PerftTable {
            buckets: std::iter::repeat_with(Bucket::default)
                .take(count)
                .collect(),
        }
    }

    /// The size in MiB.
    pub fn megabytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    #[inline]
    fn key(hash: u64, depth: u32) -> u64 {
        hash ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// The stored count of the position with `hash` to `depth`, if present.
    #[inline]
    pub fn probe(&self, hash: u64, depth: u32) -> Option<u64> {
        let key = Self::key(hash, depth);
        self.bucket(key).0.iter().find_map(|[check, data]| {
            let data = data.load(Ordering::Relaxed);
            (data != 0 && check.load(Ordering::Relaxed) ^ data == key).then_some(data & COUNT_MASK)
        })
    }

    /// Stores the count of the position with `hash` to `depth`. Replaces the entry of the
    /// same position, or else the one with the smallest depth (an empty one first): deep
    /// counts save the most work.
    #[inline]
    pub fn store(&self, hash: u64, depth: u32, nodes: u64) {
        if nodes > COUNT_MASK {
            return;
        }
        let key = Self::key(hash, depth);
        let entries = &self.bucket(key).0;
        let mut victim = 0;
        let mut victim_depth = u64::MAX;
        for (index, [check, data]) in entries.iter().enumerate() {
            let data = data.load(Ordering::Relaxed);
            if data == 0 || check.load(Ordering::Relaxed) ^ data == key {
                victim = index;
                break;
            }
            if data >> COUNT_BITS < victim_depth {
                victim = index;
                victim_depth = data >> COUNT_BITS;
            }
        }
        let data = nodes | u64::from(depth.min(255)) << COUNT_BITS;
        let [check, stored] = &entries[victim];
        check.store(key ^ data, Ordering::Relaxed);
        stored.store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_counts_by_hash_and_depth() {
        let table = PerftTable::with_megabytes(1);
        assert_eq!(table.probe(42, 3), None);
        table.store(42, 3, 9_467);
        assert_eq!(table.probe(42, 3), Some(9_467));
        assert_eq!(table.probe(42, 2), None);
        assert_eq!(table.probe(43, 3), None);
    }

    #[test]
    fn keeps_deep_counts_when_a_bucket_is_full() {
        let table = PerftTable::with_megabytes(0); // one bucket
        table.store(1, 5, 500);
        for hash in 2..20 {
            table.store(hash, 1, hash);
        }
        assert_eq!(table.probe(1, 5), Some(500));
    }
}

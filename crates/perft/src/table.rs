//! A hash table of subtree counts, shared by all perft threads without locks.

use outpost_table::{Bucket, Buckets, TableAllocError};
use std::sync::atomic::Ordering;

/// Subtree counts keyed by Zobrist hash and depth, in buckets of four slots. A slot holds
/// the key XOR the data and the data (count in the low 56 bits, depth in the high 8); a torn
/// write by two threads at once makes the XOR check fail, so a probe never returns a wrong
/// count.
#[derive(Debug)]
pub struct PerftTable {
    buckets: Buckets,
}

const COUNT_BITS: u32 = 56;
const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;

impl PerftTable {
    /// A table of about `megabytes` MiB (at least one bucket), or an error when the memory
    /// cannot be had. Ready at once: the operating system zeroes its pages on first use.
    pub fn with_megabytes(megabytes: usize) -> Result<PerftTable, TableAllocError> {
        Ok(PerftTable {
            buckets: Buckets::with_mib(megabytes)?,
        })
    }

    /// The size in MiB.
    pub fn megabytes(&self) -> usize {
        self.buckets.mib()
    }

    #[inline]
    fn key(hash: u64, depth: u32) -> u64 {
        hash ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        self.buckets.bucket(key)
    }

    /// The stored count of the position with `hash` to `depth`, if present.
    #[inline]
    pub fn probe(&self, hash: u64, depth: u32) -> Option<u64> {
        let key = Self::key(hash, depth);
        self.bucket(key).iter().find_map(|[check, data]| {
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
        let entries = self.bucket(key);
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
        let table = PerftTable::with_megabytes(1).unwrap();
        assert_eq!(table.probe(42, 3), None);
        table.store(42, 3, 9_467);
        assert_eq!(table.probe(42, 3), Some(9_467));
        assert_eq!(table.probe(42, 2), None);
        assert_eq!(table.probe(43, 3), None);
    }

    #[test]
    fn keeps_deep_counts_when_a_bucket_is_full() {
        let table = PerftTable::with_megabytes(0).unwrap(); // one bucket
        table.store(1, 5, 500);
        for hash in 2..20 {
            table.store(hash, 1, hash);
        }
        assert_eq!(table.probe(1, 5), Some(500));
    }

    #[test]
    fn sizes_beyond_the_machine_are_errors() {
        assert!(PerftTable::with_megabytes(usize::MAX).is_err());
        assert!(PerftTable::with_megabytes(usize::MAX / 1024).is_err());
    }
}

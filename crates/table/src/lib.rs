#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod memory_hints;

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Slots in one bucket: four slots of 16 bytes fill one 64-byte cache line.
pub const SLOTS_PER_BUCKET: usize = 4;

/// One slot: two words, typically a key (or key check) and the data.
pub type Slot = [AtomicU64; 2];

/// One bucket: the slots that share a cache line and one hash index.
pub type Bucket = [Slot; SLOTS_PER_BUCKET];

/// The size of a cache line, where the first bucket starts.
const CACHE_LINE_BYTES: usize = 64;

const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

/// The smallest page the operating system maps (huge pages are multiples of it).
const PAGE_BYTES: usize = 4096;

/// The largest table [`Buckets::touch_pages`] maps at once: about a third of a second of
/// page faults on the development machine (4 GiB took 1.5 s). A larger one is left to map
/// itself as it is used, rather than keep a GUI waiting seconds for `readyok`.
const MAX_TOUCHED_MIB: usize = 1024;

const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

const MIB: usize = 1024 * 1024;

/// Asks the processor to bring the cache lines holding `value` in (its first and its last
/// byte's: a value of up to a line, which may straddle two) without waiting for them, so
/// that a read of it a little later finds them there (a hint: nothing changes if it is
/// ignored). For the small tables beside a hash table, such as an evaluation's caches.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    let first = value as *const T as *const u8;
    memory_hints::prefetch(first);
    let size = std::mem::size_of::<T>();
    if size > 1 {
        // The hint may point anywhere: the last byte is part of `value`.
        let last = first.wrapping_add(size - 1);
        if first as usize / CACHE_LINE_BYTES != last as usize / CACHE_LINE_BYTES {
            memory_hints::prefetch(last);
        }
    }
}

/// A table could not be allocated at the size asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableAllocError {
    /// The size asked for, in MiB.
    pub mib: usize,
}

impl fmt::Display for TableAllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot allocate a hash table of {} MiB", self.mib)
    }
}

impl std::error::Error for TableAllocError {}

/// An array of zero-initialised buckets, indexed by a 64-bit hash.
pub struct Buckets {
    /// The slots, with up to `SLOTS_PER_BUCKET - 1` spare ones in front to reach a cache line.
    slots: Box<[Slot]>,
    /// The index of the slot that starts bucket 0 (on a cache-line boundary).
    first: usize,
    /// The number of buckets.
    len: usize,
    /// [`Buckets::touch_pages`] has run: every page is mapped.
    pages_touched: AtomicBool,
}

impl fmt::Debug for Buckets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Buckets").field("len", &self.len).finish()
    }
}

impl Buckets {
    /// As many buckets as fit in `mib` MiB (at least one), all zero.
    pub fn with_mib(mib: usize) -> Result<Buckets, TableAllocError> {
        let bytes = mib.checked_mul(MIB).ok_or(TableAllocError { mib })?;
        Buckets::with_len(bytes / BUCKET_BYTES).map_err(|_| TableAllocError { mib })
    }

    /// `len` buckets (at least one), all zero.
    pub fn with_len(len: usize) -> Result<Buckets, TableAllocError> {
        let len = len.max(1);
        let error = || TableAllocError {
            mib: len.saturating_mul(BUCKET_BYTES) / MIB,
        };
        let slot_count = len
            .checked_mul(SLOTS_PER_BUCKET)
            .and_then(|slots| slots.checked_add(SLOTS_PER_BUCKET - 1))
            .ok_or_else(error)?;
        let slots =
            bytemuck::allocation::try_zeroed_slice_box::<Slot>(slot_count).map_err(|()| error())?;
        memory_hints::advise(&slots);
        // Reading the address is safe; where the allocator is only 8-byte aligned the buckets
        // straddle lines, which costs speed but nothing else.
        let misalignment = slots.as_ptr() as usize % CACHE_LINE_BYTES;
        let first = (CACHE_LINE_BYTES - misalignment) % CACHE_LINE_BYTES / SLOT_BYTES;
        Ok(Buckets {
            slots,
            first,
            len,
            pages_touched: AtomicBool::new(false),
        })
    }

    /// The number of buckets.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always `false`: a table has at least one bucket.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The size in MiB (rounded down).
    pub fn mib(&self) -> usize {
        self.len * BUCKET_BYTES / MIB
    }

    /// The bucket at `index` (below [`Buckets::len`]).
    ///
    /// # Panics
    ///
    /// When `index` is out of range.
    #[inline]
    pub fn get(&self, index: usize) -> &Bucket {
        assert!(index < self.len, "bucket {index} of {}", self.len);
        let start = self.first + index * SLOTS_PER_BUCKET;
        self.slots[start..start + SLOTS_PER_BUCKET]
            .try_into()
            .expect("a bucket is SLOTS_PER_BUCKET slots")
    }

    /// The bucket of `hash`: its high bits scaled to the table (no power of two needed).
    #[inline]
    pub fn bucket(&self, hash: u64) -> &Bucket {
        self.get(self.index_of(hash))
    }

    /// The index of the bucket of `hash`: its high bits scaled to the table.
    #[inline(always)]
    fn index_of(&self, hash: u64) -> usize {
        ((u128::from(hash) * self.len as u128) >> 64) as usize
    }

    /// Starts bringing the bucket of `hash` into the cache, so that a probe of it soon after
    /// finds it there.
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        let index = self.index_of(hash);
        // No bounds check: the index is in range, and a prefetch of any address is harmless.
        let first_word = self
            .slots
            .as_ptr()
            .wrapping_add(self.first + index * SLOTS_PER_BUCKET);
        memory_hints::prefetch(first_word);
    }

    /// Writes to every page of the table once, so that the operating system maps (and zeroes)
    /// all of its memory now instead of at the first probe of each page. A front-end calls
    /// this while it waits anyway (UCI's `isready`): the first search of a fresh table then
    /// spends no time in page faults. Only the first call does the work, and only for a
    /// table of at most 1 GiB (`MAX_TOUCHED_MIB`). Each write puts a
    /// zero where there is a zero (a compare-and-exchange: a word in use is left alone, and
    /// its page is mapped already), so a table in use may be touched too. (An atomic OR of
    /// zero would not do: the compiler turns it into a read, which maps nothing.)
    pub fn touch_pages(&self) {
        if self.pages_touched.swap(true, Ordering::Relaxed) || self.mib() > MAX_TOUCHED_MIB {
            return;
        }
        for slot in self.slots.iter().step_by(PAGE_BYTES / SLOT_BYTES) {
            let _ = slot[0].compare_exchange(0, 0, Ordering::Relaxed, Ordering::Relaxed);
        }
    }

    /// Every bucket, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Bucket> + '_ {
        (0..self.len).map(|index| self.get(index))
    }

    /// Sets every word to zero (one pass over the table; dropping it and allocating a new
    /// one is cheaper for a large table).
    pub fn clear(&self) {
        for slot in &*self.slots {
            for word in slot {
                word.store(0, Ordering::Relaxed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_start_on_a_cache_line_and_are_zero() {
        for len in [1, 2, 3, 1000, 16_384] {
            let table = Buckets::with_len(len).unwrap();
            assert_eq!(table.len(), len);
            assert_eq!(table.get(0).as_ptr() as usize % CACHE_LINE_BYTES, 0);
            assert!(table
                .iter()
                .flatten()
                .flatten()
                .all(|word| word.load(Ordering::Relaxed) == 0));
        }
    }

    /// Resident memory of this process in bytes (Linux).
    #[cfg(target_os = "linux")]
    fn resident_bytes() -> usize {
        let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
        let pages: usize = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
        pages * PAGE_BYTES
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn touching_the_pages_maps_the_memory() {
        let table = Buckets::with_mib(64).unwrap();
        let before = resident_bytes();
        table.touch_pages();
        let grown = resident_bytes().saturating_sub(before);
        // Half the table at least: the tests running beside this one free some megabytes
        // of their own meanwhile; a touch that maps nothing grows by almost nothing.
        assert!(grown >= 32 * MIB, "only {} MiB mapped", grown / MIB);
    }

    #[test]
    fn touching_the_pages_changes_no_value() {
        let table = Buckets::with_len(100_000).unwrap();
        for (index, bucket) in table.iter().enumerate().step_by(7) {
            bucket[index % SLOTS_PER_BUCKET][1].store(index as u64 + 1, Ordering::Relaxed);
        }
        table.touch_pages();
        table.touch_pages();
        for (index, bucket) in table.iter().enumerate() {
            for (slot_index, slot) in bucket.iter().enumerate() {
                let expected = if index % 7 == 0 && slot_index == index % SLOTS_PER_BUCKET {
                    index as u64 + 1
                } else {
                    0
                };
                assert_eq!(slot[1].load(Ordering::Relaxed), expected);
                assert_eq!(slot[0].load(Ordering::Relaxed), 0);
            }
        }
    }

    #[test]
    fn sizes_follow_the_mebibytes() {
        assert_eq!(Buckets::with_mib(1).unwrap().len(), MIB / BUCKET_BYTES);
        assert_eq!(Buckets::with_mib(3).unwrap().mib(), 3);
        assert_eq!(Buckets::with_mib(0).unwrap().len(), 1);
    }

    #[test]
    fn impossible_sizes_are_errors() {
        assert_eq!(
            Buckets::with_mib(usize::MAX).unwrap_err(),
            TableAllocError { mib: usize::MAX }
        );
        assert!(Buckets::with_mib(usize::MAX / MIB).is_err());
        assert!(Buckets::with_len(usize::MAX / 4).is_err());
    }

    #[test]
    fn every_hash_finds_a_bucket_and_distinct_buckets_do_not_overlap() {
        let table = Buckets::with_len(7).unwrap();
        for hash in [0, 1, u64::MAX / 3, u64::MAX] {
            let _ = table.bucket(hash);
        }
        table.get(6)[3][1].store(9, Ordering::Relaxed);
        assert_eq!(table.get(5)[3][1].load(Ordering::Relaxed), 0);
        assert_eq!(table.bucket(u64::MAX)[3][1].load(Ordering::Relaxed), 9);
        table.clear();
        assert_eq!(table.get(6)[3][1].load(Ordering::Relaxed), 0);
    }
}

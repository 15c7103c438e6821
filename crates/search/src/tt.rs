//! The transposition table: a lock-free hash table of search results shared by all threads.
//!
//! Each entry is two `AtomicU64`: the packed data and the position's hash XOR the data. A
//! reader accepts an entry only when `key ^ data` gives back its hash, so an entry torn by two
//! threads writing at once reads as a miss instead of as wrong data.

use outpost_board::Move;
use outpost_eval::score::MATE_BOUND;
use std::sync::atomic::{AtomicU64, Ordering};

/// How a stored score relates to the true score of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The score is exact (a PV node).
    Exact,
    /// The true score is at least the stored score (a fail high).
    Lower,
    /// The true score is at most the stored score (a fail low).
    Upper,
}

impl Bound {
    fn to_bits(self) -> u64 {
        match self {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        }
    }

    fn from_bits(bits: u64) -> Option<Bound> {
        match bits {
            1 => Some(Bound::Exact),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Upper),
            _ => None,
        }
    }
}

/// What a probe of the table found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best (or refuting) move found, [`Move::NULL`] if none.
    pub best_move: Move,
    /// The score, already adjusted to be relative to the probing ply for mate scores.
    pub score: i32,
    /// The depth of the search that produced the entry.
    pub depth: i32,
    /// How the score bounds the true score.
    pub bound: Bound,
}

const ENTRIES_PER_BUCKET: usize = 4;

#[derive(Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; ENTRIES_PER_BUCKET],
}

/// A transposition table sized in MiB, with buckets of four entries, depth-preferred
/// replacement with ageing, and mate scores stored relative to the node.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("buckets", &self.buckets.len())
            .field("generation", &self.generation)
            .finish()
    }
}

fn pack(best_move: Move, score: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    u64::from(best_move.to_bits())
        | u64::from(score as i16 as u16) << 16
        | (depth.clamp(0, 255) as u64) << 32
        | bound.to_bits() << 40
        | u64::from(generation) << 48
}

fn data_depth(data: u64) -> i32 {
    ((data >> 32) & 0xff) as i32
}

fn data_generation(data: u64) -> u8 {
    (data >> 48) as u8
}

impl TranspositionTable {
    /// A table of (about) `mib` mebibytes, at least one bucket.
    pub fn new(mib: usize) -> TranspositionTable {
        let mut table = TranspositionTable {
            buckets: Vec::new(),
            generation: 0,
        };
        table.resize(mib);
        table
    }

    /// Reallocates the table to `mib` mebibytes and empties it.
    pub fn resize(&mut self, mib: usize) {
        let bytes = mib.max(1).saturating_mul(1024 * 1024);
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        self.buckets = Vec::new();
        self.buckets.resize_with(count, Bucket::default);
        self.generation = 0;
    }

    /// Empties every entry.
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            for slot in &mut bucket.slots {
                *slot.key.get_mut() = 0;
                *slot.data.get_mut() = 0;
            }
        }
        self.generation = 0;
    }

    /// The size of the table in bytes.
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Starts a new search: entries from earlier searches become older and so easier to
    /// replace.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn bucket(&self, hash: u64) -> &Bucket {
        let index = ((u128::from(hash) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// The entry stored for `hash`, with mate scores made relative to `ply`.
    pub fn probe(&self, hash: u64, ply: usize) -> Option<Entry> {
        for slot in &self.bucket(hash).slots {
            let data = slot.data.load(Ordering::Relaxed);
            let key = slot.key.load(Ordering::Relaxed);
            if data != 0 && key ^ data == hash {
                let bound = Bound::from_bits((data >> 40) & 3)?;
                let stored = i32::from((data >> 16) as u16 as i16);
                return Some(Entry {
                    best_move: Move::from_bits(data as u16),
                    score: score_from_table(stored, ply),
                    depth: data_depth(data),
                    bound,
                });
            }
        }
        None
    }

    /// Stores a search result for `hash` found `ply` plies from the root.
    pub fn store(
        &self,
        hash: u64,
        ply: usize,
        best_move: Move,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let bucket = self.bucket(hash);
        let generation = self.generation;
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (index, slot) in bucket.slots.iter().enumerate() {
            let data = slot.data.load(Ordering::Relaxed);
            let key = slot.key.load(Ordering::Relaxed);
            if data == 0 {
                victim = index;
                break;
            }
            if key ^ data == hash {
                // The same position: keep a deeper result of this search unless it is exact.
                if bound != Bound::Exact
                    && data_generation(data) == generation
                    && data_depth(data) > depth + 2
                {
                    return;
                }
                let best_move = if best_move.is_null() {
                    Move::from_bits(data as u16)
                } else {
                    best_move
                };
                write(slot, hash, best_move, score, ply, depth, bound, generation);
                return;
            }
            let age = i32::from(generation.wrapping_sub(data_generation(data)));
            let worth = data_depth(data) - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = index;
            }
        }
        write(
            &bucket.slots[victim],
            hash,
            best_move,
            score,
            ply,
            depth,
            bound,
            generation,
        );
    }

    /// How full the table is, per mille, counting entries of the current search in a sample.
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for bucket in &self.buckets[..sample] {
            for slot in &bucket.slots {
                let data = slot.data.load(Ordering::Relaxed);
                if data != 0 && data_generation(data) == self.generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * ENTRIES_PER_BUCKET)) as u32
    }
}

#[allow(clippy::too_many_arguments)]
fn write(
    slot: &Slot,
    hash: u64,
    best_move: Move,
    score: i32,
    ply: usize,
    depth: i32,
    bound: Bound,
    generation: u8,
) {
    let data = pack(
        best_move,
        score_to_table(score, ply),
        depth,
        bound,
        generation,
    );
    slot.data.store(data, Ordering::Relaxed);
    slot.key.store(hash ^ data, Ordering::Relaxed);
}

/// Mate scores are stored as distance from the node, not from the root.
fn score_to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Square;
    use outpost_eval::score::mate_in;

    #[test]
    fn stores_and_probes_with_mate_adjustment() {
        let mut table = TranspositionTable::new(1);
        table.new_search();
        let mv = Move::quiet(Square::E2, Square::E4);
        table.store(0x1234_5678_9abc_def0, 3, mv, mate_in(5), 7, Bound::Exact);
        let entry = table.probe(0x1234_5678_9abc_def0, 5).unwrap();
        assert_eq!(entry.best_move, mv);
        assert_eq!(entry.score, mate_in(7));
        assert_eq!(entry.depth, 7);
        assert_eq!(entry.bound, Bound::Exact);
        assert!(table.probe(0x1234_5678_9abc_def1, 5).is_none());
        table.store(42, 0, Move::NULL, -150, 3, Bound::Upper);
        assert_eq!(table.probe(42, 0).unwrap().score, -150);
        assert!(table.hashfull() <= 1000);
        table.clear();
        assert!(table.probe(42, 0).is_none());
    }
}

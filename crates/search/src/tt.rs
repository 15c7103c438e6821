//! The transposition table: a lock-free hash table of search results shared by all threads.
//!
//! Each entry is two `AtomicU64`: the packed data and the position's hash XOR the data. A
//! reader accepts an entry only when `key ^ data` gives back its hash, so an entry torn by two
//! threads writing at once reads as a miss instead of as wrong data.

use crate::params::{TT_AGE_WEIGHT, TT_KEEP_DEEPER_BY};
use crate::score::{Depth, Score};
use outpost_board::Move;
use outpost_table::{Buckets, Slot, SLOTS_PER_BUCKET};
use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};

pub use outpost_table::TableAllocError;

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

    /// How the best score of a finished node bounds its true score: at least `beta` is a
    /// fail high, above the window's `alpha` with a best move is exact, the rest a fail low.
    pub fn classify(best: Score, best_move: Move, alpha: Score, beta: Score) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha && !best_move.is_null() {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// What a probe of the table found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best (or refuting) move found, [`Move::NULL`] if none.
    pub best_move: Move,
    /// The score, already adjusted to be relative to the probing ply for mate scores.
    pub score: Score,
    /// The depth of the search that produced the entry.
    pub depth: Depth,
    /// How the score bounds the true score.
    pub bound: Bound,
    /// The static evaluation of the position, if the node that stored it had one (none in
    /// check).
    pub static_eval: Option<Score>,
}

impl Entry {
    /// `true` when the entry settles a search of `depth` with the window `alpha..beta`
    /// without searching: it is deep enough and its bound decides the window.
    #[inline]
    pub fn cuts_off(&self, depth: Depth, alpha: Score, beta: Score) -> bool {
        self.depth >= depth
            && match self.bound {
                Bound::Exact => true,
                Bound::Lower => self.score >= beta,
                Bound::Upper => self.score <= alpha,
            }
    }

    /// `eval` or, where the entry's bound says its score is nearer the truth (exact, a lower
    /// bound above `eval`, an upper bound below it), the entry's score; never a mate score.
    #[inline]
    pub fn refine(&self, eval: Score) -> Score {
        let nearer = match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score > eval,
            Bound::Upper => self.score < eval,
        };
        if nearer && !self.score.is_mate() {
            self.score
        } else {
            eval
        }
    }
}

/// A transposition table sized in MiB, with buckets of four entries, depth-preferred
/// replacement with ageing, and mate scores stored relative to the node. Each slot of a
/// bucket holds the key XOR the data and the data.
pub struct TranspositionTable {
    buckets: Buckets,
    generation: AtomicU8,
}

impl fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("buckets", &self.buckets.len())
            .field("generation", &self.generation())
            .finish()
    }
}

// The data word: the move in bits 0-15, the score in 16-31, the static evaluation in 32-47
// (`NO_EVAL` for none), the depth in 48-55, the bound in 56-57 and the generation (counted
// modulo 64) in 58-63.

/// The static evaluation field of a node that had none (in check).
const NO_EVAL: i16 = i16::MIN;

/// How many generations the data word tells apart.
const GENERATIONS: u8 = 64;

fn pack(best_move: Move, score: i32, eval: i16, depth: Depth, bound: Bound, generation: u8) -> u64 {
    u64::from(best_move.to_bits())
        | u64::from(score as i16 as u16) << 16
        | u64::from(eval as u16) << 32
        | (depth.clamp(0, 255) as u64) << 48
        | bound.to_bits() << 56
        | u64::from(generation % GENERATIONS) << 58
}

fn data_score(data: u64) -> i32 {
    i32::from((data >> 16) as u16 as i16)
}

fn data_eval(data: u64) -> Option<Score> {
    let eval = (data >> 32) as u16 as i16;
    (eval != NO_EVAL).then(|| Score::from_raw(i32::from(eval)))
}

fn data_depth(data: u64) -> Depth {
    ((data >> 48) & 0xff) as i32
}

fn data_bound(data: u64) -> Option<Bound> {
    Bound::from_bits((data >> 56) & 3)
}

fn data_generation(data: u64) -> u8 {
    (data >> 58) as u8
}

impl TranspositionTable {
    /// A table of (about) `mib` mebibytes, at least one bucket.
    ///
    /// # Panics
    ///
    /// When the memory cannot be had; [`TranspositionTable::try_new`] reports it instead.
    pub fn new(mib: usize) -> TranspositionTable {
        TranspositionTable::try_new(mib).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A table of (about) `mib` mebibytes, or an error when the memory cannot be had. The
    /// table is ready at once: the operating system zeroes its pages when they are first
    /// used.
    pub fn try_new(mib: usize) -> Result<TranspositionTable, TableAllocError> {
        Ok(TranspositionTable {
            buckets: Buckets::with_mib(mib.max(1))?,
            generation: AtomicU8::new(0),
        })
    }

    /// The size in MiB.
    pub fn mib(&self) -> usize {
        self.buckets.mib()
    }

    /// Empties every entry in one pass (see [`TranspositionTable::try_new`] for a fresh
    /// table without one).
    pub fn clear(&self) {
        self.buckets.clear();
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Maps all of the table's memory now (see [`Buckets::touch_pages`]): for a front-end
    /// waiting anyway, so that the next search spends no time in page faults.
    pub fn touch_pages(&self) {
        self.buckets.touch_pages();
    }

    /// Starts a new search: entries from earlier searches become older and so easier to
    /// replace.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// The current search's generation as the data word holds it (modulo 64).
    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed) % GENERATIONS
    }

    /// Starts loading the bucket of `hash` (a position a move is about to reach), so that
    /// its probe a little later does not wait for memory.
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        self.buckets.prefetch(hash);
    }

    /// The entry stored for `hash`, with mate scores made relative to `ply`.
    #[inline(always)]
    pub fn probe(&self, hash: u64, ply: usize) -> Option<Entry> {
        for [key, data] in self.buckets.bucket(hash) {
            let data = data.load(Ordering::Relaxed);
            let key = key.load(Ordering::Relaxed);
            if data != 0 && key ^ data == hash {
                return Some(Entry {
                    best_move: Move::from_bits(data as u16),
                    score: Score::from_table(data_score(data), ply),
                    depth: data_depth(data),
                    bound: data_bound(data)?,
                    static_eval: data_eval(data),
                });
            }
        }
        None
    }

    /// Stores `entry`, the result of a search of `hash` found `ply` plies from the root (its
    /// score relative to that node, as a probe gives it back). A null best move keeps the
    /// move stored before for the same position.
    #[inline(always)]
    pub fn store(&self, hash: u64, ply: usize, entry: Entry) {
        let Entry {
            best_move,
            score,
            depth,
            bound,
            static_eval,
        } = entry;
        let bucket = self.buckets.bucket(hash);
        let generation = self.generation();
        let eval = static_eval.map_or(NO_EVAL, |eval| {
            eval.raw()
                .clamp(i32::from(NO_EVAL) + 1, i32::from(i16::MAX)) as i16
        });
        let packed = |best_move| {
            pack(
                best_move,
                score.to_table(ply),
                eval,
                depth,
                bound,
                generation,
            )
        };
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (index, slot) in bucket.iter().enumerate() {
            let [key, data] = slot;
            let data = data.load(Ordering::Relaxed);
            let key = key.load(Ordering::Relaxed);
            if data == 0 {
                victim = index;
                break;
            }
            if key ^ data == hash {
                // The same position: keep a deeper result of this search unless it is exact.
                if bound != Bound::Exact
                    && data_generation(data) == generation
                    && data_depth(data) > depth + TT_KEEP_DEEPER_BY
                {
                    return;
                }
                let best_move = if best_move.is_null() {
                    Move::from_bits(data as u16)
                } else {
                    best_move
                };
                write(slot, hash, packed(best_move));
                return;
            }
            let age = i32::from(generation.wrapping_sub(data_generation(data)) % GENERATIONS);
            let worth = data_depth(data) - TT_AGE_WEIGHT * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = index;
            }
        }
        write(&bucket[victim], hash, packed(best_move));
    }

    /// How full the table is, per mille, counting entries of the current search in a sample.
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        let generation = self.generation();
        let mut used = 0;
        for bucket in self.buckets.iter().take(sample) {
            for [_, data] in bucket {
                let data = data.load(Ordering::Relaxed);
                if data != 0 && data_generation(data) == generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * SLOTS_PER_BUCKET)) as u32
    }
}

/// Writes `data` into `slot` for the position `hash`.
fn write([key, data_word]: &Slot, hash: u64, data: u64) {
    data_word.store(data, Ordering::Relaxed);
    key.store(hash ^ data, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Square;

    #[test]
    fn stores_and_probes_with_mate_adjustment() {
        let table = TranspositionTable::new(1);
        table.new_search();
        let mate_in = Score::mate_in;
        let mv = Move::quiet(Square::E2, Square::E4);
        table.store(
            0x1234_5678_9abc_def0,
            3,
            Entry {
                best_move: mv,
                score: mate_in(5),
                static_eval: None,
                depth: 7,
                bound: Bound::Exact,
            },
        );
        let entry = table.probe(0x1234_5678_9abc_def0, 5).unwrap();
        assert_eq!(entry.best_move, mv);
        assert_eq!(entry.score, mate_in(7));
        assert_eq!(entry.depth, 7);
        assert_eq!(entry.bound, Bound::Exact);
        assert_eq!(entry.static_eval, None);
        assert!(table.probe(0x1234_5678_9abc_def1, 5).is_none());
        table.store(
            42,
            0,
            Entry {
                best_move: Move::NULL,
                score: Score::centipawns(-150),
                static_eval: Some(Score::centipawns(-20)),
                depth: 3,
                bound: Bound::Upper,
            },
        );
        let entry = table.probe(42, 0).unwrap();
        assert_eq!(entry.score, Score::centipawns(-150));
        assert_eq!(entry.static_eval, Some(Score::centipawns(-20)));
        assert!(entry.cuts_off(3, Score::centipawns(-150), Score::centipawns(0)));
        assert!(!entry.cuts_off(3, Score::centipawns(-151), Score::centipawns(0)));
        assert!(!entry.cuts_off(4, Score::centipawns(0), Score::centipawns(10)));
        assert!(table.hashfull() <= 1000);
        table.clear();
        assert!(table.probe(42, 0).is_none());
    }

    #[test]
    fn refines_an_evaluation_only_where_the_bound_says_it_is_nearer() {
        let cp = Score::centipawns;
        let entry = |score, bound| Entry {
            best_move: Move::NULL,
            score,
            depth: 5,
            bound,
            static_eval: None,
        };
        assert_eq!(entry(cp(30), Bound::Exact).refine(cp(80)), cp(30));
        assert_eq!(entry(cp(120), Bound::Lower).refine(cp(80)), cp(120));
        assert_eq!(entry(cp(30), Bound::Lower).refine(cp(80)), cp(80));
        assert_eq!(entry(cp(30), Bound::Upper).refine(cp(80)), cp(30));
        assert_eq!(entry(cp(120), Bound::Upper).refine(cp(80)), cp(80));
        assert_eq!(
            entry(Score::mate_in(3), Bound::Exact).refine(cp(80)),
            cp(80)
        );
    }
}

//! [`ThreadMemory`]: what a search thread learns that stays true for the next search of the
//! same game, kept from one search to the next.

use crate::correction::CorrectionHistory;
use crate::ordering::Heuristics;
use crate::params::SearchParams;
use outpost_eval::PawnCache;

/// A search thread's memory of the game so far: which quiet moves were good (history and
/// counter-moves), how far the static evaluation erred by pawn structure (correction
/// history), and the pawn terms of the structures met. The next search of the game starts
/// from it instead of from nothing; a new game, or new search parameters, start afresh.
pub(crate) struct ThreadMemory {
    /// The game (numbered by the searcher) this memory is of.
    game: u64,
    pub pawn_cache: PawnCache,
    pub correction: CorrectionHistory,
    pub heuristics: Heuristics,
}

impl std::fmt::Debug for ThreadMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ThreadMemory(game {})", self.game)
    }
}

impl ThreadMemory {
    /// An empty memory for `game`.
    pub fn new(game: u64, params: &SearchParams) -> Box<ThreadMemory> {
        Box::new(ThreadMemory {
            game,
            pawn_cache: PawnCache::new(),
            correction: CorrectionHistory::new(),
            heuristics: Heuristics::new(params),
        })
    }

    /// The memory a thread searches `game` with: `kept` (what it learnt in its last search)
    /// if that was of the same game, else an empty one.
    pub fn for_game(
        kept: Option<Box<ThreadMemory>>,
        game: u64,
        params: &SearchParams,
    ) -> Box<ThreadMemory> {
        match kept {
            Some(memory) if memory.game == game => memory,
            _ => ThreadMemory::new(game, params),
        }
    }
}

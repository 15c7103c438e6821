#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod check;
mod table;

pub use check::{check_hash, HashCheck, HashCheckError};
pub use outpost_table::TableAllocError;
pub use table::PerftTable;

use outpost_board::{Board, Move};
use outpost_movegen::{
    count_legal_moves, is_legal, legal_moves_in_place, pseudo_legal_moves, try_move, MoveList,
};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The number of legal move paths of `depth` plies from `board`, counting the last ply in bulk
/// (the number of legal moves from [`count_legal_moves`]: try-and-take-back wherever the king
/// test can fail, population counts where it cannot).
pub fn perft(board: &mut Board, depth: u32) -> u64 {
    count(board, depth, true, None, &NoStop)
}

/// Like [`perft`] but plays and takes back every move of the last ply too (no bulk count).
pub fn perft_without_bulk(board: &mut Board, depth: u32) -> u64 {
    count(board, depth, false, None, &NoStop)
}

/// The count for each root move (in generation order), as printed by `divide`.
pub fn divide(board: &mut Board, depth: u32) -> Vec<(Move, u64)> {
    Perft::single_threaded().divide(board, depth, &|_, _| {})
}

/// Whether a count must end early. The plain counts use [`NoStop`], which compiles to
/// nothing; `go perft` in the engine uses an [`AtomicBool`] that `stop` sets.
trait StopSignal: Sync {
    /// `true` once the count must end (its result is then thrown away).
    fn stopped(&self) -> bool;
}

/// A count that always runs to the end.
struct NoStop;

impl StopSignal for NoStop {
    #[inline(always)]
    fn stopped(&self) -> bool {
        false
    }
}

impl StopSignal for AtomicBool {
    #[inline]
    fn stopped(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
}

/// The number of legal move paths of `depth` plies from `board`. A stopped count returns a
/// partial number, which its caller throws away (and does not store in the table).
fn count<S: StopSignal>(
    board: &mut Board,
    depth: u32,
    bulk: bool,
    table: Option<&PerftTable>,
    stop: &S,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    // Looked at only where a subtree is large enough for the look to cost nothing.
    if depth >= 3 && stop.stopped() {
        return 0;
    }
    if let Some(nodes) = table.and_then(|table| table.probe(board.hash(), depth)) {
        return nodes;
    }
    if bulk && depth == 1 {
        let nodes = count_legal_moves(board) as u64;
        if let Some(table) = table {
            table.store(board.hash(), depth, nodes);
        }
        return nodes;
    }
    let mut moves = MoveList::new();
    pseudo_legal_moves(board, &mut moves);
    let mut nodes = 0;
    for &mv in &moves {
        // Try-and-take-back: a move that leaves our king attacked is not counted.
        if let Some(undo) = try_move(board, mv) {
            nodes += count(board, depth - 1, bulk, table, stop);
            board.unmake(mv, &undo);
        }
    }
    if let Some(table) = table {
        if !stop.stopped() {
            table.store(board.hash(), depth, nodes);
        }
    }
    nodes
}

/// A configurable perft: threads, hash table and bulk counting.
#[derive(Debug)]
pub struct Perft {
    threads: usize,
    table: Option<PerftTable>,
    bulk: bool,
}

impl Perft {
    /// One thread, no table, bulk counting: the raw speed of move generation.
    pub fn single_threaded() -> Perft {
        Perft::without_table(1, true)
    }

    /// `threads` threads (at least 1), no table, and bulk counting at the last ply when
    /// `bulk` is set.
    pub fn without_table(threads: usize, bulk: bool) -> Perft {
        Perft {
            threads: threads.max(1),
            table: None,
            bulk,
        }
    }

    /// `threads` threads (at least 1), a table of `hash_mb` MiB (0 for none), and bulk
    /// counting at the last ply when `bulk` is set; an error when the table cannot be had.
    pub fn new(threads: usize, hash_mb: usize, bulk: bool) -> Result<Perft, TableAllocError> {
        let mut perft = Perft::without_table(threads, bulk);
        if hash_mb > 0 {
            perft.table = Some(PerftTable::with_megabytes(hash_mb)?);
        }
        Ok(perft)
    }

    /// A one-line description of the mode, for logs: threads, table, bulk or not.
    pub fn describe(&self) -> String {
        let table = match &self.table {
            Some(table) => format!("hash table {} MiB", table.megabytes()),
            None => "no hash table".to_string(),
        };
        let counting = if self.bulk {
            "bulk counting at the last ply"
        } else {
            "every leaf made and taken back"
        };
        let threads = if self.threads == 1 {
            "thread"
        } else {
            "threads"
        };
        format!("{} {threads}, {table}, {counting}", self.threads)
    }

    /// The total count.
    pub fn count(&self, board: &mut Board, depth: u32) -> u64 {
        if depth <= 1 || self.threads == 1 {
            return count(board, depth, self.bulk, self.table.as_ref(), &NoStop);
        }
        self.divide(board, depth, &|_, _| {})
            .iter()
            .map(|(_, nodes)| nodes)
            .sum()
    }

    /// The count for each legal root move, in generation order. Root moves are shared out
    /// over the threads; `progress(done, total)` is called as each root move finishes.
    pub fn divide(
        &self,
        board: &mut Board,
        depth: u32,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<(Move, u64)> {
        self.divide_with(board, depth, progress, &NoStop)
    }

    /// Like [`Perft::divide`], but ends early when `stop` is set: then `None`.
    pub fn divide_until(
        &self,
        board: &mut Board,
        depth: u32,
        progress: &(dyn Fn(usize, usize) + Sync),
        stop: &AtomicBool,
    ) -> Option<Vec<(Move, u64)>> {
        let results = self.divide_with(board, depth, progress, stop);
        (!stop.stopped()).then_some(results)
    }

    fn divide_with<S: StopSignal>(
        &self,
        board: &mut Board,
        depth: u32,
        progress: &(dyn Fn(usize, usize) + Sync),
        stop: &S,
    ) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let moves = legal_moves_in_place(board);
        let results: Mutex<Vec<(Move, u64)>> =
            Mutex::new(moves.iter().map(|&mv| (mv, 0)).collect());
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let worker = |mut board: Board| loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = moves.get(index).filter(|_| !stop.stopped()) else {
                break;
            };
            debug_assert!(is_legal(&board, mv));
            let undo = board.make(mv);
            let nodes = count(&mut board, depth - 1, self.bulk, self.table.as_ref(), stop);
            board.unmake(mv, &undo);
            if let Ok(mut results) = results.lock() {
                results[index].1 = nodes;
            }
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, moves.len());
        };
        let threads = self.threads.min(moves.len()).max(1);
        if threads == 1 {
            // No thread scope: one thread needs none, and a Web Worker has no others.
            worker(board.clone());
        } else {
            std::thread::scope(|scope| {
                for _ in 1..threads {
                    let copy = board.clone();
                    scope.spawn(|| worker(copy));
                }
                worker(board.clone());
            });
        }
        results
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    #[test]
    fn start_position_counts() {
        let mut board = Board::startpos();
        assert_eq!(perft(&mut board, 0), 1);
        assert_eq!(perft(&mut board, 1), 20);
        assert_eq!(perft(&mut board, 4), 197_281);
        assert_eq!(perft_without_bulk(&mut board, 4), 197_281);
        assert_eq!(board, Board::startpos());
    }

    #[test]
    fn every_mode_gives_the_same_count() {
        let mut board: Board = KIWIPETE.parse().unwrap();
        let expected = 97_862;
        for (threads, hash, bulk) in [(1, 0, true), (2, 0, false), (2, 1, true), (1, 1, false)] {
            let perft = Perft::new(threads, hash, bulk).unwrap();
            assert_eq!(perft.count(&mut board, 3), expected, "{}", perft.describe());
            // A second run answers from the table and must agree.
            assert_eq!(perft.count(&mut board, 3), expected, "{}", perft.describe());
        }
        let total: u64 = divide(&mut board, 3).iter().map(|(_, n)| n).sum();
        assert_eq!(total, expected);
    }

    #[test]
    fn a_stopped_divide_gives_no_counts() {
        let mut board: Board = KIWIPETE.parse().unwrap();
        let perft = Perft::new(2, 1, true).unwrap();
        let running = AtomicBool::new(false);
        let counts = perft
            .divide_until(&mut board, 3, &|_, _| {}, &running)
            .unwrap();
        assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 97_862);
        let stopped = AtomicBool::new(true);
        assert_eq!(
            perft.divide_until(&mut board, 9, &|_, _| {}, &stopped),
            None
        );
        // A stopped count leaves nothing wrong in the table.
        assert_eq!(perft.count(&mut board, 3), 97_862);
    }
}

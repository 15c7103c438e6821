//! The search of the Outpost chess engine.
//!
//! Iterative deepening over a negamax alpha-beta search with principal variation search and
//! aspiration windows, a lock-free transposition table shared by Lazy SMP threads, a
//! quiescence search with static exchange evaluation, null-move, futility and late-move
//! pruning, late-move reductions, check extensions, killer/counter-move/history ordering, a
//! time manager, MultiPV and ponder support. The library prints nothing: progress goes to a
//! callback.
//!
//! ```
//! use outpost_board::Board;
//! use outpost_search::{Limits, Progress, SearchSignals, Searcher};
//!
//! let mut searcher = Searcher::new(16);
//! let limits = Limits { depth: Some(5), ..Limits::default() };
//! let mut iterations = 0;
//! let result = searcher.search(&Board::startpos(), &[], &limits, &SearchSignals::new(), |progress| {
//!     if let Progress::Iteration(_) = progress {
//!         iterations += 1;
//!     }
//! });
//! assert!(result.best_move.is_some());
//! assert_eq!(iterations, 5);
//! ```

#![deny(missing_docs)]

pub mod info;
pub mod limits;
pub mod ordering;
mod search;
pub mod see;
pub mod time;
pub mod tt;

pub use info::{Info, Progress, Score, SearchResult};
pub use limits::{Limits, SearchSignals};
pub use search::Searcher;
pub use tt::{Bound, TranspositionTable};

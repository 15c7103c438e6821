//! The search of the Outpost chess engine.
//!
//! Iterative deepening over a negamax alpha-beta search with principal variation search and
//! aspiration windows, a lock-free transposition table shared by Lazy SMP threads, a
//! quiescence search with static exchange evaluation, null-move, futility and late-move
//! pruning, late-move reductions, check and singular extensions, killer/counter-move/history
//! ordering, correction history, a
//! time manager, MultiPV and ponder support. Every tuning number is in [`SearchParams`]. The
//! library prints nothing: progress goes to a callback.
//!
//! Two ways in: [`Searcher::search`] searches on the calling thread and returns the result;
//! [`SearchHandle`] searches on a thread of its own, for front-ends that keep reading input.
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

mod correction;
mod driver;
mod info;
mod limits;
pub mod ordering;
mod params;
mod score;
mod see;
mod tt;
mod worker;

pub use driver::handle::{SearchEvent, SearchHandle, SearchPosition};
pub use driver::searcher::{Searcher, DEFAULT_HASH_MIB, DEFAULT_MOVE_OVERHEAD};
pub use info::{Info, Progress, SearchResult};
pub use limits::{Limits, SearchSignals};
pub use params::{ParamError, ParamSpec, SearchParams};
pub use score::{Depth, Score};
pub use tt::{Bound, Entry, TableAllocError, TranspositionTable};

#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod bench;
mod correction;
mod driver;
mod info;
mod level;
mod limits;
pub mod ordering;
mod params;
mod score;
mod see;
mod tt;
mod worker;

pub use driver::gate::CpuGate;
pub use driver::handle::{SearchEvent, SearchHandle, SearchPosition};
pub use driver::searcher::{Searcher, DEFAULT_HASH_MIB, DEFAULT_MOVE_OVERHEAD};
pub use driver::time::TimeBudget;
pub use info::{nodes_per_second, Info, Progress, SearchResult};
pub use level::{Level, LevelAnchor, LevelRandom, LevelRangeError, LEVEL_ANCHORS};
pub use limits::{Limits, SearchSignals, MAX_DEPTH};
pub use params::{ParamError, ParamSpec, SearchParams};
pub use score::{Depth, Score};
pub use tt::{Bound, Entry, TableAllocError, TranspositionTable};

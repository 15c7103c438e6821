//! Running a search: the shared state of one search, the synchronous [`Searcher`], the
//! [`SearchHandle`] on a thread of its own, the helper threads and the time manager.

pub(crate) mod context;
pub(crate) mod handle;
pub(crate) mod pool;
pub(crate) mod searcher;
pub(crate) mod time;

//! Running a search: the shared state of one search, the synchronous [`Searcher`], the
//! [`SearchHandle`] on a thread of its own, the helper threads, the time manager and the
//! [`CpuGate`](gate::CpuGate) that shares the cores among the searches of many handles.

pub(crate) mod context;
pub(crate) mod gate;
pub(crate) mod handle;
pub(crate) mod pool;
pub(crate) mod searcher;
pub(crate) mod time;

//! Two hints about a table's memory, neither of which changes its contents:
//!
//! - [`advise`] asks Linux to back a table with 2 MiB pages (transparent huge pages): a probe
//!   of a large table then rarely misses the TLB, which made the search about a fifth faster
//!   on the development machine (`scripts/speed.py`, the same binary with and without).
//! - [`prefetch`] asks the processor for a cache line before it is read (through
//!   `Buckets::prefetch` and the crate's `prefetch`, which the evaluation's pawn cache and the
//!   search's correction history use too): the search
//!   prefetches a position's bucket as soon as the move to it is picked, and probes it
//!   after the pruning tests, the move and its legality and check tests: about 7% less CPU
//!   time than none (3% when fetched after the move was made, 4% more when moved to the
//!   pick; fixed-node searches of five positions, in one run each).
//!
//! The only unsafe code of the workspace, allowed here alone (`.ci/run` checks that).

/// Advises the kernel to use huge pages for the whole pages inside `memory`. Does nothing
/// where that is not supported (other systems, kernels without transparent huge pages, or
/// `never` in `/sys/kernel/mm/transparent_hugepage/enabled`).
#[cfg(target_os = "linux")]
pub(crate) fn advise<T>(memory: &[T]) {
    const PAGE: usize = crate::PAGE_BYTES;
    let start = memory.as_ptr() as usize;
    let end = start + std::mem::size_of_val(memory);
    let first_page = start.div_ceil(PAGE) * PAGE;
    let last_page = end / PAGE * PAGE;
    if last_page <= first_page {
        return;
    }
    #[allow(unsafe_code)]
    // SAFETY: the range [first_page, last_page) lies inside `memory`, which the caller owns
    // for as long as the call lasts; MADV_HUGEPAGE only changes how the kernel backs those
    // pages, never their contents, so no reference to them is invalidated. A failure
    // (EINVAL where transparent huge pages are off) leaves everything as it was, and is let
    // go: the table works the same, only slower.
    unsafe {
        libc::madvise(
            first_page as *mut libc::c_void,
            last_page - first_page,
            libc::MADV_HUGEPAGE,
        );
    }
}

/// Elsewhere there is nothing to advise.
#[cfg(not(target_os = "linux"))]
pub(crate) fn advise<T>(_memory: &[T]) {}

/// Asks the processor to bring the cache line at `address` in, without waiting for it.
#[inline(always)]
pub(crate) fn prefetch<T>(address: *const T) {
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    // SAFETY: a prefetch is a hint: it reads nothing the program sees and does not fault,
    // whatever the address. SSE, which it needs, is part of every x86_64 processor.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(address.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

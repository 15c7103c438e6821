//! The library part of the examples: small programs in `src/bin/` meant to be copied, each
//! run by CI.
//!
//! The code samples of the workspace's `README.md` and of `docs/crates.md` (using the crates)
//! are doctests of this crate: each is a whole program, compiled and run by
//! `cargo test --workspace` exactly as the page shows it.

#![deny(missing_docs)]

/// The README's code samples, as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeSamples;

/// The code samples of `docs/crates.md` (using the crates), as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/crates.md")]
pub struct CratesPageSamples;

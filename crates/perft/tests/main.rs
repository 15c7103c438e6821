//! The perft crate's integration tests, in one test binary (one link instead of two):
//! the counts against the published ones, and the `perft` command line.

mod cli;
mod published_counts;

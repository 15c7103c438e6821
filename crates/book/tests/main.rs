//! The book crate's integration tests, in one test binary (one link instead of two): the
//! built-in book (and the openings file of the matches in docs/strength.md), and Polyglot books.

mod builtin;
mod polyglot;

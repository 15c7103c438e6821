//! The book crate's integration tests, in one test binary (one link instead of two): the
//! built-in book (and the openings file of the README's matches), and Polyglot books.

mod builtin;
mod polyglot;

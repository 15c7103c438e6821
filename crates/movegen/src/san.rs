//! SAN (todo)

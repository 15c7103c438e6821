//! Fuzz target `pgn`: PGN text. The invariants are `outpost_fuzz_checks::pgn`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| outpost_fuzz_checks::pgn(data));

//! Fuzz target `san`: a FEN line, then moves in SAN. The invariants are `outpost_fuzz_checks::san`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| outpost_fuzz_checks::san(data));

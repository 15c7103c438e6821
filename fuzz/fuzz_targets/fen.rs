//! Fuzz target `fen`: FEN and EPD text. The invariants are `outpost_fuzz_checks::fen`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| outpost_fuzz_checks::fen(data));

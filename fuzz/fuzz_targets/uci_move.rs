//! Fuzz target `uci_move`: a FEN line, then moves in UCI notation. The invariants are `outpost_fuzz_checks::uci_move`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| outpost_fuzz_checks::uci_move(data));

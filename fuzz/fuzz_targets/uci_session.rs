//! Fuzz target `uci_session`: a UCI session, one command a line. The invariants are `outpost_fuzz_checks::uci_session`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| outpost_fuzz_checks::uci_session(data));

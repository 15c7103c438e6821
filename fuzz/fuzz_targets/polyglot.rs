//! Fuzz target `polyglot`: the bytes of a Polyglot opening book. The invariants are `outpost_fuzz_checks::polyglot`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| outpost_fuzz_checks::polyglot(data));

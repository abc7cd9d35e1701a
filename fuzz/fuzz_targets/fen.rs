//! `fen`: a variant selector byte, then FEN text (see `tests::fuzz_checks`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tests::fuzz_checks::check_fen_input(data));

//! `moves`: a variant selector byte, a start-position selector byte, then move texts separated by
//! whitespace; the same tail also feeds raw `Move` values to `is_legal` (see `tests::fuzz_checks`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tests::fuzz_checks::check_moves_input(data));

//! `openings`: a variant selector byte, then the text of an opening file, through the match
//! runner's parser (`runner::openings::parse_set` and `line_to_fen`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tests::fuzz_checks::check_openings_input(
    data,
    |v, t| { runner::openings::parse_set(v, t, tests::fuzz_checks::OPENINGS_ORIGIN) },
    runner::openings::line_to_fen
));

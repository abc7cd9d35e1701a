//! `uci`: a UCI command stream for `engine::uci::Uci`, with searches capped to a tiny depth and
//! node count (see `fuzz/uci_driver.rs` and `tests::fuzz_checks::uci_cap_line`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../uci_driver.rs"]
mod uci_driver;

fuzz_target!(|data: &[u8]| uci_driver::check_uci_input(data));

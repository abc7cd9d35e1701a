//! Integration test helpers.

pub mod fuzz_checks;

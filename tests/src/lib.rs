//! Integration test helpers.

#![forbid(unsafe_code)]

pub mod fuzz_checks;

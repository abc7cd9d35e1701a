//! Integration test helpers.

#![forbid(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]

pub mod fuzz_checks;

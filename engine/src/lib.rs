//! Shuriken's engine: search, evaluation, time management, the typed engine API ([`core`])
//! and the UCI protocol over it.

// `unsafe` is denied everywhere but `nnue::avx2`, which runs AVX2 code after detecting AVX2.
#![deny(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]

pub mod params;

pub mod bench;
pub mod core;
pub mod eval;
pub mod line_loop;
pub mod nnue;
pub mod options;
pub mod perft_cmd;
pub mod search;
pub mod sysmem;
pub mod time;
pub mod tt;
pub mod uci;
pub mod uci_error;

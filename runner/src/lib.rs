//! Shuriken's match runner: plays UCI engines against each other in game pairs, checks every
//! move with `movegen`, handles crashes, stalls and time forfeits, adjudicates, writes PGN and
//! JSON lines, computes Elo/nElo/LOS and the GSPRT, resumes killed runs and merges shards.
//!
//! Entry points: [`cli_main`] (the `shuriken match` subcommand) and [`play_match`] (library).

#![forbid(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]

pub mod adjudicate;
pub mod cli;
pub mod config;
pub mod engine_process;
pub mod game;
pub mod genbook;
pub mod interrupt;
pub mod match_run;
pub mod merge;
pub mod openings;
pub mod outputs;
pub mod pgn;
pub mod pgn_read;
pub mod preflight;
pub mod progress;
pub mod record;
pub mod report;
pub mod rng;
pub mod shard;
pub mod sprt;
pub mod stats;
pub mod store;
pub mod tally;
pub mod tc;
pub mod text;
pub mod traffic_log;
pub mod uci;

pub use cli::cli_main;
pub use config::{EngineConfig, MatchConfig};
pub use match_run::play_match;
pub use record::GameRecord;
pub use tally::MatchSummary;

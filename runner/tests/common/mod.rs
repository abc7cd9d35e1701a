//! Helpers shared by the runner's integration tests.
#![allow(dead_code)]

use runner::config::{EngineConfig, MatchConfig};
use runner::engine_process::LaunchSpec;
use runner::tc::SearchLimits;
use std::path::{Path, PathBuf};

/// Path of the fake engine built with these tests.
pub fn fake() -> String {
    env!("CARGO_BIN_EXE_fake_uci").to_string()
}

/// Path of the stand-alone match binary.
pub fn match_bin() -> String {
    env!("CARGO_BIN_EXE_shuriken_match").to_string()
}

/// A fake engine configuration with the given fake flags and a `nodes=1` limit.
pub fn engine(name: &str, args: &[&str]) -> EngineConfig {
    let mut limits = SearchLimits::default();
    limits.apply("nodes", "1").unwrap();
    EngineConfig {
        name: name.into(),
        launch: LaunchSpec {
            cmd: fake(),
            args: args.iter().map(|s| s.to_string()).collect(),
            dir: None,
        },
        options: vec![("Hash".into(), "16".into())],
        limits,
    }
}

/// A small chess match between two configurations.
pub fn config(a: EngineConfig, b: EngineConfig, rounds: u64, dir: &Path) -> MatchConfig {
    let mut c = MatchConfig::new(movegen::Variant::from_name("chess").unwrap(), vec![a, b]);
    c.rounds = rounds;
    c.adjudication.max_moves = Some(40);
    c.results = Some(dir.join("results.jsonl"));
    c.pgn = Some(dir.join("games.pgn"));
    c
}

/// Reads the game lines of a results file as JSON values.
pub fn game_lines(path: &PathBuf) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "game")
        .collect()
}

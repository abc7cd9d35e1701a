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

/// Environment variable that turns [`cli_child`] into a run of `runner::cli_main`.
const CLI_ARGS_ENV: &str = "SHURIKEN_TEST_CLI_ARGS";

/// Runs `shuriken match ARGS` in a child process (this test binary re-executed, see
/// [`cli_child`]), so that its stderr is a pipe (not a terminal) and can be read. Needs no
/// binary of its own.
pub fn run_cli(args: &[String]) -> std::process::Output {
    std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "common::cli_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CLI_ARGS_ENV, serde_json::to_string(args).unwrap())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

/// The JSON summary line a run printed on stdout (the test harness prints other lines).
pub fn summary_json(out: &std::process::Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find_map(|l| l.find("{\"games\"").map(|i| &l[i..]))
        .unwrap_or_else(|| panic!("no JSON summary in {text}"));
    serde_json::from_str(line).unwrap()
}

/// Not a test of its own: with the environment variable of [`run_cli`] set, it runs
/// `runner::cli_main` with those arguments and exits with its status.
#[test]
fn cli_child() {
    if let Ok(json) = std::env::var(CLI_ARGS_ENV) {
        let args: Vec<String> = serde_json::from_str(&json).unwrap();
        std::process::exit(runner::cli_main(args));
    }
}

/// Command-line arguments of a small chess match between fake engines `A` (with `a_args`) and
/// `B`, writing into `dir` (`-maxmoves 20 -ready-timeout 2` unless `extra` sets them).
pub fn cli_args(dir: &Path, a_args: &[&str], extra: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = vec!["-engine".into(), format!("cmd={}", fake()), "name=A".into()];
    if !a_args.is_empty() {
        v.push(format!("args={}", a_args.join(" ")));
    }
    v.extend([
        "-engine".to_string(),
        format!("cmd={}", fake()),
        "name=B".into(),
        "args=--pick hash".into(),
        "-each".into(),
        "nodes=1".into(),
        "option.Hash=16".into(),
        "-results".into(),
        dir.join("results.jsonl").display().to_string(),
        "-pgnout".into(),
        dir.join("games.pgn").display().to_string(),
    ]);
    for (flag, default) in [("-maxmoves", "20"), ("-ready-timeout", "2")] {
        if !extra.contains(&flag) {
            v.extend([flag.to_string(), default.to_string()]);
        }
    }
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

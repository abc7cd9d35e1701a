//! Resume after kill -9 and sharded runs (plain loop and GNU parallel) give exactly the counts
//! of an uninterrupted run with the same seed. The fake engines play deterministically (moves
//! picked by a hash of the position), so results depend only on openings and colours.

mod common;
use common::*;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn args(results: &Path, extra: &[&str]) -> Vec<String> {
    let f = fake();
    let mut v: Vec<String> = vec![
        "-engine".into(),
        format!("cmd={f}"),
        "name=A".into(),
        "args=--pick hash --seed 1 --slow-at 0 --slow-ms 3".into(),
        "-engine".into(),
        format!("cmd={f}"),
        "name=B".into(),
        "args=--pick hash --seed 2 --slow-at 0 --slow-ms 3".into(),
        "-each".into(),
        "nodes=1".into(),
        "option.Hash=8".into(),
        "-variant".into(),
        "chess".into(),
        "-rounds".into(),
        "10".into(),
        "-concurrency".into(),
        "2".into(),
        "-maxmoves".into(),
        "30".into(),
        "-openings".into(),
        "order=random".into(),
        format!(
            "file={}",
            concat!(env!("CARGO_MANIFEST_DIR"), "/openings/chess.epd")
        ),
        "-seed".into(),
        "7".into(),
        "--quiet".into(),
        "--results".into(),
        results.display().to_string(),
    ];
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

/// Runs the match binary; returns the JSON summary (last stdout line).
fn run_bin(a: &[String]) -> serde_json::Value {
    let out = Command::new(match_bin()).args(a).output().unwrap();
    assert!(
        out.status.success(),
        "match failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

fn counts(summary: &serde_json::Value) -> serde_json::Value {
    let mut p = summary["pairings"].clone();
    // Everything in the pairing summary derives from the counts; keep all of it.
    if let Some(a) = p.as_array_mut() {
        for x in a {
            x.as_object_mut().unwrap().remove("sprt");
        }
    }
    p
}

fn game_keys(path: &Path) -> Vec<(u64, u64, String)> {
    let mut v: Vec<_> = game_lines(&path.to_path_buf())
        .iter()
        .map(|g| {
            (
                g["pair"].as_u64().unwrap(),
                g["game"].as_u64().unwrap(),
                g["result"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

fn reference(dir: &Path) -> (serde_json::Value, Vec<(u64, u64, String)>) {
    let r = dir.join("ref.jsonl");
    let s = run_bin(&args(&r, &[]));
    assert_eq!(s["games"], 20);
    (counts(&s), game_keys(&r))
}

#[test]
fn resume_after_kill_matches_uninterrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    let (ref_counts, ref_games) = reference(dir.path());
    let r = dir.path().join("killed.jsonl");
    let mut child = Command::new(match_bin())
        .args(args(&r, &[]))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        let n = std::fs::read_to_string(&r)
            .map(|t| t.lines().count())
            .unwrap_or(0);
        if n >= 6 || start.elapsed() > Duration::from_secs(30) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let partial = game_keys(&r).len();
    assert!(
        (5..20).contains(&partial),
        "killed midway ({partial} games)"
    );
    // Resuming without --resume refuses to clobber the file.
    let out = Command::new(match_bin())
        .args(args(&r, &[]))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--resume"));
    // Resume finishes exactly the missing games.
    let s = run_bin(&args(&r, &["--resume"]));
    assert_eq!(s["games"], 20);
    assert_eq!(counts(&s), ref_counts);
    assert_eq!(game_keys(&r), ref_games, "same games, none twice");
    // Resuming a finished run plays nothing more.
    let s = run_bin(&args(&r, &["--resume"]));
    assert_eq!(counts(&s), ref_counts);
    assert_eq!(game_keys(&r).len(), 20);
    // A different seed is refused.
    let mut other = args(&r, &["--resume"]);
    let i = other.iter().position(|a| a == "-seed").unwrap();
    other[i + 1] = "8".into();
    let out = Command::new(match_bin()).args(&other).output().unwrap();
    assert!(!out.status.success());
}

fn merge(files: &[std::path::PathBuf]) -> serde_json::Value {
    let mut a = vec!["merge".to_string()];
    a.extend(files.iter().map(|f| f.display().to_string()));
    run_bin(&a)
}

#[test]
fn shards_in_a_loop_merge_to_the_unsharded_result() {
    let dir = tempfile::tempdir().unwrap();
    let (ref_counts, ref_games) = reference(dir.path());
    let mut files = Vec::new();
    for i in 1..=4 {
        let f = dir.path().join(format!("shard{i}.jsonl"));
        run_bin(&args(&f, &["--shard", &format!("{i}/4")]));
        files.push(f);
    }
    let merged = merge(&files);
    assert_eq!(merged["games"], 20);
    assert_eq!(counts(&merged), ref_counts);
    let mut all: Vec<_> = files.iter().flat_map(|f| game_keys(f)).collect();
    all.sort();
    assert_eq!(all, ref_games);
    // Merging a shard twice does not count it twice.
    files.push(files[0].clone());
    assert_eq!(merge(&files)["games"], 20);
}

#[test]
fn shards_through_gnu_parallel_merge_to_the_unsharded_result() {
    let has_parallel = Command::new("parallel")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !has_parallel {
        eprintln!("SKIPPED: GNU parallel is not installed (apt-get install -y parallel)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (ref_counts, _) = reference(dir.path());
    let base = args(&dir.path().join("p{}.jsonl"), &["--shard", "{}/4"]);
    let status = Command::new("parallel")
        .args([
            "--will-cite",
            "-q",
            "--halt",
            "now,fail=1",
            "-j",
            "4",
            &match_bin(),
        ])
        .args(&base)
        .args([":::", "1", "2", "3", "4"])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let files: Vec<_> = (1..=4)
        .map(|i| dir.path().join(format!("p{i}.jsonl")))
        .collect();
    let merged = merge(&files);
    assert_eq!(counts(&merged), ref_counts);
}

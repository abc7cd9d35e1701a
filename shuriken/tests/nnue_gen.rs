//! `shuriken tune nnue gen` through the binary: a run killed with SIGKILL and resumed writes the
//! same bytes as an uninterrupted one, shards run under GNU parallel hold exactly the games of
//! the unsharded run, and `tune nnue dump` prints the records.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn shuriken() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shuriken"))
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("shuriken-nnue-gen-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const COMMON: &[&str] = &[
    "tune",
    "nnue",
    "gen",
    "--variant",
    "titan",
    "--nodes",
    "300",
    "--random-plies",
    "2",
    "--max-plies",
    "60",
    "--hash",
    "1",
    "--seed",
    "11",
    "--progress-secs",
    "0",
];

fn gen(out: &Path, extra: &[&str]) -> Command {
    let mut c = shuriken();
    c.args(COMMON).args(extra).arg("--out").arg(out);
    c
}

/// The records of a dump (header lines dropped), each as `(game id, line)`.
fn dump(files: &[PathBuf]) -> Vec<(u64, String)> {
    let out = shuriken()
        .args(["tune", "nnue", "dump"])
        .args(files)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            assert_eq!(f.len(), 5, "{l}");
            (f[3].parse().unwrap(), l.to_string())
        })
        .collect()
}

#[test]
fn a_killed_run_resumed_writes_the_same_bytes() {
    let d = dir("kill");
    let reference = d.join("ref.bin");
    let st = gen(&reference, &["--positions", "400"]).status().unwrap();
    assert!(st.success());
    let want = std::fs::read(&reference).unwrap();
    assert_eq!(want.len(), 401 * 100);

    let out = d.join("killed.bin");
    let mut kills = 0;
    for attempt in 0..2 {
        let mut child = gen(&out, &["--positions", "400", "--threads", "2"])
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Kill it once the file has grown past a point (or when it ends by itself).
        let grow_to = 100 * (60 + 150 * attempt);
        let start = Instant::now();
        loop {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            let len = std::fs::metadata(&out).map(|m| m.len()).unwrap_or(0);
            if len >= grow_to || start.elapsed() > Duration::from_secs(120) {
                child.kill().unwrap();
                kills += 1;
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        child.wait().unwrap();
    }
    assert!(kills > 0, "the run ended before it could be killed");
    assert!(std::fs::read(&out).unwrap().len() < want.len());
    let st = gen(&out, &["--positions", "400", "--threads", "1"])
        .status()
        .unwrap();
    assert!(st.success());
    assert_eq!(std::fs::read(&out).unwrap(), want);

    let recs = dump(&[reference]);
    assert_eq!(recs.len(), 400);
    assert!(recs[0].1.starts_with("fragyqkugarf/") || recs[0].1.contains('/'));
}

#[test]
fn shards_under_gnu_parallel_hold_the_games_of_the_whole_run() {
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
    let d = dir("parallel");
    let whole = d.join("whole.bin");
    assert!(gen(&whole, &["--games", "12"]).status().unwrap().success());
    let pattern = d.join("shard{}.bin");
    let st = Command::new("parallel")
        .args(["--will-cite", "-q", "--halt", "now,fail=1", "-j", "3"])
        .arg(env!("CARGO_BIN_EXE_shuriken"))
        .args(COMMON)
        .args(["--games", "12", "--shard", "{}/3", "--out"])
        .arg(&pattern)
        .args([":::", "1", "2", "3"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(st.success());
    // The shard files concatenated (as `cat` would) read as one data file.
    let mut cat = Vec::new();
    for i in 1..=3 {
        let recs = dump(&[d.join(format!("shard{i}.bin"))]);
        assert!(
            recs.iter().all(|(g, _)| g % 3 == i - 1),
            "shard {i} holds another's game"
        );
        cat.extend(std::fs::read(d.join(format!("shard{i}.bin"))).unwrap());
    }
    let joined = d.join("all.bin");
    std::fs::write(&joined, cat).unwrap();
    let mut from_shards = dump(&[joined]);
    from_shards.sort_by_key(|r| r.0);
    let all = dump(&[whole]);
    assert!(!all.is_empty());
    assert_eq!(from_shards, all);
}

#[test]
fn multipv_randomisation_is_deterministic_and_its_own_run() {
    let d = dir("multipv");
    let mpv = [
        "--multipv-plies",
        "6",
        "--multipv",
        "3",
        "--multipv-margin",
        "80",
    ];
    let one = d.join("one.bin");
    let two = d.join("two.bin");
    let mut args = vec!["--positions", "150", "--threads", "1"];
    args.extend(mpv);
    assert!(gen(&one, &args).status().unwrap().success());
    args[3] = "2";
    assert!(gen(&two, &args).status().unwrap().success());
    let want = std::fs::read(&one).unwrap();
    assert_eq!(want.len(), 151 * 100);
    assert_eq!(std::fs::read(&two).unwrap(), want);
    // Without the randomisation the games are others, and the file is another run's.
    let plain = d.join("plain.bin");
    assert!(gen(&plain, &["--positions", "150"])
        .status()
        .unwrap()
        .success());
    assert_ne!(
        dump(std::slice::from_ref(&plain)),
        dump(std::slice::from_ref(&one))
    );
    let out = gen(&one, &["--positions", "150"]).output().unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("holds another run"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Settings no search can use are refused before any file is written.
    let bad = d.join("bad.bin");
    for extra in [["--multipv", "0"], ["--multipv-margin", "-5"]] {
        let out = gen(&bad, &extra).output().unwrap();
        assert!(!out.status.success(), "{extra:?}");
    }
    assert!(!bad.exists());
}

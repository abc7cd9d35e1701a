//! UCI output at a fixed depth with one thread is the engine's output from before the typed
//! core (`engine::core`), line for line, except `time` and `nps` (and the final `info` line that
//! repeated the last iteration's first one, now dropped): `tests/data/uci_fixed_depth.txt`.
//!
//! Like the bench signature, the expected lines change whenever the search or the evaluation
//! changes. After such a change, check the difference, then rewrite the file with
//! `SHURIKEN_BLESS=1 cargo test -p engine --test uci_output`.

mod common;

use common::Driver;
use std::time::Duration;

const EXPECTED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/uci_fixed_depth.txt"
);

/// The line without its ` nps N` and ` time N` fields.
fn strip(line: &str) -> String {
    let mut out = Vec::new();
    let mut words = line.split(' ');
    while let Some(w) = words.next() {
        if line.starts_with("info ") && (w == "nps" || w == "time") {
            words.next();
        } else {
            out.push(w);
        }
    }
    out.join(" ")
}

/// The commands of each block and the lines expected after them.
fn blocks(text: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let mut blocks: Vec<(Vec<String>, Vec<String>)> = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        match line.strip_prefix("> ") {
            Some(cmd) => {
                if blocks.last().is_none_or(|b| !b.1.is_empty()) {
                    blocks.push((Vec::new(), Vec::new()));
                }
                blocks.last_mut().unwrap().0.push(cmd.to_string());
            }
            None => blocks.last_mut().expect("a block").1.push(line.to_string()),
        }
    }
    blocks
}

/// What the engine prints for `commands` (the last one a bounded `go`), stripped.
fn output(commands: &[String]) -> Vec<String> {
    let mut d = Driver::new();
    for c in commands {
        d.send(c);
    }
    let (line, before) = d
        .wait_for("bestmove", Duration::from_secs(120))
        .expect("bestmove");
    d.uci.wait();
    before.iter().chain([&line]).map(|l| strip(l)).collect()
}

#[test]
fn fixed_depth_output_is_unchanged() {
    let text = std::fs::read_to_string(EXPECTED).expect("expected output file");
    let blocks = blocks(&text);
    assert!(blocks.len() >= 7);
    if std::env::var_os("SHURIKEN_BLESS").is_some() {
        let mut out: Vec<String> = text
            .lines()
            .take_while(|l| l.starts_with('#'))
            .map(String::from)
            .collect();
        for (commands, _) in &blocks {
            out.push(String::new());
            out.extend(commands.iter().map(|c| format!("> {c}")));
            out.extend(output(commands));
        }
        std::fs::write(EXPECTED, out.join("\n") + "\n").expect("rewrite the expected output");
        return;
    }
    for (commands, expected) in &blocks {
        assert_eq!(&output(commands), expected, "after {commands:?}");
    }
}

#[test]
fn strip_removes_time_and_nps_only() {
    assert_eq!(
        strip(
            "info depth 2 seldepth 3 multipv 1 score cp 5 nodes 9 nps 7 hashfull 0 time 3 pv a2a3"
        ),
        "info depth 2 seldepth 3 multipv 1 score cp 5 nodes 9 hashfull 0 pv a2a3"
    );
    assert_eq!(
        strip("bestmove a2a3 ponder a7a6"),
        "bestmove a2a3 ponder a7a6"
    );
}

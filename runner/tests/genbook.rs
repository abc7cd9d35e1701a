//! `shuriken match genbook` with a check engine (the fake engine, scoring each position by a
//! hash of it): the book is the same whatever `-threads`, every position is within the margin
//! and carries its score and depth as EPD `ce` and `acd`, and the runner reads the book back.

mod common;
use common::*;
use std::path::Path;
use std::process::Command;

fn genbook(out: &Path, threads: &str) {
    let st = Command::new(match_bin())
        .args([
            "genbook", "-variant", "hadean", "-plies", "3", "-count", "120",
        ])
        .args([
            "-seed", "4", "-depth", "8", "-margin", "60", "-threads", threads,
        ])
        .args(["-engine", &format!("cmd={}", fake()), "args=--score-hash"])
        .arg("-out")
        .arg(out)
        .status()
        .unwrap();
    assert!(st.success());
}

#[test]
fn books_do_not_depend_on_threads_and_carry_ce_and_acd() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.epd");
    let three = dir.path().join("three.epd");
    genbook(&one, "1");
    genbook(&three, "3");
    let text = std::fs::read_to_string(&one).unwrap();
    assert_eq!(text, std::fs::read_to_string(&three).unwrap());
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 120);
    for l in &lines {
        let ce = runner::openings::epd_int(l, "ce").unwrap().unwrap();
        assert!(ce.abs() <= 60, "{l}");
        assert_eq!(runner::openings::epd_int(l, "acd").unwrap().unwrap(), 1);
    }
    // The fake engine's scores spread over -150..150: the margin rejected some candidates.
    assert!(text.contains("120 positions"));
    let variant = movegen::Variant::from_name("hadean").unwrap();
    let fens = runner::openings::parse_set(variant, &text, "book").unwrap();
    assert_eq!(fens.len(), 120);
}

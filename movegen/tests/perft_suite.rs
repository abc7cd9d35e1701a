//! Perft against numbers from outside the project (tests/data/perft.txt).

use movegen::{perft::perft, Position, Variant};

struct Case {
    variant: Variant,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    let mut out = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.split(';').map(str::trim).collect();
        assert_eq!(parts.len(), 3, "bad suite line {line}");
        let variant = Variant::from_name(parts[0]).expect("variant");
        let counts = parts[2]
            .split_whitespace()
            .map(|kv| {
                let (d, n) = kv.split_once('=').expect("depth=count");
                (d.parse().expect("depth"), n.parse().expect("count"))
            })
            .collect();
        out.push(Case {
            variant,
            fen: parts[1].to_string(),
            counts,
        });
    }
    out
}

fn run(budget: u64) {
    for case in suite() {
        let mut pos = Position::from_fen(case.variant, &case.fen).expect("suite FEN parses");
        for &(depth, expected) in &case.counts {
            if expected > budget {
                continue;
            }
            assert_eq!(
                perft(&mut pos, depth),
                expected,
                "{} {} depth {depth}",
                case.variant,
                case.fen
            );
        }
        assert_eq!(
            pos.to_fen(),
            Position::from_fen(case.variant, &case.fen)
                .unwrap()
                .to_fen()
        );
    }
}

#[test]
fn perft_suite_within_budget() {
    run(6_000_000);
}

#[test]
#[ignore = "deep: minutes in release mode"]
fn perft_suite_full() {
    run(u64::MAX);
}

#[test]
fn threaded_divide_equals_single_thread() {
    for v in Variant::ALL {
        let mut pos = Position::startpos(v);
        let one = movegen::perft::divide(&mut pos, 3, 1);
        let two = movegen::perft::divide(&mut pos, 3, 2);
        assert_eq!(one, two, "{v}");
        assert_eq!(
            movegen::perft::perft_threads(&mut pos, 3, 2),
            perft(&mut pos, 3)
        );
    }
}

//! Stable-toolchain replay of the fuzz seeds (`fuzz/seeds/<target>/`) and of every input that
//! once crashed a target (`tests/fuzz_regressions/<target>/`), through the same checks as the
//! cargo-fuzz targets (`tests::fuzz_checks`); a property test feeding random printable text and
//! mutated FENs to those checks; and limits on hostile sizes (10 MB lines, 10,000-digit FENs,
//! 100,000-token move lists).
//!
//! Regression files whose name starts with `open-` reproduce a bug that is not fixed yet: the
//! replay skips them and the `#[ignore]`d test [`open_bugs_still_reproduce`] runs them.

use movegen::{Position, Variant};
use proptest::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tests::fuzz_checks::{self, check_fen, check_moves, moves_fens};

/// A target's check: panics on a broken invariant.
type Check = fn(&[u8]);

/// The targets whose inputs are replayed, with the check each runs.
const TARGETS: &[(&str, Check)] = &[
    ("fen", fuzz_checks::check_fen_input),
    ("moves", fuzz_checks::check_moves_input),
    ("openings", check_openings),
    ("uci", uci_driver::check_uci_input),
];

#[path = "../../fuzz/uci_driver.rs"]
mod uci_driver;

fn check_openings(data: &[u8]) {
    fuzz_checks::check_openings_input(
        data,
        |v, t| runner::openings::parse_set(v, t, fuzz_checks::OPENINGS_ORIGIN),
        runner::openings::line_to_fen,
    );
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Files of `dir` (none if it does not exist), sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn is_open_bug(p: &Path) -> bool {
    p.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("open-") || n.starts_with('.'))
}

/// Runs `check` on every file, returning "path: panic message" for each that panicked.
fn replay(check: Check, paths: &[PathBuf]) -> Vec<String> {
    let mut failures = Vec::new();
    for p in paths {
        let data = std::fs::read(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
        if let Err(e) = catch_unwind(AssertUnwindSafe(|| check(&data))) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(format!("{}: {msg}", p.display()));
        }
    }
    failures
}

#[test]
fn seeds_and_regressions_pass_the_fuzz_checks() {
    let mut failures = Vec::new();
    for (target, check) in TARGETS {
        let seeds = files(&root().join("fuzz/seeds").join(target));
        assert!(!seeds.is_empty(), "no seeds for fuzz target {target}");
        failures.extend(replay(*check, &seeds));
        let regressions: Vec<PathBuf> = files(&root().join("tests/fuzz_regressions").join(target))
            .into_iter()
            .filter(|p| !is_open_bug(p))
            .collect();
        // Every target has regression inputs: a missing or empty folder (a renamed target, a
        // moved directory) would make this replay test nothing.
        assert!(
            !regressions.is_empty(),
            "no regression inputs for fuzz target {target} in tests/fuzz_regressions/{target}/"
        );
        failures.extend(replay(*check, &regressions));
    }
    assert!(
        failures.is_empty(),
        "fuzz inputs failing:\n{}",
        failures.join("\n")
    );
}

#[test]
#[ignore = "replays inputs of bugs not fixed yet (tests/fuzz_regressions/*/open-*)"]
fn open_bugs_still_reproduce() {
    let mut failures = Vec::new();
    for (target, check) in TARGETS {
        let open: Vec<PathBuf> = files(&root().join("tests/fuzz_regressions").join(target))
            .into_iter()
            .filter(|p| is_open_bug(p))
            .collect();
        failures.extend(replay(*check, &open));
    }
    assert!(failures.is_empty(), "open bugs:\n{}", failures.join("\n"));
}

#[test]
fn built_in_move_start_positions_are_valid() {
    for v in Variant::ALL {
        for fen in moves_fens(v) {
            if let Err(e) = Position::from_fen(v, fen) {
                panic!("{v} built-in FEN {fen}: {e}");
            }
        }
    }
}

/// Characters FEN mutations draw from: every piece letter, digits, separators, hands.
const FEN_ALPHABET: &[u8] =
    b"0123456789/*[]- wbKQkqJjPpNnBbRrQqWwGgFfAaYyUuZzMmEeHhLlSsOoCcXx@#\t.";

#[derive(Clone, Debug)]
enum Mutation {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    SwapFields(usize, usize),
    DropField(usize),
    Duplicate(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let ch = prop::sample::select(FEN_ALPHABET);
    prop_oneof![
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Mutation::Replace(i, c)),
        (any::<usize>(), ch).prop_map(|(i, c)| Mutation::Insert(i, c)),
        any::<usize>().prop_map(Mutation::Delete),
        (0usize..6, 0usize..6).prop_map(|(a, b)| Mutation::SwapFields(a, b)),
        (0usize..6).prop_map(Mutation::DropField),
        (any::<usize>(), 1usize..12).prop_map(|(i, n)| Mutation::Duplicate(i, n)),
    ]
}

fn apply(fen: &str, muts: &[Mutation]) -> String {
    let mut b = fen.as_bytes().to_vec();
    for m in muts {
        let n = b.len().max(1);
        match *m {
            Mutation::Replace(i, c) if !b.is_empty() => b[i % n] = c,
            Mutation::Insert(i, c) => b.insert(i % (b.len() + 1), c),
            Mutation::Delete(i) if !b.is_empty() => {
                b.remove(i % n);
            }
            Mutation::SwapFields(x, y) => {
                let s = String::from_utf8_lossy(&b).into_owned();
                let mut f: Vec<&str> = s.split(' ').collect();
                let (x, y) = (x % f.len(), y % f.len());
                f.swap(x, y);
                b = f.join(" ").into_bytes();
            }
            Mutation::DropField(x) => {
                let s = String::from_utf8_lossy(&b).into_owned();
                let mut f: Vec<&str> = s.split(' ').collect();
                f.remove(x % f.len());
                b = f.join(" ").into_bytes();
            }
            Mutation::Duplicate(i, len) if !b.is_empty() => {
                let start = i % n;
                let end = (start + len).min(b.len());
                let part = b[start..end].to_vec();
                b.splice(start..start, part);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Every FEN the mutations start from: start positions and the `moves` built-ins.
fn base_fens() -> Vec<(Variant, &'static str)> {
    Variant::ALL
        .iter()
        .flat_map(|&v| moves_fens(v).iter().map(move |f| (v, *f)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_printable_text_is_handled(v in 0usize..5, s in "[ -~]{0,160}") {
        check_fen(Variant::ALL[v], &s);
    }

    #[test]
    fn mutated_fens_are_handled(
        base in prop::sample::select(base_fens()),
        other in 0usize..5,
        muts in prop::collection::vec(mutation(), 1..5),
        wrong_variant in any::<bool>(),
    ) {
        let fen = apply(base.1, &muts);
        let v = if wrong_variant { Variant::ALL[other] } else { base.0 };
        check_fen(v, &fen);
    }

    #[test]
    fn random_move_texts_are_handled(
        v in 0usize..5,
        sel in any::<u8>(),
        moves in prop::collection::vec(
            "(J@)?[a-m][0-9]{1,2}[a-m][0-9]{1,2}([a-m][0-9]{1,2})?[a-z]?|[ -~]{0,8}", 0..24),
        raw in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let v = Variant::ALL[v];
        check_moves(v, fuzz_checks::moves_start_fen(v, sel), &moves.join(" "), &raw);
    }

    #[test]
    fn random_playouts_keep_every_invariant(v in 0usize..5, sel in any::<u8>(), picks in prop::collection::vec(any::<u16>(), 0..40)) {
        let v = Variant::ALL[v];
        let mut pos = Position::from_fen(v, fuzz_checks::moves_start_fen(v, sel)).unwrap();
        let mut played = Vec::new();
        for p in picks {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[p as usize % legal.len()];
            played.push(pos.move_to_uci(m));
            pos.make_move(m);
        }
        let fen = pos.to_fen();
        check_fen(v, &fen);
        let start = fuzz_checks::moves_start_fen(v, sel);
        check_moves(v, start, &played.join(" "), &[]);
    }
}

/// Fails if `f` takes longer than `limit` (a hang guard, far above the expected time).
fn bounded<T>(what: &str, limit: Duration, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    assert!(t.elapsed() < limit, "{what} took {:?}", t.elapsed());
    out
}

const LIMIT: Duration = Duration::from_secs(20);

#[test]
fn ten_megabyte_lines_are_rejected_quickly() {
    let line = "8/".repeat(5 * 1024 * 1024);
    let spaced = "a ".repeat(5 * 1024 * 1024);
    for v in Variant::ALL {
        for text in [&line, &spaced] {
            bounded("10 MB FEN", LIMIT, || {
                assert!(Position::from_fen(v, text).is_err())
            });
            let pos = Position::startpos(v);
            bounded("10 MB move", LIMIT, || {
                assert!(pos.parse_move(text).is_err())
            });
        }
    }
    bounded("10 MB opening line", LIMIT, || {
        assert!(runner::openings::parse_set(Variant::Chess, &line, "big").is_err());
        assert!(runner::openings::parse_set(Variant::Chess, &spaced, "big").is_err());
        let _ = runner::openings::line_to_fen(&line);
    });
}

#[test]
fn ten_thousand_digit_fens_are_rejected() {
    let digits = "1".repeat(10_000);
    let nines = "9".repeat(10_000);
    for v in Variant::ALL {
        for board in [&digits, &nines] {
            for fen in [
                format!("{board} w - - 0 1"),
                format!("4k3/{board}/8/8/8/8/8/4K3 w - - 0 1"),
                format!("4k3/8/8/8/8/8/8/4K3 w - - {board} 1"),
                format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {board}"),
                format!("4k3/8/8/8/8/8/8/4K3 w - e{board} 0 1"),
            ] {
                bounded("10,000 digits", LIMIT, || {
                    let e = Position::from_fen(v, &fen).expect_err("accepted");
                    assert!(!e.to_string().is_empty());
                });
            }
        }
        // Just under the length limit: still an error, never a panic.
        let short = "1".repeat(1900);
        let fen = format!("4k3/{short}/8/8/8/8/8/4K3 w - - 0 1");
        assert!(Position::from_fen(v, &fen).is_err());
        let fen = format!("4k3/{}/8/8/8/8/8/4K3 w - - 0 1", "9".repeat(1900));
        assert!(Position::from_fen(v, &fen).is_err());
    }
}

#[test]
fn hundred_thousand_move_tokens_take_bounded_time() {
    // Legal: knights out and back, 100,000 plies.
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let tokens: Vec<&str> = cycle.iter().copied().cycle().take(100_000).collect();
    let mut pos = Position::startpos(Variant::Chess);
    let start = (pos.to_fen(), pos.hash());
    bounded("100,000 legal moves", Duration::from_secs(60), || {
        for t in &tokens {
            let m = pos.parse_move(t).expect("legal knight move");
            pos.make_move(m);
        }
        assert_eq!(pos.ply_count(), 100_000);
        assert!(pos.validate().is_ok());
        assert!(pos.outcome().is_some(), "repetition must end the game");
        for _ in 0..100_000 {
            pos.unmake_move();
        }
    });
    assert_eq!((pos.to_fen(), pos.hash()), start);
    // Illegal or garbled: every one is an error.
    let garbage = ["e1e8", "J@e7", "z9z9", "@", "e2e4e6e8", "a1", "a1a1"];
    for v in [Variant::Titan, Variant::Octopus] {
        let pos = Position::startpos(v);
        bounded("100,000 bad moves", Duration::from_secs(60), || {
            for t in garbage.iter().cycle().take(100_000) {
                assert!(pos.parse_move(t).is_err(), "{v} accepted {t}");
            }
        });
    }
    // The fuzz check reads at most MAX_MOVE_TOKENS of a huge list.
    let text = tokens.join(" ");
    bounded(
        "check_moves on 100,000 tokens",
        Duration::from_secs(60),
        || check_moves(Variant::Chess, moves_fens(Variant::Chess)[0], &text, &[]),
    );
}

#[test]
fn big_opening_files_are_handled() {
    let fen = moves_fens(Variant::Chess)[0];
    let text = format!("{fen}\n").repeat(20_000);
    let set = bounded("20,000 openings", Duration::from_secs(60), || {
        runner::openings::parse_set(Variant::Chess, &text, "big")
    });
    assert_eq!(set.map(|s| s.len()).ok(), Some(20_000));
    let lines = "# comment\n\n".repeat(100_000);
    assert!(runner::openings::parse_set(Variant::Chess, &lines, "comments").is_err());
}

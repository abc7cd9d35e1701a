//! Benchmark support for Shuriken: the middlegame position set in `data/positions.txt`, its
//! parser, and the seeded generator that produced it (`cargo run -p bench --bin make_positions`).
//!
//! Each data line reads `variant; FEN; perft2-count`. Blank lines and lines starting with `#` are
//! ignored. The perft(2) count lets every benchmark check that it measures a move generator that
//! still produces the recorded results.

#![forbid(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]

use movegen::{MoveKind, MoveList, Position, Role, Variant};
use std::fmt;

/// The committed position set, `data/positions.txt`, compiled into the crate.
pub const POSITIONS_TXT: &str = include_str!("../data/positions.txt");

/// Path of the position set relative to the `bench` crate root.
pub const POSITIONS_PATH: &str = "data/positions.txt";

/// How many positions [`generate_set`] makes per variant.
pub const POSITIONS_PER_VARIANT: usize = 12;

/// Shortest random game, in plies, before a position is recorded.
pub const MIN_PLIES: u32 = 16;

/// Longest random game, in plies, before a position is recorded.
pub const MAX_PLIES: u32 = 40;

/// Seed of the committed position set.
pub const DEFAULT_SEED: u64 = 0x5348_5552_494B_454E; // "SHURIKEN"

/// One benchmark position: variant, FEN and the expected perft(2) count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    /// The variant the FEN belongs to.
    pub variant: Variant,
    /// The position in the project's FEN.
    pub fen: String,
    /// Leaf nodes of perft at depth 2, as recorded when the set was generated.
    pub perft2: u64,
}

impl BenchPosition {
    /// Parses the FEN into a [`Position`]; panics with the offending line on failure (the data
    /// file is part of the crate, so a failure is a bug, not an input error).
    pub fn position(&self) -> Position {
        Position::from_fen(self.variant, &self.fen)
            .unwrap_or_else(|e| panic!("bad FEN for {}: {}: {e}", self.variant, self.fen))
    }

    /// Checks the recorded perft(2) count against the move generator.
    pub fn verify(&self) -> Result<(), String> {
        let mut pos = self.position();
        let got = movegen::perft::perft(&mut pos, 2);
        if got == self.perft2 {
            Ok(())
        } else {
            Err(format!(
                "{}; {}: perft(2) is {got}, data file says {}",
                self.variant, self.fen, self.perft2
            ))
        }
    }
}

impl fmt::Display for BenchPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; {}; {}", self.variant.name(), self.fen, self.perft2)
    }
}

/// A malformed line of the position set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses a position set in the `variant; FEN; perft2-count` format.
pub fn parse_positions(text: &str) -> Result<Vec<BenchPosition>, ParseError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |message: String| ParseError {
            line: i + 1,
            message,
        };
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [variant, fen, count] = fields[..] else {
            return Err(err(format!(
                "expected 3 ';'-separated fields, found {}",
                fields.len()
            )));
        };
        let variant = Variant::from_name(variant).map_err(|e| err(e.to_string()))?;
        Position::from_fen(variant, fen).map_err(|e| err(format!("bad FEN: {e}")))?;
        let perft2 = count
            .parse()
            .map_err(|e| err(format!("bad perft(2) count '{count}': {e}")))?;
        out.push(BenchPosition {
            variant,
            fen: fen.to_string(),
            perft2,
        });
    }
    Ok(out)
}

/// The committed position set, parsed; panics if the data file is malformed.
pub fn positions() -> Vec<BenchPosition> {
    parse_positions(POSITIONS_TXT).unwrap_or_else(|e| panic!("{POSITIONS_PATH}: {e}"))
}

/// The committed positions of one variant.
pub fn positions_of(variant: Variant) -> Vec<BenchPosition> {
    positions()
        .into_iter()
        .filter(|p| p.variant == variant)
        .collect()
}

/// A small deterministic pseudo-random generator (the workspace's one SplitMix64 step,
/// `runner::rng::splitmix64_next`), so the position set can be regenerated bit for bit.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        runner::rng::splitmix64_next(&mut self.0)
    }

    /// A value in `0..n` (`n > 0`); the slight modulo bias is irrelevant here.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// Weight of a move in the random games: captures first, then piece development and castling,
/// then pawn moves and drops, king walks last. This steers the games towards open, tactical
/// middlegames instead of the shuffling a uniform choice produces.
fn move_weight(pos: &Position, m: movegen::Move) -> u64 {
    if pos.is_capture(m) {
        return 8;
    }
    match m.kind() {
        MoveKind::Castle => 6,
        MoveKind::Drop => 2,
        MoveKind::Promotion => 4,
        MoveKind::EnPassant => 8,
        MoveKind::Normal => match pos.moved_piece(m).role {
            Role::King => 1,
            Role::Pawn | Role::Ninja => 2,
            _ => 3,
        },
    }
}

/// Picks a move of `list` at random, weighted by [`move_weight`].
fn pick(pos: &Position, list: &MoveList, rng: &mut SplitMix64) -> movegen::Move {
    let weights: Vec<u64> = list.iter().map(|&m| move_weight(pos, m)).collect();
    let mut r = rng.below(weights.iter().sum());
    for (&m, &w) in list.iter().zip(&weights) {
        if r < w {
            return m;
        }
        r -= w;
    }
    unreachable!("weights sum covers r")
}

/// Is `pos` usable as a benchmark position: game not over, side to move not in check?
fn usable(pos: &Position) -> bool {
    !pos.in_check() && pos.outcome().is_none()
}

/// Plays one seeded random game of `MIN_PLIES..=MAX_PLIES` plies (a few more if needed to leave
/// check) and returns the final position, or `None` if the game ended early.
pub fn random_middlegame(variant: Variant, rng: &mut SplitMix64) -> Option<Position> {
    let plies = MIN_PLIES + rng.below(u64::from(MAX_PLIES - MIN_PLIES + 1)) as u32;
    let mut pos = Position::startpos(variant);
    let mut list = MoveList::new();
    for ply in 0..=MAX_PLIES + 8 {
        if ply >= plies && usable(&pos) {
            return Some(pos);
        }
        pos.generate_legal(&mut list);
        if list.is_empty() || pos.outcome().is_some() {
            return None;
        }
        let m = pick(&pos, &list, rng);
        pos.make_move(m);
    }
    None
}

/// Generates `count` distinct middlegame positions of `variant` from `seed`, each with its
/// perft(2) count (computed on the position re-read from its FEN, so the FEN alone reproduces
/// it).
pub fn generate_positions(variant: Variant, count: usize, seed: u64) -> Vec<BenchPosition> {
    let mut rng = SplitMix64::new(seed ^ (variant.index() as u64).wrapping_mul(0x1000_0001));
    let mut out: Vec<BenchPosition> = Vec::with_capacity(count);
    let mut attempts = 0;
    while out.len() < count {
        attempts += 1;
        assert!(
            attempts < 100 * count + 100,
            "could not find {count} usable {variant} positions"
        );
        let Some(pos) = random_middlegame(variant, &mut rng) else {
            continue;
        };
        let fen = pos.to_fen();
        if out.iter().any(|p| p.fen == fen) {
            continue;
        }
        let mut reread = Position::from_fen(variant, &fen)
            .unwrap_or_else(|e| panic!("to_fen output does not parse: {fen}: {e}"));
        if !usable(&reread) {
            continue;
        }
        let perft2 = movegen::perft::perft(&mut reread, 2);
        out.push(BenchPosition {
            variant,
            fen,
            perft2,
        });
    }
    out
}

/// The whole position set, as written to `data/positions.txt`: a header comment, then
/// [`POSITIONS_PER_VARIANT`] positions for each variant in [`Variant::ALL`] order.
pub fn generate_set(seed: u64) -> String {
    let mut text = String::new();
    text.push_str("# Shuriken benchmark positions: variant; FEN; perft(2)\n");
    text.push_str(&format!(
        "# Generated by `cargo run --release -p bench --bin make_positions` (seed {seed:#x}):\n"
    ));
    text.push_str(&format!(
        "# weighted random games of {MIN_PLIES}-{MAX_PLIES} plies, not in check, game not over.\n"
    ));
    for variant in Variant::ALL {
        for p in generate_positions(variant, POSITIONS_PER_VARIANT, seed) {
            text.push_str(&p.to_string());
            text.push('\n');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_file_has_enough_positions_per_variant() {
        let all = positions();
        for v in Variant::ALL {
            let n = all.iter().filter(|p| p.variant == v).count();
            assert!(n >= 10, "{v}: only {n} positions");
        }
    }

    #[test]
    fn data_file_perft2_matches_movegen() {
        for p in positions() {
            p.verify().unwrap();
            let pos = p.position();
            assert!(!pos.in_check(), "{p}: side to move in check");
            assert!(!pos.legal_moves().is_empty(), "{p}: no legal moves");
        }
    }

    #[test]
    fn generator_is_deterministic() {
        let a = generate_positions(Variant::Raptor, 2, 7);
        let b = generate_positions(Variant::Raptor, 2, 7);
        assert_eq!(a, b);
        assert_eq!(a.len(), 2);
    }

    #[test]
    fn parse_rejects_bad_lines() {
        assert!(parse_positions("# only a comment\n\n").unwrap().is_empty());
        assert_eq!(parse_positions("titan; x").unwrap_err().line, 1);
        assert!(parse_positions("nochess; 8/8/8/8/8/8/8/8 w - - 0 1; 3").is_err());
        let fen = Position::startpos(Variant::Chess).to_fen();
        assert!(parse_positions(&format!("chess; {fen}; many")).is_err());
        let ok = parse_positions(&format!("\nchess; {fen}; 400\n")).unwrap();
        assert_eq!(ok[0].perft2, 400);
        assert!(ok[0].verify().is_ok());
    }
}

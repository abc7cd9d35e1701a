//! The staged move source of the search against full legal generation, on random playouts and
//! random placements of every variant:
//! - tactical and quiet stages partition the pseudo-legal moves, and classify each move by what
//!   it does (captures something or promotes, versus neither);
//! - out of check, the legal moves among both stages are exactly the legal moves; in check the
//!   evasions are;
//! - perft through staged generation equals perft;
//! - `is_pseudo_legal` accepts exactly the pseudo-legal moves among this position's moves, other
//!   positions' moves and random move values, and `is_legal` exactly the legal ones;
//! - `gives_check` equals make-and-test.

mod common;

use common::{random_placement, Rng};
use movegen::{perft::perft, Move, MoveKind, MoveList, Position, Variant};

fn raw_sorted(list: &MoveList) -> Vec<u32> {
    let mut v: Vec<u32> = list.iter().map(|m| m.raw()).collect();
    v.sort_unstable();
    v
}

/// Positions of a variant: random playouts from the start position and from random placements.
fn positions(v: Variant, seed: u64, count: usize) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut game = 0u64;
    while out.len() < count {
        let mut pos = if game.is_multiple_of(2) {
            Position::startpos(v)
        } else {
            random_placement(v, &mut rng)
        };
        game += 1;
        for _ in 0..40 {
            out.push(pos.clone());
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            pos.make_move(m);
        }
    }
    out.truncate(count);
    out
}

fn count() -> usize {
    std::env::var("SHURIKEN_STAGED_POSITIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400)
}

/// Staged generation as the search will use it: evasions in check, else tactical then quiet
/// moves filtered by the fast legality test.
fn staged_legal(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    if pos.in_check() {
        pos.generate_evasions(&mut list);
    } else {
        pos.generate_captures(&mut list);
        pos.generate_quiets(&mut list);
        list.retain(|m| pos.is_legal_pseudo(m));
    }
    list
}

fn staged_perft(pos: &mut Position, depth: u32) -> u64 {
    let list = staged_legal(pos);
    if depth <= 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for &m in list.iter() {
        pos.make_move(m);
        n += staged_perft(pos, depth - 1);
        pos.unmake_move();
    }
    n
}

fn check_stages(pos: &Position) -> Result<(), String> {
    let fen = pos.to_fen();
    let mut pseudo = MoveList::new();
    pos.generate_pseudo_legal(&mut pseudo);
    let (mut tactical, mut quiet) = (MoveList::new(), MoveList::new());
    pos.generate_captures(&mut tactical);
    pos.generate_quiets(&mut quiet);
    for &m in tactical.iter() {
        let is_tactical = pos.is_capture(m) || m.promotion().is_some();
        if !is_tactical {
            return Err(format!("{fen}: {} in captures", pos.move_to_uci(m)));
        }
    }
    for &m in quiet.iter() {
        if pos.is_capture(m) || m.promotion().is_some() || m.kind() == MoveKind::EnPassant {
            return Err(format!("{fen}: {} in quiets", pos.move_to_uci(m)));
        }
    }
    let mut both = tactical.clone();
    for &m in quiet.iter() {
        both.push(m);
    }
    if raw_sorted(&both) != raw_sorted(&pseudo) {
        return Err(format!(
            "{fen}: stages are not a partition of pseudo-legal moves"
        ));
    }
    let legal = pos.legal_moves();
    if raw_sorted(&staged_legal(pos)) != raw_sorted(&legal) {
        return Err(format!(
            "{fen}: staged legal moves differ (in check: {})",
            pos.in_check()
        ));
    }
    let mut evasions = MoveList::new();
    pos.generate_evasions(&mut evasions);
    if raw_sorted(&evasions) != raw_sorted(&legal) {
        return Err(format!("{fen}: evasions differ from legal moves"));
    }
    for &m in legal.iter() {
        let mut after = pos.clone();
        after.make_move(m);
        if pos.gives_check(m) != after.in_check() {
            return Err(format!(
                "{fen}: gives_check({}) = {}, make-and-test says {}",
                pos.move_to_uci(m),
                pos.gives_check(m),
                after.in_check()
            ));
        }
    }
    Ok(())
}

fn check_membership(pos: &Position, candidates: &[Move]) -> Result<(), String> {
    let mut pseudo = MoveList::new();
    pos.generate_pseudo_legal(&mut pseudo);
    let legal = pos.legal_moves();
    for &m in candidates.iter().chain(pseudo.iter()) {
        if pos.is_pseudo_legal(m) != pseudo.contains(m) {
            return Err(format!(
                "{}: is_pseudo_legal({m:?}) = {}",
                pos.to_fen(),
                pos.is_pseudo_legal(m)
            ));
        }
        if pos.is_legal(m) != legal.contains(m) {
            return Err(format!(
                "{}: is_legal({m:?}) = {}",
                pos.to_fen(),
                pos.is_legal(m)
            ));
        }
    }
    Ok(())
}

/// Random move values: random squares of the 12x12 grid, kinds and promotion roles.
fn random_moves(rng: &mut Rng, n: usize) -> Vec<Move> {
    let mut out = Vec::new();
    while out.len() < n {
        let from = rng.below(144) as u32;
        let to = rng.below(144) as u32;
        let kind = rng.below(5) as u32;
        let promo = if kind == 1 {
            1 + rng.below(movegen::Role::COUNT) as u32
        } else {
            0
        };
        if let Some(m) = Move::from_raw(from | to << 8 | kind << 16 | promo << 19) {
            out.push(m);
        }
    }
    out
}

fn run(v: Variant, seed: u64) {
    let all = positions(v, seed, count());
    let mut rng = Rng(seed ^ 0x5eed);
    let mut in_check = 0;
    for (i, pos) in all.iter().enumerate() {
        in_check += pos.in_check() as usize;
        if let Err(e) = check_stages(pos) {
            panic!("{v} seed {seed}: {e}");
        }
        // Moves of other positions (same variant) and random values.
        let other = &all[(i * 7 + 13) % all.len()];
        let mut candidates: Vec<Move> = other.legal_moves().iter().copied().collect();
        let mut other_pseudo = MoveList::new();
        all[(i * 3 + 1) % all.len()].generate_pseudo_legal(&mut other_pseudo);
        candidates.extend(other_pseudo.iter().copied());
        candidates.extend(random_moves(&mut rng, 64));
        if let Err(e) = check_membership(pos, &candidates) {
            panic!("{v} seed {seed}: {e}");
        }
    }
    assert!(
        in_check > 0,
        "{v}: no position in check among {}",
        all.len()
    );
    eprintln!("{v}: {} positions ({in_check} in check)", all.len());
    // Perft through staged generation, on a sample of the positions.
    for pos in all.iter().step_by(all.len() / 8 + 1) {
        let mut p = pos.clone();
        let expected = perft(&mut p, 3);
        assert_eq!(staged_perft(&mut p, 3), expected, "{v} {}", pos.to_fen());
    }
}

#[test]
fn staged_titan() {
    run(Variant::Titan, 1);
}

#[test]
fn staged_hadean() {
    run(Variant::Hadean, 2);
}

#[test]
fn staged_raptor() {
    run(Variant::Raptor, 3);
}

#[test]
fn staged_octopus() {
    run(Variant::Octopus, 4);
}

#[test]
fn staged_chess() {
    run(Variant::Chess, 5);
}

/// Published chess perft (start position, depth 4) through staged generation.
#[test]
fn staged_perft_chess_start() {
    let mut pos = Position::startpos(Variant::Chess);
    assert_eq!(staged_perft(&mut pos, 4), 197_281);
}

//! Property tests on random positions of every variant:
//! - the fast generator and the reference generator give identical move sets;
//! - the position after each move agrees with the reference's, FEN for FEN;
//! - make then unmake restores the position exactly, hash included;
//! - the incremental hash equals the hash computed from scratch;
//! - FEN round-trips;
//! - "is attacked" agrees with make-and-test by the forward generator.
//!
//! Positions come from random playouts (sequences of random move indices) from the start position
//! and from random legal placements of each variant's pieces.

mod common;

use common::{random_placement, Rng};
use movegen::{reference, Move, MoveList, Position, Variant};
use proptest::prelude::*;

fn sorted_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_to_uci(*m))
        .collect();
    v.sort();
    v
}

/// Make-and-test twin of "is the king attacked": does some pseudo-legal move of the side to
/// move (ignoring its own king) remove the enemy king?
fn king_capturable(pos: &Position) -> bool {
    let enemy_king = pos.king(pos.side_to_move().opposite());
    let mut list = MoveList::new();
    pos.generate_pseudo_legal(&mut list);
    list.iter().any(|&m| {
        m.to() == enemy_king
            || pos
                .captures(m)
                .iter()
                .flatten()
                .any(|(sq, _)| *sq == enemy_king)
    })
}

/// Checks one position against every property; returns a description of the first failure.
fn check_position(
    pos: &mut Position,
    rng: &mut Rng,
    with_reference: bool,
) -> Result<Option<Move>, String> {
    let v = pos.variant();
    let fen = pos.to_fen();
    pos.validate().map_err(|e| format!("{e} in {fen}"))?;
    let round = Position::from_fen(v, &fen).map_err(|e| format!("own FEN {fen} rejected: {e}"))?;
    if round.to_fen() != fen || round.hash() != pos.hash() {
        return Err(format!("FEN round trip changed {fen}"));
    }
    let main = sorted_moves(pos);
    if with_reference {
        let reference = reference::legal_moves(v.name(), &fen)
            .map_err(|e| format!("reference rejects {fen}: {e}"))?;
        if main != reference {
            let only_main: Vec<_> = main.iter().filter(|m| !reference.contains(m)).collect();
            let only_ref: Vec<_> = reference.iter().filter(|m| !main.contains(m)).collect();
            return Err(format!(
                "{v} {fen}\n only fast: {only_main:?}\n only reference: {only_ref:?}"
            ));
        }
    }
    // "In check" agrees with make-and-test from the opponent's side.
    let mut flipped = pos.clone();
    flipped.make_null_move();
    if flipped.ply_count() > 0 && king_capturable(&flipped) != pos.in_check() {
        return Err(format!(
            "in_check {} disagrees with make-and-test in {fen}",
            pos.in_check()
        ));
    }
    // "Is attacked" agrees with make-and-test for every enemy piece: some pseudo-legal move of
    // the side to move (en passant aside) removes it exactly when `is_attacked` says so.
    let us = pos.side_to_move();
    let mut pseudo = MoveList::new();
    pos.generate_pseudo_legal(&mut pseudo);
    let mut removable = movegen::Bitboard::EMPTY;
    for &m in pseudo
        .iter()
        .filter(|m| m.kind() != movegen::MoveKind::EnPassant)
    {
        for (sq, _) in pos.captures(m).iter().flatten() {
            removable = removable.with(*sq);
        }
    }
    for sq in pos.board().color(us.opposite()) {
        if pos.is_attacked(sq, us) != removable.has(sq) {
            return Err(format!(
                "is_attacked({}) = {} disagrees with make-and-test in {fen}",
                pos.rules().square_name(sq),
                pos.is_attacked(sq, us)
            ));
        }
    }
    let list = pos.legal_moves();
    if list.is_empty() {
        return Ok(None);
    }
    let m = list[rng.below(list.len())];
    let before = pos.clone();
    pos.make_move(m);
    let after_fen = pos.to_fen();
    pos.validate()
        .map_err(|e| format!("after {}: {e}", before.move_to_uci(m)))?;
    if pos.hash() != pos.compute_hash() {
        return Err(format!(
            "incremental hash wrong after {} in {fen}",
            before.move_to_uci(m)
        ));
    }
    if with_reference {
        let expected = reference::play(v.name(), &fen, &before.move_to_uci(m))
            .map_err(|e| format!("reference play: {e}"))?;
        if expected != after_fen {
            return Err(format!(
                "{v} {fen} move {}:\n fast      {after_fen}\n reference {expected}",
                before.move_to_uci(m)
            ));
        }
    }
    pos.unmake_move();
    if *pos != before || pos.to_fen() != fen {
        return Err(format!(
            "unmake of {} did not restore {fen}",
            before.move_to_uci(m)
        ));
    }
    Ok(Some(m))
}

/// Runs one playout of up to `plies` from `start`, checking each position.
fn playout(
    start: Position,
    seed: u64,
    plies: usize,
    with_reference: bool,
) -> Result<usize, String> {
    let mut rng = Rng(seed);
    let mut pos = start;
    let mut checked = 0;
    for _ in 0..plies {
        checked += 1;
        match check_position(&mut pos, &mut rng, with_reference)? {
            Some(m) => pos.make_move(m),
            None => break,
        }
    }
    Ok(checked)
}

fn run_variant(v: Variant, seed: u64, plies: usize) -> Result<usize, String> {
    let mut rng = Rng(seed);
    let start = if seed.is_multiple_of(2) {
        Position::startpos(v)
    } else {
        random_placement(v, &mut rng)
    };
    playout(start, rng.next(), plies, true)
}

fn cases() -> u32 {
    std::env::var("SHURIKEN_CROSSCHECK_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(14)
}

macro_rules! crosscheck {
    ($name:ident, $variant:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]
            /// 14 playouts x 40 plies = at least 500 positions per variant in CI.
            #[test]
            fn $name(seed in any::<u64>()) {
                let r = run_variant($variant, seed, 40);
                prop_assert!(r.is_ok(), "{}", r.unwrap_err());
            }
        }
    };
}

crosscheck!(crosscheck_titan, Variant::Titan);
crosscheck!(crosscheck_hadean, Variant::Hadean);
crosscheck!(crosscheck_raptor, Variant::Raptor);
crosscheck!(crosscheck_octopus, Variant::Octopus);
crosscheck!(crosscheck_chess, Variant::Chess);

/// The deep run required before resolving: 100,000 positions per variant (or
/// `SHURIKEN_CROSSCHECK_POSITIONS`). Prints the number of positions checked.
#[test]
#[ignore = "long: run in release mode before resolving"]
fn crosscheck_100k_per_variant() {
    let target: usize = std::env::var("SHURIKEN_CROSSCHECK_POSITIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    for v in Variant::ALL {
        let mut checked = 0;
        let mut seed = 1u64;
        while checked < target {
            match run_variant(v, seed, 80) {
                Ok(n) => checked += n,
                Err(e) => panic!("seed {seed}: {e}"),
            }
            seed += 1;
        }
        println!("{v}: {checked} positions cross-checked ({seed} playouts)");
    }
}

#[test]
fn random_placements_parse_and_play() {
    let mut rng = Rng(7);
    for v in Variant::ALL {
        for _ in 0..20 {
            let pos = random_placement(v, &mut rng);
            assert!(pos.validate().is_ok());
        }
    }
}

/// Regression (found by the cross-check): in raptor a black pawn on f11 can pass f10, and the
/// en-passant capture onto rank 10 must promote.
#[test]
fn en_passant_onto_promotion_rank_promotes() {
    let fen = "****2****/10/2Q2pP2K/10/1a3P4/10/3R6/4F5/3q3A2/10/3k3A2/****1Q**** w - f10 0 11";
    let pos = Position::from_fen(Variant::Raptor, fen).expect("valid");
    let moves = sorted_moves(&pos);
    assert_eq!(
        moves,
        reference::legal_moves("raptor", fen).expect("reference")
    );
    for p in ["q", "r", "b", "n", "a", "f"] {
        assert!(moves.contains(&format!("g9f10{p}")), "{moves:?}");
    }
    assert!(!moves.contains(&"g9f10".to_string()));
    let mut rng = Rng(3);
    let mut p2 = pos.clone();
    for _ in 0..20 {
        check_position(&mut p2.clone(), &mut rng, true).expect("consistent");
    }
    let m = pos.parse_move("g9f10q").expect("legal");
    p2.make_move(m);
    assert_eq!(
        p2.to_fen(),
        reference::play("raptor", fen, "g9f10q").expect("reference play")
    );
}

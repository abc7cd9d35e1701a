//! `attackers_to`, `role_attackers_to`, `capture_landings` and `second_victim_square` against
//! the forward generator, on random positions of every variant.
//!
//! The truth for "which pieces of side `s` can remove the piece on `v`, landing where" is read
//! from `generate_pseudo_legal` and `captures` on a real position with `s` to move. The reverse
//! functions are asked the same question twice:
//! - on that position's own board (`removed` empty, `occ` its occupancy);
//! - on the board of an *earlier* position, described as changed by an exchange that was not
//!   made: some pieces removed (`removed`) and an enemy piece standing on a square where the
//!   board has none or a removed one (in `occ` only). That is how the exchange evaluator calls
//!   them.
//!
//! En-passant captures are left out: they depend on the previous move, not on the board, and the
//! functions say they do not cover them.

mod common;

use common::{random_placement, Rng};
use movegen::{
    any_attacker, attackers_to, capture_landings, role_attackers_to, second_victim_square,
    Bitboard, Color, MoveList, Piece, Position, Role, Square, Variant,
};
use std::collections::BTreeMap;

/// Positions per variant and source (placements, playouts).
const POSITIONS: usize = 1500;

/// For each square holding a piece of the side not to move: attacker square -> landing squares,
/// read from the forward generator. Also checks that each capture removes exactly what
/// `second_victim_square` says.
fn forward_truth(pos: &Position) -> Result<BTreeMap<Square, BTreeMap<Square, Bitboard>>, String> {
    let us = pos.side_to_move();
    let enemy = pos.board().color(us.opposite());
    let mut list = MoveList::new();
    pos.generate_pseudo_legal(&mut list);
    let mut truth: BTreeMap<Square, BTreeMap<Square, Bitboard>> = BTreeMap::new();
    for &m in list.iter() {
        let victims: Vec<Square> = pos.captures(m).iter().flatten().map(|v| v.0).collect();
        let moved = pos.moved_piece(m);
        // Which squares the functions say this move clears.
        if !moved.role.is_pawnlike() && !victims.is_empty() {
            let mut said: Vec<Square> = [
                Some(m.to()),
                second_victim_square(moved.role, m.from(), m.to()),
            ]
            .into_iter()
            .flatten()
            .filter(|s| enemy.has(*s))
            .collect();
            said.sort();
            let mut got = victims.clone();
            got.sort();
            if said != got {
                return Err(format!(
                    "{} in {}: captures {:?}, second_victim_square implies {:?}",
                    pos.move_to_uci(m),
                    pos.to_fen(),
                    got,
                    said
                ));
            }
        }
        for v in victims {
            // En passant (and en-passant promotion): a pawn removing a piece it does not land on.
            if moved.role.is_pawnlike() && v != m.to() {
                continue;
            }
            let e = truth.entry(v).or_default().entry(m.from()).or_default();
            *e = e.with(m.to());
        }
    }
    for v in enemy {
        truth.entry(v).or_default();
    }
    Ok(truth)
}

/// Compares the reverse functions on (`b`, `occ`, `removed`) with `truth` (from a position with
/// `by` to move whose board is `b` changed accordingly).
fn compare(
    pos_for_names: &Position,
    b: &movegen::Board,
    by: Color,
    occ: Bitboard,
    removed: Bitboard,
    truth: &BTreeMap<Square, BTreeMap<Square, Bitboard>>,
) -> Result<usize, String> {
    let rules = pos_for_names.rules();
    let name = |s: Square| rules.square_name(s);
    let mut checked = 0;
    for (&v, want) in truth {
        let want_from: Bitboard = want.keys().copied().collect();
        let got = attackers_to(rules, b, v, by, occ, removed);
        if any_attacker(rules, b, v, by, occ, removed) != want_from.any() {
            return Err(format!(
                "any_attacker of {} for {by:?} in {} disagrees with {:?}",
                name(v),
                pos_for_names.to_fen(),
                want_from.iter().map(name).collect::<Vec<_>>()
            ));
        }
        if got != want_from {
            return Err(format!(
                "attackers of {} for {by:?} in {}: got {:?}, generator says {:?}",
                name(v),
                pos_for_names.to_fen(),
                got.iter().map(name).collect::<Vec<_>>(),
                want_from.iter().map(name).collect::<Vec<_>>()
            ));
        }
        for &role in pos_for_names.variant().spec().roles {
            let got_role = role_attackers_to(rules, b, v, by, role, occ, removed);
            let want_role = want_from & b.pieces(by, role) & !removed;
            if got_role != want_role {
                return Err(format!(
                    "{role:?} attackers of {} in {}: got {:?}, want {:?}",
                    name(v),
                    pos_for_names.to_fen(),
                    got_role.iter().map(name).collect::<Vec<_>>(),
                    want_role.iter().map(name).collect::<Vec<_>>()
                ));
            }
        }
        for (&from, &lands) in want {
            let role = b
                .piece_at(from)
                .map(|p| p.role)
                .ok_or("attacker not on board")?;
            let got = capture_landings(rules, b, from, role, v, by, occ, removed);
            if got != lands {
                return Err(format!(
                    "landings of {} taking {} in {}: got {:?}, want {:?}",
                    name(from),
                    name(v),
                    pos_for_names.to_fen(),
                    got.iter().map(name).collect::<Vec<_>>(),
                    lands.iter().map(name).collect::<Vec<_>>()
                ));
            }
        }
        checked += 1;
    }
    Ok(checked)
}

/// FEN of `cells` (no castling, no en passant, empty hands) with `side` to move.
fn fen_of(v: Variant, cells: &[Option<Piece>], side: Color) -> String {
    let rules = v.rules();
    let g = &v.spec().geometry;
    let mut rows = Vec::new();
    for row in (0..g.rows).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for file in 0..g.files {
            let sq = Square::from_coords(file, row).filter(|s| rules.has(*s));
            let c = match sq {
                None => Some('*'),
                Some(sq) => cells[sq.index()].map(|p| p.letter()),
            };
            match c {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        rows.push(s);
    }
    let hand = if v.spec().drops.is_some() { "[]" } else { "" };
    let side = if side == Color::White { 'w' } else { 'b' };
    format!("{}{hand} {side} - - 0 1", rows.join("/"))
}

/// A position reached by a random playout from the start.
fn random_playout(v: Variant, rng: &mut Rng) -> Position {
    let mut pos = Position::startpos(v);
    let plies = rng.below(120);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves.as_slice()[rng.below(moves.len())];
        pos.make_move(m);
    }
    pos
}

/// Checks `pos` as it is, then a board derived from it by removals and one arrival.
fn check(pos: &Position, rng: &mut Rng) -> Result<(usize, usize), String> {
    let v = pos.variant();
    let us = pos.side_to_move();
    let b = *pos.board();
    let truth = forward_truth(pos)?;
    let plain = compare(pos, &b, us, b.occupied(), Bitboard::EMPTY, &truth)?;

    // Remove about a quarter of the non-king pieces, then put an enemy piece on a square that
    // is empty now (maybe one just emptied).
    let mut cells: Vec<Option<Piece>> = (0..Square::COUNT as u8)
        .map(|i| pos.piece_at(Square::new_unchecked(i)))
        .collect();
    let mut removed = Bitboard::EMPTY;
    for sq in b.occupied() {
        if cells[sq.index()].is_some_and(|p| p.role != Role::King) && rng.below(4) == 0 {
            cells[sq.index()] = None;
            removed = removed.with(sq);
        }
    }
    let rules = v.rules();
    let empty: Vec<Square> = rules
        .exists
        .iter()
        .filter(|s| cells[s.index()].is_none())
        .collect();
    let arrival = empty[rng.below(empty.len())];
    let movers: Vec<Role> = v
        .spec()
        .roles
        .iter()
        .copied()
        .filter(|r| !r.is_pawnlike() && *r != Role::King)
        .collect();
    let role = movers[rng.below(movers.len())];
    cells[arrival.index()] = Some(Piece::new(us.opposite(), role));
    let occ = (b.occupied() & !removed).with(arrival);
    let Ok(changed) = Position::from_fen(v, &fen_of(v, &cells, us)) else {
        // The side not to move would be in check: not a position the generator can be asked.
        return Ok((plain, 0));
    };
    let truth = forward_truth(&changed)?;
    // A piece of `us` that stood on the arrival square is gone too.
    let removed = if b.occupied().has(arrival) {
        removed.with(arrival)
    } else {
        removed
    };
    let changed_count = compare(&changed, &b, us, occ, removed, &truth)?;
    Ok((plain, changed_count))
}

fn run(v: Variant, seed: u64) {
    let mut rng = Rng(seed);
    let (mut plain, mut changed, mut positions) = (0, 0, 0);
    for i in 0..2 * POSITIONS {
        let pos = if i % 2 == 0 {
            random_placement(v, &mut rng)
        } else {
            random_playout(v, &mut rng)
        };
        let (p, c) = check(&pos, &mut rng).unwrap_or_else(|e| panic!("{v:?} case {i}: {e}"));
        plain += p;
        changed += c;
        positions += 1;
    }
    eprintln!(
        "{v:?}: {positions} positions, {plain} victims on own boards, {changed} on changed boards"
    );
    assert!(
        plain > 2 * POSITIONS && changed > POSITIONS,
        "too few cases checked"
    );
}

#[test]
fn attackers_match_the_generator_titan() {
    run(Variant::Titan, 11);
}

#[test]
fn attackers_match_the_generator_hadean() {
    run(Variant::Hadean, 12);
}

#[test]
fn attackers_match_the_generator_raptor() {
    run(Variant::Raptor, 13);
}

#[test]
fn attackers_match_the_generator_octopus() {
    run(Variant::Octopus, 14);
}

#[test]
fn attackers_match_the_generator_chess() {
    run(Variant::Chess, 15);
}

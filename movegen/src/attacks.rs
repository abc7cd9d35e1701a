//! "Is this square attacked?" (RULES.md section 6): would some move of the given side remove the
//! piece standing on the square, by landing on it, flying over it or jumping over it.
//!
//! The answer is computed backwards from the square. Pieces whose reach is symmetric (leapers,
//! sliders, warmachine/elephant, snake) reuse their forward sets; the flyers and crooked pieces
//! have their reverse rule written out here, and the property tests check every one against
//! make-and-test with the forward generator ([`crate::movegen`]).

use crate::pieces::{one_or_two, opposite, short_flyer, two_away, LEGS};
use crate::tables::{Leaper, DIAGONAL, ORTHOGONAL};
use crate::{Bitboard, Board, Color, Role, Rules, Square};

/// Is the piece on `v` (or a piece that would stand there) attacked by side `by`?
pub fn is_attacked(rules: &Rules, b: &Board, v: Square, by: Color) -> bool {
    let t = &rules.tables;
    let them = b.color(by);
    let occ = b.occupied();
    let p = |r: Role| b.pieces(by, r);

    // Leapers.
    if (t.leap(Leaper::King, v) & p(Role::King)).any()
        || (t.leap(Leaper::Knight, v)
            & (p(Role::Knight) | p(Role::FerzKnight) | p(Role::WazirKnight)))
        .any()
        || (t.leap(Leaper::Zebra, v) & (p(Role::FerzSorcerer) | p(Role::WazirSorcerer))).any()
        || (t.leap(Leaper::Ferz, v) & (p(Role::FerzKnight) | p(Role::FerzSorcerer))).any()
        || (t.leap(Leaper::Wazir, v) & (p(Role::WazirKnight) | p(Role::WazirSorcerer))).any()
        || (t.leap(Leaper::Camel, v) & p(Role::Guard)).any()
    {
        return true;
    }
    // Pawns: diagonally forward; ninja pawns also sideways from their enemy half.
    let back = -by.forward();
    for df in [-1, 1] {
        if let Some(s) = rules.offset(v, df, back) {
            if (p(Role::Pawn) | p(Role::Ninja)).has(s) {
                return true;
            }
        }
        if let Some(s) = rules.offset(v, df, 0) {
            if p(Role::Ninja).has(s) && rules.enemy_half[by.index()].has(s) {
                return true;
            }
        }
    }
    // Sliders.
    let rq = p(Role::Rook) | p(Role::Queen);
    if rq.any() && (t.rook(v, occ) & rq).any() {
        return true;
    }
    let bq = p(Role::Bishop) | p(Role::Queen);
    if bq.any() && (t.bishop(v, occ) & bq).any() {
        return true;
    }
    // Warrior / guard: step, or two away with an existing middle square.
    if p(Role::Warrior).any() && (one_or_two(t, &ORTHOGONAL, v) & p(Role::Warrior)).any() {
        return true;
    }
    if p(Role::Guard).any() && (one_or_two(t, &DIAGONAL, v) & p(Role::Guard)).any() {
        return true;
    }
    // Warmachine / elephant: symmetric reach.
    if p(Role::Warmachine).any()
        && (short_flyer(t, &ORTHOGONAL, v, occ) & p(Role::Warmachine)).any()
    {
        return true;
    }
    if p(Role::Elephant).any() && (short_flyer(t, &DIAGONAL, v, occ) & p(Role::Elephant)).any() {
        return true;
    }
    if p(Role::Snake).any() && (t.snake_reach(v, occ) & p(Role::Snake)).any() {
        return true;
    }
    if p(Role::Bomber).any() && flyer_attacks(rules, &ORTHOGONAL, v, occ, them, p(Role::Bomber)) {
        return true;
    }
    if p(Role::Raptor).any() && flyer_attacks(rules, &DIAGONAL, v, occ, them, p(Role::Raptor)) {
        return true;
    }
    if p(Role::QuadBomber).any()
        && crooked_attacks(rules, &DIAGONAL, v, occ, p(Role::QuadBomber), true)
    {
        return true;
    }
    if p(Role::QuadRaptor).any()
        && crooked_attacks(rules, &ORTHOGONAL, v, occ, p(Role::QuadRaptor), true)
    {
        return true;
    }
    if p(Role::Octopus).any() {
        let all = [0, 1, 2, 3, 4, 5, 6, 7];
        if crooked_attacks(rules, &all, v, occ, p(Role::Octopus), false) {
            return true;
        }
    }
    false
}

/// Bomber/raptor reverse rule for a victim on `v`, attackers in `flyers` (colour `them`):
/// - two squares away along a line with an existing middle square (jump or landing capture);
/// - first piece along a line from `v`, with the square on the other side of `v` empty
///   (fly-over capture);
/// - adjacent, with the square on the other side of `v` existing and not the flyer's own
///   (fly-over onto an empty square, or jump capturing both).
fn flyer_attacks(
    rules: &Rules,
    dirs: &[usize],
    v: Square,
    occ: Bitboard,
    them: Bitboard,
    flyers: Bitboard,
) -> bool {
    let t = &rules.tables;
    for &e in dirs {
        if let Some(s2) = two_away(t, e, v) {
            if flyers.has(s2) {
                return true;
            }
        }
        let Some(behind) = t.step(opposite(e), v) else {
            continue;
        };
        if let Some(b) = t.first_blocker(e, v, occ) {
            if flyers.has(b) && !occ.has(behind) {
                return true;
            }
        }
        if let Some(s1) = t.step(e, v) {
            if flyers.has(s1) && !them.has(behind) {
                return true;
            }
        }
    }
    false
}

/// Reverse rule of the crooked pieces. A piece on `s` takes one step `d` (from `first`) onto an
/// empty square `f`, then moves along a leg `l` of `LEGS[d]`.
/// - `fly_over` (quad bomber / raptor): the victim is the first piece on the leg and the square
///   after it must be empty; `f` is at least one leg step before `v`.
/// - otherwise (octopus): the piece lands on `v`, at least two leg steps after `f`, with every
///   square before `v` empty.
fn crooked_attacks(
    rules: &Rules,
    first: &[usize],
    v: Square,
    occ: Bitboard,
    attackers: Bitboard,
    fly_over: bool,
) -> bool {
    let t = &rules.tables;
    for &d in first {
        for &leg in &LEGS[d] {
            if fly_over {
                match t.step(leg, v) {
                    Some(land) if !occ.has(land) => {}
                    _ => continue,
                }
            }
            let back = opposite(leg);
            let min_steps = if fly_over { 1 } else { 2 };
            let mut cur = v;
            let mut steps = 0;
            while let Some(f) = t.step(back, cur).filter(|f| !occ.has(*f)) {
                steps += 1;
                cur = f;
                if steps >= min_steps {
                    if let Some(s) = t.step(opposite(d), f) {
                        if attackers.has(s) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

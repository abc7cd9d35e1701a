//! "Is this square attacked?" (RULES.md section 6): would some move of the given side remove the
//! piece standing on the square, by landing on it, flying over it or jumping over it.
//!
//! The answer is computed backwards from the square. Pieces whose reach is symmetric (leapers,
//! sliders, warmachine/elephant, snake) reuse their forward sets; the flyers and quad pieces use
//! their reverse rules from [`crate::attackers`] (written once, as sets), behind a cheap prefilter;
//! the property tests check every one against make-and-test with the forward generator
//! ([`crate::movegen`]).

use crate::attackers::{flyer_attackers, quad_attackers};
use crate::pieces::{octopus_reaches, short_flyer};
use crate::tables::{Leaper, DIAGONAL, ORTHOGONAL};
use crate::{Bitboard, Board, Color, Role, Rules, Square};

/// Is the piece on `v` (or a piece that would stand there) attacked by side `by`?
#[inline]
pub fn is_attacked(rules: &Rules, b: &Board, v: Square, by: Color) -> bool {
    is_attacked_after(rules, b, v, by, b.occupied(), Bitboard::EMPTY)
}

/// [`is_attacked`] on a board changed by a move that is not yet made: `occ` is the occupancy
/// after the move and `removed` the squares whose pieces of side `by` the move captures.
pub(crate) fn is_attacked_after(
    rules: &Rules,
    b: &Board,
    v: Square,
    by: Color,
    occ: Bitboard,
    removed: Bitboard,
) -> bool {
    let t = &rules.tables;
    let them = b.color(by) & !removed;
    let p = |r: Role| b.role(r) & them;
    let i = v.index();

    // Leapers (only the groups this variant has pieces for).
    let has = |r: Role| rules.role_allowed[r.index()];
    if (t.leap(Leaper::King, v) & p(Role::King)).any() {
        return true;
    }
    if has(Role::Knight) && (t.leap(Leaper::Knight, v) & p(Role::Knight)).any() {
        return true;
    }
    if has(Role::Warrior) && (t.warrior[i] & p(Role::Warrior)).any() {
        return true;
    }
    if has(Role::Guard) && ((t.guard_lines[i] | t.leap(Leaper::Camel, v)) & p(Role::Guard)).any() {
        return true;
    }
    if has(Role::FerzKnight) || has(Role::WazirKnight) {
        let hl = p(Role::FerzKnight) | p(Role::WazirKnight);
        if (t.leap(Leaper::Knight, v) & hl).any()
            || (t.leap(Leaper::Ferz, v) & p(Role::FerzKnight)).any()
            || (t.leap(Leaper::Wazir, v) & p(Role::WazirKnight)).any()
        {
            return true;
        }
    }
    if has(Role::FerzSorcerer) || has(Role::WazirSorcerer) {
        let sz = p(Role::FerzSorcerer) | p(Role::WazirSorcerer);
        if (t.leap(Leaper::Zebra, v) & sz).any()
            || (t.leap(Leaper::Ferz, v) & p(Role::FerzSorcerer)).any()
            || (t.leap(Leaper::Wazir, v) & p(Role::WazirSorcerer)).any()
        {
            return true;
        }
    }
    // Pawns: diagonally forward; ninja pawns also sideways from their enemy half.
    let pawns = p(Role::Pawn) | p(Role::Ninja);
    if pawns.any() {
        let back = -by.forward();
        let ninjas = p(Role::Ninja) & rules.enemy_half[by.index()];
        for df in [-1, 1] {
            if let Some(s) = rules.offset(v, df, back) {
                if pawns.has(s) {
                    return true;
                }
            }
            if let Some(s) = rules.offset(v, df, 0) {
                if ninjas.has(s) {
                    return true;
                }
            }
        }
    }
    // Lines: sliders and the bomber/raptor fly-over share one reach computation.
    let bombers = p(Role::Bomber);
    let rooks = p(Role::Rook) | p(Role::Queen);
    if (rooks | bombers).any() {
        let reach = t.rook(v, occ);
        if (reach & rooks).any()
            || (((reach | t.dabbaba[i]) & bombers).any()
                && flyer_attackers(t, &ORTHOGONAL, v, occ, them, bombers).any())
        {
            return true;
        }
    }
    let raptors = p(Role::Raptor);
    let bishops = p(Role::Bishop) | p(Role::Queen);
    if (bishops | raptors).any() {
        let reach = t.bishop(v, occ);
        if (reach & bishops).any()
            || (((reach | t.alfil[i]) & raptors).any()
                && flyer_attackers(t, &DIAGONAL, v, occ, them, raptors).any())
        {
            return true;
        }
    }
    // Warmachine / elephant: symmetric reach.
    let m = p(Role::Warmachine);
    if m.any() && (short_flyer(t, &ORTHOGONAL, v, occ) & m).any() {
        return true;
    }
    let e = p(Role::Elephant);
    if e.any() && (short_flyer(t, &DIAGONAL, v, occ) & e).any() {
        return true;
    }
    let c = p(Role::Snake);
    if c.any() && (t.snake_targets[i] & c).any() && (t.snake_reach(v, occ) & c).any() {
        return true;
    }
    let u = p(Role::QuadBomber) & t.quad_bomber_zone[i];
    if u.any() && quad_attackers(t, &DIAGONAL, v, occ, u).any() {
        return true;
    }
    let y = p(Role::QuadRaptor) & t.quad_raptor_zone[i];
    if y.any() && quad_attackers(t, &ORTHOGONAL, v, occ, y).any() {
        return true;
    }
    // Octopus: it captures by landing, along its one route to `v` (if it has one).
    let o = p(Role::Octopus) & (t.quad_bomber_zone[i] | t.quad_raptor_zone[i]);
    o.any() && !them.has(v) && o.iter().any(|s| octopus_reaches(t, s, v, occ))
}

//! "Which pieces can capture the piece on this square, and how?" — the reverse attack rules as
//! sets, for static exchange evaluation.
//!
//! [`crate::is_attacked`] answers yes or no; an exchange needs the attackers themselves, one
//! role at a time (least valuable first), and for each attacker the moves that remove the
//! victim: a fly-over capture lands *behind* its victim, and a warrior, guard or bomber may
//! clear a second square on the way (RULES.md section 7). Each family's reverse rule lives in
//! its module of [`crate::family`]; this module is the public face of them.
//!
//! Every function here describes a board that may differ from a [`Board`] by the moves of an
//! exchange that are not made: `removed` is the set of squares whose pieces on `b` are gone, and
//! `occ` the occupancy now (it may hold squares that are empty on `b`; the pieces standing there
//! count as enemies of the attacking side). The pieces of side `by` are
//! `b.color(by) & !removed`, with the roles `b` gives them.
//!
//! Captures by en passant are not covered (they depend on the previous move, not on the board);
//! the exchange evaluator adds them where they can occur.
//!
//! The property tests (`movegen/tests/attackers.rs`) compare every function with the forward
//! generator on random positions of every variant.

use crate::attacks::is_attacked_after;
use crate::family::leaper::Leaper;
use crate::family::{destinations, jump_victim, pawn, Target};
use crate::{Bitboard, Board, Color, Role, Rules, Square};

/// Squares of every piece of side `by` that has a pseudo-legal move removing the piece on `v`
/// (by landing on it, flying over it or jumping over it), en passant excepted.
///
/// `v` must hold a piece that is not `by`'s (it must be in `occ`, and not a piece of `by`).
/// The union of [`role_attackers_to`] over the roles, computed one family of the variant at a
/// time.
pub fn attackers_to(
    rules: &Rules,
    b: &Board,
    v: Square,
    by: Color,
    occ: Bitboard,
    removed: Bitboard,
) -> Bitboard {
    let q = Target::new(rules, b, v, by, occ, removed);
    rules
        .plan
        .families()
        .iter()
        .fold(Bitboard::EMPTY, |acc, &f| acc | q.family_attackers(f))
}

/// Is there any piece of `by` among [`attackers_to`]? (Stops at the first family with one.)
#[inline]
pub fn any_attacker(
    rules: &Rules,
    b: &Board,
    v: Square,
    by: Color,
    occ: Bitboard,
    removed: Bitboard,
) -> bool {
    is_attacked_after(rules, b, v, by, occ, removed)
}

/// The pieces of `role` among [`attackers_to`].
pub fn role_attackers_to(
    rules: &Rules,
    b: &Board,
    v: Square,
    by: Color,
    role: Role,
    occ: Bitboard,
    removed: Bitboard,
) -> Bitboard {
    Target::new(rules, b, v, by, occ, removed).role_attackers(role)
}

/// Landing squares of the pseudo-legal moves of the piece of `role` and side `by` on `from`
/// that remove the piece on `v` (en passant excepted). `v` itself when the piece captures by
/// landing on it; a square beyond `v` for a fly-over or a jump over it. A pawn landing on its
/// promotion rank promotes (every choice is a separate move with this landing square).
///
/// `from` must hold a piece of `role` of side `by` (see the module documentation for `occ` and
/// `removed`); the result is empty when that piece cannot remove `v`.
#[allow(clippy::too_many_arguments)]
pub fn capture_landings(
    rules: &Rules,
    b: &Board,
    from: Square,
    role: Role,
    v: Square,
    by: Color,
    occ: Bitboard,
    removed: Bitboard,
) -> Bitboard {
    let them = b.color(by) & !removed;
    if role.is_pawnlike() {
        let p = Bitboard::from_square(from);
        return if pawn::attackers(rules, v, by, role, p).any() {
            Bitboard::from_square(v)
        } else {
            Bitboard::EMPTY
        };
    }
    let t = &rules.tables;
    // A move removes `v` by landing on it, or by passing over it on its last straight leg, in
    // which case it lands on a neighbour of `v`.
    let near = t.leapers.leap(Leaper::King, v).with(v);
    let mut out = Bitboard::EMPTY;
    for to in destinations(t, role, from, occ, them) & near {
        if to == v || jump_victim(role, from, to) == Some(v) {
            out = out.with(to);
        }
    }
    out
}

/// The square besides the destination that a move of `role` from `from` to `to` clears when it
/// holds an enemy piece (the square jumped or flown over last), if the move can have one.
#[inline]
pub fn second_victim_square(role: Role, from: Square, to: Square) -> Option<Square> {
    jump_victim(role, from, to)
}

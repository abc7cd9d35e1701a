//! "Which pieces can capture the piece on this square, and how?" — the reverse attack rules as
//! sets, for static exchange evaluation.
//!
//! [`crate::is_attacked`] answers yes or no; an exchange needs the attackers themselves, one
//! role at a time (least valuable first), and for each attacker the moves that remove the
//! victim: a fly-over capture lands *behind* its victim, and a warrior, guard or bomber may
//! clear a second square on the way (RULES.md section 7).
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
use crate::pieces::{destinations, jump_victim, octopus_reaches, opposite, short_flyer, LEGS};
use crate::tables::{Leaper, Tables, DIAGONAL, ORTHOGONAL};
use crate::{Bitboard, Board, Color, Role, Rules, Square};

/// Squares of every piece of side `by` that has a pseudo-legal move removing the piece on `v`
/// (by landing on it, flying over it or jumping over it), en passant excepted.
///
/// `v` must hold a piece that is not `by`'s (it must be in `occ`, and not a piece of `by`).
/// One pass over the roles, sharing the slider reach between rooks, queens and bombers (and
/// bishops, queens and raptors); equal to the union of [`role_attackers_to`] over the roles.
pub fn attackers_to(
    rules: &Rules,
    b: &Board,
    v: Square,
    by: Color,
    occ: Bitboard,
    removed: Bitboard,
) -> Bitboard {
    let t = &rules.tables;
    let them = b.color(by) & !removed;
    let p = |r: Role| b.role(r) & them;
    let has = |r: Role| rules.role_allowed[r.index()];
    let mut out = step_and_leap_attackers(rules, v, by, p);
    // Line pieces only matter when they stand on a line through `v`.
    let queens = p(Role::Queen);
    let orthogonal = lines(t, &ORTHOGONAL, v);
    let (rooks, bombers) = (
        (p(Role::Rook) | queens) & orthogonal,
        p(Role::Bomber) & orthogonal,
    );
    if rooks.any() {
        out |= t.rook(v, occ) & rooks;
    }
    if bombers.any() {
        out |= flyer_attackers(t, &ORTHOGONAL, v, occ, them, bombers);
    }
    let warmachines = p(Role::Warmachine) & orthogonal;
    if warmachines.any() {
        out |= short_flyer(t, &ORTHOGONAL, v, occ) & warmachines;
    }
    let diagonal = lines(t, &DIAGONAL, v);
    let (bishops, raptors) = (
        (p(Role::Bishop) | queens) & diagonal,
        p(Role::Raptor) & diagonal,
    );
    if bishops.any() {
        out |= t.bishop(v, occ) & bishops;
    }
    if raptors.any() {
        out |= flyer_attackers(t, &DIAGONAL, v, occ, them, raptors);
    }
    let elephants = p(Role::Elephant) & diagonal;
    if elephants.any() {
        out |= short_flyer(t, &DIAGONAL, v, occ) & elephants;
    }
    for role in [
        Role::Snake,
        Role::QuadBomber,
        Role::QuadRaptor,
        Role::Octopus,
    ] {
        if has(role) {
            out |= role_attackers_to(rules, b, v, by, role, occ, removed);
        }
    }
    out
}

/// Is there any piece of `by` among [`attackers_to`]? (Stops at the first one.)
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
    let them = b.color(by) & !removed;
    let p = b.role(role) & them;
    if p.is_empty() {
        return Bitboard::EMPTY;
    }
    let t = &rules.tables;
    let i = v.index();
    match role {
        Role::Pawn | Role::Ninja => pawn_attackers(rules, v, by, role, p),
        Role::King => t.leap(Leaper::King, v) & p,
        Role::Knight => t.leap(Leaper::Knight, v) & p,
        Role::Bishop => t.bishop(v, occ) & p,
        Role::Rook => t.rook(v, occ) & p,
        Role::Queen => (t.rook(v, occ) | t.bishop(v, occ)) & p,
        // Step onto `v`, leap onto `v`, or step over `v`: every piece one or two squares away
        // on a line (with an existing middle square) removes it.
        Role::Warrior => t.warrior[i] & p,
        Role::Guard => (t.guard_lines[i] | t.leap(Leaper::Camel, v)) & p,
        Role::Bomber => flyer_attackers(t, &ORTHOGONAL, v, occ, them, p),
        Role::Raptor => flyer_attackers(t, &DIAGONAL, v, occ, them, p),
        Role::QuadBomber => quad_attackers(t, &DIAGONAL, v, occ, p & t.quad_bomber_zone[i]),
        Role::QuadRaptor => quad_attackers(t, &ORTHOGONAL, v, occ, p & t.quad_raptor_zone[i]),
        // Symmetric reach: the pair rule reads the same squares from either end.
        Role::Warmachine => short_flyer(t, &ORTHOGONAL, v, occ) & p,
        Role::Elephant => short_flyer(t, &DIAGONAL, v, occ) & p,
        Role::FerzSorcerer => (t.leap(Leaper::Ferz, v) | t.leap(Leaper::Zebra, v)) & p,
        Role::WazirSorcerer => (t.leap(Leaper::Wazir, v) | t.leap(Leaper::Zebra, v)) & p,
        Role::FerzKnight => (t.leap(Leaper::Ferz, v) | t.leap(Leaper::Knight, v)) & p,
        Role::WazirKnight => (t.leap(Leaper::Wazir, v) | t.leap(Leaper::Knight, v)) & p,
        // A snake path read backwards is the other path of the same target.
        Role::Snake => {
            let near = t.snake_targets[i] & p;
            if near.is_empty() {
                near
            } else {
                t.snake_reach(v, occ) & near
            }
        }
        // Not symmetric (one step then two or more): each candidate along its one route.
        Role::Octopus => {
            if them.has(v) {
                return Bitboard::EMPTY;
            }
            (p & (t.quad_bomber_zone[i] | t.quad_raptor_zone[i]))
                .iter()
                .filter(|&s| octopus_reaches(t, s, v, occ))
                .collect()
        }
    }
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
        return if pawn_attackers(rules, v, by, role, p).any() {
            Bitboard::from_square(v)
        } else {
            Bitboard::EMPTY
        };
    }
    let t = &rules.tables;
    // A move removes `v` by landing on it, or by passing over it on its last straight leg, in
    // which case it lands on a neighbour of `v`.
    let near = t.leap(Leaper::King, v).with(v);
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

/// Every square on the lines through `v` in the directions `dirs`.
#[inline]
fn lines(t: &Tables, dirs: &[usize; 4], v: Square) -> Bitboard {
    let i = v.index();
    dirs.iter()
        .fold(Bitboard::EMPTY, |acc, &d| acc | t.ray[d][i])
}

/// Pieces of side `by` (given per role by `p`) whose attack on `v` is a fixed set of squares,
/// whatever stands between: king, knight, warrior, guard, the ferz/wazir knights and sorcerers,
/// pawns and ninja pawns. Shared by [`attackers_to`] and the check-state computation.
pub(crate) fn step_and_leap_attackers(
    rules: &Rules,
    v: Square,
    by: Color,
    p: impl Fn(Role) -> Bitboard,
) -> Bitboard {
    let t = &rules.tables;
    let i = v.index();
    let has = |r: Role| rules.role_allowed[r.index()];
    let mut out = t.leap(Leaper::King, v) & p(Role::King);
    if has(Role::Knight) {
        out |= t.leap(Leaper::Knight, v) & p(Role::Knight);
    }
    if has(Role::Warrior) {
        out |= t.warrior[i] & p(Role::Warrior);
    }
    if has(Role::Guard) {
        out |= (t.guard_lines[i] | t.leap(Leaper::Camel, v)) & p(Role::Guard);
    }
    if has(Role::FerzKnight) || has(Role::WazirKnight) {
        let (h, l) = (p(Role::FerzKnight), p(Role::WazirKnight));
        out |= t.leap(Leaper::Knight, v) & (h | l)
            | t.leap(Leaper::Ferz, v) & h
            | t.leap(Leaper::Wazir, v) & l;
    }
    if has(Role::FerzSorcerer) || has(Role::WazirSorcerer) {
        let (s, z) = (p(Role::FerzSorcerer), p(Role::WazirSorcerer));
        out |= t.leap(Leaper::Zebra, v) & (s | z)
            | t.leap(Leaper::Ferz, v) & s
            | t.leap(Leaper::Wazir, v) & z;
    }
    let pawns = p(Role::Pawn);
    if pawns.any() {
        out |= pawn_attackers(rules, v, by, Role::Pawn, pawns);
    }
    let ninjas = p(Role::Ninja);
    if ninjas.any() {
        out |= pawn_attackers(rules, v, by, Role::Ninja, ninjas);
    }
    out
}

/// Pawns (`role` Pawn or Ninja) among `p` of side `by` that capture on `v`: diagonally forward,
/// and sideways for ninja pawns standing in `by`'s enemy half.
fn pawn_attackers(rules: &Rules, v: Square, by: Color, role: Role, p: Bitboard) -> Bitboard {
    let t = &rules.tables;
    // Directions (indices into `DIRS`) from `v` back to a pawn capturing it diagonally: down
    // for white, up for black; then the two sideways steps.
    let behind = match by {
        Color::White => [6, 5],
        Color::Black => [7, 4],
    };
    let mut out = Bitboard::EMPTY;
    for d in behind {
        if let Some(s) = t.step(d, v) {
            out |= Bitboard::from_square(s) & p;
        }
    }
    if role == Role::Ninja {
        let sideways = p & rules.enemy_half[by.index()];
        for d in [1, 3] {
            if let Some(s) = t.step(d, v) {
                out |= Bitboard::from_square(s) & sideways;
            }
        }
    }
    out
}

/// Bomber / raptor reverse rule (the set form of the rule in [`crate::attacks`]): a flyer
/// removes the piece on `v` when it stands
/// - two squares away on a line with an existing middle square (jump or landing capture);
/// - next to `v`, with the square behind `v` existing and not its own (fly-over onto an empty
///   square, or a jump that captures both);
/// - first along a line from `v`, with the square behind `v` empty (fly-over capture).
pub(crate) fn flyer_attackers(
    t: &Tables,
    dirs: &[usize; 4],
    v: Square,
    occ: Bitboard,
    them: Bitboard,
    flyers: Bitboard,
) -> Bitboard {
    let two = if dirs[0] == ORTHOGONAL[0] {
        t.dabbaba[v.index()]
    } else {
        t.alfil[v.index()]
    };
    let mut out = two & flyers;
    for &e in dirs {
        let Some(behind) = t.step(opposite(e), v) else {
            continue;
        };
        if let Some(s1) = t.step(e, v).filter(|s| flyers.has(*s)) {
            if !them.has(behind) {
                out = out.with(s1);
            }
        }
        if !occ.has(behind) {
            if let Some(f) = t.first_blocker(e, v, occ).filter(|s| flyers.has(*s)) {
                out = out.with(f);
            }
        }
    }
    out
}

/// Quad bomber / quad raptor reverse rule: the piece steps (a `first` direction) onto an empty
/// square `f`, then flies along a leg of [`LEGS`] over empty squares; `v` is the first piece on
/// that leg and the square after it is empty.
pub(crate) fn quad_attackers(
    t: &Tables,
    first: &[usize; 4],
    v: Square,
    occ: Bitboard,
    quads: Bitboard,
) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    if quads.is_empty() {
        return out;
    }
    for &d in first {
        for &leg in &LEGS[d] {
            match t.step(leg, v) {
                Some(land) if !occ.has(land) => {}
                _ => continue,
            }
            let back = opposite(leg);
            let mut cur = v;
            while let Some(f) = t.step(back, cur).filter(|f| !occ.has(*f)) {
                if let Some(s) = t.step(opposite(d), f).filter(|s| quads.has(*s)) {
                    out = out.with(s);
                }
                cur = f;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::tables::DIRS;

    /// The direction indices `pawn_attackers` uses name the steps it means.
    #[test]
    fn pawn_directions_match_dirs() {
        assert_eq!((DIRS[6], DIRS[5]), ((-1, -1), (1, -1)));
        assert_eq!((DIRS[7], DIRS[4]), ((-1, 1), (1, 1)));
        assert_eq!((DIRS[1], DIRS[3]), ((1, 0), (-1, 0)));
    }
}

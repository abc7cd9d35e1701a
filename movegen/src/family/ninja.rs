//! The ninja warrior and ninja guard: a step to a neighbour, or a leap to the square two away
//! along a line, over whatever stands between (orthogonal lines for the warrior, diagonal ones
//! for the guard, which also has the (3,1) camel leap). A two-square leap removes an enemy
//! piece it passes over as well as one on its landing square (the double capture). Its reach
//! does not depend on occupancy, so its reverse attack reads its own table from the target.

use super::leaper::Leaper;
use crate::tables::{LineKind, Tables};
use crate::{Bitboard, Role, Square};

/// The roles of this family.
pub(crate) const ROLES: [Role; 2] = [Role::Warrior, Role::Guard];

/// Every square a piece of `role` on `sq` reaches (empty for roles of other families).
/// Symmetric: also the squares from which such a piece reaches `sq`.
#[inline]
pub(crate) fn reach(t: &Tables, role: Role, sq: Square) -> Bitboard {
    let i = sq.index();
    match role {
        Role::Warrior => t.near[LineKind::Orthogonal as usize][i],
        Role::Guard => t.near[LineKind::Diagonal as usize][i] | t.leapers.leap(Leaper::Camel, sq),
        _ => Bitboard::EMPTY,
    }
}

/// The warriors and guards among the pieces `p` gives per role that attack `v` (by landing on
/// it or by leaping over it: both are one or two squares away on a line).
#[inline]
pub(crate) fn attackers(t: &Tables, v: Square, p: impl Fn(Role) -> Bitboard) -> Bitboard {
    reach(t, Role::Warrior, v) & p(Role::Warrior) | reach(t, Role::Guard, v) & p(Role::Guard)
}

/// The square a warrior's or guard's move from `from` to `to` leaps over, if it is a
/// two-square leap along a line.
#[inline]
pub(crate) fn jump_victim(from: Square, to: Square) -> Option<Square> {
    let dx = to.file() - from.file();
    let dy = to.row() - from.row();
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    if !straight || dx.abs().max(dy.abs()) != 2 {
        return None;
    }
    from.offset(dx.signum(), dy.signum())
}

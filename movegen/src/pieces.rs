//! How each piece moves: the single place where a non-pawn piece's movement rule is written
//! (RULES.md section 7). Pawns, ninja pawns, castling and drops live in [`crate::movegen`].

use crate::tables::{dir_index, Leaper, Tables, DIAGONAL, ORTHOGONAL};
use crate::{Bitboard, Role, Square};

/// The opposite of direction `dir` (index into [`DIRS`]).
#[inline]
pub(crate) const fn opposite(dir: usize) -> usize {
    if dir < 4 {
        (dir + 2) % 4
    } else {
        4 + (dir - 4 + 2) % 4
    }
}

/// For a first step in direction `dir`, the two outward directions of the other kind used by the
/// crooked pieces (U, Y, O): for a diagonal `(dx,dy)` they are `(dx,0)` and `(0,dy)`; for an
/// orthogonal step they are the two diagonals that keep its component.
pub(crate) const LEGS: [[usize; 2]; 8] = [
    [4, 7],
    [4, 5],
    [5, 6],
    [6, 7],
    [1, 0],
    [1, 2],
    [3, 2],
    [3, 0],
];

/// All destinations of a non-pawn piece standing on `sq`, captures included, squares holding the
/// mover's own pieces excluded. `occ` is every piece on the board, `own` the mover's.
pub(crate) fn destinations(
    t: &Tables,
    role: Role,
    sq: Square,
    occ: Bitboard,
    own: Bitboard,
) -> Bitboard {
    let enemy = occ & !own;
    let reach = match role {
        Role::Pawn | Role::Ninja => Bitboard::EMPTY,
        Role::King => t.leap(Leaper::King, sq),
        Role::Knight => t.leap(Leaper::Knight, sq),
        Role::Bishop => t.bishop(sq, occ),
        Role::Rook => t.rook(sq, occ),
        Role::Queen => t.rook(sq, occ) | t.bishop(sq, occ),
        Role::Warrior => t.warrior[sq.index()],
        Role::Guard => t.guard_lines[sq.index()] | t.leap(Leaper::Camel, sq),
        Role::Bomber => return flyer(t, &ORTHOGONAL, sq, occ, enemy),
        Role::Raptor => return flyer(t, &DIAGONAL, sq, occ, enemy),
        Role::QuadBomber => return quad(t, &DIAGONAL, sq, occ, enemy),
        Role::QuadRaptor => return quad(t, &ORTHOGONAL, sq, occ, enemy),
        Role::Warmachine => short_flyer(t, &ORTHOGONAL, sq, occ),
        Role::Elephant => short_flyer(t, &DIAGONAL, sq, occ),
        Role::FerzSorcerer => t.leap(Leaper::Ferz, sq) | t.leap(Leaper::Zebra, sq),
        Role::WazirSorcerer => t.leap(Leaper::Wazir, sq) | t.leap(Leaper::Zebra, sq),
        Role::FerzKnight => t.leap(Leaper::Ferz, sq) | t.leap(Leaper::Knight, sq),
        Role::WazirKnight => t.leap(Leaper::Wazir, sq) | t.leap(Leaper::Knight, sq),
        Role::Snake => t.snake_reach(sq, occ),
        Role::Octopus => octopus(t, sq, occ),
    };
    reach & !own
}

/// Flying Bomber (orthogonal) / Raptor (diagonal): slide, fly-over capture, two-square jump.
fn flyer(t: &Tables, dirs: &[usize], sq: Square, occ: Bitboard, enemy: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &d in dirs {
        // 1. Slide over empty squares.
        out |= t.slide(d, sq, occ) & !occ;
        // 2. Fly-over capture of the first piece on the ray.
        if let Some(b) = t.first_blocker(d, sq, occ) {
            if enemy.has(b) {
                if let Some(land) = t.step(d, b).filter(|l| !occ.has(*l)) {
                    out = out.with(land);
                }
            }
        }
        // 3./4. Two-square jump or landing capture.
        if let Some(s1) = t.step(d, sq) {
            if let Some(s2) = t.step(d, s1) {
                let lands = if occ.has(s1) {
                    !occ.has(s2) || enemy.has(s2)
                } else {
                    enemy.has(s2)
                };
                if lands {
                    out = out.with(s2);
                }
            }
        }
    }
    out
}

/// Quad Bomber (first step diagonal) / Quad Raptor (first step orthogonal).
fn quad(t: &Tables, first: &[usize], sq: Square, occ: Bitboard, enemy: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &d in first {
        let Some(f) = t.step(d, sq).filter(|f| !occ.has(*f)) else {
            continue;
        };
        for &leg in &LEGS[d] {
            out |= t.slide(leg, f, occ) & !occ;
            if let Some(b) = t.first_blocker(leg, f, occ) {
                if enemy.has(b) {
                    if let Some(land) = t.step(leg, b).filter(|l| !occ.has(*l)) {
                        out = out.with(land);
                    }
                }
            }
        }
    }
    out
}

/// Flying Warmachine (orthogonal) / Flying Elephant (diagonal): `s1`, `s2` always; `s3` when
/// `s1` and `s2` are both empty or both occupied.
pub(crate) fn short_flyer(t: &Tables, dirs: &[usize; 4], sq: Square, occ: Bitboard) -> Bitboard {
    let i = sq.index();
    let orthogonal = dirs[0] == ORTHOGONAL[0];
    let mut out = if orthogonal {
        t.warrior[i]
    } else {
        t.guard_lines[i]
    };
    for &d in dirs {
        if let Some((pair, s3)) = t.third[d][i] {
            // `s3` needs `s1` and `s2` both empty or both occupied.
            if (pair & occ).count() != 1 {
                out = out.with(s3);
            }
        }
    }
    out
}

/// Octopus: one step, then two or more outward steps of the other kind over empty squares;
/// the square after one outward step is passed through only.
fn octopus(t: &Tables, sq: Square, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for (d, legs) in LEGS.iter().enumerate() {
        let Some(f) = t.step(d, sq).filter(|f| !occ.has(*f)) else {
            continue;
        };
        for &leg in legs {
            if let Some(g) = t.step(leg, f).filter(|g| !occ.has(*g)) {
                out |= t.slide(leg, g, occ);
            }
        }
    }
    out
}

/// The squares an octopus on `from` passes over on its way to `to` (its first step, then its
/// outward leg up to `to`, both ends excluded), when some octopus move leads from `from` to
/// `to`: it does exactly when these squares are all empty. `None` when no octopus move joins
/// the two squares on any occupancy.
///
/// The route is unique: a first orthogonal step then `n >= 2` diagonal steps moves `(n, n + 1)`
/// (in some order and signs), a first diagonal step then `n >= 2` orthogonal ones `(1, n + 1)`.
pub(crate) fn octopus_path(t: &Tables, from: Square, to: Square) -> Option<Bitboard> {
    let dx = to.file() - from.file();
    let dy = to.row() - from.row();
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let (first, leg) = if ax.min(ay) >= 2 && (ax - ay).abs() == 1 {
        // Orthogonal first step along the longer axis, then diagonal.
        let first = if ay > ax { (0, sy) } else { (sx, 0) };
        (first, (sx, sy))
    } else if ax == 1 && ay >= 3 {
        ((sx, sy), (0, sy))
    } else if ay == 1 && ax >= 3 {
        ((sx, sy), (sx, 0))
    } else {
        return None;
    };
    let f = t.step(dir_index(first.0, first.1)?, from)?;
    let leg = dir_index(leg.0, leg.1)?;
    let ray = t.ray[leg][f.index()];
    if !ray.has(to) {
        return None;
    }
    Some(
        (ray & !t.ray[leg][to.index()])
            .without(Bitboard::from_square(to))
            .with(f),
    )
}

/// Does an octopus on `from` capture (or move) onto `to` with occupancy `occ`? (`to` itself may
/// be empty or hold a piece; whose it is is the caller's concern.)
#[inline]
pub(crate) fn octopus_reaches(t: &Tables, from: Square, to: Square, occ: Bitboard) -> bool {
    octopus_path(t, from, to).is_some_and(|path| (path & occ).is_empty())
}

/// Can a move of `role` capture a piece it jumps or flies over (besides one on its destination)?
#[inline]
pub(crate) const fn captures_by_jumping(role: Role) -> bool {
    matches!(
        role,
        Role::Warrior
            | Role::Guard
            | Role::Bomber
            | Role::Raptor
            | Role::QuadBomber
            | Role::QuadRaptor
    )
}

/// The second square a move of `role` from `from` to `to` clears when it holds an enemy piece:
/// the square just before `to` on the move's last straight leg, for the pieces that capture by
/// jumping or flying over (W, G, F, A, U, Y). `None` when the move cannot jump anything.
#[inline]
pub(crate) fn jump_victim(role: Role, from: Square, to: Square) -> Option<Square> {
    if !captures_by_jumping(role) {
        return None;
    }
    let dx = to.file() - from.file();
    let dy = to.row() - from.row();
    let (ax, ay) = (dx.abs(), dy.abs());
    let last = match role {
        Role::Warrior | Role::Guard | Role::Bomber | Role::Raptor => {
            let straight = dx == 0 || dy == 0 || ax == ay;
            if !straight || ax.max(ay) < 2 {
                return None;
            }
            (dx.signum(), dy.signum())
        }
        Role::QuadBomber => {
            if ax >= 2 && ay == 1 {
                (dx.signum(), 0)
            } else if ay >= 2 && ax == 1 {
                (0, dy.signum())
            } else {
                return None;
            }
        }
        Role::QuadRaptor => {
            if (ax - ay).abs() != 1 || ax == 0 || ay == 0 {
                return None;
            }
            (dx.signum(), dy.signum())
        }
        _ => return None,
    };
    debug_assert!(dir_index(last.0, last.1).is_some());
    let v = to.offset(-last.0, -last.1)?;
    (v != from).then_some(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::DIRS;

    #[test]
    fn legs_are_outward_and_of_the_other_kind() {
        for (d, legs) in LEGS.iter().enumerate() {
            let (dx, dy) = DIRS[d];
            for &l in legs {
                let (lx, ly) = DIRS[l];
                let diag_first = dx != 0 && dy != 0;
                let diag_leg = lx != 0 && ly != 0;
                assert_ne!(diag_first, diag_leg);
                // Outward: the leg keeps the step's sign on a shared axis.
                assert!(dx * lx + dy * ly > 0, "dir {d} leg {l}");
            }
        }
    }

    /// The octopus's one route between two squares agrees with its forward moves, on every
    /// board and for pseudo-random occupancies (a fixed xorshift sequence).
    #[test]
    fn octopus_route_matches_forward_moves() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for v in crate::Variant::ALL {
            let r = v.rules();
            let t = &r.tables;
            for round in 0..40 {
                // Sparse to dense boards: keep each square with probability about round / 40.
                let occ: Bitboard = r.exists.iter().filter(|_| next() % 40 < round).collect();
                for from in r.exists {
                    let reach = octopus(t, from, occ);
                    for to in r.exists {
                        assert_eq!(
                            octopus_reaches(t, from, to, occ),
                            reach.has(to),
                            "{v:?} {from:?} -> {to:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn opposite_reverses() {
        for d in 0..8 {
            let (a, b) = DIRS[d];
            assert_eq!(DIRS[opposite(d)], (-a, -b));
        }
    }
}

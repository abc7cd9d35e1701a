//! The octopus: one step in any direction onto an empty square, then two or more outward steps
//! of the other kind (diagonal after an orthogonal step, orthogonal after a diagonal one) over
//! empty squares; the square after the first outward step is passed through only. It removes
//! only the piece it lands on. Between two squares it has at most one route, so whether it
//! attacks a king is decided by the squares of that route, all of which must be empty: only
//! emptying one can create an attack.

use crate::tables::{dir_index, LineKind, Tables, LEGS};
use crate::{Bitboard, Square};

/// Every square an octopus on `sq` reaches with occupancy `occ` (own pieces not yet removed).
#[inline]
pub(crate) fn reach(t: &Tables, sq: Square, occ: Bitboard) -> Bitboard {
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
pub(crate) fn path(t: &Tables, from: Square, to: Square) -> Option<Bitboard> {
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
pub(crate) fn reaches(t: &Tables, from: Square, to: Square, occ: Bitboard) -> bool {
    path(t, from, to).is_some_and(|p| (p & occ).is_empty())
}

/// The octopuses among `octopuses` that attack `v` with occupancy `occ`.
#[inline]
pub(crate) fn attackers(t: &Tables, v: Square, occ: Bitboard, octopuses: Bitboard) -> Bitboard {
    let i = v.index();
    (octopuses
        & (t.beside[LineKind::Orthogonal as usize][i] | t.beside[LineKind::Diagonal as usize][i]))
        .iter()
        .filter(|&s| reaches(t, s, v, occ))
        .collect()
}

/// This family's part of the odd zone of a king on `king` ([`super::OddZone`], all in the
/// block-only part): the squares of each octopus's route to the king.
#[inline]
pub(crate) fn odd_zone(t: &Tables, king: Square, octopuses: Bitboard) -> Bitboard {
    let i = king.index();
    let mut zone = Bitboard::EMPTY;
    for o in octopuses
        & (t.beside[LineKind::Orthogonal as usize][i] | t.beside[LineKind::Diagonal as usize][i])
    {
        if let Some(p) = path(t, o, king) {
            zone |= p;
        }
    }
    zone
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    /// The octopus's one route between two squares agrees with its forward moves, on every
    /// board and for pseudo-random occupancies (a fixed xorshift sequence).
    #[test]
    fn route_matches_forward_moves() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for v in Variant::ALL {
            let r = v.rules();
            let t = &r.tables;
            for round in 0..40 {
                // Sparse to dense boards: keep each square with probability about round / 40.
                let occ: Bitboard = r.exists.iter().filter(|_| next() % 40 < round).collect();
                for from in r.exists {
                    let all = reach(t, from, occ);
                    for to in r.exists {
                        assert_eq!(
                            reaches(t, from, to, occ),
                            all.has(to),
                            "{v:?} {from:?} -> {to:?}"
                        );
                    }
                }
            }
        }
    }
}

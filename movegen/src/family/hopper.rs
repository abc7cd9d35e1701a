//! The flying warmachine (ranks and files) and flying elephant (diagonals): along each line it
//! reaches the first and second squares whatever stands on them, and the third when the first
//! two are both empty or both occupied (the pair rule). Its reach is symmetric, so its reverse
//! attack is its forward reach from the target. Because of the pair rule, *filling* one of the
//! two squares between it and a king three away can create an attack, as can emptying one.

use crate::tables::{LineKind, Tables, DIRS};
use crate::{Bitboard, Role, Square};

/// The roles of this family.
pub(crate) const ROLES: [Role; 2] = [Role::Warmachine, Role::Elephant];

/// `third[dir][sq]`: the squares `s1`, `s2` and the square `s3` three away along `dir` (all
/// existing), for the pair rule.
#[derive(Debug)]
pub(crate) struct HopperTables {
    third: [[Option<(Bitboard, Square)>; Square::COUNT]; 8],
}

impl HopperTables {
    /// The tables of a board whose existing squares are `exists`.
    pub(crate) fn build(exists: Bitboard) -> HopperTables {
        let at = |sq: Square, df: i32, dr: i32| sq.offset(df, dr).filter(|s| exists.has(*s));
        let mut third = [[None; Square::COUNT]; 8];
        for sq in exists.iter() {
            for (d, &(df, dr)) in DIRS.iter().enumerate() {
                let Some(s1) = at(sq, df, dr) else { continue };
                let Some(s2) = at(s1, df, dr) else { continue };
                if let Some(s3) = at(s2, df, dr) {
                    third[d][sq.index()] = Some((Bitboard::from_square(s1).with(s2), s3));
                }
            }
        }
        HopperTables { third }
    }
}

/// The line kind a role of this family moves along (`None` for roles of other families).
#[inline]
pub(crate) const fn kind(role: Role) -> Option<LineKind> {
    match role {
        Role::Warmachine => Some(LineKind::Orthogonal),
        Role::Elephant => Some(LineKind::Diagonal),
        _ => None,
    }
}

/// Every square a warmachine (`kind` orthogonal) or elephant (diagonal) on `sq` reaches with
/// occupancy `occ` (own pieces not yet removed). Symmetric: also the squares from which such a
/// piece reaches `sq`.
#[inline]
pub(crate) fn reach(t: &Tables, kind: LineKind, sq: Square, occ: Bitboard) -> Bitboard {
    let i = sq.index();
    let mut out = t.near[kind as usize][i];
    for &d in kind.dirs() {
        if let Some((pair, s3)) = t.hoppers.third[d][i] {
            // `s3` needs `s1` and `s2` both empty or both occupied.
            if (pair & occ).count() != 1 {
                out = out.with(s3);
            }
        }
    }
    out
}

/// The warmachines and elephants among the pieces `p` gives per role that attack `v`.
#[inline]
pub(crate) fn attackers(
    t: &Tables,
    v: Square,
    occ: Bitboard,
    p: impl Fn(Role) -> Bitboard,
) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for role in ROLES {
        let pieces = p(role);
        if let (true, Some(kind)) = (pieces.any(), kind(role)) {
            out |= reach(t, kind, v, occ) & pieces;
        }
    }
    out
}

/// This family's part of the odd zone of a king on `king` ([`super::OddZone`], all in the
/// fill part), against the pieces `of` gives per role: a warmachine (elephant) three squares
/// away on a rank or file (diagonal) adds the two squares between.
pub(crate) fn odd_zone(t: &Tables, king: Square, of: impl Fn(Role) -> Bitboard) -> Bitboard {
    let i = king.index();
    let mut zone = Bitboard::EMPTY;
    for role in ROLES {
        let pieces = of(role);
        let Some(kind) = kind(role).filter(|_| pieces.any()) else {
            continue;
        };
        for &d in kind.dirs() {
            if let Some((pair, s3)) = t.hoppers.third[d][i] {
                if pieces.has(s3) {
                    zone |= pair;
                }
            }
        }
    }
    zone
}

/// Squares near a king on `sq` whose occupancy can decide an attack on it by this family,
/// besides its lines up to the first piece: the squares two away on a line.
#[inline]
pub(crate) fn king_zone(t: &Tables, sq: Square) -> Bitboard {
    let i = sq.index();
    t.two[LineKind::Orthogonal as usize][i] | t.two[LineKind::Diagonal as usize][i]
}

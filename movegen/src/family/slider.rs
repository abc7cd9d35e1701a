//! Sliders: the bishop, the rook and the queen, moving along their lines over empty squares up
//! to and onto the first piece. A slider attacks a king exactly when the king is the first piece
//! on one of its lines, so the squares that decide it are the squares between them; a piece of
//! the king's side standing alone between the two is **pinned** and may only move along that
//! line. A slider removes only the piece it lands on.

use super::Target;
use crate::tables::{line_dir, Tables, DIAGONAL, ORTHOGONAL};
use crate::{Bitboard, Board, Color, Role, Square};

/// The roles of this family.
pub(crate) const ROLES: [Role; 3] = [Role::Bishop, Role::Rook, Role::Queen];

/// Every square a slider of `role` on `sq` reaches with occupancy `occ` (own pieces not yet
/// removed; empty for roles of other families). Symmetric, like every slide.
#[inline]
pub(crate) fn reach(t: &Tables, role: Role, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Bishop => t.bishop(sq, occ),
        Role::Rook => t.rook(sq, occ),
        Role::Queen => t.rook(sq, occ) | t.bishop(sq, occ),
        _ => Bitboard::EMPTY,
    }
}

/// The sliders among the pieces `p` gives per role (of the target's attacking side) that attack
/// the target square.
#[inline]
pub(crate) fn attackers(q: &Target<'_>, p: impl Fn(Role) -> Bitboard) -> Bitboard {
    let queens = p(Role::Queen);
    let rooks = p(Role::Rook) | queens;
    let bishops = p(Role::Bishop) | queens;
    let mut out = Bitboard::EMPTY;
    if rooks.any() {
        out |= q.rook_reach() & rooks;
    }
    if bishops.any() {
        out |= q.bishop_reach() & bishops;
    }
    out
}

/// Pieces of `us` pinned to their king on `king` by an enemy rook, bishop or queen.
pub(crate) fn pinned(t: &Tables, b: &Board, king: Square, us: Color) -> Bitboard {
    let them = us.opposite();
    let occ = b.occupied();
    let own = b.color(us);
    let queens = b.pieces(them, Role::Queen);
    let lines = [
        (ORTHOGONAL, b.pieces(them, Role::Rook) | queens),
        (DIAGONAL, b.pieces(them, Role::Bishop) | queens),
    ];
    let mut out = Bitboard::EMPTY;
    for (dirs, snipers) in lines {
        if snipers.is_empty() {
            continue;
        }
        for d in dirs {
            if (t.ray[d][king.index()] & snipers).is_empty() {
                continue;
            }
            let Some(first) = t.first_blocker(d, king, occ).filter(|s| own.has(*s)) else {
                continue;
            };
            if t.first_blocker(d, first, occ)
                .is_some_and(|s| snipers.has(s))
            {
                out = out.with(first);
            }
        }
    }
    out
}

/// For a piece pinned on `pinned` to its king on `king` (occupancy `occ`), the squares it may
/// move to and stay between its king and the pinner: from the king (excluded) up to the pinner
/// (included). Empty when the two squares share no line.
#[inline]
pub(crate) fn pin_segment(t: &Tables, occ: Bitboard, king: Square, pinned: Square) -> Bitboard {
    line_dir(king, pinned).map_or(Bitboard::EMPTY, |d| {
        t.slide(d, king, occ & !Bitboard::from_square(pinned))
    })
}

/// The squares strictly between a king on `king` and a slider on `slider` that attacks it
/// along a line, and the slider's own square: where a move must land to answer its check.
pub(crate) fn check_line(t: &Tables, king: Square, slider: Square) -> Bitboard {
    match line_dir(king, slider) {
        Some(d) => t.ray[d][king.index()] & !t.ray[d][slider.index()],
        None => Bitboard::from_square(slider),
    }
}

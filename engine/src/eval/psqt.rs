//! The piece-square terms, written once: `square_terms` lists the weights a piece on a square
//! counts with (material, the formula terms, the placement tables). The evaluator bakes them
//! into tables; the Texel trace reads the same list as coefficients.

use super::weights::{Scalar, Slot, Stage, PLACEMENT_FILES, PLACEMENT_RANKS};
use arrayvec::ArrayVec;
use movegen::{Color, Role, Square, Variant};

/// Geometry helpers for the formulas: the full rectangle of the board.
pub(crate) struct Shape {
    files: i32,
    lo: i32,
    hi: i32,
}

impl Shape {
    /// The shape of `v`'s board.
    pub(crate) fn of(v: Variant) -> Shape {
        let g = &v.spec().geometry;
        Shape {
            files: g.files,
            lo: g.full_rows.0,
            hi: g.full_rows.1,
        }
    }

    /// File centrality in half steps: 0 on the edge files, files-1 (rounded) in the middle.
    fn file_center(&self, sq: Square) -> i32 {
        (self.files - 1) - (2 * sq.file() - (self.files - 1)).abs()
    }

    /// Row centrality in half steps (0 on the back rows and outside them).
    fn row_center(&self, sq: Square) -> i32 {
        let rows = self.hi - self.lo + 1;
        ((rows - 1) - (2 * (sq.row() - self.lo) - (rows - 1)).abs()).max(0)
    }

    /// Rows advanced from the colour's back rank (0 on it; negative squares behind it clamp to 0).
    fn advance(&self, c: Color, sq: Square) -> i32 {
        match c {
            Color::White => (sq.row() - self.lo).max(0),
            Color::Black => (self.hi - sq.row()).max(0),
        }
    }

    /// Placement-table row of a piece of colour `c` on `sq`: rows from its back rank.
    fn rank_index(&self, c: Color, sq: Square) -> usize {
        (self.advance(c, sq) as usize).min(PLACEMENT_RANKS - 1)
    }

    /// Placement-table column of `sq`: files from the nearer edge file.
    fn file_index(&self, sq: Square) -> usize {
        let f = sq.file().min(self.files - 1 - sq.file()).max(0);
        (f as usize).min(PLACEMENT_FILES - 1)
    }

    /// Rows from the back rank to the promotion rank.
    fn depth(&self) -> i32 {
        self.hi - self.lo
    }
}

/// One weight of a piece on a square: it counts `weight * mg / divisor` in the middlegame and
/// `weight * eg / divisor` in the endgame (integer division, as the evaluator bakes it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareTerm {
    /// The weight.
    pub slot: Slot,
    /// Middlegame coefficient (before the divisor).
    pub mg: i32,
    /// Endgame coefficient (before the divisor).
    pub eg: i32,
    /// Divisor of both coefficients.
    pub divisor: i32,
}

/// Most weights one piece on one square counts with: material, five pawn terms, four placements.
const MAX_SQUARE_TERMS: usize = 10;

/// Every weight a piece of colour `c` and role `role` on `sq` counts with, from its own side's
/// point of view.
pub(crate) fn square_terms(
    shape: &Shape,
    c: Color,
    role: Role,
    sq: Square,
) -> ArrayVec<SquareTerm, MAX_SQUARE_TERMS> {
    let t = |slot, mg, eg, divisor| SquareTerm {
        slot,
        mg,
        eg,
        divisor,
    };
    let s = Slot::Scalar;
    let center = shape.file_center(sq) + shape.row_center(sq);
    let adv = shape.advance(c, sq);
    let left = shape.depth() - adv;
    let near = (4 - left).max(0).pow(2);
    let file_center = shape.file_center(sq);
    let mut v = ArrayVec::new();
    v.push(t(Slot::Material(role), 1, 1, 1));
    // Advancement and nearness to promotion (middlegame, endgame), by kind of pawn.
    let pawnlike = {
        use Scalar::*;
        match role {
            Role::Pawn => Some([PawnAdvanceMg, PawnNearMg, PawnAdvanceEg, PawnNearEg]),
            Role::Ninja => Some([NinjaAdvanceMg, NinjaNearMg, NinjaAdvanceEg, NinjaNearEg]),
            _ => None,
        }
    };
    if let Some([adv_mg, near_mg, adv_eg, near_eg]) = pawnlike {
        v.extend([
            t(s(adv_mg), adv, 0, 1),
            t(s(near_mg), near, 0, 1),
            t(s(Scalar::PawnCenterFile), file_center, 0, 4),
            t(s(adv_eg), 0, adv, 1),
            t(s(near_eg), 0, near, 1),
        ]);
    } else if role == Role::King {
        v.extend([
            t(s(Scalar::KingHomeMg), -adv, 0, 1),
            t(s(Scalar::KingCenterEg), 0, center, 4),
        ]);
    } else {
        v.push(t(Slot::Center(role), center, center, 4));
    }
    let (ri, fi) = (shape.rank_index(c, sq), shape.file_index(sq));
    let (mg, eg) = (Stage::Middlegame, Stage::Endgame);
    v.extend([
        t(Slot::Rank(role, mg, ri), 1, 0, 1),
        t(Slot::Rank(role, eg, ri), 0, 1, 1),
        t(Slot::File(role, mg, fi), 1, 0, 1),
        t(Slot::File(role, eg, fi), 0, 1, 1),
    ]);
    v
}

//! The board's geometry, precomputed per variant: steps, rays, line masks and the small shapes
//! several piece families read (squares one or two away along a line, squares exactly two
//! away, the lines beside a square's lines), plus each family's own tables
//! ([`crate::family`]).
//!
//! Built once per variant on first use ([`crate::Variant::rules`]), because they depend on which
//! squares exist (raptor's board is not a rectangle). Every table only ever holds existing squares.

use crate::family::hopper::HopperTables;
use crate::family::leaper::LeaperTables;
use crate::family::snake::SnakeTables;
use crate::line_attacks::Bmi2Lines;
use crate::{Bitboard, Square};

/// The eight directions as `(file, row)` steps. Orthogonal first, then diagonal.
pub(crate) const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];
/// Indices of the orthogonal directions in [`DIRS`].
pub(crate) const ORTHOGONAL: [usize; 4] = [0, 1, 2, 3];
/// Indices of the diagonal directions in [`DIRS`].
pub(crate) const DIAGONAL: [usize; 4] = [4, 5, 6, 7];

/// The two kinds of lines, indexing the per-kind tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineKind {
    /// Ranks and files.
    Orthogonal = 0,
    /// Diagonals.
    Diagonal = 1,
}

impl LineKind {
    /// The four directions (indices into [`DIRS`]) of this kind.
    #[inline]
    pub(crate) const fn dirs(self) -> &'static [usize; 4] {
        match self {
            LineKind::Orthogonal => &ORTHOGONAL,
            LineKind::Diagonal => &DIAGONAL,
        }
    }
}

/// Index in [`DIRS`] of a unit step, if it is one.
pub(crate) fn dir_index(df: i32, dr: i32) -> Option<usize> {
    DIRS.iter().position(|&d| d == (df, dr))
}

/// The direction index from `a` toward `b` when they share a line (rank, file or diagonal).
#[inline]
pub(crate) fn line_dir(a: Square, b: Square) -> Option<usize> {
    let dx = b.file() - a.file();
    let dy = b.row() - a.row();
    if (dx == 0 && dy == 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
        return None;
    }
    dir_index(dx.signum(), dy.signum())
}

/// Does a ray in direction `dir` run toward higher square indices?
#[inline]
pub(crate) const fn dir_is_increasing(dir: usize) -> bool {
    let (df, dr) = DIRS[dir];
    dr * 12 + df > 0
}

/// The opposite of direction `dir` (index into [`DIRS`]).
#[inline]
pub(crate) const fn opposite(dir: usize) -> usize {
    if dir < 4 {
        (dir + 2) % 4
    } else {
        4 + (dir - 4 + 2) % 4
    }
}

/// For a first step in direction `dir`, the two outward directions of the other kind that the
/// crooked pieces (quad bomber, quad raptor, octopus) continue in: for a diagonal `(dx,dy)` they
/// are `(dx,0)` and `(0,dy)`; for an orthogonal step the two diagonals that keep its component.
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

/// All tables of one variant.
#[derive(Debug)]
pub(crate) struct Tables {
    /// `step[dir][sq]`: the neighbouring existing square.
    pub step: [[Option<Square>; Square::COUNT]; 8],
    /// `ray[dir][sq]`: existing squares from `sq` (exclusive) until the board ends.
    pub ray: [[Bitboard; Square::COUNT]; 8],
    /// `near[kind][sq]`: the neighbours along lines of the kind, and the squares two away along
    /// them whose middle square exists (the ninja warrior's and guard's steps and leaps).
    pub near: [[Bitboard; Square::COUNT]; 2],
    /// `two[kind][sq]`: squares exactly two away along lines of the kind, the middle existing.
    pub two: [[Bitboard; Square::COUNT]; 2],
    /// `beside[kind][sq]`: the squares on a line of the kind next to one of `sq`'s own lines
    /// of that kind (a file or rank next to it; a diagonal next to it), where a crooked piece
    /// must stand to reach `sq` (a superset, for a quick reject).
    pub beside: [[Bitboard; Square::COUNT]; 2],
    /// Line masks for rook and bishop reach by BMI2 `pext`/`pdep`; `None` when this process
    /// uses the rays instead ([`crate::line_attacks::line_backend`]).
    pub lines: Option<Bmi2Lines>,
    /// The leapers' target sets.
    pub leapers: LeaperTables,
    /// The warmachine's and elephant's third squares.
    pub hoppers: HopperTables,
    /// The snake's routes.
    pub snake: SnakeTables,
}

impl Tables {
    /// Builds every table for a board whose existing squares are `exists`.
    pub(crate) fn build(exists: Bitboard) -> Tables {
        let at = |sq: Square, df: i32, dr: i32| sq.offset(df, dr).filter(|s| exists.has(*s));
        let mut step = [[None; Square::COUNT]; 8];
        let mut ray = [[Bitboard::EMPTY; Square::COUNT]; 8];
        let mut near = [[Bitboard::EMPTY; Square::COUNT]; 2];
        let mut two = [[Bitboard::EMPTY; Square::COUNT]; 2];
        let mut beside = [[Bitboard::EMPTY; Square::COUNT]; 2];
        for sq in exists.iter() {
            let i = sq.index();
            for other in exists.iter() {
                let dx = other.file() - sq.file();
                let dy = other.row() - sq.row();
                if dx.abs() == 1 || dy.abs() == 1 {
                    beside[LineKind::Orthogonal as usize][i] =
                        beside[LineKind::Orthogonal as usize][i].with(other);
                }
                if (dx - dy).abs() == 1 || (dx + dy).abs() == 1 {
                    beside[LineKind::Diagonal as usize][i] =
                        beside[LineKind::Diagonal as usize][i].with(other);
                }
            }
            for (d, &(df, dr)) in DIRS.iter().enumerate() {
                step[d][i] = at(sq, df, dr);
                let mut cur = sq;
                while let Some(next) = at(cur, df, dr) {
                    ray[d][i] = ray[d][i].with(next);
                    cur = next;
                }
                let kind = if d < 4 { 0 } else { 1 };
                let Some(s1) = at(sq, df, dr) else { continue };
                near[kind][i] = near[kind][i].with(s1);
                if let Some(s2) = at(s1, df, dr) {
                    near[kind][i] = near[kind][i].with(s2);
                    two[kind][i] = two[kind][i].with(s2);
                }
            }
        }
        Tables {
            step,
            ray,
            near,
            two,
            beside,
            lines: Bmi2Lines::for_this_process(&ray),
            leapers: LeaperTables::build(exists),
            hoppers: HopperTables::build(exists),
            snake: SnakeTables::build(exists),
        }
    }

    /// The neighbour of `sq` in direction `dir`.
    #[inline]
    pub(crate) fn step(&self, dir: usize, sq: Square) -> Option<Square> {
        self.step[dir][sq.index()]
    }

    /// First occupied square from `sq` along `dir`.
    #[inline]
    pub(crate) fn first_blocker(&self, dir: usize, sq: Square, occ: Bitboard) -> Option<Square> {
        let hits = self.ray[dir][sq.index()] & occ;
        if dir_is_increasing(dir) {
            hits.lsb()
        } else {
            hits.msb()
        }
    }

    /// Squares a slider reaches along `dir`: empty squares plus the first occupied one.
    #[inline]
    pub(crate) fn slide(&self, dir: usize, sq: Square, occ: Bitboard) -> Bitboard {
        let r = self.ray[dir][sq.index()];
        match self.first_blocker(dir, sq, occ) {
            Some(b) => r ^ self.ray[dir][b.index()],
            None => r,
        }
    }

    /// Rook-like reach over the orthogonal directions (BMI2 line masks when this process uses
    /// them, else the rays).
    #[inline]
    pub(crate) fn rook(&self, sq: Square, occ: Bitboard) -> Bitboard {
        match &self.lines {
            Some(lines) => lines.rook(sq, occ),
            None => self.rook_rays(sq, occ),
        }
    }

    /// Bishop-like reach over the diagonal directions (BMI2 line masks when this process uses
    /// them, else the rays).
    #[inline]
    pub(crate) fn bishop(&self, sq: Square, occ: Bitboard) -> Bitboard {
        match &self.lines {
            Some(lines) => lines.bishop(sq, occ),
            None => self.bishop_rays(sq, occ),
        }
    }

    /// Rook-like reach from the four orthogonal rays (the portable path).
    #[inline]
    pub(crate) fn rook_rays(&self, sq: Square, occ: Bitboard) -> Bitboard {
        ORTHOGONAL
            .iter()
            .fold(Bitboard::EMPTY, |b, &d| b | self.slide(d, sq, occ))
    }

    /// Bishop-like reach from the four diagonal rays (the portable path).
    #[inline]
    pub(crate) fn bishop_rays(&self, sq: Square, occ: Bitboard) -> Bitboard {
        DIAGONAL
            .iter()
            .fold(Bitboard::EMPTY, |b, &d| b | self.slide(d, sq, occ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn opposite_reverses() {
        for d in 0..8 {
            let (a, b) = DIRS[d];
            assert_eq!(DIRS[opposite(d)], (-a, -b));
        }
    }

    #[test]
    fn line_kinds_name_their_directions() {
        for &d in LineKind::Orthogonal.dirs() {
            assert!(DIRS[d].0 == 0 || DIRS[d].1 == 0);
        }
        for &d in LineKind::Diagonal.dirs() {
            assert!(DIRS[d].0 != 0 && DIRS[d].1 != 0);
        }
    }
}

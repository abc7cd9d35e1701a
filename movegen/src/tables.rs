//! Precomputed per-variant tables: steps, rays, leaper sets and crooked-path masks.
//!
//! Built once per variant on first use ([`crate::Variant::rules`]), because they depend on which
//! squares exist (raptor's board is not a rectangle). Every table only ever holds existing squares.

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

/// Index in [`DIRS`] of a unit step, if it is one.
pub(crate) fn dir_index(df: i32, dr: i32) -> Option<usize> {
    DIRS.iter().position(|&d| d == (df, dr))
}

/// Does a ray in direction `dir` run toward higher square indices?
#[inline]
pub(crate) const fn dir_is_increasing(dir: usize) -> bool {
    let (df, dr) = DIRS[dir];
    dr * 12 + df > 0
}

/// Plain leapers whose attack sets are tabulated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Leaper {
    /// One step in any direction.
    King = 0,
    /// (1,2) leap.
    Knight,
    /// (3,1) leap.
    Camel,
    /// (3,2) leap.
    Zebra,
    /// One diagonal step.
    Ferz,
    /// One orthogonal step.
    Wazir,
}

impl Leaper {
    const COUNT: usize = 6;

    /// The leaper's `(a, b)` pattern, all sign and axis permutations included.
    const fn pattern(self) -> (i32, i32) {
        match self {
            Leaper::King => (1, 1),
            Leaper::Knight => (1, 2),
            Leaper::Camel => (1, 3),
            Leaper::Zebra => (2, 3),
            Leaper::Ferz => (1, 1),
            Leaper::Wazir => (0, 1),
        }
    }
}

/// One target of the sorcerer snake with the intermediate squares of its usable paths.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SnakeRoute {
    /// Destination.
    pub target: Square,
    /// Intermediate squares of each path whose squares all exist (at least one path).
    pub paths: [Option<Bitboard>; 2],
}

/// All tables of one variant.
#[derive(Debug)]
pub(crate) struct Tables {
    /// `step[dir][sq]`: the neighbouring existing square.
    pub step: [[Option<Square>; Square::COUNT]; 8],
    /// `ray[dir][sq]`: existing squares from `sq` (exclusive) until the board ends.
    pub ray: [[Bitboard; Square::COUNT]; 8],
    /// `leap[leaper][sq]`: plain leaper targets that exist.
    leap: [[Bitboard; Square::COUNT]; Leaper::COUNT],
    /// Snake routes per square.
    pub snake: Vec<Vec<SnakeRoute>>,
    /// Union of snake targets per square (ignoring blockers).
    pub snake_targets: [Bitboard; Square::COUNT],
    /// Orthogonal neighbours plus squares two away with an existing middle (ninja warrior).
    pub warrior: [Bitboard; Square::COUNT],
    /// Diagonal neighbours plus squares two away with an existing middle (guard, without the
    /// (3,1) leap).
    pub guard_lines: [Bitboard; Square::COUNT],
    /// Orthogonal squares two away with an existing middle (bomber jumps and landings).
    pub dabbaba: [Bitboard; Square::COUNT],
    /// Diagonal squares two away with an existing middle (raptor jumps and landings).
    pub alfil: [Bitboard; Square::COUNT],
    /// `third[dir][sq]`: the squares `s1`, `s2` and the square `s3` three away along `dir` (all
    /// existing), for the warmachine and elephant.
    pub third: [[Option<(Bitboard, Square)>; Square::COUNT]; 8],
    /// Squares from which a quad bomber could ever remove a piece on `sq`: a file or rank next to
    /// it (a superset, for a quick reject).
    pub quad_bomber_zone: [Bitboard; Square::COUNT],
    /// Squares from which a quad raptor could ever remove a piece on `sq`: a diagonal next to it.
    pub quad_raptor_zone: [Bitboard; Square::COUNT],
    /// Line masks for rook and bishop reach by BMI2 `pext`/`pdep`; `None` when this process
    /// uses the rays instead ([`crate::line_attacks::line_backend`]).
    pub lines: Option<Bmi2Lines>,
}

impl Tables {
    /// Builds every table for a board whose existing squares are `exists`.
    pub(crate) fn build(exists: Bitboard) -> Tables {
        let at = |sq: Square, df: i32, dr: i32| sq.offset(df, dr).filter(|s| exists.has(*s));
        let mut step = [[None; Square::COUNT]; 8];
        let mut ray = [[Bitboard::EMPTY; Square::COUNT]; 8];
        let mut leap = [[Bitboard::EMPTY; Square::COUNT]; Leaper::COUNT];
        let mut snake = vec![Vec::new(); Square::COUNT];
        let mut snake_targets = [Bitboard::EMPTY; Square::COUNT];
        let mut warrior = [Bitboard::EMPTY; Square::COUNT];
        let mut guard_lines = [Bitboard::EMPTY; Square::COUNT];
        let mut dabbaba = [Bitboard::EMPTY; Square::COUNT];
        let mut alfil = [Bitboard::EMPTY; Square::COUNT];
        let mut quad_bomber_zone = [Bitboard::EMPTY; Square::COUNT];
        let mut quad_raptor_zone = [Bitboard::EMPTY; Square::COUNT];
        let mut third = [[None; Square::COUNT]; 8];
        for sq in exists.iter() {
            let i = sq.index();
            for other in exists.iter() {
                let dx = other.file() - sq.file();
                let dy = other.row() - sq.row();
                if dx.abs() == 1 || dy.abs() == 1 {
                    quad_bomber_zone[i] = quad_bomber_zone[i].with(other);
                }
                if (dx - dy).abs() == 1 || (dx + dy).abs() == 1 {
                    quad_raptor_zone[i] = quad_raptor_zone[i].with(other);
                }
            }
            for (d, &(df, dr)) in DIRS.iter().enumerate() {
                let Some(s1) = at(sq, df, dr) else { continue };
                let (lines, two) = if d < 4 {
                    (&mut warrior[i], &mut dabbaba[i])
                } else {
                    (&mut guard_lines[i], &mut alfil[i])
                };
                *lines = lines.with(s1);
                if let Some(s2) = at(s1, df, dr) {
                    *lines = lines.with(s2);
                    *two = two.with(s2);
                    if let Some(s3) = at(s2, df, dr) {
                        third[d][i] = Some((Bitboard::from_square(s1).with(s2), s3));
                    }
                }
            }
            for (d, &(df, dr)) in DIRS.iter().enumerate() {
                step[d][i] = at(sq, df, dr);
                let mut cur = sq;
                while let Some(next) = at(cur, df, dr) {
                    ray[d][i] = ray[d][i].with(next);
                    cur = next;
                }
            }
            for (l, table) in leap.iter_mut().enumerate() {
                let leaper = [
                    Leaper::King,
                    Leaper::Knight,
                    Leaper::Camel,
                    Leaper::Zebra,
                    Leaper::Ferz,
                    Leaper::Wazir,
                ][l];
                table[i] = leaper_targets(leaper, sq, exists);
            }
            snake[i] = snake_routes(sq, exists);
            snake_targets[i] = snake[i].iter().map(|r| r.target).collect();
        }
        Tables {
            step,
            ray,
            leap,
            snake,
            snake_targets,
            warrior,
            guard_lines,
            dabbaba,
            alfil,
            quad_bomber_zone,
            quad_raptor_zone,
            third,
            lines: Bmi2Lines::for_this_process(&ray),
        }
    }

    /// Targets of a plain leaper.
    #[inline]
    pub(crate) fn leap(&self, leaper: Leaper, sq: Square) -> Bitboard {
        self.leap[leaper as usize][sq.index()]
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

    /// Snake reach: targets with at least one path of empty intermediate squares.
    pub(crate) fn snake_reach(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for route in &self.snake[sq.index()] {
            if route.paths.iter().flatten().any(|p| (*p & occ).is_empty()) {
                out = out.with(route.target);
            }
        }
        out
    }
}

fn leaper_targets(leaper: Leaper, sq: Square, exists: Bitboard) -> Bitboard {
    let (a, b) = leaper.pattern();
    let mut out = Bitboard::EMPTY;
    let mut add = |df: i32, dr: i32| {
        if let Some(t) = sq.offset(df, dr).filter(|s| exists.has(*s)) {
            out = out.with(t);
        }
    };
    for sa in [-1, 1] {
        for sb in [-1, 1] {
            add(sa * a, sb * b);
            add(sb * b, sa * a);
        }
    }
    if leaper == Leaper::King {
        // (1,1) above gave the diagonals; add the orthogonal steps.
        for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            add(df, dr);
        }
    }
    out
}

/// The snake's routes (RULES.md section 7, Sorcerer Snake) from `sq`.
fn snake_routes(sq: Square, exists: Bitboard) -> Vec<SnakeRoute> {
    let at = |df: i32, dr: i32| sq.offset(df, dr).filter(|s| exists.has(*s));
    let path = |steps: &[(i32, i32)]| -> Option<Bitboard> {
        steps
            .iter()
            .map(|&(df, dr)| at(df, dr))
            .collect::<Option<Vec<_>>>()
            .map(|v| v.into_iter().collect::<Bitboard>())
    };
    let mut out = Vec::new();
    for sx in [-1, 1] {
        for sy in [-1, 1] {
            // Long axis along x (lx = 1) or y.
            for long_x in [true, false] {
                let v = |l: i32, s: i32| {
                    if long_x {
                        (l * sx, s * sy)
                    } else {
                        (s * sx, l * sy)
                    }
                };
                // Knight square (2,1): A = diagonal then orthogonal; B = orthogonal then diagonal.
                let knight = v(2, 1);
                if let Some(target) = at(knight.0, knight.1) {
                    let a = path(&[v(1, 1)]);
                    let b = path(&[v(1, 0)]);
                    if a.is_some() || b.is_some() {
                        out.push(SnakeRoute {
                            target,
                            paths: [a, b],
                        });
                    }
                }
                // (3,2) square: A = orthogonal then two diagonals; B = two diagonals then orthogonal.
                let zebra = v(3, 2);
                if let Some(target) = at(zebra.0, zebra.1) {
                    let a = path(&[v(1, 0), v(2, 1)]);
                    let b = path(&[v(1, 1), v(2, 2)]);
                    if a.is_some() || b.is_some() {
                        out.push(SnakeRoute {
                            target,
                            paths: [a, b],
                        });
                    }
                }
            }
        }
    }
    out
}

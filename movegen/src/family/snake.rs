//! The sorcerer snake: it reaches the knight squares (2,1) and the (3,2) squares along crooked
//! paths, each target by either of two paths of intermediate squares, at least one of them
//! empty (RULES.md section 7). A path read backwards is the other path of the same target, so
//! its reach is symmetric and its reverse attack is its forward reach from the target. It
//! needs its squares empty: only emptying one can create an attack.

use super::leaper::Leaper;
use crate::tables::{LineKind, Tables};
use crate::{Bitboard, Square};

/// One target of the snake with the intermediate squares of its usable paths.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SnakeRoute {
    /// Destination.
    pub target: Square,
    /// Intermediate squares of each path whose squares all exist (at least one path).
    pub paths: [Option<Bitboard>; 2],
}

/// The snake's routes from every square.
#[derive(Debug)]
pub(crate) struct SnakeTables {
    /// Routes per square.
    pub routes: Vec<Vec<SnakeRoute>>,
    /// Union of the route targets per square (ignoring blockers).
    pub targets: [Bitboard; Square::COUNT],
}

impl SnakeTables {
    /// The tables of a board whose existing squares are `exists`.
    pub(crate) fn build(exists: Bitboard) -> SnakeTables {
        let mut routes = vec![Vec::new(); Square::COUNT];
        let mut targets = [Bitboard::EMPTY; Square::COUNT];
        for sq in exists.iter() {
            let i = sq.index();
            routes[i] = snake_routes(sq, exists);
            targets[i] = routes[i].iter().map(|r| r.target).collect();
        }
        SnakeTables { routes, targets }
    }

    /// Snake reach from `sq`: the targets with at least one path of empty intermediate squares.
    pub(crate) fn reach(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for route in &self.routes[sq.index()] {
            if route.paths.iter().flatten().any(|p| (*p & occ).is_empty()) {
                out = out.with(route.target);
            }
        }
        out
    }

    /// The snakes among `snakes` that attack `v` with occupancy `occ`.
    #[inline]
    pub(crate) fn attackers(&self, v: Square, occ: Bitboard, snakes: Bitboard) -> Bitboard {
        let near = self.targets[v.index()] & snakes;
        if near.is_empty() {
            near
        } else {
            self.reach(v, occ) & near
        }
    }
}

/// This family's part of the odd zone of a king on `king` ([`super::OddZone`], all in the
/// block-only part): when a snake among `snakes` stands where it could reach the king, the
/// squares around the king that its paths pass through.
#[inline]
pub(crate) fn odd_zone(t: &Tables, king: Square, snakes: Bitboard) -> Bitboard {
    if (snakes & t.snake.targets[king.index()]).any() {
        king_zone(t, king) | t.leapers.leap(Leaper::King, king)
    } else {
        Bitboard::EMPTY
    }
}

/// Squares near a king on `sq` that a snake's path to it can pass through, besides its lines
/// up to the first piece: the knight squares and the diagonal squares two away.
#[inline]
pub(crate) fn king_zone(t: &Tables, sq: Square) -> Bitboard {
    t.leapers.leap(Leaper::Knight, sq) | t.two[LineKind::Diagonal as usize][sq.index()]
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

//! Every precomputed table against an obviously correct slow twin written from coordinates,
//! for any square and any occupancy (proptest).

use crate::family::leaper::Leaper;
use crate::family::{destinations, hopper};
use crate::tables::{LineKind, DIAGONAL, DIRS, ORTHOGONAL};
use crate::{Bitboard, Role, Rules, Square, Variant};
use proptest::prelude::*;

fn exists(r: &Rules, f: i32, row: i32) -> Option<Square> {
    Square::from_coords(f, row).filter(|s| r.has(*s))
}

/// Random occupancy restricted to existing squares.
fn occupancy(r: &Rules, bits: (u64, u64, u64)) -> Bitboard {
    r.exists
        .iter()
        .filter(|s| {
            let i = s.index();
            let word = [bits.0, bits.1, bits.2][i / 64];
            (word >> (i % 64)) & 1 == 1
        })
        .collect()
}

fn slow_leaper(r: &Rules, sq: Square, a: i32, b: i32) -> Bitboard {
    r.exists
        .iter()
        .filter(|t| {
            let dx = (t.file() - sq.file()).abs();
            let dy = (t.row() - sq.row()).abs();
            (dx, dy) == (a, b) || (dx, dy) == (b, a)
        })
        .collect()
}

fn slow_slide(r: &Rules, sq: Square, df: i32, dr: i32, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let (mut f, mut row) = (sq.file() + df, sq.row() + dr);
    while let Some(t) = exists(r, f, row) {
        out = out.with(t);
        if occ.has(t) {
            break;
        }
        f += df;
        row += dr;
    }
    out
}

/// Warmachine reach from coordinates: s1, s2 (if s1 exists), s3 when s1/s2 agree.
fn slow_short_flyer(r: &Rules, sq: Square, diagonal: bool, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &(df, dr) in DIRS
        .iter()
        .filter(|(a, b)| (*a != 0 && *b != 0) == diagonal)
    {
        let (x, y) = (sq.file(), sq.row());
        let Some(s1) = exists(r, x + df, y + dr) else {
            continue;
        };
        out = out.with(s1);
        let Some(s2) = exists(r, x + 2 * df, y + 2 * dr) else {
            continue;
        };
        out = out.with(s2);
        if let Some(s3) = exists(r, x + 3 * df, y + 3 * dr) {
            if occ.has(s1) == occ.has(s2) {
                out = out.with(s3);
            }
        }
    }
    out
}

/// Snake reach from the rule text: each target with its two paths of intermediate squares.
fn slow_snake(r: &Rules, sq: Square, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let (x, y) = (sq.file(), sq.row());
    for t in r.exists.iter() {
        let (dx, dy) = (t.file() - x, t.row() - y);
        let (ax, ay) = (dx.abs(), dy.abs());
        let (sx, sy) = (dx.signum(), dy.signum());
        let long_x = ax > ay;
        let unit_long = if long_x { (sx, 0) } else { (0, sy) };
        let paths: Vec<Vec<(i32, i32)>> = match (ax.max(ay), ax.min(ay)) {
            (2, 1) => vec![vec![(sx, sy)], vec![unit_long]],
            (3, 2) => vec![
                vec![unit_long, (unit_long.0 + sx, unit_long.1 + sy)],
                vec![(sx, sy), (2 * sx, 2 * sy)],
            ],
            _ => continue,
        };
        let open = paths.iter().any(|p| {
            p.iter()
                .all(|&(px, py)| exists(r, x + px, y + py).is_some_and(|s| !occ.has(s)))
        });
        if open {
            out = out.with(t);
        }
    }
    out
}

fn variant_strategy() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn tables_match_their_slow_twins(v in variant_strategy(), idx in 0usize..144, bits in any::<(u64, u64, u64)>()) {
        let r = v.rules();
        let t = &r.tables;
        let sq = Square::new_unchecked(idx as u8);
        prop_assume!(r.has(sq));
        let occ = occupancy(r, bits);
        prop_assert_eq!(t.leapers.leap(Leaper::King, sq), slow_leaper(r, sq, 1, 1) | slow_leaper(r, sq, 0, 1));
        prop_assert_eq!(t.leapers.leap(Leaper::Knight, sq), slow_leaper(r, sq, 1, 2));
        prop_assert_eq!(t.leapers.leap(Leaper::Camel, sq), slow_leaper(r, sq, 1, 3));
        prop_assert_eq!(t.leapers.leap(Leaper::Zebra, sq), slow_leaper(r, sq, 2, 3));
        prop_assert_eq!(t.leapers.leap(Leaper::Ferz, sq), slow_leaper(r, sq, 1, 1));
        prop_assert_eq!(t.leapers.leap(Leaper::Wazir, sq), slow_leaper(r, sq, 0, 1));
        for (d, &(df, dr)) in DIRS.iter().enumerate() {
            prop_assert_eq!(t.slide(d, sq, occ), slow_slide(r, sq, df, dr, occ));
            let first = slow_slide(r, sq, df, dr, occ) & occ;
            prop_assert_eq!(t.first_blocker(d, sq, occ), first.lsb());
            prop_assert_eq!(t.step(d, sq), exists(r, sq.file() + df, sq.row() + dr));
        }
        let full = r.exists;
        let rook_slow = ORTHOGONAL.iter().fold(Bitboard::EMPTY, |b, &d| b | slow_slide(r, sq, DIRS[d].0, DIRS[d].1, occ));
        let bishop_slow = DIAGONAL.iter().fold(Bitboard::EMPTY, |b, &d| b | slow_slide(r, sq, DIRS[d].0, DIRS[d].1, occ));
        prop_assert_eq!(t.rook(sq, occ), rook_slow);
        prop_assert_eq!(t.bishop(sq, occ), bishop_slow);
        // Warrior/guard lines and the two-away squares need an existing middle square.
        prop_assert_eq!(t.near[LineKind::Orthogonal as usize][idx], slow_short_flyer(r, sq, false, full) & !slow_three_away(r, sq, false));
        prop_assert_eq!(t.near[LineKind::Diagonal as usize][idx], slow_short_flyer(r, sq, true, full) & !slow_three_away(r, sq, true));
        prop_assert_eq!(hopper::reach(t, LineKind::Orthogonal, sq, occ), slow_short_flyer(r, sq, false, occ));
        prop_assert_eq!(hopper::reach(t, LineKind::Diagonal, sq, occ), slow_short_flyer(r, sq, true, occ));
        prop_assert_eq!(t.snake.reach(sq, occ), slow_snake(r, sq, occ));
        prop_assert_eq!(destinations(t, Role::Snake, sq, occ, Bitboard::EMPTY), slow_snake(r, sq, occ));
    }
}

/// Squares exactly three away along a line (all of them existing and reachable over existing
/// squares): used to carve the one-or-two-step sets out of the warmachine twin on a full board.
fn slow_three_away(r: &Rules, sq: Square, diagonal: bool) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &(df, dr) in DIRS
        .iter()
        .filter(|(a, b)| (*a != 0 && *b != 0) == diagonal)
    {
        let (x, y) = (sq.file(), sq.row());
        let all = (1..=3).all(|k| exists(r, x + k * df, y + k * dr).is_some());
        if all {
            if let Some(s3) = exists(r, x + 3 * df, y + 3 * dr) {
                out = out.with(s3);
            }
        }
    }
    out
}

//! Helpers shared by the integration tests: a seeded generator and random legal placements.

#![allow(dead_code)]

use movegen::{Color, Piece, Position, Role, Square, Variant};

/// A tiny deterministic generator so a failing case is reproduced by its seed.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A random legal placement: both kings, a random army, random side to move and hands.
pub fn random_placement(v: Variant, rng: &mut Rng) -> Position {
    let rules = v.rules();
    let squares: Vec<Square> = rules.exists.iter().collect();
    loop {
        let mut cells: Vec<Option<Piece>> = vec![None; Square::COUNT];
        let mut free: Vec<Square> = squares.clone();
        let mut place = |p: Piece, rng: &mut Rng, cells: &mut Vec<Option<Piece>>| {
            for _ in 0..20 {
                let i = rng.below(free.len());
                let sq = free[i];
                if p.role.is_pawnlike() {
                    let promo = rules.promotion_row[p.color.index()];
                    if (sq.row() - promo) * p.color.forward() >= 0 {
                        continue;
                    }
                }
                cells[sq.index()] = Some(p);
                free.swap_remove(i);
                return;
            }
        };
        for c in Color::BOTH {
            place(Piece::new(c, Role::King), rng, &mut cells);
        }
        let n = 2 + rng.below(24);
        for _ in 0..n {
            let role = v.spec().roles[rng.below(v.spec().roles.len())];
            if role == Role::King {
                continue;
            }
            let color = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            place(Piece::new(color, role), rng, &mut cells);
        }
        let fen = placement_fen(v, &cells, rng);
        if let Ok(pos) = Position::from_fen(v, &fen) {
            return pos;
        }
    }
}

fn placement_fen(v: Variant, cells: &[Option<Piece>], rng: &mut Rng) -> String {
    let rules = v.rules();
    let g = &v.spec().geometry;
    let mut rows = Vec::new();
    for row in (0..g.rows).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for file in 0..g.files {
            let sq = Square::from_coords(file, row).filter(|s| rules.has(*s));
            match sq.map(|s| cells[s.index()]) {
                None => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push('*');
                }
                Some(None) => empty += 1,
                Some(Some(p)) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(p.letter());
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        rows.push(s);
    }
    let mut board = rows.join("/");
    if v.spec().drops.is_some() {
        board.push('[');
        board.push_str(&"J".repeat(rng.below(3)));
        board.push_str(&"j".repeat(rng.below(3)));
        board.push(']');
    }
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    // Offer every castling right; drop the ones the placement does not support.
    let mut rights = String::new();
    for ch in ['K', 'Q', 'k', 'q'] {
        let candidate = format!("{board} {side} {}{ch} - 0 1", rights);
        if Position::from_fen(v, &candidate).is_ok() {
            rights.push(ch);
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    format!("{board} {side} {rights} - 0 1")
}

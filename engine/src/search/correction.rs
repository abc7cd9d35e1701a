//! Correction history: how far the static evaluation missed the search's result in positions
//! with the same pawn structure and side to move, learned while the search runs and added to
//! later static evaluations of such positions.
//!
//! The pawn structure is the board's pawns and ninja pawns of both sides plus the ninja pawns
//! in hand, hashed into [`ENTRIES`] slots per side. Each slot holds the typical miss in
//! 1/[`GRAIN`] centipawns, kept within ±[`LIMIT_CP`] centipawns; deeper searches move it more.

use crate::eval::pawn_cache::pawn_structure_key;
use movegen::{Color, Position};

/// Slots per side to move.
pub const ENTRIES: usize = 1 << 14;
/// Fixed-point scale of a slot.
pub const GRAIN: i32 = 256;
/// Largest correction, in centipawns.
pub const LIMIT_CP: i32 = 64;
/// Weight scale of an update: a slot moves `weight / WEIGHT_SCALE` of the way to a new miss.
const WEIGHT_SCALE: i32 = 256;
/// Largest update weight (a deep search's miss replaces half of the slot).
const MAX_WEIGHT: i32 = 128;

/// The misses of the static evaluation by pawn structure, for one search thread.
pub struct CorrectionHistory {
    table: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: vec![0; 2 * ENTRIES],
        }
    }
}

impl CorrectionHistory {
    fn slot(pos: &Position) -> usize {
        let side = match pos.side_to_move() {
            Color::White => 0,
            Color::Black => ENTRIES,
        };
        side + (pawn_structure_key(pos) as usize & (ENTRIES - 1))
    }

    /// The correction for `pos`, in centipawns, from the side to move's point of view.
    #[inline]
    pub fn get(&self, pos: &Position) -> i32 {
        self.table[Self::slot(pos)] / GRAIN
    }

    /// Learns that a search of `depth` plies found `miss` centipawns (search result minus
    /// corrected static evaluation) in `pos`.
    pub fn update(&mut self, pos: &Position, depth: i32, miss: i32) {
        let d = depth.max(1);
        let weight = (d * d + 2 * d + 1).min(MAX_WEIGHT);
        let target = miss.clamp(-LIMIT_CP, LIMIT_CP) * GRAIN;
        let slot = &mut self.table[Self::slot(pos)];
        let moved = (*slot * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
        *slot = moved.clamp(-LIMIT_CP * GRAIN, LIMIT_CP * GRAIN);
    }

    /// Forgets everything, keeping the memory.
    pub fn reset(&mut self) {
        self.table.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(movegen::Variant::Chess, fen).unwrap()
    }

    #[test]
    fn keyed_by_pawns_and_side_only() {
        let a = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let moved_king = pos("3k4/pp6/8/8/8/8/PP6/3K4 w - - 0 1");
        let moved_pawn = pos("4k3/pp6/8/8/8/P7/1P6/4K3 w - - 0 1");
        let black = pos("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1");
        assert_eq!(pawn_structure_key(&a), pawn_structure_key(&moved_king));
        assert_ne!(pawn_structure_key(&a), pawn_structure_key(&moved_pawn));
        let mut h = CorrectionHistory::default();
        h.update(&a, 10, 50);
        assert!(h.get(&a) > 0);
        assert_eq!(h.get(&moved_king), h.get(&a));
        assert_eq!(h.get(&black), 0, "the other side's slot is untouched");
    }

    #[test]
    fn corrections_stay_bounded_and_follow_new_evidence() {
        let a = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let mut h = CorrectionHistory::default();
        for _ in 0..100 {
            h.update(&a, 20, 10_000);
        }
        // Halving the distance each time, the slot ends within a centipawn of the limit.
        assert_eq!(h.get(&a), LIMIT_CP - 1);
        // A shallow miss moves the slot a little, deep ones a lot.
        h.update(&a, 1, -LIMIT_CP);
        let after_shallow = h.get(&a);
        assert!(after_shallow < LIMIT_CP - 1 && after_shallow > LIMIT_CP / 2);
        for _ in 0..20 {
            h.update(&a, 20, -10_000);
        }
        assert_eq!(h.get(&a), -(LIMIT_CP - 1));
        h.reset();
        assert_eq!(h.get(&a), 0);
    }
}

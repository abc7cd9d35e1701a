//! Placeholder exchange test until the real static exchange evaluation lands: a move's victims
//! (and promotion gain), minus the mover when the destination is attacked.

use crate::eval::Evaluator;
use movegen::{Move, Position};

/// Material outcome (centipawns, mover's view) of the exchange that `m` starts (approximate).
pub fn see(pos: &Position, m: Move, eval: &Evaluator) -> i32 {
    let victims: i32 = pos
        .captures(m)
        .iter()
        .flatten()
        .map(|(_, p)| eval.material(p.role))
        .sum();
    let gain = m
        .promotion()
        .map_or(0, |r| eval.material(r) - eval.material(movegen::Role::Pawn));
    let mover = m.promotion().map_or_else(
        || eval.material(pos.moved_piece(m).role),
        |r| eval.material(r),
    );
    let them = pos.side_to_move().opposite();
    if pos.is_attacked(m.to(), them) {
        victims + gain - mover
    } else {
        victims + gain
    }
}

/// `see(pos, m, eval) >= threshold`.
pub fn see_ge(pos: &Position, m: Move, eval: &Evaluator, threshold: i32) -> bool {
    see(pos, m, eval) >= threshold
}

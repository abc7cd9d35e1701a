//! Drops (octopus): a ninja pawn from hand onto an empty square of the side's drop row, or
//! pushed straight on from there over empty squares up to the middle row (RULES.md section 6).
//! A dropped pawn removes nothing, so drops need no reverse attack of their own.

use crate::movegen::MoveSink;
use crate::{Move, MoveKind, Position};

impl Position {
    /// Drops from hand onto the drop rank, optionally pushed up to the middle rank.
    pub(crate) fn drop_moves<S: MoveSink>(&self, list: &mut S) {
        let r = self.rules;
        let us = self.side;
        if self.hand[us.index()] == 0 || r.spec.drops.is_none() {
            return;
        }
        let occ = self.board.occupied();
        let middle = r.middle_row[us.index()];
        for sq in r.drop_zone[us.index()] & !occ {
            list.other_move(Move::new(sq, sq, MoveKind::Drop, None));
            let mut cur = sq;
            while let Some(next) = r.offset(cur, 0, us.forward()).filter(|s| !occ.has(*s)) {
                if (next.row() - middle) * us.forward() > 0 {
                    break;
                }
                list.other_move(Move::new(sq, next, MoveKind::Drop, None));
                cur = next;
            }
        }
    }
}

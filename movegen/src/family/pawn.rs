//! Pawns and ninja pawns (RULES.md section 6): their moves and their captures as a reverse
//! attack. A pawn steps forward (running further from its own half up to the middle row, and
//! in some games two squares in the enemy half), captures one square diagonally forward (and
//! en passant), and promotes on the promotion row; a ninja pawn also steps sideways, capturing
//! sideways in its enemy half. Their moves are generated set-wise, all the pawns of a role at
//! once, by shifts and region masks.

use crate::movegen::{MoveSink, Stage};
use crate::{Bitboard, Color, Move, MoveKind, Position, Role, Rules, Square};

impl Position {
    /// Pushes a pawn move (as promotions on the promotion rank) if `stage` admits it; a
    /// promotion counts as tactical like a capture.
    #[inline]
    fn push_pawn_move<S: MoveSink>(
        &self,
        from: Square,
        to: Square,
        kind: MoveKind,
        capture: bool,
        stage: Stage,
        list: &mut S,
    ) {
        let promotes = self.rules.promotion_zone[self.side.index()].has(to);
        if !stage.admits(capture || promotes) {
            return;
        }
        if promotes {
            for &r in self.rules.spec.promotion {
                list.other_move(Move::new(from, to, MoveKind::Promotion, Some(r)));
            }
        } else {
            list.other_move(Move::new(from, to, kind, None));
        }
    }

    /// The moves of the side to move's `pawns` of `role` (ordinary or ninja pawns, RULES.md
    /// section 6) that `stage` admits, pawn by pawn in ascending square order. Each pawn's moves
    /// come forward moves first, nearest first, then its diagonal captures (lower file first,
    /// en passant in its slot), then a ninja pawn's sideways steps (lower file first).
    ///
    /// The destinations of all the pawns are computed at once, as sets built by shifts and
    /// region masks ([`PawnTargets`]); each pawn then only tests the bits of its own
    /// destinations.
    pub(crate) fn pawn_moves<S: MoveSink>(
        &self,
        role: Role,
        pawns: Bitboard,
        stage: Stage,
        list: &mut S,
    ) {
        let t = PawnTargets::new(self, role, pawns, stage);
        // Destinations as grid-index steps: forward, the two forward diagonals and the two
        // sideways steps, each toward the lower file first.
        let ahead = Square::WIDTH * self.side.forward();
        let diagonals = [ahead - 1, ahead + 1];
        let sideways = [-1, 1];
        let captures = (t.captures[0] | t.captures[1] | t.en_passant[0] | t.en_passant[1]).any();
        let sideways_moves =
            (t.steps[0] | t.steps[1] | t.side_captures[0] | t.side_captures[1]).any();
        for sq in pawns {
            let i = sq.index() as i32;
            if let Some(to) = bit_at(t.single, i + ahead) {
                self.push_pawn_move(sq, to, MoveKind::Normal, false, stage, list);
                let mut j = i + 2 * ahead;
                while let Some(to) = bit_at(t.further, j) {
                    self.push_pawn_move(sq, to, MoveKind::Normal, false, stage, list);
                    j += ahead;
                }
            }
            if captures {
                for (side, d) in diagonals.into_iter().enumerate() {
                    let j = i + d;
                    if let Some(to) = bit_at(t.captures[side], j) {
                        self.push_pawn_move(sq, to, MoveKind::Normal, true, stage, list);
                    } else if let Some(to) = bit_at(t.en_passant[side], j) {
                        // An en-passant capture onto the promotion rank (possible in raptor,
                        // from a pawn on rank 11) promotes like any other pawn move; `effects`
                        // sees the capture from the en-passant square.
                        self.push_pawn_move(sq, to, MoveKind::EnPassant, true, stage, list);
                    }
                }
            }
            if sideways_moves {
                for (side, d) in sideways.into_iter().enumerate() {
                    let j = i + d;
                    if let Some(to) = bit_at(t.steps[side], j) {
                        self.push_pawn_move(sq, to, MoveKind::Normal, false, stage, list);
                    } else if let Some(to) = bit_at(t.side_captures[side], j) {
                        self.push_pawn_move(sq, to, MoveKind::Normal, true, stage, list);
                    }
                }
            }
        }
    }
}

/// The destinations of a set of pawns of one role, each a set of squares; see
/// [`Position::pawn_moves`]. A set may leave out moves of the stage it was built for that the
/// stage rejects, never one it admits.
struct PawnTargets {
    /// One square forward, empty.
    single: Bitboard,
    /// Every forward move after the first: the rest of a run from below the middle row, and the
    /// second step in the enemy half. A pawn's further moves are the squares of this set
    /// directly ahead of its single step, in a row without a gap.
    further: Bitboard,
    /// Captures onto an enemy piece, diagonally forward toward the lower and the higher file.
    captures: [Bitboard; 2],
    /// En-passant captures diagonally forward toward the lower and the higher file.
    en_passant: [Bitboard; 2],
    /// Ninja pawns' sideways steps onto an empty square, toward the lower and the higher file.
    steps: [Bitboard; 2],
    /// Ninja pawns' sideways captures (enemy half), toward the lower and the higher file.
    side_captures: [Bitboard; 2],
}

impl PawnTargets {
    /// The destinations of the side to move's `pawns` of `role` in `pos`, for `stage`.
    #[inline(always)]
    fn new(pos: &Position, role: Role, pawns: Bitboard, stage: Stage) -> PawnTargets {
        let r = pos.rules;
        let us = pos.side;
        let c = us.index();
        let exists = r.exists;
        let enemy = pos.board.color(us.opposite());
        let empty = exists & !pos.board.occupied();
        let promotion = r.promotion_zone[c];
        let white = us == crate::Color::White;
        // Every set below is cut down to `empty`, `enemy` or the en-passant squares, all within
        // `exists`: no shift leaves the variant's board, whatever its shape.
        let ahead = |b: Bitboard| if white { b.up() } else { b.down() };
        // Forward: one step onto an empty square; from a square below the middle row, further
        // steps over empty squares up to and including the middle row (each one continues from
        // a square below it); in the enemy half, a second step where the variant allows it.
        let mut single = ahead(pawns) & empty;
        let mut further = Bitboard::EMPTY;
        let mut from = single & r.below_middle[c];
        while from.any() {
            let step = ahead(from) & empty;
            further |= step;
            from = step & r.below_middle[c];
        }
        let double = match role {
            Role::Pawn => r.spec.pawns.pawn_double_in_enemy_half,
            _ => r.spec.pawns.ninja_double_in_enemy_half,
        };
        if double {
            further |= ahead(ahead(pawns & r.enemy_half[c]) & empty) & empty;
        }
        // A forward move is tactical only when it promotes.
        if stage == Stage::Tactical && ((single | further) & promotion).is_empty() {
            single = Bitboard::EMPTY;
            further = Bitboard::EMPTY;
        }
        // Captures, diagonally forward; en passant only by ordinary pawns, onto a square no
        // enemy stands on.
        let mut captures = [Bitboard::EMPTY; 2];
        let mut en_passant = [Bitboard::EMPTY; 2];
        if stage.admits(true) {
            let diagonal = if white {
                [pawns.up_left(), pawns.up_right()]
            } else {
                [pawns.down_left(), pawns.down_right()]
            };
            let ep = if role == Role::Pawn && pos.ep_victim.is_some() {
                pos.ep_squares & !enemy
            } else {
                Bitboard::EMPTY
            };
            captures = diagonal.map(|d| d & enemy);
            en_passant = diagonal.map(|d| d & ep);
        }
        // Ninja pawns: a sideways step onto an empty square, and in the enemy half a sideways
        // capture (the destination's row is the pawn's).
        let mut steps = [Bitboard::EMPTY; 2];
        let mut side_captures = [Bitboard::EMPTY; 2];
        if role == Role::Ninja {
            let side = [pawns.left(), pawns.right()];
            let quiet = match stage {
                Stage::All | Stage::Quiet => empty,
                Stage::Tactical => empty & promotion,
            };
            let capturable = match stage {
                Stage::All | Stage::Tactical => enemy & r.enemy_half[c],
                Stage::Quiet => Bitboard::EMPTY,
            };
            steps = side.map(|s| s & quiet);
            side_captures = side.map(|s| s & capturable);
        }
        PawnTargets {
            single,
            further,
            captures,
            en_passant,
            steps,
            side_captures,
        }
    }
}

/// The square of grid index `i` if `set` holds it (`None` off the grid).
#[inline]
fn bit_at(set: Bitboard, i: i32) -> Option<Square> {
    if (0..Square::COUNT as i32).contains(&i) {
        let sq = Square::new_unchecked(i as u8);
        set.has(sq).then_some(sq)
    } else {
        None
    }
}

/// The roles of this family.
pub(crate) const ROLES: [Role; 2] = [Role::Pawn, Role::Ninja];

/// Pawns (`role` Pawn or Ninja) among `p` of side `by` that capture on `v`: diagonally forward,
/// and sideways for ninja pawns standing in `by`'s enemy half.
pub(crate) fn attackers(rules: &Rules, v: Square, by: Color, role: Role, p: Bitboard) -> Bitboard {
    let t = &rules.tables;
    // Directions (indices into `DIRS`) from `v` back to a pawn capturing it diagonally: down
    // for white, up for black; then the two sideways steps.
    let behind = match by {
        Color::White => [6, 5],
        Color::Black => [7, 4],
    };
    let mut out = Bitboard::EMPTY;
    for d in behind {
        if let Some(s) = t.step(d, v) {
            out |= Bitboard::from_square(s) & p;
        }
    }
    if role == Role::Ninja {
        let sideways = p & rules.enemy_half[by.index()];
        for d in [1, 3] {
            if let Some(s) = t.step(d, v) {
                out |= Bitboard::from_square(s) & sideways;
            }
        }
    }
    out
}

/// The pawns and ninja pawns among the pieces `p` gives per role (of side `by`) that capture
/// on `v`.
#[inline]
pub(crate) fn all_attackers(
    rules: &Rules,
    v: Square,
    by: Color,
    p: impl Fn(Role) -> Bitboard,
) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for role in ROLES {
        let pieces = p(role);
        if pieces.any() {
            out |= attackers(rules, v, by, role, pieces);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::tables::DIRS;

    /// The direction indices `attackers` uses name the steps it means.
    #[test]
    fn pawn_directions_match_dirs() {
        assert_eq!((DIRS[6], DIRS[5]), ((-1, -1), (1, -1)));
        assert_eq!((DIRS[7], DIRS[4]), ((-1, 1), (1, 1)));
        assert_eq!((DIRS[1], DIRS[3]), ((1, 0), (-1, 0)));
    }
}

//! Legal move generation: pseudo-legal moves of every piece, castling and drops, then the
//! legality test "the mover's king is not attacked afterwards" (RULES.md section 6).

use crate::attacks::{is_attacked, is_attacked_after};
use crate::pieces::destinations;
use crate::{Bitboard, Move, MoveKind, MoveList, Position, Role, Square};

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Fills `list` with every legal move.
    pub fn generate_legal(&self, list: &mut MoveList) {
        list.clear();
        self.generate_pseudo_legal(list);
        let us = self.side;
        let king = self.king(us);
        if self.in_check() {
            list.retain(|m| self.is_legal_pseudo(m));
            return;
        }
        // Not in check: a move can only expose the king by moving it, or by changing the
        // occupancy of a square that decides an attack on it. Along the eight lines through the
        // king (sliders, flyers, crooked pieces) those are the squares up to and including the
        // first piece: an arrival before it only blocks, and nothing behind it is seen unless it
        // leaves. Warmachine/elephant pair squares (two away on a line) and snake path squares
        // (knight and two-away diagonal squares) are added in variants with those pieces
        // (`Rules::extra_zone`). Leapers and pawns do not depend on occupancy. The cross-check
        // tests prove this equal to make-and-test.
        let zone = self.king_zone(king);
        // A piece in the zone that moves out of it (landing outside the zone, capturing at most
        // the piece on its destination) changes the occupancy only by emptying its origin and
        // filling a square outside the zone; filling a square never creates an attack except on
        // the warmachine/elephant pair squares, which are in the zone. So such a move is legal
        // when emptying the origin alone leaves the king unattacked, which is tested once per
        // origin square (`vacate_tested`, `vacate_safe`) rather than once per move. Origins
        // that are not safe to empty fall back to the full test (a pinned piece may move along
        // its line). The cross-check tests prove this boundary too.
        let (rules, board) = (self.rules, &self.board);
        let them = us.opposite();
        let occ = board.occupied();
        let enemy = board.color(them);
        let mut vacate_tested = Bitboard::EMPTY;
        let mut vacate_safe = Bitboard::EMPTY;
        list.retain(|m| {
            let (from, to) = (m.from(), m.to());
            let mut touched = Bitboard::from_square(from).with(to);
            let on_ep_square = self.ep_squares.has(to);
            if on_ep_square {
                if let Some(v) = self.ep_victim {
                    touched = touched.with(v);
                }
            }
            let mut jump_capture = false;
            match m.kind() {
                MoveKind::Castle => return self.is_legal_pseudo(m),
                MoveKind::EnPassant | MoveKind::Drop => {
                    return (touched & zone).is_empty() || self.is_legal_pseudo(m);
                }
                MoveKind::Normal | MoveKind::Promotion => {
                    if from == king {
                        return self.is_legal_pseudo(m);
                    }
                    if let Some(role) = self.squares[from.index()].map(|p| p.role) {
                        if let Some(v) = crate::pieces::jump_victim(role, from, to) {
                            touched = touched.with(v);
                            jump_capture = enemy.has(v);
                        }
                    }
                }
            }
            let in_zone = touched & zone;
            if in_zone.is_empty() {
                return true;
            }
            if in_zone == Bitboard::from_square(from) && !jump_capture && !on_ep_square {
                if !vacate_tested.has(from) {
                    vacate_tested = vacate_tested.with(from);
                    let emptied = occ & !Bitboard::from_square(from);
                    if !is_attacked_after(rules, board, king, them, emptied, Bitboard::EMPTY) {
                        vacate_safe = vacate_safe.with(from);
                    }
                }
                if vacate_safe.has(from) {
                    return true;
                }
            }
            self.is_legal_pseudo(m)
        });
    }

    /// Fills `list` with every pseudo-legal move (king safety not yet tested; castling transit
    /// squares are tested by [`Position::is_legal_pseudo`]).
    pub fn generate_pseudo_legal(&self, list: &mut MoveList) {
        self.generate_stage(Stage::All, list);
    }

    /// Appends the pseudo-legal moves of one [`Stage`], in the order
    /// [`Position::generate_pseudo_legal`] gives them.
    pub(crate) fn generate_stage(&self, stage: Stage, list: &mut MoveList) {
        let us = self.side;
        let t = &self.rules.tables;
        let occ = self.board.occupied();
        let own = self.board.color(us);
        let enemy = occ & !own;
        for role in self.rules.spec.roles {
            let pieces = self.board.pieces(us, *role);
            if pieces.is_empty() {
                continue;
            }
            match role {
                Role::Pawn | Role::Ninja => {
                    for sq in pieces {
                        self.pawn_moves(*role, sq, stage, list);
                    }
                }
                _ => {
                    let jumps = crate::pieces::captures_by_jumping(*role);
                    for sq in pieces {
                        let dests = destinations(t, *role, sq, occ, own);
                        if stage == Stage::All {
                            for to in dests {
                                list.push(Move::normal(sq, to));
                            }
                            continue;
                        }
                        for to in dests {
                            let capture = enemy.has(to)
                                || (jumps
                                    && crate::pieces::jump_victim(*role, sq, to)
                                        .is_some_and(|v| enemy.has(v)));
                            if stage.admits(capture) {
                                list.push(Move::normal(sq, to));
                            }
                        }
                    }
                }
            }
        }
        if stage.admits(false) {
            self.castling_moves(list);
            self.drop_moves(list);
        }
    }

    /// Is a pseudo-legal move of this position legal?
    pub fn is_legal_pseudo(&self, m: Move) -> bool {
        let us = self.side;
        let them = us.opposite();
        if m.kind() == MoveKind::Castle && !self.castle_path_safe(m.from(), m.to()) {
            return false;
        }
        let e = self.effects(m);
        let mut occ = self.board.occupied();
        let mut removed = Bitboard::EMPTY;
        for (sq, _) in e.victims.iter().flatten() {
            removed = removed.with(*sq);
        }
        occ &= !removed;
        if m.kind() != MoveKind::Drop {
            occ &= !Bitboard::from_square(m.from());
        }
        if let Some((rf, rt)) = e.rook {
            occ = (occ & !Bitboard::from_square(rf)).with(rt);
        }
        occ = occ.with(m.to());
        let king = if e.placed.role == Role::King {
            m.to()
        } else {
            self.king(us)
        };
        !is_attacked_after(self.rules, &self.board, king, them, occ, removed)
    }

    /// Is `m` a legal move here? Accepts any [`Move`] value (for hash-table moves): a
    /// pseudo-legal move ([`Position::is_pseudo_legal`]) that leaves the king safe.
    pub fn is_legal(&self, m: Move) -> bool {
        self.is_pseudo_legal(m) && self.is_legal_pseudo(m)
    }

    /// Pushes a pawn move (as promotions on the promotion rank) if `stage` admits it; a
    /// promotion counts as tactical like a capture.
    fn push_pawn_move(
        &self,
        from: Square,
        to: Square,
        kind: MoveKind,
        capture: bool,
        stage: Stage,
        list: &mut MoveList,
    ) {
        let promotes = self.rules.promotion_zone[self.side.index()].has(to);
        if !stage.admits(capture || promotes) {
            return;
        }
        if promotes {
            for &r in self.rules.spec.promotion {
                list.push(Move::new(from, to, MoveKind::Promotion, Some(r)));
            }
        } else {
            list.push(Move::new(from, to, kind, None));
        }
    }

    /// Ordinary and ninja pawn moves of the pawn on `sq` that `stage` admits (RULES.md section 6).
    pub(crate) fn pawn_moves(&self, role: Role, sq: Square, stage: Stage, list: &mut MoveList) {
        let r = self.rules;
        let us = self.side;
        let fwd = us.forward();
        let occ = self.board.occupied();
        let enemy = self.board.color(us.opposite());
        let middle = r.middle_row[us.index()];
        let below_middle = r.is_below_middle(us, sq);
        let in_enemy_half = r.enemy_half[us.index()].has(sq);
        // Forward moves over empty squares.
        let mut cur = sq;
        let mut steps = 0;
        while let Some(next) = r.offset(cur, 0, fwd).filter(|s| !occ.has(*s)) {
            let within_own_run = below_middle && (next.row() - middle) * fwd <= 0;
            let double_in_enemy_half = in_enemy_half
                && steps == 1
                && match role {
                    Role::Pawn => r.spec.pawns.pawn_double_in_enemy_half,
                    _ => r.spec.pawns.ninja_double_in_enemy_half,
                };
            if steps == 0 || within_own_run || double_in_enemy_half {
                self.push_pawn_move(sq, next, MoveKind::Normal, false, stage, list);
            } else {
                break;
            }
            steps += 1;
            cur = next;
        }
        // Diagonal captures (and en passant for ordinary pawns).
        for df in [-1, 1] {
            if let Some(to) = r.offset(sq, df, fwd) {
                if enemy.has(to) {
                    self.push_pawn_move(sq, to, MoveKind::Normal, true, stage, list);
                } else if role == Role::Pawn && self.ep_squares.has(to) && self.ep_victim.is_some()
                {
                    // An en-passant capture onto the promotion rank (possible in raptor, from a
                    // pawn on rank 11) promotes like any other pawn move; `effects` sees the
                    // capture from the en-passant square.
                    self.push_pawn_move(sq, to, MoveKind::EnPassant, true, stage, list);
                }
            }
        }
        if role == Role::Ninja {
            for df in [-1, 1] {
                if let Some(to) = r.offset(sq, df, 0) {
                    if !occ.has(to) || (in_enemy_half && enemy.has(to)) {
                        let capture = enemy.has(to);
                        self.push_pawn_move(sq, to, MoveKind::Normal, capture, stage, list);
                    }
                }
            }
        }
    }

    /// Castling candidates: right held, squares strictly between king and rook empty.
    pub(crate) fn castling_moves(&self, list: &mut MoveList) {
        let r = self.rules;
        let us = self.side;
        let c = &r.spec.castling;
        let king = r.king_home[us.index()];
        if self.king(us) != king {
            return;
        }
        let occ = self.board.occupied();
        for side in 0..2 {
            if self.castling & crate::position::castle_bit(us, side) == 0 {
                continue;
            }
            let rook = r.rook_home[us.index()][side];
            if self.piece_at(rook) != Some(crate::Piece::new(us, Role::Rook)) {
                continue;
            }
            if (between(king, rook) & occ).any() {
                continue;
            }
            for &file in c.king_destinations[side] {
                if let Some(to) = Square::from_coords(file, king.row()) {
                    list.push(Move::new(king, to, MoveKind::Castle, None));
                }
            }
        }
    }

    /// The king is not attacked, and would not be on any square it passes over (with its origin
    /// empty and the rook still home).
    fn castle_path_safe(&self, from: Square, to: Square) -> bool {
        let us = self.side;
        let them = us.opposite();
        if self.is_attacked(from, them) {
            return false;
        }
        let king = crate::Piece::new(us, Role::King);
        for sq in between(from, to) {
            let mut b = self.board;
            b.remove(from, king);
            b.put(sq, king);
            if is_attacked(self.rules, &b, sq, them) {
                return false;
            }
        }
        true
    }

    /// Drops from hand onto the drop rank, optionally pushed up to the middle rank.
    pub(crate) fn drop_moves(&self, list: &mut MoveList) {
        let r = self.rules;
        let us = self.side;
        if self.hand[us.index()] == 0 || r.spec.drops.is_none() {
            return;
        }
        let occ = self.board.occupied();
        let middle = r.middle_row[us.index()];
        for sq in r.drop_zone[us.index()] & !occ {
            list.push(Move::new(sq, sq, MoveKind::Drop, None));
            let mut cur = sq;
            while let Some(next) = r.offset(cur, 0, us.forward()).filter(|s| !occ.has(*s)) {
                if (next.row() - middle) * us.forward() > 0 {
                    break;
                }
                list.push(Move::new(sq, next, MoveKind::Drop, None));
                cur = next;
            }
        }
    }
}

/// Which pseudo-legal moves a generation pass produces.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Stage {
    /// Every pseudo-legal move.
    All,
    /// Tactical moves: those that capture something (by landing, jumping, flying over or en
    /// passant) and every promotion.
    Tactical,
    /// Every other move: quiet piece and pawn moves, castling, drops.
    Quiet,
}

impl Stage {
    /// Does this stage produce a move that is tactical (`true`) or quiet (`false`)?
    #[inline]
    pub(crate) fn admits(self, tactical: bool) -> bool {
        match self {
            Stage::All => true,
            Stage::Tactical => tactical,
            Stage::Quiet => !tactical,
        }
    }
}

/// Squares strictly between two squares of one rank.
fn between(a: Square, b: Square) -> Bitboard {
    let (lo, hi) = if a.file() < b.file() { (a, b) } else { (b, a) };
    ((lo.file() + 1)..hi.file())
        .filter_map(|f| Square::from_coords(f, a.row()))
        .collect()
}

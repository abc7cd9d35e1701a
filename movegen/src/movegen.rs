//! Legal move generation: pseudo-legal moves of every piece, castling and drops, each passed to
//! a [`MoveSink`]; [`LegalSink`] keeps those after which the mover's king is not attacked
//! (RULES.md section 6), deciding most of them from the king's zone without a test.

use crate::attacks::{is_attacked, is_attacked_after};
use crate::pieces::{captures_by_jumping, destinations, jump_victim};
use crate::{Bitboard, Move, MoveKind, MoveList, Position, Role, Square};

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Fills `list` with every legal move, in the order of [`Position::generate_pseudo_legal`].
    pub fn generate_legal(&self, list: &mut MoveList) {
        list.clear();
        let mut sink = LegalSink::new(self, list);
        self.generate_stage(Stage::All, &mut sink);
    }

    /// Fills `list` with every pseudo-legal move (king safety not yet tested; castling transit
    /// squares are tested by [`Position::is_legal_pseudo`]).
    pub fn generate_pseudo_legal(&self, list: &mut MoveList) {
        self.generate_stage(Stage::All, list);
    }

    /// Appends the pseudo-legal moves of one [`Stage`], in the order
    /// [`Position::generate_pseudo_legal`] gives them.
    pub(crate) fn generate_stage<S: MoveSink>(&self, stage: Stage, list: &mut S) {
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
                    let jumps = captures_by_jumping(*role);
                    for sq in pieces {
                        let dests = destinations(t, *role, sq, occ, own);
                        if stage == Stage::All {
                            for to in dests {
                                list.piece_move(*role, sq, to);
                            }
                            continue;
                        }
                        for to in dests {
                            let capture = enemy.has(to)
                                || (jumps
                                    && jump_victim(*role, sq, to).is_some_and(|v| enemy.has(v)));
                            if stage.admits(capture) {
                                list.piece_move(*role, sq, to);
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

    /// Ordinary and ninja pawn moves of the pawn on `sq` that `stage` admits (RULES.md section 6).
    pub(crate) fn pawn_moves<S: MoveSink>(
        &self,
        role: Role,
        sq: Square,
        stage: Stage,
        list: &mut S,
    ) {
        let r = self.rules;
        let t = &r.tables;
        let us = self.side;
        let fwd = us.forward();
        // Directions (indices into `DIRS`): forward, then the two forward diagonals and the two
        // sideways steps, each toward the lower file first.
        let (ahead, diagonals) = if fwd > 0 { (0, [7, 4]) } else { (2, [6, 5]) };
        const SIDEWAYS: [usize; 2] = [3, 1];
        let occ = self.board.occupied();
        let enemy = self.board.color(us.opposite());
        let middle = r.middle_row[us.index()];
        let below_middle = r.is_below_middle(us, sq);
        let in_enemy_half = r.enemy_half[us.index()].has(sq);
        // Forward moves over empty squares.
        let mut cur = sq;
        let mut steps = 0;
        while let Some(next) = t.step(ahead, cur).filter(|s| !occ.has(*s)) {
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
        for dir in diagonals {
            if let Some(to) = t.step(dir, sq) {
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
            for dir in SIDEWAYS {
                if let Some(to) = t.step(dir, sq) {
                    if !occ.has(to) || (in_enemy_half && enemy.has(to)) {
                        let capture = enemy.has(to);
                        self.push_pawn_move(sq, to, MoveKind::Normal, capture, stage, list);
                    }
                }
            }
        }
    }

    /// Castling candidates: right held, squares strictly between king and rook empty.
    pub(crate) fn castling_moves<S: MoveSink>(&self, list: &mut S) {
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
                    list.other_move(Move::new(king, to, MoveKind::Castle, None));
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

/// Where generation passes put their moves: a plain [`MoveList`], or [`LegalSink`], which keeps
/// only the legal ones.
pub(crate) trait MoveSink {
    /// A normal move of a non-pawn piece of `role`.
    fn piece_move(&mut self, role: Role, from: Square, to: Square);
    /// Any other move: pawn moves, castling, drops.
    fn other_move(&mut self, m: Move);
}

impl MoveSink for MoveList {
    #[inline]
    fn piece_move(&mut self, _role: Role, from: Square, to: Square) {
        self.push(Move::normal(from, to));
    }

    #[inline]
    fn other_move(&mut self, m: Move) {
        self.push(m);
    }
}

/// A sink that keeps the legal moves among the pseudo-legal ones it is given, deciding each as
/// it arrives (so legal generation is one pass, in pseudo-legal order).
///
/// Out of check a move can only expose the king by moving it, or by changing the occupancy of a square that decides
/// an attack on it (the king's zone, [`Position::king_zone`]). Along the eight lines through
/// the king (sliders, flyers, crooked pieces) those are the squares up to and including the
/// first piece: an arrival before it only blocks, and nothing behind it is seen unless it
/// leaves. Warmachine/elephant pair squares (two away on a line) and snake path squares (knight
/// and two-away diagonal squares) are added in variants with those pieces
/// (`Rules::extra_zone`). Leapers and pawns do not depend on occupancy.
///
/// A piece in the zone that moves out of it (landing outside the zone, capturing at most the
/// piece on its destination) changes the occupancy only by emptying its origin and filling a
/// square outside the zone; filling a square never creates an attack except on the pair
/// squares, which are in the zone. So such a move is legal when emptying the origin alone leaves
/// the king unattacked, which is tested once per origin square rather than once per move.
/// Origins that are not safe to empty fall back to the full test (a pinned piece may move along
/// its line).
///
/// In check, the same zone gives the evasion mask: a move other than the king's that captures
/// nothing and changes no occupancy in the zone cannot end the check; every other move takes the
/// full test. The cross-check tests prove all of this equal to make-and-test.
pub(crate) struct LegalSink<'a> {
    pos: &'a Position,
    list: &'a mut MoveList,
    in_check: bool,
    king: Square,
    zone: Bitboard,
    /// Out of check, the squares outside the zone (empty in check).
    quiet_from: Bitboard,
    /// [`LegalSink::quiet_from`] without the en-passant squares.
    quiet_to: Bitboard,
    enemy: Bitboard,
    /// Origins whose emptying has been tested, and those found safe to empty.
    vacate_tested: Bitboard,
    vacate_safe: Bitboard,
}

impl<'a> LegalSink<'a> {
    /// A sink for the legal moves of `pos`, appending to `list`.
    pub(crate) fn new(pos: &'a Position, list: &'a mut MoveList) -> LegalSink<'a> {
        let king = pos.king(pos.side);
        let in_check = pos.in_check();
        let zone = pos.king_zone(king);
        let quiet_from = if in_check { Bitboard::EMPTY } else { !zone };
        LegalSink {
            pos,
            list,
            in_check,
            king,
            zone,
            quiet_from,
            quiet_to: quiet_from & !pos.ep_squares,
            enemy: pos.board.color(pos.side.opposite()),
            vacate_tested: Bitboard::EMPTY,
            vacate_safe: Bitboard::EMPTY,
        }
    }

    /// The common case, decided without a test: out of check, a move that cannot capture on a
    /// second square, with its origin and destination outside the zone (and the destination not
    /// an en-passant square).
    #[inline(always)]
    fn plainly_legal(&self, from: Square, to: Square, jumps: bool) -> bool {
        !jumps && self.quiet_from.has(from) && self.quiet_to.has(to)
    }

    /// Is the pseudo-legal move `m` legal? `role` is the moving piece's role, when it is a
    /// normal move of a non-pawn piece.
    #[inline(never)]
    fn is_legal(&mut self, m: Move, role: Option<Role>) -> bool {
        let pos = self.pos;
        let (from, to) = (m.from(), m.to());
        let kind = m.kind();
        let role = role.or_else(|| pos.squares[from.index()].map(|p| p.role));
        if kind == MoveKind::Castle
            || (from == self.king && matches!(kind, MoveKind::Normal | MoveKind::Promotion))
        {
            return pos.is_legal_pseudo(m);
        }
        let mut touched = Bitboard::from_square(from).with(to);
        let on_ep_square = pos.ep_squares.has(to);
        if on_ep_square {
            if let Some(v) = pos.ep_victim {
                touched = touched.with(v);
            }
        }
        let mut jump_capture = false;
        if matches!(kind, MoveKind::Normal | MoveKind::Promotion) {
            if let Some(v) = role.and_then(|r| jump_victim(r, from, to)) {
                touched = touched.with(v);
                jump_capture = self.enemy.has(v);
            }
        }
        let in_zone = touched & self.zone;
        if self.in_check {
            // Evasion mask: occupancy outside the zone does not decide any attack on the king,
            // so a move that changes none inside it and captures nothing leaves every attack on
            // the king standing.
            let captures = jump_capture || on_ep_square || self.enemy.has(to);
            return (in_zone.any() || captures) && pos.is_legal_pseudo(m);
        }
        if in_zone.is_empty() {
            return true;
        }
        if matches!(kind, MoveKind::EnPassant | MoveKind::Drop) {
            return pos.is_legal_pseudo(m);
        }
        if in_zone == Bitboard::from_square(from) && !jump_capture && !on_ep_square {
            if !self.vacate_tested.has(from) {
                self.vacate_tested = self.vacate_tested.with(from);
                let them = pos.side.opposite();
                let emptied = pos.board.occupied() & !Bitboard::from_square(from);
                let b = &pos.board;
                if !is_attacked_after(pos.rules, b, self.king, them, emptied, Bitboard::EMPTY) {
                    self.vacate_safe = self.vacate_safe.with(from);
                }
            }
            if self.vacate_safe.has(from) {
                return true;
            }
        }
        pos.is_legal_pseudo(m)
    }
}

impl MoveSink for LegalSink<'_> {
    #[inline]
    fn piece_move(&mut self, role: Role, from: Square, to: Square) {
        let m = Move::normal(from, to);
        if self.plainly_legal(from, to, captures_by_jumping(role)) || self.is_legal(m, Some(role)) {
            self.list.push(m);
        }
    }

    #[inline]
    fn other_move(&mut self, m: Move) {
        // A normal move here is a pawn's, which never captures on a second square.
        let plain = m.kind() == MoveKind::Normal && self.plainly_legal(m.from(), m.to(), false);
        if plain || self.is_legal(m, None) {
            self.list.push(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::tables::DIRS;

    /// The direction indices `pawn_moves` uses name the steps it means.
    #[test]
    fn pawn_directions_match_dirs() {
        assert_eq!((DIRS[0], DIRS[7], DIRS[4]), ((0, 1), (-1, 1), (1, 1)));
        assert_eq!((DIRS[2], DIRS[6], DIRS[5]), ((0, -1), (-1, -1), (1, -1)));
        assert_eq!((DIRS[3], DIRS[1]), ((-1, 0), (1, 0)));
    }
}

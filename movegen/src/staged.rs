//! The move source of the search: generation by stage (tactical moves, quiet moves, evasions),
//! "is this hash or killer move still playable here" ([`Position::is_pseudo_legal`]) and
//! [`Position::gives_check`].
//!
//! Stages partition the pseudo-legal moves: out of check, [`Position::generate_captures`] and
//! [`Position::generate_quiets`] together give exactly the moves of
//! [`Position::generate_pseudo_legal`], each once; the legal ones among them are those
//! [`Position::is_legal_pseudo`] accepts. In check, [`Position::generate_evasions`] gives the
//! legal moves directly. The staged tests in `tests/staged.rs` prove both against full legal
//! generation and perft.

use crate::attacks::{is_attacked, is_attacked_after};
use crate::family::destinations;
use crate::movegen::{LegalSink, Stage};
use crate::{Board, Move, MoveKind, MoveList, Piece, Position, Role};

impl Position {
    /// Appends the pseudo-legal tactical moves: every move that captures (by landing, by a
    /// warrior's or guard's jump, by a flyer's fly-over or jump, en passant), and every
    /// promotion, captures or not. King safety is not yet tested: filter with
    /// [`Position::is_legal_pseudo`].
    pub fn generate_captures(&self, list: &mut MoveList) {
        self.generate_stage(Stage::Tactical, list);
    }

    /// Appends the pseudo-legal moves that neither capture nor promote, castling and drops
    /// included. King safety is not yet tested: filter with [`Position::is_legal_pseudo`].
    pub fn generate_quiets(&self, list: &mut MoveList) {
        self.generate_stage(Stage::Quiet, list);
    }

    /// Appends the legal moves of a position whose side to move is in check (out of check it
    /// appends every legal move as well). Unlike the other stages, the moves need no further
    /// legality test.
    pub fn generate_evasions(&self, list: &mut MoveList) {
        let mut sink = LegalSink::new(self, list);
        self.generate_stage(Stage::All, &mut sink);
    }

    /// Is `m` a pseudo-legal move of this position, i.e. one that
    /// [`Position::generate_pseudo_legal`] generates? Accepts any [`Move`] value (for hash and
    /// killer moves) and never panics.
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        let r = self.rules;
        let (from, to) = (m.from(), m.to());
        if !r.has(from) || !r.has(to) {
            return false;
        }
        let mut list = MoveList::new();
        match m.kind() {
            MoveKind::Drop => self.drop_moves(&mut list),
            MoveKind::Castle => self.castling_moves(&mut list),
            MoveKind::Normal | MoveKind::Promotion | MoveKind::EnPassant => {
                let us = self.side;
                let Some(p) = self.squares[from.index()].filter(|p| p.color == us) else {
                    return false;
                };
                if !p.role.is_pawnlike() {
                    let own = self.board.color(us);
                    return m.kind() == MoveKind::Normal
                        && destinations(&r.tables, p.role, from, self.board.occupied(), own)
                            .has(to);
                }
                self.pawn_moves(
                    p.role,
                    crate::Bitboard::from_square(from),
                    Stage::All,
                    &mut list,
                );
            }
        }
        list.contains(m)
    }

    /// Does the pseudo-legal move `m` give check (attack the opponent's king once made)?
    ///
    /// Fast path: when the move is not castling and none of the squares it empties or fills
    /// (origin, destination, captured pieces) can decide an attack on the opponent's king (the
    /// king's lines up to the first piece, plus the warmachine/elephant pair and snake path
    /// squares, the same zone the legality filter uses), no other piece's attack changes, so
    /// only the moved piece on its destination is tested. Otherwise (castling, discovered
    /// attacks through the zone) the whole board after the move is tested. For a move that is
    /// not pseudo-legal the answer is meaningless but it does not panic.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let them = us.opposite();
        let king = self.king(them);
        let e = self.effects(m);
        let occ = self.board.occupied();
        let (from, to) = (m.from(), m.to());
        let mut touched = crate::Bitboard::from_square(to);
        if m.kind() != MoveKind::Drop {
            touched = touched.with(from);
        }
        for (sq, _) in e.victims.iter().flatten() {
            touched = touched.with(*sq);
        }
        let mut after = occ & !touched;
        after = after.with(to);
        if e.rook.is_none() && (touched & self.king_zone(king)).is_empty() {
            let mut alone = Board::empty();
            alone.put(to, e.placed);
            return is_attacked_after(self.rules, &alone, king, us, after, crate::Bitboard::EMPTY);
        }
        is_attacked(self.rules, &self.board_after(m, &e), king, us)
    }

    /// The squares whose occupancy can decide an attack on a king on `king`: its eight lines up
    /// to and including the first piece, plus the variant's extra zone.
    pub(crate) fn king_zone(&self, king: crate::Square) -> crate::Bitboard {
        let t = &self.rules.tables;
        let occ = self.board.occupied();
        t.rook(king, occ) | t.bishop(king, occ) | self.rules.extra_zone[king.index()]
    }

    /// The piece placement after `m` (with its effects `e`), without touching the position.
    fn board_after(&self, m: Move, e: &crate::position::Effects) -> Board {
        let us = self.side;
        let mut b = self.board;
        for (sq, p) in e.victims.iter().flatten() {
            b.remove(*sq, *p);
        }
        if m.kind() != MoveKind::Drop {
            b.remove(m.from(), e.moved);
        }
        let rook = Piece::new(us, Role::Rook);
        if let Some((rf, _)) = e.rook {
            b.remove(rf, rook);
        }
        b.put(m.to(), e.placed);
        if let Some((_, rt)) = e.rook {
            b.put(rt, rook);
        }
        b
    }
}

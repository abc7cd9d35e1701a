//! Legal move generation: pseudo-legal moves of every piece, castling and drops, each passed to
//! a [`MoveSink`]; [`LegalSink`] keeps those after which the mover's king is not attacked
//! (RULES.md section 6), deciding most of them from the king's zone without a test.

use crate::attacks::{is_attacked, is_attacked_after};
use crate::check_state::{evasion_targets, odd_pieces};
use crate::family::slider::pin_segment;
use crate::family::{captures_by_jumping, destinations, is_odd, jump_victim, odd_zone};
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

    /// Appends the pseudo-legal moves of the side to move's pieces of `role` that `stage`
    /// admits, in square order. Always inlined: the per-game code paths of
    /// [`crate::specialise`] call it with a constant role, so its role tests fold away there.
    #[inline(always)]
    pub(crate) fn generate_role<S: MoveSink>(&self, role: Role, stage: Stage, list: &mut S) {
        let us = self.side;
        let pieces = self.board.pieces(us, role);
        if pieces.is_empty() {
            return;
        }
        if role.is_pawnlike() {
            self.pawn_moves(role, pieces, stage, list);
            return;
        }
        let t = &self.rules.tables;
        let occ = self.board.occupied();
        let own = self.board.color(us);
        let enemy = occ & !own;
        let jumps = captures_by_jumping(role);
        for sq in pieces {
            let dests = destinations(t, role, sq, occ, own);
            if stage == Stage::All {
                for to in dests {
                    list.piece_move(role, sq, to);
                }
                continue;
            }
            for to in dests {
                let capture = enemy.has(to)
                    || (jumps && jump_victim(role, sq, to).is_some_and(|v| enemy.has(v)));
                if stage.admits(capture) {
                    list.piece_move(role, sq, to);
                }
            }
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

/// How [`LegalSink`] treats the non-king moves of a position, from its recorded checkers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum CheckMode {
    /// Not in check.
    Free,
    /// In check by one plain piece: a move must land on one of these squares (the checker's,
    /// or between it and the king for a slider).
    Evade(Bitboard),
    /// Double check, or check by an odd piece: every candidate takes the full test.
    Fallback,
}

/// A sink that keeps the legal moves among the pseudo-legal ones it is given, deciding each as
/// it arrives (so legal generation is one pass, in pseudo-legal order).
///
/// Most moves are decided by masks from the recorded checkers and pins and the king's odd zone;
/// [`crate::check_state`]'s module documentation states exactly when, and when a move takes the
/// full reverse-attack test instead. The cross-check tests prove the result equal to
/// make-and-test.
///
/// The king's zone ([`Position::king_zone`], its lines up to the first piece plus the
/// variant's extra zone) holds every square whose occupancy can decide an attack on it; a move
/// that removes a second piece (jump, fly-over, en passant) is decided by the full test when it
/// touches the zone, and needs no test when it does not (and no other test forbids it).
pub(crate) struct LegalSink<'a> {
    pos: &'a Position,
    list: &'a mut MoveList,
    mode: CheckMode,
    king: Square,
    /// The king's zone (lines up to the first piece plus the extra zone), computed when a move
    /// first needs it ([`LegalSink::zone`]).
    zone: Option<Bitboard>,
    /// Squares whose occupancy can decide an attack by the enemy's odd pieces.
    odd_zone: Bitboard,
    /// Those of them where filling a square or capturing on it can create such an attack.
    odd_fill: Bitboard,
    /// Origins from which a move needs no test: not the king, not pinned, outside the odd zone
    /// (empty in double or odd check).
    free_from: Bitboard,
    /// Destinations a move from [`LegalSink::free_from`] may reach without a test: outside the
    /// odd zone's fill part and the en-passant squares, and answering the check when there is
    /// one.
    free_to: Bitboard,
    pinned: Bitboard,
    enemy: Bitboard,
    /// Origins whose emptying has been tested, and those found safe to empty.
    vacate_tested: Bitboard,
    vacate_safe: Bitboard,
}

impl<'a> LegalSink<'a> {
    /// A sink for the legal moves of `pos`, appending to `list`.
    pub(crate) fn new(pos: &'a Position, list: &'a mut MoveList) -> LegalSink<'a> {
        let r = pos.rules;
        let us = pos.side;
        let king = pos.king(us);
        let checkers = pos.check.checkers;
        let mode = match checkers.lsb() {
            None => CheckMode::Free,
            Some(c) if checkers.count() == 1 => match pos.squares[c.index()] {
                Some(p) if !is_odd(p.role) => {
                    CheckMode::Evade(evasion_targets(r, &pos.board, king, c))
                }
                _ => CheckMode::Fallback,
            },
            Some(_) => CheckMode::Fallback,
        };
        let odd = odd_pieces(r, &pos.board, us.opposite());
        let zone = odd_zone(r, &pos.board, king, odd);
        let pinned = pos.check.pinned;
        let (free_from, targets) = match mode {
            CheckMode::Free => (!(zone.all | pinned), !Bitboard::EMPTY),
            CheckMode::Evade(targets) => (!(zone.all | pinned), targets),
            CheckMode::Fallback => (Bitboard::EMPTY, Bitboard::EMPTY),
        };
        LegalSink {
            pos,
            list,
            mode,
            king,
            zone: None,
            odd_zone: zone.all,
            odd_fill: zone.fill,
            free_from: free_from.without(Bitboard::from_square(king)),
            free_to: targets & !zone.fill & !pos.ep_squares,
            pinned,
            enemy: pos.board.color(us.opposite()),
            vacate_tested: Bitboard::EMPTY,
            vacate_safe: Bitboard::EMPTY,
        }
    }

    /// The king's zone ([`Position::king_zone`]), computed once per sink.
    #[inline]
    fn zone(&mut self) -> Bitboard {
        *self
            .zone
            .get_or_insert_with(|| self.pos.king_zone(self.king))
    }

    /// The common case, decided without a test: a move that cannot capture on a second square,
    /// from a free origin to a free destination.
    #[inline(always)]
    fn plainly_legal(&self, from: Square, to: Square, jumps: bool) -> bool {
        !jumps && self.free_from.has(from) && self.free_to.has(to)
    }

    /// Is the pseudo-legal move `m` legal? `role` is the moving piece's role, when it is a
    /// normal move of a non-pawn piece.
    #[inline(never)]
    fn is_legal(&mut self, m: Move, role: Option<Role>) -> bool {
        let pos = self.pos;
        let (from, to) = (m.from(), m.to());
        let kind = m.kind();
        let drop = kind == MoveKind::Drop;
        if kind == MoveKind::Castle || (from == self.king && !drop) {
            return pos.is_legal_pseudo(m);
        }
        let role = role.or_else(|| pos.squares[from.index()].map(|p| p.role));
        // The squares whose contents the move changes, and its second victim if any.
        let mut touched = Bitboard::from_square(to);
        if !drop {
            touched = touched.with(from);
        }
        let mut second_victim = false;
        if pos.ep_squares.has(to) {
            if let Some(v) = pos.ep_victim {
                touched = touched.with(v);
                second_victim = true;
            }
        }
        if matches!(kind, MoveKind::Normal | MoveKind::Promotion) {
            if let Some(v) = role.and_then(|r| jump_victim(r, from, to)) {
                if self.enemy.has(v) {
                    touched = touched.with(v);
                    second_victim = true;
                }
            }
        }
        let targets = match self.mode {
            CheckMode::Fallback => {
                // Occupancy outside the zone does not decide any attack on the king, so a move
                // that changes none inside it and captures nothing leaves every attack standing.
                let captures = second_victim || self.enemy.has(to);
                return ((touched & self.zone()).any() || captures) && pos.is_legal_pseudo(m);
            }
            CheckMode::Evade(targets) => Some(targets),
            CheckMode::Free => None,
        };
        if second_victim {
            if targets.is_some() || (touched & self.zone()).any() {
                return pos.is_legal_pseudo(m);
            }
            // Out of check, nothing in the zone changes: every attack stays as it is (none).
            return true;
        }
        if targets.is_some_and(|t| !t.has(to)) {
            // The single plain checker is neither captured nor blocked.
            return false;
        }
        if !drop && self.pinned.has(from) {
            let occ = pos.board.occupied();
            if !pin_segment(&pos.rules.tables, occ, self.king, from).has(to) {
                return false;
            }
        }
        // No odd piece attacks the king now (that would be `Fallback`). Emptying a square of
        // the odd zone may expose the king; filling one outside its fill part only blocks.
        let mut odd_hit = Bitboard::from_square(to) & self.odd_fill;
        if !drop {
            odd_hit |= Bitboard::from_square(from) & self.odd_zone;
        }
        if odd_hit.is_empty() {
            return true;
        }
        if targets.is_none() && !drop && odd_hit == Bitboard::from_square(from) {
            // Only the origin is in the odd zone: filling a square outside it can only block,
            // so the move is legal when emptying the origin alone exposes nothing.
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
        // Pawn moves never capture on a second square except en passant, whose destination is
        // never free; a drop empties no origin.
        let plain = match m.kind() {
            MoveKind::Normal | MoveKind::Promotion => self.plainly_legal(m.from(), m.to(), false),
            MoveKind::Drop => self.free_to.has(m.to()) && self.mode != CheckMode::Fallback,
            _ => false,
        };
        if plain || self.is_legal(m, None) {
            self.list.push(m);
        }
    }
}

//! [`Position`]: board, hand, side to move, castling rights, en passant, clocks, hash and the
//! history needed to unmake moves and detect repetitions.
//!
//! Make/unmake contract: [`Position::make_move`] pushes one [`Undo`] record holding everything
//! that cannot be recomputed cheaply (captured pieces, castling rights, en-passant state, clocks,
//! hash); [`Position::unmake_move`] pops it and restores the position bit for bit. Nothing else is
//! copied. In debug builds both end with [`Position::validate`].

use crate::attacks::is_attacked;
use crate::check_state::CheckState;
use crate::family::jump_victim;
use crate::{zobrist, Bitboard, Board, Color, Move, MoveKind, Piece, Role, Rules, Square, Variant};

/// Castling right bit of a colour and side (0 = queen side / lower file, 1 = king side).
#[inline]
pub const fn castle_bit(color: Color, side: usize) -> u8 {
    1 << (color.index() * 2 + side)
}

/// What a move does to the board, derived from the position before it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Effects {
    /// The piece that moves (or is dropped).
    pub moved: Piece,
    /// The piece that stands on `to` afterwards.
    pub placed: Piece,
    /// Up to two captured pieces.
    pub victims: [Option<(Square, Piece)>; 2],
    /// For castling: rook origin and destination.
    pub rook: Option<(Square, Square)>,
}

/// State saved by [`Position::make_move`].
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    mv: Move,
    effects: Effects,
    castling: u8,
    ep_squares: Bitboard,
    ep_victim: Option<Square>,
    halfmove: u32,
    reversible: u32,
    hash: u64,
    check: CheckState,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// No legal move, king attacked.
    Checkmate,
    /// No legal move, king not attacked.
    Stalemate,
    /// The same position for the third time.
    Repetition,
    /// 100 plies without capture, pawn move or drop.
    FiftyMoves,
    /// Only the two kings are left (and nothing in hand).
    BareKings,
}

impl EndReason {
    /// Short lower-case description.
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "threefold repetition",
            EndReason::FiftyMoves => "100-ply rule",
            EndReason::BareKings => "bare kings",
        }
    }
}

/// A finished game's result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

/// A game position with its history.
#[derive(Clone)]
pub struct Position {
    pub(crate) rules: &'static Rules,
    pub(crate) board: Board,
    pub(crate) squares: [Option<Piece>; Square::COUNT],
    pub(crate) hand: [u8; 2],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    pub(crate) ep_squares: Bitboard,
    pub(crate) ep_victim: Option<Square>,
    pub(crate) halfmove: u32,
    /// Plies since the last move that no later move can undo (a capture, a drop, a pawn or
    /// ninja-pawn move to another row): the stretch in which a position can repeat. Not the
    /// halfmove clock: a ninja pawn's sideways step resets that clock but can be stepped back.
    pub(crate) reversible: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    pub(crate) kings: [Square; 2],
    /// Checkers and pinned pieces of the side to move, kept current by every change of the
    /// position ([`Position::refresh_check_state`]).
    pub(crate) check: CheckState,
    pub(crate) history: Vec<Undo>,
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position({} {})", self.rules.variant, self.to_fen())
    }
}

impl PartialEq for Position {
    /// Equal game states (history ignored).
    fn eq(&self, o: &Position) -> bool {
        self.rules.variant == o.rules.variant
            && self.board == o.board
            && self.squares == o.squares
            && self.hand == o.hand
            && self.side == o.side
            && self.castling == o.castling
            && self.ep_squares == o.ep_squares
            && self.ep_victim == o.ep_victim
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
            && self.hash == o.hash
    }
}

impl Position {
    /// The variant's start position.
    pub fn startpos(variant: Variant) -> Position {
        Position::from_fen(variant, variant.spec().start_fen)
            .expect("built-in start positions are valid")
    }

    /// The variant.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.rules.variant
    }

    /// The variant's rules and tables.
    #[inline]
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    /// Piece placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Pieces in a side's hand (ninja pawns; octopus only).
    #[inline]
    pub fn hand(&self, c: Color) -> u8 {
        self.hand[c.index()]
    }

    /// Side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Castling rights as a 4-bit mask (see [`castle_bit`]).
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// Squares that may be entered en passant on this move.
    #[inline]
    pub fn ep_squares(&self) -> Bitboard {
        self.ep_squares
    }

    /// Plies since the last capture, pawn move or drop.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Full-move number.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Zobrist hash of the game state.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Square of a side's king.
    #[inline]
    pub fn king(&self, c: Color) -> Square {
        self.kings[c.index()]
    }

    /// Number of moves made since the position was set up.
    #[inline]
    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    /// The last move made, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|u| u.mv)
    }

    /// Is the side to move's king attacked? Reads the recorded checkers.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.check.checkers.any()
    }

    /// The enemy pieces attacking the side to move's king (landing on it, flying or jumping
    /// over it), recorded when the position was set up or last changed.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.check.checkers
    }

    /// The side to move's pieces pinned to their king by an enemy rook, bishop or queen: each
    /// is the only piece between the king and that slider on their line. Other pieces can be
    /// tied to the king by flyers, warmachines or crooked pieces; those are not listed here
    /// (see `check_state`'s module documentation).
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.check.pinned
    }

    /// Recomputes [`Position::checkers`] and [`Position::pinned`] from the board.
    pub(crate) fn refresh_check_state(&mut self) {
        let us = self.side;
        self.check = CheckState::compute(self.rules, &self.board, self.king(us), us);
    }

    /// Is `sq` attacked by side `by` on the current board?
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        is_attacked(self.rules, &self.board, sq, by)
    }

    /// Which rights a move touching `sq` removes.
    fn rights_lost_at(&self, sq: Square) -> u8 {
        let r = self.rules;
        let mut lost = 0;
        for c in Color::BOTH {
            if r.king_home[c.index()] == sq {
                lost |= castle_bit(c, 0) | castle_bit(c, 1);
            }
            for side in 0..2 {
                if r.rook_home[c.index()][side] == sq {
                    lost |= castle_bit(c, side);
                }
            }
        }
        lost
    }

    /// Rook origin and destination of a castling move of the side to move.
    pub(crate) fn castle_rook(&self, from: Square, to: Square) -> (Square, Square) {
        let king_side = to.file() > from.file();
        let rook_from = self.rules.rook_home[self.side.index()][king_side as usize];
        let rook_file = if king_side {
            to.file() - 1
        } else {
            to.file() + 1
        };
        let rook_to = Square::from_coords(rook_file, to.row()).unwrap_or(rook_from);
        (rook_from, rook_to)
    }

    /// What `m` (a move generated for this position) does.
    pub(crate) fn effects(&self, m: Move) -> Effects {
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        if m.kind() == MoveKind::Drop {
            let p = Piece::new(us, Role::Ninja);
            return Effects {
                moved: p,
                placed: p,
                victims: [None, None],
                rook: None,
            };
        }
        let moved = self.squares[from.index()].unwrap_or(Piece::new(us, Role::King));
        let enemy_at = |sq: Square| self.squares[sq.index()].filter(|p| p.color != us);
        let mut victims = [None, None];
        let mut rook = None;
        match m.kind() {
            MoveKind::Castle => rook = Some(self.castle_rook(from, to)),
            MoveKind::EnPassant => {
                victims[0] = self.ep_victim.and_then(|v| enemy_at(v).map(|p| (v, p)));
            }
            MoveKind::Promotion
                if moved.role == Role::Pawn
                    && from.file() != to.file()
                    && self.ep_squares.has(to)
                    && self.squares[to.index()].is_none() =>
            {
                // En passant onto the promotion rank.
                victims[0] = self.ep_victim.and_then(|v| enemy_at(v).map(|p| (v, p)));
            }
            _ => {
                victims[0] = enemy_at(to).map(|p| (to, p));
                victims[1] =
                    jump_victim(moved.role, from, to).and_then(|v| enemy_at(v).map(|p| (v, p)));
            }
        }
        let placed = match m.promotion() {
            Some(r) => Piece::new(us, r),
            None => moved,
        };
        Effects {
            moved,
            placed,
            victims,
            rook,
        }
    }

    /// Pieces a move of this position captures (none, one, or two for double captures).
    pub fn captures(&self, m: Move) -> [Option<(Square, Piece)>; 2] {
        self.effects(m).victims
    }

    /// Does the move capture anything?
    pub fn is_capture(&self, m: Move) -> bool {
        self.captures(m).iter().any(Option::is_some)
    }

    /// The piece that moves (the ninja pawn for drops).
    pub fn moved_piece(&self, m: Move) -> Piece {
        self.effects(m).moved
    }

    fn toggle(&mut self, sq: Square, p: Piece, present: bool) {
        if present {
            self.board.put(sq, p);
            self.squares[sq.index()] = Some(p);
        } else {
            self.board.remove(sq, p);
            self.squares[sq.index()] = None;
        }
        self.hash ^= zobrist::piece(p, sq);
    }

    /// En-passant squares that count as rights: those an ordinary pawn of the side to move
    /// attacks. They enter the hash (the FEN lists every passed square regardless).
    pub(crate) fn ep_hash(&self) -> u64 {
        let mut h = 0;
        let pawns = self.board.pieces(self.side, Role::Pawn);
        for sq in self.ep_squares {
            let back = -self.side.forward();
            let attacked = [-1, 1].iter().any(|&df| {
                self.rules
                    .offset(sq, df, back)
                    .is_some_and(|s| pawns.has(s))
            });
            if attacked {
                h ^= zobrist::en_passant(sq);
            }
        }
        h
    }

    /// Computes the hash from scratch.
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.board.occupied() {
            if let Some(p) = self.squares[sq.index()] {
                h ^= zobrist::piece(p, sq);
            }
        }
        if self.side == Color::Black {
            h ^= zobrist::side();
        }
        h ^= zobrist::castling(self.castling);
        h ^= self.ep_hash();
        if self.rules.spec.drops.is_some() {
            h ^= zobrist::hand(Color::White, self.hand[0])
                ^ zobrist::hand(Color::Black, self.hand[1]);
        }
        h
    }

    /// Plays `m` if it is a legal move of this position; otherwise leaves the position as it was
    /// and says why. This is the checked entry point for moves from outside (a file, a GUI);
    /// [`Position::make_move`] is the unchecked one the search uses.
    pub fn play(&mut self, m: Move) -> Result<(), crate::MoveError> {
        if !self.is_legal(m) {
            return Err(crate::MoveError::Illegal(self.move_to_uci(m)));
        }
        self.make_move(m);
        Ok(())
    }

    /// Plays a move without checking it (the search's fast path).
    ///
    /// `m` must be a legal move of this position, as generated by [`Position::legal_moves`] or
    /// accepted by [`Position::is_legal`]; anything else leaves the position in an unspecified
    /// (but memory-safe) state. Use [`Position::play`] for moves that were not generated here.
    pub fn make_move(&mut self, m: Move) {
        let us = self.side;
        let e = self.effects(m);
        self.history.push(Undo {
            mv: m,
            effects: e,
            castling: self.castling,
            ep_squares: self.ep_squares,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            reversible: self.reversible,
            hash: self.hash,
            check: self.check,
        });
        self.hash ^= zobrist::castling(self.castling) ^ self.ep_hash();
        let (from, to) = (m.from(), m.to());
        let mut lost = 0;
        for (sq, p) in e.victims.iter().flatten() {
            self.toggle(*sq, *p, false);
            lost |= self.rights_lost_at(*sq);
        }
        if m.kind() == MoveKind::Drop {
            let h = &mut self.hand[us.index()];
            self.hash ^= zobrist::hand(us, *h);
            *h = h.saturating_sub(1);
            self.hash ^= zobrist::hand(us, *h);
        } else {
            self.toggle(from, e.moved, false);
            lost |= self.rights_lost_at(from);
        }
        if let Some((rf, _)) = e.rook {
            self.toggle(rf, Piece::new(us, Role::Rook), false);
        }
        self.toggle(to, e.placed, true);
        lost |= self.rights_lost_at(to);
        if let Some((_, rt)) = e.rook {
            self.toggle(rt, Piece::new(us, Role::Rook), true);
        }
        if e.placed.role == Role::King {
            self.kings[us.index()] = to;
        }
        self.castling &= !lost;
        // En passant: every square an ordinary pawn passed over in a move of two or more.
        self.ep_squares = Bitboard::EMPTY;
        self.ep_victim = None;
        let rows = (to.row() - from.row()).abs();
        if m.kind() == MoveKind::Normal && e.moved.role == Role::Pawn && rows >= 2 {
            let dir = us.forward();
            let mut r = from.row() + dir;
            while r != to.row() {
                if let Some(sq) = Square::from_coords(from.file(), r) {
                    self.ep_squares = self.ep_squares.with(sq);
                }
                r += dir;
            }
            self.ep_victim = Some(to);
        }
        let irreversible = e.victims[0].is_some()
            || e.victims[1].is_some()
            || e.moved.role.is_pawnlike()
            || m.kind() == MoveKind::Drop;
        self.halfmove = if irreversible {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        let sideways_step = e.moved.role.is_pawnlike()
            && from.row() == to.row()
            && e.victims == [None, None]
            && m.kind() != MoveKind::Drop;
        self.reversible = if irreversible && !sideways_step {
            0
        } else {
            self.reversible.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = us.opposite();
        self.hash ^= zobrist::side() ^ zobrist::castling(self.castling) ^ self.ep_hash();
        self.refresh_check_state();
        #[cfg(debug_assertions)]
        self.debug_validate();
    }

    /// Takes back the last move. Does nothing if no move was made.
    pub fn unmake_move(&mut self) {
        let Some(u) = self.history.pop() else { return };
        let m = u.mv;
        let e = u.effects;
        self.side = self.side.opposite();
        let us = self.side;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_sub(1);
        }
        if let Some((_, rt)) = e.rook {
            self.toggle(rt, Piece::new(us, Role::Rook), false);
        }
        self.toggle(m.to(), e.placed, false);
        if let Some((rf, _)) = e.rook {
            self.toggle(rf, Piece::new(us, Role::Rook), true);
        }
        if m.kind() == MoveKind::Drop {
            self.hand[us.index()] = self.hand[us.index()].saturating_add(1);
        } else {
            self.toggle(m.from(), e.moved, true);
        }
        for (sq, p) in e.victims.iter().flatten() {
            self.toggle(*sq, *p, true);
        }
        if e.moved.role == Role::King {
            self.kings[us.index()] = m.from();
        }
        self.castling = u.castling;
        self.ep_squares = u.ep_squares;
        self.ep_victim = u.ep_victim;
        self.halfmove = u.halfmove;
        self.reversible = u.reversible;
        self.hash = u.hash;
        self.check = u.check;
        #[cfg(debug_assertions)]
        self.debug_validate();
    }

    /// Passes the turn without moving (null move, for search). Clears en passant.
    pub fn make_null_move(&mut self) {
        let e = Effects {
            moved: Piece::new(self.side, Role::King),
            placed: Piece::new(self.side, Role::King),
            victims: [None, None],
            rook: None,
        };
        self.history.push(Undo {
            mv: Move::normal(self.king(self.side), self.king(self.side)),
            effects: e,
            castling: self.castling,
            ep_squares: self.ep_squares,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            reversible: self.reversible,
            hash: self.hash,
            check: self.check,
        });
        self.hash ^= self.ep_hash();
        self.ep_squares = Bitboard::EMPTY;
        self.ep_victim = None;
        self.halfmove = self.halfmove.saturating_add(1);
        self.reversible = self.reversible.saturating_add(1);
        self.side = self.side.opposite();
        self.hash ^= zobrist::side();
        self.refresh_check_state();
    }

    /// Takes back [`Position::make_null_move`].
    pub fn unmake_null_move(&mut self) {
        let Some(u) = self.history.pop() else { return };
        self.side = self.side.opposite();
        self.ep_squares = u.ep_squares;
        self.ep_victim = u.ep_victim;
        self.halfmove = u.halfmove;
        self.reversible = u.reversible;
        self.hash = u.hash;
        self.check = u.check;
    }

    /// How many times the current position occurred before within the reversible stretch (since
    /// the last capture, drop or pawn move to another row; a ninja pawn's sideways step does not
    /// end it).
    pub fn repetitions(&self) -> usize {
        let n = self.history.len();
        let limit = (self.reversible as usize).min(n);
        let mut count = 0;
        let mut back = 2;
        while back <= limit {
            if self.history[n - back].hash == self.hash {
                count += 1;
            }
            back += 2;
        }
        count
    }

    /// Are only the two kings left, with nothing in hand?
    pub fn is_bare_kings(&self) -> bool {
        self.board.occupied().count() == 2 && self.hand == [0, 0]
    }

    /// Has the game ended? Checkmate and stalemate come first, then repetition, the 100-ply rule
    /// and bare kings.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            return Some(if self.in_check() {
                Outcome {
                    winner: Some(self.side.opposite()),
                    reason: EndReason::Checkmate,
                }
            } else {
                Outcome {
                    winner: None,
                    reason: EndReason::Stalemate,
                }
            });
        }
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if self.repetitions() >= 2 {
            return draw(EndReason::Repetition);
        }
        if self.halfmove >= 100 {
            return draw(EndReason::FiftyMoves);
        }
        if self.is_bare_kings() {
            return draw(EndReason::BareKings);
        }
        None
    }

    /// Checks every internal invariant; returns the first broken one.
    pub fn validate(&self) -> Result<(), String> {
        let r = self.rules;
        let occ = self.board.occupied();
        if !(occ & !r.exists).is_empty() {
            return Err("piece on a missing square".into());
        }
        if (self.board.color(Color::White) & self.board.color(Color::Black)).any() {
            return Err("square owned by both colours".into());
        }
        for sq in r.exists {
            if self.squares[sq.index()] != self.board.piece_at(sq) {
                return Err(format!(
                    "mailbox and bitboards disagree on {}",
                    r.square_name(sq)
                ));
            }
        }
        for c in Color::BOTH {
            let k = self.board.pieces(c, Role::King);
            if k.count() != 1 || !k.has(self.kings[c.index()]) {
                return Err(format!("{c:?} king bookkeeping is wrong"));
            }
        }
        if self.compute_hash() != self.hash {
            return Err("incremental hash differs from the recomputed one".into());
        }
        let us = self.side;
        let fresh = CheckState::compute(r, &self.board, self.king(us), us);
        if fresh != self.check {
            return Err("recorded checkers or pins differ from the recomputed ones".into());
        }
        if fresh.checkers.any() != self.is_attacked(self.king(us), us.opposite()) {
            return Err("checkers disagree with the attack test".into());
        }
        Ok(())
    }

    #[cfg(debug_assertions)]
    fn debug_validate(&self) {
        if let Err(e) = self.validate() {
            panic!("position invariant broken: {e} in {}", self.to_fen());
        }
    }
}

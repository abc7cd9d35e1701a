//! Static exchange evaluation (SEE) that knows these games: the material outcome of the
//! exchange a move starts, computed from the board without generating or making moves.
//!
//! # Semantics
//!
//! Values are [`PieceValues::material`], the search's own per-game values (centipawns), from
//! the point of view of the side making the move `m`.
//!
//! 1. `m` is played. It gains every piece it captures (`Position::captures`: one, or two for a
//!    double capture; the en-passant victim) plus, for a promotion, the promoted piece's value
//!    minus the pawn's. The piece `m` leaves on its destination is the piece *at risk*: the moved
//!    piece, the promoted piece, or the dropped ninja pawn.
//! 2. Then the sides alternate, starting with the opponent. Each step is a capture that removes
//!    the piece at risk, wherever it stands: after a fly-over capture that is the capturer's
//!    landing square behind its victim, not the victim's square. A step gains every piece it
//!    removes (a warrior, guard, bomber or raptor may clear a second enemy piece on the way) plus
//!    the promotion gain of a pawn reaching its promotion rank (the most valuable choice). The
//!    capturer becomes the piece at risk on its landing square.
//! 3. Each step uses the *least valuable capturer*: the capture move whose moving piece has the
//!    smallest material value; among equal values, the one that gains most, then the lowest
//!    origin square index, then the lowest landing square index. The king counts as more
//!    valuable than every other piece, whatever its material value.
//! 4. Either side may stop (stand pat) instead of capturing; the side that made `m` may not
//!    take it back. So `see = gain(m) - max(0, s1)`, `s_k = gain_k - max(0, s_{k+1})`, and
//!    the last step's `s` is its gain.
//! 5. No capture ever removes a king: a king at risk ends the exchange (a move that leaves it
//!    capturable is illegal, which SEE does not judge), a capture that would also clear a king as
//!    its second victim is not considered, and a king captures only when the other side then has
//!    no capture of it on its landing square.
//! 6. Pins and checks are ignored: every capture counts whether or not it would expose the
//!    capturer's king.
//! 7. En passant: when `m` is an ordinary pawn's advance of two or more squares, the first reply
//!    may take that pawn en passant (landing on a passed square). Later steps are captures, which
//!    never create en-passant rights.
//! 8. Drops (octopus): a drop never captures (RULES.md section 6, "A drop never captures"), and
//!    every step of an exchange must capture the piece at risk, so a drop never occurs inside
//!    an exchange. A drop as `m` is scored like a quiet move: it gains nothing and puts the
//!    dropped ninja pawn at risk on its final square, where the opponent may capture it and the
//!    exchange continues. (The drop also changes the occupancy, which can block lines; that is
//!    part of the board the exchange reads.) That a ninja pawn in hand could later be dropped to
//!    defend a square is a threat, not a capture, and is outside SEE.
//! 9. Castling: the king is the piece at risk, so by rule 5 a castle scores 0.
//!
//! The capturers come from [`movegen::attackers_to`] and [`movegen::capture_landings`],
//! which read the board with the exchange's removals and arrivals applied. The integration test
//! `engine/tests/see.rs` checks [`see`] against an exchange played with the real move generator
//! and make/unmake, on random positions of every variant.

use super::values::PieceValues;
use movegen::{
    any_attacker, attackers_to, capture_landings, second_victim_square, Bitboard, Board, Color,
    Move, MoveKind, Piece, Position, Role, Rules, Square,
};

/// Material outcome (centipawns, mover's view) of the exchange that `m` starts (see the module
/// documentation for the exact rules). `m` must be a pseudo-legal move of `pos`.
pub fn see(pos: &Position, m: Move, values: &PieceValues) -> i32 {
    let Some((gain, mut x)) = Exchange::start(pos, m, values) else {
        return 0;
    };
    let mut gains = [0i32; MAX_STEPS];
    let mut n = 0;
    while n < MAX_STEPS {
        match x.step() {
            Some(g) => {
                gains[n] = g;
                n += 1;
            }
            None => break,
        }
    }
    // Back up from the last step: each side stands pat when capturing loses.
    let mut s = 0;
    for &g in gains[..n].iter().rev() {
        s = (g - s).max(0);
    }
    gain - s
}

/// `see(pos, m, values) >= threshold`, stopping as soon as the exchange's prefix decides it.
pub fn see_ge(pos: &Position, m: Move, values: &PieceValues, threshold: i32) -> bool {
    let Some((gain, mut x)) = Exchange::start(pos, m, values) else {
        return 0 >= threshold;
    };
    // The opponent may stand pat, so the result is at most `gain`.
    if gain < threshold {
        return false;
    }
    let mut gains = [0i32; MAX_STEPS];
    let mut n = 0;
    loop {
        let g = if n < MAX_STEPS { x.step() } else { None };
        let Some(g) = g else {
            // The exchange is complete: exact value.
            let mut s = 0;
            for &g in gains[..n].iter().rev() {
                s = (g - s).max(0);
            }
            return gain - s >= threshold;
        };
        gains[n] = g;
        n += 1;
        // Bounds on the result whatever follows: the last known step's value lies in
        // (-inf, g] (the reply may win anything back, or nothing), so max(0, s) lies in
        // [0, max(0, g)]; back that interval up to the start.
        let (mut lo, mut hi) = (0, gains[n - 1].max(0));
        for &g in gains[..n - 1].iter().rev() {
            // s = g - max(0, s_next) with max(0, s_next) in [lo, hi].
            let (s_lo, s_hi) = (g - hi, g - lo);
            (lo, hi) = (s_lo.max(0), s_hi.max(0));
        }
        // The result is gain - max(0, s1) with max(0, s1) in [lo, hi].
        if gain - hi >= threshold {
            return true;
        }
        if gain - lo < threshold {
            return false;
        }
    }
}

/// Value of a role for the capturer order: material, the king above everything.
#[inline]
fn order_value(values: &PieceValues, r: Role) -> (bool, i32) {
    (r == Role::King, values.material(r))
}

/// Longest exchange followed (a step removes at least one piece, so real exchanges are short).
const MAX_STEPS: usize = 64;

/// An exchange in progress: the board of `pos` with the steps so far applied as removals and
/// one arrival (the piece at risk).
struct Exchange<'a> {
    rules: &'static Rules,
    pos: &'a Position,
    board: &'a Board,
    values: &'a PieceValues,
    /// Occupancy now.
    occ: Bitboard,
    /// Squares of `board` whose pieces are gone (captured, or moved away).
    removed: Bitboard,
    /// Where the piece at risk stands, and what it is.
    target: Square,
    at_risk: Piece,
    /// En-passant squares the next capture may land on (first reply only).
    ep: Bitboard,
}

/// One capture of the piece at risk.
#[derive(Clone, Copy)]
struct Capture {
    from: Square,
    role: Role,
    to: Square,
    /// A second piece cleared (double capture).
    extra: Option<Square>,
    gain: i32,
}

impl<'a> Exchange<'a> {
    /// Plays `m` on the exchange board: its immediate gain and the exchange that follows, or
    /// `None` when `m`'s origin holds no piece (not a move of `pos`).
    fn start(pos: &'a Position, m: Move, values: &'a PieceValues) -> Option<(i32, Exchange<'a>)> {
        let us = pos.side_to_move();
        let (from, to) = (m.from(), m.to());
        let moved = if m.kind() == MoveKind::Drop {
            Piece::new(us, Role::Ninja)
        } else {
            pos.piece_at(from)?
        };
        let board = pos.board();
        let mut gain = 0;
        let mut removed = Bitboard::EMPTY;
        for (sq, p) in pos.captures(m).iter().flatten() {
            gain += values.material(p.role);
            removed = removed.with(*sq);
        }
        let placed = match m.promotion() {
            Some(r) => {
                gain += values.material(r) - values.material(moved.role);
                Piece::new(us, r)
            }
            None => moved,
        };
        if m.kind() != MoveKind::Drop {
            removed = removed.with(from);
        }
        // The destination's own piece (if any) is captured above; mark it gone either way.
        removed = removed.with(to);
        let occ = (board.occupied() & !removed).with(to);
        let mut ep = Bitboard::EMPTY;
        if m.kind() == MoveKind::Normal && moved.role == Role::Pawn {
            let dir = us.forward();
            let mut row = from.row() + dir;
            while (to.row() - row) * dir > 0 {
                if let Some(sq) = Square::from_coords(from.file(), row) {
                    ep = ep.with(sq);
                }
                row += dir;
            }
        }
        let rules = pos.rules();
        let x = Exchange {
            rules,
            pos,
            board,
            values,
            occ,
            removed,
            target: to,
            at_risk: placed,
            ep,
        };
        Some((gain, x))
    }

    /// Makes the next capture of the piece at risk and returns what it gains, or `None` when the
    /// side to capture has none (or only a king capture into an attacked square).
    fn step(&mut self) -> Option<i32> {
        if self.at_risk.role == Role::King {
            return None;
        }
        let by = self.at_risk.color.opposite();
        let mut from_set = attackers_to(
            self.rules,
            self.board,
            self.target,
            by,
            self.occ,
            self.removed,
        );
        let ep_pawns = if self.ep.any() {
            self.en_passant_capturers(by)
        } else {
            Bitboard::EMPTY
        };
        from_set |= ep_pawns;
        if from_set.is_empty() {
            return None;
        }
        // The least valuable capturers (several when values tie).
        let mut least = None;
        for from in from_set {
            let role = self.pos.piece_at(from)?.role;
            let value = order_value(self.values, role);
            if least.is_none_or(|l| value < l) {
                least = Some(value);
            }
        }
        let mut best: Option<Capture> = None;
        for from in from_set {
            let role = self.pos.piece_at(from)?.role;
            if Some(order_value(self.values, role)) != least {
                continue;
            }
            let mut lands = capture_landings(
                self.rules,
                self.board,
                from,
                role,
                self.target,
                by,
                self.occ,
                self.removed,
            );
            if ep_pawns.has(from) {
                lands |= self.en_passant_landings(from, by);
            }
            for to in lands {
                if let Some(c) = self.capture(by, from, role, to) {
                    if best.is_none_or(|b| (-c.gain, c.from, c.to) < (-b.gain, b.from, b.to)) {
                        best = Some(c);
                    }
                }
            }
        }
        let c = best?;
        let mut removed = self.removed.with(c.from).with(self.target).with(c.to);
        let mut occ =
            self.occ & !Bitboard::from_square(c.from) & !Bitboard::from_square(self.target);
        if let Some(x) = c.extra {
            removed = removed.with(x);
            occ &= !Bitboard::from_square(x);
        }
        occ = occ.with(c.to);
        if c.role == Role::King {
            // The king may not capture into a square the other side can then capture on.
            if any_attacker(self.rules, self.board, c.to, by.opposite(), occ, removed) {
                return None;
            }
        }
        let promoted = if c.role.is_pawnlike() && self.rules.promotion_zone[by.index()].has(c.to) {
            self.best_promotion()
        } else {
            c.role
        };
        self.removed = removed;
        self.occ = occ;
        self.target = c.to;
        self.at_risk = Piece::new(by, promoted);
        self.ep = Bitboard::EMPTY;
        Some(c.gain)
    }

    /// The capture of the piece at risk by the `role` on `from` landing on `to`, with what it
    /// gains; `None` when it would also clear a king.
    fn capture(&self, by: Color, from: Square, role: Role, to: Square) -> Option<Capture> {
        let enemy = self.occ & !(self.board.color(by) & !self.removed);
        let mut gain = self.values.material(self.at_risk.role);
        let mut extra = None;
        // The other square the move clears: its landing square (fly-over / jump past the
        // target), or the square it jumps on the way to the target.
        let other = if to != self.target {
            Some(to)
        } else if role.is_pawnlike() {
            None
        } else {
            second_victim_square(role, from, to)
        };
        if let Some(x) = other.filter(|x| *x != self.target && enemy.has(*x)) {
            // Every other enemy piece is an original piece of the board.
            let victim = self.pos.piece_at(x)?;
            if victim.role == Role::King {
                return None;
            }
            gain += self.values.material(victim.role);
            extra = Some(x);
        }
        if role.is_pawnlike() && self.rules.promotion_zone[by.index()].has(to) {
            gain += self.values.material(self.best_promotion()) - self.values.material(role);
        }
        Some(Capture {
            from,
            role,
            to,
            extra,
            gain,
        })
    }

    /// The most valuable promotion choice of the variant.
    fn best_promotion(&self) -> Role {
        self.values.best_promotion().unwrap_or(Role::Queen)
    }

    /// Ordinary pawns of `by` that can take the piece at risk en passant.
    fn en_passant_capturers(&self, by: Color) -> Bitboard {
        let pawns = self.board.pieces(by, Role::Pawn) & !self.removed;
        let mut out = Bitboard::EMPTY;
        for sq in self.ep {
            out |= self.en_passant_from(sq, by) & pawns;
        }
        out
    }

    /// En-passant landing squares of the pawn on `from`.
    fn en_passant_landings(&self, from: Square, by: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for sq in self.ep {
            if self.en_passant_from(sq, by).has(from) {
                out = out.with(sq);
            }
        }
        out
    }

    /// Squares from which a pawn of `by` captures diagonally forward onto `sq`.
    fn en_passant_from(&self, sq: Square, by: Color) -> Bitboard {
        let back = -by.forward();
        [-1, 1]
            .iter()
            .filter_map(|&df| self.rules.offset(sq, df, back))
            .collect()
    }
}

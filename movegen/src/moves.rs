//! The compact [`Move`] and the allocation-free [`MoveList`].

use crate::{Role, Square};

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// A piece moves; captures (one or two) are derived from the position at make time.
    Normal = 0,
    /// A pawn or ninja pawn reaches its promotion rank.
    Promotion = 1,
    /// An ordinary pawn takes en passant.
    EnPassant = 2,
    /// Castling: `from` is the king's origin, `to` its destination.
    Castle = 3,
    /// A drop from hand onto `from`, pushed to `to` (`to == from` without a push).
    Drop = 4,
}

/// A move in 32 bits: from (8), to (8), kind (3), promotion role (5).
///
/// The moving piece and every captured piece are derived from the position when the move is made.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u32);

const _: () = assert!(core::mem::size_of::<Move>() == 4);

impl Move {
    /// A move of the given kind. `promotion` is only meaningful for [`MoveKind::Promotion`].
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind, promotion: Option<Role>) -> Move {
        let p = match promotion {
            Some(r) => r as u32 + 1,
            None => 0,
        };
        Move(from.index() as u32 | (to.index() as u32) << 8 | (kind as u32) << 16 | p << 19)
    }

    /// An ordinary move.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, MoveKind::Normal, None)
    }

    /// Origin square (the drop square for drops).
    #[inline]
    pub const fn from(self) -> Square {
        Square::new_unchecked((self.0 & 0xff) as u8)
    }

    /// Destination square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::new_unchecked(((self.0 >> 8) & 0xff) as u8)
    }

    /// The kind of move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match (self.0 >> 16) & 7 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            3 => MoveKind::Castle,
            _ => MoveKind::Drop,
        }
    }

    /// The promotion role, if any.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        let p = (self.0 >> 19) & 31;
        if p == 0 {
            None
        } else {
            Some(Role::from_index(p as usize - 1))
        }
    }

    /// Raw 32-bit encoding (for hash tables).
    #[inline]
    pub const fn raw(self) -> u32 {
        self.0
    }

    /// Rebuilds a move from [`Move::raw`]; `None` if the bits cannot be a move.
    pub fn from_raw(raw: u32) -> Option<Move> {
        let from = raw & 0xff;
        let to = (raw >> 8) & 0xff;
        let kind = (raw >> 16) & 7;
        let p = (raw >> 19) & 31;
        let ok = from < 144
            && to < 144
            && kind <= 4
            && (p as usize) <= Role::COUNT
            && raw >> 24 == 0
            && (p != 0) == (kind == 1);
        ok.then_some(Move(raw))
    }
}

impl core::fmt::Debug for Move {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "Move({:?} {}->{} {:?})",
            self.kind(),
            self.from().index(),
            self.to().index(),
            self.promotion()
        )
    }
}

/// Capacity of a [`MoveList`]; far above any position reachable in these games.
pub const MAX_MOVES: usize = 2048;

/// A fixed-capacity list of moves that lives on the stack (not initialised up front, so creating
/// one per node costs nothing).
#[derive(Clone, Default)]
pub struct MoveList {
    moves: arrayvec::ArrayVec<Move, MAX_MOVES>,
    overflowed: bool,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: arrayvec::ArrayVec::new(),
            overflowed: false,
        }
    }

    /// Appends a move. A move beyond the capacity is dropped and [`MoveList::overflowed`] set.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.moves.try_push(m).is_err() {
            self.overflowed = true;
        }
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Is the list empty?
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Did a push exceed the capacity (a pathological hand-made position)?
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
        self.overflowed = false;
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }

    /// The moves as a mutable slice (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves
    }

    /// Iterates the moves.
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.moves.iter()
    }

    /// Does the list hold `m`?
    pub fn contains(&self, m: Move) -> bool {
        self.moves.contains(&m)
    }

    /// Keeps the moves for which `keep` is true.
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        self.moves.retain(|m| keep(*m));
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl core::ops::Index<usize> for MoveList {
    type Output = Move;
    fn index(&self, i: usize) -> &Move {
        &self.as_slice()[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_round_trips_all_fields() {
        let a = Square::new_unchecked(143);
        let b = Square::new_unchecked(0);
        for kind in [
            MoveKind::Normal,
            MoveKind::EnPassant,
            MoveKind::Castle,
            MoveKind::Drop,
        ] {
            let m = Move::new(a, b, kind, None);
            assert_eq!(
                (m.from(), m.to(), m.kind(), m.promotion()),
                (a, b, kind, None)
            );
            assert_eq!(Move::from_raw(m.raw()), Some(m));
        }
        for r in Role::ALL {
            let m = Move::new(b, a, MoveKind::Promotion, Some(r));
            assert_eq!(m.promotion(), Some(r));
            assert_eq!(m.kind(), MoveKind::Promotion);
            assert_eq!(Move::from_raw(m.raw()), Some(m));
        }
        assert_eq!(Move::from_raw(u32::MAX), None);
    }

    #[test]
    fn move_list_push_retain_and_overflow() {
        let mut list = MoveList::new();
        for i in 0..MAX_MOVES + 5 {
            let sq = Square::new_unchecked((i % 144) as u8);
            list.push(Move::normal(sq, sq));
        }
        assert_eq!(list.len(), MAX_MOVES);
        assert!(list.overflowed());
        list.retain(|m| m.from().index() % 2 == 0);
        assert!(list.iter().all(|m| m.from().index() % 2 == 0));
        assert!(list.len() < MAX_MOVES);
        list.clear();
        assert!(list.is_empty() && !list.overflowed());
    }
}

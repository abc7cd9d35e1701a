//! [`Board`]: where the pieces stand, as per-colour and per-role bitboards.

use crate::{Bitboard, Color, Piece, Role, Square};

/// Piece placement as bitboards. Cheap to copy (used for legality tests).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Board {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; Role::COUNT],
}

impl Board {
    /// A board without pieces.
    pub const fn empty() -> Board {
        Board {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; Role::COUNT],
        }
    }

    /// Places `piece` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        let b = Bitboard::from_square(sq);
        self.by_color[piece.color.index()] |= b;
        self.by_role[piece.role.index()] |= b;
    }

    /// Removes `piece` from `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square, piece: Piece) {
        let b = !Bitboard::from_square(sq);
        self.by_color[piece.color.index()] &= b;
        self.by_role[piece.role.index()] &= b;
    }

    /// Every piece of one colour.
    #[inline]
    pub fn color(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }

    /// Every piece of one role, both colours.
    #[inline]
    pub fn role(&self, r: Role) -> Bitboard {
        self.by_role[r.index()]
    }

    /// Pieces of one colour and role.
    #[inline]
    pub fn pieces(&self, c: Color, r: Role) -> Bitboard {
        self.by_color[c.index()] & self.by_role[r.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The piece on `sq`, found from the bitboards (slow; positions keep a mailbox).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = Color::BOTH.into_iter().find(|c| self.color(*c).has(sq))?;
        let role = Role::ALL.into_iter().find(|r| self.role(*r).has(sq))?;
        Some(Piece::new(color, role))
    }
}

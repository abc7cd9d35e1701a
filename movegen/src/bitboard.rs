//! The 144-bit board set shared by every variant.
//!
//! Square `s` is bit `s` where `s = row * 12 + file` (see [`crate::Square`]). Bits 0..128 live in
//! `lo`, bits 128..144 in `hi`.
//!
//! Invariant: a bitboard that describes pieces or moves of a variant never has a bit set for a
//! square that does not exist on that variant's board. Tables are built from existing squares only,
//! and positions are validated against [`crate::Geometry::exists`].

use crate::Square;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares on the 12x12 grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard {
    lo: u128,
    hi: u16,
}

/// Mask of the 16 valid high bits (squares 128..144).
const HI_MASK: u16 = u16::MAX;

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard { lo: 0, hi: 0 };
    /// All 144 squares of the grid (not all exist on every board).
    pub const FULL: Bitboard = Bitboard {
        lo: u128::MAX,
        hi: HI_MASK,
    };

    /// The set holding one square.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        let i = sq.index();
        if i < 128 {
            Bitboard {
                lo: 1u128 << i,
                hi: 0,
            }
        } else {
            Bitboard {
                lo: 0,
                hi: 1u16 << (i - 128),
            }
        }
    }

    /// Is the set empty?
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.lo == 0 && self.hi == 0
    }

    /// Is the set non-empty?
    #[inline]
    pub const fn any(self) -> bool {
        !self.is_empty()
    }

    /// Does the set hold `sq`?
    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        let i = sq.index();
        if i < 128 {
            (self.lo >> i) & 1 != 0
        } else {
            (self.hi >> (i - 128)) & 1 != 0
        }
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }

    /// `const` twin of `|`.
    #[inline]
    pub const fn union(self, o: Bitboard) -> Bitboard {
        Bitboard {
            lo: self.lo | o.lo,
            hi: self.hi | o.hi,
        }
    }

    /// `const` twin of `&`.
    #[inline]
    pub const fn intersect(self, o: Bitboard) -> Bitboard {
        Bitboard {
            lo: self.lo & o.lo,
            hi: self.hi & o.hi,
        }
    }

    /// `const` twin of `& !o`.
    #[inline]
    pub const fn without(self, o: Bitboard) -> Bitboard {
        Bitboard {
            lo: self.lo & !o.lo,
            hi: self.hi & !o.hi,
        }
    }

    /// `const` twin of adding one square.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        self.union(Bitboard::from_square(sq))
    }

    /// Lowest square of a non-empty set.
    #[inline]
    pub fn lsb(self) -> Option<Square> {
        if self.lo != 0 {
            Some(Square::new_unchecked(self.lo.trailing_zeros() as u8))
        } else if self.hi != 0 {
            Some(Square::new_unchecked(128 + self.hi.trailing_zeros() as u8))
        } else {
            None
        }
    }

    /// Highest square of a non-empty set.
    #[inline]
    pub fn msb(self) -> Option<Square> {
        if self.hi != 0 {
            Some(Square::new_unchecked(143 - self.hi.leading_zeros() as u8))
        } else if self.lo != 0 {
            Some(Square::new_unchecked(127 - self.lo.leading_zeros() as u8))
        } else {
            None
        }
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop_lsb(&mut self) -> Option<Square> {
        let sq = self.lsb()?;
        if self.lo != 0 {
            self.lo &= self.lo - 1;
        } else {
            self.hi &= self.hi - 1;
        }
        Some(sq)
    }

    /// The set as three 64-bit words: squares 0..64, 64..128 and 128..144 (the last word's upper
    /// 48 bits are always zero). The layout [`crate::line_attacks`] gathers lines from.
    #[inline]
    pub(crate) const fn words(self) -> [u64; 3] {
        [self.lo as u64, (self.lo >> 64) as u64, self.hi as u64]
    }

    /// The set from three 64-bit words laid out as in [`Bitboard::words`]; bits of the third word
    /// above square 143 are dropped.
    #[inline]
    pub(crate) const fn from_words(w: [u64; 3]) -> Bitboard {
        Bitboard {
            lo: w[0] as u128 | (w[1] as u128) << 64,
            hi: w[2] as u16,
        }
    }

    /// Iterates the squares from low to high.
    #[inline]
    pub fn iter(self) -> BitboardIter {
        BitboardIter(self)
    }
}

/// Iterator over the squares of a [`Bitboard`].
pub struct BitboardIter(Bitboard);

impl Iterator for BitboardIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_lsb()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(Bitboard::EMPTY, |b, s| b.with(s))
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, o: Bitboard) -> Bitboard {
        self.union(o)
    }
}
impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, o: Bitboard) -> Bitboard {
        self.intersect(o)
    }
}
impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, o: Bitboard) -> Bitboard {
        Bitboard {
            lo: self.lo ^ o.lo,
            hi: self.hi ^ o.hi,
        }
    }
}
impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement within the 144-square grid; intersect with the variant's existing squares
    /// before storing the result anywhere the invariant applies.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard {
            lo: !self.lo,
            hi: !self.hi & HI_MASK,
        }
    }
}
impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, o: Bitboard) {
        *self = *self | o;
    }
}
impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, o: Bitboard) {
        *self = *self & o;
    }
}
impl BitXorAssign for Bitboard {
    #[inline]
    fn bitxor_assign(&mut self, o: Bitboard) {
        *self = *self ^ o;
    }
}

impl core::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Bitboard[")?;
        for (i, s) in self.iter().enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            write!(f, "{}", s.index())?;
        }
        write!(f, "]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lsb_msb_and_pop_cover_both_halves() {
        let squares = [0u8, 5, 127, 128, 143];
        let b: Bitboard = squares.iter().map(|&i| Square::new_unchecked(i)).collect();
        assert_eq!(b.count(), 5);
        assert_eq!(b.lsb().map(|s| s.index()), Some(0));
        assert_eq!(b.msb().map(|s| s.index()), Some(143));
        let v: Vec<usize> = b.iter().map(|s| s.index()).collect();
        assert_eq!(v, vec![0, 5, 127, 128, 143]);
        assert!((!Bitboard::EMPTY).count() == 144);
        assert!((b & !b).is_empty());
    }

    #[test]
    fn words_round_trip_and_split_at_64_and_128() {
        let squares = [0u8, 63, 64, 127, 128, 143];
        let b: Bitboard = squares.iter().map(|&i| Square::new_unchecked(i)).collect();
        let w = b.words();
        assert_eq!(w, [1 | 1 << 63, 1 | 1 << 63, 1 | 1 << 15]);
        assert_eq!(Bitboard::from_words(w), b);
        assert_eq!(Bitboard::from_words([0, 0, u64::MAX]).count(), 16);
    }
}

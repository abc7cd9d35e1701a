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

/// The squares of one file of the 12x12 grid.
const fn file_mask(file: u8) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    let mut row = 0;
    while row < 12 {
        b = b.with(Square::new_unchecked(row * 12 + file));
        row += 1;
    }
    b
}

/// The grid's lowest file (`a`): no square lies to its left.
const FIRST_FILE: Bitboard = file_mask(0);
/// The grid's highest file (`l`): no square lies to its right.
const LAST_FILE: Bitboard = file_mask(11);

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
    /// 48 bits are always zero). The layout [`crate::line_attacks`] gathers lines from; also
    /// what a hash of a set reads.
    #[inline]
    pub const fn words(self) -> [u64; 3] {
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

    /// Every square moved `n` (1..16) places up the grid index; squares past 143 drop out.
    #[inline]
    const fn shl(self, n: u32) -> Bitboard {
        Bitboard {
            lo: self.lo << n,
            hi: (self.hi << n) | (self.lo >> (128 - n)) as u16,
        }
    }

    /// Every square moved `n` (1..16) places down the grid index; squares below 0 drop out.
    #[inline]
    const fn shr(self, n: u32) -> Bitboard {
        Bitboard {
            lo: (self.lo >> n) | (self.hi as u128) << (128 - n),
            hi: self.hi >> n,
        }
    }

    /// Every square moved one row up (toward row 11); those on the top row drop out. Like every
    /// shift, the result may hold squares the variant lacks: intersect with
    /// [`crate::Rules::exists`].
    #[inline]
    pub const fn up(self) -> Bitboard {
        self.shl(12)
    }

    /// Every square moved one row down (toward row 0); those on row 0 drop out.
    #[inline]
    pub const fn down(self) -> Bitboard {
        self.shr(12)
    }

    /// Every square moved one file left (toward file `a`); those on file `a` drop out rather
    /// than wrap to the row below.
    #[inline]
    pub const fn left(self) -> Bitboard {
        self.without(FIRST_FILE).shr(1)
    }

    /// Every square moved one file right (toward file `l`); those on the grid's last file drop
    /// out rather than wrap to the row above.
    #[inline]
    pub const fn right(self) -> Bitboard {
        self.without(LAST_FILE).shl(1)
    }

    /// Every square moved one row up and one file left; none wraps across the side edges.
    #[inline]
    pub const fn up_left(self) -> Bitboard {
        self.without(FIRST_FILE).shl(11)
    }

    /// Every square moved one row up and one file right; none wraps across the side edges.
    #[inline]
    pub const fn up_right(self) -> Bitboard {
        self.without(LAST_FILE).shl(13)
    }

    /// Every square moved one row down and one file left; none wraps across the side edges.
    #[inline]
    pub const fn down_left(self) -> Bitboard {
        self.without(FIRST_FILE).shr(13)
    }

    /// Every square moved one row down and one file right; none wraps across the side edges.
    #[inline]
    pub const fn down_right(self) -> Bitboard {
        self.without(LAST_FILE).shr(11)
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

    /// A one-square shift with the `(file, row)` step it stands for.
    type Shift = (fn(Bitboard) -> Bitboard, i32, i32);

    /// The eight one-square shifts.
    const SHIFTS: [Shift; 8] = [
        (Bitboard::up, 0, 1),
        (Bitboard::down, 0, -1),
        (Bitboard::left, -1, 0),
        (Bitboard::right, 1, 0),
        (Bitboard::up_left, -1, 1),
        (Bitboard::up_right, 1, 1),
        (Bitboard::down_left, -1, -1),
        (Bitboard::down_right, 1, -1),
    ];

    /// A pseudo-random set of the grid's squares (splitmix64 bits).
    fn random_set(state: &mut u64) -> Bitboard {
        let mut word = || {
            *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = *state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        Bitboard::from_words([word(), word(), word() & 0xffff])
    }

    /// Every shift moves each square as [`Square::offset`] does, one square at a time and for
    /// whole sets: nothing wraps across a side edge of the 12-wide grid, and squares that would
    /// leave it at the top or bottom drop out.
    #[test]
    fn shifts_move_squares_like_offset() {
        let mut state = 7;
        for (shift, df, dr) in SHIFTS {
            for i in 0..Square::COUNT as u8 {
                let sq = Square::new_unchecked(i);
                let expected: Bitboard = sq.offset(df, dr).into_iter().collect();
                assert_eq!(
                    shift(Bitboard::from_square(sq)),
                    expected,
                    "{i} by ({df}, {dr})"
                );
            }
            for _ in 0..500 {
                let b = random_set(&mut state);
                let expected: Bitboard = b.iter().filter_map(|s| s.offset(df, dr)).collect();
                assert_eq!(shift(b), expected, "{b:?} by ({df}, {dr})");
            }
            let expected: Bitboard = Bitboard::FULL
                .iter()
                .filter_map(|s| s.offset(df, dr))
                .collect();
            assert_eq!(shift(Bitboard::FULL), expected, "full grid by ({df}, {dr})");
        }
    }

    /// Cut down to a variant's squares, every shift moves each square as [`crate::Rules::offset`]
    /// does: on the 10-wide boards nothing lands on the grid's unused files, and raptor's
    /// e0/f0/e11/f11 are reached from and left for exactly their neighbours.
    #[test]
    fn shifts_within_each_variant_match_rules_offset() {
        let mut state = 11;
        for v in crate::Variant::ALL {
            let r = v.rules();
            for (shift, df, dr) in SHIFTS {
                for sq in r.exists {
                    let expected: Bitboard = r.offset(sq, df, dr).into_iter().collect();
                    let got = shift(Bitboard::from_square(sq)) & r.exists;
                    assert_eq!(got, expected, "{v} {} by ({df}, {dr})", r.square_name(sq));
                }
                for _ in 0..200 {
                    let b = random_set(&mut state) & r.exists;
                    let expected: Bitboard = b.iter().filter_map(|s| r.offset(s, df, dr)).collect();
                    assert_eq!(shift(b) & r.exists, expected, "{v} {b:?} by ({df}, {dr})");
                }
            }
        }
        // Raptor's extra squares, spelled out.
        let r = crate::Variant::Raptor.rules();
        let sq = |name: &str| r.parse_square(name).expect("a raptor square");
        let one = |name: &str| Bitboard::from_square(sq(name));
        assert_eq!(one("d1").down_right() & r.exists, one("e0"));
        assert_eq!(one("g1").down_left() & r.exists, one("f0"));
        assert!((one("c1").down_right() & r.exists).is_empty());
        assert_eq!(one("e0").up_left() & r.exists, one("d1"));
        assert!((one("e0").left() & r.exists).is_empty());
        assert_eq!(one("e0").right() & r.exists, one("f0"));
        assert_eq!(one("f10").up() & r.exists, one("f11"));
        assert!((one("c10").up() & r.exists).is_empty());
        assert_eq!(one("e10").up_right() & r.exists, one("f11"));
        assert!((one("j5").right() & r.exists).is_empty());
        assert!((one("j5").up_right() & r.exists).is_empty());
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

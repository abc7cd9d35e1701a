//! "Is this square attacked?" (RULES.md section 6): would some move of the given side remove the
//! piece standing on the square, by landing on it, flying over it or jumping over it.
//!
//! The answer is computed backwards from the square, one piece family at a time, trying only
//! the families the game has ([`crate::specialise`]); each family's reverse rule is written
//! once, in its module of [`crate::family`]. The property tests check every one against
//! make-and-test with the forward generator ([`crate::movegen`]).

use crate::family::Target;
use crate::specialise::attacked;
use crate::{Bitboard, Board, Color, Rules, Square};

/// Is the piece on `v` (or a piece that would stand there) attacked by side `by`?
#[inline]
pub fn is_attacked(rules: &Rules, b: &Board, v: Square, by: Color) -> bool {
    is_attacked_after(rules, b, v, by, b.occupied(), Bitboard::EMPTY)
}

/// [`is_attacked`] on a board changed by a move that is not yet made: `occ` is the occupancy
/// after the move and `removed` the squares whose pieces of side `by` the move captures.
pub(crate) fn is_attacked_after(
    rules: &Rules,
    b: &Board,
    v: Square,
    by: Color,
    occ: Bitboard,
    removed: Bitboard,
) -> bool {
    attacked(rules, &Target::new(rules, b, v, by, occ, removed))
}

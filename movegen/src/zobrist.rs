//! Zobrist keys, generated at compile time from a fixed seed (splitmix64).

use crate::{Color, Piece, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// Largest hand count with its own key; counts above share the last key's pattern by xor-folding.
pub const MAX_HAND: usize = 64;

const PIECE_KEYS: usize = Piece::COUNT * Square::COUNT;
const TOTAL: usize = PIECE_KEYS + 1 + 16 + Square::COUNT + 2 * (MAX_HAND + 1);

static KEYS: [u64; TOTAL] = {
    let mut out = [0u64; TOTAL];
    let mut state = 0x5348_5552_494b_454e; // "SHURIKEN"
    let mut i = 0;
    while i < TOTAL {
        let (s, k) = splitmix(state);
        state = s;
        out[i] = k;
        i += 1;
    }
    out
};

/// Key of a piece on a square.
#[inline]
pub fn piece(p: Piece, sq: Square) -> u64 {
    KEYS[p.index() * Square::COUNT + sq.index()]
}

/// Key toggled when black is to move.
#[inline]
pub fn side() -> u64 {
    KEYS[PIECE_KEYS]
}

/// Key of a castling-rights mask (4 bits).
#[inline]
pub fn castling(mask: u8) -> u64 {
    KEYS[PIECE_KEYS + 1 + (mask as usize & 15)]
}

/// Key of one en-passant square.
#[inline]
pub fn en_passant(sq: Square) -> u64 {
    KEYS[PIECE_KEYS + 17 + sq.index()]
}

/// Key of a hand count.
#[inline]
pub fn hand(c: Color, count: u8) -> u64 {
    let n = (count as usize).min(MAX_HAND);
    KEYS[PIECE_KEYS + 17 + Square::COUNT + c.index() * (MAX_HAND + 1) + n]
}

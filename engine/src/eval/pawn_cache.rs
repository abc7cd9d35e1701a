//! A per-thread cache of the pawn-only structure features ([`PawnFacts`]) of both sides, keyed
//! by a hash of where the pawns and ninja pawns stand. Pawn structures repeat across most of a
//! search's nodes, so the evaluation looks them up instead of recounting them.
//!
//! The cache changes nothing but speed: an entry holds exactly what
//! [`StructureMasks::pawn_facts`] returns for its pawns, and a 64-bit key makes a false hit
//! vanishingly rare.

use super::pawns::{PawnFacts, StructureMasks};
use movegen::{Color, Position, Role};

/// Entries in one cache (a power of two).
const ENTRIES: usize = 1 << 12;

/// One cached pawn structure: its key and the facts of White and Black.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The key of the structure; 0 marks an empty entry (no key is 0).
    key: u64,
    facts: [PawnFacts; 2],
}

/// The pawn cache of one search thread.
#[derive(Debug)]
pub struct PawnCache {
    entries: Vec<Entry>,
}

impl Default for PawnCache {
    fn default() -> PawnCache {
        PawnCache::new()
    }
}

impl PawnCache {
    /// An empty cache.
    pub fn new() -> PawnCache {
        PawnCache {
            entries: vec![Entry::default(); ENTRIES],
        }
    }

    /// The pawn facts of White and Black in `pos`, counted with `masks` (the masks of `pos`'s
    /// variant) unless the structure is cached.
    pub fn facts(&mut self, masks: &StructureMasks, pos: &Position) -> [PawnFacts; 2] {
        let key = structure_key(pos);
        let slot = (key >> (64 - ENTRIES.trailing_zeros())) as usize;
        let entry = &mut self.entries[slot];
        if entry.key != key {
            *entry = Entry {
                key,
                facts: Color::BOTH.map(|c| masks.pawn_facts(pos, c)),
            };
        }
        entry.facts
    }
}

/// A 64-bit hash of the pawn structure: board pawns and ninja pawns of both sides and the
/// ninja pawns in hand. Not a Zobrist key: it is computed from the bitboards when needed.
pub fn pawn_structure_key(pos: &Position) -> u64 {
    const MUL: u64 = 0x9E37_79B9_7F4A_7C15;
    let board = pos.board();
    let mut h: u64 = 0;
    for c in [Color::White, Color::Black] {
        for r in [Role::Pawn, Role::Ninja] {
            for w in board.pieces(c, r).words() {
                h = (h ^ w).wrapping_mul(MUL);
                h ^= h >> 31;
            }
        }
        h = (h ^ u64::from(pos.hand(c))).wrapping_mul(MUL);
        h ^= h >> 29;
    }
    h
}

/// The cache key of `pos`: its pawn structure and variant; never 0.
fn structure_key(pos: &Position) -> u64 {
    let variant = pos.variant().index() as u64 + 1;
    (pawn_structure_key(pos) ^ variant.wrapping_mul(0xD6E8_FEB8_6659_FD93)) | 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Variant;

    /// Walks a few hundred plies of pseudo-random games in every variant and checks that every
    /// lookup, hit or miss, equals a fresh count.
    #[test]
    fn cached_facts_equal_fresh_counts() {
        for v in Variant::ALL {
            let masks = StructureMasks::new(v.rules());
            let mut cache = PawnCache::new();
            let mut seed = 0x1234_5678_u64 + v.index() as u64;
            for _game in 0..6 {
                let mut pos = Position::startpos(v);
                for _ply in 0..80 {
                    let fresh = Color::BOTH.map(|c| masks.pawn_facts(&pos, c));
                    assert_eq!(cache.facts(&masks, &pos), fresh, "{v} {}", pos.to_fen());
                    assert_eq!(cache.facts(&masks, &pos), fresh, "{v} hit");
                    let list = pos.legal_moves();
                    if list.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let m = list.as_slice()[(seed % list.len() as u64) as usize];
                    pos.make_move(m);
                }
            }
        }
    }

    #[test]
    fn the_key_tells_variants_and_pawn_moves_apart() {
        let chess = Position::startpos(Variant::Chess);
        let titan = Position::startpos(Variant::Titan);
        assert_ne!(structure_key(&chess), structure_key(&titan));
        let moved = Position::from_fen(
            Variant::Chess,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        )
        .unwrap();
        assert_ne!(structure_key(&chess), structure_key(&moved));
    }
}

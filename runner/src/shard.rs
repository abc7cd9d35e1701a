//! Pair scheduling: the pairings of a tournament, what each global pair index means (round,
//! pairing, opening, colours), and which pairs a shard owns. Everything here depends only on
//! the configuration, the seed and the pair index, so shards and resumed runs agree.

use crate::config::{Shard, Tournament};
use crate::openings::OpeningBook;

/// Engine pairings `[first, second]`; the first engine is the statistics' reference.
pub fn pairings(engines: usize, tournament: Tournament) -> Vec<[usize; 2]> {
    if engines == 2 {
        return vec![[0, 1]];
    }
    match tournament {
        Tournament::Gauntlet => (1..engines).map(|j| [0, j]).collect(),
        Tournament::RoundRobin => (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| [i, j]))
            .collect(),
    }
}

/// Everything about one pair of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairPlan {
    /// Global pair index.
    pub pair: u64,
    /// Round (all pairings of a round share its opening).
    pub round: u64,
    /// Pairing index.
    pub pairing: usize,
    /// Engines of the pairing.
    pub engines: [usize; 2],
    /// Opening index in the book.
    pub opening: usize,
}

impl PairPlan {
    /// Plans pair `p`.
    pub fn new(p: u64, pairings: &[[usize; 2]], book: &OpeningBook) -> PairPlan {
        let n = pairings.len().max(1) as u64;
        let round = p / n;
        let pairing = (p % n) as usize;
        PairPlan {
            pair: p,
            round,
            pairing,
            engines: pairings[pairing],
            opening: book.index_for_round(round),
        }
    }

    /// `(white, black)` engine indices of game 0 or 1: the first engine has white in game 0.
    pub fn colours(&self, game: u8) -> (usize, usize) {
        if game == 0 {
            (self.engines[0], self.engines[1])
        } else {
            (self.engines[1], self.engines[0])
        }
    }
}

/// Global indices of the pairs a shard plays, out of `total`.
pub fn shard_pairs(total: u64, shard: Shard) -> impl Iterator<Item = u64> {
    (0..total).filter(move |p| shard.owns(*p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(pairings(2, Tournament::Gauntlet), vec![[0, 1]]);
        assert_eq!(pairings(4, Tournament::Gauntlet).len(), 3);
        assert_eq!(pairings(4, Tournament::RoundRobin).len(), 6);
    }

    #[test]
    fn shards_partition() {
        let mut all: Vec<u64> = (1..=3)
            .flat_map(|i| shard_pairs(10, format!("{i}/3").parse().unwrap()))
            .collect();
        all.sort();
        assert_eq!(all, (0..10).collect::<Vec<_>>());
    }
}

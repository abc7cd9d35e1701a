//! The transposition table, shared by every search thread without locks.
//!
//! Each entry is two `AtomicU64`s: `check = key ^ data` and `data`. A reader loads both and
//! accepts the entry only if `check ^ data` equals its key, so a torn entry (one word from one
//! writer, one from another) is rejected instead of being trusted. Entries live in 64-byte
//! clusters of four, one cache line; replacement prefers the same key, then the shallowest or
//! oldest entry (aging by a 6-bit generation counter bumped once per search).

use movegen::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// Bound type of a stored score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// No information (empty entry).
    None = 0,
    /// The score is an upper bound (fail low).
    Upper = 1,
    /// The score is a lower bound (fail high).
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

impl Bound {
    fn from_bits(b: u64) -> Bound {
        match b & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        }
    }
}

/// A decoded table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit {
    /// Best or refutation move, if one was stored (not yet checked for legality).
    pub mv: Option<Move>,
    /// Score, still relative to the node where it was stored (see [`score_from_tt`]).
    pub score: i32,
    /// Static evaluation at the node.
    pub eval: i32,
    /// Remaining depth of the search that stored it.
    pub depth: i32,
    /// Bound type.
    pub bound: Bound,
}

/// A cache line of three entries. `data` layout: bits 0..24 move, 24..40 score, 40..56 static
/// eval, 56..62 depth (0..63), 62..64 bound. The generation of each entry's last write is kept
/// in `ages` (it only steers replacement, so it needs no verification).
#[repr(C, align(64))]
struct Cluster {
    entries: [[AtomicU64; 2]; 3],
    /// One age byte per entry (generation of its last write) and spare bytes.
    ages: [AtomicU8; 16],
}

const _: () = assert!(core::mem::size_of::<Cluster>() == 64);
const ENTRIES: usize = 3;

impl Cluster {
    fn new() -> Cluster {
        Cluster {
            entries: Default::default(),
            ages: Default::default(),
        }
    }
}

const DEPTH_BITS: u64 = 63;

fn pack(mv: Option<Move>, score: i32, eval: i32, depth: i32, bound: Bound) -> u64 {
    let m = mv.map_or(0, |m| m.raw() as u64 & 0xff_ffff);
    let s = (score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16) as u64;
    let e = (eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16) as u64;
    let d = (depth.clamp(0, DEPTH_BITS as i32)) as u64;
    m | s << 24 | e << 40 | d << 56 | (bound as u64) << 62
}

fn unpack(data: u64) -> TtHit {
    let raw = (data & 0xff_ffff) as u32;
    TtHit {
        mv: if raw == 0 { None } else { Move::from_raw(raw) },
        score: ((data >> 24) & 0xffff) as u16 as i16 as i32,
        eval: ((data >> 40) & 0xffff) as u16 as i16 as i32,
        depth: ((data >> 56) & DEPTH_BITS) as i32,
        bound: Bound::from_bits(data >> 62),
    }
}

/// The shared transposition table.
pub struct TranspositionTable {
    clusters: Vec<Cluster>,
    generation: AtomicU8,
}

/// Why a transposition table of the size asked for was not made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HashError {
    /// More than the memory the machine has available now (the table would swap, or the
    /// kernel would kill the process when it is filled).
    #[error("{mb} MB of hash is more than the {available_mb} MB of memory available")]
    MoreThanAvailable {
        /// Size asked for, MB.
        mb: usize,
        /// Memory available, MB.
        available_mb: u64,
    },
    /// The allocator refused the table.
    #[error("cannot allocate {0} MB of hash")]
    Allocation(usize),
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one cluster). Aborts if the memory cannot be
    /// allocated; see [`TranspositionTable::try_new`] for sizes chosen by a user.
    pub fn new(mb: usize) -> TranspositionTable {
        let n = Self::clusters_for(mb);
        let mut clusters = Vec::with_capacity(n);
        clusters.resize_with(n, Cluster::new);
        TranspositionTable {
            clusters,
            generation: AtomicU8::new(0),
        }
    }

    /// A table of about `mb` megabytes, or an error when the machine cannot back it: more than
    /// the memory available now ([`crate::sysmem::available_bytes`]), or refused by the
    /// allocator.
    pub fn try_new(mb: usize) -> Result<TranspositionTable, HashError> {
        Self::try_new_within(mb, crate::sysmem::available_bytes())
    }

    /// [`TranspositionTable::try_new`] with `available` bytes of memory (`None`: unknown).
    pub fn try_new_within(
        mb: usize,
        available: Option<u64>,
    ) -> Result<TranspositionTable, HashError> {
        let n = Self::clusters_for(mb);
        let bytes = (n as u64).saturating_mul(core::mem::size_of::<Cluster>() as u64);
        if let Some(available) = available {
            if bytes > available {
                return Err(HashError::MoreThanAvailable {
                    mb,
                    available_mb: available >> 20,
                });
            }
        }
        let mut clusters = Vec::new();
        clusters
            .try_reserve_exact(n)
            .map_err(|_| HashError::Allocation(mb))?;
        clusters.resize_with(n, Cluster::new);
        Ok(TranspositionTable {
            clusters,
            generation: AtomicU8::new(0),
        })
    }

    fn clusters_for(mb: usize) -> usize {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        (bytes / core::mem::size_of::<Cluster>()).max(1)
    }

    /// Size in megabytes (rounded down).
    pub fn size_mb(&self) -> usize {
        (self.clusters.len() * core::mem::size_of::<Cluster>()) >> 20
    }

    /// Empties every entry and resets the generation.
    pub fn clear(&self) {
        for c in &self.clusters {
            for e in &c.entries {
                e[0].store(0, Ordering::Relaxed);
                e[1].store(0, Ordering::Relaxed);
            }
            for a in &c.ages {
                a.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries written from now on are younger.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store(g.wrapping_add(1) & 63, Ordering::Relaxed);
    }

    fn cluster(&self, key: u64) -> &Cluster {
        let i = ((key as u128 * self.clusters.len() as u128) >> 64) as usize;
        &self.clusters[i]
    }

    /// Asks the processor to start loading the cache line of `key`'s cluster, so that a
    /// [`TranspositionTable::probe`] a little later finds it in cache. Changes no result.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        movegen::prefetch::prefetch(self.cluster(key));
    }

    /// Looks up a position.
    pub fn probe(&self, key: u64) -> Option<TtHit> {
        let c = self.cluster(key);
        for e in &c.entries {
            let check = e[0].load(Ordering::Relaxed);
            let data = e[1].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores a search result. An existing entry of the same key keeps its move when the new
    /// result has none.
    pub fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let c = self.cluster(key);
        let gen = self.generation.load(Ordering::Relaxed);
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, e) in c.entries.iter().enumerate() {
            let check = e[0].load(Ordering::Relaxed);
            let data = e[1].load(Ordering::Relaxed);
            if data == 0 {
                victim = i;
                break;
            }
            if check ^ data == key {
                let old = unpack(data);
                // Keep a much deeper result of this search over a shallow bound.
                let same_search = c.ages[i].load(Ordering::Relaxed) == gen;
                if same_search && bound != Bound::Exact && old.depth > depth + 3 {
                    return;
                }
                let d = pack(mv.or(old.mv), score, eval, depth, bound);
                e[1].store(d, Ordering::Relaxed);
                e[0].store(key ^ d, Ordering::Relaxed);
                c.ages[i].store(gen, Ordering::Relaxed);
                return;
            }
            let rel_age = (gen.wrapping_sub(c.ages[i].load(Ordering::Relaxed)) & 63) as i32;
            let value = unpack(data).depth - 8 * rel_age;
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        let e = &c.entries[victim];
        let d = pack(mv, score, eval, depth, bound);
        e[1].store(d, Ordering::Relaxed);
        e[0].store(key ^ d, Ordering::Relaxed);
        c.ages[victim].store(gen, Ordering::Relaxed);
    }

    /// Permille of sampled entries written in the current search.
    pub fn hashfull(&self) -> usize {
        let gen = self.generation.load(Ordering::Relaxed);
        let n = self.clusters.len().min(1000);
        let mut used = 0;
        for c in &self.clusters[..n] {
            for i in 0..ENTRIES {
                let data = c.entries[i][1].load(Ordering::Relaxed);
                if data != 0 && c.ages[i].load(Ordering::Relaxed) == gen {
                    used += 1;
                }
            }
        }
        used * 1000 / (n * ENTRIES)
    }
}

/// Converts a score for storing: mate scores become relative to the stored node.
#[inline]
pub fn score_to_tt(score: i32, ply: i32, mate_bound: i32) -> i32 {
    if score >= mate_bound {
        score + ply
    } else if score <= -mate_bound {
        score - ply
    } else {
        score
    }
}

/// Converts a stored score back: mate scores become relative to the root.
#[inline]
pub fn score_from_tt(score: i32, ply: i32, mate_bound: i32) -> i32 {
    if score >= mate_bound {
        score - ply
    } else if score <= -mate_bound {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{MoveKind, Square};

    #[test]
    fn a_table_larger_than_the_memory_available_is_refused() {
        let gib = 1u64 << 30;
        assert_eq!(
            TranspositionTable::try_new_within(65_536, Some(23 * gib)).err(),
            Some(HashError::MoreThanAvailable {
                mb: 65_536,
                available_mb: 23 * 1024
            })
        );
        let tt = TranspositionTable::try_new_within(2, Some(gib)).expect("2 MB fit");
        assert_eq!(tt.size_mb(), 2);
        assert!(TranspositionTable::try_new_within(2, None).is_ok());
    }

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(
            Square::new_unchecked(12),
            Square::new_unchecked(143),
            MoveKind::Promotion,
            Some(movegen::Role::Queen),
        );
        tt.store(0xdead_beef, Some(m), -31000, 55, 17, Bound::Lower);
        let h = tt.probe(0xdead_beef).unwrap();
        assert_eq!(
            h,
            TtHit {
                mv: Some(m),
                score: -31000,
                eval: 55,
                depth: 17,
                bound: Bound::Lower
            }
        );
        assert!(tt.probe(0xdead_bee0).is_none());
        assert!(tt.hashfull() <= 1000);
        tt.clear();
        assert!(tt.probe(0xdead_beef).is_none());
    }

    #[test]
    fn torn_entries_are_rejected() {
        let tt = TranspositionTable::new(1);
        tt.store(7, None, 10, 0, 3, Bound::Exact);
        let c = tt.cluster(7);
        // Simulate a torn write: data replaced without the check word.
        let i = c
            .entries
            .iter()
            .position(|e| e[1].load(Ordering::Relaxed) != 0)
            .unwrap();
        c.entries[i][1].store(pack(None, 99, 0, 9, Bound::Exact), Ordering::Relaxed);
        assert!(tt.probe(7).is_none());
    }

    #[test]
    fn mate_scores_are_ply_adjusted() {
        let mb = 31000;
        assert_eq!(score_from_tt(score_to_tt(31990, 5, mb), 5, mb), 31990);
        assert_eq!(score_to_tt(31990, 5, mb), 31995);
        assert_eq!(score_from_tt(score_to_tt(-31990, 7, mb), 9, mb), -31988);
        assert_eq!(score_to_tt(100, 7, mb), 100);
    }
}

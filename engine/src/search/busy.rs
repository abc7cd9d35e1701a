//! Root moves some search thread is searching right now (the idea of "simplified ABDADA",
//! applied at the root): a thread that comes to a root move another thread has in hand puts it
//! off and searches the next ones first, so two threads in the same iteration spread over the
//! root moves instead of searching the same subtree side by side. A put-off move is still
//! searched, after the others, usually by then with the other thread's result in the
//! transposition table.
//!
//! The table is lossy: one key per slot, so a collision only makes a thread defer a move it
//! need not have deferred, or search one another thread is also searching. Neither changes
//! what a search can find, only which thread does the work first.

use movegen::Move;
use std::sync::atomic::{AtomicU64, Ordering};

/// Slots of the table of a multi-threaded search (a power of two).
const SLOTS: usize = 1 << 10;

/// The moves being searched, keyed by position and move.
pub struct BusyMoves {
    slots: Box<[AtomicU64]>,
}

/// One move in one position, as the table stores it (never 0, the empty slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BusyKey(u64);

impl BusyMoves {
    /// A table for `threads` search threads: empty (and never busy) for a single thread.
    pub fn new(threads: usize) -> BusyMoves {
        let slots = if threads > 1 { SLOTS } else { 0 };
        BusyMoves {
            slots: (0..slots).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The key of move `m` in the position with Zobrist hash `hash`.
    pub fn key(hash: u64, m: Move) -> BusyKey {
        let k = hash ^ (m.raw() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        BusyKey(k.max(1))
    }

    fn slot(&self, key: BusyKey) -> Option<&AtomicU64> {
        if self.slots.is_empty() {
            return None;
        }
        Some(&self.slots[(key.0 >> 40) as usize & (self.slots.len() - 1)])
    }

    /// Whether some thread has marked `key` as being searched.
    #[inline]
    pub fn is_busy(&self, key: BusyKey) -> bool {
        self.slot(key)
            .is_some_and(|s| s.load(Ordering::Relaxed) == key.0)
    }

    /// Marks `key` as being searched.
    #[inline]
    pub fn enter(&self, key: BusyKey) {
        if let Some(s) = self.slot(key) {
            s.store(key.0, Ordering::Relaxed);
        }
    }

    /// Unmarks `key` (unless another key has taken its slot meanwhile).
    #[inline]
    pub fn leave(&self, key: BusyKey) {
        if let Some(s) = self.slot(key) {
            let _ = s.compare_exchange(key.0, 0, Ordering::Relaxed, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Position, Variant};

    fn two_moves() -> (u64, Move, Move) {
        let pos = Position::startpos(Variant::Chess);
        let moves = pos.legal_moves();
        (pos.hash(), moves.as_slice()[0], moves.as_slice()[1])
    }

    #[test]
    fn a_move_is_busy_from_enter_to_leave_only() {
        let (hash, a, b) = two_moves();
        let busy = BusyMoves::new(2);
        let ka = BusyMoves::key(hash, a);
        assert!(!busy.is_busy(ka));
        busy.enter(ka);
        assert!(busy.is_busy(ka));
        assert!(!busy.is_busy(BusyMoves::key(hash, b)));
        assert!(!busy.is_busy(BusyMoves::key(hash ^ 1 << 50, a)));
        busy.leave(ka);
        assert!(!busy.is_busy(ka));
    }

    #[test]
    fn a_single_thread_table_is_never_busy() {
        let (hash, a, _) = two_moves();
        let busy = BusyMoves::new(1);
        let ka = BusyMoves::key(hash, a);
        busy.enter(ka);
        assert!(!busy.is_busy(ka));
    }
}

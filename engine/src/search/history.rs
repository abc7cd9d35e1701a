//! What the search learns about moves while it runs, for move ordering and reductions:
//! butterfly history (side, origin, destination), capture history (side, mover, destination,
//! victim), continuation history (the move one and two plies back, then this move) and
//! counter-moves (the reply that refuted the previous move).
//!
//! Every counter is updated with the same gravity rule (`gravity`), which keeps it within
//! ±[`HISTORY_LIMIT`] and lets new evidence outweigh old.

use movegen::{Color, Move, Position, Role, Variant};
use std::sync::Mutex;

/// The largest magnitude a history counter reaches.
pub const HISTORY_LIMIT: i32 = 16_384;

/// Squares of the 12x12 grid every variant is laid on.
const SQUARES: usize = 144;

/// Adds `bonus` (negative for a malus) to `entry`, pulled toward zero in proportion to how full
/// the entry already is, so it stays within ±[`HISTORY_LIMIT`].
#[inline]
fn gravity(entry: &mut i16, bonus: i32) {
    let b = bonus.clamp(-HISTORY_LIMIT, HISTORY_LIMIT);
    let e = *entry as i32;
    *entry = (e + b - e * b.abs() / HISTORY_LIMIT) as i16;
}

/// A piece kind and the square it moved to: the "piece-to" index continuation history and
/// counter-moves are keyed by. Roles are numbered within the variant, so tables stay small.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceTo(u16);

/// Numbers the roles of one variant (0..number of roles) for the piece-to index.
#[derive(Clone, Debug)]
pub struct RoleNumbers {
    numbers: [u8; Role::COUNT],
    count: usize,
}

impl RoleNumbers {
    /// The numbering of `variant`'s roles, in the order its spec lists them.
    pub fn of(variant: Variant) -> RoleNumbers {
        let mut numbers = [0u8; Role::COUNT];
        let roles = variant.spec().roles;
        for (i, r) in roles.iter().enumerate() {
            numbers[r.index()] = i as u8;
        }
        RoleNumbers {
            numbers,
            count: roles.len(),
        }
    }

    /// How many piece-to indices the variant has.
    pub fn piece_to_count(&self) -> usize {
        self.count * SQUARES
    }

    /// The piece-to index of move `m` played in `pos` (before it is made).
    #[inline]
    pub fn piece_to(&self, pos: &Position, m: Move) -> PieceTo {
        let role = pos.moved_piece(m).role;
        PieceTo(self.numbers[role.index()] as u16 * SQUARES as u16 + m.to().index() as u16)
    }
}

/// Butterfly history: one counter per side, origin and destination (quiet moves).
pub struct ButterflyHistory {
    table: Vec<i16>,
}

impl Default for ButterflyHistory {
    fn default() -> Self {
        ButterflyHistory {
            table: vec![0; 2 * SQUARES * SQUARES],
        }
    }
}

impl ButterflyHistory {
    #[inline]
    fn index(c: Color, m: Move) -> usize {
        (c.index() * SQUARES + m.from().index()) * SQUARES + m.to().index()
    }

    /// The counter of `m` played by `c`.
    #[inline]
    pub fn get(&self, c: Color, m: Move) -> i32 {
        self.table[Self::index(c, m)] as i32
    }

    /// Adds `bonus` to the counter of `m` played by `c`.
    pub fn update(&mut self, c: Color, m: Move, bonus: i32) {
        gravity(&mut self.table[Self::index(c, m)], bonus);
    }
}

/// Capture history: one counter per side, moving role, destination and (first) victim role.
pub struct CaptureHistory {
    table: Vec<i16>,
}

impl Default for CaptureHistory {
    fn default() -> Self {
        CaptureHistory {
            table: vec![0; 2 * Role::COUNT * SQUARES * Role::COUNT],
        }
    }
}

impl CaptureHistory {
    #[inline]
    fn index(c: Color, mover: Role, to: usize, victim: Role) -> usize {
        ((c.index() * Role::COUNT + mover.index()) * SQUARES + to) * Role::COUNT + victim.index()
    }

    /// The key of capture `m` in `pos` (before it is made): `None` for a move without victims.
    #[inline]
    pub fn key(pos: &Position, m: Move) -> Option<usize> {
        let victim = pos.captures(m)[0]?.1.role;
        let mover = pos.moved_piece(m).role;
        Some(Self::index(
            pos.side_to_move(),
            mover,
            m.to().index(),
            victim,
        ))
    }

    /// The counter under `key`.
    #[inline]
    pub fn get(&self, key: usize) -> i32 {
        self.table[key] as i32
    }

    /// Adds `bonus` to the counter under `key`.
    pub fn update(&mut self, key: usize, bonus: i32) {
        gravity(&mut self.table[key], bonus);
    }
}

/// Continuation history: for each earlier move (piece-to), one counter per following move
/// (piece-to). The same table serves one and two plies back.
pub struct ContinuationHistory {
    table: Vec<i16>,
    width: usize,
}

impl ContinuationHistory {
    /// A zeroed table for the variant numbered by `roles`.
    pub fn new(roles: &RoleNumbers) -> ContinuationHistory {
        let width = roles.piece_to_count();
        ContinuationHistory {
            table: vec![0; width * width],
            width,
        }
    }

    #[inline]
    fn index(&self, earlier: PieceTo, now: PieceTo) -> usize {
        earlier.0 as usize * self.width + now.0 as usize
    }

    /// The counter of `now` following `earlier`.
    #[inline]
    pub fn get(&self, earlier: PieceTo, now: PieceTo) -> i32 {
        self.table[self.index(earlier, now)] as i32
    }

    /// Adds `bonus` to the counter of `now` following `earlier`.
    pub fn update(&mut self, earlier: PieceTo, now: PieceTo, bonus: i32) {
        let i = self.index(earlier, now);
        gravity(&mut self.table[i], bonus);
    }
}

/// Counter-moves: the quiet move that last refuted each earlier move (piece-to).
pub struct CounterMoves {
    table: Vec<Option<Move>>,
}

impl CounterMoves {
    /// An empty table for the variant numbered by `roles`.
    pub fn new(roles: &RoleNumbers) -> CounterMoves {
        CounterMoves {
            table: vec![None; roles.piece_to_count()],
        }
    }

    /// The refutation recorded for `earlier`.
    #[inline]
    pub fn get(&self, earlier: PieceTo) -> Option<Move> {
        self.table[earlier.0 as usize]
    }

    /// Records `m` as the refutation of `earlier`.
    pub fn set(&mut self, earlier: PieceTo, m: Move) {
        self.table[earlier.0 as usize] = Some(m);
    }
}

/// Every history table of one search thread.
pub struct Histories {
    /// The variant the tables were made for.
    pub variant: Variant,
    /// Numbering of the variant's roles.
    pub roles: RoleNumbers,
    /// Butterfly history of quiet moves.
    pub butterfly: ButterflyHistory,
    /// Capture history.
    pub capture: CaptureHistory,
    /// Continuation history.
    pub continuation: ContinuationHistory,
    /// Counter-moves.
    pub counter: CounterMoves,
}

impl Histories {
    /// Empty tables for `variant`.
    pub fn new(variant: Variant) -> Histories {
        let roles = RoleNumbers::of(variant);
        Histories {
            butterfly: ButterflyHistory::default(),
            capture: CaptureHistory::default(),
            continuation: ContinuationHistory::new(&roles),
            counter: CounterMoves::new(&roles),
            roles,
            variant,
        }
    }

    /// Zeroes every counter and forgets every counter-move, keeping the memory.
    pub fn reset(&mut self) {
        self.butterfly.table.fill(0);
        self.capture.table.fill(0);
        self.continuation.table.fill(0);
        self.counter.table.fill(None);
    }

    /// The ordering score of quiet move `m` by `c`: butterfly history plus the continuation
    /// histories after the moves one and two plies back (`earlier`).
    #[inline]
    pub fn quiet_score(
        &self,
        c: Color,
        m: Move,
        now: PieceTo,
        earlier: [Option<PieceTo>; 2],
    ) -> i32 {
        let mut s = self.butterfly.get(c, m);
        for e in earlier.into_iter().flatten() {
            s += self.continuation.get(e, now);
        }
        s
    }

    /// Rewards (positive `bonus`) or punishes (negative) quiet move `m` in every quiet table.
    pub fn update_quiet(
        &mut self,
        c: Color,
        m: Move,
        now: PieceTo,
        earlier: [Option<PieceTo>; 2],
        bonus: i32,
    ) {
        self.butterfly.update(c, m, bonus);
        for e in earlier.into_iter().flatten() {
            self.continuation.update(e, now, bonus);
        }
    }
}

/// History tables kept from one search to the next, one per search thread, so that each move of
/// a game starts from what the previous searches learned. Cleared by `ucinewgame`.
#[derive(Default)]
pub struct HistoryStore {
    slots: Mutex<Vec<Option<Box<Histories>>>>,
}

impl HistoryStore {
    /// The tables of thread `id` for `variant`: the kept ones, or fresh ones when none are kept
    /// or they belong to another variant.
    pub fn take(&self, id: usize, variant: Variant) -> Box<Histories> {
        let kept = match self.slots.lock() {
            Ok(mut slots) => slots.get_mut(id).and_then(Option::take),
            Err(_) => None,
        };
        match kept {
            Some(h) if h.variant == variant => h,
            _ => Box::new(Histories::new(variant)),
        }
    }

    /// Keeps thread `id`'s tables for the next search.
    pub fn put(&self, id: usize, hist: Box<Histories>) {
        if let Ok(mut slots) = self.slots.lock() {
            if slots.len() <= id {
                slots.resize_with(id + 1, || None);
            }
            slots[id] = Some(hist);
        }
    }

    /// Zeroes every kept table in place, keeping its memory (many searches from a fresh state,
    /// as in `shuriken bench`). A search then starts exactly as with fresh tables.
    pub fn reset(&self) {
        if let Ok(mut slots) = self.slots.lock() {
            for h in slots.iter_mut().flatten() {
                h.reset();
            }
        }
    }

    /// Forgets every kept table (a new game).
    pub fn clear(&self) {
        if let Ok(mut slots) = self.slots.lock() {
            slots.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_saturates_at_the_limit() {
        let mut e = 0i16;
        for _ in 0..1000 {
            gravity(&mut e, 4000);
        }
        assert!(
            e as i32 <= HISTORY_LIMIT && e as i32 > HISTORY_LIMIT - 400,
            "{e}"
        );
        for _ in 0..1000 {
            gravity(&mut e, -4000);
        }
        assert!(
            e as i32 >= -HISTORY_LIMIT && (e as i32) < -HISTORY_LIMIT + 400,
            "{e}"
        );
    }

    #[test]
    fn piece_to_indices_are_distinct_within_a_variant() {
        for v in Variant::ALL {
            let roles = RoleNumbers::of(v);
            let pos = Position::startpos(v);
            let mut seen = std::collections::HashSet::new();
            for m in pos.legal_moves().iter() {
                let pt = roles.piece_to(&pos, *m);
                assert!((pt.0 as usize) < roles.piece_to_count());
                seen.insert((pos.moved_piece(*m).role, m.to(), pt));
            }
            let keys: std::collections::HashSet<_> = seen.iter().map(|s| s.2).collect();
            let pairs: std::collections::HashSet<_> = seen.iter().map(|s| (s.0, s.1)).collect();
            assert_eq!(keys.len(), pairs.len(), "{v:?}");
        }
    }
}

//! Move ordering: hash move first, then captures by the value of everything they remove (both
//! victims of a double capture) minus a fraction of the mover (MVV/LVA), then the best promotion,
//! killers, and quiet moves by history.

use crate::eval::Evaluator;
use movegen::{Color, Move, MoveList, Position, MAX_MOVES};

/// Score of the hash move.
pub const HASH_SCORE: i32 = 2_000_000_000;
/// Base score of captures and promotions to the best piece.
pub const TACTICAL_BASE: i32 = 1_000_000_000;
/// Score of the first killer (the second gets one less).
pub const KILLER_SCORE: i32 = 900_000_000;
/// Score of a move that quiescence search leaves out.
pub const SKIP: i32 = i32::MIN;

/// History table: one counter per side, origin and destination.
pub struct History {
    table: Vec<i32>,
}

/// The largest magnitude a history counter reaches.
pub const HISTORY_LIMIT: i32 = 16_384;

impl Default for History {
    fn default() -> Self {
        History {
            table: vec![0; 2 * 144 * 144],
        }
    }
}

impl History {
    #[inline]
    fn index(c: Color, m: Move) -> usize {
        c.index() * 144 * 144 + m.from().index() * 144 + m.to().index()
    }

    /// The counter of a move.
    #[inline]
    pub fn get(&self, c: Color, m: Move) -> i32 {
        self.table[History::index(c, m)]
    }

    /// Adds `bonus` (negative for a malus) with gravity toward zero, staying within
    /// [`HISTORY_LIMIT`].
    pub fn update(&mut self, c: Color, m: Move, bonus: i32) {
        let e = &mut self.table[History::index(c, m)];
        let b = bonus.clamp(-HISTORY_LIMIT, HISTORY_LIMIT);
        *e += b - *e * b.abs() / HISTORY_LIMIT;
    }
}

/// Facts about a move the search needs besides its ordering score.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveInfo {
    /// Total material removed by the move.
    pub victims: i32,
    /// Captures or promotes.
    pub tactical: bool,
}

/// Material removed by a move, summed over both victims of a double capture.
#[inline]
pub fn victim_value(pos: &Position, eval: &Evaluator, m: Move) -> i32 {
    pos.captures(m)
        .iter()
        .flatten()
        .map(|(_, p)| eval.material(p.role))
        .sum()
}

/// A generated move list with ordering scores, consumed best first.
pub struct ScoredMoves {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
    info: [MoveInfo; MAX_MOVES],
    next: usize,
}

/// Context for scoring quiet moves.
pub struct QuietContext<'a> {
    /// History counters.
    pub history: &'a History,
    /// Killer moves of the node's ply.
    pub killers: [Option<Move>; 2],
}

impl ScoredMoves {
    /// An empty list (boxed: it is large, and the search keeps one per ply).
    pub fn boxed() -> Box<ScoredMoves> {
        Box::new(ScoredMoves {
            moves: MoveList::new(),
            scores: [0; MAX_MOVES],
            info: [MoveInfo::default(); MAX_MOVES],
            next: 0,
        })
    }

    /// Generates and scores the pseudo-legal moves of `pos`, replacing the list's contents. With
    /// `quiet` set to `None` only captures and promotions to the most valuable piece are kept
    /// (quiescence search).
    pub fn fill(
        &mut self,
        pos: &Position,
        eval: &Evaluator,
        hash_move: Option<Move>,
        quiet: Option<QuietContext<'_>>,
    ) {
        let s = self;
        s.moves.clear();
        s.next = 0;
        pos.generate_pseudo_legal(&mut s.moves);
        let best_promo = eval.best_promotion();
        let us = pos.side_to_move();
        for i in 0..s.moves.len() {
            let m = s.moves[i];
            let victims = victim_value(pos, eval, m);
            let promo = m.promotion();
            let good_promo = promo.is_some() && promo == best_promo;
            let tactical = victims > 0 || promo.is_some();
            s.info[i] = MoveInfo { victims, tactical };
            let score = if Some(m) == hash_move {
                HASH_SCORE
            } else if victims > 0 || good_promo {
                let attacker = eval.material(pos.moved_piece(m).role);
                let promo_gain = promo.map_or(0, |r| eval.material(r));
                TACTICAL_BASE + 16 * (victims + promo_gain) - attacker / 8
            } else if let Some(q) = &quiet {
                if promo.is_some() {
                    // Under-promotions: after the quiet moves.
                    -HISTORY_LIMIT - 1000 + promo.map_or(0, |r| eval.material(r)) / 10
                } else if q.killers[0] == Some(m) {
                    KILLER_SCORE
                } else if q.killers[1] == Some(m) {
                    KILLER_SCORE - 1
                } else {
                    q.history.get(us, m)
                }
            } else {
                SKIP
            };
            s.scores[i] = score;
        }
    }

    /// The next best move with its facts, or `None` when exhausted (skipped moves are never
    /// returned).
    pub fn next_best(&mut self) -> Option<(Move, MoveInfo)> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for j in self.next + 1..n {
            if self.scores[j] > self.scores[best] {
                best = j;
            }
        }
        if self.scores[best] == SKIP {
            self.next = n;
            return None;
        }
        let i = self.next;
        self.moves.as_mut_slice().swap(i, best);
        self.scores.swap(i, best);
        self.info.swap(i, best);
        self.next += 1;
        Some((self.moves[i], self.info[i]))
    }
}

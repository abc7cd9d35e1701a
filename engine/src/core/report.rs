//! What a search reports: a line per completed iteration ([`Info`]), the final answer
//! ([`BestMove`]), and the listener that receives them ([`SearchListener`]).

use crate::search::{MATE, MATE_BOUND};
use movegen::Move;
use std::fmt;

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation in centipawns.
    Centipawns(i32),
    /// A forced mate in this many moves: positive when the side to move mates, negative when
    /// it is mated. `Mate(0)`: the side to move is checkmated now.
    Mate(i32),
}

impl Score {
    /// The score of the search's internal scale (mates near [`MATE`]).
    pub fn from_search(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-((MATE + score) / 2))
        } else {
            Score::Centipawns(score)
        }
    }

    /// Is it a forced mate (either way)?
    pub fn is_mate(self) -> bool {
        matches!(self, Score::Mate(_))
    }
}

/// UCI's notation: `cp N` or `mate N`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Centipawns(cp) => write!(f, "cp {cp}"),
            Score::Mate(moves) => write!(f, "mate {moves}"),
        }
    }
}

/// Which side of the true score a reported score lies on, when it is not exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreBound {
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// One reported line of a search: sent after each completed iteration for every principal
/// variation asked for (`MultiPV`), and once more at the end when the search's answer differs
/// from the last line sent (aborted iteration, helper threads' nodes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Iteration depth, plies (0 only for a root without legal moves).
    pub depth: i32,
    /// Deepest ply reached (at least `depth`).
    pub seldepth: i32,
    /// Rank of this line among the principal variations, from 1.
    pub multipv: usize,
    /// The line's score.
    pub score: Score,
    /// `None`: the score is exact (every line reported today is).
    pub bound: Option<ScoreBound>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Transposition table use, per mille.
    pub hashfull: u32,
    /// Milliseconds since the search started (at least 1 once a line is searched).
    pub time_ms: u64,
    /// The principal variation, from the searched position (empty without legal moves).
    pub pv: Vec<Move>,
}

/// The answer of a finished search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move to play; `None` only when the position has no legal move.
    pub best: Option<Move>,
    /// The expected reply, if the principal variation has one.
    pub ponder: Option<Move>,
    /// The best move's score (`Mate(0)` when checkmated, `Centipawns(0)` when stalemated).
    pub score: Score,
    /// Deepest completed iteration (0 without legal moves).
    pub depth: i32,
    /// Nodes searched by all threads.
    pub nodes: u64,
}

/// A listener that ignores everything a search reports (bench, data generation, labelling).
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl SearchListener for Silent {
    fn info(&self, _: &Info) {}
}

/// Receives what a running search reports. Methods are called from the search's threads, so
/// they must return quickly and must not call back into the [`Engine`](super::Engine).
pub trait SearchListener: Send + Sync {
    /// A completed iteration's line (one per `MultiPV` line), or the final line.
    fn info(&self, info: &Info);

    /// Free text, such as an error the search recovered from.
    fn message(&self, text: &str) {
        let _ = text;
    }

    /// The search is over and this is its answer; called once, last. By then the engine
    /// accepts a new search.
    fn best_move(&self, best: &BestMove) {
        let _ = best;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_convert_from_the_search_scale() {
        assert_eq!(Score::from_search(37), Score::Centipawns(37));
        assert_eq!(Score::from_search(-5), Score::Centipawns(-5));
        // Mate in one move (one ply), in two moves (three plies); mated in one (two plies).
        assert_eq!(Score::from_search(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_search(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_search(-MATE + 2), Score::Mate(-1));
        assert_eq!(Score::from_search(-MATE), Score::Mate(0));
        assert_eq!(Score::Mate(-3).to_string(), "mate -3");
        assert_eq!(Score::Centipawns(-12).to_string(), "cp -12");
    }
}

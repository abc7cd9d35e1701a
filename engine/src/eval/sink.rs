//! Where the evaluation pass sends what it finds: the [`Sink`] trait, and [`Tally`], a sink that
//! only counts the [`Term`]s (for tests and listings). The integer sum the search uses lives in
//! [`crate::eval`], the float trace for Texel tuning in [`crate::eval::trace`]; the pass is
//! generic over the sink and monomorphised, so the search's sum pays nothing for the trace.

use super::terms::Term;
use super::weights::PASSED_ROWS;
use movegen::{Color, Piece, Role, Square};

/// Receives the contributions of one evaluation pass, each for one side.
pub trait Sink {
    /// Whether the pass should count `term` at all: a sum skips terms whose weights are zero
    /// (their counts cost time and change nothing).
    fn wants(&self, term: Term) -> bool;
    /// A piece on a square: material, the formula piece-square terms and the placement tables.
    fn piece(&mut self, side: Color, piece: Piece, sq: Square);
    /// A piece (not a pawn or the king) of `role` with `safe` moves to squares no enemy pawn
    /// attacks.
    fn mobility(&mut self, side: Color, role: Role, safe: i32);
    /// `n` occurrences of `term` for `side`.
    fn count(&mut self, side: Color, term: Term, n: i32);
    /// A passed pawn of `side` with `row + 1` rows left to promotion (the last row also those
    /// further away), `n` times.
    fn passed_row(&mut self, side: Color, row: usize, n: i32);
    /// The attacks on `side`'s king zone: attack `units` by `attackers` enemy pieces.
    fn king_danger(&mut self, side: Color, units: i32, attackers: i32);
}

/// A sink that counts every term per side and nothing else.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Count of each term per side (index [`Color::index`], then the term's table order).
    pub terms: [[i32; Term::COUNT]; 2],
    /// Passed pawns per side by rows left to promotion (index = rows left - 1).
    pub passed_rows: [[i32; PASSED_ROWS]; 2],
}

impl Tally {
    /// The count of `term` for `side`.
    pub fn get(&self, side: Color, term: Term) -> i32 {
        self.terms[side.index()][term as usize]
    }
}

impl Sink for Tally {
    fn wants(&self, _: Term) -> bool {
        true
    }
    fn piece(&mut self, _: Color, _: Piece, _: Square) {}
    fn mobility(&mut self, _: Color, _: Role, _: i32) {}
    fn count(&mut self, side: Color, term: Term, n: i32) {
        self.terms[side.index()][term as usize] += n;
    }
    fn passed_row(&mut self, side: Color, row: usize, n: i32) {
        self.passed_rows[side.index()][row] += n;
    }
    fn king_danger(&mut self, _: Color, _: i32, _: i32) {}
}

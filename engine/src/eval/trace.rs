//! Evaluation trace: the coefficient of every weight of the game's table
//! ([`crate::eval::weights::table`]) in the evaluation of one position, so that the evaluation
//! is a linear function of the weights. It is a [`Sink`] of the one evaluation pass.
//!
//! For a position with game phase `p` (0..=256) and side-to-move sign `s` (+1 white, -1 black),
//!
//! ```text
//! eval(w) ≈ s * (Σ_i w_i * mg_i * p + Σ_i w_i * eg_i * (256 - p)) / 256 + offset
//! ```
//!
//! where `mg_i`/`eg_i` are the middlegame/endgame coefficients of weight `i` from White's point of
//! view (the tempo bonus is stored with the sign `s` so it always counts for the side to move).
//! The evaluator rounds with integer divisions (`* centrality / 4`, `/ 16`, the phase blend); the
//! trace keeps exact real coefficients, and [`EvalTrace::offset`] is the difference between the
//! real evaluation and the linear form at the weights the trace was taken with, so
//! `EvalTrace::value(w) == evaluate(pos)` exactly at those weights and within a few centipawns of
//! rounding elsewhere.
//!
//! `MobilityScale` multiplies every mobility weight, so the evaluation is not linear in it: it is
//! taken as a constant (its coefficient is always zero) and the per-role mobility coefficients
//! include it.

use super::psqt::{self, Shape};
use super::weights::{index_of, Scalar, Slot, Stage, Weights};
use super::{Evaluator, Sink, Term, PHASE_MAX};
use movegen::{Color, Piece, Position, Role, Square, Variant};
use std::collections::BTreeMap;

/// The trace of one position's evaluation (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct EvalTrace {
    /// Game phase, 0 (endgame) ..= 256 (middlegame).
    pub phase: i32,
    /// +1 when White is to move, -1 when Black is.
    pub sign: i32,
    /// `(table index, middlegame coefficient, endgame coefficient)`, White's point of view,
    /// sorted by index, no duplicates, no all-zero entries.
    pub terms: Vec<(usize, f64, f64)>,
    /// Real evaluation minus the linear form, at the weights the trace was taken with.
    pub offset: f64,
}

impl EvalTrace {
    /// The combined (phase-blended, side-to-move) coefficient of each traced weight:
    /// `eval(w) = Σ coefficient_i * w_i + offset`.
    pub fn coefficients(&self) -> Vec<(usize, f64)> {
        let p = self.phase as f64 / PHASE_MAX as f64;
        let s = self.sign as f64;
        self.terms
            .iter()
            .map(|&(i, mg, eg)| (i, s * (mg * p + eg * (1.0 - p))))
            .filter(|(_, c)| *c != 0.0)
            .collect()
    }

    /// The linear form at `values` (one value per table entry, in table order), without the
    /// offset.
    pub fn linear(&self, values: &[f64]) -> f64 {
        self.coefficients()
            .iter()
            .map(|&(i, c)| c * values.get(i).copied().unwrap_or(0.0))
            .sum()
    }

    /// The traced evaluation at `values`: `linear(values) + offset`.
    pub fn value(&self, values: &[f64]) -> f64 {
        self.linear(values) + self.offset
    }
}

/// Every weight's value as a real number, in the order of its game's table.
pub fn weight_values(w: &Weights) -> Vec<f64> {
    w.table()
        .iter()
        .map(|(_, slot)| w.get(*slot) as f64)
        .collect()
}

/// The sink that collects coefficients per table index.
struct Trace {
    variant: Variant,
    shape: Shape,
    /// `MobilityScale / 100`.
    scale: f64,
    terms: BTreeMap<usize, (f64, f64)>,
}

/// +1 for White, -1 for Black.
fn sign_of(c: Color) -> f64 {
    match c {
        Color::White => 1.0,
        Color::Black => -1.0,
    }
}

impl Trace {
    /// Adds coefficients to a weight (nothing for a weight the game does not have).
    fn add(&mut self, slot: Slot, mg: f64, eg: f64) {
        if let Some(i) = index_of(self.variant, slot) {
            let e = self.terms.entry(i).or_insert((0.0, 0.0));
            e.0 += mg;
            e.1 += eg;
        }
    }
}

impl Sink for Trace {
    fn wants(&self, _: Term) -> bool {
        true
    }

    fn piece(&mut self, side: Color, piece: Piece, sq: Square) {
        let s = sign_of(side);
        for t in psqt::square_terms(&self.shape, side, piece.role, sq) {
            let d = t.divisor as f64;
            self.add(t.slot, s * t.mg as f64 / d, s * t.eg as f64 / d);
        }
    }

    fn mobility(&mut self, side: Color, role: Role, safe: i32) {
        let m = sign_of(side) * safe as f64 * self.scale / 4.0;
        self.add(Slot::Mobility(role), m, m);
        self.add(Slot::MobilityEg(role), 0.0, m);
    }

    fn count(&mut self, side: Color, term: Term, n: i32) {
        let (mg, eg, sign) = term.weights();
        let v = sign_of(side) * (sign * n) as f64;
        if let Some(slot) = mg {
            self.add(slot, v, 0.0);
        }
        if let Some(slot) = eg {
            self.add(slot, 0.0, v);
        }
    }

    fn passed_row(&mut self, side: Color, row: usize, n: i32) {
        let v = sign_of(side) * n as f64;
        self.add(Slot::Passed(Stage::Middlegame, row), v, 0.0);
        self.add(Slot::Passed(Stage::Endgame, row), 0.0, v);
    }

    fn king_danger(&mut self, side: Color, units: i32, attackers: i32) {
        let s = sign_of(side);
        let u = units as f64;
        self.add(Slot::Scalar(Scalar::KingAttack), -s * u * u / 16.0, 0.0);
        let n = attackers as f64;
        self.add(Slot::Scalar(Scalar::KingAttackers), -s * n * u / 16.0, 0.0);
    }
}

impl Evaluator {
    /// Traces the evaluation of `pos` with the weights `w` this evaluator was built from
    /// (see [`EvalTrace`]). `w` must be the weights given to [`Evaluator::new`].
    pub fn trace(&self, w: &Weights, pos: &Position) -> EvalTrace {
        let mut sink = Trace {
            variant: self.variant,
            shape: Shape::of(self.variant),
            scale: w.scalar(Scalar::MobilityScale) as f64 / 100.0,
            terms: BTreeMap::new(),
        };
        let phase = self.emit(pos, &self.pawn_facts(pos), &mut sink);
        let sign = match pos.side_to_move() {
            Color::White => 1,
            Color::Black => -1,
        };
        sink.add(Slot::Scalar(Scalar::Tempo), sign as f64, sign as f64);
        let terms = sink
            .terms
            .into_iter()
            .filter(|(_, (mg, eg))| *mg != 0.0 || *eg != 0.0)
            .map(|(i, (mg, eg))| (i, mg, eg))
            .collect();
        let mut trace = EvalTrace {
            phase,
            sign,
            terms,
            offset: 0.0,
        };
        let linear = trace.linear(&weight_values(w));
        trace.offset = self.evaluate(pos) as f64 - linear;
        trace
    }
}

//! Evaluation trace: the coefficient of every weight of [`crate::eval::weights::table`] in the
//! evaluation of one position, so that the evaluation is a linear function of the weights.
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

use super::{Evaluator, Shape, PHASE_MAX};
use crate::eval::weights::{
    table, Slot, Stage, Weights, PASSED_ROWS, PLACEMENT_FILES, PLACEMENT_RANKS,
};
use movegen::{Color, Position, Role, Variant};
use std::collections::BTreeMap;
use std::sync::OnceLock;

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

/// Every weight's value as a real number, in table order.
pub fn weight_values(w: &Weights) -> Vec<f64> {
    table()
        .iter()
        .map(|(_, slot)| w.get(*slot) as f64)
        .collect()
}

/// Table indices of the slots the trace uses.
struct Index {
    scalar: BTreeMap<&'static str, usize>,
    material: [[Option<usize>; Role::COUNT]; 5],
    hand: Option<usize>,
    center: [Option<usize>; Role::COUNT],
    mobility: [Option<usize>; Role::COUNT],
    mobility_eg: [Option<usize>; Role::COUNT],
    passed: [[Option<usize>; PASSED_ROWS]; 2],
    rank: [[[Option<usize>; PLACEMENT_RANKS]; 2]; Role::COUNT],
    file: [[[Option<usize>; PLACEMENT_FILES]; 2]; Role::COUNT],
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut ix = Index {
            scalar: BTreeMap::new(),
            material: [[None; Role::COUNT]; 5],
            hand: None,
            center: [None; Role::COUNT],
            mobility: [None; Role::COUNT],
            mobility_eg: [None; Role::COUNT],
            passed: [[None; PASSED_ROWS]; 2],
            rank: [[[None; PLACEMENT_RANKS]; 2]; Role::COUNT],
            file: [[[None; PLACEMENT_FILES]; 2]; Role::COUNT],
        };
        let names = super::weights::Scalars::SCALARS;
        for (i, (spec, slot)) in table().iter().enumerate() {
            match *slot {
                Slot::Scalar(k) => {
                    if let Some(&(n, ..)) = names.get(k) {
                        debug_assert_eq!(n, spec.name);
                        ix.scalar.insert(n, i);
                    }
                }
                Slot::Material(v, r) => ix.material[v.index()][r.index()] = Some(i),
                Slot::HandNinja => ix.hand = Some(i),
                Slot::Center(r) => ix.center[r.index()] = Some(i),
                Slot::Mobility(r) => ix.mobility[r.index()] = Some(i),
                Slot::Rank(r, s, k) => ix.rank[r.index()][s.index()][k] = Some(i),
                Slot::File(r, s, k) => ix.file[r.index()][s.index()][k] = Some(i),
                Slot::MobilityEg(r) => ix.mobility_eg[r.index()] = Some(i),
                Slot::Passed(s, k) => ix.passed[s.index()][k] = Some(i),
            }
        }
        ix
    })
}

/// Accumulates coefficients of one position.
struct Acc {
    terms: BTreeMap<usize, (f64, f64)>,
}

impl Acc {
    fn add(&mut self, i: Option<usize>, mg: f64, eg: f64) {
        if let Some(i) = i {
            let e = self.terms.entry(i).or_insert((0.0, 0.0));
            e.0 += mg;
            e.1 += eg;
        }
    }

    fn scalar(&mut self, name: &str, mg: f64, eg: f64) {
        let i = index().scalar.get(name).copied();
        self.add(i, mg, eg);
    }
}

impl Evaluator {
    /// Traces the evaluation of `pos` with the weights `w` this evaluator was built from
    /// (see [`EvalTrace`]). `w` must be the weights given to [`Evaluator::new`].
    pub fn trace(&self, w: &Weights, pos: &Position) -> EvalTrace {
        let variant: Variant = self.variant;
        let ix = index();
        let mut acc = Acc {
            terms: BTreeMap::new(),
        };
        let shape = Shape::of(variant);
        let board = pos.board();
        let rules = pos.rules();
        let occ = board.occupied();
        let kings = [pos.king(Color::White), pos.king(Color::Black)];
        let zones = kings.map(|k| rules.king_steps(k).with(k));
        let scale = w.scalars.mobility_scale as f64 / 100.0;
        let mut attack_units = [0i32; 2];
        let mut attackers = [0i32; 2];
        let mut pieces = 0;
        let (mg, eg) = (Stage::Middlegame.index(), Stage::Endgame.index());
        for c in Color::BOTH {
            let ci = c.index();
            let sgn = if c == Color::White { 1.0 } else { -1.0 };
            let own = board.color(c);
            let enemy_zone = zones[1 - ci];
            let area = !super::pawns::pawn_attacks(pos, c.opposite());
            let targets = super::threat_targets(pos, c.opposite());
            let mut threats = 0;
            let mut checks = super::CheckSquares::new(rules, kings[1 - ci], occ);
            let mut safe_checks = 0;
            let mut low_mobility = 0;
            for sq in own {
                let Some(p) = pos.piece_at(sq) else { continue };
                let role = p.role;
                acc.add(ix.material[variant.index()][role.index()], sgn, sgn);
                let (ri, fi) = (shape.rank_index(c, sq), shape.file_index(sq));
                let (rank, file) = (&ix.rank[role.index()], &ix.file[role.index()]);
                acc.add(rank[mg][ri], sgn, 0.0);
                acc.add(rank[eg][ri], 0.0, sgn);
                acc.add(file[mg][fi], sgn, 0.0);
                acc.add(file[eg][fi], 0.0, sgn);
                let center = (shape.file_center(sq) + shape.row_center(sq)) as f64;
                let adv = shape.advance(c, sq) as f64;
                let left = shape.depth() - shape.advance(c, sq);
                let near = ((4 - left).max(0).pow(2)) as f64;
                let fc = shape.file_center(sq) as f64 / 4.0;
                match role {
                    Role::Pawn => {
                        acc.scalar("PawnAdvanceMg", sgn * adv, 0.0);
                        acc.scalar("PawnNearMg", sgn * near, 0.0);
                        acc.scalar("PawnCenterFile", sgn * fc, 0.0);
                        acc.scalar("PawnAdvanceEg", 0.0, sgn * adv);
                        acc.scalar("PawnNearEg", 0.0, sgn * near);
                    }
                    Role::Ninja => {
                        acc.scalar("NinjaAdvanceMg", sgn * adv, 0.0);
                        acc.scalar("NinjaNearMg", sgn * near, 0.0);
                        acc.scalar("PawnCenterFile", sgn * fc, 0.0);
                        acc.scalar("NinjaAdvanceEg", 0.0, sgn * adv);
                        acc.scalar("NinjaNearEg", 0.0, sgn * near);
                    }
                    Role::King => {
                        acc.scalar("KingHomeMg", -sgn * adv, 0.0);
                        acc.scalar("KingCenterEg", 0.0, sgn * center / 4.0);
                    }
                    r => {
                        let v = sgn * center / 4.0;
                        acc.add(ix.center[r.index()], v, v);
                    }
                }
                if role.is_pawnlike() || role == Role::King {
                    continue;
                }
                pieces += 1;
                let d = rules.destinations(role, sq, occ, own);
                let safe = (d & area).count() as i32;
                let m = sgn * safe as f64 * scale / 4.0;
                acc.add(ix.mobility[role.index()], m, m);
                acc.add(ix.mobility_eg[role.index()], 0.0, m);
                low_mobility += super::low_mobility_of(safe);
                let units = (d & enemy_zone).count() as i32;
                attack_units[ci] += units;
                attackers[ci] += (units > 0) as i32;
                threats += self.threats_by(pos, role, d & targets);
                safe_checks += checks.count(role, d, area);
            }
            acc.scalar("SafeCheckMg", sgn * safe_checks as f64, 0.0);
            acc.scalar("SafeCheckEg", 0.0, sgn * safe_checks as f64);
            acc.scalar("PieceThreatMg", sgn * threats as f64, 0.0);
            acc.scalar("PieceThreatEg", 0.0, sgn * threats as f64);
            acc.scalar("LowMobilityMg", -sgn * low_mobility as f64, 0.0);
            acc.scalar("LowMobilityEg", 0.0, -sgn * low_mobility as f64);
            if board.pieces(c, Role::Bishop).count() >= 2 {
                acc.scalar("BishopPair", sgn, sgn);
            }
            let hand = pos.hand(c) as f64;
            acc.add(ix.hand, sgn * hand, sgn * hand);
            let shelter = self.shelter(pos, c, kings[ci]) as f64;
            acc.scalar("KingShelter", sgn * shelter, 0.0);
            let n = self.structure.count(pos, c);
            let f = |v: i32| sgn * v as f64;
            for (k, &count) in n.passed_rows.iter().enumerate() {
                acc.add(ix.passed[mg][k], f(count), 0.0);
                acc.add(ix.passed[eg][k], 0.0, f(count));
            }
            acc.scalar("PassedMg", f(n.passed), 0.0);
            acc.scalar("PassedEg", 0.0, f(n.passed));
            acc.scalar("PassedFreeEg", 0.0, f(n.passed_free));
            acc.scalar("PassedKingEg", 0.0, f(n.passed_king));
            acc.scalar("IsolatedMg", -f(n.isolated), 0.0);
            acc.scalar("IsolatedEg", 0.0, -f(n.isolated));
            acc.scalar("DoubledMg", -f(n.doubled), 0.0);
            acc.scalar("DoubledEg", 0.0, -f(n.doubled));
            acc.scalar("SupportedMg", f(n.supported), 0.0);
            acc.scalar("SupportedEg", 0.0, f(n.supported));
            acc.scalar("OutpostMg", f(n.outposts), 0.0);
            acc.scalar("OutpostEg", 0.0, f(n.outposts));
            acc.scalar("RookOpenMg", f(n.rook_open), 0.0);
            acc.scalar("RookHalfOpenMg", f(n.rook_half_open), 0.0);
            acc.scalar("PawnThreatMg", f(n.pawn_threats), 0.0);
            acc.scalar("PawnThreatEg", 0.0, f(n.pawn_threats));
            acc.scalar("PhalanxMg", f(n.phalanx), 0.0);
            acc.scalar("PhalanxEg", 0.0, f(n.phalanx));
            acc.scalar("BadBishopMg", -f(n.bad_bishop), 0.0);
            acc.scalar("BadBishopEg", 0.0, -f(n.bad_bishop));
            acc.scalar("PawnStormMg", -f(n.storm), 0.0);
            acc.scalar("KingOpenFileMg", -f(n.king_open_files), 0.0);
            acc.scalar("MinorBehindPawnMg", f(n.minors_behind_pawns), 0.0);
        }
        for c in 0..2 {
            let sgn = if c == 0 { 1.0 } else { -1.0 };
            let u = attack_units[1 - c] as f64;
            acc.scalar("KingAttack", -sgn * u * u / 16.0, 0.0);
            let n = attackers[1 - c] as f64;
            acc.scalar("KingAttackers", -sgn * n * u / 16.0, 0.0);
        }
        let phase = (pieces.min(self.phase_total) * PHASE_MAX) / self.phase_total;
        let sign = match pos.side_to_move() {
            Color::White => 1,
            Color::Black => -1,
        };
        acc.scalar("Tempo", sign as f64, sign as f64);
        let terms: Vec<(usize, f64, f64)> = acc
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

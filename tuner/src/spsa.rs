//! SPSA (simultaneous perturbation stochastic approximation) with the fishtest schedule.
//!
//! With `N` game pairs in all and `k` the number of pairs played before the current step
//! (1-based in the formulas), each parameter has a final perturbation `c_end` and a final
//! learning rate `r_end`, from which
//!
//! ```text
//! c   = c_end * N^γ                 c_k = c / k^γ
//! a   = r_end * c_end² * (A + N)^α  a_k = a / (A + k)^α
//! ```
//!
//! with `α = 0.602`, `γ = 0.101` and `A = 0.1 N` by default. One step draws a random sign
//! vector `Δ`, plays `batch` game pairs of `θ + c_k Δ` against `θ - c_k Δ` (both clamped to the
//! bounds) and moves every parameter by `a_k / c_k * (wins - losses of θ+) * Δ_i`, clamped.
//! (Fishtest does the same per reported batch.) The state after every step is a plain value
//! ([`SpsaState`]) that can be written as JSON and resumed exactly.

use super::rng::SplitMix64;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One tuned parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaParam {
    /// UCI option name.
    pub name: String,
    /// Start value.
    pub start: f64,
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
    /// Final perturbation size.
    pub c_end: f64,
    /// Final learning rate.
    pub r_end: f64,
}

/// The schedule and size of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaSchedule {
    /// Total game pairs `N`.
    pub pairs: u64,
    /// Game pairs per step.
    pub batch: u64,
    /// Step-size exponent α (fishtest: 0.602).
    pub alpha: f64,
    /// Perturbation exponent γ (fishtest: 0.101).
    pub gamma: f64,
    /// Stability constant `A` (`None`: 0.1 N).
    pub big_a: Option<f64>,
}

impl SpsaSchedule {
    /// A schedule with the fishtest exponents and `A = 0.1 N`.
    pub fn fishtest(pairs: u64, batch: u64) -> SpsaSchedule {
        SpsaSchedule {
            pairs,
            batch,
            alpha: 0.602,
            gamma: 0.101,
            big_a: None,
        }
    }

    /// The stability constant `A`.
    pub fn a_const(&self) -> f64 {
        self.big_a.unwrap_or(0.1 * self.pairs as f64)
    }

    /// `(c_k, a_k)` of a parameter at pair count `k` (1-based).
    pub fn gains(&self, p: &SpsaParam, k: u64) -> (f64, f64) {
        let n = self.pairs.max(1) as f64;
        let k = k.max(1) as f64;
        let c = p.c_end * n.powf(self.gamma);
        let a_end = p.r_end * p.c_end * p.c_end;
        let a = a_end * (self.a_const() + n).powf(self.alpha);
        (
            c / k.powf(self.gamma),
            a / (self.a_const() + k).powf(self.alpha),
        )
    }
}

/// One row of the parameter history (after a step).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryRow {
    /// Steps done.
    pub step: u64,
    /// Game pairs played so far.
    pub pairs: u64,
    /// Wins minus losses of θ+ in this step.
    pub result: f64,
    /// Parameter values after the step.
    pub theta: Vec<f64>,
}

/// The complete state of a run: written after every step, enough to resume it exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaState {
    /// Parameters.
    pub params: Vec<SpsaParam>,
    /// Schedule.
    pub schedule: SpsaSchedule,
    /// Current values.
    pub theta: Vec<f64>,
    /// Game pairs played.
    pub pairs_done: u64,
    /// Steps done.
    pub step: u64,
    /// Random generator for the perturbation signs.
    pub rng: SplitMix64,
    /// Values after every step (the first row is the start).
    pub history: Vec<HistoryRow>,
}

/// What a step asks the objective: play `pairs` game pairs of `plus` against `minus` and return
/// the wins minus losses of `plus` (in games). `step` and `seed` make the match reproducible.
pub trait Objective {
    /// Plays the pairs; returns wins minus losses of `plus`.
    fn play(&mut self, plus: &[f64], minus: &[f64], pairs: u64, step: u64) -> Result<f64>;
}

impl SpsaState {
    /// A fresh run.
    pub fn new(params: Vec<SpsaParam>, schedule: SpsaSchedule, seed: u64) -> Result<SpsaState> {
        if params.is_empty() {
            bail!("SPSA needs at least one parameter");
        }
        if schedule.pairs == 0 || schedule.batch == 0 {
            bail!("SPSA needs pairs > 0 and batch > 0");
        }
        for p in &params {
            if !(p.min <= p.start && p.start <= p.max) {
                bail!(
                    "parameter {}: start {} is outside {}..={}",
                    p.name,
                    p.start,
                    p.min,
                    p.max
                );
            }
            if !(p.c_end > 0.0 && p.r_end > 0.0) {
                bail!("parameter {}: c_end and r_end must be positive", p.name);
            }
        }
        let theta: Vec<f64> = params.iter().map(|p| p.start).collect();
        let history = vec![HistoryRow {
            step: 0,
            pairs: 0,
            result: 0.0,
            theta: theta.clone(),
        }];
        Ok(SpsaState {
            params,
            schedule,
            theta,
            pairs_done: 0,
            step: 0,
            rng: SplitMix64::new(seed),
            history,
        })
    }

    /// True when every pair has been played.
    pub fn finished(&self) -> bool {
        self.pairs_done >= self.schedule.pairs
    }

    /// The values sent to the engines: `theta` rounded to integers (UCI spin options).
    pub fn rounded(&self) -> Vec<i64> {
        self.theta.iter().map(|t| t.round() as i64).collect()
    }

    /// Does one step with `objective`. Does nothing when finished.
    pub fn step(&mut self, objective: &mut dyn Objective) -> Result<()> {
        if self.finished() {
            return Ok(());
        }
        let pairs = self
            .schedule
            .batch
            .min(self.schedule.pairs - self.pairs_done);
        let k = self.pairs_done + 1;
        let delta: Vec<f64> = self.params.iter().map(|_| self.rng.sign()).collect();
        let mut plus = Vec::with_capacity(self.params.len());
        let mut minus = Vec::with_capacity(self.params.len());
        let mut gains = Vec::with_capacity(self.params.len());
        for (i, p) in self.params.iter().enumerate() {
            let (c, a) = self.schedule.gains(p, k);
            plus.push((self.theta[i] + c * delta[i]).clamp(p.min, p.max));
            minus.push((self.theta[i] - c * delta[i]).clamp(p.min, p.max));
            gains.push((c, a));
        }
        let result = objective
            .play(&plus, &minus, pairs, self.step)
            .with_context(|| format!("SPSA step {}", self.step + 1))?;
        for (i, p) in self.params.iter().enumerate() {
            let (c, a) = gains[i];
            self.theta[i] = (self.theta[i] + a / c * result * delta[i]).clamp(p.min, p.max);
        }
        self.pairs_done += pairs;
        self.step += 1;
        self.history.push(HistoryRow {
            step: self.step,
            pairs: self.pairs_done,
            result,
            theta: self.theta.clone(),
        });
        Ok(())
    }

    /// Writes the state as JSON (to a temporary file, then renamed, so a crash never leaves a
    /// half-written checkpoint).
    pub fn save(&self, path: &Path) -> Result<()> {
        let text = serde_json::to_string_pretty(self)?;
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
        std::fs::rename(&tmp, path)
            .with_context(|| format!("cannot rename {} to {}", tmp.display(), path.display()))?;
        Ok(())
    }

    /// Reads a state written by [`SpsaState::save`].
    pub fn load(path: &Path) -> Result<SpsaState> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read checkpoint {}", path.display()))?;
        let s: SpsaState = serde_json::from_str(&text)
            .with_context(|| format!("{} is not an SPSA checkpoint", path.display()))?;
        if s.theta.len() != s.params.len() {
            bail!("{}: parameter count mismatch", path.display());
        }
        Ok(s)
    }

    /// The history as CSV: `step,pairs,result,<name>...`.
    pub fn history_csv(&self) -> String {
        let mut out = String::from("step,pairs,result");
        for p in &self.params {
            out.push(',');
            out.push_str(&p.name);
        }
        out.push('\n');
        for r in &self.history {
            out.push_str(&format!("{},{},{}", r.step, r.pairs, r.result));
            for t in &r.theta {
                out.push_str(&format!(",{t:.3}"));
            }
            out.push('\n');
        }
        out
    }

    /// The final values as UCI `setoption` lines (rounded).
    pub fn setoption_lines(&self) -> String {
        self.params
            .iter()
            .zip(self.rounded())
            .map(|(p, v)| format!("setoption name {} value {v}\n", p.name))
            .collect()
    }
}

/// Runs `state` to the end with `objective`, calling `after_step` after every step (to write a
/// checkpoint, update a progress bar, ...).
pub fn run(
    state: &mut SpsaState,
    objective: &mut dyn Objective,
    mut after_step: impl FnMut(&SpsaState) -> Result<()>,
) -> Result<()> {
    while !state.finished() {
        state.step(objective)?;
        after_step(state)?;
    }
    Ok(())
}

//! Texel tuning: fit the evaluation weights to game results by minimising
//!
//! ```text
//! L(w) = mean_i (r_i - σ(K e_i(w)))²,   σ(x) = 1 / (1 + 10^(-x/400))
//! ```
//!
//! over labelled quiet positions, where `e_i(w)` is the static evaluation from the side to
//! move's point of view and `r_i` the game result from the same side's point of view. The
//! evaluation trace ([`engine::eval::EvalTrace`]) makes `e_i` linear in the weights,
//! `e_i = base_i + Σ_j c_ij w_j`, so the gradient is exact:
//! `∂L/∂w_j = mean_i 2 (σ_i - r_i) σ_i (1 - σ_i) (K ln10 / 400) c_ij`.
//!
//! `K` is fitted first (golden-section search with the start weights) and then held fixed; the
//! weights are fitted with Adam, projected onto each weight's range after every step, and
//! finally rounded to integers. Each game has its own weights, so a fit takes the positions of
//! one game.
//!
//! An optional prior ([`AdamOptions::l2`]) adds `λ Σ_j ((w_j - w0_j) / s_j)²` to the loss, with
//! `w0` the start weights and `s_j = max(|w0_j|, PRIOR_MIN_SCALE)`: every weight pays for moving
//! by a fraction of its own size, so a fit on noisy self-play data cannot push one term to its
//! bound to explain a few positions.

use super::data::Sample;
use anyhow::{anyhow, Result};
use engine::eval::trace::weight_values;
use engine::eval::weights::Weights;
use engine::eval::Evaluator;
use movegen::{Position, Variant};
use rayon::prelude::*;
use std::collections::BTreeSet;

/// Traced positions, restricted to the tuned weights (compressed sparse rows).
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Row `i` spans `coef[offsets[i]..offsets[i + 1]]`.
    pub offsets: Vec<usize>,
    /// Tuned-parameter index (into [`Dataset::params`]) of each coefficient.
    pub index: Vec<u32>,
    /// Coefficients.
    pub coef: Vec<f32>,
    /// Evaluation part that does not depend on the tuned weights.
    pub base: Vec<f64>,
    /// Result from the side to move's point of view.
    pub result: Vec<f64>,
    /// Table indices of the tuned weights.
    pub params: Vec<usize>,
}

/// One position's trace in combined form: `(table index, coefficient)` and the offset.
pub type Traced = (Vec<(usize, f64)>, f64, f64);

/// Traces every sample with the weights `w` (in parallel), which must all be positions of
/// `w`'s game. Each entry is `(coefficients, offset, result from the side to move's view)`.
pub fn trace_samples(samples: &[Sample], w: &Weights) -> Result<Vec<Traced>> {
    let evaluator = Evaluator::new(w);
    samples
        .par_iter()
        .enumerate()
        .map(|(i, s)| {
            let pos = position(s, w.variant()).map_err(|e| anyhow!("position {}: {e}", i + 1))?;
            let t = evaluator.trace(w, &pos);
            let r = if t.sign > 0 { s.result } else { 1.0 - s.result };
            Ok((t.coefficients(), t.offset, r))
        })
        .collect()
}

/// The position of a sample, which must be one of `game`.
fn position(s: &Sample, game: Variant) -> Result<Position> {
    if s.variant != game {
        return Err(anyhow!(
            "a {} position among {game} weights: each game has its own weights, fit one game \
             at a time",
            s.variant
        ));
    }
    Position::from_fen(s.variant, &s.fen).map_err(|e| anyhow!("{e}"))
}

/// Table indices with a non-zero coefficient in some traced position.
pub fn used_weights(traced: &[Traced]) -> BTreeSet<usize> {
    traced
        .iter()
        .flat_map(|(c, _, _)| c.iter().map(|(i, _)| *i))
        .collect()
}

impl Dataset {
    /// Builds a dataset of the tuned weights `params` (table indices) from traced positions;
    /// the other weights keep their values in `values` (table order) and go into `base`.
    pub fn build(traced: &[Traced], params: &[usize], values: &[f64]) -> Dataset {
        let mut slot = vec![u32::MAX; values.len()];
        for (k, &p) in params.iter().enumerate() {
            if let Some(s) = slot.get_mut(p) {
                *s = k as u32;
            }
        }
        let mut d = Dataset {
            offsets: vec![0],
            params: params.to_vec(),
            ..Dataset::default()
        };
        for (coefs, offset, r) in traced {
            let mut base = *offset;
            for &(i, c) in coefs {
                match slot.get(i) {
                    Some(&k) if k != u32::MAX => {
                        d.index.push(k);
                        d.coef.push(c as f32);
                    }
                    _ => base += c * values.get(i).copied().unwrap_or(0.0),
                }
            }
            d.base.push(base);
            d.result.push(*r);
            d.offsets.push(d.coef.len());
        }
        d
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.base.len()
    }

    /// True without positions.
    pub fn is_empty(&self) -> bool {
        self.base.is_empty()
    }

    /// Evaluation of position `i` with tuned values `theta`.
    pub fn eval(&self, i: usize, theta: &[f64]) -> f64 {
        let (a, b) = (self.offsets[i], self.offsets[i + 1]);
        let mut e = self.base[i];
        for k in a..b {
            e += self.coef[k] as f64 * theta[self.index[k] as usize];
        }
        e
    }

    /// Mean squared error at `theta` and scaling constant `k`.
    pub fn loss(&self, theta: &[f64], k: f64) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let sum: f64 = (0..self.len())
            .into_par_iter()
            .with_min_len(2048)
            .map(|i| {
                let d = self.result[i] - sigmoid(k * self.eval(i, theta));
                d * d
            })
            .sum();
        sum / self.len() as f64
    }

    /// Loss and its gradient with respect to `theta`.
    pub fn loss_and_gradient(&self, theta: &[f64], k: f64) -> (f64, Vec<f64>) {
        let n = self.len();
        let p = theta.len();
        if n == 0 {
            return (0.0, vec![0.0; p]);
        }
        let scale = k * std::f64::consts::LN_10 / 400.0;
        let (sum, mut grad) = (0..n)
            .into_par_iter()
            .with_min_len(2048)
            .fold(
                || (0.0, vec![0.0; p]),
                |(mut l, mut g), i| {
                    let s = sigmoid(k * self.eval(i, theta));
                    let d = s - self.result[i];
                    l += d * d;
                    let f = 2.0 * d * s * (1.0 - s) * scale;
                    for j in self.offsets[i]..self.offsets[i + 1] {
                        g[self.index[j] as usize] += f * self.coef[j] as f64;
                    }
                    (l, g)
                },
            )
            .reduce(
                || (0.0, vec![0.0; p]),
                |(la, mut ga), (lb, gb)| {
                    for (a, b) in ga.iter_mut().zip(gb) {
                        *a += b;
                    }
                    (la + lb, ga)
                },
            );
        for g in &mut grad {
            *g /= n as f64;
        }
        (sum / n as f64, grad)
    }
}

/// The logistic `σ(x) = 1 / (1 + 10^(-x/400))` of an evaluation in centipawns.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-x / 400.0))
}

/// The `K` in `[lo, hi]` minimising the loss at `theta`.
pub fn fit_k(d: &Dataset, theta: &[f64], lo: f64, hi: f64) -> f64 {
    golden_section_min(|k| d.loss(theta, k), lo, hi, 1e-4)
}

/// The `x` in `[lo, hi]` minimising a unimodal `f`, by golden-section search, to within `tol`
/// (at most 60 steps).
pub fn golden_section_min(f: impl Fn(f64) -> f64, lo: f64, hi: f64, tol: f64) -> f64 {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (lo, hi);
    let mut x1 = b - g * (b - a);
    let mut x2 = a + g * (b - a);
    let mut f1 = f(x1);
    let mut f2 = f(x2);
    for _ in 0..60 {
        if f1 < f2 {
            b = x2;
            x2 = x1;
            f2 = f1;
            x1 = b - g * (b - a);
            f1 = f(x1);
        } else {
            a = x1;
            x1 = x2;
            f1 = f2;
            x2 = a + g * (b - a);
            f2 = f(x2);
        }
        if b - a < tol {
            break;
        }
    }
    (a + b) / 2.0
}

/// Adam settings.
#[derive(Clone, Copy, Debug)]
pub struct AdamOptions {
    /// Steps.
    pub iterations: usize,
    /// Learning rate (centipawns per step, roughly).
    pub lr: f64,
    /// First-moment decay.
    pub beta1: f64,
    /// Second-moment decay.
    pub beta2: f64,
    /// Strength `λ` of the pull toward the start weights (0: none); see the module doc.
    pub l2: f64,
}

/// Smallest scale of a weight in the prior, so that weights near zero may still move a little.
pub const PRIOR_MIN_SCALE: f64 = 25.0;

/// The prior's penalty and its gradient at `theta`, pulling toward `start` with strength `l2`.
pub fn prior(theta: &[f64], start: &[f64], l2: f64) -> (f64, Vec<f64>) {
    let mut penalty = 0.0;
    let grad = theta
        .iter()
        .zip(start)
        .map(|(&w, &w0)| {
            let s = w0.abs().max(PRIOR_MIN_SCALE);
            let z = (w - w0) / s;
            penalty += l2 * z * z;
            2.0 * l2 * z / s
        })
        .collect();
    (penalty, grad)
}

impl Default for AdamOptions {
    fn default() -> Self {
        AdamOptions {
            iterations: 2000,
            lr: 1.0,
            beta1: 0.9,
            beta2: 0.999,
            l2: 0.0,
        }
    }
}

/// Minimises the loss (plus the prior toward `start` when `opts.l2 > 0`) over `theta` with Adam,
/// keeping each value within `bounds`; calls `report(step, loss)` every step with the data loss
/// alone. Returns the final values (not rounded).
pub fn adam(
    d: &Dataset,
    start: &[f64],
    bounds: &[(f64, f64)],
    k: f64,
    opts: &AdamOptions,
    mut report: impl FnMut(usize, f64),
) -> Vec<f64> {
    let p = start.len();
    let mut theta = start.to_vec();
    let mut m = vec![0.0; p];
    let mut v = vec![0.0; p];
    for t in 1..=opts.iterations {
        let (loss, mut g) = d.loss_and_gradient(&theta, k);
        if opts.l2 > 0.0 {
            let (_, pg) = prior(&theta, start, opts.l2);
            for (a, b) in g.iter_mut().zip(pg) {
                *a += b;
            }
        }
        report(t, loss);
        let b1 = 1.0 - opts.beta1.powi(t as i32);
        let b2 = 1.0 - opts.beta2.powi(t as i32);
        for j in 0..p {
            m[j] = opts.beta1 * m[j] + (1.0 - opts.beta1) * g[j];
            v[j] = opts.beta2 * v[j] + (1.0 - opts.beta2) * g[j] * g[j];
            let step = opts.lr * (m[j] / b1) / ((v[j] / b2).sqrt() + 1e-12);
            let (lo, hi) = bounds.get(j).copied().unwrap_or((f64::MIN, f64::MAX));
            theta[j] = (theta[j] - step).clamp(lo, hi);
        }
    }
    theta
}

/// True when `name` matches the pattern (`*` matches any run of characters; case-insensitive).
pub fn glob(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.to_ascii_lowercase().chars().collect();
    let n: Vec<char> = name.to_ascii_lowercase().chars().collect();
    fn go(p: &[char], n: &[char]) -> bool {
        match p.split_first() {
            None => n.is_empty(),
            Some(('*', rest)) => (0..=n.len()).any(|i| go(rest, &n[i..])),
            Some((c, rest)) => n.first() == Some(c) && go(rest, &n[1..]),
        }
    }
    go(&p, &n)
}

/// Chooses the tuned weights: those matching one of `include` (or every weight used by the
/// data when `include` is empty), minus those matching `exclude`, and never `MobilityScale`
/// (the evaluation is not linear in it). Returns table indices.
pub fn select_params(
    w: &Weights,
    used: &BTreeSet<usize>,
    include: &[String],
    exclude: &[String],
) -> Vec<usize> {
    w.table()
        .iter()
        .enumerate()
        .filter(|(i, (spec, _))| {
            let inc = if include.is_empty() {
                used.contains(i)
            } else {
                include.iter().any(|p| glob(p, &spec.name))
            };
            inc && !exclude.iter().any(|p| glob(p, &spec.name))
                && !spec.name.eq_ignore_ascii_case("MobilityScale")
        })
        .map(|(i, _)| i)
        .collect()
}

/// The exact loss of the real evaluation with weights `w` (not the trace), for checking.
pub fn exact_loss(samples: &[Sample], w: &Weights, k: f64) -> Result<f64> {
    let evaluator = Evaluator::new(w);
    let errs: Result<Vec<f64>> = samples
        .par_iter()
        .map(|s| {
            let pos = position(s, w.variant())?;
            let e = evaluator.evaluate(&pos) as f64;
            let white = pos.side_to_move() == movegen::Color::White;
            let r = if white { s.result } else { 1.0 - s.result };
            let d = r - sigmoid(k * e);
            Ok(d * d)
        })
        .collect();
    let errs = errs?;
    Ok(errs.iter().sum::<f64>() / errs.len().max(1) as f64)
}

/// The current values of every weight, in table order (re-exported for the CLI).
pub fn values_of(w: &Weights) -> Vec<f64> {
    weight_values(w)
}

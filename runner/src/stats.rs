//! Match statistics with the fastchess / fishtest formulas: W/L/D (trinomial) and game-pair
//! (pentanomial) counts, Elo with a 95% confidence interval, normalized Elo (nElo) and the
//! likelihood of superiority (LOS).
//!
//! All results are from the point of view of the *first* engine of a pairing.

use serde::{Deserialize, Serialize};

/// Two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959963984540054;

/// nElo per unit of "normalized score difference": `800 / ln(10)`.
pub fn nelo_scale() -> f64 {
    800.0 / std::f64::consts::LN_10
}

/// Win/draw/loss counts of single games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trinomial {
    /// Games won by the first engine.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost by the first engine.
    pub losses: u64,
}

impl Trinomial {
    /// Number of games.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Adds one game scored `points` (0, 0.5 or 1 as `0`, `1`, `2` half points).
    pub fn add_half_points(&mut self, half_points: u8) {
        match half_points {
            0 => self.losses += 1,
            1 => self.draws += 1,
            _ => self.wins += 1,
        }
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &Trinomial) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }

    /// Counts as an array `[losses, draws, wins]` (ordered by score).
    pub fn as_array(&self) -> [u64; 3] {
        [self.losses, self.draws, self.wins]
    }
}

/// Counts of game pairs by the first engine's total over the pair, in half points:
/// index 0 = 0 points (LL), 1 = 0.5 (LD), 2 = 1 (WL or DD), 3 = 1.5 (WD), 4 = 2 (WW).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Number of pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Adds a pair whose two games gave the first engine `a` and `b` half points.
    pub fn add_pair(&mut self, a: u8, b: u8) {
        let idx = (a.min(2) + b.min(2)) as usize;
        self.0[idx] += 1;
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &Pentanomial) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a += *b;
        }
    }
}

/// An Elo estimate with its 95% error bars.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Mean score per game of the first engine, in [0, 1].
    pub score: f64,
    /// Logistic Elo difference.
    pub elo: f64,
    /// Half width of the 95% confidence interval of `elo`.
    pub elo_error: f64,
    /// Normalized Elo.
    pub nelo: f64,
    /// Half width of the 95% confidence interval of `nelo`.
    pub nelo_error: f64,
    /// Likelihood of superiority of the first engine, in [0, 1].
    pub los: f64,
}

/// Mean and variance of a discrete distribution given by counts at `points`.
/// Returns `(n, mean, variance)`, or `None` without data.
pub fn distribution(counts: &[f64], points: &[f64]) -> Option<(f64, f64, f64)> {
    let n: f64 = counts.iter().sum();
    if n <= 0.0 {
        return None;
    }
    let mean = counts.iter().zip(points).map(|(c, x)| c * x).sum::<f64>() / n;
    let var = counts
        .iter()
        .zip(points)
        .map(|(c, x)| c * (x - mean) * (x - mean))
        .sum::<f64>()
        / n;
    Some((n, mean, var))
}

/// Logistic Elo difference of a mean score.
pub fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Mean score expected at a logistic Elo difference.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz & Stegun 7.1.26;
/// absolute error below 1.5e-7, ample for LOS).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.3275911 * x);
    let y = 1.0
        - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
            + 0.254829592)
            * t
            * (-x * x).exp();
    sign * y
}

/// Builds the estimate from a mean score, its per-unit variance, the number of units (games or
/// pairs) and the factor that turns a unit's standard deviation into a per-game one for nElo
/// (1 for games, sqrt(2) for pairs).
///
/// The error bars (and LOS) need an estimate of the spread: at least two units with nonzero
/// variance. Before that they are NaN (undefined), never a misleading `± 0`. A score of 0 or 1
/// gives an infinite Elo (and an undefined error bar).
fn estimate(n: f64, mean: f64, var: f64, nelo_sd_factor: f64) -> EloEstimate {
    let spread_known = n >= 2.0 && var > 0.0;
    let var_of_mean = var / n;
    let sd_of_mean = var_of_mean.sqrt();
    // `+ 0.0` turns the -0.0 of an even score into 0.0.
    let elo = score_to_elo(mean) + 0.0;
    let elo_error = if spread_known {
        let upper = mean + Z95 * sd_of_mean;
        let lower = mean - Z95 * sd_of_mean;
        (score_to_elo(upper) - score_to_elo(lower)) / 2.0
    } else {
        f64::NAN
    };
    let sd = var.sqrt() * nelo_sd_factor;
    let (nelo, nelo_error) = if sd > 0.0 {
        let nelo = (mean - 0.5) / sd * nelo_scale() + 0.0;
        let err = if spread_known {
            Z95 * sd_of_mean / sd * nelo_scale()
        } else {
            f64::NAN
        };
        (nelo, err)
    } else {
        (f64::NAN, f64::NAN)
    };
    let los = if n < 2.0 {
        f64::NAN
    } else if var_of_mean > 0.0 {
        (1.0 - erf(-(mean - 0.5) / (2.0 * var_of_mean).sqrt())) / 2.0
    } else if mean > 0.5 {
        1.0
    } else if mean < 0.5 {
        0.0
    } else {
        0.5
    };
    EloEstimate {
        score: mean,
        elo,
        elo_error,
        nelo,
        nelo_error,
        los,
    }
}

/// Elo estimate from single-game counts (`None` without games).
pub fn estimate_trinomial(t: &Trinomial) -> Option<EloEstimate> {
    let counts = t.as_array().map(|c| c as f64);
    let (n, mean, var) = distribution(&counts, &[0.0, 0.5, 1.0])?;
    Some(estimate(n, mean, var, 1.0))
}

/// Elo estimate from game-pair counts (`None` without pairs).
pub fn estimate_pentanomial(p: &Pentanomial) -> Option<EloEstimate> {
    let counts = p.0.map(|c| c as f64);
    let (n, mean, var) = distribution(&counts, &[0.0, 0.25, 0.5, 0.75, 1.0])?;
    Some(estimate(n, mean, var, std::f64::consts::SQRT_2))
}

/// `Some(x)` when `x` is finite (JSON has no infinities), with -0.0 turned into 0.0.
pub fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x + 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_values() {
        assert!((erf(0.0)).abs() < 1e-7);
        assert!((erf(1.0) - 0.8427007929).abs() < 2e-7);
        assert!((erf(-0.5) + 0.5204998778).abs() < 2e-7);
    }

    #[test]
    fn elo_round_trip() {
        for e in [-300.0, -10.0, 0.0, 3.5, 250.0] {
            assert!((score_to_elo(elo_to_score(e)) - e).abs() < 1e-9);
        }
    }

    #[test]
    fn even_match_is_zero() {
        let t = Trinomial {
            wins: 10,
            draws: 20,
            losses: 10,
        };
        let e = estimate_trinomial(&t).unwrap();
        assert!(e.elo.abs() < 1e-12);
        assert!((e.los - 0.5).abs() < 1e-7);
        assert!(estimate_trinomial(&Trinomial::default()).is_none());
    }

    #[test]
    fn no_error_bar_before_the_spread_is_known() {
        // Four draws (two DD pairs): Elo exactly 0 (not -0), no spread, so no error bar.
        let e = estimate_pentanomial(&Pentanomial([0, 0, 2, 0, 0])).unwrap();
        assert_eq!(e.elo.to_bits(), 0.0f64.to_bits(), "{}", e.elo);
        assert!(e.elo_error.is_nan() && e.nelo_error.is_nan());
        // One LD pair: Elo -400 log10(3) = -190.85, but one pair says nothing about the spread.
        let e = estimate_pentanomial(&Pentanomial([0, 1, 0, 0, 0])).unwrap();
        assert!((e.elo + 400.0 * 3f64.log10()).abs() < 1e-9);
        assert!(e.elo_error.is_nan() && e.los.is_nan());
        // Two wins: infinite Elo, undefined error bar.
        let e = estimate_trinomial(&Trinomial {
            wins: 2,
            draws: 0,
            losses: 0,
        })
        .unwrap();
        assert_eq!(e.elo, f64::INFINITY);
        assert!(e.elo_error.is_nan());
        // One win, one loss: the 95% interval of the score, 0.5 ± 1.96 * 0.354, leaves [0, 1],
        // so its Elo width is infinite: still no error bar.
        let e = estimate_trinomial(&Trinomial {
            wins: 1,
            draws: 0,
            losses: 1,
        })
        .unwrap();
        assert_eq!(e.elo, 0.0);
        assert!(e.elo_error.is_nan() || e.elo_error.is_infinite());
        // 3 W, 4 D, 3 L: var 0.15, interval 0.5 ± 0.240, a finite error bar.
        let e = estimate_trinomial(&Trinomial {
            wins: 3,
            draws: 4,
            losses: 3,
        })
        .unwrap();
        let half = Z95 * (0.15f64 / 10.0).sqrt();
        let want = (score_to_elo(0.5 + half) - score_to_elo(0.5 - half)) / 2.0;
        assert!((e.elo_error - want).abs() < 1e-9 && want > 0.0);
    }
}

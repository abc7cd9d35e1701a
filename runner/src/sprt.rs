//! Generalized SPRT (GSPRT) as in fastchess and fishtest: the log-likelihood ratio of two
//! hypotheses on the Elo difference, with the normalized or logistic Elo model, from trinomial
//! or pentanomial counts.

use crate::stats::{distribution, elo_to_score, nelo_scale, Pentanomial, Trinomial};
use serde::{Deserialize, Serialize};

/// Fewest completed game pairs before a test may stop. The GSPRT approximation divides by the
/// sample variance, which a handful of pairs underestimates badly: three lost pairs give an
/// LLR of about -3.7 and four won pairs one above +5, far past the usual bounds of ±2.94,
/// although such a sample says little. Thirty pairs (60 games) is a few minutes at the gating
/// time control and small against the thousands of games a test may take.
pub const MIN_PAIRS: u64 = 30;

/// Which Elo scale `elo0`/`elo1` are expressed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtModel {
    /// Normalized Elo (nElo), fishtest's default.
    Normalized,
    /// Classical logistic Elo.
    Logistic,
}

impl std::str::FromStr for SprtModel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "normalized" | "nelo" => Ok(SprtModel::Normalized),
            "logistic" | "elo" => Ok(SprtModel::Logistic),
            other => Err(format!(
                "unknown SPRT model '{other}' (expected normalized or logistic)"
            )),
        }
    }
}

/// Parameters of a sequential test.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtConfig {
    /// Elo difference of the null hypothesis.
    pub elo0: f64,
    /// Elo difference of the alternative hypothesis.
    pub elo1: f64,
    /// Type I error (false positive) rate.
    pub alpha: f64,
    /// Type II error (false negative) rate.
    pub beta: f64,
    /// Elo model of `elo0`/`elo1`.
    pub model: SprtModel,
}

/// State of a sequential test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtDecision {
    /// LLR crossed the upper bound: H1 accepted.
    H1,
    /// LLR crossed the lower bound: H0 accepted.
    H0,
    /// Neither bound crossed yet.
    Continue,
    /// All games were played and neither bound was crossed (only in a final summary).
    Inconclusive,
}

impl SprtDecision {
    /// Text for people: `H1 accepted`, `H0 accepted`, `running`, `inconclusive ...`.
    pub fn describe(self) -> &'static str {
        match self {
            SprtDecision::H1 => "H1 accepted",
            SprtDecision::H0 => "H0 accepted",
            SprtDecision::Continue => "running",
            SprtDecision::Inconclusive => {
                "inconclusive (the games ran out before the LLR reached a bound)"
            }
        }
    }
}

impl SprtConfig {
    /// Checks the parameters, with a message saying what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        if !(self.elo0.is_finite() && self.elo1.is_finite()) {
            return Err("SPRT elo0 and elo1 must be numbers".into());
        }
        if self.elo0 >= self.elo1 {
            return Err(format!(
                "SPRT needs elo0 < elo1 (got {} and {})",
                self.elo0, self.elo1
            ));
        }
        for (name, v) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!("SPRT {name} must be in (0, 0.5), got {v}"));
            }
        }
        Ok(())
    }

    /// `(lower, upper)` LLR bounds: `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Decision for a given LLR.
    pub fn decision(&self, llr: f64) -> SprtDecision {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtDecision::H1
        } else if llr <= lo {
            SprtDecision::H0
        } else {
            SprtDecision::Continue
        }
    }

    /// LLR from game-pair counts and the decision it supports: never a decision before
    /// [`MIN_PAIRS`] pairs, whatever the LLR says.
    pub fn judge(&self, p: &Pentanomial) -> (f64, SprtDecision) {
        let llr = self.llr_pentanomial(p);
        if p.pairs() < MIN_PAIRS {
            (llr, SprtDecision::Continue)
        } else {
            (llr, self.decision(llr))
        }
    }

    /// LLR from game-pair counts.
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        self.llr(&p.0, &[0.0, 0.25, 0.5, 0.75, 1.0], std::f64::consts::SQRT_2)
    }

    /// LLR from single-game counts.
    pub fn llr_trinomial(&self, t: &Trinomial) -> f64 {
        self.llr(&t.as_array(), &[0.0, 0.5, 1.0], 1.0)
    }

    /// The GSPRT approximation of fastchess (`LLR ~ (s1 - s0) (2 s - s0 - s1) / (2 var / n)`),
    /// with fishtest's regularization of empty cells (replaced by 1e-3) when there is data.
    fn llr(&self, counts: &[u64], points: &[f64], sd_factor: f64) -> f64 {
        if counts.iter().sum::<u64>() == 0 {
            return 0.0;
        }
        let reg: Vec<f64> = counts.iter().map(|&c| (c as f64).max(1e-3)).collect();
        let Some((n, mean, var)) = distribution(&reg, points) else {
            return 0.0;
        };
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = match self.model {
            SprtModel::Logistic => (elo_to_score(self.elo0), elo_to_score(self.elo1)),
            SprtModel::Normalized => {
                let sd = var.sqrt() * sd_factor;
                (
                    0.5 + self.elo0 / nelo_scale() * sd,
                    0.5 + self.elo1 / nelo_scale() * sd,
                )
            }
        };
        (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var / n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_standard() {
        let c = SprtConfig {
            elo0: 0.0,
            elo1: 2.0,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::Normalized,
        };
        let (lo, hi) = c.bounds();
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
        assert_eq!(c.llr_pentanomial(&Pentanomial::default()), 0.0);
        assert!(c.validate().is_ok());
        assert!(SprtConfig { elo0: 3.0, ..c }.validate().is_err());
    }

    fn gating() -> SprtConfig {
        SprtConfig {
            elo0: 0.0,
            elo1: 15.0,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::Normalized,
        }
    }

    #[test]
    fn a_handful_of_pairs_decides_nothing() {
        // Seen in real gating runs: three lost pairs, and four won pairs, crossed the bounds.
        let c = gating();
        let (lo, hi) = c.bounds();
        let lost = Pentanomial([3, 0, 0, 0, 0]);
        let won = Pentanomial([0, 0, 0, 0, 4]);
        assert!(c.llr_pentanomial(&lost) < lo, "the raw LLR crosses");
        assert!(c.llr_pentanomial(&won) > hi, "the raw LLR crosses");
        assert_eq!(c.judge(&lost).1, SprtDecision::Continue);
        assert_eq!(c.judge(&won).1, SprtDecision::Continue);
        // One pair short of the minimum still waits; at the minimum a clear record decides.
        let short = Pentanomial([0, 1, 4, 5, MIN_PAIRS - 11]);
        assert_eq!(short.pairs(), MIN_PAIRS - 1);
        assert!(c.llr_pentanomial(&short) > hi);
        assert_eq!(c.judge(&short).1, SprtDecision::Continue);
        let enough = Pentanomial([0, 1, 4, 5, MIN_PAIRS - 10]);
        assert_eq!(c.judge(&enough).1, SprtDecision::H1);
        let bad = Pentanomial([MIN_PAIRS - 10, 5, 4, 1, 0]);
        assert_eq!(c.judge(&bad).1, SprtDecision::H0);
    }
}

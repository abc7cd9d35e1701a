//! Counting finished games into per-pairing statistics, and the summary of a run (JSON).
//! Used identically by a live run, a resumed run and `merge`, so counts are computed once,
//! from the games themselves.

use crate::record::{GameRecord, Termination};
use crate::sprt::{SprtConfig, SprtDecision};
use crate::stats::{estimate_pentanomial, estimate_trinomial, finite, Pentanomial, Trinomial};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// Counts of one pairing.
#[derive(Clone, Debug, Default)]
pub struct PairingTally {
    /// Engines `[first, second]`.
    pub engines: [usize; 2],
    /// Single games.
    pub trinomial: Trinomial,
    /// Completed pairs.
    pub pentanomial: Pentanomial,
    partial: HashMap<u64, [Option<u8>; 2]>,
}

/// Counts of a whole run.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// By pairing index.
    pub pairings: BTreeMap<usize, PairingTally>,
    /// Terminations.
    pub terminations: BTreeMap<Termination, u64>,
    seen: HashMap<(u64, u8), u8>,
    latency: HashMap<String, (u64, f64, f64)>,
    /// Games counted.
    pub games: u64,
}

impl Tally {
    /// True when game `game` of pair `pair` is already counted.
    pub fn has(&self, pair: u64, game: u8) -> bool {
        self.seen.contains_key(&(pair, game))
    }

    /// Counts a game. Returns `Err` with a reason when the same game was counted before with
    /// another result, `Ok(false)` for an identical duplicate (not counted twice).
    pub fn add(&mut self, g: &GameRecord) -> Result<bool, String> {
        let hp = g.first_half_points();
        if let Some(prev) = self.seen.get(&(g.pair, g.game)) {
            if *prev != hp {
                return Err(format!(
                    "game {} of pair {} appears twice with different results",
                    g.game, g.pair
                ));
            }
            return Ok(false);
        }
        if g.game > 1 {
            return Err(format!("pair {} has a game number {}", g.pair, g.game));
        }
        self.seen.insert((g.pair, g.game), hp);
        self.games += 1;
        let t = self.pairings.entry(g.pairing).or_default();
        t.engines = g.pairing_engines;
        t.trinomial.add_half_points(hp);
        let slot = t.partial.entry(g.pair).or_default();
        slot[g.game as usize] = Some(hp);
        if let [Some(a), Some(b)] = *slot {
            t.pentanomial.add_pair(a, b);
            t.partial.remove(&g.pair);
        }
        *self.terminations.entry(g.termination).or_default() += 1;
        for (name, lat) in [(&g.white, g.latency_ms[0]), (&g.black, g.latency_ms[1])] {
            if let Some(l) = lat {
                let e = self.latency.entry(name.clone()).or_insert((0, 0.0, 0.0));
                e.0 += 1;
                e.1 += l;
                e.2 = e.2.max(l);
            }
        }
        Ok(true)
    }

    /// LLR of the first pairing (the two-engine match) under `sprt`.
    pub fn llr(&self, sprt: &SprtConfig) -> f64 {
        self.pairings
            .get(&0)
            .map(|t| sprt.llr_pentanomial(&t.pentanomial))
            .unwrap_or(0.0)
    }

    /// Summary of everything counted.
    pub fn summary(&self, names: &[String], sprt: Option<&SprtConfig>) -> MatchSummary {
        let name = |i: usize| {
            names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("engine{i}"))
        };
        let pairings = self
            .pairings
            .values()
            .map(|t| {
                let llr = sprt.map(|s| {
                    let llr = s.llr_pentanomial(&t.pentanomial);
                    let (lower, upper) = s.bounds();
                    SprtSummary {
                        config: *s,
                        llr,
                        lower,
                        upper,
                        decision: s.decision(llr),
                    }
                });
                PairingSummary {
                    engine: name(t.engines[0]),
                    opponent: name(t.engines[1]),
                    games: t.trinomial.games(),
                    wins: t.trinomial.wins,
                    draws: t.trinomial.draws,
                    losses: t.trinomial.losses,
                    pairs: t.pentanomial.pairs(),
                    pentanomial: t.pentanomial.0,
                    pentanomial_stats: EstimateSummary::from(estimate_pentanomial(&t.pentanomial)),
                    trinomial_stats: EstimateSummary::from(estimate_trinomial(&t.trinomial)),
                    sprt: llr,
                }
            })
            .collect();
        let mut latency: Vec<LatencySummary> = self
            .latency
            .iter()
            .map(|(n, (c, sum, max))| LatencySummary {
                engine: n.clone(),
                samples: *c,
                mean_ms: if *c > 0 { sum / *c as f64 } else { 0.0 },
                max_ms: *max,
            })
            .collect();
        latency.sort_by(|a, b| a.engine.cmp(&b.engine));
        MatchSummary {
            games: self.games,
            pairings,
            terminations: self
                .terminations
                .iter()
                .map(|(k, v)| (k.pgn().to_string(), *v))
                .collect(),
            latency,
        }
    }
}

/// Elo figures (absent when undefined, e.g. a 100% score).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EstimateSummary {
    /// Mean score per game.
    pub score: Option<f64>,
    /// Elo.
    pub elo: Option<f64>,
    /// 95% half width of Elo.
    pub elo_error: Option<f64>,
    /// Normalized Elo.
    pub nelo: Option<f64>,
    /// 95% half width of nElo.
    pub nelo_error: Option<f64>,
    /// Likelihood of superiority.
    pub los: Option<f64>,
}

impl From<Option<crate::stats::EloEstimate>> for EstimateSummary {
    fn from(e: Option<crate::stats::EloEstimate>) -> Self {
        match e {
            None => EstimateSummary::default(),
            Some(e) => EstimateSummary {
                score: finite(e.score),
                elo: finite(e.elo),
                elo_error: finite(e.elo_error),
                nelo: finite(e.nelo),
                nelo_error: finite(e.nelo_error),
                los: finite(e.los),
            },
        }
    }
}

/// SPRT state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtSummary {
    /// Test parameters.
    pub config: SprtConfig,
    /// Log-likelihood ratio.
    pub llr: f64,
    /// Lower bound.
    pub lower: f64,
    /// Upper bound.
    pub upper: f64,
    /// Decision.
    pub decision: SprtDecision,
}

/// Results of one pairing, from `engine`'s point of view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairingSummary {
    /// Reference engine.
    pub engine: String,
    /// Its opponent.
    pub opponent: String,
    /// Games.
    pub games: u64,
    /// Wins of `engine`.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses of `engine`.
    pub losses: u64,
    /// Completed pairs.
    pub pairs: u64,
    /// Pair counts by `engine`'s points: 0, 0.5, 1, 1.5, 2.
    pub pentanomial: [u64; 5],
    /// Elo from pair counts (the figures to quote).
    pub pentanomial_stats: EstimateSummary,
    /// Elo from game counts.
    pub trinomial_stats: EstimateSummary,
    /// SPRT, when run.
    pub sprt: Option<SprtSummary>,
}

/// `isready` latency of an engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LatencySummary {
    /// Engine name.
    pub engine: String,
    /// Samples.
    pub samples: u64,
    /// Mean in milliseconds.
    pub mean_ms: f64,
    /// Maximum in milliseconds.
    pub max_ms: f64,
}

/// Summary of a run (or of merged runs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSummary {
    /// Games counted.
    pub games: u64,
    /// Per pairing.
    pub pairings: Vec<PairingSummary>,
    /// Count of each termination.
    pub terminations: BTreeMap<String, u64>,
    /// Latencies per engine.
    pub latency: Vec<LatencySummary>,
}

impl MatchSummary {
    /// Marks every SPRT that is still undecided as inconclusive: call it when all games of the
    /// run were played.
    pub fn conclude(&mut self) {
        for p in &mut self.pairings {
            if let Some(sp) = p.sprt.as_mut() {
                if sp.decision == SprtDecision::Continue {
                    sp.decision = SprtDecision::Inconclusive;
                }
            }
        }
    }
}

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
    watch: Option<SprtConfig>,
    stop: Option<SprtStop>,
}

/// Where a sequential test stopped: the first time, in the order the games were counted, that
/// the first pairing's LLR crossed a bound with at least [`crate::sprt::MIN_PAIRS`] pairs.
/// Games still running at that moment are counted afterwards (they were played and are kept),
/// but they never undo the decision.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtStop {
    /// The decision taken.
    pub decision: SprtDecision,
    /// Games of the pairing counted when it was taken.
    pub games: u64,
    /// Completed pairs then.
    pub pairs: u64,
    /// The LLR then.
    pub llr: f64,
}

impl Tally {
    /// A tally that watches the first pairing with `sprt` and remembers where it stopped
    /// (no watching with `None`).
    pub fn watching(sprt: Option<SprtConfig>) -> Self {
        Tally {
            watch: sprt,
            ..Tally::default()
        }
    }

    /// Where the watched test stopped, once it has.
    pub fn sprt_stop(&self) -> Option<&SprtStop> {
        self.stop.as_ref()
    }

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
            if let (0, Some(sprt), None) = (g.pairing, self.watch, self.stop) {
                let (llr, decision) = sprt.judge(&t.pentanomial);
                if decision != SprtDecision::Continue {
                    self.stop = Some(SprtStop {
                        decision,
                        games: t.trinomial.games(),
                        pairs: t.pentanomial.pairs(),
                        llr,
                    });
                }
            }
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
            .iter()
            .map(|(&index, t)| {
                let llr = sprt.map(|s| {
                    let (llr, decision) = s.judge(&t.pentanomial);
                    let (lower, upper) = s.bounds();
                    let stopped_at = match (index, self.watch, self.stop) {
                        (0, Some(w), Some(stop)) if w == *s => Some(stop),
                        _ => None,
                    };
                    SprtSummary {
                        config: *s,
                        llr,
                        lower,
                        upper,
                        decision: stopped_at.map_or(decision, |stop| stop.decision),
                        stopped_at,
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
    /// Decision: where the test stopped, when it has (see `stopped_at`), else what the
    /// counts say now (never before [`crate::sprt::MIN_PAIRS`] pairs).
    pub decision: SprtDecision,
    /// Where the test stopped, when it has; `llr` above may differ by the games that were
    /// still running then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_at: Option<SprtStop>,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::GameResult;
    use crate::sprt::{SprtModel, MIN_PAIRS};

    /// Game `game` of pair `pair` between engines 0 and 1; engine 0 scores `first` half points.
    fn game(pair: u64, game: u8, first: u8) -> GameRecord {
        let white_engine = usize::from(game == 1);
        let white_wins = (first == 2) == (white_engine == 0);
        GameRecord {
            pair,
            game,
            round: pair,
            pairing: 0,
            pairing_engines: [0, 1],
            opening: 0,
            variant: "titan".into(),
            white: format!("e{white_engine}"),
            black: format!("e{}", 1 - white_engine),
            white_engine,
            black_engine: 1 - white_engine,
            fen: String::new(),
            result: match first {
                1 => GameResult::Draw,
                _ if white_wins => GameResult::WhiteWins,
                _ => GameResult::BlackWins,
            },
            termination: Termination::Checkmate,
            reason: String::new(),
            time_control: [String::new(), String::new()],
            moves: Vec::new(),
            latency_ms: [None, None],
            duration_ms: 0,
            date: None,
        }
    }

    #[test]
    fn a_decision_is_kept_when_running_games_come_in_after_it() {
        let sprt = SprtConfig {
            elo0: 0.0,
            elo1: 15.0,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::Normalized,
        };
        let mut tally = Tally::watching(Some(sprt));
        // Engine 0 loses pairs (with a few drawn ones) until the test stops.
        let mut pair = 0;
        while tally.sprt_stop().is_none() {
            let first = if pair % 4 == 3 { [1, 1] } else { [0, 0] };
            for (g, hp) in first.into_iter().enumerate() {
                tally.add(&game(pair, g as u8, hp)).unwrap();
            }
            pair += 1;
            assert!(pair < 1000, "the test never stopped");
        }
        let stop = *tally.sprt_stop().unwrap();
        assert_eq!(stop.decision, SprtDecision::H0);
        assert!(stop.pairs >= MIN_PAIRS);
        assert_eq!(stop.games, 2 * pair);
        // The pairs still running then are all won by engine 0: the LLR moves back inside
        // the bounds, but the decision stands and says where it was taken.
        for p in pair..pair + 40 {
            tally.add(&game(p, 0, 2)).unwrap();
            tally.add(&game(p, 1, 2)).unwrap();
        }
        let (lower, _) = sprt.bounds();
        assert!(
            tally.llr(&sprt) > lower,
            "the late games reopen the raw LLR"
        );
        let summary = tally.summary(&["a".into(), "b".into()], Some(&sprt));
        let sp = summary.pairings[0].sprt.as_ref().unwrap();
        assert_eq!(sp.decision, SprtDecision::H0);
        assert_eq!(sp.stopped_at, Some(stop));
        let text = crate::report::sprt(sp, 3, true);
        assert!(
            text.contains(&format!("H0 accepted after {} games", stop.games)),
            "{text}"
        );
        // A tally that watches nothing judges the counts as they are now.
        let mut plain = Tally::default();
        for p in 0..pair + 40 {
            let hp = if p < pair { 0 } else { 2 };
            plain.add(&game(p, 0, hp)).unwrap();
            plain.add(&game(p, 1, hp)).unwrap();
        }
        let sp = plain.summary(&[], Some(&sprt)).pairings[0]
            .sprt
            .clone()
            .unwrap();
        assert_eq!(sp.stopped_at, None);
    }
}

//! The real SPSA objective: θ+ and θ− as two instances of the engine with different UCI
//! options, playing game pairs through the match runner.

use super::engines::MatchSettings;
use super::spsa::Objective;
use anyhow::{anyhow, Result};

/// Plays θ+ against θ− with [`runner::play_match`].
pub struct MatchObjective {
    /// How games are played.
    pub settings: MatchSettings,
    /// UCI names of the tuned options, in parameter order.
    pub names: Vec<String>,
    /// Games played so far (for reporting).
    pub games: u64,
    /// Wins, losses and draws of θ+ so far.
    pub wld: [u64; 3],
}

impl MatchObjective {
    /// An objective for these settings and option names.
    pub fn new(settings: MatchSettings, names: Vec<String>) -> MatchObjective {
        MatchObjective {
            settings,
            names,
            games: 0,
            wld: [0; 3],
        }
    }

    fn options(&self, values: &[f64]) -> Vec<(String, String)> {
        self.names
            .iter()
            .zip(values)
            .map(|(n, v)| (n.clone(), format!("{}", v.round() as i64)))
            .collect()
    }
}

impl Objective for MatchObjective {
    fn play(&mut self, plus: &[f64], minus: &[f64], pairs: u64, step: u64) -> Result<f64> {
        let a = self.settings.engine("plus", &self.options(plus));
        let b = self.settings.engine("minus", &self.options(minus));
        let seed = self
            .settings
            .seed
            .wrapping_mul(0x9E37_79B9)
            .wrapping_add(step);
        let config = self.settings.config(a, b, pairs, seed);
        let summary = runner::play_match(&config, |_| {})?;
        let p = summary
            .pairings
            .first()
            .ok_or_else(|| anyhow!("the match returned no result"))?;
        self.games += p.games;
        self.wld[0] += p.wins;
        self.wld[1] += p.losses;
        self.wld[2] += p.draws;
        Ok(p.wins as f64 - p.losses as f64)
    }
}

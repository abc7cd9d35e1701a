//! Shared match settings of the tuners: which engine binary, variant, search limits, fixed UCI
//! options, concurrency, openings and adjudication, turned into a [`runner::MatchConfig`].

use anyhow::{anyhow, bail, Result};
use movegen::Variant;
use runner::config::{Adjudication, OpeningOrder, OpeningSource, OpeningsConfig};
use runner::engine_process::LaunchSpec;
use runner::tc::SearchLimits;
use runner::{EngineConfig, MatchConfig};
use std::path::PathBuf;
use std::time::Duration;

/// How the tuners play games.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// Engine binary (default: this `shuriken` executable).
    pub engine: PathBuf,
    /// Variant played.
    pub variant: Variant,
    /// Search limits of both engines.
    pub limits: SearchLimits,
    /// UCI options set in both engines (before the tuned ones).
    pub options: Vec<(String, String)>,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Openings (default: the runner's set for the variant).
    pub openings: OpeningSource,
    /// Draw after this many full moves.
    pub max_moves: Option<u32>,
    /// Seconds to wait for `bestmove` under node or depth limits.
    pub search_timeout_s: u64,
    /// Run seed.
    pub seed: u64,
}

impl MatchSettings {
    /// Defaults: this executable, the variant, `nodes=500`, concurrency 1, the runner's opening
    /// set, at most 250 moves.
    pub fn new(variant: Variant) -> Result<MatchSettings> {
        let engine = std::env::current_exe()
            .map_err(|e| anyhow!("cannot find the shuriken executable: {e}"))?;
        Ok(MatchSettings {
            engine,
            variant,
            limits: SearchLimits {
                nodes: Some(500),
                ..SearchLimits::default()
            },
            options: vec![("Hash".into(), "8".into())],
            concurrency: 1,
            openings: OpeningSource::Default,
            max_moves: Some(250),
            search_timeout_s: 2,
            seed: 1,
        })
    }

    /// Replaces the limits with runner syntax tokens (`nodes=400`, `tc=2+0.02`, `st=0.1`,
    /// `depth=6`).
    pub fn set_limits(&mut self, text: &str) -> Result<()> {
        let mut l = SearchLimits::default();
        for tok in text.split_whitespace() {
            let (k, v) = tok
                .split_once('=')
                .ok_or_else(|| anyhow!("bad limit '{tok}' (expected key=value, e.g. nodes=400)"))?;
            if !l.apply(k, v).map_err(anyhow::Error::msg)? {
                bail!("unknown limit '{k}' (use tc=, st=, nodes= or depth=)");
            }
        }
        if l.is_empty() {
            bail!("no search limit given");
        }
        self.limits = l;
        Ok(())
    }

    /// One engine of the match, with extra options after the fixed ones.
    pub fn engine(&self, name: &str, extra: &[(String, String)]) -> EngineConfig {
        let mut options = self.options.clone();
        options.extend(extra.iter().cloned());
        EngineConfig {
            name: name.to_string(),
            launch: LaunchSpec {
                cmd: self.engine.to_string_lossy().into_owned(),
                args: Vec::new(),
                dir: None,
            },
            options,
            limits: self.limits.clone(),
        }
    }

    /// A match of `a` against `b` over `pairs` game pairs with random opening order from `seed`.
    pub fn config(&self, a: EngineConfig, b: EngineConfig, pairs: u64, seed: u64) -> MatchConfig {
        let mut c = MatchConfig::new(self.variant, vec![a, b]);
        c.rounds = pairs;
        c.concurrency = self.concurrency.max(1);
        c.openings = OpeningsConfig {
            source: self.openings.clone(),
            order: OpeningOrder::Random,
            start: 0,
        };
        c.adjudication = Adjudication {
            draw: None,
            resign: None,
            max_moves: self.max_moves,
        };
        c.timeouts.search = Duration::from_secs(self.search_timeout_s.max(1));
        c.seed = seed;
        c
    }
}

//! Configuration of a match: engines, limits, openings, adjudication, tournament shape,
//! outputs. Built by the CLI or directly by library users (e.g. a tuner).

use crate::engine_process::LaunchSpec;
use crate::progress::{LineRate, ProgressStyle};
use crate::sprt::SprtConfig;
use crate::tc::SearchLimits;
use crate::uci::Timeouts;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// One engine taking part.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineConfig {
    /// Display name (unique within a match).
    pub name: String,
    /// How to start it.
    pub launch: LaunchSpec,
    /// UCI options sent with `setoption` after `UCI_Variant`.
    pub options: Vec<(String, String)>,
    /// Its search limits.
    pub limits: SearchLimits,
}

/// Draw adjudication: after `move_number` full moves, when the last `move_count` moves of both
/// sides all scored within `score` centipawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawAdjudication {
    /// First full move at which it may apply.
    pub move_number: u32,
    /// Consecutive moves of each side required.
    pub move_count: u32,
    /// Absolute score bound in centipawns.
    pub score: i32,
}

/// Resign adjudication: the last `move_count` moves of each side agree that one side is at
/// least `score` centipawns behind (its own score <= -score, its opponent's >= score).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResignAdjudication {
    /// Consecutive moves of each side required.
    pub move_count: u32,
    /// Score bound in centipawns.
    pub score: i32,
}

/// All adjudication rules (each optional).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjudication {
    /// Draw rule.
    pub draw: Option<DrawAdjudication>,
    /// Resign rule.
    pub resign: Option<ResignAdjudication>,
    /// Draw after this many full moves.
    pub max_moves: Option<u32>,
}

/// Order in which openings are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OpeningOrder {
    /// File order, from `start`.
    Sequential,
    /// A permutation drawn from the run seed.
    Random,
}

/// Where openings come from.
#[derive(Clone, Debug, PartialEq)]
pub enum OpeningSource {
    /// The set shipped for the variant in `runner/openings/`.
    Default,
    /// An EPD or FEN file, one position per line.
    File(PathBuf),
    /// Positions given directly (FEN strings).
    Positions(Vec<String>),
    /// Random openings generated before the match and stored in `out` (reused if it exists).
    Generate(GenerateSpec),
}

/// Parameters of random opening generation.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateSpec {
    /// Plies of random moves from the start position.
    pub plies: u32,
    /// Number of openings.
    pub count: usize,
    /// Keep an opening only if the check search scores it within this many centipawns
    /// (`None`: no check).
    pub margin_cp: Option<i32>,
    /// Node limit of the check search (the first engine is used).
    pub nodes: u64,
    /// File the generated set is stored in.
    pub out: PathBuf,
}

/// Openings and their order.
#[derive(Clone, Debug, PartialEq)]
pub struct OpeningsConfig {
    /// Source.
    pub source: OpeningSource,
    /// Order.
    pub order: OpeningOrder,
    /// First index used with the sequential order (0-based).
    pub start: usize,
}

impl Default for OpeningsConfig {
    fn default() -> Self {
        OpeningsConfig {
            source: OpeningSource::Default,
            order: OpeningOrder::Sequential,
            start: 0,
        }
    }
}

/// Who plays whom when more than two engines take part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tournament {
    /// The first engine against each of the others.
    Gauntlet,
    /// Every engine against every other.
    RoundRobin,
}

/// Which share of the pairs this process plays: pairs whose global index `p` has
/// `p % count == index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// 0-based shard index.
    pub index: u64,
    /// Number of shards.
    pub count: u64,
}

impl Default for Shard {
    fn default() -> Self {
        Shard { index: 0, count: 1 }
    }
}

impl std::str::FromStr for Shard {
    type Err = String;
    /// `i/N` with `1 <= i <= N`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard '{s}' (expected i/N with 1 <= i <= N, e.g. 2/4)");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let i: u64 = i.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if n == 0 || i == 0 || i > n {
            return Err(bad());
        }
        Ok(Shard {
            index: i - 1,
            count: n,
        })
    }
}

impl Shard {
    /// True when this shard plays pair `p`.
    pub fn owns(&self, p: u64) -> bool {
        p % self.count == self.index
    }
}

/// A whole match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Variant played.
    pub variant: movegen::Variant,
    /// Engines (at least two).
    pub engines: Vec<EngineConfig>,
    /// Pairing scheme for more than two engines.
    pub tournament: Tournament,
    /// Game pairs per pairing of engines.
    pub rounds: u64,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Openings.
    pub openings: OpeningsConfig,
    /// Adjudication rules.
    pub adjudication: Adjudication,
    /// Sequential test (two engines only).
    pub sprt: Option<SprtConfig>,
    /// Time an engine may exceed its allowance by, in milliseconds.
    pub margin_ms: u64,
    /// Protocol timeouts.
    pub timeouts: Timeouts,
    /// Run seed: opening order (and generation) depend only on it and the pair index.
    pub seed: u64,
    /// Results file (JSON lines, fsync'd per game); needed for resume.
    pub results: Option<PathBuf>,
    /// PGN output file.
    pub pgn: Option<PathBuf>,
    /// Continue the run recorded in `results`.
    pub resume: bool,
    /// Replace an existing results file instead of refusing.
    pub overwrite: bool,
    /// Share of the pairs to play.
    pub shard: Shard,
    /// Show progress on stderr.
    pub progress: bool,
    /// Bar or plain lines (default: a bar on a terminal, lines otherwise).
    pub progress_style: ProgressStyle,
    /// How often plain progress lines are printed.
    pub progress_rate: LineRate,
    /// Log of every line to and from each engine, and their stderr (`-log`).
    pub log: Option<PathBuf>,
}

impl MatchConfig {
    /// A configuration with defaults for everything but the variant and engines.
    pub fn new(variant: movegen::Variant, engines: Vec<EngineConfig>) -> MatchConfig {
        MatchConfig {
            variant,
            engines,
            tournament: Tournament::RoundRobin,
            rounds: 1,
            concurrency: 1,
            openings: OpeningsConfig::default(),
            adjudication: Adjudication::default(),
            sprt: None,
            margin_ms: 50,
            timeouts: Timeouts::default(),
            seed: 1,
            results: None,
            pgn: None,
            resume: false,
            overwrite: false,
            shard: Shard::default(),
            progress: false,
            progress_style: ProgressStyle::Auto,
            progress_rate: LineRate::default(),
            log: None,
        }
    }
}

//! The SPSA configuration file.
//!
//! Plain text, one setting per line, `#` starts a comment:
//!
//! ```text
//! variant = raptor            # titan, hadean, raptor, octopus or chess
//! limits = nodes=400          # runner limit tokens: nodes=, depth=, st=, tc=
//! option = Hash=8             # fixed UCI option for both engines (repeatable)
//! pairs = 300                 # total game pairs N
//! batch = 4                   # game pairs per SPSA step
//! concurrency = 2
//! seed = 1
//! alpha = 0.602               # optional (fishtest defaults)
//! gamma = 0.101
//! A = 30                      # optional, default 0.1 * pairs
//! maxmoves = 250              # optional draw limit in full moves
//! openings = book.epd         # optional EPD/FEN file (default: the runner's set)
//! engine = /path/to/shuriken  # optional (default: this executable; --engine overrides)
//! # parameters: name start min max c_end r_end  (the word `param` in front is optional)
//! param MatRaptorRook 300 100 1200 60 0.03
//! KingAttack - - - 3 0.002    # '-' takes the engine's default / min / max
//! ```
//!
//! Parameter names are the engine's UCI `spin` options for the configured game (each game has its
//! own evaluation weights); names, defaults and bounds are checked against the options this
//! binary declares for that game, and `-` takes the value the game plays.

use super::engines::MatchSettings;
use super::spsa::{SpsaParam, SpsaSchedule};
use anyhow::{anyhow, bail, Context, Result};
use engine::options::EngineOptions;
use movegen::Variant;
use runner::config::OpeningSource;
use std::path::{Path, PathBuf};

/// A parsed configuration file.
#[derive(Clone, Debug)]
pub struct SpsaConfig {
    /// How games are played.
    pub settings: MatchSettings,
    /// Schedule.
    pub schedule: SpsaSchedule,
    /// Parameters.
    pub params: Vec<SpsaParam>,
    /// Seed of the perturbation signs and the opening order.
    pub seed: u64,
}

/// A UCI spin option: name, default, min, max.
pub type Spin = (String, i64, i64, i64);

/// The `spin` options this engine declares for `variant`'s game.
pub fn spin_options(variant: Variant) -> Vec<Spin> {
    EngineOptions::declarations_for(variant)
        .iter()
        .filter_map(|l| parse_spin(l))
        .collect()
}

/// Parses `option name N type spin default D min A max B`.
fn parse_spin(line: &str) -> Option<Spin> {
    let rest = line.strip_prefix("option name ")?;
    let (name, rest) = rest.split_once(" type spin ")?;
    let t: Vec<&str> = rest.split_whitespace().collect();
    match t.as_slice() {
        ["default", d, "min", a, "max", b] => Some((
            name.to_string(),
            d.parse().ok()?,
            a.parse().ok()?,
            b.parse().ok()?,
        )),
        _ => None,
    }
}

fn num(v: &str, what: &str, line: usize) -> Result<f64> {
    let x: f64 = v
        .parse()
        .map_err(|_| anyhow!("line {line}: {what} '{v}' is not a number"))?;
    if !x.is_finite() {
        bail!("line {line}: {what} must be finite");
    }
    Ok(x)
}

fn param_line(toks: &[&str], line: usize, spins: &[Spin]) -> Result<SpsaParam> {
    let [name, start, min, max, c_end, r_end] = toks else {
        bail!("line {line}: expected 'name start min max c_end r_end'");
    };
    let spin = spins
        .iter()
        .find(|s| s.0.eq_ignore_ascii_case(name))
        .ok_or_else(|| anyhow!("line {line}: '{name}' is not a spin option of the engine"))?;
    let pick = |v: &str, d: i64, what: &str| -> Result<f64> {
        if v == "-" {
            Ok(d as f64)
        } else {
            num(v, what, line)
        }
    };
    let p = SpsaParam {
        name: spin.0.clone(),
        start: pick(start, spin.1, "start")?,
        min: pick(min, spin.2, "min")?,
        max: pick(max, spin.3, "max")?,
        c_end: num(c_end, "c_end", line)?,
        r_end: num(r_end, "r_end", line)?,
    };
    if p.min < spin.2 as f64 || p.max > spin.3 as f64 || p.min > p.max {
        bail!(
            "line {line}: bounds {}..={} of {} must lie within the option's {}..={}",
            p.min,
            p.max,
            p.name,
            spin.2,
            spin.3
        );
    }
    if p.start < p.min || p.start > p.max {
        bail!(
            "line {line}: start {} is outside {}..={}",
            p.start,
            p.min,
            p.max
        );
    }
    if p.c_end <= 0.0 || p.r_end <= 0.0 {
        bail!("line {line}: c_end and r_end must be positive");
    }
    Ok(p)
}

impl SpsaConfig {
    /// Parses a configuration text; relative paths are taken relative to `base`.
    pub fn parse(text: &str, base: &Path) -> Result<SpsaConfig> {
        let mut settings = MatchSettings::new(Variant::Titan)?;
        let mut schedule = SpsaSchedule::fishtest(0, 1);
        let mut param_lines = Vec::new();
        let mut seed = 1u64;
        let mut pairs_set = false;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let s = raw.split('#').next().unwrap_or("").trim();
            if s.is_empty() {
                continue;
            }
            if let Some((k, v)) = s.split_once('=') {
                let (k, v) = (k.trim(), v.trim());
                let int = |v: &str| -> Result<u64> {
                    v.parse()
                        .map_err(|_| anyhow!("line {line}: {k} '{v}' is not a whole number"))
                };
                match k.to_ascii_lowercase().as_str() {
                    "variant" => {
                        settings.variant =
                            Variant::from_name(v).map_err(|e| anyhow!("line {line}: {e}"))?
                    }
                    "limits" => settings
                        .set_limits(v)
                        .with_context(|| format!("line {line}"))?,
                    "option" => {
                        let (n, val) = v
                            .split_once('=')
                            .ok_or_else(|| anyhow!("line {line}: expected option = Name=value"))?;
                        settings
                            .options
                            .push((n.trim().to_string(), val.trim().to_string()));
                    }
                    "pairs" => {
                        schedule.pairs = int(v)?;
                        pairs_set = true;
                    }
                    "batch" => schedule.batch = int(v)?,
                    "concurrency" => settings.concurrency = int(v)? as usize,
                    "seed" => seed = int(v)?,
                    "alpha" => schedule.alpha = num(v, "alpha", line)?,
                    "gamma" => schedule.gamma = num(v, "gamma", line)?,
                    "a" => schedule.big_a = Some(num(v, "A", line)?),
                    "maxmoves" => settings.max_moves = Some(int(v)? as u32),
                    "openings" => settings.openings = OpeningSource::File(base.join(v)),
                    "engine" => settings.engine = base.join(v),
                    _ => bail!("line {line}: unknown setting '{k}'"),
                }
                continue;
            }
            let toks: Vec<&str> = s.split_whitespace().collect();
            let toks = match toks.first() {
                Some(&"param") => &toks[1..],
                _ => &toks[..],
            };
            param_lines.push((toks.to_vec(), line));
        }
        // Parameters are read once the game is known, whatever the order of the lines.
        let spins = spin_options(settings.variant);
        let params = param_lines
            .iter()
            .map(|(toks, line)| param_line(toks, *line, &spins))
            .collect::<Result<Vec<_>>>()?;
        if !pairs_set || schedule.pairs == 0 {
            bail!("the configuration needs 'pairs = N' (N > 0)");
        }
        if schedule.batch == 0 {
            bail!("batch must be positive");
        }
        if params.is_empty() {
            bail!("the configuration lists no parameters");
        }
        settings.seed = seed;
        Ok(SpsaConfig {
            settings,
            schedule,
            params,
            seed,
        })
    }

    /// Reads and parses a configuration file.
    pub fn load(path: &Path) -> Result<SpsaConfig> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read SPSA config {}", path.display()))?;
        let base = path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        SpsaConfig::parse(&text, &base).with_context(|| format!("in {}", path.display()))
    }
}

//! Command line of `shuriken match` (fastchess-like): `-engine cmd=... name=... option.X=V`,
//! `-each tc=10+0.1`, `-variant`, `-rounds`/`-games`, `-concurrency`, `-openings`, `-sprt`,
//! `-draw`, `-resign`, `-maxmoves`, `-results`, `-pgnout`, `-resume`, `-shard i/N`; plus the
//! `merge` and `genbook` subcommands. Single-dash long options are accepted like double-dash.

use crate::config::{
    Adjudication, DrawAdjudication, EngineConfig, GenerateSpec, MatchConfig, OpeningOrder,
    OpeningSource, OpeningsConfig, ResignAdjudication, Shard, Tournament,
};
use crate::outputs::OutputError;
use crate::preflight::PreflightError;
use crate::progress::{LineRate, ProgressStyle};
use crate::sprt::{SprtConfig, SprtModel};
use crate::tally::MatchSummary;
use crate::text::escape_controls;
use anyhow::{anyhow, bail, Context, Result};
use clap::Parser;
use std::path::PathBuf;
use std::time::Duration;

/// Options of a match.
#[derive(Parser, Debug)]
#[command(
    name = "shuriken match",
    no_binary_name = true,
    about = "Play UCI engines against each other (game pairs, SPRT, resume, shards).",
    after_help = "Subcommands: `merge FILES... [--sprt ...] [--pgnout F]` adds results files; \
                  `genbook --variant V --plies K --count N --out F [--engine ... --margin CP --nodes N]` \
                  generates an opening file; `report RESULTS.jsonl [-o report.html]` writes the \
                  HTML match report. See runner/README-recipes.md.\n\n\
                  Examples:\n  \
                  shuriken match -engine cmd=./new name=new -engine cmd=./old name=old \
                  -each tc=1+0.01 option.Hash=16 -variant titan -games 1000 -concurrency 2 \
                  -sprt 0 15 0.05 0.05 normalized -results new-vs-old.jsonl -pgnout new-vs-old.pgn\n  \
                  shuriken match -resume -results new-vs-old.jsonl ...   (the same options)\n  \
                  shuriken match report new-vs-old.jsonl -o new-vs-old.html"
)]
pub struct MatchArgs {
    /// An engine: cmd=PATH [name=N] [dir=D] [args="A B"] [option.X=V]... [tc=|st=|nodes=|depth=]
    #[arg(long, num_args = 1.., action = clap::ArgAction::Append, value_name = "KEY=VALUE")]
    pub engine: Vec<String>,
    /// Settings applied to every engine (per-engine settings win): tc=, st=, nodes=, depth=,
    /// option.X=, dir=.
    #[arg(long, num_args = 1.., action = clap::ArgAction::Append, value_name = "KEY=VALUE")]
    pub each: Vec<String>,
    /// Variant: titan, hadean, raptor, octopus or chess (titan by default, as for every
    /// shuriken command).
    #[arg(long, default_value = movegen::Variant::DEFAULT_NAME)]
    pub variant: String,
    /// Game pairs per engine pairing (each opening is played twice, colours swapped).
    #[arg(long)]
    pub rounds: Option<u64>,
    /// Total games per pairing (rounded up to an even number); with --rounds, must be 2
    /// (fastchess's games per round).
    #[arg(long)]
    pub games: Option<u64>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings: file=PATH [format=epd|fen|pgn] [order=sequential|random] [start=N (1-based)], or
    /// generated: plies=K count=N [margin=CP nodes=N] out=PATH [order=...].
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub openings: Vec<String>,
    /// SPRT: `elo0 elo1 alpha beta [model]` or elo0= elo1= alpha= beta= model=normalized|logistic.
    #[arg(long, num_args = 1.., allow_negative_numbers = true, value_name = "PARAM")]
    pub sprt: Option<Vec<String>>,
    /// Draw adjudication: movenumber=M movecount=N score=CP.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub draw: Option<Vec<String>>,
    /// Resign adjudication (both engines must agree): movecount=N score=CP.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub resign: Option<Vec<String>>,
    /// Adjudicate a draw after this many full moves.
    #[arg(long)]
    pub maxmoves: Option<u32>,
    /// gauntlet (first engine against the others) or roundrobin, for 3+ engines.
    #[arg(long, default_value = "roundrobin")]
    pub tournament: String,
    /// Run seed (opening order, generated openings).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Milliseconds an engine may exceed its time before it forfeits.
    #[arg(long = "timemargin", alias = "margin", default_value_t = 50)]
    pub timemargin: u64,
    /// Seconds to wait for uciok/readyok.
    #[arg(long, default_value_t = 10.0)]
    pub ready_timeout: f64,
    /// Seconds to wait for bestmove when no clock bounds the search (nodes=/depth=).
    #[arg(long, default_value_t = 60.0)]
    pub search_timeout: f64,
    /// Seconds to wait for bestmove after sending stop.
    #[arg(long, default_value_t = 1.0)]
    pub stop_grace: f64,
    /// Results file (JSON lines, one per game, fsync'd): needed for --resume and merge.
    #[arg(long, default_value = "shuriken-match.jsonl")]
    pub results: PathBuf,
    /// PGN output: PATH or file=PATH.
    #[arg(long, num_args = 1.., value_name = "PATH")]
    pub pgnout: Option<Vec<String>>,
    /// Continue the run recorded in the results file.
    #[arg(long)]
    pub resume: bool,
    /// Replace an existing results file.
    #[arg(long)]
    pub overwrite: bool,
    /// Play only shard i of N (pairs with index % N == i-1).
    #[arg(long)]
    pub shard: Option<String>,
    /// Also write the JSON summary to this file.
    #[arg(long)]
    pub summary: Option<PathBuf>,
    /// No progress display.
    #[arg(long)]
    pub quiet: bool,
    /// Progress display: auto (a bar on a terminal, plain lines otherwise), bar or lines.
    #[arg(long, default_value = "auto")]
    pub progress: String,
    /// Plain progress lines: one after every N games...
    #[arg(long, default_value_t = 10)]
    pub progress_games: u64,
    /// ...and at least one every S seconds while games run.
    #[arg(long, default_value_t = 30.0)]
    pub progress_secs: f64,
    /// Log every line to and from each engine, and the engines' stderr, with timestamps.
    #[arg(long)]
    pub log: Option<PathBuf>,
}

/// Exit status: the run finished (whatever the SPRT said).
pub const EXIT_OK: i32 = 0;
/// Exit status: an error not covered below (a bad option value, an unreadable file, a failed
/// write during the run).
pub const EXIT_ERROR: i32 = 1;
/// Exit status: the command line could not be parsed.
pub const EXIT_USAGE: i32 = 2;
/// Exit status: an engine failed the pre-flight check; nothing was played or written.
pub const EXIT_PREFLIGHT: i32 = 3;
/// Exit status: an output file cannot be written; nothing was played or written.
pub const EXIT_OUTPUT: i32 = 4;

/// Options of `merge`.
#[derive(Parser, Debug)]
#[command(
    name = "shuriken match merge",
    no_binary_name = true,
    about = "Add up the results files of one run (shards, or a run resumed elsewhere).",
    after_help = "Examples:\n  \
                  shuriken match merge shard1.jsonl shard2.jsonl --pgnout all.pgn\n  \
                  shuriken match merge a.jsonl b.jsonl --sprt 0 5 0.05 0.05 --summary summary.json"
)]
pub struct MergeArgs {
    /// Results files to add.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// SPRT parameters to evaluate on the merged counts.
    #[arg(long, num_args = 1.., allow_negative_numbers = true)]
    pub sprt: Option<Vec<String>>,
    /// Merge files of different runs anyway.
    #[arg(long)]
    pub force: bool,
    /// Write all games as PGN.
    #[arg(long)]
    pub pgnout: Option<PathBuf>,
    /// Also write the JSON summary to this file.
    #[arg(long)]
    pub summary: Option<PathBuf>,
}

/// Options of `genbook`.
#[derive(Parser, Debug)]
#[command(
    name = "shuriken match genbook",
    no_binary_name = true,
    about = "Generate an opening file of random start sequences, optionally checked by an engine.",
    after_help = "Examples:\n  \
                  shuriken match genbook --variant titan --plies 6 --count 50 --out titan.epd\n  \
                  shuriken match genbook --variant raptor --plies 8 --count 100 --out raptor.epd \
                  --engine cmd=target/release/shuriken --margin 80 --nodes 5000"
)]
pub struct GenbookArgs {
    /// Variant.
    #[arg(long)]
    pub variant: String,
    /// Random plies from the start position.
    #[arg(long, default_value_t = 6)]
    pub plies: u32,
    /// Number of openings.
    #[arg(long, default_value_t = 50)]
    pub count: usize,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output file.
    #[arg(long)]
    pub out: PathBuf,
    /// Engine for the check search (same syntax as the match's --engine).
    #[arg(long, num_args = 1..)]
    pub engine: Option<Vec<String>>,
    /// Keep openings the engine scores within this many centipawns.
    #[arg(long)]
    pub margin: Option<i32>,
    /// Nodes of the check search (unless --depth is given).
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Depth of the check search (replaces --nodes).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Check engines searching at the same time (one process each; give the engine
    /// option.Threads=1 so that the book depends on the seed alone).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Most positions one first move may open, in percent of --count.
    #[arg(long, default_value_t = 5.0)]
    pub first_move_cap: f64,
}

/// Turns `-name` into `--name` for the long options of `cmd` (fastchess style).
fn dashes(args: Vec<String>, cmd: &clap::Command) -> Vec<String> {
    let longs: Vec<String> = cmd
        .get_arguments()
        .flat_map(|a| {
            let mut v: Vec<String> = a
                .get_long()
                .map(|l| vec![l.to_string()])
                .unwrap_or_default();
            if let Some(al) = a.get_all_aliases() {
                v.extend(al.into_iter().map(|s| s.to_string()));
            }
            v
        })
        .chain(["help".to_string(), "version".to_string()])
        .collect();
    let mut out = Vec::new();
    for a in args {
        let mut a = a;
        if a.starts_with('-') && !a.starts_with("--") && a.len() > 2 {
            let name = a[1..].split('=').next().unwrap_or("").to_string();
            let name_u = name.replace('_', "-");
            if longs.iter().any(|l| *l == name || *l == name_u) {
                a = format!("-{}", a.replacen(&name, &name_u, 1));
            }
        }
        let group = a == "--engine";
        out.push(a);
        if group {
            // Marks where each engine's settings start (clap flattens repeated options).
            out.push(GROUP_MARK.to_string());
        }
    }
    out
}

/// Value inserted after each `--engine` to keep the engines' settings apart.
const GROUP_MARK: &str = "\u{1}engine";

/// Splits the flattened `--engine` values at the group marks.
fn engine_groups(flat: &[String]) -> Vec<Vec<String>> {
    let mut groups: Vec<Vec<String>> = Vec::new();
    for v in flat {
        if v == GROUP_MARK {
            groups.push(Vec::new());
        } else if let Some(g) = groups.last_mut() {
            g.push(v.clone());
        } else {
            groups.push(vec![v.clone()]);
        }
    }
    groups
}

fn split_kv(s: &str) -> Result<(&str, &str)> {
    s.split_once('=')
        .ok_or_else(|| anyhow!("expected KEY=VALUE, got '{s}'"))
}

/// Applies one engine setting.
fn apply_engine_kv(e: &mut EngineConfig, kv: &str) -> Result<()> {
    let (k, v) = split_kv(kv)?;
    if let Some(opt) = k.strip_prefix("option.") {
        if opt.is_empty() {
            bail!("empty option name in '{kv}'");
        }
        e.options.retain(|(n, _)| n != opt);
        e.options.push((opt.to_string(), v.to_string()));
        return Ok(());
    }
    match k {
        "cmd" => e.launch.cmd = v.to_string(),
        "name" => e.name = v.to_string(),
        "dir" => e.launch.dir = Some(PathBuf::from(v)),
        "args" => e.launch.args = v.split_whitespace().map(String::from).collect(),
        "proto" => {
            if v != "uci" {
                bail!("only proto=uci is supported");
            }
        }
        _ => {
            if !e.limits.apply(k, v).map_err(|m| anyhow!("{m}"))? {
                bail!("unknown engine setting '{k}' (expected cmd, name, dir, args, option.X, tc, st, nodes, depth)");
            }
        }
    }
    Ok(())
}

/// Builds engine configurations from `-engine` and `-each` groups.
pub fn parse_engines(groups: &[Vec<String>], each: &[String]) -> Result<Vec<EngineConfig>> {
    let mut out = Vec::new();
    for (i, g) in groups.iter().enumerate() {
        let mut e = EngineConfig::default();
        for kv in each {
            apply_engine_kv(&mut e, kv).with_context(|| "in --each")?;
        }
        for kv in g {
            apply_engine_kv(&mut e, kv).with_context(|| format!("in engine {}", i + 1))?;
        }
        if e.launch.cmd.is_empty() {
            bail!("engine {} has no cmd=", i + 1);
        }
        if e.name.is_empty() {
            e.name = std::path::Path::new(&e.launch.cmd)
                .file_name()
                .map(|f| f.to_string_lossy().to_string())
                .unwrap_or_else(|| format!("engine{}", i + 1));
        }
        out.push(e);
    }
    Ok(out)
}

fn parse_num<T: std::str::FromStr>(what: &str, v: &str) -> Result<T> {
    v.parse().map_err(|_| anyhow!("bad value '{v}' for {what}"))
}

/// Parses SPRT parameters: positional `elo0 elo1 alpha beta [model]` or `key=value`.
pub fn parse_sprt(vals: &[String]) -> Result<SprtConfig> {
    let mut c = SprtConfig {
        elo0: f64::NAN,
        elo1: f64::NAN,
        alpha: 0.05,
        beta: 0.05,
        model: SprtModel::Normalized,
    };
    let mut positional = 0;
    for v in vals {
        let (k, val) = match v.split_once('=') {
            Some((k, val)) => (k.to_string(), val),
            None => {
                let k = ["elo0", "elo1", "alpha", "beta", "model"]
                    .get(positional)
                    .ok_or_else(|| anyhow!("too many SPRT values"))?;
                positional += 1;
                (k.to_string(), v.as_str())
            }
        };
        match k.as_str() {
            "elo0" => c.elo0 = parse_num("elo0", val)?,
            "elo1" => c.elo1 = parse_num("elo1", val)?,
            "alpha" => c.alpha = parse_num("alpha", val)?,
            "beta" => c.beta = parse_num("beta", val)?,
            "model" => c.model = val.parse().map_err(|e: String| anyhow!(e))?,
            other => bail!("unknown SPRT parameter '{other}'"),
        }
    }
    c.validate().map_err(|e| anyhow!(e))?;
    Ok(c)
}

fn kv_map(vals: &[String], allowed: &[&str], what: &str) -> Result<Vec<(String, String)>> {
    vals.iter()
        .map(|kv| {
            let (k, v) = split_kv(kv)?;
            if !allowed.contains(&k) {
                bail!(
                    "unknown {what} setting '{k}' (expected {})",
                    allowed.join(", ")
                );
            }
            Ok((k.to_string(), v.to_string()))
        })
        .collect()
}

fn get<'a>(m: &'a [(String, String)], k: &str) -> Option<&'a str> {
    m.iter()
        .rev()
        .find(|(a, _)| a == k)
        .map(|(_, v)| v.as_str())
}

fn parse_openings(vals: &[String]) -> Result<OpeningsConfig> {
    let mut cfg = OpeningsConfig::default();
    if vals.is_empty() {
        return Ok(cfg);
    }
    let m = kv_map(
        vals,
        &[
            "file", "format", "order", "start", "plies", "count", "margin", "nodes", "out",
        ],
        "--openings",
    )?;
    if let Some(o) = get(&m, "order") {
        cfg.order = match o {
            "sequential" => OpeningOrder::Sequential,
            "random" => OpeningOrder::Random,
            other => bail!("unknown opening order '{other}' (sequential or random)"),
        };
    }
    if let Some(s) = get(&m, "start") {
        let s: usize = parse_num("openings start", s)?;
        cfg.start = s.saturating_sub(1);
    }
    if let Some(f) = get(&m, "format") {
        if f != "epd" && f != "fen" && f != "pgn" {
            bail!("unknown opening format '{f}' (epd, fen or pgn; a .pgn name or a first line starting with '[' is read as PGN)");
        }
    }
    match (get(&m, "file"), get(&m, "plies")) {
        (Some(_), Some(_)) => {
            bail!("--openings: give either file= or plies= (generation), not both")
        }
        (Some(f), None) => cfg.source = OpeningSource::File(PathBuf::from(f)),
        (None, Some(p)) => {
            let out = get(&m, "out").ok_or_else(|| {
                anyhow!("generated openings need out=FILE so the run can be repeated")
            })?;
            cfg.source = OpeningSource::Generate(GenerateSpec {
                plies: parse_num("plies", p)?,
                count: parse_num("count", get(&m, "count").unwrap_or("100"))?,
                margin_cp: get(&m, "margin")
                    .map(|v| parse_num("margin", v))
                    .transpose()?,
                nodes: parse_num("nodes", get(&m, "nodes").unwrap_or("5000"))?,
                out: PathBuf::from(out),
            })
        }
        (None, None) => bail!("--openings needs file=PATH or plies=K"),
    }
    Ok(cfg)
}

fn secs(what: &str, v: f64) -> Result<Duration> {
    if !(v.is_finite() && v > 0.0) {
        bail!("{what} must be a positive number of seconds");
    }
    Ok(Duration::from_secs_f64(v))
}

/// Builds a match configuration from parsed arguments.
pub fn to_config(a: &MatchArgs) -> Result<MatchConfig> {
    let variant = movegen::Variant::from_name(&a.variant)
        .map_err(|e| anyhow!("{e} (known: chess, titan, hadean, raptor, octopus)"))?;
    let engines = parse_engines(&engine_groups(&a.engine), &a.each)?;
    let mut c = MatchConfig::new(variant, engines);
    c.rounds = match (a.rounds, a.games) {
        (Some(r), None) => r,
        (Some(r), Some(2)) => r,
        (Some(_), Some(g)) => bail!("--games {g} with --rounds: every opening is played as a pair, so games per round must be 2"),
        (None, Some(g)) => {
            if g % 2 == 1 {
                eprintln!("note: --games {g} rounded up to {} (games come in pairs)", g + 1);
            }
            g.div_ceil(2)
        }
        (None, None) => 1,
    };
    c.concurrency = a.concurrency;
    c.openings = parse_openings(&a.openings)?;
    c.sprt = a.sprt.as_deref().map(parse_sprt).transpose()?;
    let mut adj = Adjudication::default();
    if let Some(d) = &a.draw {
        let m = kv_map(d, &["movenumber", "movecount", "score"], "--draw")?;
        adj.draw = Some(DrawAdjudication {
            move_number: parse_num("movenumber", get(&m, "movenumber").unwrap_or("0"))?,
            move_count: parse_num("movecount", get(&m, "movecount").unwrap_or("1"))?,
            score: parse_num("score", get(&m, "score").unwrap_or("0"))?,
        });
    }
    if let Some(r) = &a.resign {
        let m = kv_map(r, &["movecount", "score", "twosided"], "--resign")?;
        if get(&m, "twosided") == Some("false") {
            bail!("--resign is always two-sided here: both engines must agree");
        }
        adj.resign = Some(ResignAdjudication {
            move_count: parse_num("movecount", get(&m, "movecount").unwrap_or("1"))?,
            score: parse_num(
                "score",
                get(&m, "score").ok_or_else(|| anyhow!("--resign needs score=CP"))?,
            )?,
        });
    }
    adj.max_moves = a.maxmoves;
    c.adjudication = adj;
    c.tournament = match a.tournament.as_str() {
        "gauntlet" => Tournament::Gauntlet,
        "roundrobin" | "round-robin" => Tournament::RoundRobin,
        other => bail!("unknown tournament '{other}' (gauntlet or roundrobin)"),
    };
    c.seed = a.seed;
    c.margin_ms = a.timemargin;
    c.timeouts.ready = secs("--ready-timeout", a.ready_timeout)?;
    c.timeouts.search = secs("--search-timeout", a.search_timeout)?;
    c.timeouts.stop_grace = secs("--stop-grace", a.stop_grace)?;
    c.results = Some(a.results.clone());
    c.pgn = match &a.pgnout {
        None => None,
        Some(v) => {
            let m: Vec<&String> = v.iter().collect();
            let path = m
                .iter()
                .find_map(|s| s.strip_prefix("file="))
                .or_else(|| m.iter().find(|s| !s.contains('=')).map(|s| s.as_str()))
                .ok_or_else(|| anyhow!("--pgnout needs a file"))?;
            Some(PathBuf::from(path))
        }
    };
    c.resume = a.resume;
    c.overwrite = a.overwrite;
    if let Some(s) = &a.shard {
        c.shard = s.parse::<Shard>().map_err(|e| anyhow!(e))?;
    }
    c.progress = !a.quiet;
    c.progress_style = a
        .progress
        .parse::<ProgressStyle>()
        .map_err(|e: String| anyhow!(e))?;
    if a.progress_games == 0 {
        bail!("--progress-games must be at least 1");
    }
    c.progress_rate = LineRate {
        every_games: a.progress_games,
        every: secs("--progress-secs", a.progress_secs)?,
    };
    c.log = a.log.clone();
    Ok(c)
}

fn print_summary(s: &MatchSummary, file: Option<&PathBuf>) -> Result<()> {
    for p in &s.pairings {
        for line in crate::report::pairing_lines(p) {
            eprintln!("{line}");
        }
    }
    let json = serde_json::to_string(s)?;
    println!("{json}");
    if let Some(f) = file {
        std::fs::write(f, format!("{json}\n"))
            .with_context(|| format!("cannot write {}", f.display()))?;
    }
    Ok(())
}

fn parse<P: Parser>(args: Vec<String>) -> std::result::Result<P, i32> {
    let args = dashes(args, &P::command());
    P::try_parse_from(args).map_err(|e| {
        if e.use_stderr() {
            // The message may echo an argument: its control characters are escaped.
            eprint!("{}", escape_controls(&e.render().to_string(), true));
            EXIT_USAGE
        } else {
            let _ = e.print();
            EXIT_OK
        }
    })
}

fn run_match(a: MatchArgs) -> Result<()> {
    let config = to_config(&a)?;
    if config.results.is_some() {
        // Ctrl-C: keep the finished games and say how to resume (see crate::interrupt).
        crate::interrupt::install();
    }
    let summary_out: Vec<(&str, &std::path::Path)> = a
        .summary
        .as_deref()
        .map(|p| ("-summary", p))
        .into_iter()
        .collect();
    let summary = crate::match_run::play_match_checked(&config, &summary_out, |_| {})?;
    print_summary(&summary, a.summary.as_ref())
}

/// The exit status for an error: pre-flight and output failures have their own.
fn exit_code(e: &anyhow::Error) -> i32 {
    if e.downcast_ref::<PreflightError>().is_some() {
        EXIT_PREFLIGHT
    } else if e.downcast_ref::<OutputError>().is_some() {
        EXIT_OUTPUT
    } else {
        EXIT_ERROR
    }
}

fn run_merge(a: MergeArgs) -> Result<()> {
    let sprt = a.sprt.as_deref().map(parse_sprt).transpose()?;
    let s = crate::merge::merge_files(&a.files, sprt.as_ref(), a.force, a.pgnout.as_ref())?;
    print_summary(&s, a.summary.as_ref())
}

fn run_genbook(a: GenbookArgs) -> Result<()> {
    use crate::genbook::{generate_book, write_book, BookSpec, CheckLimit};
    let variant = movegen::Variant::from_name(&a.variant).map_err(|e| anyhow!("{e}"))?;
    let engine = match &a.engine {
        Some(g) => parse_engines(&engine_groups(g), &[])?.pop(),
        None => None,
    };
    if a.margin.is_some() && engine.is_none() {
        bail!("--margin needs --engine to score the openings");
    }
    if a.threads == 0 {
        bail!("--threads must be at least 1");
    }
    let limit = match a.depth {
        Some(0) => bail!("--depth must be at least 1"),
        Some(d) => CheckLimit::Depth(d),
        None => CheckLimit::Nodes(a.nodes),
    };
    let spec = BookSpec {
        variant,
        plies: a.plies,
        count: a.count,
        seed: a.seed,
        margin_cp: a.margin,
        limit,
        threads: a.threads,
        first_move_pct: a.first_move_cap,
        max_candidates: a.count.saturating_mul(200).max(1000),
    };
    let timeouts = crate::uci::Timeouts::default();
    let mut last = std::time::Instant::now();
    let book = generate_book(&spec, engine.as_ref().map(|e| (e, &timeouts)), |p| {
        if last.elapsed().as_secs_f64() >= 10.0 || p.kept >= spec.count {
            last = std::time::Instant::now();
            eprintln!(
                "genbook: {}/{} kept, {} candidates, {} searched, {:.1} searches/s, {:.0} s",
                p.kept,
                spec.count,
                p.candidates,
                p.searched,
                p.searched as f64 / p.secs.max(1e-9),
                p.secs
            );
        }
    })?;
    let check = match (a.margin, &engine, limit) {
        (Some(m), Some(e), CheckLimit::Depth(d)) => {
            format!("score within {m} cp at depth {d} by {}", e.name)
        }
        (Some(m), Some(e), CheckLimit::Nodes(n)) => {
            format!("score within {m} cp at {n} nodes by {}", e.name)
        }
        _ => "no search check".to_string(),
    };
    let header = vec![
        format!(
            "{} openings made by shuriken match genbook: {} positions, {} random plies, seed {}, {check}, at most {}% per first move",
            variant.name(),
            book.len(),
            a.plies,
            a.seed,
            a.first_move_cap
        ),
        "EPD: ce = score in cp, side to move's view; acd = depth the engine reached".to_string(),
    ];
    write_book(&a.out, &header, &book)?;
    eprintln!("wrote {} openings to {}", book.len(), a.out.display());
    Ok(())
}

/// Runs `shuriken match ARGS...`; returns the process exit code ([`EXIT_OK`], [`EXIT_ERROR`],
/// [`EXIT_USAGE`], [`EXIT_PREFLIGHT`] or [`EXIT_OUTPUT`]).
pub fn cli_main(args: Vec<String>) -> i32 {
    let res = match args.first().map(String::as_str) {
        Some("merge") => match parse::<MergeArgs>(args[1..].to_vec()) {
            Ok(a) => run_merge(a),
            Err(code) => return code,
        },
        Some("genbook") => match parse::<GenbookArgs>(args[1..].to_vec()) {
            Ok(a) => run_genbook(a),
            Err(code) => return code,
        },
        _ => match parse::<MatchArgs>(args) {
            Ok(a) => run_match(a),
            Err(code) => return code,
        },
    };
    match res {
        Ok(()) => EXIT_OK,
        Err(e) => {
            eprintln!("error: {}", escape_controls(&format!("{e:#}"), true));
            exit_code(&e)
        }
    }
}

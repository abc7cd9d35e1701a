//! Arguments and entry points of `shuriken tune nnue gen` and `shuriken tune nnue dump`.

use super::game::{GameRules, Limit, MultiPv};
use super::{dump_files, run, GenOptions, GenProgress};
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use movegen::Variant;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// Arguments of `tune nnue gen`.
#[derive(Args, Debug)]
pub struct NnueGenArgs {
    /// Variant: titan, hadean, raptor, octopus or chess.
    #[arg(long, default_value = Variant::DEFAULT_NAME)]
    pub variant: String,
    /// Nodes per move's search (the default limit).
    #[arg(long, conflicts_with = "depth")]
    pub nodes: Option<u64>,
    /// Depth per move's search, instead of --nodes.
    #[arg(long)]
    pub depth: Option<i32>,
    /// Uniformly random legal moves after the book position, before the search plays.
    #[arg(long, default_value_t = 4)]
    pub random_plies: u32,
    /// Kept positions over all shards (each shard writes its share, rounded); 0: no limit
    /// (then give --games).
    #[arg(long, default_value_t = 0)]
    pub positions: u64,
    /// Play only games whose id is below this (ids count over all shards).
    #[arg(long)]
    pub games: Option<u64>,
    /// Seed of the run (book positions and random plies of every game).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at the same time (one search thread each); changes nothing in the output.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Play only shard I of N (1-based): games whose id is I-1 modulo N.
    #[arg(long, default_value = "1/1")]
    pub shard: String,
    /// Book of start positions (EPD or FEN lines) [default: the variant's book in
    /// runner/openings/].
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Hash table per game, megabytes (emptied at every game's start).
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// A game reaching this many plies after its book position is a draw.
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// Win adjudication: a score of at least this many centipawns, six plies in a row.
    #[arg(long, default_value_t = 1500)]
    pub win_cp: i32,
    /// Draw adjudication after ply 60: scores within this many centipawns, 16 plies in a row.
    #[arg(long, default_value_t = 10)]
    pub draw_cp: i32,
    /// Multi-PV randomisation: in this many first searched plies of a game, play a move drawn
    /// among the best --multipv lines within --multipv-margin of the best; 0: off.
    #[arg(long, default_value_t = MultiPv::OFF.plies)]
    pub multipv_plies: u32,
    /// Lines searched in the multi-PV plies.
    #[arg(long, default_value_t = MultiPv::OFF.lines, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=256))]
    pub multipv: usize,
    /// How far below the best line (centipawns) a drawn line may score.
    #[arg(long, default_value_t = MultiPv::OFF.margin_cp, value_parser = clap::value_parser!(i32).range(0..))]
    pub multipv_margin: i32,
    /// The data file; an existing file of the same run is continued.
    #[arg(long)]
    pub out: PathBuf,
    /// Seconds between progress lines.
    #[arg(long, default_value_t = 10.0)]
    pub progress_secs: f64,
}

/// Arguments of `tune nnue dump`.
#[derive(Args, Debug)]
pub struct NnueDumpArgs {
    /// Data files written by `tune nnue gen`.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Parses `I/N`.
pub fn parse_shard(s: &str) -> Result<(u32, u32)> {
    let (i, n) = s
        .split_once('/')
        .ok_or_else(|| anyhow!("--shard wants I/N, got '{s}'"))?;
    let i: u32 = i
        .trim()
        .parse()
        .map_err(|_| anyhow!("bad shard index '{i}'"))?;
    let n: u32 = n
        .trim()
        .parse()
        .map_err(|_| anyhow!("bad shard count '{n}'"))?;
    if n == 0 || i == 0 || i > n {
        bail!("--shard {s}: the index must be between 1 and the count");
    }
    Ok((i, n))
}

/// The settings of a run from its arguments.
pub fn options(a: &NnueGenArgs) -> Result<GenOptions> {
    let variant = Variant::from_name(&a.variant).map_err(|e| anyhow!("unknown variant {e}"))?;
    let (shard_index, shard_count) = parse_shard(&a.shard)?;
    let limit = match (a.nodes, a.depth) {
        (_, Some(d)) => Limit::Depth(d),
        (Some(n), None) => Limit::Nodes(n),
        (None, None) => Limit::Nodes(5000),
    };
    let (book, book_name) = match &a.book {
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .with_context(|| format!("cannot read the book {}", p.display()))?;
            (
                runner::openings::parse_set(variant, &text, &p.display().to_string())?,
                p.display().to_string(),
            )
        }
        None => (
            runner::openings::parse_set(
                variant,
                runner::openings::default_set(variant),
                &format!("default {} book", variant.name()),
            )?,
            format!("default {}", variant.name()),
        ),
    };
    Ok(GenOptions {
        rules: GameRules {
            variant,
            book: Arc::new(book),
            random_plies: a.random_plies,
            limit,
            max_plies: a.max_plies,
            win_cp: a.win_cp,
            draw_cp: a.draw_cp,
            multipv: MultiPv {
                plies: a.multipv_plies,
                lines: a.multipv,
                margin_cp: a.multipv_margin,
            },
        },
        book_name,
        positions: a.positions,
        games: a.games,
        seed: a.seed,
        threads: a.threads,
        shard_index,
        shard_count,
        hash_mb: a.hash,
        out: a.out.clone(),
    })
}

fn line(p: &GenProgress) -> String {
    let rate = p.new_positions as f64 / p.secs.max(1e-9);
    let target = if p.target > 0 {
        format!("/{}", p.target)
    } else {
        String::new()
    };
    let eta = if p.target > 0 && rate > 0.0 {
        format!(
            ", {:.0} s left",
            p.target.saturating_sub(p.positions) as f64 / rate
        )
    } else {
        String::new()
    };
    format!(
        "{}{target} positions, {} games, {:.0} positions/s, {:.0} searches/s, {:.0} knps, {:.0} s{eta}",
        p.positions,
        p.games,
        rate,
        p.searched as f64 / p.secs.max(1e-9),
        p.nodes as f64 / p.secs.max(1e-9) / 1000.0,
        p.secs
    )
}

/// Runs `tune nnue gen`.
pub fn run_gen(a: &NnueGenArgs) -> Result<()> {
    let opts = options(a)?;
    let mut last = Instant::now();
    let every = a.progress_secs.max(0.0);
    let done = run(&opts, |p| {
        if last.elapsed().as_secs_f64() >= every {
            last = Instant::now();
            eprintln!("gen: {}", line(p));
        }
    })?;
    if done.resumed_from > 0 {
        eprintln!("gen: resumed after {} positions", done.resumed_from);
    }
    eprintln!("gen: done: {}", line(&done));
    println!(
        "{} positions in {} ({} new, {:.0} positions/s)",
        done.positions,
        opts.out.display(),
        done.new_positions,
        done.new_positions as f64 / done.secs.max(1e-9)
    );
    Ok(())
}

/// Runs `tune nnue dump`.
pub fn run_dump(a: &NnueDumpArgs) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match dump_files(&a.files, &mut out) {
        Ok(_) => {}
        // A closed output (`| head`) ends the dump quietly.
        Err(e)
            if e.downcast_ref::<super::format::FormatError>().is_some_and(|f| {
                matches!(f, super::format::FormatError::Io(io) if io.kind() == std::io::ErrorKind::BrokenPipe)
            }) => {}
        Err(e) => return Err(e),
    }
    use std::io::Write;
    match out.flush() {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

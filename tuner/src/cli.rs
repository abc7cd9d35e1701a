//! The `shuriken tune` command line: `spsa`, `texel gen`, `texel convert`, `texel label`,
//! `texel fit` and `nnue train`.

use super::data::{self, GenerateOptions, QuietFilter, Sample};
use super::engines::MatchSettings;
use super::label::{self, LabelOptions};
use super::nnue_train::{self, data::LoadOptions, EpochReport, TrainOptions};
use super::plot::{self, Series};
use super::spsa::{self, SpsaState};
use super::spsa_config::SpsaConfig;
use super::spsa_match::MatchObjective;
use super::texel::{self, AdamOptions, Dataset};
use anyhow::{anyhow, bail, ensure, Context, Result};
use clap::{Args, Subcommand};
use engine::eval::weights::{self, Weights};
use movegen::Variant;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `shuriken tune ...`
#[derive(Subcommand, Debug)]
pub enum TuneCommand {
    /// SPSA over UCI spin options with game pairs θ+δ vs θ−δ (see `--config`).
    #[command(after_help = "Examples:\n  \
        shuriken tune spsa --config engine/tuned/spsa-smoke.conf --out spsa-out\n  \
        shuriken tune spsa --config engine/tuned/spsa-smoke.conf --out spsa-out --resume")]
    Spsa(SpsaArgs),
    /// Texel tuning of the evaluation weights: generate data, convert game files, relabel by
    /// search, fit.
    #[command(
        subcommand,
        after_help = "Examples:\n  \
        shuriken tune texel gen --variant titan --games 200 --out titan.data\n  \
        shuriken tune texel fit --data titan.data --out titan.weights"
    )]
    Texel(TexelCommand),
    /// The NNUE evaluation networks: data generation and training, for every game.
    #[command(
        subcommand,
        after_help = "Examples:\n  \
        shuriken tune nnue gen --variant titan --positions 100000 --threads 2 --out titan.data\n  \
        shuriken tune nnue train --data titan.data --out titan.nnue"
    )]
    Nnue(NnueCommand),
}

/// `shuriken tune nnue ...`
#[derive(Subcommand, Debug)]
pub enum NnueCommand {
    /// Trains a network of the data's game on binary training data; writes the quantized
    /// network file.
    #[command(after_help = "Examples:\n  \
        shuriken tune nnue train --data titan.data --out titan.nnue\n  \
        shuriken tune nnue train --data raptor-1.data --data raptor-2.data --hidden 128 \
        --output-buckets 4 --epochs 20 --out raptor.nnue\n  \
        shuriken tune nnue train --data more.data --resume-from engine/nets/chess.nnue \
        --lr 0.0003 --out chess2.nnue")]
    Train(NnueTrainArgs),
    /// Converts `FEN|score|result` text lines (White's view) into binary training data.
    #[command(after_help = "Examples:\n  \
        shuriken tune nnue convert --variant chess --out chess.data chess.txt\n  \
        shuriken tune nnue convert --variant chess --out all.data part1.txt part2.txt")]
    Convert(NnueConvertArgs),
    /// Self-play games with Shuriken's own search from the book; writes binary training data
    /// (deterministic, resumable, sharded; format in docs/nnue.md).
    #[command(after_help = "Examples:\n  \
        shuriken tune nnue gen --variant titan --positions 100000 --threads 2 --out titan.data\n  \
        shuriken tune nnue gen --variant octopus --depth 6 --positions 50000 --seed 7 \
        --shard 1/4 --out octopus-1.data\n  \
        shuriken tune nnue gen --variant raptor --nodes 400 --multipv-plies 8 --multipv 4 \
        --multipv-margin 100 --positions 100000 --out raptor.data")]
    Gen(crate::nnue_gen::cli::NnueGenArgs),
    /// Prints binary training data as text: `FEN | score | result | game id | ply`.
    #[command(after_help = "Examples:\n  \
        shuriken tune nnue dump titan.data | head\n  \
        shuriken tune nnue dump octopus-1.data octopus-2.data > octopus.txt")]
    Dump(crate::nnue_gen::cli::NnueDumpArgs),
}

/// Arguments of `tune nnue convert`.
#[derive(Args, Debug)]
pub struct NnueConvertArgs {
    /// The game of the positions.
    #[arg(long)]
    pub variant: String,
    /// The binary data file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Text files of `FEN|score|result` lines: score in centipawns and result (1, 0.5, 0),
    /// both from White's point of view.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
}

/// Arguments of `tune nnue train`.
#[derive(Args, Debug)]
pub struct NnueTrainArgs {
    /// Data files of one game, written by `tune nnue gen` (or `tune nnue convert`); repeatable.
    #[arg(long, required = true)]
    pub data: Vec<PathBuf>,
    /// Output network file, rewritten after every epoch; the float network goes to OUT.float.
    #[arg(long)]
    pub out: PathBuf,
    /// Hidden neurons per view [default: 256, or the size of --resume-from; a larger value
    /// widens --resume-from with new neurons that start out silent].
    #[arg(long)]
    pub hidden: Option<usize>,
    /// Output buckets, chosen by the number of pieces on the board and in hand, from 2 to the
    /// start position's (chess with 8: 2-5 pieces, 6-9, ..., 30-32) [default: 1, or the count
    /// of --resume-from; a one-bucket start is widened into copies].
    #[arg(long)]
    pub output_buckets: Option<usize>,
    /// King buckets: 1, or 4 input sets chosen by where each side's own king stands (first row
    /// on the outer quarters, the rest of the first row, second row, beyond), each view
    /// mirrored so that its king is on the left half [default: 1, or the count of
    /// --resume-from; a one-bucket start is widened into copies]. Not with --mirror, which it
    /// makes pointless.
    #[arg(long)]
    pub king_buckets: Option<usize>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 15)]
    pub epochs: usize,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Adam learning rate.
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// Epochs after this one run at a tenth of --lr [default: 70% of --epochs, rounded].
    #[arg(long)]
    pub lr_drop_epoch: Option<usize>,
    /// Weight of the search score in the target; the rest is the game result.
    #[arg(long, default_value_t = 0.75)]
    pub lambda: f32,
    /// Centipawns per unit of the logistic: target σ(score / scale), prediction σ(eval / scale)
    /// [default: fitted to the training data, the scale that best turns its search scores into
    /// its games' results].
    #[arg(long)]
    pub scale: Option<f32>,
    /// Fraction of the played games held out for validation (a seeded split by game id: all
    /// positions of a game fall on the same side).
    #[arg(long, default_value_t = 0.05)]
    pub validation: f64,
    /// Validation files (same format, repeatable), e.g. games played apart from the training
    /// data. With them every game of --data is trained on and --validation is not used.
    #[arg(long, conflicts_with = "validation")]
    pub valid_data: Vec<PathBuf>,
    /// Seed of the initial weights, the shuffles and the validation split.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Learn each position mirrored left to right in about half the epochs: the network sees no
    /// castling rights, so the mirror image is a free extra example (where the game's pieces
    /// move alike both ways).
    #[arg(long)]
    pub mirror: bool,
    /// Write the network only after an epoch that lowers the held-out loss, so that the files
    /// hold the best epoch's network rather than the last one's (needs held-out games).
    #[arg(long)]
    pub keep_best: bool,
    /// What a new network's output is added to: `none` (the network is the whole evaluation)
    /// or `tables` (it learns a correction to the game's tables, whose value it is added to)
    /// [default: none, or the base of --resume-from]
    #[arg(long, value_parser = ["none", "tables"])]
    pub base: Option<String>,
    /// Worker threads [default: every core].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Start from this float checkpoint (an OUT.float of an earlier run), or from this network
    /// file (dequantized; `engine/nets/<game>.nnue` are the built-in ones), instead of random
    /// weights; Adam's moments start afresh. Its game must be the data's.
    #[arg(long)]
    pub resume_from: Option<PathBuf>,
}

/// `shuriken tune texel ...`
#[derive(Subcommand, Debug)]
pub enum TexelCommand {
    /// Self-play games through the match runner; writes labelled quiet positions.
    #[command(after_help = "Examples:\n  \
        shuriken tune texel gen --variant titan --games 200 --out titan.data\n  \
        shuriken tune texel gen --variant chess --games 1000 --limits nodes=2000 \
        --concurrency 2 --results chess-games.jsonl --out chess.data")]
    Gen(GenArgs),
    /// Labelled quiet positions from the runner's results (.jsonl) or PGN (.pgn) files.
    #[command(after_help = "Examples:\n  \
        shuriken tune texel convert --input new-vs-old.jsonl --out titan.data\n  \
        shuriken tune texel convert --input games.pgn --input more.pgn --skip-plies 10 \
        --out chess.data")]
    Convert(ConvertArgs),
    /// Relabels a data file with fixed-depth search scores blended with the game results.
    #[command(after_help = "Examples:\n  \
        shuriken tune texel label --data titan.data --depth 6 --out titan.labelled\n  \
        shuriken tune texel label --data chess.data --variant chess --engine \
        /usr/games/stockfish --engine-option Threads=1 --depth 10 --blend 0.3 --out chess.labelled")]
    Label(LabelArgs),
    /// Fits K and then the weights; writes a weights file for `setoption name EvalFile`.
    #[command(after_help = "Examples:\n  \
        shuriken tune texel fit --data titan.data --out titan.weights\n  \
        shuriken tune texel fit --data titan.data --variant titan --params 'Mob*,King*' \
        --l2 0.001 --out titan.weights")]
    Fit(FitArgs),
}

/// Arguments of `tune spsa`.
#[derive(Args, Debug)]
pub struct SpsaArgs {
    /// Configuration file (format: see the `tune::spsa_config` documentation).
    #[arg(long)]
    pub config: PathBuf,
    /// Engine binary (default: the config's `engine`, else this executable).
    #[arg(long)]
    pub engine: Option<PathBuf>,
    /// Output folder: checkpoint.json, history.csv, history.svg, final.uci, final.weights.
    #[arg(long, default_value = "spsa-out")]
    pub out: PathBuf,
    /// Continue the run saved in the checkpoint.
    #[arg(long)]
    pub resume: bool,
    /// Start afresh even if a checkpoint exists (it is replaced).
    #[arg(long)]
    pub overwrite: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Arguments of `tune texel gen`.
#[derive(Args, Debug)]
pub struct GenArgs {
    /// Variant.
    #[arg(long, default_value = Variant::DEFAULT_NAME)]
    pub variant: String,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Search limits in runner syntax (nodes=, depth=, st=, tc=).
    #[arg(long, default_value = "nodes=500")]
    pub limits: String,
    /// Games at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Random plies of each generated opening.
    #[arg(long, default_value_t = 8)]
    pub opening_plies: u32,
    /// Plies skipped at the start of each game.
    #[arg(long, default_value_t = 8)]
    pub skip_plies: usize,
    /// Draw after this many full moves.
    #[arg(long, default_value_t = 250)]
    pub max_moves: u32,
    /// Run seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Engine binary (default: this executable).
    #[arg(long)]
    pub engine: Option<PathBuf>,
    /// Keep the games as a runner results file (JSON lines).
    #[arg(long)]
    pub results: Option<PathBuf>,
    /// Output data file (`variant|FEN|result` lines).
    #[arg(long)]
    pub out: PathBuf,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Arguments of `tune texel convert`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// Input files: runner results (.jsonl) or PGN (.pgn); repeatable.
    #[arg(long, required = true)]
    pub input: Vec<PathBuf>,
    /// Plies skipped at the start of each game.
    #[arg(long, default_value_t = 8)]
    pub skip_plies: usize,
    /// Output data file.
    #[arg(long)]
    pub out: PathBuf,
}

/// The positions a Texel command reads: data files, optionally one variant's positions only.
#[derive(Args, Debug)]
pub struct DataSelection {
    /// Data files (`variant|FEN|result` lines); repeatable.
    #[arg(long, required = true)]
    pub data: Vec<PathBuf>,
    /// Only positions of this variant (default: every position; `fit` takes the positions of
    /// one game, since each game has its own weights).
    #[arg(long)]
    pub variant: Option<String>,
}

impl DataSelection {
    /// The chosen variant, if any, and the selected positions; `what` names the command's job
    /// in the error for an empty selection.
    fn load(&self, what: &str) -> Result<(Option<Variant>, Vec<Sample>)> {
        let only = self.variant.as_deref().map(variant).transpose()?;
        let mut samples: Vec<Sample> = Vec::new();
        for f in &self.data {
            samples.extend(
                data::read_samples(f)?
                    .into_iter()
                    .filter(|s| only.is_none_or(|v| s.variant == v)),
            );
        }
        if samples.is_empty() {
            bail!("no positions to {what}");
        }
        Ok((only, samples))
    }
}

/// Arguments of `tune texel label`.
#[derive(Args, Debug)]
pub struct LabelArgs {
    /// The positions to label.
    #[command(flatten)]
    pub input: DataSelection,
    /// Search depth of every position (each variant's shipped weights, one thread per core).
    #[arg(long, default_value_t = 6)]
    pub depth: i32,
    /// Weight of the game result in the new label: 0 labels by the search alone, 1 keeps the
    /// game result.
    #[arg(long, default_value_t = 0.5)]
    pub blend: f64,
    /// Centipawns per factor 10 in the odds of a score's predicted result (default: fitted to
    /// the game results of the data).
    #[arg(long)]
    pub scale: Option<f64>,
    /// Hash table of each search worker, in megabytes (Shuriken's own search).
    #[arg(long, default_value_t = 4)]
    pub hash: usize,
    /// Score the positions with this UCI engine instead of Shuriken's own search, one process
    /// per core, each searching `go depth N`; the positions must be of one variant (see
    /// --variant). Example: `--engine /usr/games/stockfish --engine-option Threads=1`.
    #[arg(long)]
    pub engine: Option<PathBuf>,
    /// A UCI option of --engine, as NAME=VALUE; repeatable.
    #[arg(long = "engine-option", value_name = "NAME=VALUE", requires = "engine")]
    pub engine_options: Vec<String>,
    /// Output data file.
    #[arg(long)]
    pub out: PathBuf,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Arguments of `tune texel fit`.
#[derive(Args, Debug)]
pub struct FitArgs {
    /// The positions to fit.
    #[command(flatten)]
    pub input: DataSelection,
    /// Start weights file, read over the shipped weights of the game fitted (default: those
    /// shipped weights).
    #[arg(long)]
    pub start: Option<PathBuf>,
    /// Tuned weights: comma-separated names or patterns with `*` (default: every weight the
    /// data uses).
    #[arg(long, value_delimiter = ',')]
    pub params: Vec<String>,
    /// Weights left alone: comma-separated names or patterns.
    #[arg(long, value_delimiter = ',', default_value = "Mat*Pawn")]
    pub exclude: Vec<String>,
    /// Fixed K (default: fitted).
    #[arg(long)]
    pub k: Option<f64>,
    /// Adam steps.
    #[arg(long, default_value_t = 2000)]
    pub iters: usize,
    /// Adam learning rate.
    #[arg(long, default_value_t = 1.0)]
    pub lr: f64,
    /// Every n-th position is held out for validation (0: none).
    #[arg(long, default_value_t = 10)]
    pub holdout: usize,
    /// Pull toward the start weights: adds `L2 * sum(((w - w0) / max(|w0|, 25))^2)` to the
    /// loss (0: none). 0.001 lets a weight move by about a third of its size for a loss gain of
    /// 1e-4.
    #[arg(long, default_value_t = 0.0)]
    pub l2: f64,
    /// Output weights file.
    #[arg(long)]
    pub out: PathBuf,
}

/// Runs a `tune` subcommand.
pub fn run(cmd: TuneCommand) -> Result<()> {
    match cmd {
        TuneCommand::Spsa(a) => run_spsa(&a),
        TuneCommand::Texel(TexelCommand::Gen(a)) => run_gen(&a),
        TuneCommand::Texel(TexelCommand::Convert(a)) => run_convert(&a),
        TuneCommand::Texel(TexelCommand::Label(a)) => run_label(&a),
        TuneCommand::Texel(TexelCommand::Fit(a)) => run_fit(&a),
        TuneCommand::Nnue(NnueCommand::Train(a)) => run_nnue_train(&a),
        TuneCommand::Nnue(NnueCommand::Gen(a)) => crate::nnue_gen::cli::run_gen(&a),
        TuneCommand::Nnue(NnueCommand::Dump(a)) => crate::nnue_gen::cli::run_dump(&a),
        TuneCommand::Nnue(NnueCommand::Convert(a)) => run_nnue_convert(&a),
    }
}

fn run_spsa(a: &SpsaArgs) -> Result<()> {
    let config = SpsaConfig::load(&a.config)?;
    let mut settings = config.settings.clone();
    if let Some(e) = &a.engine {
        settings.engine = e.clone();
    }
    std::fs::create_dir_all(&a.out)
        .with_context(|| format!("cannot create {}", a.out.display()))?;
    let checkpoint = a.out.join("checkpoint.json");
    let mut state = if a.resume && checkpoint.exists() {
        let s = SpsaState::load(&checkpoint)?;
        let names: Vec<&str> = s.params.iter().map(|p| p.name.as_str()).collect();
        let want: Vec<&str> = config.params.iter().map(|p| p.name.as_str()).collect();
        if names != want || s.schedule != config.schedule {
            bail!(
                "{} belongs to a different run (parameters or schedule differ)",
                checkpoint.display()
            );
        }
        eprintln!(
            "resuming at step {} ({} of {} pairs)",
            s.step, s.pairs_done, s.schedule.pairs
        );
        s
    } else {
        if checkpoint.exists() && !a.overwrite && !a.resume {
            bail!(
                "{} exists: add --resume to continue it or --overwrite to start afresh",
                checkpoint.display()
            );
        }
        SpsaState::new(config.params.clone(), config.schedule.clone(), config.seed)?
    };
    let names: Vec<String> = state.params.iter().map(|p| p.name.clone()).collect();
    let mut objective = MatchObjective::new(settings, names);
    let bar = if a.quiet {
        indicatif::ProgressBar::hidden()
    } else {
        let b = indicatif::ProgressBar::new(state.schedule.pairs);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} pairs  {msg}",
        ) {
            b.set_style(style.progress_chars("=> "));
        }
        b
    };
    bar.set_position(state.pairs_done);
    let out = a.out.clone();
    spsa::run(&mut state, &mut objective, |s| {
        s.save(&checkpoint)?;
        write_spsa_outputs(s, &out)?;
        bar.set_position(s.pairs_done);
        let vals: Vec<String> = s
            .params
            .iter()
            .zip(&s.theta)
            .map(|(p, t)| format!("{}={t:.1}", p.name))
            .collect();
        bar.set_message(vals.join(" "));
        Ok(())
    })?;
    bar.finish_and_clear();
    write_spsa_outputs(&state, &a.out)?;
    println!(
        "SPSA finished: {} pairs; games of θ+ this session: W {} L {} D {}",
        state.pairs_done, objective.wld[0], objective.wld[1], objective.wld[2]
    );
    let first = &state.history[0].theta;
    for (i, p) in state.params.iter().enumerate() {
        println!(
            "  {:<20} {:>8.1} -> {:>8.1}",
            p.name,
            first.get(i).copied().unwrap_or(f64::NAN),
            state.theta[i]
        );
    }
    println!("outputs in {}", a.out.display());
    Ok(())
}

/// Writes history.csv, history.svg, final.uci and final.weights (tuned evaluation weights
/// only) into `out`.
pub fn write_spsa_outputs(s: &SpsaState, out: &Path) -> Result<()> {
    let w = |name: &str, text: String| -> Result<()> {
        let p = out.join(name);
        std::fs::write(&p, text).with_context(|| format!("cannot write {}", p.display()))
    };
    w("history.csv", s.history_csv())?;
    let x: Vec<f64> = s.history.iter().map(|r| r.pairs as f64).collect();
    let series: Vec<Series> = s
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| Series {
            name: &p.name,
            values: s
                .history
                .iter()
                .map(|r| r.theta.get(i).copied().unwrap_or(f64::NAN))
                .collect(),
        })
        .collect();
    w(
        "history.svg",
        plot::svg("SPSA parameter history", "game pairs", &x, &series)?,
    )?;
    w("final.uci", s.setoption_lines())?;
    let mut weights = String::from("# SPSA result (evaluation weights only)\n");
    for (p, v) in s.params.iter().zip(s.rounded()) {
        if weights::find_in_any_game(&p.name).is_some() {
            weights.push_str(&format!("{} = {v}\n", p.name));
        }
    }
    w("final.weights", weights)
}

fn variant(name: &str) -> Result<Variant> {
    Variant::from_name(name).map_err(|e| anyhow!("{e}"))
}

fn run_gen(a: &GenArgs) -> Result<()> {
    let mut settings = MatchSettings::new(variant(&a.variant)?)?;
    settings.set_limits(&a.limits)?;
    settings.concurrency = a.concurrency;
    settings.max_moves = Some(a.max_moves);
    settings.seed = a.seed;
    if let Some(e) = &a.engine {
        settings.engine = e.clone();
    }
    let openings_out = a.out.with_extension("openings.epd");
    let opts = GenerateOptions {
        settings,
        games: a.games,
        opening_plies: a.opening_plies,
        openings_out,
        results: a.results.clone(),
        filter: QuietFilter {
            skip_plies: a.skip_plies,
            ..QuietFilter::default()
        },
        progress: !a.quiet,
    };
    let t = Instant::now();
    let samples = data::generate(&opts)?;
    data::write_samples(&a.out, &samples)?;
    println!(
        "{} positions from {} games in {:.0} s -> {}",
        samples.len(),
        a.games,
        t.elapsed().as_secs_f64(),
        a.out.display()
    );
    Ok(())
}

fn run_convert(a: &ConvertArgs) -> Result<()> {
    let filter = QuietFilter {
        skip_plies: a.skip_plies,
        ..QuietFilter::default()
    };
    let mut all = Vec::new();
    for f in &a.input {
        let is_pgn = f.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
        let v = if is_pgn {
            data::from_pgn_file(f, &filter)?
        } else {
            data::from_results_file(f, &filter)?
        };
        println!("{}: {} positions", f.display(), v.len());
        all.extend(v);
    }
    data::write_samples(&a.out, &all)?;
    println!("{} positions -> {}", all.len(), a.out.display());
    Ok(())
}

fn run_label(a: &LabelArgs) -> Result<()> {
    if !(1..=64).contains(&a.depth) {
        bail!("--depth must lie in 1..=64, not {}", a.depth);
    }
    if !(0.0..=1.0).contains(&a.blend) {
        bail!("--blend must lie in 0..=1, not {}", a.blend);
    }
    if let Some(s) = a.scale.filter(|s| !(s.is_finite() && *s > 0.0)) {
        bail!("--scale must be a positive number, not {s}");
    }
    if !(1..=engine::options::MAX_HASH_MB).contains(&a.hash) {
        bail!(
            "--hash must lie in 1..={} MB, not {}",
            engine::options::MAX_HASH_MB,
            a.hash
        );
    }
    let (_, samples) = a.input.load("label")?;
    let t = Instant::now();
    let bar = if a.quiet {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(samples.len() as u64)
    };
    let progress = |n: usize| bar.set_position(n as u64);
    let (scores, searcher) = match &a.engine {
        None => (
            label::search_scores(&samples, a.depth, a.hash, &progress)?,
            "Shuriken".to_string(),
        ),
        Some(path) => {
            let engine = outside_engine(path, &a.engine_options)?;
            let variant = samples[0].variant;
            let scores = label::engine_scores(&samples, variant, a.depth, &engine, &progress)?;
            (scores, path.display().to_string())
        }
    };
    bar.finish_and_clear();
    let opts = LabelOptions {
        blend: a.blend,
        scale: a.scale,
    };
    let labelled = label::blend_labels(&samples, &scores, &opts);
    data::write_samples(&a.out, &labelled.samples)?;
    let moved: f64 = samples
        .iter()
        .zip(&labelled.samples)
        .map(|(a, b)| (a.result - b.result).abs())
        .sum::<f64>()
        / samples.len() as f64;
    println!(
        "{} positions searched to depth {} by {} in {:.0} s; scale {:.1} cp per factor 10 ({}), blend {}, mean label change {:.3} -> {}",
        samples.len(),
        a.depth,
        searcher,
        t.elapsed().as_secs_f64(),
        labelled.scale,
        if a.scale.is_some() { "given" } else { "fitted" },
        a.blend,
        moved,
        a.out.display()
    );
    Ok(())
}

/// The outside engine of `tune texel label --engine PATH --engine-option NAME=VALUE ...`.
fn outside_engine(path: &std::path::Path, options: &[String]) -> Result<label::OutsideEngine> {
    let options = options
        .iter()
        .map(|o| match o.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() => {
                Ok((name.trim().to_string(), value.trim().to_string()))
            }
            _ => bail!("--engine-option takes NAME=VALUE, not '{o}'"),
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(label::OutsideEngine {
        launch: runner::engine_process::LaunchSpec {
            cmd: path.display().to_string(),
            ..Default::default()
        },
        options,
    })
}

fn run_fit(a: &FitArgs) -> Result<()> {
    let t0 = Instant::now();
    if !(a.l2.is_finite() && a.l2 >= 0.0) {
        bail!("--l2 must be a finite number >= 0, not {}", a.l2);
    }
    let (only, samples) = a.input.load("fit")?;
    // Each game has its own weights: a fit takes one game's positions and starts from its
    // shipped weights.
    let game = match only {
        Some(v) => v,
        None => {
            let first = samples[0].variant;
            if let Some(other) = samples.iter().find(|s| s.variant != first) {
                bail!(
                    "the data holds {first} and {} positions; each game has its own weights: \
                     choose one with --variant",
                    other.variant
                );
            }
            first
        }
    };
    let base = Weights::for_variant(game);
    let start = match &a.start {
        Some(p) => base
            .load(&p.to_string_lossy())
            .map_err(|e| anyhow!("{e}"))?,
        None => base,
    };
    let (train, valid): (Vec<Sample>, Vec<Sample>) = if a.holdout > 1 {
        let (t, v): (Vec<_>, Vec<_>) = samples
            .iter()
            .cloned()
            .enumerate()
            .partition(|(i, _)| i % a.holdout != 0);
        (
            t.into_iter().map(|x| x.1).collect(),
            v.into_iter().map(|x| x.1).collect(),
        )
    } else {
        (samples.clone(), Vec::new())
    };
    let values = texel::values_of(&start);
    let traced = texel::trace_samples(&train, &start)?;
    let traced_valid = texel::trace_samples(&valid, &start)?;
    let used = texel::used_weights(&traced);
    let params = texel::select_params(&start, &used, &a.params, &a.exclude);
    if params.is_empty() {
        bail!("no weights selected");
    }
    let d = Dataset::build(&traced, &params, &values);
    let dv = Dataset::build(&traced_valid, &params, &values);
    drop(traced);
    drop(traced_valid);
    println!(
        "{} positions ({} train, {} validation), {} weights tuned; traced in {:.1} s",
        samples.len(),
        d.len(),
        dv.len(),
        params.len(),
        t0.elapsed().as_secs_f64()
    );
    let theta0: Vec<f64> = params.iter().map(|&i| values[i]).collect();
    let k = match a.k {
        Some(k) => k,
        None => texel::fit_k(&d, &theta0, 0.05, 10.0),
    };
    let before = (d.loss(&theta0, k), dv.loss(&theta0, k));
    println!(
        "K = {k:.4}; loss before: train {:.6} validation {:.6}",
        before.0, before.1
    );
    let t = start.table();
    let bounds: Vec<(f64, f64)> = params
        .iter()
        .map(|&i| (t[i].0.min as f64, t[i].0.max as f64))
        .collect();
    let opts = AdamOptions {
        iterations: a.iters,
        lr: a.lr,
        l2: a.l2,
        ..AdamOptions::default()
    };
    let every = (a.iters / 10).max(1);
    let theta = texel::adam(&d, &theta0, &bounds, k, &opts, |step, loss| {
        if step % every == 0 || step == 1 {
            println!("  step {step:>5}  loss {loss:.6}");
        }
    });
    let rounded: Vec<f64> = theta
        .iter()
        .zip(&bounds)
        .map(|(v, (lo, hi))| v.round().clamp(*lo, *hi))
        .collect();
    let after = (d.loss(&rounded, k), dv.loss(&rounded, k));
    let mut tuned = start.clone();
    let mut changes = Vec::new();
    for (j, &i) in params.iter().enumerate() {
        let name = &t[i].0.name;
        tuned
            .set(name, rounded[j] as i64)
            .map_err(|e| anyhow!("{e}"))?;
        if rounded[j] != theta0[j] {
            changes.push(format!("{name}: {} -> {}", theta0[j], rounded[j]));
        }
    }
    let exact_before = texel::exact_loss(&samples, &start, k)?;
    let exact_after = texel::exact_loss(&samples, &tuned, k)?;
    println!(
        "loss after (rounded): train {:.6} validation {:.6}",
        after.0, after.1
    );
    println!("real evaluation, all positions: loss {exact_before:.6} -> {exact_after:.6}");
    if a.l2 > 0.0 {
        println!(
            "prior (--l2 {}): penalty {:.6}",
            a.l2,
            texel::prior(&rounded, &theta0, a.l2).0
        );
    }
    let mut text = format!(
        "# Texel-tuned weights: {} positions, {} weights tuned, K = {k:.4}, l2 = {}\n\
         # loss train {:.6} -> {:.6}, validation {:.6} -> {:.6}\n",
        samples.len(),
        params.len(),
        a.l2,
        before.0,
        after.0,
        before.1,
        after.1
    );
    text.push_str(&tuned.to_text());
    std::fs::write(&a.out, text).with_context(|| format!("cannot write {}", a.out.display()))?;
    println!("{} weights changed:", changes.len());
    for c in &changes {
        println!("  {c}");
    }
    println!(
        "wrote {} in {:.0} s",
        a.out.display(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The network to start from: the checkpoint of `--resume-from`, else seeded random weights.
fn nnue_start(a: &NnueTrainArgs, variant: Variant) -> Result<engine::nnue::FloatNetwork> {
    let Some(path) = &a.resume_from else {
        let hidden = a.hidden.unwrap_or(256);
        if !(1..=nnue_train::MAX_HIDDEN).contains(&hidden) {
            bail!(
                "--hidden must lie in 1..={}, not {hidden}",
                nnue_train::MAX_HIDDEN
            );
        }
        let buckets = a.output_buckets.unwrap_or(1);
        check_buckets(buckets)?;
        let king_buckets = a.king_buckets.unwrap_or(1);
        check_king_buckets(king_buckets)?;
        let mut net = nnue_train::model::init(variant, hidden, buckets, a.seed);
        if a.base.as_deref() == Some("tables") {
            net.base = engine::nnue::network::Base::Tables(
                engine::eval::Weights::for_variant(variant).fingerprint(),
            );
        }
        return Ok(net
            .with_king_buckets(king_buckets)
            .expect("a new network has one king bucket to copy"));
    };
    let mut net = nnue_train::load_float(path)?;
    if net.variant != variant {
        bail!(
            "{} is a {} network, the data is {variant}'s",
            path.display(),
            net.variant
        );
    }
    if let Some(b) = a.base.as_deref().filter(|&b| b != net.base.name()) {
        bail!(
            "--base {b}: {} has the base {}, which a resumed network keeps",
            path.display(),
            net.base.name()
        );
    }
    let fingerprint = engine::eval::Weights::for_variant(variant).fingerprint();
    if let engine::nnue::network::Base::Tables(f) = net.base {
        ensure!(
            f == fingerprint,
            "{} corrects {variant}'s tables of fingerprint {f:016x}, but the built-in ones are \
             {fingerprint:016x}: train a new network over the current tables",
            path.display()
        );
    }
    if let Some(h) = a.hidden.filter(|&h| h != net.hidden) {
        if !(net.hidden..=nnue_train::MAX_HIDDEN).contains(&h) {
            bail!(
                "--hidden {h}: {} has {} neurons; a network widens (up to {}) but never narrows",
                path.display(),
                net.hidden,
                nnue_train::MAX_HIDDEN
            );
        }
        net = nnue_train::model::widen(&net, h, a.seed);
    }
    if let Some(b) = a.output_buckets {
        check_buckets(b)?;
        net = net.with_buckets(b).with_context(|| {
            format!(
                "--output-buckets {b}: {} has {} buckets; only a one-bucket network widens",
                path.display(),
                net.buckets
            )
        })?;
    }
    if let Some(k) = a.king_buckets {
        check_king_buckets(k)?;
        net = net.with_king_buckets(k).with_context(|| {
            format!(
                "--king-buckets {k}: {} has {} king buckets; only a one-bucket network widens",
                path.display(),
                net.king_buckets
            )
        })?;
    }
    println!(
        "resuming from {} ({} hidden, {} output buckets, {} king buckets)",
        path.display(),
        net.hidden,
        net.buckets,
        net.king_buckets
    );
    Ok(net)
}

fn check_king_buckets(king_buckets: usize) -> Result<()> {
    let counts = engine::nnue::KING_BUCKET_COUNTS;
    if !counts.contains(&king_buckets) {
        bail!("--king-buckets must be one of {counts:?}, not {king_buckets}");
    }
    Ok(())
}

fn check_buckets(buckets: usize) -> Result<()> {
    let most = engine::nnue::network::MAX_BUCKETS;
    if !(1..=most).contains(&buckets) {
        bail!("--output-buckets must lie in 1..={most}, not {buckets}");
    }
    Ok(())
}

fn nnue_options(a: &NnueTrainArgs) -> Result<(LoadOptions, TrainOptions)> {
    if a.epochs == 0 || a.batch == 0 {
        bail!("--epochs and --batch must be at least 1");
    }
    if !(a.lr.is_finite() && a.lr > 0.0) {
        bail!("--lr must be a positive number, not {}", a.lr);
    }
    if !(0.0..=1.0).contains(&a.lambda) {
        bail!("--lambda must lie in 0..=1, not {}", a.lambda);
    }
    if let Some(scale) = a.scale.filter(|s| !(s.is_finite() && *s > 0.0)) {
        bail!("--scale must be a positive number, not {scale}");
    }
    if !(0.0..1.0).contains(&a.validation) {
        bail!("--validation must lie in 0..1, not {}", a.validation);
    }
    let load = LoadOptions {
        validation: if a.valid_data.is_empty() {
            a.validation
        } else {
            0.0
        },
        seed: a.seed,
        king_buckets: a.king_buckets.unwrap_or(1),
    };
    let train = TrainOptions {
        epochs: a.epochs,
        batch: a.batch,
        lr: a.lr,
        lr_drop_epoch: a.lr_drop_epoch.unwrap_or((a.epochs * 7 + 5) / 10),
        scale: a.scale.unwrap_or(0.0),
        seed: a.seed,
        mirror: a.mirror,
    };
    Ok((load, train))
}

fn run_nnue_convert(a: &NnueConvertArgs) -> Result<()> {
    let variant = Variant::from_name(&a.variant)?;
    let done = nnue_train::convert::convert(variant, &a.inputs, &a.out)?;
    println!(
        "wrote {} records to {}; {} malformed lines skipped{}",
        done.written,
        a.out.display(),
        done.skipped,
        if done.examples.is_empty() {
            String::new()
        } else {
            format!(" (e.g. {})", done.examples.join("; "))
        }
    );
    Ok(())
}

fn run_nnue_train(a: &NnueTrainArgs) -> Result<()> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    pool.install(|| nnue_train_in_pool(a))
}

fn nnue_train_in_pool(a: &NnueTrainArgs) -> Result<()> {
    let (mut load_opts, mut opts) = nnue_options(a)?;
    if let Some(path) = &a.resume_from {
        // The inputs depend on the king buckets: read them from the starting network.
        let start = nnue_train::load_float(path)?;
        load_opts.king_buckets = a.king_buckets.unwrap_or(start.king_buckets);
    }
    let t0 = Instant::now();
    let mut loaded = nnue_train::data::load(&a.data, &load_opts)?;
    let variant = loaded.variant()?;
    let mut net = nnue_start(a, variant)?;
    if !a.valid_data.is_empty() {
        let all = LoadOptions {
            validation: 1.0,
            ..load_opts
        };
        let held_out = nnue_train::data::load(&a.valid_data, &all)?;
        if held_out.variant()? != variant {
            bail!(
                "--valid-data is {}'s, --data {variant}'s",
                held_out.variant()?
            );
        }
        loaded.valid = held_out.valid;
        loaded.valid_fens = held_out.valid_fens;
        loaded.valid_games = held_out.valid_games;
    }
    if opts.scale == 0.0 {
        opts.scale = nnue_train::data::fit_scale(&loaded.train);
        println!(
            "logistic scale fitted to the training games' results: {:.1} cp",
            opts.scale
        );
    }
    loaded.train.set_targets(a.lambda, opts.scale);
    loaded.valid.set_targets(a.lambda, opts.scale);
    println!(
        "{variant}: {} positions ({} train from {} games, {} validation from {} games) from {} \
         records, {} malformed skipped{}; loaded in {:.1} s, {:.0} MB, {} threads",
        loaded.train.len() + loaded.valid.len(),
        loaded.train.len(),
        loaded.train_games.len(),
        loaded.valid.len(),
        loaded.valid_games.len(),
        loaded.records,
        loaded.skipped,
        if loaded.examples.is_empty() {
            String::new()
        } else {
            format!(" (e.g. {})", loaded.examples.join("; "))
        },
        t0.elapsed().as_secs_f64(),
        (loaded.train.bytes() + loaded.valid.bytes()) as f64 / 1e6,
        rayon::current_num_threads()
    );
    println!(
        "hidden {}, output buckets {}, king buckets {}, epochs {}, batch {}, lr {} (x0.1 after epoch {}), \
         lambda {}, scale {}, base {}{}",
        net.hidden,
        net.buckets,
        net.king_buckets,
        opts.epochs,
        opts.batch,
        opts.lr,
        opts.lr_drop_epoch,
        a.lambda,
        opts.scale,
        net.base.name(),
        if opts.mirror {
            ", mirrored half the time"
        } else {
            ""
        }
    );
    let show = |r: &EpochReport| {
        let valid = r.valid_loss.map_or("-".to_string(), |v| format!("{v:.6}"));
        println!(
            "epoch {:>3}/{}  train {:.6}  valid {valid}  lr {:.6}  {:.1} s  ({:.0} pos/s)",
            r.epoch,
            opts.epochs,
            r.train_loss,
            r.lr,
            r.seconds,
            loaded.train.len() as f64 / r.train_seconds.max(1e-9)
        );
    };
    if !loaded.valid.is_empty() {
        println!(
            "the tables alone on the held-out positions: loss {:.6}",
            nnue_train::tables_loss(&loaded.valid, opts.scale)
        );
    }
    if a.resume_from.is_some() && !loaded.valid.is_empty() {
        let k = opts.k();
        let loss = nnue_train::model::mean_loss(&net, &loaded.valid, k);
        println!(
            "epoch   0/{}  valid {loss:.6}  (the starting network)",
            opts.epochs
        );
    }
    if a.keep_best && loaded.valid.is_empty() {
        bail!("--keep-best needs held-out games: --validation above 0 or --valid-data");
    }
    let mut best: Option<(f64, engine::nnue::FloatNetwork)> = None;
    nnue_train::train(&mut net, &loaded.train, &loaded.valid, &opts, |r, net| {
        show(r);
        match (a.keep_best, r.valid_loss) {
            (true, Some(loss)) => {
                if best.as_ref().is_some_and(|(b, _)| loss >= *b) {
                    println!("  held-out loss not lowered: {} kept", a.out.display());
                    return Ok(());
                }
                println!("  held-out loss lowered: {} written", a.out.display());
                best = Some((loss, net.clone()));
                nnue_train::save(net, &a.out)
            }
            _ => nnue_train::save(net, &a.out),
        }
    })?;
    if let Some((_, b)) = best {
        net = b;
    }
    if !loaded.valid.is_empty() {
        let c = nnue_train::check_quantized(
            &net,
            &loaded.valid,
            &loaded.valid_fens,
            opts.scale,
            50_000,
        )?;
        println!(
            "quantized check on {} validation positions: loss float {:.6}, quantized {:.6} \
             (Network::evaluate); mean |difference| {:.1} cp",
            c.positions, c.float_loss, c.quantized_loss, c.mean_abs_cp
        );
    }
    println!(
        "wrote {} and {} in {:.0} s",
        a.out.display(),
        nnue_train::float_path(&a.out).display(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

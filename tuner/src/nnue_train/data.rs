//! Training positions of the NNUE trainer, read from the data generator's binary files
//! (`shuriken tune nnue gen`, format in [`crate::nnue_gen::format`]; chess's older text data
//! converts into it with `tune nnue convert`, [`super::convert`]).
//!
//! Each record is decoded once: its active inputs in both views (the side to move's first) are
//! kept as `u16`s with its search score and game result, both in the side to move's view. The
//! training target, `λ σ(score / scale) + (1 − λ) (result + 1) / 2`, is set once the logistic
//! scale is known ([`fit_scale`] fits it to the data).
//!
//! **Validation is held out by played game**, never by position: a game goes to validation when
//! a seeded hash of (seed, its run, its game id) falls below the fraction, so every position of
//! a game lands on the same side. Positions of one game are alike, and a per-position split
//! measures memory rather than skill. A run is told apart by its file header's seed and settings
//! fingerprint, so games of different runs with the same id are different games.
//!
//! A record that does not decode is skipped and counted; a torn last block (a file still being
//! written) ends that file. [`Loaded::check`] refuses a load with nothing valid, with more than
//! 1% of its records skipped, or mixing games.

use crate::nnue_gen::format::{self, Block, BlockReader, FormatError, BLOCK};
use crate::rng::SplitMix64;
use anyhow::{bail, Context, Result};
use engine::eval::{Evaluator, Weights};
use engine::nnue::FeatureSet;
use movegen::{Position, Variant};
use rayon::prelude::*;
use std::collections::HashSet;
use std::path::Path;

/// Records decoded together (in parallel).
const CHUNK: usize = 1 << 16;
/// Skipped records quoted in reports.
const EXAMPLES: usize = 3;

/// How records become training examples.
#[derive(Clone, Copy, Debug)]
pub struct LoadOptions {
    /// Fraction of the played games held out for validation, in `0..=1`: 0 holds none out, 1
    /// holds every game out (a validation file).
    pub validation: f64,
    /// Seed of the validation split.
    pub seed: u64,
    /// King buckets of the network being trained: the inputs depend on them
    /// ([`FeatureSet::king_inputs`]).
    pub king_buckets: usize,
}

/// The logistic function `1 / (1 + e^-x)`.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A result (1 win, 0 draw, -1 loss) as a probability of winning.
#[inline]
fn result01(r: i8) -> f32 {
    (f32::from(r) + 1.0) / 2.0
}

/// Positions in training form.
#[derive(Clone, Debug, Default)]
pub struct Positions {
    /// Position `i`'s inputs are `inputs[offsets[i]..offsets[i + 1]]`: the side to move's
    /// view, then the other side's, in two halves of equal length.
    offsets: Vec<usize>,
    inputs: Vec<u16>,
    /// Search scores, centipawns, side to move's view.
    scores: Vec<i16>,
    /// Game results, side to move's view: 1 win, 0 draw, -1 loss.
    results: Vec<i8>,
    /// The tables' static evaluation, centipawns, side to move's view: the base of a network
    /// that learns a correction to them, and the yardstick of every network.
    tables: Vec<i16>,
    /// Training targets ([`Positions::set_targets`]).
    targets: Vec<f32>,
}

impl Positions {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// True without positions.
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// The search score of position `i` (centipawns) and its game's result (1, 0, -1), both
    /// in the side to move's view.
    pub fn labels(&self, i: usize) -> (i16, i8) {
        (self.scores[i], self.results[i])
    }

    /// The tables' static evaluation of position `i` (centipawns, side to move's view).
    #[inline]
    pub fn tables(&self, i: usize) -> i16 {
        self.tables[i]
    }

    /// Sets every position's target: `λ σ(score / scale) + (1 − λ) (result + 1) / 2`.
    pub fn set_targets(&mut self, lambda: f32, scale: f32) {
        self.targets = self
            .scores
            .iter()
            .zip(&self.results)
            .map(|(&s, &r)| lambda * sigmoid(f32::from(s) / scale) + (1.0 - lambda) * result01(r))
            .collect();
    }

    /// The active inputs of position `i`: (side to move's view, other side's view).
    #[inline]
    pub fn views(&self, i: usize) -> (&[u16], &[u16]) {
        let s = &self.inputs[self.offsets[i]..self.offsets[i + 1]];
        s.split_at(s.len() / 2)
    }

    /// The target of position `i` (side to move's view, in `0..=1`; set by
    /// [`Positions::set_targets`]).
    #[inline]
    pub fn target(&self, i: usize) -> f32 {
        self.targets[i]
    }

    /// Appends a position: the inputs of both views (equally many), its search score, its
    /// game's result and the tables' evaluation (side to move's view). Its target is 0 until
    /// [`Positions::set_targets`].
    pub fn push(&mut self, us: &[usize], them: &[usize], score: i16, result: i8, tables: i16) {
        debug_assert_eq!(us.len(), them.len());
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.inputs.extend(us.iter().chain(them).map(|&f| f as u16));
        self.offsets.push(self.inputs.len());
        self.scores.push(score);
        self.results.push(result);
        self.tables.push(tables);
        self.targets.push(0.0);
    }

    /// Appends the positions of `other`.
    pub fn append(&mut self, other: &Positions) {
        for i in 0..other.len() {
            let (us, them) = other.views(i);
            if self.offsets.is_empty() {
                self.offsets.push(0);
            }
            self.inputs.extend_from_slice(us);
            self.inputs.extend_from_slice(them);
            self.offsets.push(self.inputs.len());
            self.scores.push(other.scores[i]);
            self.results.push(other.results[i]);
            self.tables.push(other.tables[i]);
            self.targets.push(other.targets[i]);
        }
    }

    /// Bytes held (approximately).
    pub fn bytes(&self) -> usize {
        self.offsets.capacity() * 8 + self.inputs.capacity() * 2 + self.targets.capacity() * 9
    }
}

/// Everything read from the data files.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The game of every file (`None` before the first header).
    pub variant: Option<Variant>,
    /// Training positions.
    pub train: Positions,
    /// Validation positions.
    pub valid: Positions,
    /// The FEN of each validation position.
    pub valid_fens: Vec<String>,
    /// Played games (run and game id) in the training positions.
    pub train_games: HashSet<(u64, u64)>,
    /// Played games in the validation positions.
    pub valid_games: HashSet<(u64, u64)>,
    /// Records read.
    pub records: u64,
    /// Records skipped as malformed (and torn last blocks).
    pub skipped: u64,
    /// A few skipped records: `file: reason`.
    pub examples: Vec<String>,
}

impl Loaded {
    /// An error when nothing valid was read or more than 1% of the records were malformed.
    pub fn check(&self) -> Result<()> {
        let why = self.examples.join("; ");
        if self.train.is_empty() && self.valid.is_empty() {
            bail!(
                "no valid positions ({} records, {} malformed{}{why})",
                self.records,
                self.skipped,
                if why.is_empty() { "" } else { ": " }
            );
        }
        if self.skipped * 100 > self.records {
            bail!(
                "{} of {} records are malformed (over 1%): {why}",
                self.skipped,
                self.records
            );
        }
        Ok(())
    }

    /// The game of the data (set once a file has been read).
    pub fn variant(&self) -> Result<Variant> {
        self.variant
            .context("the data files hold no header (empty files?)")
    }

    fn skip(&mut self, example: String) {
        self.skipped += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(example);
        }
    }
}

/// One record block with what its decoding needs: the run it belongs to and its index.
struct Raw {
    run: u64,
    index: u64,
    block: Box<[u8; BLOCK]>,
}

/// What decoding a record gave.
enum Decoded {
    Valid {
        run: u64,
        game: u64,
        us: Vec<usize>,
        them: Vec<usize>,
        score: i16,
        result: i8,
        tables: i16,
        fen: String,
    },
    Bad(String),
}

fn decode(tables: &Evaluator, raw: &Raw, king_buckets: usize) -> Decoded {
    let variant = tables.variant();
    let rec = match format::decode(variant, &raw.block, raw.index) {
        Ok(r) => r,
        Err(e) => return Decoded::Bad(e.to_string()),
    };
    let pos = match Position::from_fen(variant, &rec.fen) {
        Ok(p) => p,
        Err(e) => return Decoded::Bad(format!("block {}: {e}", raw.index)),
    };
    let fs = FeatureSet::of(variant);
    let stm = pos.side_to_move();
    Decoded::Valid {
        run: raw.run,
        game: rec.game_id,
        us: fs.active(&pos, stm, king_buckets),
        them: fs.active(&pos, stm.opposite(), king_buckets),
        score: rec.score,
        result: rec.result,
        tables: tables
            .evaluate(&pos)
            .clamp(-i16::MAX as i32, i16::MAX as i32) as i16,
        fen: rec.fen,
    }
}

/// True when game `game` of run `run` goes to the validation set.
fn is_validation(opts: &LoadOptions, run: u64, game: u64) -> bool {
    if opts.validation <= 0.0 {
        return false;
    }
    if opts.validation >= 1.0 {
        return true;
    }
    let key = SplitMix64::new(opts.seed).next_u64() ^ run.rotate_left(17) ^ game;
    SplitMix64::new(SplitMix64::new(key).next_u64()).unit() < opts.validation
}

impl Loaded {
    /// Decodes `chunk` in parallel and files each record as training or validation.
    fn absorb(&mut self, variant: Variant, chunk: &[Raw], name: &str, opts: &LoadOptions) {
        let tables = Evaluator::new(&Weights::for_variant(variant));
        let decoded: Vec<Decoded> = chunk
            .par_iter()
            .map(|raw| decode(&tables, raw, opts.king_buckets))
            .collect();
        for d in decoded {
            self.records += 1;
            match d {
                Decoded::Bad(why) => self.skip(format!("{name}: {why}")),
                Decoded::Valid {
                    run,
                    game,
                    us,
                    them,
                    score,
                    result,
                    tables,
                    fen,
                } => {
                    if is_validation(opts, run, game) {
                        self.valid.push(&us, &them, score, result, tables);
                        self.valid_fens.push(fen);
                        self.valid_games.insert((run, game));
                    } else {
                        self.train.push(&us, &them, score, result, tables);
                        self.train_games.insert((run, game));
                    }
                }
            }
        }
    }

    /// Reads one data file (called `name` in messages) into `self`.
    fn read_file(
        &mut self,
        reader: impl std::io::Read,
        name: &str,
        opts: &LoadOptions,
    ) -> Result<()> {
        let mut blocks = BlockReader::new(std::io::BufReader::with_capacity(1 << 20, reader));
        let mut chunk: Vec<Raw> = Vec::with_capacity(CHUNK);
        let mut run = 0;
        loop {
            let index = blocks.index();
            let block = match blocks.next_block() {
                Ok(b) => b,
                Err(FormatError::Torn(bytes)) => {
                    self.records += 1;
                    self.skip(format!(
                        "{name}: the last block is cut short ({bytes} bytes)"
                    ));
                    None
                }
                Err(e) => return Err(e).with_context(|| format!("cannot read {name}")),
            };
            match block {
                None => break,
                Some(Block::Header(h)) => {
                    match self.variant {
                        Some(v) if v != h.variant => {
                            bail!("{name} holds {} data, the files before it {v}: train one game at a time", h.variant)
                        }
                        _ => self.variant = Some(h.variant),
                    }
                    let mut key = [0u8; 16];
                    key[..8].copy_from_slice(&h.seed.to_le_bytes());
                    key[8..].copy_from_slice(&h.settings.to_le_bytes());
                    run = runner::rng::fnv1a(&key);
                }
                Some(Block::Record(block)) => {
                    chunk.push(Raw { run, index, block });
                    if chunk.len() == CHUNK {
                        self.absorb(self.variant()?, &chunk, name, opts);
                        chunk.clear();
                    }
                }
            }
        }
        if !chunk.is_empty() {
            self.absorb(self.variant()?, &chunk, name, opts);
        }
        Ok(())
    }
}

/// Reads the data files and checks the result (see [`Loaded::check`]).
pub fn load(paths: &[impl AsRef<Path>], opts: &LoadOptions) -> Result<Loaded> {
    let mut out = Loaded::default();
    for path in paths {
        let path = path.as_ref();
        let file =
            std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        out.read_file(file, &path.display().to_string(), opts)?;
    }
    out.check()?;
    Ok(out)
}

/// The logistic scale (centipawns) that best turns the positions' search scores into their
/// games' results: the `s` minimizing the mean of `(σ(score / s) − (result + 1) / 2)²`, over
/// at most 1,000,000 evenly spread positions, found by a golden-section search in `log s` over
/// 20 to 5,000.
pub fn fit_scale(p: &Positions) -> f32 {
    let n = p.len();
    let step = n.div_ceil(1_000_000).max(1);
    let picks: Vec<(f32, f32)> = (0..n)
        .step_by(step)
        .map(|i| {
            let (s, r) = p.labels(i);
            (f32::from(s), result01(r))
        })
        .collect();
    let loss = |log_s: f64| -> f64 {
        let s = log_s.exp() as f32;
        picks
            .par_iter()
            .map(|&(score, r)| {
                let d = sigmoid(score / s) - r;
                f64::from(d * d)
            })
            .sum()
    };
    let (mut a, mut b) = (20f64.ln(), 5000f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (loss(c), loss(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            (d, fd) = (c, fc);
            c = b - g * (b - a);
            fc = loss(c);
        } else {
            a = c;
            (c, fc) = (d, fd);
            d = a + g * (b - a);
            fd = loss(d);
        }
    }
    ((a + b) / 2.0).exp() as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue_gen::format::{encode, Header};

    /// A data file of `games` games of `per_game` positions each (the start position and the
    /// position after 1 move), scores `score(game)`, White's result `result(game)`.
    fn file(
        variant: Variant,
        games: u64,
        per_game: u64,
        seed: u64,
        label: impl Fn(u64) -> (i16, i8),
    ) -> Vec<u8> {
        let header = Header {
            variant,
            seed,
            shard_index: 1,
            shard_count: 1,
            settings: 7,
        };
        let mut out = header.encode().to_vec();
        let start = Position::startpos(variant);
        let mut next = start.clone();
        next.make_move(next.legal_moves().as_slice()[0]);
        for g in 0..games {
            for k in 0..per_game {
                let pos = if k % 2 == 0 { &start } else { &next };
                let (score, white_result) = label(g);
                let stm_result = if k % 2 == 0 {
                    white_result
                } else {
                    -white_result
                };
                out.extend_from_slice(&encode(pos, k as u16, score, stm_result, g).unwrap());
            }
        }
        out
    }

    fn opts(validation: f64) -> LoadOptions {
        LoadOptions {
            validation,
            seed: 1,
            king_buckets: 1,
        }
    }

    fn read(bytes: &[u8], o: &LoadOptions) -> Result<Loaded> {
        let mut out = Loaded::default();
        out.read_file(bytes, "t", o)?;
        Ok(out)
    }

    #[test]
    fn records_become_inputs_labels_and_targets() {
        let bytes = file(Variant::Octopus, 1, 2, 1, |_| (47, 1));
        let mut l = read(&bytes, &opts(0.0)).unwrap();
        assert_eq!((l.records, l.skipped, l.train.len()), (2, 0, 2));
        assert_eq!(l.variant, Some(Variant::Octopus));
        // The start position: 40 pieces and 5 + 5 hand slots per view.
        let (us, them) = l.train.views(0);
        assert_eq!((us.len(), them.len()), (50, 50));
        assert_eq!(l.train.labels(0), (47, 1));
        assert_eq!(l.train.labels(1), (47, -1));
        l.train.set_targets(0.0, 100.0);
        assert_eq!([l.train.target(0), l.train.target(1)], [1.0, 0.0]);
        l.train.set_targets(1.0, 100.0);
        assert!((l.train.target(1) - sigmoid(0.47)).abs() < 1e-6);
    }

    #[test]
    fn validation_holds_out_whole_games_and_is_seeded() {
        let bytes = file(Variant::Raptor, 400, 6, 3, |_| (0, 0));
        let l = read(&bytes, &opts(0.25)).unwrap();
        assert_eq!(l.train.len() + l.valid.len(), 2400);
        // Every game lies on one side only: its 6 positions together.
        assert!(l.train_games.is_disjoint(&l.valid_games));
        assert_eq!(l.train_games.len() + l.valid_games.len(), 400);
        assert_eq!(l.valid.len(), 6 * l.valid_games.len());
        let share = l.valid_games.len() as f64 / 400.0;
        assert!((0.18..0.32).contains(&share), "{share}");
        // The same seed splits the same way; another seed another way.
        let again = read(&bytes, &opts(0.25)).unwrap();
        assert_eq!(again.valid_games, l.valid_games);
        let other = read(
            &bytes,
            &LoadOptions {
                seed: 2,
                ..opts(0.25)
            },
        )
        .unwrap();
        assert_ne!(other.valid_games, l.valid_games);
        // Fractions 0 and 1 hold out none and all.
        assert!(read(&bytes, &opts(0.0)).unwrap().valid.is_empty());
        assert!(read(&bytes, &opts(1.0)).unwrap().train.is_empty());
    }

    #[test]
    fn damaged_and_mixed_data_is_counted_or_refused() {
        let mut bytes = file(Variant::Titan, 25, 4, 1, |_| (10, 0));
        // One record's piece count no longer matches its board.
        bytes[BLOCK * 3 + 15] ^= 1;
        // And the file ends in a torn block.
        bytes.extend_from_slice(&[b'r'; 40]);
        let l = read(&bytes, &opts(0.0)).unwrap();
        assert_eq!((l.records, l.skipped, l.train.len()), (101, 2, 99));
        assert!(l.check().is_err(), "2 of 101 is over 1%");
        assert!(
            l.examples.iter().any(|e| e.contains("block 3: bad record")),
            "{:?}",
            l.examples
        );
        let mut two = file(Variant::Titan, 2, 2, 1, |_| (0, 0));
        two.extend(file(Variant::Chess, 2, 2, 1, |_| (0, 0)));
        let err = read(&two, &opts(0.0)).unwrap_err().to_string();
        assert!(err.contains("chess data") && err.contains("titan"), "{err}");
        assert!(read(b"garbage", &opts(0.0)).is_err());
        assert!(Loaded::default().check().is_err());
    }

    #[test]
    fn the_fitted_scale_recovers_the_scale_the_results_were_drawn_with() {
        // Results drawn with probability σ(score / 180) of a win (no draws): the fit finds 180.
        let mut rng = SplitMix64::new(5);
        let mut p = Positions::default();
        for _ in 0..200_000 {
            let score = (rng.unit() * 1200.0 - 600.0) as i16;
            let win = rng.unit() < f64::from(sigmoid(f32::from(score) / 180.0));
            p.push(&[0], &[0], score, if win { 1 } else { -1 }, 0);
        }
        let s = fit_scale(&p);
        assert!((170.0..190.0).contains(&s), "{s}");
    }
}

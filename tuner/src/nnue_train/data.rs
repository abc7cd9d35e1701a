//! Training positions of the NNUE trainer, read from `FEN|score|result` lines.
//!
//! `score` is an integer in centipawns and `result` the game result (`1`, `1.0`, `0.5`, `0` or
//! `0.0`), both from White's point of view. Each position is parsed once: its active inputs in
//! both views (the side to move's first) are kept as `u16`s together with its training target
//! in the side to move's view, `λ σ(score / scale) + (1 − λ) result`.
//!
//! A line that does not parse (bad FEN, missing or extra fields, a score that is not an
//! integer, an unknown result, a last line without its newline, as a file still being written
//! ends) is skipped and counted; blank lines are ignored. [`Loaded::check`] refuses a load with
//! nothing valid or with more than 1% of its lines skipped.
//!
//! The validation split is decided line by line from a seeded hash of (seed, file number,
//! line number), so it does not depend on the thread count. Validation positions also keep
//! their FEN, for the end-to-end check of the quantized network.

use crate::rng::SplitMix64;
use anyhow::{bail, Context, Result};
use engine::nnue::{features, VARIANT};
use movegen::{Color, Position};
use rayon::prelude::*;
use std::io::BufRead;
use std::path::Path;

/// Bytes of text parsed together (in parallel).
const BLOCK_BYTES: usize = 16 << 20;
/// Lines per parallel task.
const LINES_PER_TASK: usize = 2048;
/// Skipped lines quoted in reports.
const EXAMPLES: usize = 3;

/// How positions become training examples.
#[derive(Clone, Copy, Debug)]
pub struct LoadOptions {
    /// Weight of the search score in the target (the rest is the game result).
    pub lambda: f32,
    /// Centipawns per unit of the logistic's argument: `σ(cp / scale)`.
    pub scale: f32,
    /// Fraction of the lines held out for validation, in `0..=1`: 0 holds none out, 1 holds
    /// every line out (a validation file).
    pub validation: f64,
    /// Seed of the validation split.
    pub seed: u64,
    /// King buckets of the network being trained: the inputs depend on them
    /// ([`engine::nnue::king_inputs`]).
    pub king_buckets: usize,
}

/// The logistic function `1 / (1 + e^-x)`.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Positions in training form.
#[derive(Clone, Debug, Default)]
pub struct Positions {
    /// Position `i`'s inputs are `inputs[offsets[i]..offsets[i + 1]]`: the side to move's
    /// view, then the other side's, in two halves of equal length.
    offsets: Vec<usize>,
    inputs: Vec<u16>,
    targets: Vec<f32>,
}

impl Positions {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// True without positions.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The active inputs of position `i`: (side to move's view, other side's view).
    #[inline]
    pub fn views(&self, i: usize) -> (&[u16], &[u16]) {
        let s = &self.inputs[self.offsets[i]..self.offsets[i + 1]];
        s.split_at(s.len() / 2)
    }

    /// The target of position `i` (side to move's view, in `0..=1`).
    #[inline]
    pub fn target(&self, i: usize) -> f32 {
        self.targets[i]
    }

    /// Appends a position: the inputs of both views (equally many) and its target.
    pub fn push(&mut self, us: &[usize], them: &[usize], target: f32) {
        debug_assert_eq!(us.len(), them.len());
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.inputs.extend(us.iter().chain(them).map(|&f| f as u16));
        self.offsets.push(self.inputs.len());
        self.targets.push(target);
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
            self.targets.push(other.targets[i]);
        }
    }

    /// Bytes held (approximately).
    pub fn bytes(&self) -> usize {
        self.offsets.capacity() * 8 + self.inputs.capacity() * 2 + self.targets.capacity() * 4
    }
}

/// Everything read from the data files.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Training positions.
    pub train: Positions,
    /// Validation positions.
    pub valid: Positions,
    /// The FEN of each validation position.
    pub valid_fens: Vec<String>,
    /// Non-blank lines read.
    pub lines: u64,
    /// Lines skipped as malformed.
    pub skipped: u64,
    /// A few skipped lines: `file:line: reason`.
    pub examples: Vec<String>,
}

impl Loaded {
    /// An error when nothing valid was read or more than 1% of the lines were malformed.
    pub fn check(&self) -> Result<()> {
        let why = self.examples.join("; ");
        if self.train.is_empty() && self.valid.is_empty() {
            bail!(
                "no valid positions ({} lines, {} malformed{}{why})",
                self.lines,
                self.skipped,
                if why.is_empty() { "" } else { ": " }
            );
        }
        if self.skipped * 100 > self.lines {
            bail!(
                "{} of {} lines are malformed (over 1%): {why}",
                self.skipped,
                self.lines
            );
        }
        Ok(())
    }

    fn absorb(&mut self, part: Part) {
        self.train.append(&part.train);
        self.valid.append(&part.valid);
        self.valid_fens.extend(part.valid_fens);
        self.lines += part.lines;
        self.skipped += part.skipped;
        let room = EXAMPLES.saturating_sub(self.examples.len());
        self.examples.extend(part.examples.into_iter().take(room));
    }

    fn skip(&mut self, example: String) {
        self.lines += 1;
        self.skipped += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(example);
        }
    }
}

/// What one parallel task read.
#[derive(Default)]
struct Part {
    train: Positions,
    valid: Positions,
    valid_fens: Vec<String>,
    lines: u64,
    skipped: u64,
    examples: Vec<String>,
}

/// One parsed line: the position and its score and result in White's view.
struct Record<'a> {
    fen: &'a str,
    pos: Position,
    score: i32,
    result: f32,
}

fn parse_result(s: &str) -> Option<f32> {
    match s {
        "1" | "1.0" => Some(1.0),
        "0.5" => Some(0.5),
        "0" | "0.0" => Some(0.0),
        _ => None,
    }
}

/// Parses `FEN|score|result`, or says what is wrong with it.
fn parse_line(line: &str) -> Result<Record<'_>, String> {
    let mut fields = line.split('|');
    let (Some(fen), Some(score), Some(result), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err("want 3 fields FEN|score|result".into());
    };
    let fen = fen.trim();
    let score = score
        .trim()
        .parse::<i32>()
        .map_err(|_| format!("score '{}' is not an integer", score.trim()))?;
    let result =
        parse_result(result.trim()).ok_or_else(|| format!("result '{}'", result.trim()))?;
    let pos = Position::from_fen(VARIANT, fen).map_err(|e| format!("FEN: {e}"))?;
    Ok(Record {
        fen,
        pos,
        score,
        result,
    })
}

/// The training target of a record, in the side to move's view.
fn target(r: &Record<'_>, opts: &LoadOptions) -> f32 {
    let (score, result) = match r.pos.side_to_move() {
        Color::White => (r.score as f32, r.result),
        Color::Black => (-(r.score as f32), 1.0 - r.result),
    };
    opts.lambda * sigmoid(score / opts.scale) + (1.0 - opts.lambda) * result
}

/// True when line `line_no` of file `file_no` goes to the validation set.
fn is_validation(opts: &LoadOptions, file_no: u64, line_no: u64) -> bool {
    if opts.validation <= 0.0 {
        return false;
    }
    if opts.validation >= 1.0 {
        return true;
    }
    let key = SplitMix64::new(opts.seed).next_u64() ^ (file_no << 40) ^ line_no;
    SplitMix64::new(key).unit() < opts.validation
}

/// Parses lines numbered from `first` (1-based) of file `file_no`.
fn parse_lines(lines: &[&[u8]], first: u64, file_no: u64, name: &str, opts: &LoadOptions) -> Part {
    let mut part = Part::default();
    for (k, raw) in lines.iter().enumerate() {
        let line_no = first + k as u64;
        if raw.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        part.lines += 1;
        let Ok(text) = std::str::from_utf8(raw) else {
            part.note_skip(format!("{name}:{line_no}: not UTF-8"));
            continue;
        };
        let text = text.trim();
        let rec = match parse_line(text) {
            Ok(r) => r,
            Err(why) => {
                part.note_skip(format!("{name}:{line_no}: {why}"));
                continue;
            }
        };
        let stm = rec.pos.side_to_move();
        let us = features(&rec.pos, stm, opts.king_buckets);
        let them = features(&rec.pos, stm.opposite(), opts.king_buckets);
        if us.len() != them.len() {
            part.note_skip(format!("{name}:{line_no}: views differ"));
            continue;
        }
        let t = target(&rec, opts);
        if is_validation(opts, file_no, line_no) {
            part.valid.push(&us, &them, t);
            part.valid_fens.push(rec.fen.to_string());
        } else {
            part.train.push(&us, &them, t);
        }
    }
    part
}

impl Part {
    fn note_skip(&mut self, example: String) {
        self.skipped += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(example);
        }
    }
}

/// Reads every line of `reader` (file number `file_no`, called `name` in messages) into `out`,
/// parsing blocks of lines in parallel on the current rayon pool.
pub fn read_into<R: BufRead>(
    mut reader: R,
    file_no: u64,
    name: &str,
    opts: &LoadOptions,
    out: &mut Loaded,
) -> std::io::Result<()> {
    let mut block: Vec<u8> = Vec::with_capacity(BLOCK_BYTES + 4096);
    let mut next_line = 1u64;
    loop {
        block.clear();
        let mut eof = false;
        while block.len() < BLOCK_BYTES {
            if reader.read_until(b'\n', &mut block)? == 0 {
                eof = true;
                break;
            }
        }
        let mut lines: Vec<&[u8]> = block.split(|&b| b == b'\n').collect();
        // The piece after the last newline: empty, or a line cut short at the end of the file.
        let tail = lines.pop().unwrap_or_default();
        let parts: Vec<Part> = lines
            .par_chunks(LINES_PER_TASK)
            .enumerate()
            .map(|(k, chunk)| {
                let first = next_line + (k * LINES_PER_TASK) as u64;
                parse_lines(chunk, first, file_no, name, opts)
            })
            .collect();
        parts.into_iter().for_each(|p| out.absorb(p));
        next_line += lines.len() as u64;
        if !tail.iter().all(u8::is_ascii_whitespace) {
            out.skip(format!(
                "{name}:{next_line}: last line has no newline (cut short?)"
            ));
        }
        if eof {
            return Ok(());
        }
    }
}

/// Reads the data files and checks the result (see [`Loaded::check`]).
pub fn load(paths: &[impl AsRef<Path>], opts: &LoadOptions) -> Result<Loaded> {
    let mut out = Loaded::default();
    for (file_no, path) in paths.iter().enumerate() {
        let path = path.as_ref();
        let file =
            std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        let reader = std::io::BufReader::with_capacity(1 << 20, file);
        let name = path.display().to_string();
        read_into(reader, file_no as u64, &name, opts, &mut out)
            .with_context(|| format!("cannot read {name}"))?;
    }
    out.check()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEN: &str = "r1bqkb1r/p1ppppp1/p7/5n1p/8/NPP1P3/P2P1PPP/R1BQK1NR w KQkq - 0 6";
    const FEN_BLACK: &str = "r1bqkb1r/p1ppppp1/p7/5n1p/8/NPP1P3/P2P1PPP/R1BQK1NR b KQkq - 0 6";

    fn opts() -> LoadOptions {
        LoadOptions {
            lambda: 0.75,
            scale: 400.0,
            validation: 0.0,
            seed: 1,
            king_buckets: 1,
        }
    }

    fn read(text: &str, opts: &LoadOptions) -> Loaded {
        let mut out = Loaded::default();
        read_into(text.as_bytes(), 0, "t", opts, &mut out).unwrap();
        out
    }

    #[test]
    fn targets_are_in_the_side_to_moves_view() {
        let o = LoadOptions {
            lambda: 0.0,
            ..opts()
        };
        let text = format!("{FEN}|47|1.0\n{FEN_BLACK}|47|1\n{FEN}|-5|0.5\n");
        let l = read(&text, &o);
        assert_eq!(l.train.len(), 3);
        assert_eq!(l.skipped, 0);
        assert_eq!(
            [l.train.target(0), l.train.target(1), l.train.target(2)],
            [1.0, 0.0, 0.5]
        );
        let s = read(
            &format!("{FEN_BLACK}|47|1\n"),
            &LoadOptions { lambda: 1.0, ..o },
        );
        assert!((s.train.target(0) - sigmoid(-47.0 / 400.0)).abs() < 1e-6);
        let (us, them) = l.train.views(0);
        assert_eq!(us.len(), 30);
        assert_eq!(them.len(), 30);
    }

    #[test]
    fn malformed_lines_are_counted_and_skipped() {
        let mut text = String::new();
        for _ in 0..400 {
            text.push_str(&format!("{FEN}|47|1.0\n"));
        }
        text.push_str("\n   \n"); // blank lines are ignored
        text.push_str("not a fen|1|0\n"); // bad FEN
        text.push_str(&format!("{FEN}|47\n")); // missing field
        text.push_str(&format!("{FEN}|x|0\n")); // bad score
        text.push_str(&format!("{FEN}|47|draw\n")); // garbage result
        text.push_str(&format!("{FEN}|47|0|extra\n")); // extra field
        let cut = format!("{FEN}|47|0.5");
        let full = read(&format!("{text}{cut}\n"), &opts());
        assert_eq!((full.train.len(), full.skipped, full.lines), (401, 5, 406));
        // A last line without its newline is skipped even when it would parse.
        let partial = read(&format!("{text}{cut}"), &opts());
        assert_eq!((partial.train.len(), partial.skipped), (400, 6));
        assert_eq!(partial.examples.len(), EXAMPLES);
        assert!(partial.check().is_err(), "6 of 406 lines is over 1%");
        let mut bytes = format!("{FEN}|47|1.0\n").repeat(300).into_bytes();
        bytes.extend_from_slice(b"\xff\xfe|1|0\n");
        let mut l = Loaded::default();
        read_into(&bytes[..], 0, "t", &opts(), &mut l).unwrap();
        assert_eq!((l.train.len(), l.skipped, l.lines), (300, 1, 301));
        assert!(l.check().is_ok());
    }

    #[test]
    fn an_all_garbage_file_is_an_error() {
        let l = read("garbage\nmore|garbage|here\n|||\n", &opts());
        assert_eq!(l.skipped, 3);
        let e = l.check().unwrap_err().to_string();
        assert!(e.contains("no valid positions"), "{e}");
        let empty = read("", &opts());
        assert!(empty.check().is_err());
        let path = std::env::temp_dir().join(format!("nnue-garbage-{}.txt", std::process::id()));
        std::fs::write(&path, "x|y|z\n").unwrap();
        let err = load(&[&path], &opts()).unwrap_err();
        std::fs::remove_file(&path).ok();
        assert!(err.to_string().contains("no valid positions"), "{err}");
    }

    #[test]
    fn the_validation_split_is_seeded_and_near_its_fraction() {
        let text = format!("{FEN}|47|1.0\n").repeat(4000);
        let o = LoadOptions {
            validation: 0.1,
            ..opts()
        };
        let a = read(&text, &o);
        let b = read(&text, &o);
        assert_eq!(a.valid.len(), b.valid.len());
        assert_eq!(a.valid_fens.len(), a.valid.len());
        assert!((300..500).contains(&a.valid.len()), "{}", a.valid.len());
        let held = |seed| -> Vec<u64> {
            let o = LoadOptions { seed, ..o };
            (1..=200).filter(|&n| is_validation(&o, 0, n)).collect()
        };
        assert_eq!(held(1), held(1));
        assert_ne!(held(1), held(2));
    }

    #[test]
    fn fractions_zero_and_one_hold_out_none_and_all() {
        let text = format!("{FEN}|47|1.0\n{FEN_BLACK}|-3|0\n").repeat(50);
        let none = read(&text, &opts());
        assert_eq!((none.train.len(), none.valid.len()), (100, 0));
        let all = read(
            &text,
            &LoadOptions {
                validation: 1.0,
                ..opts()
            },
        );
        assert_eq!((all.train.len(), all.valid.len()), (0, 100));
        assert_eq!(all.valid_fens.len(), 100);
    }
}

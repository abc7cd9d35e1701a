//! `shuriken tune nnue convert`: text training data (`FEN|score|result` lines, as chess's first
//! networks were trained on) into the binary format the trainer reads
//! ([`crate::nnue_gen::format`]).
//!
//! A line's score is in centipawns and its result `1`, `1.0`, `0.5`, `0` or `0.0`, both from
//! White's point of view; the record holds them in the side to move's view. Text data names no
//! played game, so each line becomes a game of its own (its game id is its number among the
//! written records): held out by game, such data is held out by position. Malformed lines are
//! skipped and counted; more than 1% of them is an error, and nothing is written.

use crate::nnue_gen::format::{encode, Header};
use anyhow::{bail, Context, Result};
use movegen::{Color, Position, Variant};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// What a conversion wrote and skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Converted {
    /// Records written.
    pub written: u64,
    /// Lines skipped as malformed.
    pub skipped: u64,
    /// A few skipped lines: `file:line: reason`.
    pub examples: Vec<String>,
}

fn parse_result(s: &str) -> Option<f32> {
    match s {
        "1" | "1.0" => Some(1.0),
        "0.5" => Some(0.5),
        "0" | "0.0" => Some(0.0),
        _ => None,
    }
}

/// One line as a position with its score and result in the side to move's view.
fn parse_line(variant: Variant, line: &str) -> Result<(Position, i16, i8), String> {
    let mut fields = line.split('|');
    let (Some(fen), Some(score), Some(result), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err("want 3 fields FEN|score|result".into());
    };
    let score = score
        .trim()
        .parse::<i16>()
        .map_err(|_| format!("score '{}' is not an integer in ±32767", score.trim()))?;
    let result =
        parse_result(result.trim()).ok_or_else(|| format!("result '{}'", result.trim()))?;
    let pos = Position::from_fen(variant, fen.trim()).map_err(|e| format!("FEN: {e}"))?;
    let white = (result * 2.0 - 1.0) as i8;
    Ok(match pos.side_to_move() {
        Color::White => (pos, score, white),
        Color::Black => (pos, -score, -white),
    })
}

/// Converts the text files `inputs` of `variant` into one binary file `out`.
pub fn convert(variant: Variant, inputs: &[PathBuf], out: &Path) -> Result<Converted> {
    let header = Header {
        variant,
        seed: 0,
        shard_index: 1,
        shard_count: 1,
        settings: runner::rng::fnv1a(b"converted from FEN|score|result text"),
    };
    let mut bytes = header.encode().to_vec();
    let mut done = Converted::default();
    let mut lines = 0u64;
    for path in inputs {
        let file =
            std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        let reader = std::io::BufReader::new(file);
        for (n, line) in reader.split(b'\n').enumerate() {
            let line = line.with_context(|| format!("cannot read {}", path.display()))?;
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            lines += 1;
            let parsed = std::str::from_utf8(&line)
                .map_err(|_| "not UTF-8".to_string())
                .and_then(|text| parse_line(variant, text.trim()));
            match parsed.and_then(|(pos, score, result)| {
                encode(&pos, 0, score, result, done.written).map_err(|e| e.to_string())
            }) {
                Ok(block) => {
                    bytes.extend_from_slice(&block);
                    done.written += 1;
                }
                Err(why) => {
                    done.skipped += 1;
                    if done.examples.len() < 3 {
                        done.examples
                            .push(format!("{}:{}: {why}", path.display(), n + 1));
                    }
                }
            }
        }
    }
    if done.written == 0 || done.skipped * 100 > lines {
        bail!(
            "{} of {lines} lines are malformed{}: nothing written ({})",
            done.skipped,
            if done.written == 0 {
                " and none is valid"
            } else {
                " (over 1%)"
            },
            done.examples.join("; ")
        );
    }
    let mut tmp = out.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut f =
        std::fs::File::create(&tmp).with_context(|| format!("cannot write {}", tmp.display()))?;
    f.write_all(&bytes)
        .and_then(|()| f.sync_all())
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, out).with_context(|| format!("cannot write {}", out.display()))?;
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue_train::data::{load, LoadOptions};

    const FEN: &str = "r1bqkb1r/p1ppppp1/p7/5n1p/8/NPP1P3/P2P1PPP/R1BQK1NR w KQkq - 0 6";
    const FEN_BLACK: &str = "r1bqkb1r/p1ppppp1/p7/5n1p/8/NPP1P3/P2P1PPP/R1BQK1NR b KQkq - 0 6";

    #[test]
    fn text_lines_convert_into_side_to_move_records_one_game_each() {
        let dir = std::env::temp_dir().join(format!("shk-convert-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let text = dir.join("in.txt");
        let mut body = format!("{FEN}|47|1.0\n\n{FEN_BLACK}|47|1\n{FEN}|-5|0.5\n");
        std::fs::write(&text, &body).unwrap();
        let out = dir.join("out.data");
        let done = convert(Variant::Chess, std::slice::from_ref(&text), &out).unwrap();
        assert_eq!((done.written, done.skipped), (3, 0));
        let opts = LoadOptions {
            validation: 0.0,
            seed: 1,
            king_buckets: 1,
        };
        let l = load(&[&out], &opts).unwrap();
        assert_eq!(l.variant, Some(Variant::Chess));
        let labels: Vec<(i16, i8)> = (0..3).map(|i| l.train.labels(i)).collect();
        assert_eq!(labels, vec![(47, 1), (-47, -1), (-5, 0)]);
        assert_eq!(l.train_games.len(), 3);
        // Malformed lines: a few are skipped, too many refuse the whole file.
        body.push_str("not a fen|1|0\n");
        std::fs::write(&text, &body).unwrap();
        let err = convert(Variant::Chess, std::slice::from_ref(&text), &out).unwrap_err();
        assert!(err.to_string().contains("1 of 4 lines"), "{err}");
        for _ in 0..200 {
            body.push_str(&format!("{FEN}|47|1.0\n"));
        }
        std::fs::write(&text, &body).unwrap();
        let done = convert(Variant::Chess, std::slice::from_ref(&text), &out).unwrap();
        assert_eq!((done.written, done.skipped), (203, 1));
        assert!(done.examples[0].contains(":5: FEN"), "{:?}", done.examples);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

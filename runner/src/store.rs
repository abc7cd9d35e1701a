//! The results file: JSON lines, a header describing the run, then one line per finished game,
//! each appended and fsync'd before it counts. It is what `--resume` continues from and what
//! `merge` reads. A line cut short by a kill is ignored (and cut off before appending).

use crate::record::GameRecord;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// First line of a results file: what must match for resuming and merging.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Format version.
    pub version: u32,
    /// Run identity: variant, engines, limits, openings, seed, adjudication, tournament.
    pub fingerprint: serde_json::Value,
    /// Shard `i/N` of this file.
    pub shard: String,
    /// Game pairs per pairing of the whole (unsharded) run.
    pub rounds: u64,
    /// Engine names, by index.
    pub engines: Vec<String>,
}

/// One line of the file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Line {
    /// The header.
    Header(Header),
    /// A finished game.
    Game(Box<GameRecord>),
}

/// What a results file holds.
#[derive(Clone, Debug, Default)]
pub struct Contents {
    /// Its header, if any.
    pub header: Option<Header>,
    /// Its games, in file order.
    pub games: Vec<GameRecord>,
    /// Byte length of the complete lines.
    pub valid_len: u64,
    /// Complete lines that could not be read (line number, reason).
    pub bad_lines: Vec<(usize, String)>,
    /// The last line, when it was cut short (a kill during a write, a copy of a file being
    /// written); it is not counted.
    pub cut_line: Option<CutLine>,
}

/// A last line without its newline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutLine {
    /// Its line number (1-based).
    pub line: usize,
    /// Its length in bytes.
    pub bytes: usize,
    /// What it was, as far as can be told: `the game of pair P (game G)`, `the header` or
    /// `an unrecognised fragment`.
    pub what: String,
}

impl CutLine {
    fn new(line: usize, text: &str) -> CutLine {
        let number = |key: &str| -> Option<u64> {
            let at = text.find(&format!("\"{key}\":"))? + key.len() + 3;
            let digits: String = text[at..]
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            digits.parse().ok()
        };
        let what = if text.contains("\"type\":\"game\"") {
            match (number("pair"), number("game")) {
                (Some(p), Some(g)) => format!("the game of pair {p} (game {g})"),
                _ => "a game".to_string(),
            }
        } else if text.contains("\"type\":\"header\"") {
            "the header".to_string()
        } else {
            "an unrecognised fragment".to_string()
        };
        CutLine {
            line,
            bytes: text.len(),
            what,
        }
    }
}

impl Contents {
    /// Warnings about what was not counted, one line each, naming `path`: the unreadable lines
    /// and a last line cut short, with their line numbers.
    pub fn warnings(&self, path: &Path) -> Vec<String> {
        let mut out: Vec<String> = self
            .bad_lines
            .iter()
            .map(|(line, why)| format!("{}:{line}: unreadable line skipped: {why}", path.display()))
            .collect();
        if let Some(c) = &self.cut_line {
            out.push(format!(
                "{}:{}: the last line is cut short ({} bytes, no newline): {} is not counted",
                path.display(),
                c.line,
                c.bytes,
                c.what
            ));
        }
        out
    }
}

/// Reads a results file.
pub fn read(path: &Path) -> Result<Contents> {
    let mut text = String::new();
    File::open(path)
        .with_context(|| format!("cannot open results file {}", path.display()))?
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read results file {}", path.display()))?;
    let mut c = Contents::default();
    let mut offset = 0u64;
    let mut rest = text.as_str();
    let mut lineno = 0;
    while !rest.is_empty() {
        lineno += 1;
        let (line, complete, len) = match rest.find('\n') {
            Some(i) => (&rest[..i], true, i + 1),
            None => (rest, false, rest.len()),
        };
        rest = &rest[len..];
        if !complete {
            // Cut short by a kill: not counted.
            c.cut_line = Some(CutLine::new(lineno, line));
            break;
        }
        offset += len as u64;
        c.valid_len = offset;
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Line>(line) {
            Ok(Line::Header(h)) => {
                if c.header.is_none() {
                    c.header = Some(h);
                }
            }
            Ok(Line::Game(g)) => c.games.push(*g),
            Err(e) => c.bad_lines.push((lineno, e.to_string())),
        }
    }
    Ok(c)
}

/// Refuses to start a new run in a non-empty results file unless `overwrite`.
pub fn refuse_existing(path: &Path, overwrite: bool) -> Result<()> {
    if path.exists() && !overwrite {
        let len = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        if len > 0 {
            bail!(
                "results file {} already exists: add --resume to continue that run, \
                 --overwrite to replace it, or choose another --results file",
                path.display()
            );
        }
    }
    Ok(())
}

/// An open results file to append to.
pub struct Store {
    file: File,
    path: PathBuf,
}

impl Store {
    /// Creates (or, with `overwrite`, replaces) a results file and writes its header.
    pub fn create(path: &Path, header: &Header, overwrite: bool) -> Result<Store> {
        refuse_existing(path, overwrite)?;
        let file = File::create(path)
            .with_context(|| format!("cannot create results file {}", path.display()))?;
        let mut s = Store {
            file,
            path: path.to_path_buf(),
        };
        s.append_line(&Line::Header(header.clone()))?;
        Ok(s)
    }

    /// Opens an existing file for appending after its last complete line.
    pub fn reopen(path: &Path, valid_len: u64) -> Result<Store> {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .with_context(|| format!("cannot open results file {}", path.display()))?;
        file.set_len(valid_len)
            .with_context(|| format!("cannot truncate {}", path.display()))?;
        file.seek(SeekFrom::End(0))?;
        Ok(Store {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends one game and fsyncs.
    pub fn append(&mut self, g: &GameRecord) -> Result<()> {
        self.append_line(&Line::Game(Box::new(g.clone())))
    }

    fn append_line(&mut self, line: &Line) -> Result<()> {
        let mut text = serde_json::to_string(line)?;
        text.push('\n');
        self.file
            .write_all(text.as_bytes())
            .and_then(|_| self.file.sync_data())
            .with_context(|| format!("cannot write results file {}", self.path.display()))
    }
}

/// Appends text to a file and fsyncs (used for PGN).
pub fn append_text(path: &Path, text: &str) -> Result<()> {
    let mut f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    f.write_all(text.as_bytes())
        .and_then(|_| f.sync_data())
        .with_context(|| format!("cannot write {}", path.display()))
}

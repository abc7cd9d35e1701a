//! Labelled positions for Texel tuning: quiet positions of finished games, each labelled with
//! its game's result.
//!
//! Sources: self-play through the match runner ([`generate`]), the runner's JSON-lines results
//! files ([`from_results_file`]) or its PGN files ([`from_pgn_file`]); games are replayed with
//! `movegen`. A position is kept when (see [`QuietFilter`]) it is at least `skip_plies` into the
//! game, the side to move is not in check, the move the engine played from it (its search's best
//! move) is neither a capture nor a promotion, and the engine's reported score is not a mate
//! score and lies within `max_score` centipawns. Games that ended by a crash, stall, illegal
//! move or time forfeit are skipped: their results say nothing about the position.
//!
//! Data files are text, one position a line: `variant|FEN|result`, the result from White's
//! point of view (`1`, `0.5` or `0`).

use super::engines::MatchSettings;
use anyhow::{anyhow, bail, Context, Result};
use movegen::{MoveKind, Position, Variant};
use runner::config::{GenerateSpec, OpeningSource};
use runner::record::{GameRecord, GameResult, Termination};
use runner::uci::Score;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Variant.
    pub variant: Variant,
    /// Position.
    pub fen: String,
    /// Game result from White's point of view: 1, 0.5 or 0.
    pub result: f64,
}

/// Which positions of a game are kept.
#[derive(Clone, Copy, Debug)]
pub struct QuietFilter {
    /// Plies skipped at the start of each game.
    pub skip_plies: usize,
    /// Largest absolute engine score (centipawns) kept.
    pub max_score: i32,
}

impl Default for QuietFilter {
    fn default() -> Self {
        QuietFilter {
            skip_plies: 8,
            max_score: 2000,
        }
    }
}

/// One ply to replay: the move text and the engine's score, when known.
pub struct Ply<'a> {
    /// Move in coordinate notation.
    pub mv: &'a str,
    /// Score reported for it.
    pub score: Option<Score>,
}

fn result_value(r: GameResult) -> f64 {
    match r {
        GameResult::WhiteWins => 1.0,
        GameResult::BlackWins => 0.0,
        GameResult::Draw => 0.5,
    }
}

/// True when a termination says nothing about who stood better.
fn unreliable(t: Termination) -> bool {
    matches!(
        t,
        Termination::Crash
            | Termination::Stall
            | Termination::IllegalMove
            | Termination::TimeForfeit
    )
}

/// Replays a game and returns its quiet positions labelled with `result`.
pub fn samples_from_moves(
    variant: Variant,
    fen: &str,
    plies: &[Ply],
    result: f64,
    filter: &QuietFilter,
) -> Result<Vec<Sample>> {
    let mut pos =
        Position::from_fen(variant, fen).map_err(|e| anyhow!("bad start position: {e}"))?;
    let mut out = Vec::new();
    for (i, ply) in plies.iter().enumerate() {
        let mv = pos
            .parse_move(ply.mv)
            .map_err(|e| anyhow!("ply {}: {e}", i + 1))?;
        let score_ok = match ply.score {
            Some(Score::Mate(_)) => false,
            Some(Score::Cp(c)) => c.abs() <= filter.max_score,
            None => true,
        };
        if i >= filter.skip_plies
            && score_ok
            && !pos.in_check()
            && !pos.is_capture(mv)
            && mv.kind() != MoveKind::Promotion
        {
            out.push(Sample {
                variant,
                fen: pos.to_fen(),
                result,
            });
        }
        pos.make_move(mv);
    }
    Ok(out)
}

/// The quiet positions of one runner game record (none for crashed or forfeited games).
pub fn samples_from_record(g: &GameRecord, filter: &QuietFilter) -> Result<Vec<Sample>> {
    if unreliable(g.termination) {
        return Ok(Vec::new());
    }
    let variant = Variant::from_name(&g.variant).map_err(|e| anyhow!("{e}"))?;
    let plies: Vec<Ply> = g
        .moves
        .iter()
        .map(|p| Ply {
            mv: &p.mv,
            score: p.score,
        })
        .collect();
    samples_from_moves(variant, &g.fen, &plies, result_value(g.result), filter)
        .with_context(|| format!("game pair {} game {}", g.pair, g.game))
}

/// Quiet positions of every game of a runner results file (JSON lines).
pub fn from_results_file(path: &Path, filter: &QuietFilter) -> Result<Vec<Sample>> {
    let contents = runner::store::read(path)?;
    if let Some((line, why)) = contents.bad_lines.first() {
        bail!("{}:{line}: unreadable line: {why}", path.display());
    }
    let mut out = Vec::new();
    for g in &contents.games {
        out.extend(samples_from_record(g, filter).with_context(|| path.display().to_string())?);
    }
    Ok(out)
}

/// Quiet positions of every game of a PGN file written by the runner (tags `Variant`, `FEN`,
/// `Result`, `Termination`; coordinate moves; `{score/depth time}` comments are ignored).
pub fn from_pgn_file(path: &Path, filter: &QuietFilter) -> Result<Vec<Sample>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    from_pgn_text(&text, filter).with_context(|| path.display().to_string())
}

/// Like [`from_pgn_file`], from text.
pub fn from_pgn_text(text: &str, filter: &QuietFilter) -> Result<Vec<Sample>> {
    let mut out = Vec::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut movetext = String::new();
    let mut game_no = 0;
    let mut flush = |tags: &mut Vec<(String, String)>, movetext: &mut String| -> Result<()> {
        if tags.is_empty() && movetext.trim().is_empty() {
            return Ok(());
        }
        game_no += 1;
        let tag = |k: &str| {
            tags.iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(k))
                .map(|(_, v)| v.as_str())
        };
        let variant_name = tag("Variant").unwrap_or("chess");
        let variant =
            Variant::from_name(variant_name).map_err(|e| anyhow!("PGN game {game_no}: {e}"))?;
        let fen = match tag("FEN") {
            Some(f) => f.to_string(),
            None => Position::startpos(variant).to_fen(),
        };
        let result = match tag("Result") {
            Some("1-0") => Some(1.0),
            Some("0-1") => Some(0.0),
            Some("1/2-1/2") => Some(0.5),
            _ => None,
        };
        let bad_end = matches!(
            tag("Termination"),
            Some("crash" | "stall" | "illegal move" | "time forfeit")
        );
        if let (Some(result), false) = (result, bad_end) {
            let moves = pgn_moves(movetext);
            let plies: Vec<Ply> = moves.iter().map(|m| Ply { mv: m, score: None }).collect();
            out.extend(
                samples_from_moves(variant, &fen, &plies, result, filter)
                    .with_context(|| format!("PGN game {game_no}"))?,
            );
        }
        tags.clear();
        movetext.clear();
        Ok(())
    };
    for line in text.lines() {
        let l = line.trim();
        if l.starts_with('[') && l.ends_with(']') {
            if !movetext.trim().is_empty() {
                flush(&mut tags, &mut movetext)?;
            }
            let inner = &l[1..l.len() - 1];
            if let Some((k, v)) = inner.split_once(' ') {
                let v = v.trim().trim_matches('"').replace("\\\"", "\"");
                tags.push((k.to_string(), v));
            }
        } else {
            movetext.push_str(l);
            movetext.push('\n');
        }
    }
    flush(&mut tags, &mut movetext)?;
    Ok(out)
}

/// The move tokens of PGN movetext: comments, move numbers and the result removed.
fn pgn_moves(movetext: &str) -> Vec<String> {
    let mut clean = String::new();
    let mut depth = 0;
    for ch in movetext.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth = (depth - 1).max(0),
            c if depth == 0 => clean.push(c),
            _ => {}
        }
    }
    clean
        .split_whitespace()
        .filter(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .map(|t| match t.rfind('.') {
            Some(i) if t[..i].chars().all(|c| c.is_ascii_digit() || c == '.') => &t[i + 1..],
            _ => t,
        })
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// Writes samples as `variant|FEN|result` lines.
pub fn write_samples(path: &Path, samples: &[Sample]) -> Result<()> {
    let f =
        std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let mut w = std::io::BufWriter::new(f);
    for s in samples {
        writeln!(w, "{}|{}|{}", s.variant.name(), s.fen, s.result)?;
    }
    w.flush()?;
    Ok(())
}

/// Reads a data file written by [`write_samples`] (positions are checked when traced).
pub fn read_samples(path: &Path) -> Result<Vec<Sample>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read data file {}", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let bad = |why: &str| anyhow!("{}:{}: {why}", path.display(), i + 1);
        let mut parts = l.split('|');
        let (Some(v), Some(fen), Some(r), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("expected variant|FEN|result"));
        };
        let variant = Variant::from_name(v.trim()).map_err(|e| bad(&e.to_string()))?;
        let result: f64 = r
            .trim()
            .parse()
            .map_err(|_| bad("result is not a number"))?;
        if !(0.0..=1.0).contains(&result) {
            return Err(bad("result must lie in 0..=1"));
        }
        out.push(Sample {
            variant,
            fen: fen.trim().to_string(),
            result,
        });
    }
    Ok(out)
}

/// Self-play data generation: what to play.
#[derive(Clone, Debug)]
pub struct GenerateOptions {
    /// How games are played (limits, concurrency, engine).
    pub settings: MatchSettings,
    /// Games to play (rounded up to whole pairs).
    pub games: u64,
    /// Random plies of each generated opening.
    pub opening_plies: u32,
    /// File the generated openings are stored in.
    pub openings_out: PathBuf,
    /// Runner results file (JSON lines) of the games, kept for inspection or reuse.
    pub results: Option<PathBuf>,
    /// Which positions are kept.
    pub filter: QuietFilter,
    /// Show the runner's progress bar.
    pub progress: bool,
}

/// Plays self-play games from random openings (one opening per game pair) and returns the
/// quiet positions of every game.
pub fn generate(opts: &GenerateOptions) -> Result<Vec<Sample>> {
    let pairs = opts.games.div_ceil(2).max(1);
    let s = &opts.settings;
    let mut settings = s.clone();
    settings.openings = OpeningSource::Generate(GenerateSpec {
        plies: opts.opening_plies,
        count: pairs as usize,
        margin_cp: None,
        nodes: 1,
        out: opts.openings_out.clone(),
    });
    let a = settings.engine("a", &[]);
    let b = settings.engine("b", &[]);
    let mut config = settings.config(a, b, pairs, s.seed);
    config.openings.order = runner::config::OpeningOrder::Sequential;
    config.results = opts.results.clone();
    config.overwrite = true;
    config.progress = opts.progress;
    let mut samples = Vec::new();
    let mut first_error = None;
    runner::play_match(&config, |g| match samples_from_record(g, &opts.filter) {
        Ok(v) => samples.extend(v),
        Err(e) => {
            if first_error.is_none() {
                first_error = Some(e);
            }
        }
    })?;
    if let Some(e) = first_error {
        return Err(e.context("replaying a self-play game"));
    }
    Ok(samples)
}

//! Labelled positions for Texel tuning: quiet positions of finished games, each labelled with
//! its game's result.
//!
//! Sources: self-play through the match runner ([`generate`]), the runner's JSON-lines results
//! files ([`from_results_file`]) or PGN files, SAN or coordinate ([`from_pgn_file`]); games are replayed with
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
    for w in contents.warnings(path) {
        eprintln!("warning: {}", runner::text::escape_controls(&w, false));
    }
    let mut out = Vec::new();
    for g in &contents.games {
        out.extend(samples_from_record(g, filter).with_context(|| path.display().to_string())?);
    }
    Ok(out)
}

/// Quiet positions of every game of a PGN file: SAN movetext as the runner writes it now, or
/// the coordinate movetext it wrote before (see `runner::pgn_read`). The engine scores of the
/// runner's `{score/depth time}` move comments ([`comment_score`]) are filtered as in a results
/// file: mate scores and scores beyond `max_score` drop the position. Games without a result,
/// and games whose `Termination` says an engine failed (standard `abandoned`,
/// `rules infraction`, `time forfeit`, `unterminated`; the older `crash`, `stall`,
/// `illegal move`), are skipped. Games without a `Variant` tag are chess.
pub fn from_pgn_file(path: &Path, filter: &QuietFilter) -> Result<Vec<Sample>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    from_pgn_text(&text, filter).with_context(|| path.display().to_string())
}

/// Terminations after which a game's result says nothing about its positions.
const UNRELIABLE_PGN_TERMINATIONS: [&str; 7] = [
    "abandoned",
    "rules infraction",
    "time forfeit",
    "unterminated",
    "crash",
    "stall",
    "illegal move",
];

/// The engine's score in a move comment as the runner writes it, `{score/depth time}`:
/// `+0.25/12 0.105s`, `-M3/9 0.020s`; `None` for another comment or a `?` score. Centipawns
/// from the mover's point of view, as in a results file.
pub fn comment_score(comment: &str) -> Option<Score> {
    let first = comment.split_whitespace().next()?;
    let (score, depth) = first.split_once('/')?;
    if depth != "?" && depth.parse::<u32>().is_err() {
        return None;
    }
    let (negative, rest) = match score.as_bytes().first()? {
        b'+' => (false, &score[1..]),
        b'-' => (true, &score[1..]),
        _ => return None,
    };
    let sign = if negative { -1 } else { 1 };
    if let Some(m) = rest.strip_prefix('M') {
        return m.parse::<i32>().ok().map(|m| Score::Mate(sign * m));
    }
    let (pawns, hundredths) = rest.split_once('.')?;
    if hundredths.len() != 2 {
        return None;
    }
    let cp = pawns.parse::<i32>().ok()? * 100 + hundredths.parse::<i32>().ok()?;
    Some(Score::Cp(sign * cp))
}

/// Like [`from_pgn_file`], from text.
pub fn from_pgn_text(text: &str, filter: &QuietFilter) -> Result<Vec<Sample>> {
    let games = runner::pgn_read::read_pgn(text, None).map_err(|e| anyhow!("{e}"))?;
    let mut out = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let bad_end = g.tag("Termination").is_some_and(|t| {
            UNRELIABLE_PGN_TERMINATIONS
                .iter()
                .any(|u| u.eq_ignore_ascii_case(t.trim()))
        });
        let Some(result) = g.result.filter(|_| !bad_end) else {
            continue;
        };
        let mut pos = g.start.clone();
        let texts: Vec<String> = g
            .moves
            .iter()
            .map(|&m| {
                let t = pos.move_to_uci(m);
                pos.make_move(m);
                t
            })
            .collect();
        let plies: Vec<Ply> = texts
            .iter()
            .zip(&g.comments)
            .map(|(m, c)| Ply {
                mv: m,
                score: c.as_deref().and_then(comment_score),
            })
            .collect();
        let start = g.start.to_fen();
        out.extend(
            samples_from_moves(g.variant, &start, &plies, result_value(result), filter)
                .with_context(|| format!("PGN game {}", i + 1))?,
        );
    }
    Ok(out)
}

#[cfg(test)]
mod pgn_tests {
    use super::*;

    /// The same game in SAN and in the old coordinate notation gives the same samples;
    /// standard failure terminations are skipped; bad PGN is an error naming the game.
    #[test]
    fn san_and_coordinate_pgn_give_the_same_samples() {
        let filter = QuietFilter {
            skip_plies: 0,
            max_score: 2000,
        };
        let san = "[Result \"1-0\"]\n[Termination \"normal\"]\n\n\
                   1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n";
        let coord = "[Result \"1-0\"]\n[Termination \"checkmate\"]\n\n\
                     1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. b5a4 g8f6 5. e1g1 f8e7 1-0\n";
        let a = from_pgn_text(san, &filter).unwrap();
        let b = from_pgn_text(coord, &filter).unwrap();
        assert_eq!(a.len(), 10);
        assert_eq!(a, b);
        assert!(a
            .iter()
            .all(|s| s.variant == Variant::Chess && s.result == 1.0));
        for t in ["abandoned", "rules infraction", "time forfeit", "crash"] {
            let g = san.replace("normal", t);
            assert!(from_pgn_text(&g, &filter).unwrap().is_empty(), "{t}");
        }
        let undecided = san.replace("1-0", "*");
        assert!(from_pgn_text(&undecided, &filter).unwrap().is_empty());
        let bad = format!("{san}\n1. e4 e5 2. Qh5 Ke9 *\n");
        let err = from_pgn_text(&bad, &filter).unwrap_err().to_string();
        assert!(err.contains("PGN game 2, move 2..."), "{err}");
    }

    #[test]
    fn comment_scores_are_read() {
        assert_eq!(comment_score("+0.25/12 0.105s"), Some(Score::Cp(25)));
        assert_eq!(comment_score("-1.50/3 1.000s"), Some(Score::Cp(-150)));
        assert_eq!(comment_score("-0.05/?"), Some(Score::Cp(-5)));
        assert_eq!(comment_score("+M5/20 0.1s"), Some(Score::Mate(5)));
        assert_eq!(comment_score("-M3/9 0.1s"), Some(Score::Mate(-3)));
        for other in ["?/? 0.010s", "book", "0.25/12", "+1.5/3", "+x/3", ""] {
            assert_eq!(comment_score(other), None, "{other}");
        }
    }

    /// The PGN the runner writes for a game gives the same samples as its results line:
    /// decided and mate positions, known from the `{score/depth}` comments, are dropped from
    /// both (the PGN reader ignored the comments and kept them).
    #[test]
    fn pgn_and_results_line_give_the_same_samples() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../view/tests/data/titan-6-games.jsonl"
        );
        let filter = QuietFilter {
            skip_plies: 2,
            max_score: 300,
        };
        let mut dropped = 0;
        for mut g in runner::store::read(Path::new(path)).unwrap().games {
            for (i, p) in g.moves.iter_mut().enumerate() {
                match i % 7 {
                    3 => p.score = Some(Score::Mate(4)),
                    5 => p.score = Some(Score::Cp(-900)),
                    _ => {}
                }
            }
            let from_json = samples_from_record(&g, &filter).unwrap();
            let pgn = runner::pgn::game_to_pgn(&g, "test");
            let from_pgn = from_pgn_text(&pgn, &filter).unwrap();
            assert_eq!(from_pgn, from_json, "{pgn}");
            for p in &mut g.moves {
                p.score = None;
            }
            dropped += samples_from_record(&g, &filter).unwrap().len() - from_json.len();
        }
        assert!(dropped > 20, "the scores removed only {dropped} positions");
    }
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

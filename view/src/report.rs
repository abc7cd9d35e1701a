//! The self-contained HTML match report: summary (W/L/D, Elo and nElo with 95% intervals, LOS,
//! SPRT state), charts (Elo and LLR over games with the SPRT bounds, terminations, game length,
//! time per move) and a game viewer (the board drawn by [`crate::svg`], the evaluation graph from
//! the recorded scores, the moves), in one HTML file that needs no network.
//!
//! # Sampling
//! The viewer embeds at most [`ReportOptions::first_games`] games from the start of the file
//! (200 by default) plus every game that did not end by a normal result (illegal move, crash,
//! stall, time forfeit), up to [`ReportOptions::max_abnormal`] of them. If the embedded games
//! would still pass [`ReportOptions::max_game_bytes`], the last sampled games are dropped until
//! they fit. Summary and charts always count every game.

use crate::chart::{self, ChartError, Level, Line};
use crate::glyphs::PieceStyle;
use crate::svg::{board_svg, DiagramOptions};
use maud::{html, Markup, PreEscaped, DOCTYPE};
use movegen::{Color, Position, Variant};
use runner::record::{GameRecord, Termination};
use runner::sprt::{SprtConfig, SprtDecision, SprtModel};
use runner::stats::estimate_pentanomial;
use runner::tally::{EstimateSummary, MatchSummary, Tally};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// How the report is built.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    /// SPRT parameters; `None` uses [`default_sprt`] and says so.
    pub sprt: Option<SprtConfig>,
    /// Games embedded from the start of the file.
    pub first_games: usize,
    /// Games that ended abnormally embedded in addition.
    pub max_abnormal: usize,
    /// Budget in bytes of the embedded game data.
    pub max_game_bytes: usize,
    /// How the viewer draws the pieces.
    pub pieces: PieceStyle,
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions {
            sprt: None,
            first_games: 200,
            max_abnormal: 300,
            max_game_bytes: 7_000_000,
            pieces: PieceStyle::default(),
        }
    }
}

/// The SPRT shown when none is given: nElo 0 against 5, 5% errors (fishtest-like).
pub fn default_sprt() -> SprtConfig {
    SprtConfig {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
        model: SprtModel::Normalized,
    }
}

/// Why no report was written.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The results file could not be read.
    #[error("{0}")]
    Read(String),
    /// The results file holds no game.
    #[error("{0} holds no finished game")]
    NoGames(String),
    /// Two lines of the file contradict each other.
    #[error("results file: {0}")]
    Inconsistent(String),
    /// A chart failed.
    #[error(transparent)]
    Chart(#[from] ChartError),
    /// Game data could not be serialised.
    #[error("game data: {0}")]
    Json(#[from] serde_json::Error),
}

/// One ply as the viewer gets it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewerPly {
    /// The move as recorded (UCI notation).
    pub u: String,
    /// The move as shown (SAN once available).
    pub s: String,
    /// Board field of the FEN after the move (with the hand in octopus).
    pub f: String,
    /// The move's from and to squares.
    pub l: [String; 2],
    /// The side to move is in check after the move.
    pub c: bool,
    /// Evaluation after the move from white's point of view, centipawns, clipped to +-2000.
    pub e: Option<i32>,
    /// Thinking time in milliseconds.
    pub t: u64,
}

/// One game as the viewer gets it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewerGame {
    /// Position of the game in the results file (0-based).
    pub index: usize,
    /// Variant name.
    pub variant: String,
    /// White's engine.
    pub white: String,
    /// Black's engine.
    pub black: String,
    /// Result, PGN style.
    pub result: String,
    /// How it ended.
    pub termination: String,
    /// Detail of the ending.
    pub reason: String,
    /// Start position.
    pub fen: String,
    /// Board field of the start position.
    pub f0: String,
    /// The plies that could be replayed.
    pub plies: Vec<ViewerPly>,
    /// Why the replay stopped early (an illegal or unreadable recorded move), if it did.
    pub note: Option<String>,
}

/// The move text shown in the viewer.
/// The viewer's text of a move: the project's SAN (docs/notation.md).
fn shown_move(pos: &Position, m: movegen::Move) -> String {
    pos.move_to_san(m)
}

fn board_field(pos: &Position) -> String {
    pos.to_fen()
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Replays a recorded game for the viewer; stops at the first move the rules core rejects.
pub fn viewer_game(index: usize, g: &GameRecord) -> ViewerGame {
    let mut out = ViewerGame {
        index,
        variant: g.variant.clone(),
        white: g.white.clone(),
        black: g.black.clone(),
        result: g.result.pgn().to_string(),
        termination: g.termination.pgn().to_string(),
        reason: g.reason.clone(),
        fen: g.fen.clone(),
        f0: String::new(),
        plies: Vec::new(),
        note: None,
    };
    let variant = match Variant::from_name(&g.variant) {
        Ok(v) => v,
        Err(e) => {
            out.note = Some(e.to_string());
            return out;
        }
    };
    let mut pos = match Position::from_fen(variant, &g.fen) {
        Ok(p) => p,
        Err(e) => {
            out.note = Some(format!("start position: {e}"));
            return out;
        }
    };
    out.f0 = board_field(&pos);
    for (i, ply) in g.moves.iter().enumerate() {
        let m = match pos.parse_move(&ply.mv) {
            Ok(m) => m,
            Err(e) => {
                out.note = Some(format!("ply {}: {e}", i + 1));
                break;
            }
        };
        let mover = pos.side_to_move();
        let shown = shown_move(&pos, m);
        let rules = pos.rules();
        let l = [rules.square_name(m.from()), rules.square_name(m.to())];
        pos.make_move(m);
        let e = ply.score.map(|s| {
            let cp = s.as_cp().clamp(-2000, 2000);
            if mover == Color::White {
                cp
            } else {
                -cp
            }
        });
        out.plies.push(ViewerPly {
            u: ply.mv.clone(),
            s: shown,
            f: board_field(&pos),
            l,
            c: pos.in_check(),
            e,
            t: ply.time_ms,
        });
    }
    out
}

/// Did the game end other than by a normal result?
fn abnormal(t: Termination) -> bool {
    matches!(
        t,
        Termination::IllegalMove
            | Termination::Crash
            | Termination::Stall
            | Termination::TimeForfeit
    )
}

/// Indices of the games the viewer embeds (see the module documentation), in file order.
pub fn sample(games: &[GameRecord], opts: &ReportOptions) -> Vec<usize> {
    let mut picked: Vec<usize> = (0..games.len().min(opts.first_games)).collect();
    picked.extend(
        games
            .iter()
            .enumerate()
            .skip(opts.first_games)
            .filter(|(_, g)| abnormal(g.termination))
            .map(|(i, _)| i)
            .take(opts.max_abnormal),
    );
    picked
}

/// The Elo and LLR of the first pairing after each game, thinned to at most `points` points.
struct Trajectory {
    elo: Vec<(f64, f64)>,
    lo: Vec<(f64, f64)>,
    hi: Vec<(f64, f64)>,
    llr: Vec<(f64, f64)>,
}

fn trajectory(
    games: &[GameRecord],
    sprt: &SprtConfig,
    points: usize,
) -> Result<(Tally, Trajectory), ReportError> {
    let mut tally = Tally::watching(Some(*sprt));
    let step = games.len().div_ceil(points.max(1)).max(1);
    let mut t = Trajectory {
        elo: Vec::new(),
        lo: Vec::new(),
        hi: Vec::new(),
        llr: Vec::new(),
    };
    for (i, g) in games.iter().enumerate() {
        tally.add(g).map_err(ReportError::Inconsistent)?;
        if (i + 1) % step != 0 && i + 1 != games.len() {
            continue;
        }
        let x = (i + 1) as f64;
        t.llr.push((x, tally.llr(sprt)));
        if let Some(e) = tally
            .pairings
            .get(&0)
            .and_then(|p| estimate_pentanomial(&p.pentanomial))
            .filter(|e| e.elo.is_finite() && e.elo_error.is_finite())
        {
            t.elo.push((x, e.elo));
            t.lo.push((x, e.elo - e.elo_error));
            t.hi.push((x, e.elo + e.elo_error));
        }
    }
    Ok((tally, t))
}

/// Reads a results file and writes the report.
pub fn report_from_file(path: &Path, opts: &ReportOptions) -> Result<String, ReportError> {
    let contents = runner::store::read(path).map_err(|e| ReportError::Read(format!("{e:#}")))?;
    if contents.games.is_empty() {
        return Err(ReportError::NoGames(path.display().to_string()));
    }
    let names = contents
        .header
        .as_ref()
        .map(|h| h.engines.clone())
        .unwrap_or_default();
    let mut notes = Vec::new();
    if !contents.bad_lines.is_empty() {
        notes.push(format!(
            "{} unreadable line(s) skipped (first: line {})",
            contents.bad_lines.len(),
            contents.bad_lines[0].0
        ));
    }
    if contents.truncated_tail {
        notes.push("the last line was cut short and is not counted".to_string());
    }
    build_report(
        &path.display().to_string(),
        &names,
        &contents.games,
        &notes,
        opts,
    )
}

fn pct(v: Option<f64>) -> String {
    v.map_or("—".into(), |x| format!("{:.1}%", x * 100.0))
}

fn pm(v: Option<f64>, e: Option<f64>) -> String {
    match (v, e) {
        (Some(v), Some(e)) => format!("{v:+.1} ± {e:.1}"),
        (Some(v), None) => format!("{v:+.1}"),
        _ => "—".into(),
    }
}

fn estimate_cells(s: &EstimateSummary) -> Markup {
    html! {
        td { (pm(s.elo, s.elo_error)) }
        td { (pm(s.nelo, s.nelo_error)) }
        td { (pct(s.los)) }
    }
}

fn summary_table(summary: &MatchSummary, sprt_given: bool) -> Markup {
    html! {
        table.summary {
            thead { tr {
                th { "engine" } th { "opponent" } th { "games" } th { "W" } th { "L" } th { "D" }
                th { "pentanomial (0–2 pts per pair)" }
                th { "Elo ± 95%" } th { "nElo ± 95%" } th { "LOS" }
                th { "SPRT" }
            } }
            tbody {
                @for p in &summary.pairings {
                    tr {
                        td { (p.engine) } td { (p.opponent) } td { (p.games) }
                        td { (p.wins) } td { (p.losses) } td { (p.draws) }
                        td { (format!("{:?}", p.pentanomial)) }
                        (estimate_cells(if p.pairs > 0 { &p.pentanomial_stats } else { &p.trinomial_stats }))
                        td {
                            @if let Some(s) = &p.sprt {
                                (format!("LLR {:.2} in ({:.2}, {:.2}) — {}", s.llr, s.lower, s.upper,
                                    match s.decision {
                                        SprtDecision::H1 => "H1 accepted",
                                        SprtDecision::H0 => "H0 accepted",
                                        SprtDecision::Continue => "continue",
                                        SprtDecision::Inconclusive => "inconclusive (the games ran out)",
                                    }))
                                br;
                                small { (format!("[{}, {}] {} α={} β={}{}", s.config.elo0, s.config.elo1,
                                    match s.config.model { SprtModel::Normalized => "nElo", SprtModel::Logistic => "Elo" },
                                    s.config.alpha, s.config.beta,
                                    if sprt_given { "" } else { " (default; pass --sprt)" })) }
                            }
                        }
                    }
                }
            }
        }
        p.note { "Elo from pentanomial counts of game pairs when any pair is complete, else from single games." }
    }
}

/// Builds the report from games already read. `source` names the results file in the title.
pub fn build_report(
    source: &str,
    names: &[String],
    games: &[GameRecord],
    notes: &[String],
    opts: &ReportOptions,
) -> Result<String, ReportError> {
    if games.is_empty() {
        return Err(ReportError::NoGames(source.to_string()));
    }
    let sprt = opts.sprt.unwrap_or_else(default_sprt);
    let (tally, traj) = trajectory(games, &sprt, 400)?;
    let summary = tally.summary(names, Some(&sprt));
    let size = (720, 320);
    let elo_chart = chart::line_chart(
        "Elo of the first engine over games (95% interval)",
        "games",
        "Elo",
        &[
            Line {
                name: "Elo".into(),
                points: traj.elo,
            },
            Line {
                name: "lower 95%".into(),
                points: traj.lo,
            },
            Line {
                name: "upper 95%".into(),
                points: traj.hi,
            },
        ],
        &[Level {
            name: "0".into(),
            y: 0.0,
        }],
        size,
    )?;
    let (lower, upper) = sprt.bounds();
    let llr_chart = chart::line_chart(
        "SPRT log-likelihood ratio over games",
        "games",
        "LLR",
        &[Line {
            name: "LLR".into(),
            points: traj.llr,
        }],
        &[
            Level {
                name: format!("lower bound {lower:.2}"),
                y: lower,
            },
            Level {
                name: format!("upper bound {upper:.2}"),
                y: upper,
            },
        ],
        size,
    )?;
    let terminations: Vec<(String, u64)> = tally
        .terminations
        .iter()
        .map(|(k, v)| (k.pgn().to_string(), *v))
        .collect();
    let term_chart = chart::bar_chart("Terminations", "games", &terminations, size)?;
    let lengths: Vec<f64> = games.iter().map(|g| g.moves.len() as f64).collect();
    let length_chart = chart::histogram("Game length", "plies", &lengths, 20, size)?;
    let times: Vec<f64> = games
        .iter()
        .flat_map(|g| g.moves.iter().map(|m| m.time_ms as f64))
        .collect();
    let time_chart = chart::histogram("Time used per move", "ms", &times, 20, size)?;

    let picked = sample(games, opts);
    let mut viewer: Vec<ViewerGame> = Vec::new();
    let mut bytes = 0usize;
    let mut dropped = 0usize;
    for &i in &picked {
        let vg = viewer_game(i, &games[i]);
        let len = serde_json::to_string(&vg)?.len();
        if bytes + len > opts.max_game_bytes {
            dropped += 1;
            continue;
        }
        bytes += len;
        viewer.push(vg);
    }
    let variants: BTreeMap<String, String> = viewer
        .iter()
        .filter_map(|g| Variant::from_name(&g.variant).ok())
        .map(|v| {
            let o = DiagramOptions {
                id_prefix: format!("{}-", v.name()),
                all_glyphs: true,
                square_px: 44.0,
                pieces: opts.pieces,
                ..DiagramOptions::default()
            };
            let svg = board_svg(&Position::startpos(v), &o).map_err(|e| e.to_string());
            (
                v.name().to_string(),
                svg.unwrap_or_else(|e| format!("<p>{e}</p>")),
            )
        })
        .collect();
    let data = serde_json::to_string(&viewer)?.replace('<', "\\u003c");
    let sample_text = format!(
        "The viewer holds {} of {} games: the first {} in the file, plus up to {} more that ended \
         by an illegal move, crash, stall or time forfeit{}.",
        viewer.len(),
        games.len(),
        opts.first_games.min(games.len()),
        opts.max_abnormal,
        if dropped > 0 {
            format!("; {dropped} sampled games were left out to keep the file small")
        } else {
            String::new()
        }
    );
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { "Shuriken match report — " (source) }
                style { (PreEscaped(CSS)) }
            }
            body {
                h1 { "Match report" }
                p.source { (source) " — " (games.len()) " games" }
                @for n in notes { p.note { (n) } }
                section #summary {
                    h2 { "Summary" }
                    (summary_table(&summary, opts.sprt.is_some()))
                    @if !summary.latency.is_empty() {
                        p.note {
                            "isready latency: "
                            @for l in &summary.latency { (format!("{} mean {:.1} ms, max {:.1} ms; ", l.engine, l.mean_ms, l.max_ms)) }
                        }
                    }
                }
                section #charts {
                    h2 { "Charts" }
                    div.charts {
                        div.chart { (PreEscaped(elo_chart)) }
                        div.chart { (PreEscaped(llr_chart)) }
                        div.chart { (PreEscaped(term_chart)) }
                        div.chart { (PreEscaped(length_chart)) }
                        div.chart { (PreEscaped(time_chart)) }
                    }
                }
                section #viewer {
                    h2 { "Games" }
                    p.note { (sample_text) }
                    div.controls {
                        select #game-select {}
                        button #first type="button" title="start (Home)" { "«" }
                        button #prev type="button" title="back (←)" { "◀" }
                        button #next type="button" title="forward (→)" { "▶" }
                        button #last type="button" title="end (End)" { "»" }
                        span #ply-label {}
                    }
                    p #game-info {}
                    div.viewer {
                        div #board-holder {}
                        div.side {
                            div #eval-graph {}
                            ol #move-list {}
                        }
                    }
                    div #boards hidden {
                        @for (name, svg) in &variants {
                            div.board-template data-variant=(name) { (PreEscaped(svg)) }
                        }
                    }
                }
                script #games type="application/json" { (PreEscaped(data)) }
                script { (PreEscaped(VIEWER_JS)) }
            }
        }
    };
    Ok(page.into_string())
}

/// Reads the viewer's games back out of a report (for tests and tools).
pub fn embedded_games(html: &str) -> Result<Vec<ViewerGame>, ReportError> {
    let start_tag = "<script id=\"games\" type=\"application/json\">";
    let start = html
        .find(start_tag)
        .ok_or_else(|| ReportError::Read("no embedded games".into()))?
        + start_tag.len();
    let end = html[start..]
        .find("</script>")
        .ok_or_else(|| ReportError::Read("embedded games not closed".into()))?;
    Ok(serde_json::from_str(&html[start..start + end])?)
}

const CSS: &str = include_str!("report/report.css");
const VIEWER_JS: &str = include_str!("report/viewer.js");

//! Search labels for Texel data: each position is searched to a fixed depth, and its label
//! becomes a blend of its game result and the result the search score predicts.
//!
//! A game result labels every position of a game alike, so the early positions of a game lost
//! by a blunder 60 moves later are labelled as lost. A deeper search's score says what the
//! position itself is worth. The score `s` (centipawns, White's view) predicts the result
//! `1 / (1 + 10^(-s / scale))`; `scale` is fitted to the data (the scale whose predictions best
//! match the game results, in squared error) unless given. The label is then
//! `blend * result + (1 - blend) * prediction`.

use crate::data::Sample;
use crate::texel::{golden_section_min, sigmoid};
use anyhow::{anyhow, bail, Context, Result};
use engine::bench::FreshState;
use movegen::{Color, Position, Variant};
use rayon::prelude::*;
use runner::engine_process::LaunchSpec;
use runner::uci::{Timeouts, UciEngine};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Largest score magnitude (centipawns) a label uses; mate scores are cut to it.
const SCORE_CAP: f64 = 4000.0;

/// Positions each worker searches with one set of tables before it takes the next batch.
const BATCH: usize = 64;

/// How search scores and game results are blended into labels.
#[derive(Clone, Debug)]
pub struct LabelOptions {
    /// Weight of the game result in the label (0: search only, 1: game result only).
    pub blend: f64,
    /// Centipawns per factor 10 in the odds of the prediction; fitted when `None`.
    pub scale: Option<f64>,
}

/// The relabelled samples and the scale that turned their scores into predictions.
#[derive(Clone, Debug)]
pub struct Labelled {
    /// The samples, in input order, with their new labels.
    pub samples: Vec<Sample>,
    /// Centipawns per factor 10 in the odds (given or fitted).
    pub scale: f64,
}

/// The result a score (centipawns, White's view) predicts for White at `scale`.
pub fn predicted_result(score: f64, scale: f64) -> f64 {
    // `sigmoid` is the Texel fit's logistic at 400 centipawns per factor 10.
    sigmoid(score.clamp(-SCORE_CAP, SCORE_CAP) * 400.0 / scale)
}

/// Searches every sample to `depth` (one search thread per rayon worker) and returns the scores
/// from White's point of view, in input order. `done` is called with the number of positions
/// finished so far after each batch.
pub fn search_scores(
    samples: &[Sample],
    depth: i32,
    hash_mb: usize,
    done: &(dyn Fn(usize) + Sync),
) -> Result<Vec<f64>> {
    in_batches(samples, BATCH, done, |batch| {
        let state = FreshState::new(hash_mb);
        batch
            .iter()
            .map(|s| {
                let pos = position(s)?;
                let (r, _) = state.search(&pos, depth, 1);
                Ok(whites_view(&pos, r.score as f64))
            })
            .collect()
    })
}

/// Scores `samples` in batches of `size`, one batch per rayon task, with `score_batch`; returns
/// the scores in input order, and calls `done` with the number finished after each batch.
fn in_batches(
    samples: &[Sample],
    size: usize,
    done: &(dyn Fn(usize) + Sync),
    score_batch: impl Fn(&[Sample]) -> Result<Vec<f64>> + Sync,
) -> Result<Vec<f64>> {
    let finished = AtomicUsize::new(0);
    let batches: Vec<Result<Vec<f64>>> = samples
        .par_chunks(size)
        .map(|batch| {
            let scores = score_batch(batch)?;
            done(finished.fetch_add(batch.len(), Ordering::Relaxed) + batch.len());
            Ok(scores)
        })
        .collect();
    let mut out = Vec::with_capacity(samples.len());
    for b in batches {
        out.extend(b?);
    }
    Ok(out)
}

/// The position of a sample, or an error naming it.
fn position(s: &Sample) -> Result<Position> {
    Position::from_fen(s.variant, &s.fen)
        .with_context(|| format!("{} position {}", s.variant.name(), s.fen))
}

/// A score from the side to move's view in `pos`, turned to White's.
fn whites_view(pos: &Position, score: f64) -> f64 {
    match pos.side_to_move() {
        Color::White => score,
        Color::Black => -score,
    }
}

/// An outside UCI engine that scores the positions instead of Shuriken's own search.
#[derive(Clone, Debug)]
pub struct OutsideEngine {
    /// How to start it.
    pub launch: LaunchSpec,
    /// UCI options sent before the searches (`Threads`, `Hash`, ...).
    pub options: Vec<(String, String)>,
}

/// Positions one outside engine process scores before the next batch starts a fresh one.
const ENGINE_BATCH: usize = 512;

/// How long one `go depth N` of an outside engine may take.
const ENGINE_SEARCH_LIMIT: Duration = Duration::from_secs(300);

/// Has `engine` search every sample (all of `variant`) to `depth`, one engine process per
/// rayon worker, and returns its scores from White's point of view, in input order (mates
/// become ±100,000 centipawns, cut to the label's cap later). `done` is called with the number
/// of positions finished so far after each batch. An engine that cannot start, crashes, stalls
/// or reports no score is an error naming the position.
pub fn engine_scores(
    samples: &[Sample],
    variant: Variant,
    depth: i32,
    engine: &OutsideEngine,
    done: &(dyn Fn(usize) + Sync),
) -> Result<Vec<f64>> {
    if let Some(other) = samples.iter().find(|s| s.variant != variant) {
        bail!(
            "an outside engine labels one variant at a time: {} among {} positions (pass --variant)",
            other.variant.name(),
            variant.name()
        );
    }
    let timeouts = Timeouts {
        search: ENGINE_SEARCH_LIMIT,
        ..Timeouts::default()
    };
    let go = format!("go depth {depth}");
    in_batches(samples, ENGINE_BATCH, done, |batch| {
        let mut uci = UciEngine::start(&engine.launch, variant.name(), &engine.options, &timeouts)
            .map_err(|e| anyhow!("engine '{}': {}", engine.launch.cmd, e.detail()))?;
        let scores = batch
            .iter()
            .map(|s| {
                let pos = position(s)?;
                let reply = uci
                    .search(
                        &format!("position fen {}", s.fen),
                        &go,
                        ENGINE_SEARCH_LIMIT,
                        &timeouts,
                    )
                    .map_err(|e| anyhow!("engine on {}: {}", s.fen, e.detail()))?;
                let score = reply
                    .info
                    .score
                    .ok_or_else(|| anyhow!("engine reported no score for {}", s.fen))?;
                Ok(whites_view(&pos, score.as_cp() as f64))
            })
            .collect();
        uci.quit();
        scores
    })
}

/// Mean squared error of the predictions at `scale` against the game results.
fn prediction_error(scores: &[f64], results: &[f64], scale: f64) -> f64 {
    let sum: f64 = scores
        .iter()
        .zip(results)
        .map(|(&s, &r)| (r - predicted_result(s, scale)).powi(2))
        .sum();
    sum / scores.len().max(1) as f64
}

/// The scale in `lo..=hi` whose predictions best match the results (golden-section search on
/// the logarithm of the scale).
pub fn fit_scale(scores: &[f64], results: &[f64], lo: f64, hi: f64) -> f64 {
    let err = |x: f64| prediction_error(scores, results, x.exp());
    golden_section_min(err, lo.ln(), hi.ln(), 1e-6).exp()
}

/// Labels `samples` from their search `scores` (White's view, one per sample).
pub fn blend_labels(samples: &[Sample], scores: &[f64], opts: &LabelOptions) -> Labelled {
    let results: Vec<f64> = samples.iter().map(|s| s.result).collect();
    let scale = opts
        .scale
        .unwrap_or_else(|| fit_scale(scores, &results, 20.0, 5000.0));
    let samples = samples
        .iter()
        .zip(scores)
        .map(|(s, &score)| Sample {
            variant: s.variant,
            fen: s.fen.clone(),
            result: opts.blend * s.result + (1.0 - opts.blend) * predicted_result(score, scale),
        })
        .collect();
    Labelled { samples, scale }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predictions_are_even_at_zero_and_saturate_at_mates() {
        assert!((predicted_result(0.0, 400.0) - 0.5).abs() < 1e-12);
        assert!((predicted_result(400.0, 400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!(predicted_result(-32_000.0, 400.0) < 1e-9);
        assert!(predicted_result(-32_000.0, 400.0) > 0.0);
    }

    #[test]
    fn the_fitted_scale_is_the_one_the_results_were_drawn_with() {
        // Expected results drawn exactly from scale 250: the fit must find it.
        let scores: Vec<f64> = (-40..=40).map(|i| i as f64 * 25.0).collect();
        let results: Vec<f64> = scores.iter().map(|&s| predicted_result(s, 250.0)).collect();
        let scale = fit_scale(&scores, &results, 20.0, 5000.0);
        assert!((scale - 250.0).abs() < 0.5, "{scale}");
    }
}

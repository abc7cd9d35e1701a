//! Evaluation trace and Texel tuning: the trace reproduces the evaluation, the analytic loss
//! gradient matches finite differences, K is a minimum, game files are replayed, and search labels
//! follow the score and the blend.

use engine::eval::trace::weight_values;
use engine::eval::{Evaluator, Weights};
use movegen::{Position, Variant};
use tuner::data::{self, Ply, QuietFilter, Sample};
use tuner::rng::SplitMix64;
use tuner::texel::{self, Dataset};

/// Positions from random games of every variant.
fn positions(per_variant: usize) -> Vec<Position> {
    positions_of(&Variant::ALL, per_variant)
}

/// Positions from random games of each of `games`.
fn positions_of(games: &[Variant], per_variant: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(5);
    let mut out = Vec::new();
    for &v in games {
        for g in 0..per_variant {
            let mut pos = Position::startpos(v);
            let plies = 4 + (g * 7) % 60;
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves.as_slice()[(rng.next_u64() % moves.len() as u64) as usize];
                pos.make_move(m);
            }
            out.push(Position::from_fen(v, &pos.to_fen()).unwrap());
        }
    }
    out
}

/// Random weights of `v`'s game that are multiples of 16 (so every integer division but the
/// phase blend is exact), within each weight's range; `MobilityScale` stays 100.
fn sixteens(v: Variant, seed: u64) -> Weights {
    let mut rng = SplitMix64::new(seed);
    let mut w = Weights::defaults(v);
    for (spec, _) in w.table() {
        if spec.name == "MobilityScale" {
            continue;
        }
        let lo = (spec.min + 15) / 16;
        let hi = spec.max / 16;
        let span = (hi - lo + 1).min(40) as u64;
        let v = 16 * (lo + (rng.next_u64() % span) as i32);
        w.set(&spec.name, v as i64).unwrap();
    }
    w
}

#[test]
fn trace_times_weights_is_the_evaluation() {
    let pos = positions(12);
    for seed in 1..4 {
        for p in &pos {
            let w = sixteens(p.variant(), seed);
            let values = weight_values(&w);
            let e = Evaluator::new(&w);
            let t = e.trace(&w, p);
            let real = e.evaluate(p) as f64;
            // Only the final phase blend rounds (towards zero, by less than 1). The linear form
            // is compared, not `value()`: `value()` adds the offset, which is defined as the
            // difference to the real evaluation, so it would equal it by construction.
            assert!(
                (t.linear(&values) - real).abs() < 1.0,
                "{}: trace {} eval {real}",
                p.to_fen(),
                t.linear(&values)
            );
            assert!(t.offset.abs() < 1.0, "{}: offset {}", p.to_fen(), t.offset);
        }
    }
}

#[test]
fn trace_predicts_other_weights_within_rounding() {
    let pos = positions(6);
    for p in &pos {
        let w0 = Weights::defaults(p.variant());
        let w1 = sixteens(p.variant(), 77);
        let v1 = weight_values(&w1);
        let e0 = Evaluator::new(&w0);
        let t = e0.trace(&w0, p);
        assert!(t.offset.abs() <= 8.0, "{}: offset {}", p.to_fen(), t.offset);
        let real = Evaluator::new(&w1).evaluate(p) as f64;
        let pred = t.linear(&v1);
        assert!(
            (pred - real).abs() < 1.0,
            "{}: {pred} vs {real}",
            p.to_fen()
        );
    }
}

/// The game of the fitting tests.
const GAME: Variant = Variant::Titan;

fn dataset() -> (Dataset, Vec<f64>) {
    let w = Weights::defaults(GAME);
    let mut rng = SplitMix64::new(3);
    // Results drawn from the evaluation (White's view) through a logistic with K = 1.5.
    let samples: Vec<data::Sample> = positions_of(&[GAME], 50)
        .into_iter()
        .map(|p| {
            let e = Evaluator::new(&w).evaluate(&p) as f64;
            let white = if p.side_to_move() == movegen::Color::White {
                e
            } else {
                -e
            };
            let u = rng.unit();
            let result = if u < texel::sigmoid(1.5 * white) {
                1.0
            } else {
                0.0
            };
            data::Sample {
                variant: p.variant(),
                fen: p.to_fen(),
                result,
            }
        })
        .collect();
    let traced = texel::trace_samples(&samples, &w).unwrap();
    let used = texel::used_weights(&traced);
    let params = texel::select_params(&w, &used, &[], &[]);
    assert!(params.len() > 30);
    let values = weight_values(&w);
    let d = Dataset::build(&traced, &params, &values);
    let theta = params.iter().map(|&i| values[i]).collect();
    (d, theta)
}

#[test]
fn a_fit_takes_the_positions_of_its_own_game_only() {
    let w = Weights::defaults(GAME);
    let sample = |p: &Position| Sample {
        variant: p.variant(),
        fen: p.to_fen(),
        result: 0.5,
    };
    let own: Vec<Sample> = positions_of(&[GAME], 2).iter().map(sample).collect();
    assert!(texel::trace_samples(&own, &w).is_ok());
    let mut mixed = own.clone();
    mixed.extend(positions_of(&[Variant::Chess], 1).iter().map(sample));
    let err = texel::trace_samples(&mixed, &w).unwrap_err().to_string();
    assert!(err.contains("chess position among titan weights"), "{err}");
    assert!(texel::exact_loss(&mixed, &w, 1.0).is_err());
}

#[test]
fn gradient_matches_finite_differences() {
    let (d, theta) = dataset();
    let k = 1.3;
    let (loss, grad) = d.loss_and_gradient(&theta, k);
    assert!((loss - d.loss(&theta, k)).abs() < 1e-12);
    let h = 0.01;
    for j in 0..theta.len() {
        let mut a = theta.clone();
        let mut b = theta.clone();
        a[j] += h;
        b[j] -= h;
        let fd = (d.loss(&a, k) - d.loss(&b, k)) / (2.0 * h);
        let tol = 1e-6 + 1e-3 * fd.abs().max(grad[j].abs());
        assert!(
            (fd - grad[j]).abs() < tol,
            "weight {}: analytic {} numeric {fd}",
            Weights::defaults(GAME).table()[d.params[j]].0.name,
            grad[j]
        );
    }
}

#[test]
fn k_is_a_minimum_and_adam_lowers_the_loss() {
    let (d, theta) = dataset();
    let k = texel::fit_k(&d, &theta, 0.05, 10.0);
    let l = d.loss(&theta, k);
    eprintln!(
        "k {k} l {l} {} {}",
        d.loss(&theta, k * 1.05),
        d.loss(&theta, k / 1.05)
    );
    assert!(l <= d.loss(&theta, k * 1.05) && l <= d.loss(&theta, k / 1.05));
    assert!(k > 0.5 && k < 4.0, "K = {k}");
    let bounds: Vec<(f64, f64)> = d
        .params
        .iter()
        .map(|&i| {
            let spec = &Weights::defaults(GAME).table()[i].0;
            (spec.min as f64, spec.max as f64)
        })
        .collect();
    let opts = texel::AdamOptions {
        iterations: 200,
        ..Default::default()
    };
    let t = texel::adam(&d, &theta, &bounds, k, &opts, |_, _| {});
    assert!(d.loss(&t, k) < l);
    for (v, (lo, hi)) in t.iter().zip(&bounds) {
        assert!(lo <= v && v <= hi);
    }
}

#[test]
fn games_are_replayed_into_quiet_positions() {
    // A short random game, written as PGN the way the runner does.
    let mut rng = SplitMix64::new(11);
    let v = Variant::Raptor;
    let mut pos = Position::startpos(v);
    let start = pos.to_fen();
    let mut moves = Vec::new();
    for _ in 0..30 {
        let legal = pos.legal_moves();
        let m = legal.as_slice()[(rng.next_u64() % legal.len() as u64) as usize];
        moves.push(pos.move_to_uci(m));
        pos.make_move(m);
    }
    let filter = QuietFilter {
        skip_plies: 4,
        max_score: 2000,
    };
    let plies: Vec<Ply> = moves.iter().map(|m| Ply { mv: m, score: None }).collect();
    let direct = data::samples_from_moves(v, &start, &plies, 1.0, &filter).unwrap();
    assert!(!direct.is_empty() && direct.len() <= 26);
    let mut movetext = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            movetext.push_str(&format!("{}. ", i / 2 + 1));
        }
        movetext.push_str(&format!("{m} {{+0.10/3 0.001s}} "));
    }
    let pgn = format!(
        "[Event \"t\"]\n[Result \"1-0\"]\n[Variant \"raptor\"]\n[FEN \"{start}\"]\n\
         [Termination \"checkmate\"]\n\n{movetext}1-0\n\n\
         [Event \"t\"]\n[Result \"0-1\"]\n[Variant \"raptor\"]\n[FEN \"{start}\"]\n\
         [Termination \"stall\"]\n\n1. {} 0-1\n\n",
        moves[0]
    );
    let from_pgn = data::from_pgn_text(&pgn, &filter).unwrap();
    assert_eq!(from_pgn, direct);
    let bad = plies_with("zz99");
    assert!(data::samples_from_moves(v, &start, &bad, 1.0, &filter).is_err());

    let path = std::env::temp_dir().join(format!("shuriken-texel-{}.txt", std::process::id()));
    data::write_samples(&path, &direct).unwrap();
    assert_eq!(data::read_samples(&path).unwrap(), direct);
    std::fs::write(&path, "raptor|not a fen\n").unwrap();
    assert!(data::read_samples(&path).is_err());
    let _ = std::fs::remove_file(&path);
}

fn plies_with(m: &'static str) -> Vec<Ply<'static>> {
    vec![Ply { mv: m, score: None }]
}

#[test]
fn prior_gradient_matches_finite_differences_and_vanishes_at_the_start() {
    let start = [0.0, 10.0, -40.0, 900.0];
    let theta = [7.0, -3.0, -10.0, 1000.0];
    let l2 = 0.01;
    let (p0, g0) = texel::prior(&start, &start, l2);
    assert_eq!(p0, 0.0);
    assert!(g0.iter().all(|&g| g == 0.0));
    let (_, grad) = texel::prior(&theta, &start, l2);
    let h = 1e-3;
    for j in 0..theta.len() {
        let (mut a, mut b) = (theta, theta);
        a[j] += h;
        b[j] -= h;
        let fd = (texel::prior(&a, &start, l2).0 - texel::prior(&b, &start, l2).0) / (2.0 * h);
        assert!(
            (fd - grad[j]).abs() < 1e-9,
            "weight {j}: {fd} vs {}",
            grad[j]
        );
    }
    // A move of 100 from 900 costs (100/900)² λ; a move of 7 from 0 costs (7/25)² λ.
    let (p, _) = texel::prior(&theta, &start, l2);
    let expected = l2
        * ((7.0f64 / 25.0).powi(2)
            + (13.0f64 / 25.0).powi(2)
            + (30.0f64 / 40.0).powi(2)
            + (100.0f64 / 900.0).powi(2));
    assert!((p - expected).abs() < 1e-15, "{p} vs {expected}");
}

#[test]
fn a_strong_prior_keeps_the_fit_near_the_start_weights() {
    let (d, theta) = dataset();
    let k = texel::fit_k(&d, &theta, 0.05, 10.0);
    let bounds: Vec<(f64, f64)> = d
        .params
        .iter()
        .map(|&i| {
            let spec = &Weights::defaults(GAME).table()[i].0;
            (spec.min as f64, spec.max as f64)
        })
        .collect();
    let distance = |t: &[f64]| texel::prior(t, &theta, 1.0).0;
    let fit = |l2: f64| {
        let opts = texel::AdamOptions {
            iterations: 200,
            l2,
            ..Default::default()
        };
        texel::adam(&d, &theta, &bounds, k, &opts, |_, _| {})
    };
    let free = fit(0.0);
    let held = fit(1.0);
    assert!(distance(&free) > 0.0);
    assert!(
        distance(&held) < distance(&free) / 4.0,
        "held {} free {}",
        distance(&held),
        distance(&free)
    );
    // Still a descent on the data: the prior only slows the fit down.
    assert!(d.loss(&held, k) <= d.loss(&theta, k));
}

#[test]
fn search_labels_follow_the_score_and_the_blend() {
    use tuner::label::{self, LabelOptions};
    let sample = |fen: &str, result: f64| Sample {
        variant: Variant::Chess,
        fen: fen.to_string(),
        result,
    };
    // White a queen up (White to move, then Black to move: the score is turned to White's
    // view), and a bare-kings draw; all three labelled as lost games.
    let samples = vec![
        sample("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 0.0),
        sample("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", 0.0),
        sample("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0.0),
    ];
    let scores = label::search_scores(&samples, 3, 1, &|_| {}).unwrap();
    assert!(scores[0] > 500.0 && scores[1] > 500.0, "{scores:?}");
    assert!(scores[2].abs() < 50.0, "{scores:?}");
    let by_search = label::blend_labels(
        &samples,
        &scores,
        &LabelOptions {
            blend: 0.0,
            scale: Some(400.0),
        },
    );
    assert_eq!(by_search.scale, 400.0);
    assert!(by_search.samples[0].result > 0.9);
    assert!(by_search.samples[1].result > 0.9);
    assert!((by_search.samples[2].result - 0.5).abs() < 0.1);
    let half = label::blend_labels(
        &samples,
        &scores,
        &LabelOptions {
            blend: 0.5,
            scale: Some(400.0),
        },
    );
    for (h, s) in half.samples.iter().zip(&by_search.samples) {
        assert!((h.result - s.result / 2.0).abs() < 1e-12);
        assert_eq!(h.fen, s.fen);
    }
    let kept = label::blend_labels(
        &samples,
        &scores,
        &LabelOptions {
            blend: 1.0,
            scale: None,
        },
    );
    assert!(kept.samples.iter().all(|s| s.result == 0.0));
}

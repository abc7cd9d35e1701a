//! Golden statistics: the fastchess/fishtest reference case, plus trinomial and logistic cases
//! checked against values derived independently (hand calculations, and a separate exact
//! maximum-likelihood GSPRT written here).

use runner::sprt::{SprtConfig, SprtDecision, SprtModel};
use runner::stats::{estimate_pentanomial, estimate_trinomial, Pentanomial, Trinomial};

const PENTA: [u64; 5] = [379, 10170, 21828, 10640, 343];

fn sprt(elo0: f64, elo1: f64, model: SprtModel) -> SprtConfig {
    SprtConfig {
        elo0,
        elo1,
        alpha: 0.05,
        beta: 0.05,
        model,
    }
}

/// Exact GSPRT log-likelihood ratio (fishtest's MLE method): for each hypothesis score `s`, the
/// distribution closest to the observed one with mean `s` is `p_i = q_i / (1 + l (x_i - s))`,
/// `l` solving `sum q_i (x_i - s) / (1 + l (x_i - s)) = 0` (found by bisection); the LLR is
/// `n * sum q_i ln(p1_i / p0_i)`.
fn exact_llr(counts: &[f64], points: &[f64], s0: f64, s1: f64) -> f64 {
    let n: f64 = counts.iter().sum();
    let q: Vec<f64> = counts.iter().map(|c| c / n).collect();
    let mle = |s: f64| -> Vec<f64> {
        let lo_x = points.iter().cloned().fold(f64::MAX, f64::min);
        let hi_x = points.iter().cloned().fold(f64::MIN, f64::max);
        let (mut lo, mut hi) = (-1.0 / (hi_x - s) + 1e-12, 1.0 / (s - lo_x) - 1e-12);
        let f = |l: f64| -> f64 {
            q.iter()
                .zip(points)
                .map(|(qi, x)| qi * (x - s) / (1.0 + l * (x - s)))
                .sum()
        };
        // f is decreasing in l.
        for _ in 0..200 {
            let mid = (lo + hi) / 2.0;
            if f(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let l = (lo + hi) / 2.0;
        q.iter()
            .zip(points)
            .map(|(qi, x)| qi / (1.0 + l * (x - s)))
            .collect()
    };
    let p0 = mle(s0);
    let p1 = mle(s1);
    n * q
        .iter()
        .zip(p0.iter().zip(&p1))
        .map(|(qi, (a, b))| if *qi > 0.0 { qi * (b / a).ln() } else { 0.0 })
        .sum::<f64>()
}

#[test]
fn golden_pentanomial_normalized() {
    let p = Pentanomial(PENTA);
    let c = sprt(0.0, 2.0, SprtModel::Normalized);
    let llr = c.llr_pentanomial(&p);
    assert!((llr - 2.946).abs() <= 0.002, "LLR {llr}");
    assert_eq!(c.decision(llr), SprtDecision::H1);
    let e = estimate_pentanomial(&p).unwrap();
    assert!((e.nelo - 3.05).abs() < 0.005, "nElo {}", e.nelo);
    assert!(
        (e.nelo_error - 2.31).abs() < 0.005,
        "nElo error {}",
        e.nelo_error
    );
    // Independent cross-check: fishtest's closed form for the normalized model,
    // LLR = games/2 * ln((1 + (t - t0)^2) / (1 + (t - t1)^2)), t = (mu - 0.5) / sigma_pg.
    let n = p.pairs() as f64;
    let pts = [0.0, 0.25, 0.5, 0.75, 1.0];
    let mu: f64 = PENTA
        .iter()
        .zip(pts)
        .map(|(c, x)| *c as f64 * x)
        .sum::<f64>()
        / n;
    let var: f64 = PENTA
        .iter()
        .zip(pts)
        .map(|(c, x)| *c as f64 * (x - mu) * (x - mu))
        .sum::<f64>()
        / n;
    let t = (mu - 0.5) / (2.0 * var).sqrt();
    let k = 800.0 / std::f64::consts::LN_10;
    let t1 = 2.0 / k;
    let fishtest = n * ((1.0 + t * t) / (1.0 + (t - t1) * (t - t1))).ln();
    assert!((fishtest - llr).abs() < 0.002, "{fishtest} vs {llr}");
    // Elo of the same counts: score 0.502294 -> 1.59 Elo.
    assert!((e.elo - 1.5946).abs() < 0.001, "Elo {}", e.elo);
    assert!(e.los > 0.99);
}

#[test]
fn golden_pentanomial_logistic_matches_exact_mle() {
    let p = Pentanomial(PENTA);
    for (e0, e1) in [(0.0, 2.0), (-1.0, 3.0), (0.5, 2.5)] {
        let c = sprt(e0, e1, SprtModel::Logistic);
        let approx = c.llr_pentanomial(&p);
        let s = |e: f64| 1.0 / (1.0 + 10f64.powf(-e / 400.0));
        let counts: Vec<f64> = PENTA.iter().map(|&x| x as f64).collect();
        let exact = exact_llr(&counts, &[0.0, 0.25, 0.5, 0.75, 1.0], s(e0), s(e1));
        assert!(
            (approx - exact).abs() < 0.01 * exact.abs().max(1.0),
            "[{e0}, {e1}]: approx {approx} exact {exact}"
        );
    }
}

#[test]
fn golden_trinomial_hand_calculation() {
    // W 60, D 30, L 10: score 0.75, Elo = 400 log10(3) = 190.85.
    // Per-game variance = 0.6*0.25^2 + 0.3*0.25^2 + 0.1*0.75^2 = 0.1125;
    // nElo = 0.25 / sqrt(0.1125) * 800 / ln 10 = 258.96; its error = 1.96 * 347.44 / sqrt(100) = 68.10.
    // Elo interval: scores 0.75 -+ 1.96*sqrt(0.1125/100) = [0.68426, 0.81574] -> half width 62.05.
    let t = Trinomial {
        wins: 60,
        draws: 30,
        losses: 10,
    };
    let e = estimate_trinomial(&t).unwrap();
    assert!((e.score - 0.75).abs() < 1e-12);
    assert!((e.elo - 190.8485).abs() < 1e-3, "{}", e.elo);
    assert!((e.nelo - 258.963).abs() < 1e-2, "{}", e.nelo);
    assert!((e.nelo_error - 68.096).abs() < 1e-2, "{}", e.nelo_error);
    assert!((e.elo_error - 62.045).abs() < 1e-2, "{}", e.elo_error);
    assert!(e.los > 0.9999);
}

#[test]
fn golden_trinomial_sprt_both_models() {
    // W 1100, D 2000, L 900 (4000 games).
    let t = Trinomial {
        wins: 1100,
        draws: 2000,
        losses: 900,
    };
    let counts = [900.0, 2000.0, 1100.0];
    let pts = [0.0, 0.5, 1.0];
    // Logistic [0, 5]: exact MLE LLR computed independently here.
    let c = sprt(0.0, 5.0, SprtModel::Logistic);
    let s = |e: f64| 1.0 / (1.0 + 10f64.powf(-e / 400.0));
    let exact = exact_llr(&counts, &pts, s(0.0), s(5.0));
    let approx = c.llr_trinomial(&t);
    // Hand value of the approximation: score 0.525, var 0.124375 -> 4.9525.
    assert!((approx - 4.9525).abs() < 1e-3, "{approx}");
    assert!(
        (approx - exact).abs() < 0.05,
        "approx {approx} exact {exact}"
    );
    assert_eq!(c.decision(approx), SprtDecision::H1);
    // Normalized [0, 5]: fishtest's closed form, t = (mu - 0.5) / sigma = 0.025 / sqrt(0.124375),
    // LLR = n/2 ln((1 + t^2) / (1 + (t - t1)^2)), t1 = 5 / (800 / ln 10): 3.6514 (hand/calculator),
    // while the approximation used by the runner gives 3.6664.
    let c = sprt(0.0, 5.0, SprtModel::Normalized);
    let var: f64 = 0.124375;
    let tt = 0.025 / var.sqrt();
    let t1 = 5.0 / (800.0 / std::f64::consts::LN_10);
    let closed = 2000.0 * ((1.0 + tt * tt) / (1.0 + (tt - t1) * (tt - t1))).ln();
    assert!((closed - 3.6514).abs() < 1e-3, "{closed}");
    let approx = c.llr_trinomial(&t);
    assert!((approx - 3.6664).abs() < 1e-3, "{approx}");
    assert!(
        (approx - closed).abs() < 0.02,
        "approx {approx} closed form {closed}"
    );
}

#[test]
fn bounds_and_h0() {
    let c = sprt(0.0, 2.0, SprtModel::Normalized);
    let (lo, hi) = c.bounds();
    assert!((lo - (0.05f64 / 0.95).ln()).abs() < 1e-12);
    assert!((hi - (0.95f64 / 0.05).ln()).abs() < 1e-12);
    // A clearly losing record accepts H0.
    let p = Pentanomial([400, 1200, 2000, 800, 100]);
    assert_eq!(c.decision(c.llr_pentanomial(&p)), SprtDecision::H0);
}

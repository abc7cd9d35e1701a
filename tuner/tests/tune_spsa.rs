//! SPSA: convergence on a synthetic noiseless objective, exact checkpoint/resume, and the
//! configuration file.

use anyhow::Result;
use std::path::Path;
use tuner::rng::SplitMix64;
use tuner::spsa::{self, Objective, SpsaParam, SpsaSchedule, SpsaState};
use tuner::spsa_config::SpsaConfig;

/// `f(θ) = -Σ (θ_i - t_i)²`; the "match result" is `f(θ+) - f(θ−)` (no noise).
struct Quadratic {
    target: Vec<f64>,
}

impl Quadratic {
    fn f(&self, x: &[f64]) -> f64 {
        -x.iter()
            .zip(&self.target)
            .map(|(a, t)| (a - t) * (a - t))
            .sum::<f64>()
    }
}

impl Objective for Quadratic {
    fn play(&mut self, plus: &[f64], minus: &[f64], pairs: u64, _step: u64) -> Result<f64> {
        Ok(pairs as f64 * (self.f(plus) - self.f(minus)) / 100.0)
    }
}

/// A noisy but deterministic objective: a sign test whose noise depends only on the step.
struct Noisy {
    target: Vec<f64>,
}

impl Objective for Noisy {
    fn play(&mut self, plus: &[f64], minus: &[f64], pairs: u64, step: u64) -> Result<f64> {
        let mut rng = SplitMix64::new(step.wrapping_mul(7919) + 3);
        let q = Quadratic {
            target: self.target.clone(),
        };
        let edge = (q.f(plus) - q.f(minus)) / 2000.0;
        let mut r = 0.0;
        for _ in 0..2 * pairs {
            let u = rng.unit() - 0.5 + edge;
            r += if u > 0.2 {
                1.0
            } else if u < -0.2 {
                -1.0
            } else {
                0.0
            };
        }
        Ok(r)
    }
}

fn params() -> Vec<SpsaParam> {
    vec![
        SpsaParam {
            name: "A".into(),
            start: 0.0,
            min: -200.0,
            max: 200.0,
            c_end: 4.0,
            r_end: 0.02,
        },
        SpsaParam {
            name: "B".into(),
            start: 100.0,
            min: -200.0,
            max: 200.0,
            c_end: 4.0,
            r_end: 0.02,
        },
    ]
}

#[test]
fn converges_on_a_noiseless_quadratic() {
    let schedule = SpsaSchedule::fishtest(2000, 2);
    let mut s = SpsaState::new(params(), schedule, 42).unwrap();
    let mut obj = Quadratic {
        target: vec![60.0, -30.0],
    };
    spsa::run(&mut s, &mut obj, |_| Ok(())).unwrap();
    assert!(s.finished());
    assert!((s.theta[0] - 60.0).abs() < 2.0, "{:?}", s.theta);
    assert!((s.theta[1] + 30.0).abs() < 2.0, "{:?}", s.theta);
    assert_eq!(s.history.len() as u64, s.step + 1);
}

#[test]
fn gains_follow_the_fishtest_schedule() {
    let p = &params()[0];
    let sch = SpsaSchedule::fishtest(1000, 1);
    let (c_end, a_end) = sch.gains(p, 1000);
    assert!((c_end - p.c_end).abs() < 1e-9);
    assert!((a_end / (c_end * c_end) - p.r_end).abs() < 1e-9);
    let (c1, a1) = sch.gains(p, 1);
    assert!(c1 > c_end && a1 > a_end);
}

#[test]
fn bounds_are_respected() {
    let mut ps = params();
    ps[0].max = 10.0;
    let mut s = SpsaState::new(ps, SpsaSchedule::fishtest(400, 4), 1).unwrap();
    let mut obj = Quadratic {
        target: vec![60.0, -30.0],
    };
    spsa::run(&mut s, &mut obj, |st| {
        assert!(st.theta[0] <= 10.0);
        Ok(())
    })
    .unwrap();
    assert!((s.theta[0] - 10.0).abs() < 1.0);
}

#[test]
fn checkpoint_and_resume_give_identical_results() {
    let dir = std::env::temp_dir().join(format!("shuriken-spsa-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ck = dir.join("checkpoint.json");
    let target = vec![40.0, 10.0];
    let schedule = SpsaSchedule::fishtest(300, 3);

    let mut whole = SpsaState::new(params(), schedule.clone(), 9).unwrap();
    spsa::run(
        &mut whole,
        &mut Noisy {
            target: target.clone(),
        },
        |_| Ok(()),
    )
    .unwrap();

    let mut first = SpsaState::new(params(), schedule, 9).unwrap();
    let mut obj = Noisy {
        target: target.clone(),
    };
    for _ in 0..37 {
        first.step(&mut obj).unwrap();
        first.save(&ck).unwrap();
    }
    drop(first);
    let mut resumed = SpsaState::load(&ck).unwrap();
    assert_eq!(resumed.step, 37);
    spsa::run(&mut resumed, &mut Noisy { target }, |s| s.save(&ck)).unwrap();
    assert_eq!(resumed, whole);
    assert_eq!(SpsaState::load(&ck).unwrap(), whole);
    assert_eq!(resumed.history_csv(), whole.history_csv());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn config_file_is_parsed_and_checked() {
    let text = "variant = raptor\nlimits = nodes=300\npairs = 100\nbatch = 2\n\
                concurrency = 2\noption = Hash=4\n\
                param MatRaptorRook 300 100 1200 60 0.03\nKingAttack - - - 3 0.002 # comment\n";
    let c = SpsaConfig::parse(text, Path::new(".")).unwrap();
    assert_eq!(c.params.len(), 2);
    assert_eq!(c.params[0].name, "MatRaptorRook");
    // `-` takes the value raptor plays (its shipped set), not the built-in 6.
    assert_eq!(c.params[1].start, 100.0);
    assert_eq!(c.params[1].max, 100.0);
    assert_eq!(c.schedule.pairs, 100);
    assert_eq!(c.settings.limits.nodes, Some(300));
    for bad in [
        "pairs = 10\nNoSuchOption 1 0 2 1 0.1\n",
        // A weight of another game than the configured one.
        "variant = raptor\npairs = 10\nMatTitanRook 600 100 1200 60 0.03\n",
        "pairs = 10\nTempo 500 0 1000 1 0.1\n",
        "pairs = 10\nTempo 10 0 20 1\n",
        "Tempo 10 0 20 1 0.1\n",
        "pairs = 10\nlimits = foo=1\nTempo 10 0 20 1 0.1\n",
    ] {
        assert!(SpsaConfig::parse(bad, Path::new(".")).is_err(), "{bad}");
    }
}

#[test]
fn the_shipped_smoke_configuration_reads_with_the_current_weight_names() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tuned/spsa-smoke.conf");
    let c = SpsaConfig::load(&path).unwrap();
    let names: Vec<&str> = c.params.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["MatRaptorRook", "MatRaptorKnight", "KingAttack"]);
}

//! The evaluation of every game is unchanged by the rewrite of the evaluation: the values of
//! `data/evals.txt` were captured from the evaluation before it (at 6756c17, by
//! `engine/examples/capture_evals.rs` of commit 674ba1a, which added this test), from pseudo-random
//! playouts of every game. Each game evaluates with its shipped weights (what it plays), and
//! chess also with its built-in network.

use engine::options::EngineOptions;
use movegen::{Position, Variant};

const DATA: &str = include_str!("data/evals.txt");

/// `(variant, fen, tables, network)` of every captured position.
fn captured() -> Vec<(Variant, String, i32, Option<i32>)> {
    DATA.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            assert_eq!(f.len(), 4, "{l}");
            let v = Variant::from_name(f[0]).unwrap();
            let net = (f[3] != "-").then(|| f[3].parse().unwrap());
            (v, f[1].to_string(), f[2].parse().unwrap(), net)
        })
        .collect()
}

#[test]
fn every_game_evaluates_the_captured_positions_as_before() {
    let rows = captured();
    assert_eq!(rows.len(), 60);
    for v in Variant::ALL {
        assert_eq!(rows.iter().filter(|r| r.0 == v).count(), 12, "{v}");
    }
    for (v, fen, tables, network) in rows {
        let pos = Position::from_fen(v, &fen).unwrap();
        let mut opts = EngineOptions::for_variant(v);
        opts.set("UseNNUE", "false").unwrap();
        assert_eq!(opts.evaluator().evaluate(&pos), tables, "{v} tables: {fen}");
        if let Some(net) = network {
            opts.set("UseNNUE", "true").unwrap();
            assert_eq!(opts.evaluator().evaluate(&pos), net, "{v} network: {fen}");
        }
    }
}

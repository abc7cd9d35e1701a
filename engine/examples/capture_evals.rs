//! Writes `engine/tests/data/evals.txt`: the evaluation of positions from pseudo-random
//! playouts in every game, captured from the evaluation before its rewrite (6756c17), so that
//! `engine/tests/eval_values.rs` can prove the rewrite changes no value.
//!
//! Run: `cargo run -p engine --example capture_evals > engine/tests/data/evals.txt`.
//! Columns: `variant;fen;tables;network`: the tables with the game's shipped weights (what the
//! game plays) and (chess only, else `-`) the built-in network's evaluation.

use engine::eval::{Evaluator, Weights};
use engine::nnue;
use movegen::{Position, Variant};

fn main() {
    println!("# variant;fen;tables (shipped weights);network (chess)");
    let net = nnue::builtin::chess();
    for v in Variant::ALL {
        let tuned = Evaluator::new(&Weights::for_variant(v), v);
        let mut seed = 0x9E37_79B9_u64 ^ ((v.index() as u64 + 1) << 32);
        let mut kept = 0;
        'games: for _game in 0..40 {
            let mut pos = Position::startpos(v);
            let plies = 10 + (seed % 70) as usize;
            for _ in 0..plies {
                let list = pos.legal_moves();
                if list.is_empty() {
                    continue 'games;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = list.as_slice()[(seed % list.len() as u64) as usize];
                pos.make_move(m);
            }
            let network = if v == nnue::VARIANT {
                net.evaluate(&pos).to_string()
            } else {
                "-".to_string()
            };
            println!(
                "{};{};{};{}",
                v.name(),
                pos.to_fen(),
                tuned.evaluate(&pos),
                network
            );
            kept += 1;
            if kept == 12 {
                break;
            }
        }
    }
}

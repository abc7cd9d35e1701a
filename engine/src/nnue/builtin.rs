//! The networks compiled into the engine, one file per game in `engine/nets/` (`<game>.nnue`).
//! A game without a file there plays with its tables. Chess's network replaces the tables;
//! titan's, hadean's, raptor's and octopus's correct them (their base is the tables, whose
//! weights each names by fingerprint: a change of a game's tables needs its network retrained,
//! as a test here says).

use super::Network;
use movegen::Variant;
use std::sync::{Arc, OnceLock};

/// The bytes of `variant`'s built-in network file, if it has one.
fn bytes(variant: Variant) -> Option<&'static [u8]> {
    match variant {
        Variant::Chess => Some(include_bytes!("../../nets/chess.nnue")),
        Variant::Raptor => Some(include_bytes!("../../nets/raptor.nnue")),
        Variant::Octopus => Some(include_bytes!("../../nets/octopus.nnue")),
        Variant::Titan => Some(include_bytes!("../../nets/titan.nnue")),
        Variant::Hadean => Some(include_bytes!("../../nets/hadean.nnue")),
    }
}

/// `variant`'s built-in network, read once; `None` for a game that has none.
pub fn network(variant: Variant) -> Option<Arc<Network>> {
    static NETS: [OnceLock<Option<Arc<Network>>>; 5] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    NETS[variant.index()]
        .get_or_init(|| {
            bytes(variant).map(|b| {
                Arc::new(
                    Network::from_bytes_for(b, variant)
                        .expect("the built-in network files are valid (tested)"),
                )
            })
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Position;

    #[test]
    fn every_built_in_network_reads_for_its_game_and_sees_material() {
        for v in Variant::ALL {
            let Some(b) = bytes(v) else { continue };
            let net = Network::from_bytes_for(b, v).expect("a network of its own game");
            assert_eq!(*network(v).unwrap(), net);
            let start = Position::startpos(v);
            assert!(
                net.evaluate(&start).abs() < 100,
                "{v}: {}",
                net.evaluate(&start)
            );
        }
        let net = network(Variant::Chess).expect("chess has a network");
        // White without its queen is clearly worse off, from either side's turn.
        let down = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
        let pos = Position::from_fen(Variant::Chess, down).unwrap();
        assert!(net.evaluate(&pos) < -500, "{}", net.evaluate(&pos));
    }

    /// Every built-in network over the tables (today titan's, hadean's, raptor's and
    /// octopus's; a game whose network ships later is covered without a change here).
    #[test]
    fn every_built_in_correction_corrects_its_tables_alike_for_either_side_to_move() {
        use crate::nnue::network::Base;
        let corrections: Vec<Variant> = Variant::ALL
            .into_iter()
            .filter(|&v| network(v).is_some_and(|n| n.base() != Base::None))
            .collect();
        assert!(
            [
                Variant::Titan,
                Variant::Hadean,
                Variant::Raptor,
                Variant::Octopus
            ]
            .iter()
            .all(|v| corrections.contains(v)),
            "{corrections:?}"
        );
        for v in corrections {
            corrects_its_tables_alike_for_either_side_to_move(v);
        }
    }

    fn corrects_its_tables_alike_for_either_side_to_move(v: Variant) {
        use crate::eval::{Evaluator, Weights};
        use crate::nnue::network::Base;
        let w = Weights::for_variant(v);
        let net = network(v).expect("the game has a network");
        assert_eq!(net.base(), Base::Tables(w.fingerprint()));
        let tables = Evaluator::new(&w);
        let both = Evaluator::new(&w).with_network(Some(net.clone()));
        let (mut seed, mut corrected) = (7u64, 0);
        for game in 0..8 {
            let mut pos = Position::startpos(v);
            for _ in 0..40 + game {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos.play(moves[(seed >> 33) as usize % moves.len()])
                    .unwrap();
                if pos.in_check() {
                    continue;
                }
                // The evaluation is the tables' plus the network's.
                let own = net.evaluate(&pos);
                assert_eq!(both.evaluate(&pos), tables.evaluate(&pos) + own);
                corrected += i32::from(own != 0);
                // The network gives no bonus for having the move (the tables give theirs):
                // with the other side to move its value is its negative, within rounding.
                let mut passed = pos.clone();
                passed.make_null_move();
                let sum = own + net.evaluate(&passed);
                assert!(sum.abs() <= 2, "{v}: {sum} for {}", pos.to_fen());
            }
        }
        assert!(
            corrected > 100,
            "the network corrects the tables: {corrected}"
        );
    }
}

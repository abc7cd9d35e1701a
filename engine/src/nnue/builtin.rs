//! The networks compiled into the engine, one file per game in `engine/nets/` (`<game>.nnue`).
//! A game without a file there plays with its tables.

use super::Network;
use movegen::Variant;
use std::sync::{Arc, OnceLock};

/// The bytes of `variant`'s built-in network file, if it has one.
fn bytes(variant: Variant) -> Option<&'static [u8]> {
    match variant {
        Variant::Chess => Some(include_bytes!("../../nets/chess.nnue")),
        Variant::Titan | Variant::Hadean | Variant::Raptor | Variant::Octopus => None,
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
}

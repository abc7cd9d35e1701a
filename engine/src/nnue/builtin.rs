//! The chess network compiled into the engine (`engine/nets/chess.nnue`).

use super::Network;
use std::sync::{Arc, OnceLock};

/// The bytes of the built-in network file.
static BYTES: &[u8] = include_bytes!("../../nets/chess.nnue");

/// The built-in chess network, read once.
pub fn chess() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    NET.get_or_init(|| {
        Arc::new(Network::from_bytes(BYTES).expect("the built-in network file is valid (tested)"))
    })
    .clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Position;

    #[test]
    fn the_built_in_network_reads_and_sees_material() {
        let net = Network::from_bytes(BYTES).expect("engine/nets/chess.nnue is a network");
        assert_eq!(*chess(), net);
        let start = Position::startpos(super::super::VARIANT);
        assert!(net.evaluate(&start).abs() < 100, "{}", net.evaluate(&start));
        // White without its queen is clearly worse off, from either side's turn.
        let down = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
        let pos = Position::from_fen(super::super::VARIANT, down).unwrap();
        assert!(net.evaluate(&pos) < -500, "{}", net.evaluate(&pos));
    }
}

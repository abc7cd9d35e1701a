//! The evaluation one search thread owns: the game's tables or its network, each with its own
//! scale, and the state each keeps along the searched line (a pawn cache for the tables, the
//! hidden layers for the network). The search asks it for a number and knows nothing else.

use super::{Evaluator, PawnCache, EVAL_LIMIT};
use crate::nnue::network::Base;
use crate::nnue::AccumulatorStack;
use movegen::Position;

/// What one search thread evaluates with (see the module documentation).
pub struct Evaluation<'a> {
    source: &'a Evaluator,
    state: State,
}

/// The per-line state of each kind of evaluation, and its scale.
enum State {
    /// The tables, with the pawn-only structure features of positions already seen. They
    /// speak the search's scale: the search sees their value as it is.
    Tables(PawnCache),
    /// The network, with its hidden layers along the current line, and the percent of its
    /// value the search sees. A network with the tables as base adds to their value, which
    /// the pawn cache serves.
    Network(AccumulatorStack, i32, Option<PawnCache>),
}

impl<'a> Evaluation<'a> {
    /// The evaluation of `source` for a search of at most `plies` plies: its network, scaled by
    /// `network_scale` percent, when it has one; else its tables.
    pub fn new(source: &'a Evaluator, network_scale: i32, plies: usize) -> Evaluation<'a> {
        match source.network() {
            Some(net) => Evaluation {
                source,
                state: State::Network(
                    AccumulatorStack::new(net, plies),
                    network_scale,
                    (net.base() != Base::None).then(PawnCache::new),
                ),
            },
            None => Evaluation {
                source,
                state: State::Tables(PawnCache::new()),
            },
        }
    }

    /// The static evaluation of `pos`, the position at `ply` of the searched line, from the
    /// side to move's point of view, within ±[`EVAL_LIMIT`].
    #[inline]
    pub fn evaluate(&mut self, pos: &Position, ply: usize) -> i32 {
        match (&mut self.state, self.source.network()) {
            (State::Network(stack, scale, base), Some(net)) => {
                let tables = base
                    .as_mut()
                    .map_or(0, |cache| self.source.evaluate_tables(pos, cache));
                ((tables + stack.evaluate(net, pos, ply)) * *scale / 100)
                    .clamp(-EVAL_LIMIT, EVAL_LIMIT)
            }
            (State::Tables(cache), _) => self.source.evaluate_tables(pos, cache),
            // A network state is only made for a source with a network.
            (State::Network(..), None) => self.source.evaluate(pos),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Weights;
    use crate::nnue;
    use movegen::Variant;
    use std::sync::Arc;

    #[test]
    fn tables_and_network_give_the_evaluators_values_the_network_scaled() {
        let w = Weights::for_variant(Variant::Chess);
        let tables = Evaluator::new(&w);
        let net = Evaluator::new(&w).with_network(nnue::builtin::network(Variant::Chess));
        let pos = Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        let mut e = Evaluation::new(&tables, 50, 4);
        assert_eq!(e.evaluate(&pos, 0), tables.evaluate(&pos));
        let full = net.evaluate(&pos);
        assert_eq!(Evaluation::new(&net, 100, 4).evaluate(&pos, 0), full);
        assert_eq!(
            Evaluation::new(&net, 50, 4).evaluate(&pos, 0),
            full * 50 / 100
        );
    }

    #[test]
    fn a_network_over_the_tables_adds_to_their_value() {
        use crate::nnue::network::{Base, FloatNetwork};
        let v = Variant::Titan;
        let w = Weights::for_variant(v);
        let tables = Evaluator::new(&w);
        let mut float = FloatNetwork::zeros(v, 8, 1, 1);
        float.b2[0] = 0.25; // 100 centipawns for the side to move
        float.base = Base::Tables(w.fingerprint());
        let net = Arc::new(float.quantize());
        let both = Evaluator::new(&w).with_network(Some(net));
        let mut pos = Position::startpos(v);
        for _ in 0..6 {
            let want = tables.evaluate(&pos) + 100;
            assert_eq!(both.evaluate(&pos), want);
            assert_eq!(Evaluation::new(&both, 100, 4).evaluate(&pos, 0), want);
            let m = pos.legal_moves()[0];
            pos.play(m).unwrap();
        }
    }
}

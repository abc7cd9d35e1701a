//! A learned evaluation (NNUE: an efficiently updatable neural network), for any game.
//!
//! The network sees the board from both sides. Each side's view has the game's inputs
//! ([`features`]: one per own or enemy piece, role and square, plus hand slots where the game has
//! drops), with the board seen from that side's own first row. A hidden layer of `H` neurons per
//! view (the *accumulator*: a sum of weight rows, one per active input) goes through a clipped
//! ReLU; the side to move's half and the other side's half then meet one output neuron.
//!
//! [`features`] derives the inputs from the game's rules, [`network`] holds the weights and their
//! file format, and [`accumulator`] keeps the hidden layer up to date move by move in a search.
//! [`builtin`] holds the networks compiled into the engine.

pub mod accumulator;
pub mod avx2;
pub mod builtin;
pub mod features;
pub mod network;

pub use accumulator::AccumulatorStack;
pub use avx2::Kernel;
pub use features::{FeatureSet, KingInputs, KING_BUCKET_COUNTS, MAX_ROLES};
pub use network::{FloatNetwork, NetError, Network};

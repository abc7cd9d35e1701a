//! Shuriken's rules core for Titan, Hadean, Raptor and Octopus chess (and standard chess as a
//! calibration variant): the 144-bit board, variants as data, legal move generation,
//! make/unmake with Zobrist hashing, FEN and move notation, perft, and a deliberately slow
//! reference generator for cross-checking.
//!
//! The binding reading of the rules is the project's `RULES.md`; `docs/RULES-CHOICES.md` records
//! how the cases it leaves open were settled.

#![forbid(unsafe_code)]

mod attacks;
mod bitboard;
mod board;
mod fen;
mod movegen;
mod moves;
mod notation;
pub mod perft;
pub mod pieces;
mod position;
pub mod reference;
mod san;
pub mod tables;
mod types;
mod variant;
pub mod zobrist;

pub use attacks::is_attacked;
pub use bitboard::{Bitboard, BitboardIter};
pub use board::Board;
pub use fen::FenError;
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use notation::MoveError;
pub use position::{castle_bit, EndReason, Outcome, Position, Undo};
pub use san::SanError;
pub use types::{Color, Piece, Role, Square};
pub use variant::{
    CastlingSpec, DropSpec, GeometrySpec, PawnSpec, Rules, Variant, VariantError, VariantSpec,
};

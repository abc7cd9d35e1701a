//! Shuriken's rules core for Titan, Hadean, Raptor and Octopus chess (and standard chess as a
//! calibration variant): the 144-bit board, variants as data, legal move generation,
//! make/unmake with Zobrist hashing, FEN and move notation, perft, and a deliberately slow
//! reference generator for cross-checking.
//!
//! The binding reading of the rules is the project's `RULES.md`; `docs/RULES-CHOICES.md` records
//! how the cases it leaves open were settled.

// `unsafe` is denied everywhere but `line_attacks`, which calls BMI2 code after detecting BMI2.
#![deny(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]

mod attackers;
mod attacks;
mod bitboard;
mod board;
mod catalogue;
mod check_state;
mod family;
mod fen;
pub mod line_attacks;
mod movegen;
mod moves;
mod notation;
pub mod perft;
mod position;
pub mod prefetch;
pub mod reference;
mod san;
mod spec_check;
mod specialise;
mod staged;
mod tables;
#[cfg(test)]
mod tables_tests;
mod types;
mod variant;
pub mod zobrist;

pub use attackers::{
    any_attacker, attackers_to, capture_landings, role_attackers_to, second_victim_square,
};
pub use attacks::is_attacked;
pub use bitboard::{Bitboard, BitboardIter};
pub use board::Board;
pub use catalogue::{catalogue, PieceKind};
pub use fen::{write_board_rows, CastlingError, EnPassantError, FenError, HandError, HoleError};
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use notation::{MoveError, MoveSyntaxError, NotInVariant, SquareName, UciMove, MAX_MOVE_TEXT};
pub use position::{castle_bit, EndReason, Outcome, Position, Undo};
pub use san::SanError;
pub use spec_check::{SpecErrors, SpecProblem};
pub use types::{Color, Piece, Role, Square};
pub use variant::{
    CastlingSpec, DropSpec, GeometrySpec, PawnSpec, Rules, Variant, VariantError, VariantSpec,
};

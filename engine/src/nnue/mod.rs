//! A learned evaluation for chess (NNUE: an efficiently updatable neural network).
//!
//! The network sees the board from both sides. Each side's view has 768 inputs, one per
//! (own or enemy piece, role, square), with the board flipped for Black so that every view
//! looks up the board from its own first row. A hidden layer of `H` neurons per view (the
//! *accumulator*: a sum of weight rows, one per piece on the board) goes through a clipped
//! ReLU; the side to move's half and the other side's half then meet one output neuron.
//!
//! [`features`] names the inputs, [`network`] holds the weights and their file format, and
//! [`accumulator`] keeps the hidden layer up to date move by move in a search.

pub mod accumulator;
pub mod avx2;
pub mod builtin;
pub mod network;

pub use accumulator::AccumulatorStack;
pub use avx2::Kernel;
pub use network::{FloatNetwork, NetError, Network};

use movegen::{Color, Piece, Position, Role, Square, Variant};

/// Inputs of one view: 2 sides x 6 roles x 64 squares.
pub const INPUTS: usize = 768;

/// The variant the network evaluates.
pub const VARIANT: Variant = Variant::Chess;

/// The index among the six chess roles, or `None` for a role chess does not have.
#[inline]
fn chess_role(role: Role) -> Option<usize> {
    Some(match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
        _ => return None,
    })
}

/// The input of `piece` on `sq` in the view of `view`: own pieces first, then the enemy's;
/// within each, by role and then by square (row from the view's side times 8, plus file).
/// `None` for a role or square that chess does not have.
#[inline]
pub fn feature(view: Color, piece: Piece, sq: Square) -> Option<usize> {
    let role = chess_role(piece.role)?;
    let (file, row) = (sq.file(), sq.row());
    if !(0..8).contains(&file) || !(0..8).contains(&row) {
        return None;
    }
    let row = if view == Color::White { row } else { 7 - row };
    let side = usize::from(piece.color != view);
    Some(side * 384 + role * 64 + (row * 8 + file) as usize)
}

/// Every active input of `pos` in the view of `view`, in board order.
pub fn features(pos: &Position, view: Color) -> Vec<usize> {
    pos.board()
        .occupied()
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq).and_then(|p| feature(view, p, sq)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_has_32_inputs_per_view_and_the_views_mirror() {
        let pos = Position::startpos(VARIANT);
        let white = features(&pos, Color::White);
        let mut black = features(&pos, Color::Black);
        assert_eq!(white.len(), 32);
        let mut white_sorted = white.clone();
        white_sorted.sort_unstable();
        black.sort_unstable();
        // The start position is symmetric: each side sees the same thing from its side.
        assert_eq!(white_sorted, black);
    }

    #[test]
    fn inputs_by_hand() {
        let pos = Position::startpos(VARIANT);
        let e1 = Square::from_coords(4, 0).unwrap();
        let king = pos.piece_at(e1).unwrap();
        // White's king on e1: own, role 5, row 0, file 4.
        assert_eq!(feature(Color::White, king, e1), Some(5 * 64 + 4));
        // Black sees it as an enemy king on its eighth row: 384 + 320 + 7 * 8 + 4.
        assert_eq!(feature(Color::Black, king, e1), Some(384 + 5 * 64 + 56 + 4));
        let off_board = Square::from_coords(9, 0).unwrap();
        assert_eq!(feature(Color::White, king, off_board), None);
    }
}

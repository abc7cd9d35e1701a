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

/// King-bucket counts a network may have: 1 (one input set for every king square, as the
/// first networks) or 4 (see [`king_inputs`]).
pub const KING_BUCKET_COUNTS: [usize; 2] = [1, 4];

/// Which of the network's input sets a view uses, chosen by where that side's own king stands:
/// the set's first input (`offset`, a multiple of [`INPUTS`]) and whether the view sees the
/// board mirrored left to right (`flip` is 7, XOR-ed into the square's file, or 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KingInputs {
    offset: usize,
    flip: usize,
}

/// The input set of `view` in `pos` for a network of `king_buckets` king buckets
/// ([`KING_BUCKET_COUNTS`]). With one bucket: the only set, never mirrored. With 4, a view
/// whose king stands on files e-h sees the board mirrored, so that its king is always on files
/// a-d; the king's square (from the view's side) then picks the set: the first row on files a-b
/// (a castled king), the first row on files c-d (a king at home), the second row, or any row
/// beyond.
#[inline]
pub fn king_inputs(pos: &Position, view: Color, king_buckets: usize) -> KingInputs {
    if king_buckets <= 1 {
        return KingInputs::default();
    }
    let Some(king) = pos.board().pieces(view, Role::King).into_iter().next() else {
        return KingInputs::default();
    };
    let row = if view == Color::White {
        king.row()
    } else {
        7 - king.row()
    };
    let flip = if king.file() >= 4 { 7 } else { 0 };
    let file = king.file() ^ flip as i32;
    let bucket = match row {
        0 if file < 2 => 0,
        0 => 1,
        1 => 2,
        _ => 3,
    };
    KingInputs {
        offset: bucket * INPUTS,
        flip,
    }
}

/// The input of `piece` on `sq` in the view of `view`, whose input set is `king`: within the
/// set, own pieces first, then the enemy's; within each, by role and then by square (row from
/// the view's side times 8, plus file, mirrored when `king` says so). `None` for a role or
/// square that chess does not have.
#[inline]
pub fn feature(view: Color, piece: Piece, sq: Square, king: KingInputs) -> Option<usize> {
    let role = chess_role(piece.role)?;
    let (file, row) = (sq.file(), sq.row());
    if !(0..8).contains(&file) || !(0..8).contains(&row) {
        return None;
    }
    let row = if view == Color::White { row } else { 7 - row };
    let side = usize::from(piece.color != view);
    let square = (row * 8 + file) as usize ^ king.flip;
    Some(king.offset + side * 384 + role * 64 + square)
}

/// Every active input of `pos` in the view of `view`, in board order, for a network of
/// `king_buckets` king buckets.
pub fn features(pos: &Position, view: Color, king_buckets: usize) -> Vec<usize> {
    let king = king_inputs(pos, view, king_buckets);
    pos.board()
        .occupied()
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq).and_then(|p| feature(view, p, sq, king)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn the_start_position_has_32_inputs_per_view_and_the_views_mirror() {
        let pos = Position::startpos(VARIANT);
        let white = features(&pos, Color::White, 1);
        let mut black = features(&pos, Color::Black, 1);
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
        let one = KingInputs::default();
        // White's king on e1: own, role 5, row 0, file 4.
        assert_eq!(feature(Color::White, king, e1, one), Some(5 * 64 + 4));
        // Black sees it as an enemy king on its eighth row: 384 + 320 + 7 * 8 + 4.
        assert_eq!(
            feature(Color::Black, king, e1, one),
            Some(384 + 5 * 64 + 56 + 4)
        );
        let off_board = Square::from_coords(9, 0).unwrap();
        assert_eq!(feature(Color::White, king, off_board, one), None);
    }

    #[test]
    fn king_buckets_by_hand() {
        let pos = |fen: &str| Position::from_fen(VARIANT, fen).unwrap();
        let sets = |fen: &str| {
            let p = pos(fen);
            Color::BOTH.map(|c| king_inputs(&p, c, 4))
        };
        let set = |bucket: usize, flip: usize| KingInputs {
            offset: bucket * INPUTS,
            flip,
        };
        // Kings at home on e1 and e8: files e-h are mirrored, so both stand on "d1".
        assert_eq!(sets(START), [set(1, 7), set(1, 7)]);
        // White castled short (g1 -> b1 mirrored), Black's king on b7 (its second row).
        let castled = "8/1k6/8/8/8/8/8/6K1 w - - 0 1";
        assert_eq!(sets(castled), [set(0, 7), set(2, 0)]);
        // A king on d4 is beyond the second row; one on c1 at home, not mirrored.
        assert_eq!(
            sets("8/8/8/8/3K4/8/8/2k5 w - - 0 1"),
            [set(3, 0), set(3, 0)]
        );
        assert_eq!(sets("4k3/8/8/8/8/8/8/2K5 w - - 0 1")[0], set(1, 0));
        // One bucket: one set, never mirrored.
        let p = pos(castled);
        assert_eq!(king_inputs(&p, Color::White, 1), KingInputs::default());
        // The mirrored view of White's king on g1 puts it on b1 of the set: 320 + 1.
        let g1 = Square::from_coords(6, 0).unwrap();
        let king = p.piece_at(g1).unwrap();
        assert_eq!(feature(Color::White, king, g1, set(0, 7)), Some(5 * 64 + 1));
        // A position and its mirror image have the same inputs in a 4-bucket network.
        let mirror = "8/6k1/8/8/8/8/8/1K6 w - - 0 1";
        for c in Color::BOTH {
            let sorted = |fen: &str| {
                let mut f = features(&pos(fen), c, 4);
                f.sort_unstable();
                f
            };
            assert_eq!(sorted(castled), sorted(mirror));
        }
    }
}

//! The slow reference move generator: the "slow twin" of the whole move generator.
//!
//! It follows `RULES.md` square by square, on a plain mailbox, with no precomputed tables and no
//! shortcuts. Legality is tested literally: a move is legal when, on the resulting board, no
//! pseudo-move of the enemy (ignoring the enemy's own king safety) would remove the mover's king.
//!
//! Layout:
//! - `board`: squares, colours, pieces, and each variant's geometry (sections 1 and 2);
//! - `fen`: reading and writing FEN (section 4);
//! - `pieces`: how every piece moves and captures (sections 6 and 7);
//! - `rules`: legality, castling, drops, playing a move, notation (sections 5 and 6).
//!
//! Where `RULES.md` is silent, the code says `RULE CHOICE:` at the spot.

mod board;
mod fen;
mod pieces;
mod rules;

use board::{Color, Piece, Square, Variant};

/// Board size of the mailbox: every variant fits 12 files by 12 rows.
const CELLS: usize = 144;

/// A position of the reference generator (mailbox).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    /// Which game is played.
    variant: Variant,
    /// Square contents, indexed by `cell(square)`. Cells of non-existent squares stay empty.
    board: [Option<Piece>; CELLS],
    /// The side to move.
    side: Color,
    /// Castling rights in FEN order: `K`, `Q`, `k`, `q`.
    castling: [bool; 4],
    /// The squares passed over by the last move, in the order passed, when it was an ordinary
    /// pawn moving two or more squares without promoting; otherwise empty.
    en_passant: Vec<Square>,
    /// Ninja pawns in hand (octopus): white's, black's.
    hand: [u32; 2],
    /// Plies since the last capture, pawn or ninja-pawn move, or drop.
    halfmove: u32,
    /// Starts at 1, incremented after black moves.
    fullmove: u32,
}

impl RefPosition {
    /// Parses a FEN of the given variant ("chess","titan","hadean","raptor","octopus"), RULES.md section 4 (full validation not required, but never panic: return Err).
    ///
    /// # Errors
    /// An unknown variant name, or a FEN that section 4 rejects; the message says what is wrong.
    pub fn from_fen(variant: &str, fen: &str) -> Result<RefPosition, String> {
        let variant = Variant::from_name(variant)?;
        fen::parse(variant, fen)
    }

    /// Writes the FEN exactly as RULES.md section 4 (en-passant field = all passed-over squares in order passed, hand `[..]` only in octopus with white's J's first then black's j's, clocks always written).
    #[must_use]
    pub fn to_fen(&self) -> String {
        fen::write(self)
    }

    /// All legal moves as (UCI-style notation of RULES.md section 5, resulting position).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<(String, RefPosition)> {
        rules::legal_moves(self)
    }

    /// Is the side to move's king attacked?
    #[must_use]
    pub fn in_check(&self) -> bool {
        rules::king_attacked(self, self.side)
    }

    /// The mailbox cell of an existing square.
    fn cell(&self, sq: Square) -> Option<usize> {
        if !self.variant.exists(sq) {
            return None;
        }
        let row = usize::try_from(sq.rank - self.variant.lowest_rank()).ok()?;
        let file = usize::try_from(sq.file).ok()?;
        Some(row * 12 + file)
    }

    /// What stands on `sq`; `None` when it is empty or does not exist.
    fn get(&self, sq: Square) -> Option<Piece> {
        self.cell(sq).and_then(|cell| self.board[cell])
    }

    /// Puts `piece` (or nothing) on `sq`; ignored for a square that does not exist.
    fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(cell) = self.cell(sq) {
            self.board[cell] = piece;
        }
    }

    /// The square of `color`'s king, if it has one.
    fn king_square(&self, color: Color) -> Option<Square> {
        self.variant.squares().into_iter().find(|sq| {
            self.get(*sq)
                == Some(Piece {
                    color,
                    kind: board::Kind::King,
                })
        })
    }
}

/// Sorted legal move strings.
///
/// # Errors
/// When `RefPosition::from_fen` rejects the variant or the FEN.
pub fn legal_moves(variant: &str, fen: &str) -> Result<Vec<String>, String> {
    let position = RefPosition::from_fen(variant, fen)?;
    let mut moves: Vec<String> = position
        .legal_moves()
        .into_iter()
        .map(|(notation, _)| notation)
        .collect();
    moves.sort();
    Ok(moves)
}

/// FEN after playing `mv` (must be one of the legal move strings).
///
/// # Errors
/// When the variant or FEN is rejected, or `mv` is not one of the legal move strings.
pub fn play(variant: &str, fen: &str, mv: &str) -> Result<String, String> {
    let position = RefPosition::from_fen(variant, fen)?;
    position
        .legal_moves()
        .into_iter()
        .find(|(notation, _)| notation == mv)
        .map(|(_, next)| next.to_fen())
        .ok_or_else(|| format!("{mv:?} is not a legal move in {fen:?}"))
}

/// Perft by recursion over `legal_moves` (clone-based; slow is fine).
///
/// # Errors
/// When `RefPosition::from_fen` rejects the variant or the FEN.
pub fn perft(variant: &str, fen: &str, depth: u32) -> Result<u64, String> {
    let position = RefPosition::from_fen(variant, fen)?;
    Ok(perft_from(&position, depth))
}

/// Counts the leaves of the legal-move tree of `position`, `depth` plies deep.
fn perft_from(position: &RefPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|(_, next)| perft_from(next, depth - 1))
        .sum()
}

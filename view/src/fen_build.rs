//! Writing a FEN from a list of pieces, for diagrams set up by hand (`docs/rules.md`, tests).

use movegen::{write_board_rows, Color, Piece, Position, Rules, Square, Variant};

/// Why a piece list could not become a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A piece letter that is not a piece.
    #[error("'{0}' is not a piece letter")]
    BadLetter(char),
    /// A square name that is not a square of the board.
    #[error("'{0}' is not a square of {1}")]
    BadSquare(String, &'static str),
    /// Two pieces on one square.
    #[error("two pieces on {0}")]
    Occupied(String),
    /// The FEN written was rejected by the rules core.
    #[error("{fen}: {error}")]
    Fen {
        /// The FEN written.
        fen: String,
        /// Why it was rejected.
        error: movegen::FenError,
    },
}

/// A position of `variant` holding `pieces` (`"Ke1"`: letter then square; upper case white),
/// `hands` ninja pawns in hand `[white, black]` (drop variants only), with `side` to move and no
/// castling or en-passant rights.
pub fn position(
    variant: Variant,
    pieces: &[&str],
    hands: [u8; 2],
    side: Color,
) -> Result<Position, SetupError> {
    let rules = variant.rules();
    let mut board: Vec<(Square, Piece)> = Vec::new();
    for text in pieces {
        let letter = text.chars().next().unwrap_or(' ');
        let piece = Piece::from_letter(letter).ok_or(SetupError::BadLetter(letter))?;
        let name = &text[letter.len_utf8()..];
        let sq = rules
            .parse_square(name)
            .ok_or_else(|| SetupError::BadSquare(name.to_string(), variant.name()))?;
        if board.iter().any(|(s, _)| *s == sq) {
            return Err(SetupError::Occupied(name.to_string()));
        }
        board.push((sq, piece));
    }
    let fen = fen_of(rules, &board, hands, side);
    Position::from_fen(variant, &fen).map_err(|error| SetupError::Fen { fen, error })
}

fn fen_of(rules: &Rules, board: &[(Square, Piece)], hands: [u8; 2], side: Color) -> String {
    let g = &rules.spec.geometry;
    let mut fen = String::new();
    write_board_rows(g, &mut fen, |sq| {
        if !rules.has(sq) {
            return Some('*');
        }
        board
            .iter()
            .find(|(b, _)| *b == sq)
            .map(|(_, p)| p.letter())
    });
    if rules.spec.drops.is_some() {
        fen.push('[');
        fen.push_str(&"J".repeat(hands[0] as usize));
        fen.push_str(&"j".repeat(hands[1] as usize));
        fen.push(']');
    }
    let side = if side == Color::White { 'w' } else { 'b' };
    fen.push_str(&format!(" {side} - - 0 1"));
    fen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raptor_rows_keep_their_holes() {
        let pos = position(
            Variant::Raptor,
            &["Ke0", "kf11", "Fe5"],
            [0, 0],
            Color::White,
        )
        .unwrap();
        assert_eq!(
            pos.to_fen(),
            "****1k****/10/10/10/10/10/4F5/10/10/10/10/****K1**** w - - 0 1"
        );
    }

    #[test]
    fn bad_input_is_an_error() {
        let e = position(Variant::Chess, &["Ke1", "ke9"], [0, 0], Color::White);
        assert!(matches!(e, Err(SetupError::BadSquare(..))));
        let e = position(Variant::Chess, &["Ke1", "Xe4"], [0, 0], Color::White);
        assert!(matches!(e, Err(SetupError::BadLetter('X'))));
        let e = position(Variant::Chess, &["Ke1"], [0, 0], Color::White);
        assert!(matches!(e, Err(SetupError::Fen { .. })));
    }
}

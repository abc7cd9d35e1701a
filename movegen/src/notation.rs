//! Move notation (RULES.md section 5), both directions.
//!
//! Reading a move runs in two steps: [`UciMove::parse`] checks the text's shape alone (squares,
//! a promotion letter, a drop), then [`Position::resolve_move`] checks it against the position:
//! the squares exist on this board, the promotion letter is a choice of this variant, and the
//! move is legal.

use crate::{Move, MoveKind, Position, Role, Square};
use core::fmt;

/// A square as written in a move: a file letter and a rank number, not yet checked against any
/// board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareName {
    /// File letter, `a` to `z`.
    pub file: char,
    /// Rank number as printed (raptor has rank 0).
    pub rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file, self.rank)
    }
}

/// The shape of a move in the project's coordinate notation, read without a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciMove {
    /// `0000`: the null move (UCI's "no move").
    Null,
    /// A piece move: `e2e4`, a promotion `a11a12q`, a one-square castle `g1h1k1` (king from, king
    /// to, rook square).
    Piece {
        /// Origin.
        from: SquareName,
        /// Destination.
        to: SquareName,
        /// The castling rook's square, only in a one-square castle.
        rook: Option<SquareName>,
        /// Promotion letter (lower case).
        promotion: Option<char>,
    },
    /// A ninja-pawn drop `J@e2`, or a drop-and-push `J@e2e4`.
    Drop {
        /// The square the pawn is dropped on.
        at: SquareName,
        /// Where it is pushed to, if it is pushed.
        push: Option<SquareName>,
    },
}

/// Why a move text is not shaped like a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveSyntaxError {
    /// Nothing but white space.
    #[error("empty move")]
    Empty,
    /// Longer than any move of these games.
    #[error("longer than {max} characters")]
    TooLong {
        /// The longest move text accepted.
        max: usize,
    },
    /// A character that no move contains.
    #[error("unexpected character {found:?} at position {at}")]
    UnexpectedChar {
        /// The character.
        found: char,
        /// Its 1-based position.
        at: usize,
    },
    /// A file letter without a rank number.
    #[error("'{file}' has no rank number after it")]
    MissingRank {
        /// The file letter.
        file: char,
    },
    /// A rank written with a leading zero or more than two digits.
    #[error("'{0}' is not a rank number")]
    BadRank(String),
    /// The wrong number of squares for the move's form.
    #[error("{form} names {expected}, found {found}")]
    SquareCount {
        /// The form: "a move", "a drop", "a promotion".
        form: &'static str,
        /// What it takes.
        expected: &'static str,
        /// How many squares were written.
        found: usize,
    },
    /// A drop of something other than a ninja pawn.
    #[error("only ninja pawns are dropped, written J@")]
    NotANinjaDrop,
}

/// Why a move text was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not shaped like a move at all.
    #[error("'{text}' is not a move: {reason}")]
    Syntax {
        /// The text (shortened).
        text: String,
        /// What is wrong.
        reason: MoveSyntaxError,
    },
    /// Shaped like a move, but a square or letter does not belong to this variant.
    #[error("'{text}' is not a move of {variant}: {reason}")]
    NotInVariant {
        /// The text (shortened).
        text: String,
        /// The variant.
        variant: &'static str,
        /// What does not belong.
        reason: NotInVariant,
    },
    /// Well formed, but not legal here.
    #[error("'{0}' is not legal in this position")]
    Illegal(String),
}

/// The part of a well-shaped move that the variant lacks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotInVariant {
    /// A square off this board.
    #[error("there is no square {0}")]
    Square(SquareName),
    /// A letter that is not one of the variant's promotion choices.
    #[error("'{0}' is not a promotion choice")]
    Promotion(char),
    /// A drop in a variant without drops.
    #[error("this game has no drops")]
    NoDrops,
}

/// The longest move text accepted.
pub const MAX_MOVE_TEXT: usize = 16;

impl UciMove {
    /// Reads the shape of a move: `0000`, `J@sq[sq]`, or two or three squares with an optional
    /// lower-case promotion letter.
    pub fn parse(text: &str) -> Result<UciMove, MoveSyntaxError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(MoveSyntaxError::Empty);
        }
        if t.chars().count() > MAX_MOVE_TEXT {
            return Err(MoveSyntaxError::TooLong { max: MAX_MOVE_TEXT });
        }
        if t == "0000" {
            return Ok(UciMove::Null);
        }
        if let Some(body) = t.strip_prefix("J@") {
            let (squares, promotion) = read_squares(body, 3)?;
            if promotion.is_some() || squares.is_empty() || squares.len() > 2 {
                return Err(MoveSyntaxError::SquareCount {
                    form: "a drop",
                    expected: "one or two squares",
                    found: squares.len(),
                });
            }
            return Ok(UciMove::Drop {
                at: squares[0],
                push: squares.get(1).copied(),
            });
        }
        if t.contains('@') {
            return Err(MoveSyntaxError::NotANinjaDrop);
        }
        let (squares, promotion) = read_squares(t, 1)?;
        let ok = match promotion {
            Some(_) => squares.len() == 2,
            None => squares.len() == 2 || squares.len() == 3,
        };
        if !ok {
            let (form, expected) = match promotion {
                Some(_) => ("a promotion", "two squares"),
                None => ("a move", "two squares (three for a one-square castle)"),
            };
            return Err(MoveSyntaxError::SquareCount {
                form,
                expected,
                found: squares.len(),
            });
        }
        Ok(UciMove::Piece {
            from: squares[0],
            to: squares[1],
            rook: squares.get(2).copied(),
            promotion,
        })
    }
}

/// Reads consecutive squares, then an optional promotion letter at the very end. `offset` is the
/// 1-based position of `s` in the whole text, for error messages.
fn read_squares(
    s: &str,
    offset: usize,
) -> Result<(Vec<SquareName>, Option<char>), MoveSyntaxError> {
    let chars: Vec<char> = s.chars().collect();
    let mut squares = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if !c.is_ascii_lowercase() {
            return Err(MoveSyntaxError::UnexpectedChar {
                found: c,
                at: offset + i,
            });
        }
        let digits: String = chars[i + 1..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .collect();
        if digits.is_empty() {
            // A trailing lower-case letter after at least one square is a promotion letter.
            if i + 1 == chars.len() && !squares.is_empty() {
                return Ok((squares, Some(c)));
            }
            return Err(MoveSyntaxError::MissingRank { file: c });
        }
        if digits.len() > 2 || (digits.len() == 2 && digits.starts_with('0')) {
            return Err(MoveSyntaxError::BadRank(digits));
        }
        let rank = digits
            .parse()
            .map_err(|_| MoveSyntaxError::BadRank(digits.clone()))?;
        squares.push(SquareName { file: c, rank });
        i += 1 + digits.len();
    }
    Ok((squares, None))
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMove::Null => f.write_str("0000"),
            UciMove::Drop { at, push } => {
                write!(f, "J@{at}")?;
                match push {
                    Some(p) => write!(f, "{p}"),
                    None => Ok(()),
                }
            }
            UciMove::Piece {
                from,
                to,
                rook,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(r) = rook {
                    write!(f, "{r}")?;
                }
                if let Some(p) = promotion {
                    write!(f, "{p}")?;
                }
                Ok(())
            }
        }
    }
}

impl Position {
    /// Writes a move of this position in the project's notation.
    pub fn move_to_uci(&self, m: Move) -> String {
        let r = self.rules;
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Drop => {
                let mut s = format!("{}@{}", Role::Ninja.upper(), r.square_name(from));
                if to != from {
                    s.push_str(&r.square_name(to));
                }
                s
            }
            MoveKind::Castle => {
                let mut s = format!("{}{}", r.square_name(from), r.square_name(to));
                if (to.file() - from.file()).abs() == 1 {
                    let (rook, _) = self.castle_rook(from, to);
                    s.push_str(&r.square_name(rook));
                }
                s
            }
            _ => {
                let mut s = format!("{}{}", r.square_name(from), r.square_name(to));
                if let Some(p) = m.promotion() {
                    s.push(p.lower());
                }
                s
            }
        }
    }

    /// Parses a move text and returns the legal move it names: [`UciMove::parse`], then
    /// [`Position::resolve_move`].
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let shown = || text.trim().chars().take(32).collect::<String>();
        let shape = UciMove::parse(text).map_err(|reason| MoveError::Syntax {
            text: shown(),
            reason,
        })?;
        self.resolve_move(&shape)
    }

    /// The legal move of this position that `m` names. The null move is never legal here.
    pub fn resolve_move(&self, m: &UciMove) -> Result<Move, MoveError> {
        let r = self.rules;
        let not_in = |reason| MoveError::NotInVariant {
            text: m.to_string(),
            variant: r.spec.name,
            reason,
        };
        let square = |n: SquareName| -> Result<Square, MoveError> {
            let file = n.file as i32 - 'a' as i32;
            Square::from_coords(file, r.row_of_rank(n.rank as i32))
                .filter(|s| r.has(*s))
                .ok_or(not_in(NotInVariant::Square(n)))
        };
        let illegal = || MoveError::Illegal(m.to_string());
        // What a generated move must look like to be the one named.
        let (from, to, kind_ok, rook, promotion): (Square, Square, fn(MoveKind) -> bool, _, _) =
            match *m {
                UciMove::Null => return Err(illegal()),
                UciMove::Drop { at, push } => {
                    if r.spec.drops.is_none() {
                        return Err(not_in(NotInVariant::NoDrops));
                    }
                    let at_sq = square(at)?;
                    let to = match push {
                        // A push names another square: `J@e2e2` is no move (the plain drop is
                        // written `J@e2`).
                        Some(p) if square(p)? == at_sq => return Err(illegal()),
                        Some(p) => square(p)?,
                        None => at_sq,
                    };
                    (at_sq, to, |k| k == MoveKind::Drop, None, None)
                }
                UciMove::Piece {
                    from,
                    to,
                    rook,
                    promotion,
                } => {
                    let (from, to) = (square(from)?, square(to)?);
                    let rook = rook.map(square).transpose()?;
                    let promotion = match promotion {
                        None => None,
                        Some(c) => Some(
                            Role::from_letter(c)
                                .filter(|role| r.spec.promotion.contains(role))
                                .ok_or(not_in(NotInVariant::Promotion(c)))?,
                        ),
                    };
                    (from, to, |k| k != MoveKind::Drop, rook, promotion)
                }
            };
        let mut list = crate::MoveList::new();
        self.generate_pseudo_legal(&mut list);
        let named = |cand: Move| {
            if cand.from() != from || cand.to() != to || !kind_ok(cand.kind()) {
                return false;
            }
            if cand.promotion() != promotion {
                return false;
            }
            let one_square_castle =
                cand.kind() == MoveKind::Castle && (to.file() - from.file()).abs() == 1;
            match rook {
                Some(rk) => one_square_castle && self.castle_rook(from, to).0 == rk,
                None => !one_square_castle,
            }
        };
        list.iter()
            .copied()
            .find(|&cand| named(cand) && self.is_legal_pseudo(cand))
            .ok_or_else(illegal)
    }
}

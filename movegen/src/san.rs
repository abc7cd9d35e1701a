//! Standard Algebraic Notation (SAN) for every variant, both directions.
//!
//! Chess moves are written exactly as the PGN standard writes them, so that other tools read the
//! project's chess games. The four games use the same scheme with the project's piece letters
//! (RULES.md section 2, the ninja pawn is `J`) and three additions: drops (`J@e2`, drop and push
//! `J@e2-e4`), castling that names the king's landing square where the king may land on several
//! squares (`O-O-i1`, `O-O-O-d1`), and `x` for every capture, double captures included.
//! `docs/notation.md` documents every form with examples.

use crate::{Move, MoveKind, MoveList, Position, Role, Square};

/// Why a SAN text was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// Not shaped like a SAN move of this variant.
    #[error("SAN '{text}': {reason}")]
    Syntax {
        /// The text (at most 32 characters of it).
        text: String,
        /// What is wrong with its shape.
        reason: &'static str,
    },
    /// Well formed, but no legal move of the position fits it.
    #[error("SAN '{text}' names no legal move in this position")]
    Illegal {
        /// The text (at most 32 characters of it).
        text: String,
    },
    /// Well formed, and several legal moves fit it.
    #[error("SAN '{text}' is ambiguous: it fits the legal moves {}", candidates.join(", "))]
    Ambiguous {
        /// The text (at most 32 characters of it).
        text: String,
        /// The moves that fit, in the project's coordinate notation.
        candidates: Vec<String>,
    },
}

/// A SAN text taken apart, before it is matched against the legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SanShape {
    /// `O-O`, `O-O-O`, optionally followed by `-` and the king's landing square.
    Castle {
        /// Toward the higher file (king side)?
        short: bool,
        /// The king's landing square, when named.
        to: Option<Square>,
    },
    /// `J@e2` or `J@e2-e4` (also `J@e2e4`).
    Drop {
        /// The drop square.
        at: Square,
        /// The push target, when pushed.
        push: Option<Square>,
    },
    /// A piece or pawn move: role, optional origin file and row, destination, promotion.
    Piece {
        /// The moving role (`Pawn` when no letter is written).
        role: Role,
        /// Origin file, when written.
        file: Option<i32>,
        /// Origin grid row, when written.
        row: Option<i32>,
        /// Destination.
        to: Square,
        /// Promotion role, when written.
        promotion: Option<Role>,
    },
}

/// Suffix characters a PGN reader skips: check and mate marks and move annotations.
const SUFFIX_CHARS: &[char] = &['+', '#', '!', '?'];

impl Position {
    /// Writes a legal move of this position in SAN, with `+` or `#` when it gives check or mate.
    ///
    /// The move must be one of [`Position::legal_moves`]; anything else gives a meaningless text.
    pub fn move_to_san(&self, m: Move) -> String {
        let legal = self.legal_moves();
        let mut s = self.san_without_suffix(m, &legal);
        s.push_str(self.check_suffix(m));
        s
    }

    /// `+` when `m` gives check, `#` when it mates, `""` otherwise.
    fn check_suffix(&self, m: Move) -> &'static str {
        let mut after = self.clone();
        after.make_move(m);
        if !after.in_check() {
            ""
        } else if after.legal_moves().is_empty() {
            "#"
        } else {
            "+"
        }
    }

    /// The SAN of `m` without check marks; `legal` is this position's legal moves.
    fn san_without_suffix(&self, m: Move, legal: &MoveList) -> String {
        let r = self.rules;
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Castle => {
                let short = to.file() > from.file();
                let mut s = String::from(if short { "O-O" } else { "O-O-O" });
                if r.spec.castling.king_destinations[short as usize].len() > 1 {
                    s.push('-');
                    s.push_str(&r.square_name(to));
                }
                s
            }
            MoveKind::Drop => {
                let mut s = format!("{}@{}", Role::Ninja.upper(), r.square_name(from));
                if to != from {
                    s.push('-');
                    s.push_str(&r.square_name(to));
                }
                s
            }
            MoveKind::Normal | MoveKind::Promotion | MoveKind::EnPassant => {
                let role = self.moved_piece(m).role;
                let capture = self.is_capture(m);
                let rivals: Vec<Square> = legal
                    .iter()
                    .filter(|o| {
                        **o != m
                            && o.to() == to
                            && o.promotion() == m.promotion()
                            && !matches!(o.kind(), MoveKind::Castle | MoveKind::Drop)
                            && self.moved_piece(**o).role == role
                    })
                    .map(|o| o.from())
                    .collect();
                let file_unique = rivals.iter().all(|o| o.file() != from.file());
                let row_unique = rivals.iter().all(|o| o.row() != from.row());
                let (with_file, with_row) = if role.is_pawnlike() && capture {
                    // A pawn capture always names its file, and its rank when the file is shared.
                    (true, !file_unique)
                } else if rivals.is_empty() {
                    (false, false)
                } else if file_unique {
                    (true, false)
                } else if row_unique {
                    (false, true)
                } else {
                    (true, true)
                };
                let mut s = String::new();
                if role != Role::Pawn {
                    s.push(role.upper());
                }
                let square = r.square_name(from);
                if with_file {
                    s.push_str(&square[..1]);
                }
                if with_row {
                    s.push_str(&square[1..]);
                }
                if capture {
                    s.push('x');
                }
                s.push_str(&r.square_name(to));
                if let Some(p) = m.promotion() {
                    s.push('=');
                    s.push(p.upper());
                }
                s
            }
        }
    }

    /// Parses a SAN text and returns the legal move it names.
    ///
    /// Tolerant as PGN readers are: check and mate marks may be missing or wrong, annotations
    /// (`!`, `?`, `!?`) are skipped, castling may be written with zeros (`0-0`), `x` may be
    /// missing, a move may name more of its origin square than needed (`Ng1f3`, `Ng1-f3`), and
    /// `O-O`/`O-O-O` without a landing square is accepted when exactly one such castle is legal.
    /// It never guesses: a text that fits several legal moves is [`SanError::Ambiguous`].
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let shown: String = text.chars().take(32).collect();
        let shape = self
            .san_shape(text.trim())
            .map_err(|reason| SanError::Syntax {
                text: shown.clone(),
                reason,
            })?;
        let legal = self.legal_moves();
        let fits: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| self.fits_shape(*m, &shape))
            .collect();
        match fits.as_slice() {
            [m] => Ok(*m),
            [] => Err(SanError::Illegal { text: shown }),
            many => Err(SanError::Ambiguous {
                text: shown,
                candidates: many.iter().map(|m| self.move_to_uci(*m)).collect(),
            }),
        }
    }

    /// Does legal move `m` fit the parsed text?
    fn fits_shape(&self, m: Move, shape: &SanShape) -> bool {
        match *shape {
            SanShape::Castle { short, to } => {
                m.kind() == MoveKind::Castle
                    && (m.to().file() > m.from().file()) == short
                    && to.is_none_or(|t| t == m.to())
            }
            SanShape::Drop { at, push } => {
                m.kind() == MoveKind::Drop && m.from() == at && m.to() == push.unwrap_or(at)
            }
            SanShape::Piece {
                role,
                file,
                row,
                to,
                promotion,
            } => {
                !matches!(m.kind(), MoveKind::Castle | MoveKind::Drop)
                    && m.to() == to
                    && m.promotion() == promotion
                    && file.is_none_or(|f| f == m.from().file())
                    && row.is_none_or(|r| r == m.from().row())
                    && self.moved_piece(m).role == role
            }
        }
    }

    /// Takes a trimmed SAN text apart; the error says what is wrong with its shape.
    fn san_shape(&self, t: &str) -> Result<SanShape, &'static str> {
        if t.is_empty() {
            return Err("empty");
        }
        if t.len() > 24 || !t.is_ascii() {
            return Err("too long or not ASCII");
        }
        let body = t.trim_end_matches(SUFFIX_CHARS);
        if body.is_empty() {
            return Err("only check marks or annotations");
        }
        if let Some(castle) = self.castle_shape(body)? {
            return Ok(castle);
        }
        if body.contains('@') {
            return self.drop_shape(body);
        }
        self.piece_shape(body)
    }

    /// `O-O`, `O-O-O`, `0-0`, `0-0-0`, each optionally followed by `-` and a square; `None`
    /// when the text does not start like a castle.
    fn castle_shape(&self, body: &str) -> Result<Option<SanShape>, &'static str> {
        let parts: Vec<&str> = body.split('-').collect();
        let is_o = |p: &&&str| **p == "O" || **p == "0";
        let os = parts.iter().take_while(is_o).count();
        if os < 2 {
            return Ok(None);
        }
        if os > 3 {
            return Err("castling has two or three Os");
        }
        let to = match &parts[os..] {
            [] => None,
            [sq] => Some(
                self.rules
                    .parse_square(sq)
                    .ok_or("castling names a square that is not on this board")?,
            ),
            _ => return Err("castling is O-O or O-O-O, optionally followed by -square"),
        };
        Ok(Some(SanShape::Castle { short: os == 2, to }))
    }

    /// `J@e2`, `J@e2-e4` or `J@e2e4`.
    fn drop_shape(&self, body: &str) -> Result<SanShape, &'static str> {
        let r = self.rules;
        let Some(rest) = body.strip_prefix("J@") else {
            return Err("only ninja pawns are dropped, written J@");
        };
        if r.spec.drops.is_none() {
            return Err("this variant has no drops");
        }
        let (at, push) = match rest.split_once('-') {
            Some((a, b)) => (a, Some(b)),
            None => match split_square(rest) {
                Some((a, b)) if !b.is_empty() => (a, Some(b)),
                _ => (rest, None),
            },
        };
        let at = r
            .parse_square(at)
            .ok_or("a drop names a square of this board")?;
        let push = match push {
            Some(p) => Some(
                r.parse_square(p)
                    .ok_or("a drop's push names a square of this board")?,
            ),
            None => None,
        };
        Ok(SanShape::Drop { at, push })
    }

    /// `[Letter][file][rank][x|-]square[=Letter]`.
    fn piece_shape(&self, body: &str) -> Result<SanShape, &'static str> {
        let r = self.rules;
        let (body, promotion) = match body.split_once('=') {
            Some((b, p)) => {
                let mut chars = p.chars();
                let letter = chars.next().ok_or("'=' needs a promotion letter")?;
                if chars.next().is_some() {
                    return Err("a promotion is one letter after '='");
                }
                (b, Some(letter))
            }
            None => match body.as_bytes() {
                [.., d, l] if d.is_ascii_digit() && l.is_ascii_uppercase() => {
                    (&body[..body.len() - 1], Some(*l as char))
                }
                _ => (body, None),
            },
        };
        let promotion = match promotion {
            Some(c) => {
                let role = Role::from_letter(c).ok_or("unknown promotion letter")?;
                if !r.spec.promotion.contains(&role) {
                    return Err("not a promotion choice of this variant");
                }
                Some(role)
            }
            None => None,
        };
        // The destination: the last file letter and the digits after it.
        let digits = body.len() - body.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 || body.len() < digits + 1 {
            return Err("expected a destination square at the end");
        }
        let dest_at = body.len() - digits - 1;
        let to = r
            .parse_square(&body[dest_at..])
            .ok_or("the destination is not a square of this board")?;
        let mut head = &body[..dest_at];
        if let Some(h) = head.strip_suffix(['x', '-', ':']) {
            head = h;
        }
        let (role, origin) = match head.as_bytes().first() {
            Some(c) if c.is_ascii_uppercase() => {
                let role = Role::from_letter(*c as char).ok_or("unknown piece letter")?;
                if !r.role_allowed[role.index()] {
                    return Err("that piece does not exist in this variant");
                }
                (role, &head[1..])
            }
            _ => (Role::Pawn, head),
        };
        let (file_text, rank_text) = match origin.as_bytes().first() {
            Some(c) if c.is_ascii_lowercase() => (Some(*c), &origin[1..]),
            _ => (None, origin),
        };
        let file = match file_text {
            Some(c) => {
                let f = (c - b'a') as i32;
                if f >= r.spec.geometry.files {
                    return Err("the origin file is not on this board");
                }
                Some(f)
            }
            None => None,
        };
        let row = if rank_text.is_empty() {
            None
        } else {
            if rank_text.len() > 2 || !rank_text.bytes().all(|b| b.is_ascii_digit()) {
                return Err("expected [piece][file][rank][x]square[=piece]");
            }
            let rank: i32 = rank_text.parse().map_err(|_| "bad origin rank")?;
            let row = r.row_of_rank(rank);
            if !(0..r.spec.geometry.rows).contains(&row) {
                return Err("the origin rank is not on this board");
            }
            Some(row)
        };
        Ok(SanShape::Piece {
            role,
            file,
            row,
            to,
            promotion,
        })
    }
}

/// Splits `e2e4` after its first square (a letter and its digits): `("e2", "e4")`.
fn split_square(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    if b.is_empty() || !b[0].is_ascii_lowercase() {
        return None;
    }
    let end = 1 + b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    Some(s.split_at(end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn chess_start_moves() {
        let p = Position::startpos(Variant::Chess);
        let m = p.parse_san("Nf3").unwrap();
        assert_eq!(p.move_to_uci(m), "g1f3");
        assert_eq!(p.move_to_san(m), "Nf3");
        assert_eq!(p.move_to_uci(p.parse_san("e4").unwrap()), "e2e4");
        assert_eq!(p.move_to_uci(p.parse_san("Ng1-f3!?").unwrap()), "g1f3");
        assert!(matches!(p.parse_san("Nd4"), Err(SanError::Illegal { .. })));
        assert!(matches!(p.parse_san("Xe4"), Err(SanError::Syntax { .. })));
        assert!(matches!(p.parse_san("O-O"), Err(SanError::Illegal { .. })));
        assert!(matches!(p.parse_san("J@e2"), Err(SanError::Syntax { .. })));
    }
}

//! Move notation (RULES.md section 5), both directions.

use crate::{Move, MoveKind, Position, Role};

/// Why a move text was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not shaped like a move of this variant.
    #[error("move '{text}': {reason}")]
    Syntax {
        /// The text (shortened).
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// Well formed, but not legal here.
    #[error("move '{0}' is not legal in this position")]
    Illegal(String),
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

    /// Parses a move text and returns the legal move it names.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let shown: String = text.chars().take(32).collect();
        let syntax = |reason: &str| MoveError::Syntax {
            text: shown.clone(),
            reason: reason.into(),
        };
        let t = text.trim();
        if t.is_empty() {
            return Err(syntax("empty"));
        }
        if t.len() > 16 || !t.is_ascii() {
            return Err(syntax("too long or not ASCII"));
        }
        self.check_shape(t).map_err(|r| syntax(&r))?;
        let legal = self.legal_moves();
        let found = legal.iter().copied().find(|m| self.move_to_uci(*m) == t);
        found.ok_or(MoveError::Illegal(shown))
    }

    /// Checks that a text is shaped like a move: squares of this board, a promotion letter of
    /// this variant, a drop of the hand's piece.
    fn check_shape(&self, t: &str) -> Result<(), String> {
        let r = self.rules;
        let (rest, promo) = match t.chars().last() {
            Some(c) if c.is_ascii_alphabetic() => (&t[..t.len() - 1], Some(c)),
            _ => (t, None),
        };
        let squares = |s: &str| -> Result<usize, String> {
            let mut n = 0;
            let b = s.as_bytes();
            let mut i = 0;
            while i < b.len() {
                let start = i;
                if !b[i].is_ascii_lowercase() {
                    return Err(format!("expected a file letter at '{}'", &s[i..]));
                }
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let name = &s[start..i];
                if r.parse_square(name).is_none() {
                    return Err(format!("'{name}' is not a square of {}", r.spec.name));
                }
                n += 1;
            }
            Ok(n)
        };
        if let Some(body) = t.strip_prefix("J@") {
            if r.spec.drops.is_none() {
                return Err(format!("{} has no drops", r.spec.name));
            }
            let n = squares(body)?;
            return if n == 1 || n == 2 {
                Ok(())
            } else {
                Err("a drop names one or two squares".into())
            };
        }
        if t.contains('@') {
            return Err("only ninja pawns are dropped, written J@".into());
        }
        if let Some(p) = promo {
            let role = Role::from_letter(p).ok_or("unknown promotion letter")?;
            if !p.is_ascii_lowercase() || !r.spec.promotion.contains(&role) {
                return Err(format!(
                    "'{p}' is not a promotion choice of {}",
                    r.spec.name
                ));
            }
            let n = squares(rest)?;
            return if n == 2 {
                Ok(())
            } else {
                Err("a promotion names two squares".into())
            };
        }
        match squares(rest)? {
            2 | 3 => Ok(()),
            _ => Err("expected from and to squares".into()),
        }
    }
}

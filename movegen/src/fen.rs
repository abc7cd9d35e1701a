//! FEN reading and writing (RULES.md section 4). Parsing runs in two stages: syntax (fields,
//! rows, letters, numbers), then legality (kings, pawns, castling, en passant, check).

use crate::position::castle_bit;
use crate::{zobrist, Bitboard, Board, Color, Piece, Position, Role, Square, Variant};

/// Why a FEN was rejected. Each variant names the field and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Wrong number of space-separated fields.
    #[error("FEN: expected 4 to 6 fields (board, side, castling, en passant, clocks), found {0}")]
    FieldCount(usize),
    /// Wrong number of rows.
    #[error("FEN board: expected {expected} rows separated by '/', found {found}")]
    RowCount {
        /// Rows of this board.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// A row does not cover the board's width.
    #[error("FEN board: row for rank {rank} covers {found} squares, expected {expected}")]
    RowLength {
        /// Printed rank.
        rank: i32,
        /// Width of the board.
        expected: i32,
        /// Squares described.
        found: i32,
    },
    /// An unknown piece letter or stray character.
    #[error("FEN board: unknown piece letter '{0}'")]
    UnknownLetter(char),
    /// A piece that does not belong to this variant.
    #[error("FEN board: '{letter}' ({name}) is not a piece of {variant}")]
    PieceNotInVariant {
        /// The letter.
        letter: char,
        /// The piece name.
        name: &'static str,
        /// The variant.
        variant: &'static str,
    },
    /// A bad empty-square count.
    #[error("FEN board: bad empty-square count '{0}' (one or two digits, 1 or more)")]
    BadNumber(String),
    /// A piece or empty run on a square that does not exist, or `*` on one that does.
    #[error("FEN board: {0}")]
    MissingSquare(String),
    /// A side without exactly one king.
    #[error("FEN board: {color} has {count} kings, expected exactly one")]
    KingCount {
        /// The side.
        color: &'static str,
        /// Kings found.
        count: u32,
    },
    /// A pawn or ninja pawn on or beyond its promotion rank.
    #[error("FEN board: {piece} on {square} stands on or beyond its promotion rank")]
    PawnOnPromotionRank {
        /// The piece name.
        piece: &'static str,
        /// The square.
        square: String,
    },
    /// Too many pieces for any position of these games.
    #[error("FEN board: {0} has more than 64 pieces on the board")]
    TooManyPieces(&'static str),
    /// A problem with the hand field.
    #[error("FEN hand: {0}")]
    Hand(String),
    /// Side to move is not `w` or `b`.
    #[error("FEN side to move: expected 'w' or 'b', found '{0}'")]
    Side(String),
    /// A bad castling field.
    #[error("FEN castling: {0}")]
    Castling(String),
    /// A bad en-passant field.
    #[error("FEN en passant: {0}")]
    EnPassant(String),
    /// A bad clock.
    #[error("FEN {field}: expected a non-negative number, found '{found}'")]
    Clock {
        /// Which clock.
        field: &'static str,
        /// What was found.
        found: String,
    },
    /// The side that just moved is in check.
    #[error("FEN: the side not to move ({0}) is in check")]
    OpponentInCheck(&'static str),
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Longest FEN accepted, in bytes (a 12x12 board with hands needs well under 400).
const MAX_FEN_LEN: usize = 2048;

impl Position {
    /// Parses a FEN of `variant`.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        let rules = variant.rules();
        let spec = rules.spec;
        if fen.len() > MAX_FEN_LEN {
            return Err(FenError::FieldCount(
                fen.split_whitespace().take(1000).count(),
            ));
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        // Board and hand.
        let (board_text, hand_text) = match fields[0].find('[') {
            Some(i) => (&fields[0][..i], Some(&fields[0][i..])),
            None => (fields[0], None),
        };
        let mut squares = [None; Square::COUNT];
        let mut board = Board::empty();
        let g = &spec.geometry;
        let rows: Vec<&str> = board_text.split('/').collect();
        if rows.len() != g.rows as usize {
            return Err(FenError::RowCount {
                expected: g.rows as usize,
                found: rows.len(),
            });
        }
        for (i, row_text) in rows.iter().enumerate() {
            let row = g.rows - 1 - i as i32;
            let rank = rules.rank_of_row(row);
            let mut file = 0i32;
            let chars: Vec<char> = row_text.chars().collect();
            let mut k = 0;
            while k < chars.len() {
                let ch = chars[k];
                if ch.is_ascii_digit() {
                    let mut num = String::from(ch);
                    if k + 1 < chars.len() && chars[k + 1].is_ascii_digit() {
                        num.push(chars[k + 1]);
                        k += 1;
                    }
                    if k + 1 < chars.len() && chars[k + 1].is_ascii_digit() {
                        return Err(FenError::BadNumber(format!("{num}{}", chars[k + 1])));
                    }
                    let n: i32 = num.parse().map_err(|_| FenError::BadNumber(num.clone()))?;
                    if n == 0 || num.starts_with('0') {
                        return Err(FenError::BadNumber(num));
                    }
                    for _ in 0..n {
                        let sq = Square::from_coords(file, row);
                        match sq {
                            Some(s) if rules.has(s) => {}
                            _ if file >= g.files => {}
                            _ => {
                                return Err(FenError::MissingSquare(format!(
                                    "empty-square count on rank {rank} covers a missing square"
                                )))
                            }
                        }
                        file += 1;
                    }
                } else if ch == '*' {
                    if let Some(s) = Square::from_coords(file, row) {
                        if rules.has(s) {
                            return Err(FenError::MissingSquare(format!(
                                "'*' on {}, which exists",
                                rules.square_name(s)
                            )));
                        }
                    }
                    file += 1;
                } else {
                    let piece = Piece::from_letter(ch).ok_or(FenError::UnknownLetter(ch))?;
                    if !rules.role_allowed[piece.role.index()] {
                        return Err(FenError::PieceNotInVariant {
                            letter: ch,
                            name: piece.role.name(),
                            variant: spec.name,
                        });
                    }
                    match Square::from_coords(file, row) {
                        Some(s) if rules.has(s) => {
                            squares[s.index()] = Some(piece);
                            board.put(s, piece);
                        }
                        Some(_) => {
                            return Err(FenError::MissingSquare(format!(
                            "piece '{ch}' on rank {rank}, file {}, a square that does not exist",
                            (b'a' + file as u8) as char
                        )))
                        }
                        None => {}
                    }
                    file += 1;
                }
                if file > g.files {
                    break;
                }
                k += 1;
            }
            if file != g.files {
                return Err(FenError::RowLength {
                    rank,
                    expected: g.files,
                    found: file,
                });
            }
        }
        // Hand.
        let mut hand = [0u8; 2];
        match (hand_text, &spec.drops) {
            (Some(_), None) => {
                return Err(FenError::Hand(format!(
                    "{} has no drops, so no hand field",
                    spec.name
                )))
            }
            (None, Some(_)) => {
                return Err(FenError::Hand(format!(
                    "{} needs a hand field such as [JJjj] or []",
                    spec.name
                )))
            }
            (Some(h), Some(d)) => {
                let inner = h
                    .strip_prefix('[')
                    .and_then(|s| s.strip_suffix(']'))
                    .ok_or_else(|| FenError::Hand(format!("'{h}' is not of the form [...]")))?;
                for ch in inner.chars() {
                    let p = Piece::from_letter(ch)
                        .filter(|p| p.role == d.role)
                        .ok_or_else(|| FenError::Hand(format!("'{ch}' cannot be in hand")))?;
                    let n = &mut hand[p.color.index()];
                    if *n as usize >= zobrist::MAX_HAND {
                        return Err(FenError::Hand("more than 64 pieces in one hand".into()));
                    }
                    *n += 1;
                }
            }
            (None, None) => {}
        }
        // Side to move.
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Side(other.chars().take(16).collect())),
        };
        // Kings and pawns.
        let mut kings = [Square::new_unchecked(0); 2];
        for c in Color::BOTH {
            let k = board.pieces(c, Role::King);
            if k.count() != 1 {
                return Err(FenError::KingCount {
                    color: color_name(c),
                    count: k.count(),
                });
            }
            kings[c.index()] = k.lsb().unwrap_or(kings[c.index()]);
            if board.color(c).count() > 64 {
                return Err(FenError::TooManyPieces(color_name(c)));
            }
            let promo = rules.promotion_row[c.index()];
            for role in [Role::Pawn, Role::Ninja] {
                for sq in board.pieces(c, role) {
                    if (sq.row() - promo) * c.forward() >= 0 {
                        return Err(FenError::PawnOnPromotionRank {
                            piece: role.name(),
                            square: rules.square_name(sq),
                        });
                    }
                }
            }
        }
        // Castling.
        let mut castling = 0u8;
        if fields[2] != "-" {
            for ch in fields[2].chars() {
                let (c, side_idx) = match ch {
                    'K' => (Color::White, 1),
                    'Q' => (Color::White, 0),
                    'k' => (Color::Black, 1),
                    'q' => (Color::Black, 0),
                    _ => {
                        return Err(FenError::Castling(format!(
                            "unknown character '{ch}' (use a subset of KQkq or '-')"
                        )))
                    }
                };
                let bit = castle_bit(c, side_idx);
                if castling & bit != 0 {
                    return Err(FenError::Castling(format!("'{ch}' appears twice")));
                }
                let king_home = rules.king_home[c.index()];
                let rook_home = rules.rook_home[c.index()][side_idx];
                if squares[king_home.index()] != Some(Piece::new(c, Role::King)) {
                    return Err(FenError::Castling(format!(
                        "'{ch}' needs the {} king on {}",
                        color_name(c),
                        rules.square_name(king_home)
                    )));
                }
                if squares[rook_home.index()] != Some(Piece::new(c, Role::Rook)) {
                    return Err(FenError::Castling(format!(
                        "'{ch}' needs a {} rook on {}",
                        color_name(c),
                        rules.square_name(rook_home)
                    )));
                }
                castling |= bit;
            }
        }
        // En passant.
        let (ep_squares, ep_victim) = parse_ep(rules, &squares, side, fields[3])?;
        // Clocks.
        let clock = |i: usize, field: &'static str, default: u32| -> Result<u32, FenError> {
            match fields.get(i) {
                None => Ok(default),
                Some(s) => s.parse::<u32>().map_err(|_| FenError::Clock {
                    field,
                    found: s.chars().take(16).collect(),
                }),
            }
        };
        let halfmove = clock(4, "halfmove clock", 0)?;
        let fullmove = clock(5, "fullmove number", 1)?.max(1);
        let mut pos = Position {
            rules,
            board,
            squares,
            hand,
            side,
            castling,
            ep_squares,
            ep_victim,
            halfmove,
            fullmove,
            hash: 0,
            kings,
            history: Vec::with_capacity(256),
        };
        pos.hash = pos.compute_hash();
        if pos.is_attacked(pos.king(side.opposite()), side) {
            return Err(FenError::OpponentInCheck(color_name(side.opposite())));
        }
        Ok(pos)
    }

    /// Writes the FEN (RULES.md section 4).
    pub fn to_fen(&self) -> String {
        let r = self.rules;
        let g = &r.spec.geometry;
        let mut out = String::with_capacity(128);
        for row in (0..g.rows).rev() {
            let mut empty = 0;
            for file in 0..g.files {
                let sq = Square::from_coords(file, row).filter(|s| r.has(*s));
                let flush = |out: &mut String, empty: &mut i32| {
                    if *empty > 0 {
                        out.push_str(&empty.to_string());
                        *empty = 0;
                    }
                };
                match sq {
                    None => {
                        flush(&mut out, &mut empty);
                        out.push('*');
                    }
                    Some(s) => match self.squares[s.index()] {
                        None => empty += 1,
                        Some(p) => {
                            flush(&mut out, &mut empty);
                            out.push(p.letter());
                        }
                    },
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if row > 0 {
                out.push('/');
            }
        }
        if let Some(d) = &r.spec.drops {
            out.push('[');
            for c in Color::BOTH {
                for _ in 0..self.hand[c.index()] {
                    out.push(Piece::new(c, d.role).letter());
                }
            }
            out.push(']');
        }
        out.push(' ');
        out.push(if self.side == Color::White { 'w' } else { 'b' });
        out.push(' ');
        let mut any = false;
        for (c, side, ch) in [
            (Color::White, 1, 'K'),
            (Color::White, 0, 'Q'),
            (Color::Black, 1, 'k'),
            (Color::Black, 0, 'q'),
        ] {
            if self.castling & castle_bit(c, side) != 0 {
                out.push(ch);
                any = true;
            }
        }
        if !any {
            out.push('-');
        }
        out.push(' ');
        if self.ep_squares.is_empty() {
            out.push('-');
        } else {
            let mut sqs: Vec<Square> = self.ep_squares.iter().collect();
            // In the order passed: the side that moved is the one not to move.
            if self.side == Color::White {
                sqs.reverse();
            }
            for s in sqs {
                out.push_str(&r.square_name(s));
            }
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }
}

/// Parses and checks the en-passant field.
fn parse_ep(
    rules: &crate::Rules,
    squares: &[Option<Piece>; Square::COUNT],
    side: Color,
    text: &str,
) -> Result<(Bitboard, Option<Square>), FenError> {
    if text == "-" {
        return Ok((Bitboard::EMPTY, None));
    }
    let err = |m: String| Err(FenError::EnPassant(m));
    if !text.is_ascii() || !text.starts_with(|c: char| c.is_ascii_lowercase()) {
        return err(format!(
            "'{}' is not '-' or a list of squares",
            text.escape_default()
        ));
    }
    let mut list = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let name = &text[start..i];
        match rules.parse_square(name) {
            Some(s) => list.push(s),
            None => return err(format!("'{name}' is not a square of this board")),
        }
        if list.len() > 12 {
            return err("too many squares".into());
        }
    }
    let mover = side.opposite();
    let dir = mover.forward();
    let first = list[0];
    for (k, s) in list.iter().enumerate() {
        let expected = first.offset(0, dir * k as i32);
        if expected != Some(*s) {
            return err(format!(
                "squares must be consecutive on one file in the direction {} moved",
                color_name(mover)
            ));
        }
        if squares[s.index()].is_some() {
            return err(format!("{} is not empty", rules.square_name(*s)));
        }
    }
    let last = list[list.len() - 1];
    let pawn_sq = rules.offset(last, 0, dir);
    match pawn_sq {
        Some(p) if squares[p.index()] == Some(Piece::new(mover, Role::Pawn)) => {
            Ok((list.into_iter().collect(), Some(p)))
        }
        _ => err(format!(
            "the {} pawn that passed these squares must stand just beyond {}",
            color_name(mover),
            rules.square_name(last)
        )),
    }
}

//! FEN reading and writing (RULES.md section 4). Parsing runs in two stages: syntax (fields,
//! rows, letters, numbers), then legality (kings, pawns, castling, en passant, check).

use crate::position::castle_bit;
use crate::{
    zobrist, Bitboard, Board, Color, GeometrySpec, Piece, Position, Role, Rules, Square, Variant,
};

/// Writes a board's rows to `out` as a FEN's board field does: the top row first, rows
/// separated by `/`. `square` gives the character written for a square, or `None` for an empty
/// one; each run of empty squares in a row is written as its length.
pub fn write_board_rows(
    geometry: &GeometrySpec,
    out: &mut String,
    mut square: impl FnMut(Square) -> Option<char>,
) {
    for row in (0..geometry.rows).rev() {
        let mut empty = 0;
        for file in 0..geometry.files {
            match Square::from_coords(file, row).and_then(&mut square) {
                None => empty += 1,
                Some(c) => {
                    push_empty_run(out, &mut empty);
                    out.push(c);
                }
            }
        }
        push_empty_run(out, &mut empty);
        if row > 0 {
            out.push('/');
        }
    }
}

/// Writes a pending run of `empty` squares (if any) and starts a new one.
fn push_empty_run(out: &mut String, empty: &mut u32) {
    if *empty > 0 {
        out.push_str(&empty.to_string());
        *empty = 0;
    }
}

/// Why a FEN was rejected. Each variant names the field and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Longer than any FEN of these games.
    #[error("FEN: {len} bytes is longer than the {max} accepted")]
    TooLong {
        /// Length of the text, in bytes.
        len: usize,
        /// The most accepted.
        max: usize,
    },
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
    /// The board field disagrees with which squares exist.
    #[error("FEN board: {0}")]
    Hole(HoleError),
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
    Hand(HandError),
    /// Side to move is not `w` or `b`.
    #[error("FEN side to move: expected 'w' or 'b', found '{0}'")]
    Side(String),
    /// A bad castling field.
    #[error("FEN castling: {0}")]
    Castling(CastlingError),
    /// A bad en-passant field.
    #[error("FEN en passant: {0}")]
    EnPassant(EnPassantError),
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

/// The board field puts something on a missing square, or a hole on an existing one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HoleError {
    /// An empty-square count runs over a square that does not exist.
    #[error("empty-square count on rank {rank} covers a missing square")]
    EmptyRunOverHole {
        /// Printed rank.
        rank: i32,
    },
    /// `*` (no square) written where a square exists.
    #[error("'*' on {square}, which exists")]
    HoleOnSquare {
        /// The existing square.
        square: String,
    },
    /// A piece written where no square exists.
    #[error("piece '{letter}' on {square}, a square that does not exist")]
    PieceOnHole {
        /// The piece letter.
        letter: char,
        /// The missing square's name.
        square: String,
    },
}

/// What is wrong with the hand field (`[...]` after the board).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HandError {
    /// A hand in a game without drops.
    #[error("{variant} has no drops, so no hand field")]
    Unexpected {
        /// The variant.
        variant: &'static str,
    },
    /// No hand in a game with drops.
    #[error("{variant} needs a hand field such as [JJjj] or []")]
    Missing {
        /// The variant.
        variant: &'static str,
    },
    /// Not enclosed in brackets.
    #[error("'{found}' is not of the form [...]")]
    NotBracketed {
        /// The field (shortened).
        found: String,
    },
    /// A letter of a piece that is never in hand.
    #[error("'{0}' cannot be in hand")]
    NotDroppable(char),
    /// More pieces than a hand holds.
    #[error("more than {max} pieces in one hand")]
    TooMany {
        /// The most one hand holds.
        max: usize,
    },
}

/// What is wrong with the castling field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CastlingError {
    /// Not one of `KQkq`.
    #[error("unknown character '{0}' (use a subset of KQkq or '-')")]
    UnknownChar(char),
    /// A right written twice.
    #[error("'{0}' appears twice")]
    Repeated(char),
    /// A right whose king is not at home.
    #[error("'{right}' needs the {color} king on {square}")]
    KingNotHome {
        /// The right's letter.
        right: char,
        /// The side.
        color: &'static str,
        /// The king's home square.
        square: String,
    },
    /// A right whose rook is not at home.
    #[error("'{right}' needs a {color} rook on {square}")]
    RookNotHome {
        /// The right's letter.
        right: char,
        /// The side.
        color: &'static str,
        /// The rook's home square.
        square: String,
    },
}

/// What is wrong with the en-passant field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnPassantError {
    /// Neither `-` nor a list of squares.
    #[error("'{found}' is not '-' or a list of squares")]
    NotASquareList {
        /// The field, escaped and shortened.
        found: String,
    },
    /// A name that is no square of this board.
    #[error("'{0}' is not a square of this board")]
    NotASquare(String),
    /// More squares than any pawn passes.
    #[error("more than {max} squares")]
    TooMany {
        /// The most accepted.
        max: usize,
    },
    /// Squares that are not one run along a file in the mover's direction.
    #[error("squares must be consecutive on one file in the direction {mover} moved")]
    NotConsecutive {
        /// The side that just moved.
        mover: &'static str,
    },
    /// A passed square that is occupied.
    #[error("{0} is not empty")]
    Occupied(String),
    /// No pawn just beyond the passed squares.
    #[error("the {mover} pawn that passed these squares must stand just beyond {square}")]
    NoPawn {
        /// The side that just moved.
        mover: &'static str,
        /// The last passed square.
        square: String,
    },
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn shorten(s: &str) -> String {
    s.chars().take(16).collect()
}

/// Longest FEN accepted, in bytes (a 12x12 board with hands needs well under 400).
const MAX_FEN_LEN: usize = 2048;

/// Most en-passant squares (a pawn passes at most this many).
const MAX_EP_SQUARES: usize = 12;

/// What the board field describes: the pieces, as a mailbox and as bitboards.
struct BoardField {
    squares: [Option<Piece>; Square::COUNT],
    board: Board,
}

impl Position {
    /// Parses a FEN of `variant`: board, hand, side to move, castling, en passant and clocks,
    /// each by its own reader, then the checks that need the whole position.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        let rules = variant.rules();
        if fen.len() > MAX_FEN_LEN {
            return Err(FenError::TooLong {
                len: fen.len(),
                max: MAX_FEN_LEN,
            });
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let (board_text, hand_text) = match fields[0].find('[') {
            Some(i) => (&fields[0][..i], Some(&fields[0][i..])),
            None => (fields[0], None),
        };
        let BoardField { squares, board } = read_board(rules, board_text)?;
        let hand = read_hand(rules, hand_text)?;
        let side = read_side(fields[1])?;
        let kings = check_kings_and_pawns(rules, &board)?;
        let castling = read_castling(rules, &squares, fields[2])?;
        let (ep_squares, ep_victim) = read_ep(rules, &squares, side, fields[3])?;
        let halfmove = read_clock(fields.get(4).copied(), "halfmove clock", 0)?;
        let fullmove = read_clock(fields.get(5).copied(), "fullmove number", 1)?.max(1);
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
            reversible: 0,
            fullmove,
            hash: 0,
            kings,
            check: Default::default(),
            history: Vec::with_capacity(256),
        };
        pos.hash = pos.compute_hash();
        pos.refresh_check_state();
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
        write_board_rows(g, &mut out, |s| {
            if r.has(s) {
                self.squares[s.index()].map(Piece::letter)
            } else {
                Some('*')
            }
        });
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

/// Reads the board field (without the hand): rows from the top rank down.
fn read_board(rules: &Rules, text: &str) -> Result<BoardField, FenError> {
    let g = &rules.spec.geometry;
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != g.rows as usize {
        return Err(FenError::RowCount {
            expected: g.rows as usize,
            found: rows.len(),
        });
    }
    let mut field = BoardField {
        squares: [None; Square::COUNT],
        board: Board::empty(),
    };
    for (i, row_text) in rows.iter().enumerate() {
        read_row(rules, g.rows - 1 - i as i32, row_text, &mut field)?;
    }
    Ok(field)
}

/// Reads one row of the board field into `field`.
fn read_row(rules: &Rules, row: i32, text: &str, field: &mut BoardField) -> Result<(), FenError> {
    let g = &rules.spec.geometry;
    let rank = rules.rank_of_row(row);
    let mut file = 0i32;
    let chars: Vec<char> = text.chars().collect();
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
                match Square::from_coords(file, row) {
                    Some(s) if rules.has(s) => {}
                    _ if file >= g.files => {}
                    _ => return Err(FenError::Hole(HoleError::EmptyRunOverHole { rank })),
                }
                file += 1;
            }
        } else if ch == '*' {
            if let Some(s) = Square::from_coords(file, row).filter(|s| rules.has(*s)) {
                return Err(FenError::Hole(HoleError::HoleOnSquare {
                    square: rules.square_name(s),
                }));
            }
            file += 1;
        } else {
            let piece = Piece::from_letter(ch).ok_or(FenError::UnknownLetter(ch))?;
            if !rules.role_allowed[piece.role.index()] {
                return Err(FenError::PieceNotInVariant {
                    letter: ch,
                    name: piece.role.name(),
                    variant: rules.spec.name,
                });
            }
            match Square::from_coords(file, row) {
                Some(s) if rules.has(s) => {
                    field.squares[s.index()] = Some(piece);
                    field.board.put(s, piece);
                }
                Some(_) => {
                    return Err(FenError::Hole(HoleError::PieceOnHole {
                        letter: ch,
                        square: format!("{}{rank}", (b'a' + file as u8) as char),
                    }))
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
    Ok(())
}

/// Reads the hand field (`[...]` right after the board), present exactly in games with drops.
fn read_hand(rules: &Rules, text: Option<&str>) -> Result<[u8; 2], FenError> {
    let variant = rules.spec.name;
    let mut hand = [0u8; 2];
    let (text, drops) = match (text, &rules.spec.drops) {
        (None, None) => return Ok(hand),
        (Some(_), None) => return Err(FenError::Hand(HandError::Unexpected { variant })),
        (None, Some(_)) => return Err(FenError::Hand(HandError::Missing { variant })),
        (Some(t), Some(d)) => (t, d),
    };
    let inner = text
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| {
            FenError::Hand(HandError::NotBracketed {
                found: shorten(text),
            })
        })?;
    for ch in inner.chars() {
        let p = Piece::from_letter(ch)
            .filter(|p| p.role == drops.role)
            .ok_or(FenError::Hand(HandError::NotDroppable(ch)))?;
        let n = &mut hand[p.color.index()];
        if *n as usize >= zobrist::MAX_HAND {
            return Err(FenError::Hand(HandError::TooMany {
                max: zobrist::MAX_HAND,
            }));
        }
        *n += 1;
    }
    Ok(hand)
}

/// Reads the side to move.
fn read_side(text: &str) -> Result<Color, FenError> {
    match text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(FenError::Side(shorten(other))),
    }
}

/// Checks one king per side, at most 64 pieces per side, and no pawn on its promotion rank;
/// returns the kings' squares.
fn check_kings_and_pawns(rules: &Rules, board: &Board) -> Result<[Square; 2], FenError> {
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
    Ok(kings)
}

/// Reads the castling field; each right needs its king and rook at home.
fn read_castling(
    rules: &Rules,
    squares: &[Option<Piece>; Square::COUNT],
    text: &str,
) -> Result<u8, FenError> {
    let mut castling = 0u8;
    if text == "-" {
        return Ok(castling);
    }
    for ch in text.chars() {
        let (c, side_idx) = match ch {
            'K' => (Color::White, 1),
            'Q' => (Color::White, 0),
            'k' => (Color::Black, 1),
            'q' => (Color::Black, 0),
            _ => return Err(FenError::Castling(CastlingError::UnknownChar(ch))),
        };
        let bit = castle_bit(c, side_idx);
        if castling & bit != 0 {
            return Err(FenError::Castling(CastlingError::Repeated(ch)));
        }
        let king_home = rules.king_home[c.index()];
        let rook_home = rules.rook_home[c.index()][side_idx];
        if squares[king_home.index()] != Some(Piece::new(c, Role::King)) {
            return Err(FenError::Castling(CastlingError::KingNotHome {
                right: ch,
                color: color_name(c),
                square: rules.square_name(king_home),
            }));
        }
        if squares[rook_home.index()] != Some(Piece::new(c, Role::Rook)) {
            return Err(FenError::Castling(CastlingError::RookNotHome {
                right: ch,
                color: color_name(c),
                square: rules.square_name(rook_home),
            }));
        }
        castling |= bit;
    }
    Ok(castling)
}

/// Reads a clock field; `default` when it is absent.
fn read_clock(text: Option<&str>, field: &'static str, default: u32) -> Result<u32, FenError> {
    match text {
        None => Ok(default),
        Some(s) => s.parse::<u32>().map_err(|_| FenError::Clock {
            field,
            found: shorten(s),
        }),
    }
}

/// Reads and checks the en-passant field: the squares a pawn of the side that just moved passed,
/// and that pawn's square.
fn read_ep(
    rules: &Rules,
    squares: &[Option<Piece>; Square::COUNT],
    side: Color,
    text: &str,
) -> Result<(Bitboard, Option<Square>), FenError> {
    if text == "-" {
        return Ok((Bitboard::EMPTY, None));
    }
    let err = |e: EnPassantError| Err(FenError::EnPassant(e));
    if !text.is_ascii() || !text.starts_with(|c: char| c.is_ascii_lowercase()) {
        return err(EnPassantError::NotASquareList {
            found: shorten(&text.escape_default().to_string()),
        });
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
            None => return err(EnPassantError::NotASquare(shorten(name))),
        }
        if list.len() > MAX_EP_SQUARES {
            return err(EnPassantError::TooMany {
                max: MAX_EP_SQUARES,
            });
        }
    }
    let mover = side.opposite();
    let dir = mover.forward();
    let first = list[0];
    for (k, s) in list.iter().enumerate() {
        if first.offset(0, dir * k as i32) != Some(*s) {
            return err(EnPassantError::NotConsecutive {
                mover: color_name(mover),
            });
        }
        if squares[s.index()].is_some() {
            return err(EnPassantError::Occupied(rules.square_name(*s)));
        }
    }
    let last = list[list.len() - 1];
    match rules.offset(last, 0, dir) {
        Some(p) if squares[p.index()] == Some(Piece::new(mover, Role::Pawn)) => {
            Ok((list.into_iter().collect(), Some(p)))
        }
        _ => err(EnPassantError::NoPawn {
            mover: color_name(mover),
            square: rules.square_name(last),
        }),
    }
}

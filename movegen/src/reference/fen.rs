//! Reading and writing FEN: RULES.md section 4.
//!
//! `<board>[<hand>] <side> <castling> <en-passant> <halfmove clock> <fullmove number>`

use super::board::{CastleSide, Color, Kind, Piece, Square, Variant};
use super::rules::{king_attacked, king_home, right_index, rook_home, RIGHTS};
use super::{RefPosition, CELLS};

/// Parses and checks a FEN of `variant`.
pub(super) fn parse(variant: Variant, fen: &str) -> Result<RefPosition, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    // RULE CHOICE: the two clocks may be omitted together (4 fields) or both given (6 fields);
    // a FEN with only the halfmove clock (5 fields) is rejected.
    if fields.len() != 4 && fields.len() != 6 {
        return Err(format!(
            "a FEN has 4 or 6 fields separated by spaces, this one has {}",
            fields.len()
        ));
    }
    let mut pos = RefPosition {
        variant,
        board: [None; CELLS],
        side: Color::White,
        castling: [false; 4],
        en_passant: Vec::new(),
        hand: [0, 0],
        halfmove: 0,
        fullmove: 1,
    };

    let (board, hand) = split_hand(variant, fields[0])?;
    parse_board(&mut pos, board)?;
    if let Some(hand) = hand {
        parse_hand(&mut pos, hand)?;
    }
    check_pieces(&pos)?;

    pos.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(format!("side to move must be `w` or `b`, not {other:?}")),
    };
    parse_castling(&mut pos, fields[2])?;
    parse_en_passant(&mut pos, fields[3])?;
    if fields.len() == 6 {
        pos.halfmove = fields[4]
            .parse()
            .map_err(|_| format!("bad halfmove clock {:?}", fields[4]))?;
        pos.fullmove = fields[5]
            .parse()
            .map_err(|_| format!("bad fullmove number {:?}", fields[5]))?;
    }
    if king_attacked(&pos, pos.side.other()) {
        return Err("the side not to move is in check".to_string());
    }
    Ok(pos)
}

/// Splits `board[hand]` into the board and the hand; a hand must be present exactly in the
/// variants with drops.
fn split_hand(variant: Variant, field: &str) -> Result<(&str, Option<&str>), String> {
    match field.find('[') {
        Some(open) => {
            if !variant.has_drops() {
                return Err("a hand `[...]` in a variant without drops".to_string());
            }
            let hand = field[open + 1..]
                .strip_suffix(']')
                .ok_or("the hand must end with `]`")?;
            Ok((&field[..open], Some(hand)))
        }
        None if variant.has_drops() => {
            Err("octopus FEN needs a hand `[...]` after the board (`[]` when empty)".to_string())
        }
        None => Ok((field, None)),
    }
}

/// Reads the rows, highest rank first.
fn parse_board(pos: &mut RefPosition, board: &str) -> Result<(), String> {
    let variant = pos.variant;
    let rows: Vec<&str> = board.split('/').collect();
    let expected = variant.highest_rank() - variant.lowest_rank() + 1;
    if i32::try_from(rows.len()).ok() != Some(expected) {
        return Err(format!(
            "the board has {} rows, expected {expected}",
            rows.len()
        ));
    }
    for (rank, row) in (variant.lowest_rank()..=variant.highest_rank())
        .rev()
        .zip(rows)
    {
        parse_row(pos, rank, row)?;
    }
    Ok(())
}

/// Reads one row: pieces, runs of empty existing squares (one or two digits), `*` for a square
/// that does not exist.
fn parse_row(pos: &mut RefPosition, rank: i32, row: &str) -> Result<(), String> {
    let variant = pos.variant;
    let chars: Vec<char> = row.chars().collect();
    let mut file = 0;
    let mut i = 0;
    // Checks that one more square fits in the row and returns it.
    let next_square = |file: i32| -> Result<Square, String> {
        if file >= variant.files() {
            Err(format!(
                "row {rank} ({row:?}) is longer than {} squares",
                variant.files()
            ))
        } else {
            Ok(Square::new(file, rank))
        }
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let digits: String = chars[i..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            i += digits.len();
            let run: i32 = digits
                .parse()
                .map_err(|_| format!("bad number {digits:?} in row {rank}"))?;
            // RULE CHOICE: a run is written as section 4's writer writes it: one or two digits,
            // no leading zero ("08", "0" and "123" are rejected).
            if digits.len() > 2 || digits.starts_with('0') {
                return Err(format!("bad run of empty squares {digits:?} in row {rank}"));
            }
            for _ in 0..run {
                let sq = next_square(file)?;
                if !variant.exists(sq) {
                    return Err(format!(
                        "a digit covers the missing square {} in row {rank}",
                        sq.name()
                    ));
                }
                file += 1;
            }
            continue;
        }
        let sq = next_square(file)?;
        if c == '*' {
            if variant.exists(sq) {
                return Err(format!("`*` on the existing square {}", sq.name()));
            }
        } else {
            // RULE CHOICE: a letter of section 2 that the variant does not use (a `W` in hadean,
            // a `J` in chess or raptor) counts as an unknown letter.
            let piece = Piece::from_letter(c)
                .filter(|p| variant.has_kind(p.kind))
                .ok_or_else(|| format!("unknown piece letter {c:?} in row {rank}"))?;
            if !variant.exists(sq) {
                return Err(format!("a piece on the missing square {}", sq.name()));
            }
            pos.set(sq, Some(piece));
        }
        file += 1;
        i += 1;
    }
    if file != variant.files() {
        return Err(format!(
            "row {rank} ({row:?}) has {file} squares, expected {}",
            variant.files()
        ));
    }
    Ok(())
}

/// Reads the hand: only `J` and `j`.
// RULE CHOICE: the letters of the hand are accepted in any order; they are written white's
// first.
fn parse_hand(pos: &mut RefPosition, hand: &str) -> Result<(), String> {
    for c in hand.chars() {
        match c {
            'J' => pos.hand[0] = pos.hand[0].saturating_add(1),
            'j' => pos.hand[1] = pos.hand[1].saturating_add(1),
            other => return Err(format!("only J and j can be in hand, not {other:?}")),
        }
    }
    Ok(())
}

/// Exactly one king a side; no pawn or ninja pawn on or beyond its promotion rank.
fn check_pieces(pos: &RefPosition) -> Result<(), String> {
    let variant = pos.variant;
    for color in [Color::White, Color::Black] {
        let kings = variant
            .squares()
            .into_iter()
            .filter(|sq| {
                pos.get(*sq)
                    == Some(Piece {
                        color,
                        kind: Kind::King,
                    })
            })
            .count();
        if kings != 1 {
            return Err(format!("{color:?} has {kings} kings, expected exactly one"));
        }
    }
    for sq in variant.squares() {
        if let Some(piece) = pos.get(sq) {
            if matches!(piece.kind, Kind::Pawn | Kind::NinjaPawn)
                && variant.on_or_beyond_promotion(piece.color, sq.rank)
            {
                return Err(format!(
                    "a pawn on {}, on or beyond its promotion rank",
                    sq.name()
                ));
            }
        }
    }
    Ok(())
}

/// Reads the castling field; every right must fit (king and that rook on their home squares).
// RULE CHOICE: the letters may come in any order, each at most once; they are written `KQkq`.
fn parse_castling(pos: &mut RefPosition, field: &str) -> Result<(), String> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let (color, side) = match c {
            'K' => (Color::White, CastleSide::King),
            'Q' => (Color::White, CastleSide::Queen),
            'k' => (Color::Black, CastleSide::King),
            'q' => (Color::Black, CastleSide::Queen),
            other => return Err(format!("bad castling letter {other:?}")),
        };
        let index = right_index(color, side);
        if pos.castling[index] {
            return Err(format!("castling letter {c:?} given twice"));
        }
        let king_ok = pos.get(king_home(pos, color))
            == Some(Piece {
                color,
                kind: Kind::King,
            });
        let rook_ok = pos.get(rook_home(pos, color, side))
            == Some(Piece {
                color,
                kind: Kind::Rook,
            });
        if !king_ok || !rook_ok {
            return Err(format!(
                "castling right {c:?} does not fit: king or rook not on its home square"
            ));
        }
        pos.castling[index] = true;
    }
    Ok(())
}

/// Reads the en-passant field: `-`, or consecutive empty squares of one file in the direction
/// of the side that just moved, with that side's pawn on the next square.
fn parse_en_passant(pos: &mut RefPosition, field: &str) -> Result<(), String> {
    if field == "-" {
        return Ok(());
    }
    let mut squares = Vec::new();
    let mut rest = field;
    while !rest.is_empty() {
        let (sq, after) =
            Square::parse_prefix(rest).ok_or_else(|| format!("bad en-passant field {field:?}"))?;
        squares.push(sq);
        rest = after;
    }
    let mover = pos.side.other();
    let forward = mover.forward();
    for (k, sq) in squares.iter().enumerate() {
        if !pos.variant.exists(*sq) || pos.get(*sq).is_some() {
            return Err(format!(
                "en-passant square {} is not an empty square",
                sq.name()
            ));
        }
        if k > 0 && *sq != squares[k - 1].offset(0, forward) {
            return Err(format!(
                "en-passant squares {field:?} are not consecutive squares of one file in {mover:?}'s direction"
            ));
        }
    }
    let pawn = squares.last().map(|last| last.offset(0, forward));
    let fits = pawn.is_some_and(|sq| {
        pos.get(sq)
            == Some(Piece {
                color: mover,
                kind: Kind::Pawn,
            })
    });
    if !fits {
        return Err(format!(
            "en-passant field {field:?} does not fit: no {mover:?} pawn just beyond it"
        ));
    }
    pos.en_passant = squares;
    Ok(())
}

/// Writes the FEN of section 4.
pub(super) fn write(pos: &RefPosition) -> String {
    let variant = pos.variant;
    let mut rows = Vec::new();
    for rank in (variant.lowest_rank()..=variant.highest_rank()).rev() {
        let mut row = String::new();
        let mut run = 0;
        for file in 0..variant.files() {
            let sq = Square::new(file, rank);
            let content = if !variant.exists(sq) {
                Some('*')
            } else {
                pos.get(sq).map(Piece::letter)
            };
            match content {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        row.push_str(&run.to_string());
                        run = 0;
                    }
                    row.push(c);
                }
            }
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        rows.push(row);
    }
    let mut board = rows.join("/");
    if variant.has_drops() {
        board.push('[');
        board.push_str(&"J".repeat(pos.hand[0] as usize));
        board.push_str(&"j".repeat(pos.hand[1] as usize));
        board.push(']');
    }
    let side = match pos.side {
        Color::White => "w",
        Color::Black => "b",
    };
    let castling: String = RIGHTS
        .iter()
        .zip(pos.castling)
        .filter(|(_, has)| *has)
        .map(|((color, side), _)| {
            let letter = match side {
                CastleSide::King => 'K',
                CastleSide::Queen => 'Q',
            };
            match color {
                Color::White => letter,
                Color::Black => letter.to_ascii_lowercase(),
            }
        })
        .collect();
    let castling = if castling.is_empty() {
        "-".to_string()
    } else {
        castling
    };
    let en_passant = if pos.en_passant.is_empty() {
        "-".to_string()
    } else {
        pos.en_passant.iter().map(|sq| sq.name()).collect()
    };
    format!(
        "{board} {side} {castling} {en_passant} {} {}",
        pos.halfmove, pos.fullmove
    )
}

//! Square and move names as XBoard writes them, and their mapping to the project's notation.
//!
//! XBoard numbers ranks from 1, except on boards of exactly 10 ranks, where it counts from 0
//! (engine-intf, section 8). The project numbers ranks as RULES.md does. So:
//! - chess, titan, hadean: the same names;
//! - octopus (10 ranks): XBoard rank = project rank - 1 (`e2` is XBoard's `e1`);
//! - raptor (10 files x 12 rows, project ranks 0..11): XBoard rank = project rank + 1.
//!
//! Moves: ordinary moves and promotions keep their shape. A move that removes a piece on a square
//! other than its destination (a fly-over capture, the warrior's or bomber's double capture) is
//! written with XBoard's comma notation `from victim,victim to`. Drops are `J@sq`; a
//! drop-and-push, which XBoard cannot express, is written as a drop straight onto the push's
//! destination (`J@e4`), which is unambiguous because a plain drop only lands on the drop rank.
//! Castling over two or more squares is the king's move (`g1i1`): XBoard 4.9.1 then moves the
//! nearest piece beyond the king's destination, the rook, next to it. The one-square castle and
//! the castle onto the rook's square are sent as the king's move through the rook's square
//! (`g1k1,k1h1`, `g1k1,k1k1`), the form in which XBoard moves the rook exactly as the rules do
//! (it needs an `O` in the king's `piece` line, see `variants`); XBoard passes such a move on
//! to an engine as the king's move followed by the rook's (`g1h1,k1g1`). All are read, as is
//! the project's one-square castle (`g1h1k1`).

use crate::error::MoveTextError;
use movegen::{Move, MoveKind, Position, Role, Rules, Square, Variant};

/// The difference `xboard rank - project rank` for a variant.
pub fn rank_shift(variant: Variant) -> i32 {
    match variant {
        Variant::Octopus => -1,
        Variant::Raptor => 1,
        Variant::Chess | Variant::Titan | Variant::Hadean => 0,
    }
}

/// XBoard's name of a square of `rules`' board.
pub fn square_to_xboard(rules: &Rules, sq: Square) -> String {
    let file = (b'a' + sq.file() as u8) as char;
    format!(
        "{file}{}",
        rules.rank_of_row(sq.row()) + rank_shift(rules.variant)
    )
}

/// Reads an XBoard square name (`e1`, `a12`) at the start of `text`; returns the square and
/// the rest of the text. The square must exist on the board.
pub fn parse_xboard_square<'t>(rules: &Rules, text: &'t str) -> Option<(Square, &'t str)> {
    let b = text.as_bytes();
    if b.is_empty() || !b[0].is_ascii_lowercase() {
        return None;
    }
    let mut n = 1;
    while n < b.len() && n < 3 && b[n].is_ascii_digit() {
        n += 1;
    }
    if n == 1 || (n == 3 && b[1] == b'0') {
        return None;
    }
    let xb_rank: i32 = text[1..n].parse().ok()?;
    let rank = xb_rank - rank_shift(rules.variant);
    let sq = Square::from_coords((b[0] - b'a') as i32, rules.row_of_rank(rank))?;
    rules.has(sq).then_some((sq, &text[n..]))
}

/// Writes a legal move of `pos` in XBoard's notation (see the module documentation).
pub fn to_xboard(pos: &Position, m: Move) -> String {
    let rules = pos.rules();
    let name = |sq: Square| square_to_xboard(rules, sq);
    match m.kind() {
        MoveKind::Drop => format!("{}@{}", Role::Ninja.upper(), name(m.to())),
        MoveKind::Castle => {
            let rook = castle_rook(pos, m);
            // XBoard moves the rook of a king's move of two or more squares itself, correctly
            // unless the king lands on the rook's square; that castle and the one-square castle
            // go through the rook's square.
            if (m.to().file() - m.from().file()).abs() == 1 || m.to() == rook {
                let rook = name(rook);
                format!("{}{rook},{rook}{}", name(m.from()), name(m.to()))
            } else {
                format!("{}{}", name(m.from()), name(m.to()))
            }
        }
        _ => {
            let victims: Vec<Square> = pos
                .captures(m)
                .iter()
                .flatten()
                .map(|(sq, _)| *sq)
                .filter(|sq| *sq != m.to())
                .collect();
            // XBoard takes a pawn's diagonal step to an empty square as en passant and removes
            // the pawn beside it; only a victim elsewhere (an en passant over several squares)
            // needs the comma form.
            let behind = Square::from_coords(m.to().file(), m.from().row());
            let mut s = match victims.as_slice() {
                [v] if !(m.kind() == MoveKind::EnPassant && Some(*v) == behind) => {
                    format!(
                        "{}{},{}{}",
                        name(m.from()),
                        name(*v),
                        name(*v),
                        name(m.to())
                    )
                }
                _ => format!("{}{}", name(m.from()), name(m.to())),
            };
            if let Some(p) = m.promotion() {
                s.push(p.lower());
            }
            s
        }
    }
}

/// Finds the legal move of `pos` that an XBoard move text names.
///
/// Accepted: `e2e4`, `a11a12q`, comma moves `c4d5,d5e4` (the first leg's square must be a
/// square the move removes a piece from), drops `J@e2` (any case of the letter), a drop onto a
/// square beyond the drop rank meaning drop-and-push, castling as the king's move, and the
/// project's one-square castle `g1h1k1` written with XBoard's ranks.
pub fn from_xboard(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let rules = pos.rules();
    let bad = |reason: &str| MoveTextError::Syntax(reason.to_string());
    if text.is_empty() || text.len() > 24 || !text.is_ascii() {
        return Err(bad("not a move"));
    }
    let legal = pos.legal_moves();
    // Drops.
    if let Some((letter, target)) = text.split_once('@') {
        if !letter.eq_ignore_ascii_case("J") && !letter.eq_ignore_ascii_case("P") {
            return Err(bad("only ninja pawns are dropped"));
        }
        let (to, rest) = parse_xboard_square(rules, target).ok_or_else(|| bad("bad square"))?;
        if !rest.is_empty() {
            return Err(bad("trailing text after the drop square"));
        }
        return legal
            .iter()
            .copied()
            .find(|m| m.kind() == MoveKind::Drop && m.to() == to)
            .ok_or(MoveTextError::Illegal);
    }
    // Legs.
    let mut legs = Vec::new();
    for leg in text.split(',') {
        let (from, rest) = parse_xboard_square(rules, leg).ok_or_else(|| bad("bad square"))?;
        let (to, rest) = parse_xboard_square(rules, rest).ok_or_else(|| bad("bad square"))?;
        legs.push((from, to, rest));
    }
    if legs.len() > 2 {
        return Err(bad("more than two legs"));
    }
    if let Some(m) = castle_from_legs(pos, &legs) {
        return Ok(m);
    }
    let (from, first_to, first_rest) = legs[0];
    let (to, tail) = match legs.get(1) {
        Some(&(mid, to, rest)) => {
            if mid != first_to || !first_rest.is_empty() {
                return Err(bad(
                    "the second leg neither continues the first nor moves the castling rook",
                ));
            }
            (to, rest)
        }
        None => (first_to, first_rest),
    };
    let kill = (legs.len() == 2).then_some(first_to);
    // Suffix: a promotion letter, or the castling rook's square of a one-square castle.
    let (promotion, castle_rook) = if tail.is_empty() {
        (None, None)
    } else if let Some((rook, "")) = parse_xboard_square(rules, tail) {
        (None, Some(rook))
    } else if tail.len() == 1 && one_square_castle_to(pos, from, to, tail).is_some() {
        // XBoard reads the one-square castle `f10e10a10` as `f10e10` with a promotion letter
        // and passes it on as `f10e10a`: the letter is the castling rook's file.
        return one_square_castle_to(pos, from, to, tail).ok_or(MoveTextError::Illegal);
    } else if tail.len() == 1 {
        let role = Role::from_letter(tail.chars().next().unwrap_or(' '))
            .ok_or_else(|| bad("unknown promotion letter"))?;
        (Some(role), None)
    } else {
        return Err(bad("trailing text after the move"));
    };
    let candidates = legal.iter().copied().filter(|m| {
        m.from() == from && m.to() == to && m.kind() != MoveKind::Drop && m.promotion() == promotion
    });
    for m in candidates {
        if let Some(k) = kill {
            if !pos.captures(m).iter().flatten().any(|(sq, _)| *sq == k) {
                continue;
            }
        }
        let one_square_castle =
            m.kind() == MoveKind::Castle && (m.to().file() - m.from().file()).abs() == 1;
        match castle_rook {
            Some(rook) => {
                if one_square_castle && pos.move_to_uci(m).ends_with(&rules.square_name(rook)) {
                    return Ok(m);
                }
            }
            None if one_square_castle => {}
            None => return Ok(m),
        }
    }
    Err(MoveTextError::Illegal)
}

/// The home square of the rook that castling move `m` of `pos` moves.
fn castle_rook(pos: &Position, m: Move) -> Square {
    pos.rules().rook_home[pos.side_to_move().index()][(m.to().file() > m.from().file()) as usize]
}

/// The legal castle that two legs name, in either of XBoard's forms: the king's move through
/// the rook's square (`g1k1,k1h1`: king from, rook, king to; what Shuriken sends for the
/// one-square castle, and `g1k1,k1k1` for the castle onto the rook's square) or the king's
/// move followed by the rook's (`g1h1,k1g1`: how XBoard passes such a move on to an engine).
/// `g1k1,k1j1` reads in the second form (the castle onto k1): XBoard never sends the first
/// form for a castle to j1, and Shuriken writes that one as the king's move `g1j1`.
fn castle_from_legs(pos: &Position, legs: &[(Square, Square, &str)]) -> Option<Move> {
    let [(king, a, ""), (b, c, "")] = legs else {
        return None;
    };
    let castle = |to: Square, rook: Square, rook_to: Option<Square>| {
        pos.legal_moves().iter().copied().find(|m| {
            m.kind() == MoveKind::Castle
                && m.from() == *king
                && m.to() == to
                && castle_rook(pos, *m) == rook
                && rook_to.is_none_or(|r| castle_rook_to(m) == r)
        })
    };
    // King's move then rook's move; then the king's move through the rook's square.
    castle(*a, *b, Some(*c)).or_else(|| if a == b { castle(*c, *a, None) } else { None })
}

/// The square castling move `m` puts its rook on: next to the king's destination, on the
/// side of the king's origin.
fn castle_rook_to(m: &Move) -> Square {
    let step = if m.to().file() > m.from().file() {
        -1
    } else {
        1
    };
    Square::from_coords(m.to().file() + step, m.to().row()).unwrap_or(m.to())
}

/// The legal one-square castle from `from` to `to` whose rook stands on file `file`, if any.
fn one_square_castle_to(pos: &Position, from: Square, to: Square, file: &str) -> Option<Move> {
    let rules = pos.rules();
    pos.legal_moves().iter().copied().find(|m| {
        m.kind() == MoveKind::Castle
            && m.from() == from
            && m.to() == to
            && (m.to().file() - m.from().file()).abs() == 1
            && rules.rook_home[pos.side_to_move().index()]
                .iter()
                .any(|r| r.file() == (file.as_bytes()[0] as i32 - b'a' as i32))
            && pos
                .move_to_uci(*m)
                .ends_with(&format!("{file}{}", rules.rank_of_row(from.row())))
    })
}

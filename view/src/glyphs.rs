//! Vector glyphs for the 21 kinds of piece, drawn without any font.
//!
//! A glyph is an emblem: an outline whose shape tells how the piece moves (a square for the
//! orthogonal movers, a diamond for the diagonal ones, a disc for the pieces that mix both or
//! leap, a small disc on a foot for the pawns, a double ring for the king) with the piece's own
//! FEN letter stroked inside it, so that a diagram reads with the same letters as FEN, moves and
//! `docs/rules.md`. White pieces are light with dark ink, black pieces dark with light ink.
//! Each glyph is an SVG `<symbol>` with a 100x100 view box, placed with `<use>`.

use movegen::{Color, Piece, Role};
use std::fmt::Write as _;

/// The outline family of a glyph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outline {
    /// Orthogonal movers.
    Square,
    /// Diagonal movers.
    Diamond,
    /// Pieces that mix both directions or leap.
    Disc,
    /// Ordinary and ninja pawns.
    Pawn,
    /// The king.
    Royal,
}

fn outline(role: Role) -> Outline {
    use Role::*;
    match role {
        Pawn | Ninja => Outline::Pawn,
        King => Outline::Royal,
        Rook | Warrior | Bomber | QuadBomber | Warmachine | WazirSorcerer | WazirKnight => {
            Outline::Square
        }
        Bishop | Guard | Raptor | QuadRaptor | Elephant | FerzSorcerer | FerzKnight => {
            Outline::Diamond
        }
        Queen | Knight | Snake | Octopus => Outline::Disc,
    }
}

/// Strokes of an upper-case letter on a 6 wide, 10 high grid (y down): each inner slice is one
/// polyline.
fn letter_strokes(letter: char) -> &'static [&'static [(f32, f32)]] {
    const OCTAGON: &[(f32, f32)] = &[
        (2.0, 0.0),
        (4.0, 0.0),
        (6.0, 2.0),
        (6.0, 8.0),
        (4.0, 10.0),
        (2.0, 10.0),
        (0.0, 8.0),
        (0.0, 2.0),
        (2.0, 0.0),
    ];
    const BOWL: &[(f32, f32)] = &[
        (0.0, 10.0),
        (0.0, 0.0),
        (4.0, 0.0),
        (6.0, 1.5),
        (6.0, 3.5),
        (4.0, 5.0),
        (0.0, 5.0),
    ];
    match letter {
        'K' => &[
            &[(0.0, 0.0), (0.0, 10.0)],
            &[(6.0, 0.0), (0.0, 6.0)],
            &[(2.0, 4.0), (6.0, 10.0)],
        ],
        'Q' => &[OCTAGON, &[(3.5, 6.5), (6.5, 10.5)]],
        'R' => &[BOWL, &[(3.0, 5.0), (6.0, 10.0)]],
        'B' => &[
            &[
                (0.0, 0.0),
                (0.0, 10.0),
                (4.0, 10.0),
                (6.0, 8.5),
                (6.0, 6.5),
                (4.0, 5.0),
                (0.0, 5.0),
            ],
            &[(0.0, 0.0), (3.5, 0.0), (5.5, 1.3), (5.5, 3.7), (4.0, 5.0)],
        ],
        'N' => &[&[(0.0, 10.0), (0.0, 0.0), (6.0, 10.0), (6.0, 0.0)]],
        'P' => &[BOWL],
        'J' => &[
            &[(1.5, 0.0), (6.0, 0.0)],
            &[(6.0, 0.0), (6.0, 8.0), (4.0, 10.0), (2.0, 10.0), (0.0, 8.0)],
        ],
        'W' => &[&[(0.0, 0.0), (1.5, 10.0), (3.0, 4.0), (4.5, 10.0), (6.0, 0.0)]],
        'G' => &[&[
            (6.0, 1.5),
            (4.5, 0.0),
            (1.5, 0.0),
            (0.0, 2.0),
            (0.0, 8.0),
            (1.5, 10.0),
            (4.5, 10.0),
            (6.0, 8.0),
            (6.0, 5.5),
            (3.5, 5.5),
        ]],
        'F' => &[
            &[(6.0, 0.0), (0.0, 0.0), (0.0, 10.0)],
            &[(0.0, 5.0), (4.5, 5.0)],
        ],
        'A' => &[
            &[(0.0, 10.0), (3.0, 0.0), (6.0, 10.0)],
            &[(1.2, 6.0), (4.8, 6.0)],
        ],
        'U' => &[&[
            (0.0, 0.0),
            (0.0, 8.0),
            (1.5, 10.0),
            (4.5, 10.0),
            (6.0, 8.0),
            (6.0, 0.0),
        ]],
        'Y' => &[
            &[(0.0, 0.0), (3.0, 5.0), (6.0, 0.0)],
            &[(3.0, 5.0), (3.0, 10.0)],
        ],
        'M' => &[&[(0.0, 10.0), (0.0, 0.0), (3.0, 6.0), (6.0, 0.0), (6.0, 10.0)]],
        'E' => &[
            &[(6.0, 0.0), (0.0, 0.0), (0.0, 10.0), (6.0, 10.0)],
            &[(0.0, 5.0), (4.5, 5.0)],
        ],
        'S' => &[&[
            (6.0, 1.5),
            (4.5, 0.0),
            (1.5, 0.0),
            (0.0, 1.5),
            (0.0, 3.5),
            (1.5, 5.0),
            (4.5, 5.0),
            (6.0, 6.5),
            (6.0, 8.5),
            (4.5, 10.0),
            (1.5, 10.0),
            (0.0, 8.5),
        ]],
        'Z' => &[&[(0.0, 0.0), (6.0, 0.0), (0.0, 10.0), (6.0, 10.0)]],
        'H' => &[
            &[(0.0, 0.0), (0.0, 10.0)],
            &[(6.0, 0.0), (6.0, 10.0)],
            &[(0.0, 5.0), (6.0, 5.0)],
        ],
        'L' => &[&[(0.0, 0.0), (0.0, 10.0), (6.0, 10.0)]],
        'C' => &[&[
            (6.0, 1.5),
            (4.5, 0.0),
            (1.5, 0.0),
            (0.0, 2.0),
            (0.0, 8.0),
            (1.5, 10.0),
            (4.5, 10.0),
            (6.0, 8.5),
        ]],
        'O' => &[OCTAGON],
        _ => &[],
    }
}

/// The `id` of a piece's glyph symbol, e.g. `g-wK`, `g-bJ` (after `prefix`).
pub fn symbol_id(prefix: &str, piece: Piece) -> String {
    let side = match piece.color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!("{prefix}g-{side}{}", piece.role.upper())
}

/// The outline of a glyph in the 100x100 box.
fn outline_svg(o: Outline, fill: &str, ink: &str) -> String {
    let style = format!("fill=\"{fill}\" stroke=\"{ink}\" stroke-width=\"5\"");
    match o {
        Outline::Square => format!("<rect x=\"12\" y=\"12\" width=\"76\" height=\"76\" rx=\"10\" {style}/>"),
        Outline::Diamond => format!("<polygon points=\"50,4 96,50 50,96 4,50\" {style}/>"),
        Outline::Disc => format!("<circle cx=\"50\" cy=\"50\" r=\"40\" {style}/>"),
        Outline::Pawn => format!(
            "<rect x=\"22\" y=\"80\" width=\"56\" height=\"12\" rx=\"4\" {style}/>\
             <circle cx=\"50\" cy=\"48\" r=\"34\" {style}/>"
        ),
        Outline::Royal => format!(
            "<circle cx=\"50\" cy=\"50\" r=\"44\" {style}/>\
             <circle cx=\"50\" cy=\"50\" r=\"35\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"3\"/>"
        ),
    }
}

/// The letter strokes as SVG path data, fitted in the middle of the 100x100 box.
fn letter_path(letter: char) -> String {
    let (scale, x0, y0) = (4.0_f32, 38.0_f32, 30.0_f32);
    let mut d = String::new();
    for stroke in letter_strokes(letter) {
        for (i, (x, y)) in stroke.iter().enumerate() {
            let cmd = if i == 0 { 'M' } else { 'L' };
            let _ = write!(d, "{cmd}{:.1} {:.1}", x0 + x * scale, y0 + y * scale);
        }
    }
    d
}

/// One `<symbol>` element for `piece`.
pub fn symbol(prefix: &str, piece: Piece) -> String {
    let (fill, ink) = match piece.color {
        Color::White => ("#fbf8ef", "#1d1d1d"),
        Color::Black => ("#2b2b2b", "#f4f1e8"),
    };
    format!(
        "<symbol id=\"{}\" viewBox=\"0 0 100 100\">{}<path d=\"{}\" fill=\"none\" stroke=\"{ink}\" \
         stroke-width=\"7\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></symbol>",
        symbol_id(prefix, piece),
        outline_svg(outline(piece.role), fill, ink),
        letter_path(piece.role.upper())
    )
}

/// Symbols of both colours for every role in `roles`.
pub fn symbols(prefix: &str, roles: &[Role]) -> String {
    let mut s = String::new();
    for &role in roles {
        for color in [Color::White, Color::Black] {
            s.push_str(&symbol(prefix, Piece::new(color, role)));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_has_strokes_and_distinct_glyphs() {
        let mut seen = std::collections::HashSet::new();
        for role in Role::ALL {
            assert!(!letter_strokes(role.upper()).is_empty(), "{role:?}");
            let body = symbol("", Piece::new(Color::White, role));
            let body = body.split_once('>').unwrap().1.to_string();
            assert!(seen.insert(body), "{role:?} looks like another glyph");
        }
    }
}

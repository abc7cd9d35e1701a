//! Vector glyphs for the 21 kinds of piece, drawn without any font, in two [`PieceStyle`]s: the
//! drawn figures of [`crate::figures`] (the default) and lettered emblems.
//!
//! A lettered glyph is an emblem: an outline whose shape tells how the piece moves (a square for the
//! orthogonal movers, a diamond for the diagonal ones, a disc for the pieces that mix both or
//! leap, a small disc on a foot for the pawns, a double ring for the king) with the piece's own
//! FEN letter stroked inside it, so that a diagram reads with the same letters as FEN, moves and
//! `docs/rules.md`. White pieces are light with dark ink, black pieces dark with light ink.
//! Each glyph, in either style, is an SVG `<symbol>` with a 100x100 view box and the same `id`
//! ([`symbol_id`]), placed with `<use>`.

use crate::figures;
use movegen::{Color, Piece, Role};
use std::fmt::Write as _;

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceStyle {
    /// Drawn figures: Staunton-like chess pieces and a picture for every fairy piece, the fairy
    /// pieces marked with their FEN letter.
    #[default]
    Figures,
    /// Lettered emblems: an outline telling how the piece moves with its FEN letter inside.
    Letters,
}

/// A piece style name that is neither `figures` nor `letters`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown piece style '{0}' (expected figures or letters)")]
pub struct UnknownPieceStyle(pub String);

impl PieceStyle {
    /// Both styles, the default first.
    pub const ALL: [PieceStyle; 2] = [PieceStyle::Figures, PieceStyle::Letters];

    /// The style's name on the command line: `figures` or `letters`.
    pub const fn name(self) -> &'static str {
        match self {
            PieceStyle::Figures => "figures",
            PieceStyle::Letters => "letters",
        }
    }
}

impl std::fmt::Display for PieceStyle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for PieceStyle {
    type Err = UnknownPieceStyle;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PieceStyle::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownPieceStyle(s.chars().take(32).collect()))
    }
}

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

/// The strokes of `letter` as SVG path data: the 6x10 grid scaled by `scale`, its top left
/// corner at `(x0, y0)`.
pub(crate) fn letter_path(letter: char, scale: f32, x0: f32, y0: f32) -> String {
    let mut d = String::new();
    for stroke in letter_strokes(letter) {
        for (i, (x, y)) in stroke.iter().enumerate() {
            let cmd = if i == 0 { 'M' } else { 'L' };
            let _ = write!(d, "{cmd}{:.1} {:.1}", x0 + x * scale, y0 + y * scale);
        }
    }
    d
}

/// The lettered emblem of `piece`: outline and letter, in the 100x100 box.
fn emblem_svg(piece: Piece) -> String {
    let figures::Palette { body, ink } = figures::palette(piece.color);
    format!(
        "{}<path d=\"{}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"7\" \
         stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
        outline_svg(outline(piece.role), body, ink),
        letter_path(piece.role.upper(), 4.0, 38.0, 30.0)
    )
}

/// The elements of `piece`'s glyph in `style`, in a 100x100 box, without a wrapper.
pub fn glyph_body(style: PieceStyle, piece: Piece) -> String {
    match style {
        PieceStyle::Figures => figures::figure_svg(piece.role, piece.color),
        PieceStyle::Letters => emblem_svg(piece),
    }
}

/// One `<symbol>` element for `piece` in `style`, with the `id` of [`symbol_id`].
pub fn symbol(style: PieceStyle, prefix: &str, piece: Piece) -> String {
    format!(
        "<symbol id=\"{}\" viewBox=\"0 0 100 100\">{}</symbol>",
        symbol_id(prefix, piece),
        glyph_body(style, piece)
    )
}

/// Symbols of both colours for every role in `roles`, in `style`: what a page puts in its
/// `<defs>` to place pieces with `<use href="#{prefix}g-wK">`.
pub fn symbols(style: PieceStyle, prefix: &str, roles: &[Role]) -> String {
    let mut s = String::new();
    for &role in roles {
        for color in Color::BOTH {
            s.push_str(&symbol(style, prefix, Piece::new(color, role)));
        }
    }
    s
}

/// A hidden standalone `<svg>` holding the symbols of all 21 roles in both colours, for an HTML
/// page to include once and then draw any piece with `<svg><use href="#{prefix}g-bO"/></svg>`.
pub fn symbol_sheet(style: PieceStyle, prefix: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" \
         style=\"position:absolute\" aria-hidden=\"true\"><defs>{}</defs></svg>",
        symbols(style, prefix, &Role::ALL)
    )
}

/// One piece as a standalone SVG document of `px` by `px` pixels (an image file, an `<img>`).
pub fn piece_svg(style: PieceStyle, piece: Piece, px: u32) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" width=\"{px}\" \
         height=\"{px}\" data-piece=\"{}\">{}</svg>\n",
        piece.letter(),
        glyph_body(style, piece)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_has_strokes_and_distinct_glyphs() {
        let mut seen = std::collections::HashSet::new();
        for role in Role::ALL {
            assert!(!letter_strokes(role.upper()).is_empty(), "{role:?}");
            let body = symbol(PieceStyle::Letters, "", Piece::new(Color::White, role));
            let body = body.split_once('>').unwrap().1.to_string();
            assert!(seen.insert(body), "{role:?} looks like another glyph");
        }
    }

    #[test]
    fn styles_read_back_from_their_names() {
        for style in PieceStyle::ALL {
            assert_eq!(style.name().parse::<PieceStyle>(), Ok(style));
        }
        assert_eq!(" Letters ".parse::<PieceStyle>(), Ok(PieceStyle::Letters));
        assert_eq!(
            "glyphs".parse::<PieceStyle>(),
            Err(UnknownPieceStyle("glyphs".into()))
        );
        assert_eq!(PieceStyle::default(), PieceStyle::Figures);
    }

    #[test]
    fn both_styles_use_the_same_symbol_ids() {
        let piece = Piece::new(Color::Black, Role::Octopus);
        for style in PieceStyle::ALL {
            assert!(symbol(style, "x-", piece).starts_with("<symbol id=\"x-g-bO\""));
        }
    }
}

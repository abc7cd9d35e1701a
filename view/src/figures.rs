//! Drawn figures for the 21 kinds of piece: the six chess pieces as Staunton-like silhouettes and
//! a picture of its own for every fairy piece (a plane for the flying bomber, a dinosaur for the
//! raptor, a drone for the quad bomber, an elephant, a snake, an octopus, ...), each with its FEN
//! letter as a small mark in the top right corner.
//!
//! Every figure is hand-written SVG path data in a 100x100 box (y down), made of [`Layer`]s that
//! take their colours from the piece's side: light body with dark ink for white, dark body with
//! light ink for black, so that a figure reads on light and dark squares alike.

use crate::glyphs::letter_path;
use movegen::{Color, Role};
use std::fmt::Write as _;

/// One drawing step of a figure, in the 100x100 box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    /// A closed shape filled with the body colour and outlined in ink.
    Body(&'static str),
    /// A line drawn in ink, not filled.
    Line(&'static str),
    /// A shape filled with ink (eyes, bands, emblems).
    Ink(&'static str),
    /// A shape filled with the body colour, not outlined (holes in ink shapes).
    Hole(&'static str),
    /// A thick outlined stroke (a tube: tentacles, a snake, a handle) this wide: ink under body
    /// colour.
    Tube(&'static str, u8),
}

impl Layer {
    /// The path data of this layer.
    pub fn path(self) -> &'static str {
        match self {
            Layer::Body(d)
            | Layer::Line(d)
            | Layer::Ink(d)
            | Layer::Hole(d)
            | Layer::Tube(d, _) => d,
        }
    }
}

/// The colours of one side: body and ink.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// Fill of the figure's body.
    pub body: &'static str,
    /// Outline and detail colour.
    pub ink: &'static str,
}

/// The colours of `color`'s pieces: light with dark ink for white, dark with light ink for black.
pub const fn palette(color: Color) -> Palette {
    match color {
        Color::White => Palette {
            body: "#fbf8ef",
            ink: "#1d1d1d",
        },
        Color::Black => Palette {
            body: "#2b2b2b",
            ink: "#f4f1e8",
        },
    }
}

/// Outline width of bodies, in the 100x100 box.
const OUTLINE: f32 = 4.5;
/// Width of ink lines.
const LINE: f32 = 3.5;
/// How much wider a tube's ink is than its body: twice the outline.
const TUBE_INK: f32 = 2.0 * OUTLINE;

/// The plinth under every chess piece.
const BASE: Layer = Layer::Body("M20 92H80V86Q80 81 75 81H25Q20 81 20 86Z");

/// A horse head facing left, shared by the knight and its fairy relatives.
const HORSE: Layer = Layer::Body(
    "M32 81C33 70 40 62 45 56C39 58 33 60 28 62C21 65 14 60 17 53L30 31C34 24 40 20 46 18\
     L48 7L57 16C71 22 79 38 77 56C76 66 73 74 73 81Z",
);
/// The horse's eye, nostril and mane.
const HORSE_EYE: Layer = Layer::Ink("M41 31a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0Z");
const HORSE_NOSTRIL: Layer = Layer::Ink("M21 54a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0Z");
const HORSE_MANE: Layer = Layer::Line("M58 21C68 31 71 45 68 60");

/// The layers of `role`'s figure, back to front (the letter mark is added on top).
pub fn layers(role: Role) -> &'static [Layer] {
    use Layer::*;
    match role {
        Role::Pawn => &[
            Body("M35 81C35 68 42 60 45 49H55C58 60 65 68 65 81Z"),
            BASE,
            Body("M37 48Q37 43 42 43H58Q63 43 63 48Q63 51 59 51H41Q37 51 37 48Z"),
            Body("M63 29a13 13 0 1 1-26 0a13 13 0 1 1 26 0Z"),
        ],
        Role::Ninja => &[
            Body("M39 25C31 15 21 15 12 22L18 27C24 22 31 22 38 30Z"),
            Body("M39 29C31 30 26 37 26 46L32 45C32 39 35 34 40 33Z"),
            Body("M35 81C35 68 42 60 45 49H55C58 60 65 68 65 81Z"),
            BASE,
            Body("M37 48Q37 43 42 43H58Q63 43 63 48Q63 51 59 51H41Q37 51 37 48Z"),
            Body("M63 29a13 13 0 1 1-26 0a13 13 0 1 1 26 0Z"),
            Ink("M37.5 25H62.5A13 13 0 0 1 62.5 33H37.5A13 13 0 0 1 37.5 25Z"),
            Hole("M41 29a3 2 0 1 0 6 0a3 2 0 1 0-6 0ZM53 29a3 2 0 1 0 6 0a3 2 0 1 0-6 0Z"),
        ],
        Role::Knight => &[HORSE, BASE, HORSE_EYE, HORSE_NOSTRIL, HORSE_MANE],
        Role::Bishop => &[
            Body("M36 81C40 71 43 63 44 56H56C57 63 60 71 64 81Z"),
            BASE,
            Body("M36 56Q36 51 41 51H59Q64 51 64 56Q64 59 60 59H40Q36 59 36 56Z"),
            Body("M50 17C62 27 67 36 65 43C64 48 58 51 50 51C42 51 36 48 35 43C33 36 38 27 50 17Z"),
            Line("M56 28L47 38"),
            Body("M55 12a5 5 0 1 1-10 0a5 5 0 1 1 10 0Z"),
        ],
        Role::Rook => &[
            Body("M31 81L34 45H66L69 81Z"),
            BASE,
            Body("M27 46V20H37V28H45V20H55V28H63V20H73V46Z"),
            Line("M34 72H66M29 37H71"),
        ],
        Role::Queen => &[
            Body("M29 81L19 33L35 58L34 24L46 56L50 17L54 56L66 24L65 58L81 33L71 81Z"),
            BASE,
            Line("M31 70Q50 64 69 70"),
            Body("M24 30a5 5 0 1 1-10 0a5 5 0 1 1 10 0Z"),
            Body("M39 21a5 5 0 1 1-10 0a5 5 0 1 1 10 0Z"),
            Body("M55 13a5 5 0 1 1-10 0a5 5 0 1 1 10 0Z"),
            Body("M71 21a5 5 0 1 1-10 0a5 5 0 1 1 10 0Z"),
            Body("M86 30a5 5 0 1 1-10 0a5 5 0 1 1 10 0Z"),
        ],
        Role::King => &[
            Body("M46 5H54V13H62V21H54V35H46V21H38V13H46Z"),
            Body("M30 81C24 67 16 55 22 46C28 37 42 39 50 49C58 39 72 37 78 46C84 55 76 67 70 81Z"),
            BASE,
            Body("M57 42a7 7 0 1 1-14 0a7 7 0 1 1 14 0Z"),
            Line("M32 70Q50 64 68 70"),
        ],
        Role::Warrior => &[
            Body("M27 19L85 77L88 88L77 85L19 27Z"),
            Tube("M23 23L11 11", 4),
            Line("M15 31L31 15"),
            Body("M22 93C22 74 33 64 50 64C67 64 78 74 78 93Z"),
            Body("M71 43a21 21 0 1 1-42 0a21 21 0 1 1 42 0Z"),
            Ink("M30 37H70V48H30Z"),
            Hole("M37 42.5a5 3 0 1 0 10 0a5 3 0 1 0-10 0ZM53 42.5a5 3 0 1 0 10 0a5 3 0 1 0-10 0Z"),
            Line("M40 66L50 78L60 66"),
        ],
        Role::Guard => &[
            Body("M50 12C60 19 70 21 79 21C80 52 71 76 50 92C29 76 20 52 21 21C30 21 40 19 50 12Z"),
            Ink("M50 29L55 45L71 50L55 55L50 71L45 55L29 50L45 45Z"),
            Hole("M53.5 50a3.5 3.5 0 1 1-7 0a3.5 3.5 0 1 1 7 0Z"),
        ],
        Role::Bomber => &[
            Body("M44 39L6 60V67L44 58H56L94 67V60L56 39Z"),
            Body("M45 76L31 86V91L50 87L69 91V86L55 76Z"),
            Body("M50 6C55 10 57 18 57 28V72L50 93L43 72V28C43 18 45 10 50 6Z"),
            Ink("M50 15C53 18 53 24 53 26H47C47 24 47 18 50 15Z"),
        ],
        Role::Raptor => &[
            Body("M58 58L61 74L55 88L44 90L45 85L51 83L53 72L50 60Z"),
            Body(
                "M8 27L28 15C36 13 42 17 42 25C44 34 50 38 60 38C72 37 84 31 96 26L95 33\
                 C84 42 76 48 71 54L76 72L72 88L58 91L57 86L65 83L66 72L58 62\
                 C50 61 42 56 38 48L30 43L14 41L11 36L27 32L10 31Z",
            ),
            Line("M39 50L33 57L29 55"),
            Ink("M28 22a3 3 0 1 0 6 0a3 3 0 1 0-6 0Z"),
        ],
        Role::QuadBomber => &[
            Tube("M26 26L74 74M74 26L26 74", 4),
            Body("M39 27a12 12 0 1 1-24 0a12 12 0 1 1 24 0Z"),
            Body("M85 27a12 12 0 1 1-24 0a12 12 0 1 1 24 0Z"),
            Body("M39 73a12 12 0 1 1-24 0a12 12 0 1 1 24 0Z"),
            Body("M85 73a12 12 0 1 1-24 0a12 12 0 1 1 24 0Z"),
            Line("M19 31L35 23M65 23L81 31M19 69L35 77M65 77L81 69"),
            Body("M40 42Q40 38 44 38H56Q60 38 60 42V58Q60 62 56 62H44Q40 62 40 58Z"),
            Ink("M50 44a6 6 0 1 1 0 12a6 6 0 1 1 0-12Z"),
        ],
        Role::QuadRaptor => &[
            Body(
                "M44 42C34 28 20 22 6 26L12 33L7 38L15 43L10 49L20 52L18 58L42 60Z\
                 M56 42C66 28 80 22 94 26L88 33L93 38L85 43L90 49L80 52L82 58L58 60Z",
            ),
            Body("M42 72L34 92H66L58 72Z"),
            Body("M50 34C60 34 62 48 62 58C62 70 58 78 50 78C42 78 38 70 38 58C38 48 40 34 50 34Z"),
            Body("M59 30C59 22 55 17 48 17C42 17 38 21 37 26L28 31L31 37L37 33C39 37 43 40 48 40C55 40 59 36 59 30Z"),
            Ink("M44 25.5a3 3 0 1 0 6 0a3 3 0 1 0-6 0Z"),
            Line("M44 64L50 70L56 64"),
        ],
        Role::Warmachine => &[
            Body("M18 40L6 26L10 40L6 54Z"),
            Body("M86 40C86 50 68 58 48 58C28 58 12 50 12 40C12 30 28 22 48 22C68 22 86 30 86 40Z"),
            Line("M30 25C26 33 26 47 30 55M50 22V58M70 25C74 33 74 47 70 55"),
            Line("M40 58V66M58 58V66"),
            Body("M34 66H64L60 77H38Z"),
            Tube("M62 72L74 84", 4),
        ],
        Role::Elephant => &[
            Body("M38 30C20 14 4 24 6 44C8 62 22 70 38 60Z"),
            Body("M62 30C80 14 96 24 94 44C92 62 78 70 62 60Z"),
            Body(
                "M50 16C63 16 70 27 68 41C67 50 61 56 58 62C57 72 60 81 67 86C63 93 53 92 51 85\
                 C49 78 48 70 44 62C39 56 33 50 32 41C30 27 37 16 50 16Z",
            ),
            Body("M40 58C35 66 32 70 27 72C34 73 41 69 44 63Z"),
            Body("M60 58C65 66 68 70 73 72C66 73 59 69 56 63Z"),
            Ink("M39 36a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0ZM54 36a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0Z"),
        ],
        Role::FerzSorcerer => &[
            Body("M36 56C36 72 44 84 50 93C56 84 64 72 64 56Z"),
            Body("M62 52a12 12 0 1 1-24 0a12 12 0 1 1 24 0Z"),
            Body("M33 45C39 31 45 15 58 6C56 18 59 32 67 45Z"),
            Body("M20 46C32 41 68 41 80 46C76 51 24 51 20 46Z"),
            Ink("M52 24L53.5 28.5L58 30L53.5 31.5L52 36L50.5 31.5L46 30L50.5 28.5Z"),
            Ink("M44 52a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0ZM51 52a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0Z"),
            Line("M44 66L50 76L56 66"),
        ],
        Role::WazirSorcerer => &[
            Body("M28 93H72L64 75H36Z"),
            Body("M78 46a28 28 0 1 1-56 0a28 28 0 1 1 56 0Z"),
            Line("M34 36C36 28 42 24 48 22"),
            Ink("M54 34L57 44L67 47L57 50L54 60L51 50L41 47L51 44Z"),
        ],
        Role::FerzKnight => &[
            HORSE,
            Body("M39 21L22 3L45 18Z"),
            Line("M33 15L36 13M29 10L32 8"),
            BASE,
            HORSE_EYE,
            HORSE_NOSTRIL,
            HORSE_MANE,
        ],
        Role::WazirKnight => &[
            HORSE,
            BASE,
            HORSE_EYE,
            HORSE_NOSTRIL,
            Body(
                "M48 64C50 46 66 32 95 25L89 33L96 37L87 42L93 47L83 51L87 57L73 58\
                 C65 63 56 66 48 64Z",
            ),
            Line("M58 58L80 46M56 51L76 38"),
        ],
        Role::Snake => &[
            Tube(
                "M52 28C58 42 68 50 68 61C68 74 30 70 24 80C19 89 42 92 56 90C68 88 80 86 90 78",
                9,
            ),
            Line("M27 24H17M17 24L12 19M17 24L12 29"),
            Body("M25 23C25 16 33 11 43 11C54 11 61 17 61 24C61 31 55 35 46 35L33 31C28 29 25 27 25 23Z"),
            Ink("M35 19.5a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0Z"),
            Line("M27 25L41 28"),
        ],
        Role::Octopus => &[
            Tube(
                "M36 52C26 62 18 64 10 58M40 56C36 70 28 80 18 84M46 58C46 72 40 84 34 93\
                 M54 58C54 72 60 84 66 93M60 56C64 70 72 80 82 84M64 52C74 62 82 64 90 58",
                4,
            ),
            Body("M50 8C68 8 76 22 74 38C72 50 64 58 50 58C36 58 28 50 26 38C24 22 32 8 50 8Z"),
            Hole("M36 36a6 6 0 1 0 12 0a6 6 0 1 0-12 0ZM52 36a6 6 0 1 0 12 0a6 6 0 1 0-12 0Z"),
            Line("M36 36a6 6 0 1 0 12 0a6 6 0 1 0-12 0ZM52 36a6 6 0 1 0 12 0a6 6 0 1 0-12 0Z"),
            Ink("M40 37a3 3 0 1 0 6 0a3 3 0 1 0-6 0ZM54 37a3 3 0 1 0 6 0a3 3 0 1 0-6 0Z"),
        ],
    }
}

/// Does the figure carry its FEN letter as a mark? The six chess pieces are known by their shape
/// alone; every fairy piece shows its letter.
pub fn has_letter_mark(role: Role) -> bool {
    !matches!(
        role,
        Role::Pawn | Role::Knight | Role::Bishop | Role::Rook | Role::Queen | Role::King
    )
}

/// The figure's path data, every layer's in order (what makes two figures look different).
pub fn path_data(role: Role) -> String {
    layers(role)
        .iter()
        .map(|l| l.path())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The SVG elements of `role`'s figure in `color`, in a 100x100 box (without the `<symbol>`
/// wrapper).
pub fn figure_svg(role: Role, color: Color) -> String {
    let Palette { body, ink } = palette(color);
    let mut s = String::from("<g stroke-linejoin=\"round\" stroke-linecap=\"round\">");
    for layer in layers(role) {
        let _ = match *layer {
            Layer::Body(d) => write!(
                s,
                "<path d=\"{d}\" fill=\"{body}\" stroke=\"{ink}\" stroke-width=\"{OUTLINE}\"/>"
            ),
            Layer::Line(d) => write!(
                s,
                "<path d=\"{d}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"{LINE}\"/>"
            ),
            Layer::Ink(d) => write!(s, "<path d=\"{d}\" fill=\"{ink}\"/>"),
            Layer::Hole(d) => write!(s, "<path d=\"{d}\" fill=\"{body}\"/>"),
            Layer::Tube(d, width) => write!(
                s,
                "<path d=\"{d}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"{}\"/>\
                 <path d=\"{d}\" fill=\"none\" stroke=\"{body}\" stroke-width=\"{width}\"/>",
                f32::from(width) + TUBE_INK
            ),
        };
    }
    if has_letter_mark(role) {
        let d = letter_path(role.upper(), 1.9, 82.0, 3.0);
        let _ = write!(
            s,
            "<path class=\"mark\" d=\"{d}\" fill=\"none\" stroke=\"{body}\" stroke-width=\"8\"/>\
             <path class=\"mark\" d=\"{d}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"3.4\"/>"
        );
    }
    s.push_str("</g>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_has_a_figure_and_no_two_share_path_data() {
        let mut seen = std::collections::HashMap::new();
        for role in Role::ALL {
            assert!(!layers(role).is_empty(), "{role:?}");
            if let Some(other) = seen.insert(path_data(role), role) {
                panic!("{role:?} has the same drawing as {other:?}");
            }
        }
        assert_eq!(seen.len(), Role::COUNT);
    }

    #[test]
    fn fairy_pieces_carry_their_letter_and_chess_pieces_do_not() {
        for role in Role::ALL {
            let svg = figure_svg(role, Color::White);
            assert_eq!(
                svg.contains("class=\"mark\""),
                has_letter_mark(role),
                "{role:?}"
            );
        }
        assert!(!has_letter_mark(Role::Queen));
        assert!(has_letter_mark(Role::Octopus));
    }
}

//! `docs/rules.md` and its diagrams under `docs/img/rules/`, generated from the rules core so that
//! every diagram shows what the move generator does. `cargo test -p view --test rules_doc` fails
//! when the committed files differ from what this module writes; `SHURIKEN_BLESS=1` rewrites them.

use crate::fen_build::{self, SetupError};
use crate::svg::{board_svg, DiagramError, DiagramOptions, Highlight};
use movegen::{Color, Position, Role, Variant};
use std::fmt::Write as _;

/// One diagram of the rules reference.
#[derive(Clone, Debug)]
pub struct DocDiagram {
    /// File name under `docs/img/rules/`.
    pub file: String,
    /// The position shown.
    pub position: Position,
    /// The moves shown.
    pub highlight: Option<Highlight>,
    /// Arrows shown (from, to) as square names.
    pub arrows: Vec<(String, String)>,
}

/// Why the rules reference could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocError {
    /// A diagram's position is not valid.
    #[error("diagram {0}: {1}")]
    Setup(String, SetupError),
    /// A diagram's FEN is not valid.
    #[error("diagram {0}: {1}")]
    Fen(String, movegen::FenError),
    /// A diagram could not be drawn.
    #[error("diagram {0}: {1}")]
    Diagram(String, DiagramError),
}

/// The games the reference covers, in its order.
pub const GAMES: [Variant; 4] = [
    Variant::Titan,
    Variant::Hadean,
    Variant::Raptor,
    Variant::Octopus,
];

/// The square a piece's diagram puts it on (`(file, row)`): the middle of the board, or, for the
/// pawns, their third rank so that the long first move shows.
fn centre(variant: Variant, role: Role) -> (i32, i32) {
    let g = &variant.spec().geometry;
    let file = g.files / 2 - 1;
    let row = if role.is_pawnlike() {
        2 - g.rank_base
    } else {
        (g.full_rows.0 + g.full_rows.1) / 2
    };
    (file, row)
}

/// Pieces each diagram adds around the moving piece, as `(letter, file offset, row offset)`:
/// victims (black) and blockers (white) that show the piece's captures and hops.
fn extras(role: Role) -> &'static [(char, i32, i32)] {
    use Role::*;
    match role {
        Pawn | Ninja => &[('p', 1, 1)],
        Knight => &[('p', 1, 2), ('P', -2, 1)],
        Bishop | Rook | Queen => &[('p', 2, 2), ('p', 0, 3), ('P', -2, 0)],
        King => &[('p', 1, 1)],
        Warrior => &[('p', 0, 1), ('r', 0, 2), ('P', 1, 0)],
        Guard => &[('p', 1, 1), ('r', 2, 2), ('P', -1, 1), ('p', 3, -1)],
        Bomber => &[('p', 0, 3), ('P', 1, 0), ('r', -2, 0)],
        Raptor => &[('p', 3, 3), ('P', 1, -1), ('r', -2, 2)],
        QuadBomber => &[('p', 1, 3), ('P', -1, 1)],
        QuadRaptor => &[('p', 2, 3), ('P', 1, 0)],
        Warmachine => &[('P', 0, 1), ('p', 0, 2), ('p', 1, 0)],
        Elephant => &[('P', 1, 1), ('p', 2, 2), ('p', -1, 1)],
        FerzSorcerer | WazirSorcerer => &[('p', 3, 2), ('P', -2, 3)],
        FerzKnight | WazirKnight => &[('p', 1, 2), ('P', -2, 1)],
        Snake => &[('P', -1, 0), ('P', -1, -1), ('p', 2, 1)],
        Octopus => &[('P', 1, 1), ('p', -1, 3)],
    }
}

/// King squares to try, white's then black's, first pair that gives a valid position wins.
fn king_squares(variant: Variant) -> [(&'static str, &'static str); 3] {
    match variant {
        Variant::Titan | Variant::Hadean => [("a1", "l12"), ("b1", "k12"), ("a2", "l11")],
        _ => [("a1", "j10"), ("b1", "i10"), ("a2", "j9")],
    }
}

fn square_name(variant: Variant, (file, row): (i32, i32)) -> Option<String> {
    let rules = variant.rules();
    let sq = movegen::Square::from_coords(file, row)?;
    rules.has(sq).then(|| rules.square_name(sq))
}

/// The name of a piece's entry in one game: `titan-flying-bomber`, `hadean-ferz-sorcerer`.
fn piece_slug(variant: Variant, role: Role) -> String {
    format!(
        "{}-{}",
        variant.name(),
        role.name().to_lowercase().replace(' ', "-")
    )
}

fn piece_file(variant: Variant, role: Role) -> String {
    format!("{}.svg", piece_slug(variant, role))
}

/// The `id` of a piece's entry in `docs/rules.md` (`docs/rules.md#titan-flying-bomber`), for
/// the games the reference covers ([`GAMES`]); `None` for a piece the game does not use or a
/// game the reference leaves out (chess).
pub fn piece_anchor(variant: Variant, role: Role) -> Option<String> {
    (GAMES.contains(&variant) && variant.spec().roles.contains(&role))
        .then(|| piece_slug(variant, role))
}

/// The diagram of one piece's moves in one game.
pub fn piece_diagram(variant: Variant, role: Role) -> Result<DocDiagram, DocError> {
    let file = piece_file(variant, role);
    let (f, r) = centre(variant, role);
    let here = square_name(variant, (f, r)).expect("the centre exists");
    let mut pieces = vec![format!("{}{here}", role.upper())];
    for &(letter, df, dr) in extras(role) {
        let role_ok =
            Role::from_letter(letter).is_some_and(|x| variant.rules().role_allowed[x.index()]);
        if let (true, Some(sq)) = (role_ok, square_name(variant, (f + df, r + dr))) {
            pieces.push(format!("{letter}{sq}"));
        }
    }
    let mut last = None;
    for (wk, bk) in king_squares(variant) {
        let mut all = pieces.clone();
        if role != Role::King {
            all.push(format!("K{wk}"));
        }
        all.push(format!("k{bk}"));
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        match fen_build::position(variant, &refs, [0, 0], Color::White) {
            Ok(position) => {
                let sq = position.rules().parse_square(&here).expect("exists");
                return Ok(DocDiagram {
                    file,
                    position,
                    highlight: Some(Highlight::Square(sq)),
                    arrows: Vec::new(),
                });
            }
            Err(e) => last = Some(e),
        }
    }
    Err(DocError::Setup(file, last.expect("tried")))
}

/// A diagram from a FEN.
fn fen_diagram(
    file: &str,
    variant: Variant,
    fen: &str,
    highlight: Option<&str>,
) -> Result<DocDiagram, DocError> {
    let position =
        Position::from_fen(variant, fen).map_err(|e| DocError::Fen(file.to_string(), e))?;
    let highlight = highlight.map(|h| {
        if h == "J@" {
            Highlight::Drops
        } else {
            Highlight::Square(
                position
                    .rules()
                    .parse_square(h)
                    .expect("a square of the board"),
            )
        }
    });
    Ok(DocDiagram {
        file: file.to_string(),
        position,
        highlight,
        arrows: Vec::new(),
    })
}

/// The special-rule diagrams: `(file, variant, FEN, highlighted square)`.
const SPECIAL: &[(&str, Variant, &str, &str)] = &[
    (
        "titan-castling.svg",
        Variant::Titan,
        "fragyqkugarf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FR4K3RF w KQkq - 0 1",
        "g1",
    ),
    (
        "titan-en-passant.svg",
        Variant::Titan,
        "6k5/12/12/12/12/12/4Pp6/3p8/12/12/12/6K5 b - e4e5 0 1",
        "d5",
    ),
    (
        "titan-en-passant-2.svg",
        Variant::Titan,
        "6k5/12/12/12/12/12/4Pp6/3p8/12/12/12/6K5 b - e4e5 0 1",
        "f6",
    ),
    (
        "titan-ninja-enemy-half.svg",
        Variant::Titan,
        "6k5/12/12/6p5/4pJ6/12/12/12/12/12/12/6K5 w - - 0 1",
        "f8",
    ),
    (
        "titan-promotion.svg",
        Variant::Titan,
        "k11/5P6/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1",
        "f11",
    ),
    (
        "octopus-drops.svg",
        Variant::Octopus,
        "5k4/pppppppppp/10/10/10/10/10/10/P1P7/5K4[JJjj] w - - 0 1",
        "J@",
    ),
    (
        "octopus-pawn-enemy-half.svg",
        Variant::Octopus,
        "5k4/10/10/4P5/10/10/10/10/10/5K4[] w - - 0 1",
        "e7",
    ),
];

/// Every diagram of the reference, in the order of the document.
pub fn diagrams() -> Result<Vec<DocDiagram>, DocError> {
    let mut out = Vec::new();
    for v in GAMES {
        out.push(DocDiagram {
            file: format!("{}-start.svg", v.name()),
            position: Position::startpos(v),
            highlight: None,
            arrows: Vec::new(),
        });
        for &role in v.spec().roles {
            out.push(piece_diagram(v, role)?);
        }
    }
    for &(file, v, fen, h) in SPECIAL {
        out.push(fen_diagram(file, v, fen, Some(h))?);
    }
    Ok(out)
}

/// The SVG text of a diagram.
pub fn render(d: &DocDiagram) -> Result<String, DocError> {
    let opts = DiagramOptions {
        square_px: 32.0,
        highlight: d.highlight,
        ..DiagramOptions::default()
    };
    board_svg(&d.position, &opts).map_err(|e| DocError::Diagram(d.file.clone(), e))
}

/// The value the rule text gives a piece, in pawns, where it gives one.
fn rule_text_value(variant: Variant, role: Role) -> Option<&'static str> {
    use Role::*;
    match (variant, role) {
        (_, Pawn) => Some("1"),
        (Variant::Titan, Ninja) => Some("about 1.5"),
        (Variant::Titan, Knight) | (Variant::Raptor, Knight) => Some("3"),
        (Variant::Titan, Warrior) => Some("about 3 to 3.5"),
        (Variant::Titan, Raptor) => Some("about 3.5 to 4"),
        (Variant::Titan, Bishop) => Some("about 4 to 4.5"),
        (Variant::Titan, Guard) => Some("about 4.5 to 5"),
        (Variant::Titan, Bomber) => Some("about 5 to 5.5"),
        (Variant::Titan, QuadRaptor) => Some("about 3.5 to 5"),
        (Variant::Titan, QuadBomber) => Some("about 4.5 to 6.5"),
        (Variant::Titan, Rook) => Some("about 6 to 6.5"),
        (Variant::Titan, Queen) => Some("12"),
        (Variant::Raptor, Bishop) => Some("4"),
        (Variant::Raptor, Raptor) => Some("about 3 to 4"),
        (Variant::Raptor, Bomber) => Some("about 4 to 5.5"),
        (Variant::Raptor, Rook) => Some("6"),
        (Variant::Raptor, Queen) => Some("11"),
        (Variant::Hadean, Ninja) => Some("about 1.5 to 2"),
        (Variant::Hadean, Elephant) => Some("a little less than a bishop"),
        (Variant::Hadean, Warmachine) => Some("about half a pawn more than a bishop"),
        (Variant::Hadean, FerzSorcerer) | (Variant::Hadean, WazirSorcerer) => {
            Some("a little less than its knight counterpart, about a bishop")
        }
        (Variant::Hadean, FerzKnight) => Some("close to a bishop or a little more"),
        (Variant::Hadean, WazirKnight) => Some("more than the ferz-knight"),
        _ => None,
    }
}

/// The value column of a piece: the rule text's where it gives one, and the engine's evaluation.
fn value_text(variant: Variant, role: Role) -> String {
    if role == Role::King {
        return "—".to_string();
    }
    let engine = engine::eval::Weights::default().material[variant.index()][role.index()];
    let engine = format!("{:.2}", engine as f64 / 100.0);
    match rule_text_value(variant, role) {
        Some(t) => format!("{t} (rule text); engine {engine}"),
        None => format!("engine's evaluation: {engine}"),
    }
}

/// How a piece moves, in the project's words (RULES.md section 7 is binding).
fn movement(variant: Variant, role: Role) -> &'static str {
    use Role::*;
    match role {
        King => "One step in any direction; castles (see *Castling*).",
        Queen => "Slides any distance along ranks, files and diagonals.",
        Rook => "Slides any distance along ranks and files.",
        Bishop => "Slides any distance along diagonals.",
        Knight => "Leaps two squares one way and one square sideways; what stands between does not matter.",
        Pawn if variant == Variant::Octopus => {
            "Steps forward onto empty squares: from below its middle rank as far as the middle rank, \
             otherwise one square; in the enemy half also two squares. Captures one square diagonally \
             forward. Promotes on the last rank."
        }
        Pawn => {
            "Steps forward onto empty squares: from below its middle rank as far as the middle rank, \
             otherwise one square. Captures one square diagonally forward. Promotes on the last rank."
        }
        Ninja => {
            "One step forward or sideways onto an empty square, or from below its middle rank as far \
             forward as the middle rank; captures one square diagonally forward, and in the enemy half \
             also sideways. Never takes or is taken en passant."
        }
        Warrior => {
            "Along ranks and files: one step (move or capture), or a leap of two squares onto an \
             empty or enemy square, whatever it jumps; an enemy jumped over is captured too."
        }
        Guard => {
            "The warrior along diagonals (one step, or a two-square leap that also captures the \
             enemy jumped), plus a plain (3,1) leap."
        }
        Bomber => {
            "Along ranks and files: slides over empty squares without capturing; captures by flying \
             over the first piece on a line when it is an enemy and the square behind it is empty; \
             jumps two squares over an adjacent piece of either colour (capturing every enemy on both \
             squares); takes an enemy two squares away by landing on it when the square between is empty."
        }
        Raptor => "The flying bomber along diagonals.",
        QuadBomber => {
            "One diagonal step onto an empty square, then slides outward along a rank or file (the \
             step square itself is not a destination). Captures only by flying over the first piece \
             on that leg onto the empty square behind it."
        }
        QuadRaptor => {
            "One orthogonal step onto an empty square, then slides outward along a diagonal. Captures \
             only by flying over, like the quad bomber."
        }
        Warmachine => {
            "Along ranks and files: one or two squares always (jumping), three squares only when the \
             two squares between are both empty or both occupied. Captures by landing; what it jumps \
             is never harmed."
        }
        Elephant => "The flying warmachine along diagonals.",
        FerzSorcerer => "One diagonal step, or a (3,2) leap.",
        WazirSorcerer => "One orthogonal step, or a (3,2) leap.",
        FerzKnight => "One diagonal step, or a knight leap.",
        WazirKnight => "One orthogonal step, or a knight leap.",
        Snake => {
            "Reaches the knight squares and the (3,2) squares, but not by leaping: along one of two \
             crooked paths, each of whose intermediate squares must be empty. Captures by landing."
        }
        Octopus => {
            "A crooked slider: one diagonal step and then two or more steps outward along a rank or \
             file, or one orthogonal step and then two or more steps outward along a diagonal, over \
             empty squares. Captures by landing."
        }
    }
}

fn img(file: &str, alt: &str) -> String {
    format!("![{alt}](img/rules/{file})")
}

/// The whole `docs/rules.md` text.
pub fn markdown() -> Result<String, DocError> {
    let mut s = String::new();
    s.push_str(include_str!("rules_doc/intro.md"));
    s.push_str("\n| letter | piece | games |\n|---|---|---|\n");
    for kind in movegen::catalogue() {
        let games: Vec<&str> = kind
            .games()
            .filter(|g| GAMES.contains(g))
            .map(Variant::name)
            .collect();
        let _ = writeln!(
            s,
            "| {} | {} | {} |",
            kind.letter,
            kind.name,
            games.join(", ")
        );
    }
    for v in GAMES {
        let title = match v {
            Variant::Titan => "Titan chess",
            Variant::Hadean => "Hadean chess",
            Variant::Raptor => "Raptor chess",
            _ => "Octopus chess",
        };
        let _ = writeln!(s, "\n## {title}\n");
        let _ = writeln!(s, "{}\n", board_text(v));
        let _ = writeln!(
            s,
            "Start position (`{}`):\n\n{}\n",
            v.spec().start_fen,
            img(
                &format!("{}-start.svg", v.name()),
                &format!("{title} start position")
            )
        );
        let _ = writeln!(
            s,
            "| letter | piece | value in pawns | moves |\n|---|---|---|---|"
        );
        for &role in v.spec().roles {
            let _ = writeln!(
                s,
                "| {} | [{}](#{}) | {} | {} |",
                role.upper(),
                display_name(v, role),
                piece_slug(v, role),
                value_text(v, role),
                movement(v, role)
            );
        }
        let _ = writeln!(s);
        for &role in v.spec().roles {
            let d = piece_diagram(v, role)?;
            let here = square_name(v, centre(v, role)).expect("exists");
            let _ = writeln!(
                s,
                "<a id=\"{}\"></a>**{} ({}) on {here}**, white to move{}:\n\n{}\n",
                piece_slug(v, role),
                display_name(v, role),
                role.upper(),
                if extras(role).is_empty() {
                    ""
                } else {
                    ", with victims and blockers"
                },
                img(&d.file, &format!("{} moves", display_name(v, role)))
            );
        }
    }
    s.push_str(include_str!("rules_doc/special.md"));
    Ok(s)
}

/// A piece's name in one game's section (raptor calls its flying bomber the Bird).
pub fn display_name(v: Variant, role: Role) -> String {
    if v == Variant::Raptor && role == Role::Bomber {
        "Bird (Flying Bomber)".to_string()
    } else {
        role.name().to_string()
    }
}

fn board_text(v: Variant) -> &'static str {
    match v {
        Variant::Titan => {
            "Board: 12 files a-l by 12 ranks. Middle ranks: 6 for white, 7 for black; pawns promote \
             on rank 12 (white) and 1 (black). No drops."
        }
        Variant::Hadean => {
            "Board: 12 files a-l by 12 ranks, as in titan, with its own army. Middle ranks 6 and 7; \
             promotion on ranks 12 and 1. No drops."
        }
        Variant::Raptor => {
            "Board: 10 files a-j by 10 ranks (1-10), plus four protruding squares e0, f0 (white's, \
             below its back rank) and e11, f11 (black's): 104 squares. The other squares of ranks 0 \
             and 11 do not exist: nothing lands on, passes through or jumps over them (plain leapers \
             ignore what they jump). Middle ranks 5 and 6; promotion on 10 and 1. The protruding \
             squares belong to their side's own half."
        }
        _ => {
            "Board: 10 files a-j by 10 ranks. Middle ranks 5 and 6; promotion on 10 and 1. Each side \
             starts with five ninja pawns in hand to drop (see *Drops*)."
        }
    }
}

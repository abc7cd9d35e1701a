//! Writes SVG pictures to look at the piece figures: a sheet of all 21 pieces in both colours on
//! both square colours, at 80 and 40 pixels, and the start position of every game.
//!
//! `cargo run -p view --example piece_sheet -- DIR [figures|letters]` writes `DIR/pieces.svg`
//! and `DIR/<game>.svg` for titan, hadean, raptor, octopus and chess; turn them into PNG with e.g.
//! `rsvg-convert DIR/pieces.svg -o pieces.png`.

use movegen::{Color, Piece, Position, Role, Variant};
use std::fmt::Write as _;
use view::glyphs::{symbol_id, symbols};
use view::svg::{board_svg, DiagramOptions};
use view::PieceStyle;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

fn sheet(style: PieceStyle) -> String {
    let (cols, cell_w, cell_h) = (7, 180.0, 158.0);
    let rows = Role::COUNT.div_ceil(cols);
    let (w, h) = (cols as f64 * cell_w + 10.0, rows as f64 * cell_h + 10.0);
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\"><defs>{}</defs>\
         <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
        symbols(style, "", &Role::ALL)
    );
    for (i, role) in Role::ALL.into_iter().enumerate() {
        let x = 10.0 + (i % cols) as f64 * cell_w;
        let y = 6.0 + (i / cols) as f64 * cell_h;
        let mut square = |sx: f64, sy: f64, size: f64, fill: &str, color: Color| {
            let _ = write!(
                s,
                "<rect x=\"{sx}\" y=\"{sy}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\"/>\
                 <use href=\"#{}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"/>",
                symbol_id("", Piece::new(color, role)),
                sx + size * 0.04,
                sy + size * 0.04,
                size * 0.92,
                size * 0.92
            );
        };
        square(x, y, 80.0, LIGHT, Color::White);
        square(x + 80.0, y, 80.0, DARK, Color::Black);
        for (j, (fill, color)) in [
            (DARK, Color::White),
            (LIGHT, Color::White),
            (LIGHT, Color::Black),
            (DARK, Color::Black),
        ]
        .into_iter()
        .enumerate()
        {
            square(x + j as f64 * 40.0, y + 80.0, 40.0, fill, color);
        }
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\" fill=\"#222\">{} {}</text>",
            x,
            y + 136.0,
            role.upper(),
            role.name()
        );
    }
    s.push_str("</svg>\n");
    s
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().unwrap_or_else(|| ".".into()));
    let style = match args.next().map(|a| a.parse::<PieceStyle>()) {
        None => PieceStyle::Figures,
        Some(Ok(s)) => s,
        Some(Err(e)) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("error: cannot write {}: {e}", path.display());
            std::process::exit(1);
        }
    };
    write("pieces.svg", &sheet(style));
    for v in Variant::ALL {
        let opts = DiagramOptions {
            pieces: style,
            ..DiagramOptions::default()
        };
        match board_svg(&Position::startpos(v), &opts) {
            Ok(svg) => write(&format!("{}.svg", v.name()), &svg),
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        }
    }
}

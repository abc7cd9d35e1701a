//! Board diagrams as SVG: the variant's real geometry (raptor's protruding squares drawn, missing
//! squares left out), coordinates, a check marker, the last move, arrows, the legal moves of one
//! piece (or of the drops from hand), a flip, and the pieces as the vector glyphs of
//! [`crate::glyphs`] in either [`PieceStyle`] (drawn figures by default, or lettered emblems).
//!
//! Every square is a `<rect class="sq" data-square="e4">`, every piece a
//! `<use class="piece" data-square=...>`, every highlighted destination a
//! `<circle class="dest" data-square=...>` and every captured piece a `class="victim"` mark, so
//! tests and the report's viewer can read a diagram back.

use crate::glyphs::{self, PieceStyle};
use movegen::{Color, Move, MoveKind, Piece, Position, Role, Square};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Which moves a diagram highlights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Highlight {
    /// The legal moves of the piece on this square (it must belong to the side to move).
    Square(Square),
    /// The legal drops (with their pushes) of a ninja pawn from the hand of the side to move.
    Drops,
}

/// What to draw besides the position itself.
#[derive(Clone, Debug)]
pub struct DiagramOptions {
    /// Side of one square in pixels.
    pub square_px: f64,
    /// Black at the bottom.
    pub flip: bool,
    /// File letters and rank numbers around the board.
    pub coordinates: bool,
    /// Tint the from and to squares of this move.
    pub last_move: Option<(Square, Square)>,
    /// Arrows from one square to another.
    pub arrows: Vec<(Square, Square)>,
    /// Mark the legal moves of a piece or of the drops.
    pub highlight: Option<Highlight>,
    /// Prefix of every `id` in the document, so that several diagrams can share one page.
    pub id_prefix: String,
    /// Define the glyph of every piece of the variant, not only of the pieces on the board (for a
    /// viewer that moves pieces around, promotions included).
    pub all_glyphs: bool,
    /// How the pieces are drawn.
    pub pieces: PieceStyle,
}

impl Default for DiagramOptions {
    fn default() -> Self {
        DiagramOptions {
            square_px: 40.0,
            flip: false,
            coordinates: true,
            last_move: None,
            arrows: Vec::new(),
            highlight: None,
            id_prefix: String::new(),
            all_glyphs: false,
            pieces: PieceStyle::default(),
        }
    }
}

/// Why a diagram could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// `--highlight` names an empty square.
    #[error("no piece on {0} to highlight")]
    NothingToHighlight(String),
    /// `--highlight` names a piece of the side not to move, which has no legal moves now.
    #[error("the piece on {0} belongs to the side not to move, so it has no legal moves here")]
    NotSideToMove(String),
    /// Drops were asked for in a position whose side to move has none in hand.
    #[error("the side to move has no ninja pawn in hand to drop")]
    NoDrops,
    /// The square size is not a positive, finite number of pixels.
    #[error("square size must be between 8 and 400 pixels, got {0}")]
    BadSquareSize(String),
}

/// One highlighted destination: where the moving piece lands and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The landing square.
    pub to: Square,
    /// Squares of the pieces captured by some move landing there.
    pub victims: Vec<Square>,
    /// For drops: the drop squares whose push ends here (the drop square itself included).
    pub drop_squares: Vec<Square>,
}

/// The legal destinations a highlight shows, by landing square.
pub fn targets(pos: &Position, highlight: Highlight) -> Result<Vec<Target>, DiagramError> {
    let rules = pos.rules();
    let moves: Vec<Move> = match highlight {
        Highlight::Square(sq) => {
            let name = rules.square_name(sq);
            let piece = pos
                .piece_at(sq)
                .ok_or_else(|| DiagramError::NothingToHighlight(name.clone()))?;
            if piece.color != pos.side_to_move() {
                return Err(DiagramError::NotSideToMove(name));
            }
            pos.legal_moves()
                .iter()
                .copied()
                .filter(|m| m.from() == sq && m.kind() != MoveKind::Drop)
                .collect()
        }
        Highlight::Drops => {
            if pos.hand(pos.side_to_move()) == 0 {
                return Err(DiagramError::NoDrops);
            }
            pos.legal_moves()
                .iter()
                .copied()
                .filter(|m| m.kind() == MoveKind::Drop)
                .collect()
        }
    };
    let mut by_to: BTreeMap<usize, Target> = BTreeMap::new();
    for m in moves {
        let t = by_to.entry(m.to().index()).or_insert_with(|| Target {
            to: m.to(),
            victims: Vec::new(),
            drop_squares: Vec::new(),
        });
        for (sq, _) in pos.captures(m).into_iter().flatten() {
            if !t.victims.contains(&sq) {
                t.victims.push(sq);
            }
        }
        if m.kind() == MoveKind::Drop && !t.drop_squares.contains(&m.from()) {
            t.drop_squares.push(m.from());
        }
    }
    Ok(by_to.into_values().collect())
}

/// Where squares lie in the picture.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    files: i32,
    rows: i32,
    sq: f64,
    left: f64,
    top: f64,
    flip: bool,
}

impl Layout {
    /// The layout of `pos`'s board under `opts`.
    pub fn new(pos: &Position, opts: &DiagramOptions) -> Layout {
        let g = &pos.rules().spec.geometry;
        let margin = if opts.coordinates {
            opts.square_px * 0.5
        } else {
            0.0
        };
        Layout {
            files: g.files,
            rows: g.rows,
            sq: opts.square_px,
            left: margin,
            top: opts.square_px * 0.1,
            flip: opts.flip,
        }
    }

    /// Top-left corner of a square.
    pub fn corner(&self, sq: Square) -> (f64, f64) {
        let (col, line) = if self.flip {
            (self.files - 1 - sq.file(), sq.row())
        } else {
            (sq.file(), self.rows - 1 - sq.row())
        };
        (
            self.left + col as f64 * self.sq,
            self.top + line as f64 * self.sq,
        )
    }

    /// Centre of a square.
    pub fn centre(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.corner(sq);
        (x + self.sq / 2.0, y + self.sq / 2.0)
    }

    /// Width and height of the board area (coordinates included).
    fn board_size(&self) -> (f64, f64) {
        (
            self.left + self.files as f64 * self.sq + self.sq * 0.1,
            self.top + self.rows as f64 * self.sq + self.left,
        )
    }
}

fn every_square(pos: &Position) -> impl Iterator<Item = Square> + '_ {
    pos.rules().exists.iter()
}

/// The glyph of `piece` at square `sq`.
fn piece_use(out: &mut String, l: &Layout, prefix: &str, name: &str, sq: Square, piece: Piece) {
    let (x, y) = l.corner(sq);
    let _ = write!(
        out,
        "<use class=\"piece\" data-square=\"{name}\" data-piece=\"{}\" href=\"#{}\" x=\"{:.1}\" \
         y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"/>",
        piece.letter(),
        glyphs::symbol_id(prefix, piece),
        x + l.sq * 0.04,
        y + l.sq * 0.04,
        l.sq * 0.92,
        l.sq * 0.92
    );
}

/// An arrow from the centre of one square to the centre of another.
fn arrow(out: &mut String, l: &Layout, from: Square, to: Square, colour: &str) {
    let ((x1, y1), (x2, y2)) = (l.centre(from), l.centre(to));
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-9 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let head = l.sq * 0.35;
    let (bx, by) = (x2 - ux * head, y2 - uy * head);
    let w = l.sq * 0.2;
    let _ = write!(
        out,
        "<g class=\"arrow\" opacity=\"0.75\"><line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{bx:.1}\" \
         y2=\"{by:.1}\" stroke=\"{colour}\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"/>\
         <polygon fill=\"{colour}\" points=\"{x2:.1},{y2:.1} {:.1},{:.1} {:.1},{:.1}\"/></g>",
        l.sq * 0.12,
        bx - uy * w,
        by + ux * w,
        bx + uy * w,
        by - ux * w
    );
}

/// The whole diagram of `pos` as a standalone SVG document.
pub fn board_svg(pos: &Position, opts: &DiagramOptions) -> Result<String, DiagramError> {
    if !(opts.square_px.is_finite() && (8.0..=400.0).contains(&opts.square_px)) {
        return Err(DiagramError::BadSquareSize(opts.square_px.to_string()));
    }
    let targets = match opts.highlight {
        Some(h) => targets(pos, h)?,
        None => Vec::new(),
    };
    let rules = pos.rules();
    let l = Layout::new(pos, opts);
    let p = opts.id_prefix.as_str();
    let name = |sq: Square| rules.square_name(sq);
    let drops = rules.spec.drops.is_some();
    let (w, board_h) = l.board_size();
    let h = if drops { board_h + l.sq * 0.9 } else { board_h };
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" data-variant=\"{}\" \
         data-files=\"{}\" data-rows=\"{}\" data-rank-base=\"{}\" \
         viewBox=\"0 0 {w:.1} {h:.1}\" width=\"{w:.0}\" height=\"{h:.0}\" \
         font-family=\"sans-serif\"><defs>{}<radialGradient id=\"{p}check\">\
         <stop offset=\"0\" stop-color=\"#ff0000\"/><stop offset=\"0.5\" stop-color=\"#e00000\" \
         stop-opacity=\"0.8\"/><stop offset=\"1\" stop-color=\"#e00000\" stop-opacity=\"0\"/>\
         </radialGradient></defs><rect class=\"background\" width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
        rules.variant.name(),
        l.files,
        l.rows,
        rules.spec.geometry.rank_base,
        glyphs::symbols(opts.pieces, p, &roles_drawn(pos, opts.all_glyphs))
    );
    // Squares.
    s.push_str("<g class=\"squares\">");
    for sq in every_square(pos) {
        let (x, y) = l.corner(sq);
        let dark = (sq.file() + sq.row()) % 2 == 0;
        let _ = write!(
            s,
            "<rect class=\"sq {}\" data-square=\"{}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" \
             height=\"{:.1}\" fill=\"{}\"/>",
            if dark { "dark" } else { "light" },
            name(sq),
            l.sq,
            l.sq,
            if dark { "#b58863" } else { "#f0d9b5" }
        );
    }
    s.push_str("</g>");
    // Coordinates.
    if opts.coordinates {
        s.push_str("<g class=\"coords\" fill=\"#444\">");
        let fs = l.sq * 0.3;
        let bottom = l.top + l.rows as f64 * l.sq;
        for file in 0..l.files {
            let Some(sq) = Square::from_coords(file, 0) else {
                continue;
            };
            let (x, _) = l.centre(sq);
            let _ = write!(
                s,
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{fs:.1}\" text-anchor=\"middle\">{}</text>",
                bottom + fs * 1.1,
                (b'a' + file as u8) as char
            );
        }
        for row in 0..l.rows {
            if first_square_of_row(pos, row).is_none() {
                continue;
            }
            let Some(sq) = Square::from_coords(0, row) else {
                continue;
            };
            let (_, y) = l.centre(sq);
            let _ = write!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{fs:.1}\" text-anchor=\"end\">{}</text>",
                l.left - fs * 0.3,
                y + fs * 0.35,
                rules.rank_of_row(row)
            );
        }
        s.push_str("</g>");
    }
    // Last move, check, the highlighted piece.
    s.push_str("<g class=\"marks\">");
    if let Some((from, to)) = opts.last_move {
        for sq in [from, to] {
            if rules.has(sq) {
                let (x, y) = l.corner(sq);
                let _ = write!(
                    s,
                    "<rect class=\"lastmove\" data-square=\"{}\" x=\"{x:.1}\" y=\"{y:.1}\" \
                     width=\"{:.1}\" height=\"{:.1}\" fill=\"#f6e94a\" opacity=\"0.55\"/>",
                    name(sq),
                    l.sq,
                    l.sq
                );
            }
        }
    }
    if let Some(Highlight::Square(sq)) = opts.highlight {
        let (x, y) = l.corner(sq);
        let _ = write!(
            s,
            "<rect class=\"origin\" data-square=\"{}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" \
             height=\"{:.1}\" fill=\"#3b82f6\" opacity=\"0.45\"/>",
            name(sq),
            l.sq,
            l.sq
        );
    }
    if pos.in_check() {
        let k = pos.king(pos.side_to_move());
        let (cx, cy) = l.centre(k);
        let _ = write!(
            s,
            "<circle class=\"check\" data-square=\"{}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" \
             fill=\"url(#{p}check)\"/>",
            name(k),
            l.sq * 0.55
        );
    }
    s.push_str("</g><g class=\"pieces\">");
    for sq in every_square(pos) {
        if let Some(piece) = pos.piece_at(sq) {
            piece_use(&mut s, &l, p, &name(sq), sq, piece);
        }
    }
    s.push_str("</g><g class=\"highlight\">");
    for t in &targets {
        let (cx, cy) = l.centre(t.to);
        let landing_capture = t.victims.contains(&t.to);
        if landing_capture {
            let _ = write!(
                s,
                "<circle class=\"dest capture\" data-square=\"{}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" \
                 r=\"{:.1}\" fill=\"none\" stroke=\"#15803d\" stroke-width=\"{:.1}\" opacity=\"0.85\"/>",
                name(t.to),
                l.sq * 0.44,
                l.sq * 0.08
            );
        } else {
            let _ = write!(
                s,
                "<circle class=\"dest\" data-square=\"{}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" \
                 fill=\"#15803d\" opacity=\"0.8\"/>",
                name(t.to),
                l.sq * 0.16
            );
        }
        for &v in t.victims.iter().filter(|&&v| v != t.to) {
            let (vx, vy) = l.centre(v);
            let r = l.sq * 0.3;
            let _ = write!(
                s,
                "<path class=\"victim\" data-square=\"{}\" data-by=\"{}\" d=\"M{:.1} {:.1}L{:.1} \
                 {:.1}M{:.1} {:.1}L{:.1} {:.1}\" stroke=\"#dc2626\" stroke-width=\"{:.1}\" \
                 stroke-linecap=\"round\" opacity=\"0.85\"/>",
                name(v),
                name(t.to),
                vx - r,
                vy - r,
                vx + r,
                vy + r,
                vx - r,
                vy + r,
                vx + r,
                vy - r,
                l.sq * 0.08
            );
        }
    }
    s.push_str("</g><g class=\"arrows\">");
    if let Some(Highlight::Drops) = opts.highlight {
        for t in &targets {
            for &d in t.drop_squares.iter().filter(|&&d| d != t.to) {
                arrow(&mut s, &l, d, t.to, "#2563eb");
            }
        }
    }
    for &(from, to) in &opts.arrows {
        arrow(&mut s, &l, from, to, "#15803d");
    }
    s.push_str("</g>");
    if drops {
        hands(&mut s, pos, &l, p, board_h);
    }
    s.push_str("</svg>\n");
    Ok(s)
}

/// The roles whose glyphs a diagram defines.
fn roles_drawn(pos: &Position, all: bool) -> Vec<Role> {
    let spec = pos.rules().spec;
    spec.roles
        .iter()
        .copied()
        .filter(|&r| all || (spec.drops.is_some() && r == Role::Ninja) || pos.board().role(r).any())
        .collect()
}

fn first_square_of_row(pos: &Position, row: i32) -> Option<Square> {
    every_square(pos).find(|sq| sq.row() == row)
}

/// The ninja pawns in hand, under the board: a glyph and a count per side.
fn hands(s: &mut String, pos: &Position, l: &Layout, prefix: &str, y: f64) {
    let size = l.sq * 0.7;
    let _ = write!(s, "<g class=\"hands\">");
    for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
        let x = l.left + i as f64 * l.sq * 3.0;
        let piece = Piece::new(color, Role::Ninja);
        let _ = write!(
            s,
            "<use class=\"hand\" data-color=\"{}\" data-count=\"{}\" href=\"#{}\" x=\"{x:.1}\" \
             y=\"{:.1}\" width=\"{size:.1}\" height=\"{size:.1}\"/><text x=\"{:.1}\" y=\"{:.1}\" \
             font-size=\"{:.1}\" fill=\"#222\">\u{d7}{}</text>",
            if color == Color::White { "w" } else { "b" },
            pos.hand(color),
            glyphs::symbol_id(prefix, piece),
            y + l.sq * 0.1,
            x + size + 2.0,
            y + l.sq * 0.6,
            l.sq * 0.4,
            pos.hand(color)
        );
    }
    s.push_str("</g>");
}

/// A diagram request in the words of the command line (`shuriken svg`).
#[derive(Clone, Debug, Default)]
pub struct SvgRequest {
    /// Variant name.
    pub variant: String,
    /// FEN; the variant's start position when `None`.
    pub fen: Option<String>,
    /// Last move as two square names, `e2e4` (a move's UCI text also works: `g1h1k1`, `J@e2e4`).
    pub last_move: Option<String>,
    /// Arrows, each as two square names, separated by commas or spaces.
    pub arrows: Option<String>,
    /// A square whose piece's legal moves are shown, or `J@` for the drops from hand.
    pub highlight: Option<String>,
    /// Black at the bottom.
    pub flip: bool,
    /// Pixels per square.
    pub square_px: f64,
    /// How the pieces are drawn.
    pub pieces: PieceStyle,
}

/// Why a request could not be turned into a diagram.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// Unknown variant.
    #[error(transparent)]
    Variant(#[from] movegen::VariantError),
    /// Bad FEN.
    #[error(transparent)]
    Fen(#[from] movegen::FenError),
    /// A square pair (last move, arrow) that does not read as two squares of this board.
    #[error("'{0}' is not two squares of this board (expected e.g. e2e4)")]
    BadSquarePair(String),
    /// A highlight that is neither a square of this board nor `J@`.
    #[error("'{0}' is not a square of this board (or J@ for drops)")]
    BadHighlight(String),
    /// The diagram itself failed.
    #[error(transparent)]
    Diagram(#[from] DiagramError),
}

/// The first two square names in `text` (`e2e4`, `a11a12q`, `J@e2e4`, `g1h1k1`): the first is
/// the from square, the second the to square (a drop without a push gives the drop square
/// twice).
pub fn parse_square_pair(
    rules: &movegen::Rules,
    text: &str,
) -> Result<(Square, Square), RequestError> {
    let bad = || RequestError::BadSquarePair(text.chars().take(32).collect());
    let body = text.trim().strip_prefix("J@").unwrap_or(text.trim());
    let mut squares = Vec::new();
    let mut rest = body;
    while !rest.is_empty() && squares.len() < 2 {
        let file_len = rest.chars().next().map_or(0, char::len_utf8);
        let digits = rest[file_len..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 {
            break;
        }
        let (name, tail) = rest.split_at(file_len + digits);
        squares.push(rules.parse_square(name).ok_or_else(bad)?);
        rest = tail;
    }
    match (squares.as_slice(), text.trim().starts_with("J@")) {
        ([a, b], _) => Ok((*a, *b)),
        ([a], true) => Ok((*a, *a)),
        _ => Err(bad()),
    }
}

/// Renders a request: parses the variant, FEN, squares and highlight, then draws.
pub fn render_request(req: &SvgRequest) -> Result<String, RequestError> {
    let variant = movegen::Variant::from_name(&req.variant)?;
    let pos = match &req.fen {
        Some(f) => Position::from_fen(variant, f)?,
        None => Position::startpos(variant),
    };
    let rules = pos.rules();
    let last_move = req
        .last_move
        .as_deref()
        .map(|t| parse_square_pair(rules, t))
        .transpose()?;
    let arrows = req
        .arrows
        .as_deref()
        .unwrap_or("")
        .split([',', ' '])
        .filter(|t| !t.is_empty())
        .map(|t| parse_square_pair(rules, t))
        .collect::<Result<Vec<_>, _>>()?;
    let highlight = match req.highlight.as_deref().map(str::trim) {
        None => None,
        Some("J@") => Some(Highlight::Drops),
        Some(t) => Some(Highlight::Square(rules.parse_square(t).ok_or_else(
            || RequestError::BadHighlight(t.chars().take(32).collect()),
        )?)),
    };
    let opts = DiagramOptions {
        square_px: req.square_px,
        flip: req.flip,
        last_move,
        arrows,
        highlight,
        pieces: req.pieces,
        ..DiagramOptions::default()
    };
    Ok(board_svg(&pos, &opts)?)
}

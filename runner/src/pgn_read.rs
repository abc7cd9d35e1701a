//! PGN input: tags and movetext of one or more games, moves checked with movegen.
//!
//! Moves are read as SAN (`docs/notation.md`) or, for files the project wrote before it wrote
//! SAN, in the project's coordinate notation. Comments (`{...}`, `; ...`), variations (`(...)`),
//! NAGs (`$1`), move numbers, annotation marks and escape lines (`%...`) are skipped. A game ends
//! at its result (`1-0`, `0-1`, `1/2-1/2`, `*`), at the next tag section, or at the end of the
//! text. Every error names the game (counted from 1) and, for moves, the move number.

use crate::record::GameResult;
use movegen::{FenError, Move, MoveError, Position, SanError, Variant, VariantError};

/// Why a PGN text was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// A tag pair that is not `[Name "value"]`.
    #[error("PGN game {game}: bad tag pair {text:?}: {reason}")]
    Tag {
        /// Game number, from 1.
        game: usize,
        /// The tag text (shortened).
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// The `Variant` tag names no variant of the project.
    #[error("PGN game {game}: {source}")]
    Variant {
        /// Game number, from 1.
        game: usize,
        /// The variant error.
        source: VariantError,
    },
    /// The game's variant is not the one asked for.
    #[error("PGN game {game}: a {found} game where {expected} games were expected")]
    WrongVariant {
        /// Game number, from 1.
        game: usize,
        /// Variant asked for.
        expected: Variant,
        /// Variant of the game.
        found: Variant,
    },
    /// The `FEN` tag is not a position of the variant.
    #[error("PGN game {game}: {source}")]
    Fen {
        /// Game number, from 1.
        game: usize,
        /// The FEN error.
        source: FenError,
    },
    /// A move that is neither SAN nor a coordinate move of a legal move.
    #[error(
        "PGN game {game}, move {number}{dots} {text:?}: {san}; as a coordinate move: {coordinate}"
    )]
    Move {
        /// Game number, from 1.
        game: usize,
        /// Full-move number of the move.
        number: u32,
        /// `.` for a white move, `...` for a black one.
        dots: &'static str,
        /// The move text (shortened).
        text: String,
        /// Why it is not SAN of a legal move.
        san: Box<SanError>,
        /// Why it is not a coordinate move of a legal move.
        coordinate: Box<MoveError>,
    },
    /// A comment, variation or tag left open at the end of the text.
    #[error("PGN game {game}: the text ends inside {what}")]
    Unterminated {
        /// Game number, from 1.
        game: usize,
        /// `a comment`, `a variation` or `a tag pair`.
        what: &'static str,
    },
    /// A `)` or `}` with nothing open.
    #[error("PGN game {game}: unmatched {symbol:?}")]
    Unmatched {
        /// Game number, from 1.
        game: usize,
        /// The character.
        symbol: char,
    },
}

/// One game read from PGN.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The variant (`Variant` tag, else the reader's default).
    pub variant: Variant,
    /// The start position (`FEN` tag, else the variant's start position).
    pub start: Position,
    /// The moves of the main line.
    pub moves: Vec<Move>,
    /// The first comment after each move of `moves` (the runner writes `{score/depth time}`
    /// there), without its braces.
    pub comments: Vec<Option<String>>,
    /// The result: the termination marker, else the `Result` tag; `None` for `*` or neither.
    pub result: Option<GameResult>,
}

impl PgnGame {
    /// The value of a tag (name compared without case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The position after the moves.
    pub fn end_position(&self) -> Position {
        let mut p = self.start.clone();
        for &m in &self.moves {
            p.make_move(m);
        }
        p
    }
}

/// The variant a PGN `Variant` tag names: the standard chess names (`Standard`, `Chess`,
/// `From Position`...) or a project variant name.
pub fn variant_of_tag(value: &str) -> Result<Variant, VariantError> {
    const CHESS: [&str; 5] = ["standard", "chess", "normal", "classical", "from position"];
    if CHESS.iter().any(|c| c.eq_ignore_ascii_case(value.trim())) {
        return Ok(Variant::Chess);
    }
    Variant::from_name(value)
}

fn result_of(text: &str) -> Option<Option<GameResult>> {
    match text {
        "1-0" => Some(Some(GameResult::WhiteWins)),
        "0-1" => Some(Some(GameResult::BlackWins)),
        "1/2-1/2" => Some(Some(GameResult::Draw)),
        "*" => Some(None),
        _ => None,
    }
}

fn shorten(s: &str) -> String {
    s.chars().take(48).collect()
}

/// A game being read.
struct Builder {
    game: usize,
    tags: Vec<(String, String)>,
    pos: Option<Position>,
    variant: Variant,
    moves: Vec<Move>,
    comments: Vec<Option<String>>,
    marker: Option<Option<GameResult>>,
}

impl Builder {
    fn new(game: usize) -> Builder {
        Builder {
            game,
            tags: Vec::new(),
            pos: None,
            variant: Variant::Chess,
            moves: Vec::new(),
            comments: Vec::new(),
            marker: None,
        }
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.pos.is_none() && self.marker.is_none()
    }

    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets up the start position from the tags (on the first move or at the end).
    fn position(&mut self, expected: Option<Variant>) -> Result<&mut Position, PgnError> {
        if self.pos.is_none() {
            let game = self.game;
            let variant = match self.tag("Variant") {
                Some(v) => {
                    variant_of_tag(v).map_err(|source| PgnError::Variant { game, source })?
                }
                None => expected.unwrap_or(Variant::Chess),
            };
            if let Some(e) = expected.filter(|e| *e != variant) {
                return Err(PgnError::WrongVariant {
                    game,
                    expected: e,
                    found: variant,
                });
            }
            let pos = match self.tag("FEN") {
                Some(f) => Position::from_fen(variant, f)
                    .map_err(|source| PgnError::Fen { game, source })?,
                None => Position::startpos(variant),
            };
            self.variant = variant;
            self.pos = Some(pos);
        }
        Ok(self.pos.as_mut().expect("set above"))
    }

    fn play(&mut self, token: &str, expected: Option<Variant>) -> Result<(), PgnError> {
        let game = self.game;
        let pos = self.position(expected)?;
        let m = match pos.parse_san(token) {
            Ok(m) => m,
            Err(san) => match pos.parse_move(token) {
                Ok(m) => m,
                Err(coordinate) => {
                    let white = pos.side_to_move() == movegen::Color::White;
                    return Err(PgnError::Move {
                        game,
                        number: pos.fullmove_number(),
                        dots: if white { "." } else { "..." },
                        text: shorten(token),
                        san: Box::new(san),
                        coordinate: Box::new(coordinate),
                    });
                }
            },
        };
        pos.make_move(m);
        self.moves.push(m);
        self.comments.push(None);
        Ok(())
    }

    fn finish(mut self, expected: Option<Variant>) -> Result<PgnGame, PgnError> {
        self.position(expected)?;
        let mut start = self.pos.take().expect("set by position");
        for _ in 0..self.moves.len() {
            start.unmake_move();
        }
        let tag_result = self.tag("Result").and_then(result_of).flatten();
        Ok(PgnGame {
            result: self.marker.unwrap_or(tag_result),
            variant: self.variant,
            start,
            moves: self.moves,
            comments: self.comments,
            tags: self.tags,
        })
    }
}

/// Reads a tag pair's inside (`Name "value"`).
fn parse_tag(inner: &str, game: usize) -> Result<(String, String), PgnError> {
    let bad = |reason| PgnError::Tag {
        game,
        text: shorten(inner),
        reason,
    };
    let inner = inner.trim();
    let (name, rest) = inner
        .split_once(|c: char| c.is_whitespace())
        .ok_or_else(|| bad("expected a name and a quoted value"))?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad("a tag name is letters, digits and '_'"));
    }
    let rest = rest.trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| bad("the value must be in double quotes"))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(
                chars
                    .next()
                    .ok_or_else(|| bad("a lone '\\' ends the value"))?,
            ),
            '"' => return Err(bad("an unescaped '\"' inside the value")),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

/// Strips a move number (`12.`, `12...`, also glued: `12.e4`) and annotation marks from a
/// token; `None` when nothing is left.
fn move_text(token: &str) -> Option<&str> {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let t = if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else {
        token
    };
    let t = t.trim_end_matches(['!', '?']);
    (!t.is_empty()).then_some(t)
}

/// Reads every game of a PGN text. Games without a `Variant` tag are `default_variant` games
/// (chess when `None`); with `Some`, a game of another variant is an error.
pub fn read_pgn(text: &str, default_variant: Option<Variant>) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut cur = Builder::new(1);
    let mut in_movetext = false;
    let mut chars = text.char_indices().peekable();
    let mut line_start = true;
    while let Some((i, c)) = chars.next() {
        let at_line_start = line_start;
        line_start = c == '\n';
        match c {
            '%' if at_line_start => {
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        line_start = true;
                        break;
                    }
                }
            }
            '[' => {
                if in_movetext || cur.marker.is_some() {
                    let next = Builder::new(cur.game + 1);
                    games.push(std::mem::replace(&mut cur, next).finish(default_variant)?);
                    in_movetext = false;
                }
                // The tag ends at the first ']' outside its quoted value, on the same line.
                let len = quoted_tag_end(&text[i + 1..]).ok_or(PgnError::Unterminated {
                    game: cur.game,
                    what: "a tag pair",
                })?;
                let inner = &text[i + 1..i + 1 + len];
                cur.tags.push(parse_tag(inner, cur.game)?);
                while chars.next_if(|&(j, _)| j <= i + 1 + len).is_some() {}
            }
            '{' => {
                in_movetext = true;
                let mut closed = false;
                let mut end = text.len();
                for (j, c) in chars.by_ref() {
                    if c == '}' {
                        closed = true;
                        end = j;
                        break;
                    }
                }
                if !closed {
                    return Err(PgnError::Unterminated {
                        game: cur.game,
                        what: "a comment",
                    });
                }
                // The first comment after a move belongs to it.
                if let Some(slot @ None) = cur.comments.last_mut() {
                    *slot = Some(text[i + 1..end].to_string());
                }
            }
            ';' => {
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        line_start = true;
                        break;
                    }
                }
            }
            '(' => {
                in_movetext = true;
                skip_variation(&mut chars, cur.game)?;
            }
            ')' | '}' => {
                return Err(PgnError::Unmatched {
                    game: cur.game,
                    symbol: c,
                })
            }
            c if c.is_whitespace() => {}
            _ => {
                in_movetext = true;
                let mut end = i + c.len_utf8();
                while let Some(&(j, d)) = chars.peek() {
                    if d.is_whitespace() || "{}()[];".contains(d) {
                        break;
                    }
                    end = j + d.len_utf8();
                    chars.next();
                }
                let token = &text[i..end];
                if let Some(r) = result_of(token) {
                    cur.marker = Some(r);
                    let next = Builder::new(cur.game + 1);
                    games.push(std::mem::replace(&mut cur, next).finish(default_variant)?);
                    in_movetext = false;
                } else if token.starts_with('$') {
                    // A NAG.
                } else if let Some(mv) = move_text(token) {
                    cur.play(mv, default_variant)?;
                }
            }
        }
    }
    if !cur.is_empty() || in_movetext {
        games.push(cur.finish(default_variant)?);
    }
    Ok(games)
}

/// Length of a tag's inside up to its closing `]`, skipping `]` inside the quoted value.
fn quoted_tag_end(s: &str) -> Option<usize> {
    let mut in_quotes = false;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_quotes => escaped = true,
            '"' => in_quotes = !in_quotes,
            ']' if !in_quotes => return Some(i),
            '\n' => return None,
            _ => {}
        }
    }
    None
}

/// Skips a variation (the `(` already read), nested variations and comments included.
fn skip_variation(
    chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>,
    game: usize,
) -> Result<(), PgnError> {
    let mut depth = 1;
    let mut in_comment = false;
    for (_, c) in chars.by_ref() {
        match c {
            '}' if in_comment => in_comment = false,
            _ if in_comment => {}
            '{' => in_comment = true,
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(());
                }
            }
            _ => {}
        }
    }
    Err(PgnError::Unterminated {
        game,
        what: if in_comment {
            "a comment"
        } else {
            "a variation"
        },
    })
}

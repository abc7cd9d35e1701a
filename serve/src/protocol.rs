//! The WebSocket messages, both ways, as JSON objects tagged by `"type"`.
//!
//! Every message from the page is parsed into [`ClientMsg`] with unknown fields refused and every
//! number bounded, so that the session only ever sees well-formed requests; a message that does
//! not parse gets a [`ServerMsg::Error`] back and changes nothing.

use serde::{Deserialize, Serialize};

/// Largest WebSocket message the server accepts, in bytes (a long PGN fits).
pub const MAX_MESSAGE_BYTES: usize = 256 * 1024;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The person at the page.
    Human,
    /// The engine.
    Engine,
}

/// How long the engine thinks over a move when it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Control {
    /// A fixed time per move.
    Movetime {
        /// Milliseconds per move (50 to 60 000).
        ms: u64,
    },
    /// A fixed depth.
    Depth {
        /// Plies (1 to 30).
        depth: u32,
    },
    /// A clock for each side, shown on screen: base time plus an increment per move.
    Clock {
        /// Starting time of each side in milliseconds (1 s to 3 h).
        base_ms: u64,
        /// Increment per move in milliseconds (at most 60 s).
        inc_ms: u64,
    },
    /// A strength level for newcomers: 1 (weakest) to 8.
    Level {
        /// The level.
        level: u32,
    },
}

impl Control {
    /// Checks the bounds of every number.
    pub fn validate(&self) -> Result<(), String> {
        let ok = match *self {
            Control::Movetime { ms } => (50..=60_000).contains(&ms),
            Control::Depth { depth } => (1..=30).contains(&depth),
            Control::Clock { base_ms, inc_ms } => {
                (1_000..=10_800_000).contains(&base_ms) && inc_ms <= 60_000
            }
            Control::Level { level } => (1..=8).contains(&level),
        };
        if ok {
            Ok(())
        } else {
            Err(format!("control out of range: {self:?}"))
        }
    }
}

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// Drawn figures.
    #[default]
    Figures,
    /// The lettered emblems.
    Letters,
}

impl Style {
    /// The drawing style of `view`.
    pub fn piece_style(self) -> view::PieceStyle {
        match self {
            Style::Figures => view::PieceStyle::Figures,
            Style::Letters => view::PieceStyle::Letters,
        }
    }
}

/// One piece of the legend.
#[derive(Clone, Debug, Serialize)]
pub struct LegendView {
    /// Upper-case FEN letter.
    pub letter: char,
    /// The piece's name in the game's rules.
    pub name: String,
    /// Link to its rule on the server's copy of `docs/rules.md`.
    pub link: Option<String>,
    /// The white piece as a small SVG.
    pub svg: String,
}

/// A request from the page.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// First message of a connection: resume the game of `token` (kept across reloads), or start
    /// a fresh session when it is absent or unknown.
    Hello {
        /// The session token a previous `state` gave.
        #[serde(default)]
        token: Option<String>,
    },
    /// A new game.
    New {
        /// Variant name.
        variant: String,
        /// Who plays White.
        white: Player,
        /// Who plays Black.
        black: Player,
        /// How the engine plays.
        control: Control,
        /// Start position (FEN of the variant), else the variant's start position.
        #[serde(default)]
        fen: Option<String>,
    },
    /// Plays a move at the current node, in the project's coordinate notation.
    Play {
        /// The move, e.g. `e2e4`, `J@e5e6`, `e7e8q`.
        uci: String,
    },
    /// Asks for the legal moves of the current position.
    Legal,
    /// Goes to a node of the game tree.
    Goto {
        /// Node id (0 is the start).
        node: usize,
    },
    /// Takes back the last move (and the engine's reply before it, when playing the engine).
    Takeback,
    /// Makes the line through a node the main line.
    Promote {
        /// Node id.
        node: usize,
    },
    /// The side to move at the page resigns.
    Resign,
    /// Offers a draw (the engine accepts when it does not think it stands better; two people at
    /// one page agree at once).
    Draw,
    /// Turns the board.
    Flip,
    /// Chooses how pieces are drawn.
    Style {
        /// Figures or lettered emblems.
        style: Style,
    },
    /// Replaces the game with a position.
    Fen {
        /// The FEN.
        fen: String,
        /// Variant name; the current game's variant when absent.
        #[serde(default)]
        variant: Option<String>,
    },
    /// Replaces the game with the first game of a PGN text (its main line).
    PgnIn {
        /// The PGN.
        pgn: String,
    },
    /// Asks for the game as PGN, side lines as variations.
    PgnOut,
    /// Starts (or restarts) analysis of the current node.
    Analyse {
        /// Principal variations to show, 1 to 3.
        multipv: u32,
    },
    /// Stops analysis or the engine's thinking (it then plays the best move found so far).
    Stop,
    /// Lets the engine play the side to move now.
    EngineMove,
}

/// Parses and validates one message from the page.
pub fn parse_client(text: &str) -> Result<ClientMsg, String> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(format!(
            "message too long: {} bytes (at most {MAX_MESSAGE_BYTES})",
            text.len()
        ));
    }
    let msg: ClientMsg = serde_json::from_str(text).map_err(|e| {
        let mut s = format!("bad message: {e}");
        s.truncate(300);
        s
    })?;
    let too_long = |s: &str, max: usize| s.len() > max;
    let bad = match &msg {
        ClientMsg::Hello { token: Some(t) } => too_long(t, 64),
        ClientMsg::New {
            variant,
            control,
            fen,
            ..
        } => {
            control.validate()?;
            too_long(variant, 32) || fen.as_deref().is_some_and(|f| too_long(f, 512))
        }
        ClientMsg::Play { uci } => too_long(uci, 32),
        ClientMsg::Fen { fen, variant } => {
            too_long(fen, 512) || variant.as_deref().is_some_and(|v| too_long(v, 32))
        }
        ClientMsg::Analyse { multipv } => !(1..=3).contains(multipv),
        _ => false,
    };
    if bad {
        return Err("a field of the message is out of range or too long".into());
    }
    Ok(msg)
}

/// One legal move as the page needs it: where it goes, what it removes, how to choose it.
#[derive(Clone, Debug, Serialize)]
pub struct LegalMove {
    /// The move in coordinate notation; the page sends it back to play the move.
    pub uci: String,
    /// Origin square (the drop square for drops).
    pub from: String,
    /// Destination square.
    pub to: String,
    /// `normal`, `promotion`, `enpassant`, `castle` or `drop`.
    pub kind: &'static str,
    /// Promotion piece letter (upper case).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promo: Option<char>,
    /// Squares of the pieces the move captures (two for a double capture; a fly-over victim is
    /// not on `to`).
    pub victims: Vec<String>,
    /// SAN, given where the page must offer a choice (several moves share from and to).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub san: Option<String>,
    /// Name of the promotion piece, for the chooser.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promo_name: Option<&'static str>,
}

/// A node of the game tree as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct NodeView {
    /// Node id.
    pub id: usize,
    /// Parent id.
    pub parent: usize,
    /// SAN.
    pub san: String,
    /// The move in coordinate notation.
    pub uci: String,
    /// Move number text before it (`12.` or `12...`), when it starts a line or is White's.
    pub number: String,
    /// Continuations, main first.
    pub children: Vec<usize>,
    /// Engine evaluation after the move, White's view.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<crate::tree::WhiteScore>,
}

/// How the game stands.
#[derive(Clone, Debug, Serialize)]
pub struct GameEnd {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// The reason, e.g. `checkmate`, `threefold repetition`, `White resigned`.
    pub reason: String,
}

/// The clocks, when the control is a clock.
#[derive(Clone, Debug, Serialize)]
pub struct Clocks {
    /// White's remaining milliseconds.
    pub white_ms: u64,
    /// Black's remaining milliseconds.
    pub black_ms: u64,
    /// Whose clock runs: `w`, `b` or none.
    pub running: Option<char>,
}

/// Everything the page draws.
#[derive(Clone, Debug, Serialize)]
pub struct StateView {
    /// Session token for reloads.
    pub token: String,
    /// Variant name.
    pub variant: &'static str,
    /// FEN of the current node.
    pub fen: String,
    /// FEN of the game's start position.
    pub start_fen: String,
    /// The board as the project's SVG.
    pub svg: String,
    /// Legal moves of the current position (empty when the game there has ended).
    pub legal: Vec<LegalMove>,
    /// Side to move: `w` or `b`.
    pub turn: char,
    /// Who plays each side.
    pub white: Player,
    /// Who plays each side.
    pub black: Player,
    /// The engine's control.
    pub control: Control,
    /// Board turned.
    pub flip: bool,
    /// Piece drawing.
    pub style: Style,
    /// The pieces of the game: picture, name, letter, link to the rule (absent when the page
    /// already has the legend of this game and style).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legend: Option<Vec<LegendView>>,
    /// Every node of the tree, the root first (id 0, no move).
    pub nodes: Vec<NodeView>,
    /// The current node.
    pub current: usize,
    /// The main line's node ids.
    pub mainline: Vec<usize>,
    /// The game's end, when it has one (on the main line).
    pub end: Option<GameEnd>,
    /// The end of the position shown, when it is a final position (any line).
    pub here_end: Option<GameEnd>,
    /// The clocks.
    pub clocks: Option<Clocks>,
    /// The engine is thinking over its move.
    pub thinking: bool,
    /// Analysis is running.
    pub analysing: bool,
}

/// A search line while the engine thinks or analyses.
#[derive(Clone, Debug, Serialize)]
pub struct InfoView {
    /// The node analysed.
    pub node: usize,
    /// 1-based line number.
    pub multipv: u32,
    /// Depth.
    pub depth: u32,
    /// Selective depth.
    pub seldepth: u32,
    /// Score, White's view.
    pub score: crate::tree::WhiteScore,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The principal variation in SAN.
    pub pv: Vec<String>,
}

/// A message to the page.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The whole state.
    State(Box<StateView>),
    /// The legal moves of the current node (answer to `legal`).
    Legal {
        /// Current node.
        node: usize,
        /// The moves.
        moves: Vec<LegalMove>,
    },
    /// A search line.
    Info(InfoView),
    /// What the engine pool does with a search request.
    Search {
        /// `queued`, `running`, `refused` or `done`.
        status: &'static str,
        /// Text for the page.
        message: String,
    },
    /// The PGN text.
    Pgn {
        /// The PGN.
        text: String,
    },
    /// A refused request; nothing changed.
    Error {
        /// What went wrong.
        message: String,
    },
}

impl ServerMsg {
    /// An error message.
    pub fn error(message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error {
            message: message.into(),
        }
    }

    /// The JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!("{{\"type\":\"error\",\"message\":\"cannot encode a reply: {e}\"}}")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_refuses() {
        assert_eq!(
            parse_client(r#"{"type":"play","uci":"e2e4"}"#),
            Ok(ClientMsg::Play { uci: "e2e4".into() })
        );
        assert!(parse_client(r#"{"type":"play","uci":"e2e4","x":1}"#).is_err());
        assert!(parse_client(r#"{"type":"analyse","multipv":4}"#).is_err());
        assert!(parse_client(
            r#"{"type":"new","variant":"titan","white":"human","black":"engine","control":{"kind":"depth","depth":99}}"#
        )
        .is_err());
        assert!(parse_client("not json").is_err());
        assert!(parse_client(&"x".repeat(MAX_MESSAGE_BYTES + 1)).is_err());
    }
}

//! Typed errors of the UCI front end: each command's failure says what went wrong once, and the
//! engine prints it as `info string error: ...`.

use crate::core::EngineError;
use crate::eval::weights::WeightError;
use crate::time::LimitError;
use movegen::{FenError, MoveError, VariantError};

/// Longest piece of input echoed back in an error, in characters.
pub const ECHO_CHARS: usize = 64;

/// Input text as it may be echoed back in an error line: at most [`ECHO_CHARS`] characters,
/// with [`escape_controls`] applied.
pub fn printable(s: &str) -> String {
    let cut: String = s.chars().take(ECHO_CHARS).collect();
    escape_controls(&cut)
}

/// `s` with control characters (and invisible direction or line-breaking marks) escaped as
/// `\u{..}`, `\t` and so on, so that a line of output stays one plain line whatever input it
/// quotes.
pub fn escape_controls(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let hidden = c.is_control()
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}');
        if hidden {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Why a UCI command was refused. The engine keeps its last good state, except after a refused
/// `position`, when it holds no position until a valid one arrives.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    /// A command the engine does not know.
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    /// A command that must wait for the running search to end.
    #[error("cannot {0} while searching (send stop first)")]
    Busy(&'static str),
    /// A bad `setoption`.
    #[error("setoption: {0}")]
    Option(#[from] OptionError),
    /// A bad `position`.
    #[error("position: {0}")]
    Position(#[from] PositionError),
    /// A bad `go`.
    #[error("go: {0}")]
    Go(#[from] GoError),
    /// `go` after a refused `position`.
    #[error("go: no position to search: the last position command was refused ({0})")]
    NoPosition(PositionError),
    /// A bad `debug`.
    #[error("expected: debug on|off")]
    Debug,
    /// The engine refused (a hash size it cannot back, a thread it cannot start, ...).
    #[error("{0}")]
    Engine(EngineError),
}

/// Why a `setoption` was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// Not `setoption name <name> [value <value>]`.
    #[error("expected: setoption name <name> [value <value>]")]
    Usage,
    /// No option of that name.
    #[error("unknown option '{0}'")]
    Unknown(String),
    /// A spin value that is not an integer.
    #[error("option {name}: '{value}' is not an integer")]
    NotAnInteger {
        /// The option.
        name: String,
        /// The value given.
        value: String,
    },
    /// A spin value out of range.
    #[error("option {name}: {value} is outside {min}..={max}")]
    OutOfRange {
        /// The option.
        name: String,
        /// The value given.
        value: i64,
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// A check value that is not `true` or `false`.
    #[error("option {name}: '{value}' is not true or false")]
    NotABool {
        /// The option.
        name: String,
        /// The value given.
        value: String,
    },
    /// An unknown variant.
    #[error("option UCI_Variant: {0}")]
    Variant(#[from] VariantError),
    /// An evaluation weight or weights file problem.
    #[error("{0}")]
    Weight(#[from] WeightError),
    /// A network file that cannot be read or is not a network.
    #[error("option NnueFile: cannot use '{path}': {reason}")]
    Network {
        /// The path given.
        path: String,
        /// Why it cannot be used.
        reason: String,
    },
}

/// Why a `position` command was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Neither `startpos` nor `fen`.
    #[error("expected: position startpos|fen <fen> [moves ...]")]
    Usage,
    /// `position fen` with nothing after it.
    #[error("missing FEN")]
    MissingFen,
    /// A FEN that does not describe a position of this variant.
    #[error("{0}")]
    Fen(#[from] FenError),
    /// A token where `moves` was expected.
    #[error("unexpected '{0}' (expected 'moves')")]
    Unexpected(String),
    /// Too many moves.
    #[error("{count} moves is more than {max}")]
    TooManyMoves {
        /// Moves given.
        count: usize,
        /// Most accepted.
        max: usize,
    },
    /// A move of the list that is malformed or illegal.
    #[error("move {number}: {error}")]
    Move {
        /// 1-based index of the move in the list.
        number: usize,
        /// Why it was refused.
        error: MoveError,
    },
}

/// Why a `go` command was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoError {
    /// A parameter without its value.
    #[error("{0}: missing value")]
    MissingValue(&'static str),
    /// A value that is not an integer.
    #[error("{key}: '{value}' is not an integer")]
    NotAnInteger {
        /// The parameter.
        key: &'static str,
        /// The value given.
        value: String,
    },
    /// A limit below one, or a negative increment or `movestogo`.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// A parameter `go` does not know.
    #[error("unknown parameter '{0}'")]
    UnknownParameter(String),
    /// A bad move after `searchmoves`.
    #[error("searchmoves: {0}")]
    SearchMove(MoveError),
    /// `go perft` without a depth.
    #[error("expected: go perft <depth>")]
    PerftUsage,
    /// `go perft` deeper than allowed.
    #[error("perft depth {depth} is too deep (at most {max})")]
    PerftTooDeep {
        /// Depth asked for.
        depth: u32,
        /// Deepest allowed.
        max: u32,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoed_input_has_its_control_characters_escaped() {
        assert_eq!(printable("go\u{1b}[2J\r\n"), "go\\u{1b}[2J\\r\\n");
        assert_eq!(printable("a\tb\u{202e}c"), "a\\tb\\u{202e}c");
        assert_eq!(printable("échec"), "échec");
        assert_eq!(printable(&"x".repeat(100)).len(), ECHO_CHARS);
    }
}

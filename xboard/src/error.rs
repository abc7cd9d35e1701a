//! Typed errors of the CECP front end; their `Display` is the protocol's reply line.

/// Why a move text was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// Not shaped like a move of this board.
    #[error("{0}")]
    Syntax(String),
    /// Well formed, but no legal move of the position.
    #[error("not a legal move")]
    Illegal,
}

/// A command that could not be carried out; the engine keeps its previous state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CecpError {
    /// `Illegal move (REASON): MOVE`.
    #[error("Illegal move ({reason}): {text}")]
    IllegalMove {
        /// Why.
        reason: String,
        /// The move as received.
        text: String,
    },
    /// `Error (REASON): COMMAND`.
    #[error("Error ({reason}): {command}")]
    Command {
        /// Why.
        reason: String,
        /// The command line as received (shortened).
        command: String,
    },
}

impl CecpError {
    /// An `Error (reason): command` reply.
    pub fn command(reason: impl Into<String>, command: &str) -> CecpError {
        CecpError::Command {
            reason: reason.into(),
            command: command.chars().take(200).collect(),
        }
    }
}

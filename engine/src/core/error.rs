//! Why the engine refused a request.

use crate::time::LimitError;
use crate::tt::HashError;
use crate::uci_error::OptionError;
use movegen::Variant;

/// A request the [`Engine`](super::Engine) refused; it keeps its previous state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// Options, a new game and a new search must wait until the running search has ended.
    #[error("a search is running")]
    Busy,
    /// A bad option name or value.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// A `Hash` size the machine cannot back (the previous table stays in use).
    #[error("option Hash: {0}")]
    Hash(#[from] HashError),
    /// A position of another game than the engine's `UCI_Variant`.
    #[error("the position is {position}, but the engine plays {engine} (set UCI_Variant)")]
    VariantMismatch {
        /// The engine's variant.
        engine: Variant,
        /// The position's variant.
        position: Variant,
    },
    /// Search limits that no search can keep.
    #[error(transparent)]
    Limits(#[from] LimitError),
    /// The search thread could not be started.
    #[error("cannot start the search thread: {0}")]
    Thread(String),
}

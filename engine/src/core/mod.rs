//! The engine as a library: options, transposition table, history tables and evaluation in one
//! [`Engine`] value, a search started on its own thread ([`Engine::go`]) that reports typed
//! [`Info`] lines and a [`BestMove`] to a [`SearchListener`], and a [`SearchHandle`] to stop it.
//!
//! The UCI and CECP front ends are formatters over this API; a program may hold several
//! independent engines.
//!
//! ```
//! use engine::core::{Engine, GoLimits, Info, SearchListener};
//! use movegen::Position;
//! use std::sync::Arc;
//!
//! struct Quiet;
//! impl SearchListener for Quiet {
//!     fn info(&self, _: &Info) {}
//! }
//!
//! let mut engine = Engine::new();
//! engine.set_option("UCI_Variant", "chess").unwrap();
//! let pos = Position::startpos(engine.options().variant);
//! let best = engine.go(&pos, GoLimits::depth(3), Arc::new(Quiet)).unwrap().wait();
//! assert!(best.best.is_some() && best.depth == 3);
//! ```

mod error;
mod handle;
mod report;

pub use self::error::EngineError;
pub use self::handle::{SearchHandle, SearchStopper};
pub use self::report::{BestMove, Info, Score, ScoreBound, SearchListener, Silent};
pub use crate::options::{Change, EngineOptions};
pub use crate::time::{GoLimits, LimitError};

use crate::eval::Evaluator;
use crate::search::history::HistoryStore;
use crate::search::{self, SearchConfig, SearchResult, SharedState};
use crate::tt::TranspositionTable;
use movegen::{Position, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// One engine: its options, transposition table, history tables and evaluation. Searches run
/// one at a time, each on its own thread.
pub struct Engine {
    opts: EngineOptions,
    tt: Arc<TranspositionTable>,
    /// History tables kept between searches (cleared by [`Engine::new_game`]).
    histories: Arc<HistoryStore>,
    eval: Arc<Evaluator>,
    /// Set while a search uses the tables (cleared just before its answer is delivered).
    busy: Arc<AtomicBool>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine with the default options (titan, 16 MB of hash, one thread).
    pub fn new() -> Engine {
        Engine::with_options(EngineOptions::default())
    }

    /// An engine with the default options for playing `variant`.
    pub fn for_variant(variant: Variant) -> Engine {
        Engine::with_options(EngineOptions::for_variant(variant))
    }

    fn with_options(opts: EngineOptions) -> Engine {
        Engine {
            tt: Arc::new(TranspositionTable::new(opts.hash_mb)),
            histories: Arc::new(HistoryStore::default()),
            eval: Arc::new(opts.evaluator()),
            opts,
            busy: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The options in force.
    pub fn options(&self) -> &EngineOptions {
        &self.opts
    }

    /// Is a search using the engine (options, a new game and another search must wait)?
    pub fn is_searching(&self) -> bool {
        self.busy.load(Ordering::Acquire)
    }

    fn idle(&self) -> Result<(), EngineError> {
        if self.is_searching() {
            Err(EngineError::Busy)
        } else {
            Ok(())
        }
    }

    /// Sets an option by its UCI name (case-insensitive) and value text. On error nothing
    /// changes; a `Hash` size the machine cannot back keeps the old table. The [`Change`] tells
    /// the caller what it must do itself: after [`Change::Variant`], positions of the old
    /// variant are refused by [`Engine::go`]; [`Change::Message`] is text for the user.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<Change, EngineError> {
        self.idle()?;
        let mut opts = self.opts.clone();
        let change = opts.set(name, value)?;
        match &change {
            Change::None | Change::Message(_) => {}
            Change::Variant => {
                self.eval = Arc::new(opts.evaluator());
                self.tt.clear();
                self.histories.clear();
            }
            Change::Hash => {
                self.tt = Arc::new(TranspositionTable::try_new(opts.hash_mb)?);
            }
            Change::ClearHash => self.tt.clear(),
            Change::Weights => self.eval = Arc::new(opts.evaluator()),
        }
        self.opts = opts;
        Ok(change)
    }

    /// Forgets the previous game: empties the transposition table and the history tables.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.idle()?;
        self.tt.clear();
        self.histories.clear();
        Ok(())
    }

    /// Starts searching `pos` (a position of the engine's variant) under `limits` on a new
    /// thread and returns at once. `listener` receives an [`Info`] per completed iteration and
    /// line, and the [`BestMove`] last; [`SearchHandle::wait`] returns the same answer.
    ///
    /// The search always completes its first iteration, even when stopped at once, so that its
    /// answer is a searched move with a true score. A position without legal moves gets one
    /// `Info` of depth 0 (`Mate(0)` when checkmated, `Centipawns(0)` when stalemated) and a
    /// `BestMove` without a move, at once, whatever the limits.
    pub fn go(
        &mut self,
        pos: &Position,
        limits: GoLimits,
        listener: Arc<dyn SearchListener>,
    ) -> Result<SearchHandle, EngineError> {
        self.idle()?;
        if pos.variant() != self.opts.variant {
            return Err(EngineError::VariantMismatch {
                engine: self.opts.variant,
                position: pos.variant(),
            });
        }
        limits.validate()?;
        let shared = Arc::new(SharedState::new(self.opts.threads));
        shared.pondering.store(limits.ponder, Ordering::Relaxed);
        let cfg = SearchConfig {
            threads: self.opts.threads,
            multipv: self.opts.multipv,
            move_overhead: self.opts.move_overhead,
            params: self.opts.search.clone(),
            eval: self.eval.clone(),
            report: true,
            histories: self.histories.clone(),
        };
        let fallback = BestMove {
            best: pos.legal_moves().iter().next().copied(),
            ponder: None,
            score: Score::Centipawns(0),
            depth: 0,
            nodes: 0,
        };
        let job = SearchJob {
            pos: pos.clone(),
            tt: self.tt.clone(),
            cfg,
            limits,
            shared: shared.clone(),
            listener,
            busy: self.busy.clone(),
        };
        self.busy.store(true, Ordering::Release);
        let thread = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || job.run())
            .map_err(|e| {
                self.busy.store(false, Ordering::Release);
                EngineError::Thread(e.to_string())
            })?;
        Ok(SearchHandle::new(
            thread,
            SearchStopper::new(shared),
            fallback,
        ))
    }
}

/// Everything the search thread owns.
struct SearchJob {
    pos: Position,
    tt: Arc<TranspositionTable>,
    cfg: SearchConfig,
    limits: GoLimits,
    shared: Arc<SharedState>,
    listener: Arc<dyn SearchListener>,
    busy: Arc<AtomicBool>,
}

impl SearchJob {
    fn run(self) -> BestMove {
        let best = if self.pos.legal_moves().is_empty() {
            self.no_legal_move()
        } else {
            // A bug in the search must not leave the caller without an answer: report it and
            // answer with the first legal move.
            let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                search::search(
                    &self.pos,
                    &self.tt,
                    &self.cfg,
                    &self.limits,
                    &self.shared,
                    &*self.listener,
                )
            }));
            match searched {
                Ok(r) => best_move(&r),
                Err(_) => {
                    self.listener
                        .message("error: internal search error; playing the first legal move");
                    BestMove {
                        best: self.pos.legal_moves().iter().next().copied(),
                        ponder: None,
                        score: Score::Centipawns(0),
                        depth: 0,
                        nodes: self.shared.total_nodes(),
                    }
                }
            }
        };
        // The tables are free again before the answer goes out: a caller may start the next
        // search the moment it reads it.
        self.busy.store(false, Ordering::Release);
        self.listener.best_move(&best);
        best
    }

    /// Checkmate or stalemate at the root: one line with the game's score, no move.
    fn no_legal_move(&self) -> BestMove {
        let score = if self.pos.in_check() {
            Score::Mate(0)
        } else {
            Score::Centipawns(0)
        };
        self.listener.info(&Info {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score,
            bound: None,
            nodes: 0,
            nps: 0,
            hashfull: self.tt.hashfull() as u32,
            time_ms: self.shared.start.elapsed().as_millis() as u64,
            pv: Vec::new(),
        });
        BestMove {
            best: None,
            ponder: None,
            score,
            depth: 0,
            nodes: 0,
        }
    }
}

fn best_move(r: &SearchResult) -> BestMove {
    BestMove {
        best: r.best,
        ponder: r.ponder,
        score: Score::from_search(r.score),
        depth: r.depth,
        nodes: r.nodes,
    }
}

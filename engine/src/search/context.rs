//! A single-thread search that keeps its buffers from one search to the next: the evaluation
//! state (pawn cache or network layers), the per-ply tables and move buffers, the reduction
//! table. [`search`](super::search) builds them afresh, on a thread of its own, for every
//! search; a caller running many short searches on one thread (the data generator) saves that.
//!
//! A context's search answers exactly as [`search`](super::search) with one thread does on the
//! same table and history store: everything a search reads is reset at its start, and what is
//! kept (the pawn cache, the network's layers) changes nothing but speed.

use super::threads::{answer, pick_best, root_moves, run_thread};
use super::{PlyState, RootMove, SearchConfig, SearchResult, SharedState, Worker};
use crate::time::{self, GoLimits, LimitError};
use crate::tt::TranspositionTable;
use movegen::Position;

/// A reusable single-thread search over one table and one configuration.
///
/// Its searches run on the calling thread, which needs a stack of at least
/// [`STACK_SIZE`](super::STACK_SIZE) bytes. They print nothing (`report` and `threads` of the
/// configuration are ignored) and read the history tables from, and leave them in, the
/// configuration's store as [`search`](super::search) does.
pub struct SearchContext<'e> {
    tt: &'e TranspositionTable,
    cfg: &'e SearchConfig,
    /// The buffers of the last search (`None` before the first).
    kept: Option<PlyState<'e>>,
}

/// What a context's search found.
#[derive(Clone, Debug, Default)]
pub struct ContextSearch {
    /// The answer, as [`search`](super::search) gives it.
    pub result: SearchResult,
    /// The lines of the deepest completed iteration, best first: as many as were asked for
    /// (fewer when there are fewer root moves; none when no iteration completed). The first is
    /// the answer's.
    pub lines: Vec<RootMove>,
}

/// Limits a context cannot search under.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ContextError {
    /// `infinite`, `ponder`, or no limit at all: nothing would end the search.
    #[error("a reusable search needs a limit that ends it (depth, nodes, mate or a clock)")]
    Unbounded,
    /// A limit no search can keep.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

impl<'e> SearchContext<'e> {
    /// A context searching with `cfg` on `tt`.
    pub fn new(tt: &'e TranspositionTable, cfg: &'e SearchConfig) -> SearchContext<'e> {
        SearchContext {
            tt,
            cfg,
            kept: None,
        }
    }

    /// Searches `pos` under `limits` over `multipv` lines (at least one) on this thread.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &GoLimits,
        multipv: usize,
    ) -> Result<ContextSearch, ContextError> {
        if limits.infinite || limits.ponder || limits.is_unbounded() {
            return Err(ContextError::Unbounded);
        }
        limits.validate()?;
        let roots = root_moves(pos, &limits.searchmoves);
        if roots.is_empty() {
            return Ok(ContextSearch::default());
        }
        self.tt.new_search();
        let variant = pos.variant();
        let time = time::limits(limits, pos.side_to_move(), self.cfg.move_overhead);
        let shared = SharedState::new(1);
        let hist = self.cfg.histories.take(0, variant);
        let state = match self.kept.take() {
            None => PlyState::new(&self.cfg.eval, &self.cfg.params),
            Some(mut kept) => {
                kept.reset();
                kept
            }
        };
        let mut w = Worker::new(
            0,
            pos.clone(),
            self.tt,
            state,
            &self.cfg.params,
            &shared,
            limits,
            time,
            roots.clone(),
            hist,
        );
        let found = run_thread(&mut w, multipv, None);
        let (state, hist) = w.into_state();
        self.cfg.histories.put(0, hist);
        self.kept = Some(state);
        let results = [found];
        let best = pick_best(&results);
        let lines = match best {
            Some(b) => {
                let n = multipv.clamp(1, b.lines.len());
                b.lines[..n].to_vec()
            }
            None => Vec::new(),
        };
        Ok(ContextSearch {
            result: answer(best, &roots, results[0].nodes),
            lines,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Silent;
    use crate::options::EngineOptions;
    use crate::search::history::HistoryStore;
    use crate::search::{search, SearchParams, STACK_SIZE};
    use movegen::Variant;
    use std::sync::Arc;

    fn config(variant: Variant, multipv: usize) -> SearchConfig {
        SearchConfig {
            threads: 1,
            multipv,
            move_overhead: 0,
            params: SearchParams::default(),
            eval: Arc::new(EngineOptions::for_variant(variant).evaluator()),
            report: false,
            histories: Arc::new(HistoryStore::default()),
        }
    }

    /// Plays two short games of `variant` (moves from the searches, tables emptied between the
    /// games as the data generator does), searching every position with both `search` and a
    /// context, and checks that they agree on everything.
    fn agrees_with_search(variant: Variant, limits: GoLimits, multipv: usize) {
        let (a_cfg, b_cfg) = (config(variant, multipv), config(variant, multipv));
        let (a_tt, b_tt) = (TranspositionTable::new(1), TranspositionTable::new(1));
        let mut ctx = SearchContext::new(&b_tt, &b_cfg);
        let mut searched = 0;
        for game in 0..2 {
            a_tt.clear();
            b_tt.clear();
            a_cfg.histories.reset();
            b_cfg.histories.reset();
            let mut pos = Position::startpos(variant);
            for ply in 0..8 {
                let a = search(&pos, &a_tt, &a_cfg, &limits, &SharedState::new(1), &Silent);
                let b = ctx.search(&pos, &limits, multipv).unwrap();
                let at = format!("{} game {game} ply {ply}", variant.name());
                assert_eq!(a.best, b.result.best, "{at}");
                assert_eq!(a.ponder, b.result.ponder, "{at}");
                assert_eq!(a.score, b.result.score, "{at}");
                assert_eq!(a.depth, b.result.depth, "{at}");
                assert_eq!(a.nodes, b.result.nodes, "{at}");
                assert_eq!(b.lines.len(), multipv.min(pos.legal_moves().len()), "{at}");
                assert_eq!(b.lines[0].mv, a.best.unwrap(), "{at}");
                assert_eq!(b.lines[0].score, a.score, "{at}");
                assert!(b.lines.windows(2).all(|l| l[0].score >= l[1].score), "{at}");
                searched += 1;
                // Alternate the moves played, so that the games differ.
                let i = (ply + game) % b.lines.len();
                pos.make_move(b.lines[i].mv);
                if pos.outcome().is_some() {
                    break;
                }
            }
        }
        assert!(searched > 8);
    }

    /// Runs `f` on a thread with a search thread's stack, as the context requires.
    fn on_search_stack(f: impl FnOnce() + Send + 'static) {
        std::thread::Builder::new()
            .stack_size(STACK_SIZE)
            .spawn(f)
            .unwrap()
            .join()
            .unwrap();
    }

    #[test]
    fn a_reused_context_answers_as_a_fresh_search() {
        on_search_stack(|| {
            for variant in [Variant::Titan, Variant::Chess, Variant::Octopus] {
                agrees_with_search(variant, GoLimits::nodes(700), 1);
                agrees_with_search(variant, GoLimits::depth(4), 3);
            }
        });
    }

    #[test]
    fn unbounded_and_bad_limits_are_refused() {
        on_search_stack(|| {
            let cfg = config(Variant::Chess, 1);
            let tt = TranspositionTable::new(1);
            let mut ctx = SearchContext::new(&tt, &cfg);
            let pos = Position::startpos(Variant::Chess);
            for limits in [GoLimits::infinite(), GoLimits::default()] {
                let e = ctx.search(&pos, &limits, 1).unwrap_err();
                assert_eq!(e, ContextError::Unbounded);
            }
            let e = ctx.search(&pos, &GoLimits::nodes(0), 1).unwrap_err();
            assert!(matches!(e, ContextError::Limit(_)), "{e}");
            // Still usable afterwards.
            assert!(ctx
                .search(&pos, &GoLimits::depth(2), 1)
                .unwrap()
                .result
                .best
                .is_some());
        });
    }
}

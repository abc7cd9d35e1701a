//! The search: iterative deepening with aspiration windows over a principal-variation negamax
//! alpha-beta, a quiescence search over captures and promotions, and Lazy SMP threads sharing
//! one transposition table.
//!
//! The node search reads top to bottom in numbered steps; each pruning rule sits in one place
//! with its condition spelled out.

pub mod busy;
mod context;
pub mod history;
pub mod params;
pub mod picker;
pub mod see;
mod threads;
pub mod values;

use crate::eval::{Evaluation, Evaluator};
use crate::time::{GoLimits, TimeLimits};
use crate::tt::{score_from_tt, score_to_tt, Bound, TranspositionTable};
use arrayvec::ArrayVec;
use busy::BusyMoves;
pub use context::{ContextError, ContextSearch, SearchContext};
use history::{CaptureHistory, Histories, HistoryStore, PieceTo};
use movegen::{Move, Position, Role};
pub use params::SearchParams;
use picker::{MovePicker, NodeContext, PickerMode};
use see::see_ge;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
pub use threads::{search, STACK_SIZE};
use values::PieceValues;

/// Deepest ply the search reaches (iterations, extensions and quiescence together).
pub const MAX_PLY: usize = 128;
/// Score of a mate at the root.
pub const MATE: i32 = 32_000;
/// Scores at least this large (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
/// Larger than every score.
pub const INF: i32 = 32_001;
/// The least root depth at which a thread of a multi-threaded search puts off a root move
/// another thread is searching (`busy`); the shallowest iterations take too little time to
/// split.
const DEFER_DEPTH: i32 = 3;

/// Settings a search runs with.
#[derive(Clone)]
pub struct SearchConfig {
    /// Worker threads (Lazy SMP).
    pub threads: usize,
    /// Principal variations to report.
    pub multipv: usize,
    /// Milliseconds kept back for communication.
    pub move_overhead: i64,
    /// Search tunables.
    pub params: SearchParams,
    /// Evaluation tables of the position's variant.
    pub eval: Arc<Evaluator>,
    /// Print `info` lines.
    pub report: bool,
    /// History tables carried from one search to the next.
    pub histories: Arc<HistoryStore>,
}

/// State shared between the UCI thread and every search thread.
pub struct SharedState {
    /// Set to end the search.
    pub stop: AtomicBool,
    /// While set, the search ignores the clock (pondering).
    pub pondering: AtomicBool,
    /// Nodes searched per thread (published every 1024 nodes; exact at the end).
    pub nodes: Vec<AtomicU64>,
    /// When `go` was received.
    pub start: Instant,
    /// Root moves some thread is searching now (an empty table for one thread).
    pub busy: BusyMoves,
}

impl SharedState {
    /// Fresh state for `threads` threads; the clock starts now.
    pub fn new(threads: usize) -> SharedState {
        SharedState {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            nodes: (0..threads.max(1)).map(|_| AtomicU64::new(0)).collect(),
            start: Instant::now(),
            busy: BusyMoves::new(threads),
        }
    }

    /// Total nodes published by all threads.
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// Best move (`None` only without legal moves).
    pub best: Option<Move>,
    /// Expected reply.
    pub ponder: Option<Move>,
    /// Score of the best move (side to move's view).
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: i32,
    /// Nodes searched by all threads.
    pub nodes: u64,
}

/// One root move with its latest score and line.
#[derive(Clone, Debug)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Score from the latest search of this move (`-INF` if it failed low).
    pub score: i32,
    /// Principal variation starting with `mv`.
    pub pv: Vec<Move>,
}

/// Late-move-reduction table, indexed by depth and move number (both capped at 63).
fn lmr_table(p: &SearchParams) -> Vec<[i32; 64]> {
    let mut t = vec![[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            let v = p.lmr_base as f64 / 100.0
                + (d as f64).ln() * (m as f64).ln() / (p.lmr_div as f64 / 100.0);
            *r = v.max(0.0) as i32;
        }
    }
    t
}

/// Does the side to move have a piece other than pawns and the king (null-move zugzwang guard)?
fn has_pieces(pos: &Position) -> bool {
    let b = pos.board();
    let us = pos.side_to_move();
    let pawns = b.pieces(us, Role::Pawn) | b.pieces(us, Role::Ninja) | b.pieces(us, Role::King);
    (b.color(us) & !pawns).any()
}

/// One search thread's state: `'a` borrows what one search shares (the table, the limits),
/// `'e` the evaluation its state was built for (kept by a [`SearchContext`] from one search
/// to the next).
pub(crate) struct Worker<'a, 'e> {
    id: usize,
    pos: Position,
    tt: &'a TranspositionTable,
    /// The game's piece values for SEE and move ordering.
    values: &'static PieceValues,
    params: &'a SearchParams,
    shared: &'a SharedState,
    limits: &'a GoLimits,
    time: Option<TimeLimits>,
    single_thread: bool,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    root_depth: i32,
    hist: Box<Histories>,
    /// The evaluation and the per-ply tables.
    ply: PlyState<'e>,
    root_moves: Vec<RootMove>,
    /// Root moves after the last completed iteration.
    completed: Vec<RootMove>,
    completed_depth: i32,
}

/// The per-ply state a worker searches with, which a reused search context keeps from one
/// search to the next: the evaluation (its pawn cache or network layers), the per-ply tables,
/// the move buffers and the reduction table.
pub(crate) struct PlyState<'e> {
    /// The static evaluation: the game's tables or network.
    eval: Evaluation<'e>,
    /// Continuation-history key of the move made at each ply (`None` for a null move).
    stack: Vec<Option<PieceTo>>,
    killers: Vec<[Option<Move>; 2]>,
    /// The move a singular-extension search leaves out at each ply.
    excluded: Vec<Option<Move>>,
    pv: Vec<Vec<Move>>,
    evals: Vec<i32>,
    buffers: Vec<Option<Box<MovePicker>>>,
    lmr: Vec<[i32; 64]>,
}

impl<'e> PlyState<'e> {
    /// Fresh state for a search evaluating with `eval` under `params`.
    pub(crate) fn new(eval: &'e Evaluator, params: &SearchParams) -> PlyState<'e> {
        PlyState {
            eval: Evaluation::new(eval, params.nnue_scale, MAX_PLY + 2),
            stack: vec![None; MAX_PLY + 2],
            killers: vec![[None; 2]; MAX_PLY + 2],
            excluded: vec![None; MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            evals: vec![0; MAX_PLY + 2],
            buffers: (0..MAX_PLY + 2).map(|_| None).collect(),
            lmr: lmr_table(params),
        }
    }

    /// Sets everything a search reads back to what [`PlyState::new`] starts from, in the kept
    /// memory (the evaluation's caches change nothing but speed; the move buffers are
    /// refilled before use).
    pub(crate) fn reset(&mut self) {
        self.stack.fill(None);
        self.killers.fill([None; 2]);
        self.excluded.fill(None);
        self.pv.iter_mut().for_each(Vec::clear);
        self.evals.fill(0);
    }
}

impl<'a, 'e> Worker<'a, 'e> {
    /// A worker searching with `state` (fresh, or kept and [reset](PlyState::reset)).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        id: usize,
        pos: Position,
        tt: &'a TranspositionTable,
        state: PlyState<'e>,
        params: &'a SearchParams,
        shared: &'a SharedState,
        limits: &'a GoLimits,
        time: Option<TimeLimits>,
        root_moves: Vec<RootMove>,
        hist: Box<Histories>,
    ) -> Worker<'a, 'e> {
        let values = PieceValues::of(pos.variant());
        Worker {
            id,
            pos,
            tt,
            values,
            params,
            shared,
            limits,
            time,
            single_thread: shared.nodes.len() == 1,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_depth: 0,
            hist,
            ply: state,
            completed: root_moves.clone(),
            root_moves,
            completed_depth: 0,
        }
    }

    /// The worker's per-ply state and history tables, for the next search.
    pub(crate) fn into_state(self) -> (PlyState<'e>, Box<Histories>) {
        (self.ply, self.hist)
    }

    /// Counts a node and decides whether to abort. Only the main thread watches the clock and
    /// the node limit; every thread watches the stop flag, the main thread only once its first
    /// iteration is complete.
    #[inline]
    fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        }
        if self.id == 0 {
            if let Some(limit) = self.limits.nodes {
                let total = if self.single_thread {
                    self.nodes
                } else {
                    self.shared.total_nodes()
                };
                if total >= limit && self.completed_depth >= 1 {
                    self.shared.stop.store(true, Ordering::Relaxed);
                }
            }
            if self.nodes & 1023 == 0 {
                if let Some(t) = self.time {
                    let pondering = self.shared.pondering.load(Ordering::Relaxed);
                    if !pondering && self.shared.start.elapsed() >= t.hard {
                        self.shared.stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
        // The main thread completes its first iteration whatever it is told, so that a search
        // stopped at once still answers with a searched move and a true score.
        if self.shared.stop.load(Ordering::Relaxed) && (self.id != 0 || self.completed_depth >= 1) {
            self.stopped = true;
        }
        self.stopped
    }

    /// The static evaluation of the position at `ply`.
    #[inline]
    fn evaluate(&mut self, ply: usize) -> i32 {
        self.ply.eval.evaluate(&self.pos, ply)
    }

    /// Takes the per-ply move buffer (returned with [`Worker::put_buffer`]).
    fn take_buffer(&mut self, ply: usize) -> Box<MovePicker> {
        self.ply.buffers[ply]
            .take()
            .unwrap_or_else(MovePicker::boxed)
    }

    fn put_buffer(&mut self, ply: usize, b: Box<MovePicker>) {
        self.ply.buffers[ply] = Some(b);
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.ply.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// The continuation-history keys of the moves one and two plies before the node at `ply`.
    #[inline]
    fn earlier(&self, ply: usize) -> [Option<PieceTo>; 2] {
        [
            ply.checked_sub(1).and_then(|p| self.ply.stack[p]),
            ply.checked_sub(2).and_then(|p| self.ply.stack[p]),
        ]
    }

    /// Move `best` caused a beta cutoff at `ply`: reward it in its history tables and punish the
    /// moves of its kind tried before it (`quiets` and `captures`, in the order tried). A quiet
    /// cutoff also becomes a killer and the counter-move of the previous move.
    fn update_histories(
        &mut self,
        ply: usize,
        depth: i32,
        best: Move,
        best_is_quiet: bool,
        quiets: &[Move],
        captures: &[Move],
    ) {
        let bonus = (depth * depth * 16).min(self.params.history_max_bonus);
        let us = self.pos.side_to_move();
        let earlier = self.earlier(ply);
        if best_is_quiet {
            let k = &mut self.ply.killers[ply];
            if k[0] != Some(best) {
                k[1] = k[0];
                k[0] = Some(best);
            }
            if let Some(prev) = earlier[0] {
                self.hist.counter.set(prev, best);
            }
            let now = self.hist.roles.piece_to(&self.pos, best);
            self.hist.update_quiet(us, best, now, earlier, bonus);
            for &q in quiets {
                if q != best {
                    let now = self.hist.roles.piece_to(&self.pos, q);
                    self.hist.update_quiet(us, q, now, earlier, -bonus);
                }
            }
        } else if let Some(key) = CaptureHistory::key(&self.pos, best) {
            self.hist.capture.update(key, bonus);
        }
        for &c in captures {
            if c != best {
                if let Some(key) = CaptureHistory::key(&self.pos, c) {
                    self.hist.capture.update(key, -bonus);
                }
            }
        }
    }

    /// Searches the root moves `root_moves[pv_idx..]` with window `(alpha, beta)`; sorts them by
    /// score and returns the best.
    fn root_search(&mut self, mut alpha: i32, beta: i32, depth: i32, pv_idx: usize) -> i32 {
        let mut best = -INF;
        let root_in_check = self.pos.in_check();
        // After the first move, a root move another thread is searching waits until the others
        // are done (`busy`); the deferred ones are then searched in the order they were put off.
        let may_defer = !self.single_thread && depth >= DEFER_DEPTH;
        let count = self.root_moves.len();
        let mut deferred: Vec<usize> = Vec::new();
        let mut next = pv_idx;
        loop {
            let (i, resumed) = if next < count {
                (next, false)
            } else if let Some(&i) = deferred.get(next - count) {
                (i, true)
            } else {
                break;
            };
            next += 1;
            let m = self.root_moves[i].mv;
            let busy_key = if may_defer && i > pv_idx {
                let key = BusyMoves::key(self.pos.hash(), m);
                if !resumed && self.shared.busy.is_busy(key) {
                    deferred.push(i);
                    continue;
                }
                self.shared.busy.enter(key);
                Some(key)
            } else {
                None
            };
            self.ply.pv[1].clear();
            let tactical = self.pos.is_capture(m) || m.promotion().is_some();
            let now = self.hist.roles.piece_to(&self.pos, m);
            let quiet_score = if tactical {
                0
            } else {
                self.hist
                    .quiet_score(self.pos.side_to_move(), m, now, [None, None])
            };
            self.ply.stack[0] = Some(now);
            self.pos.make_move(m);
            self.nodes += 1;
            let gives_check = self.pos.in_check();
            let new_depth = depth - 1 + gives_check as i32;
            let score = if i == pv_idx {
                -self.negamax(-beta, -alpha, new_depth, 1, gives_check, true)
            } else {
                // Late quiet root moves are reduced like late quiet moves anywhere (the root
                // counts as a PV node, not improving); one that beats alpha is searched again
                // at full depth. Once a mate is found, nothing is reduced: a reduced search
                // cannot see a shorter mate, and the longer one would be played.
                let mut r = 0;
                if depth >= 3
                    && !tactical
                    && !gives_check
                    && !root_in_check
                    && alpha.abs() < MATE_BOUND
                {
                    let legal = (i - pv_idx + 1) as i32;
                    r = self
                        .quiet_reduction(depth, legal, true, false, quiet_score)
                        .clamp(0, new_depth - 1);
                }
                let mut s = -self.negamax(-alpha - 1, -alpha, new_depth - r, 1, gives_check, true);
                if s > alpha && r > 0 {
                    s = -self.negamax(-alpha - 1, -alpha, new_depth, 1, gives_check, true);
                }
                if s > alpha && s < beta {
                    self.ply.pv[1].clear();
                    -self.negamax(-beta, -alpha, new_depth, 1, gives_check, true)
                } else {
                    s
                }
            };
            self.pos.unmake_move();
            if let Some(key) = busy_key {
                self.shared.busy.leave(key);
            }
            if self.stopped {
                break;
            }
            let rm = &mut self.root_moves[i];
            if i == pv_idx || score > alpha {
                rm.score = score;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.ply.pv[1]);
            } else {
                rm.score = -INF;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        self.root_moves[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
        best
    }

    /// The late-move reduction of the `legal`-th quiet move at a node of `depth`, before the
    /// refutation bonus and the clamp: the table's value, one ply less at a PV node and one
    /// less when improving, and less (or more) by the move's history (`quiet_score`). May be
    /// negative.
    #[inline]
    fn quiet_reduction(
        &self,
        depth: i32,
        legal: i32,
        pv_node: bool,
        improving: bool,
        quiet_score: i32,
    ) -> i32 {
        self.ply.lmr[depth.min(63) as usize][legal.min(63) as usize]
            - pv_node as i32
            - improving as i32
            - quiet_score / self.params.lmr_history_div
    }

    /// Principal-variation negamax alpha-beta.
    fn negamax(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        in_check: bool,
        allow_null: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.ply.pv[ply].clear();

        // Step 1. At the horizon, resolve captures.
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, in_check);
        }

        // Step 2. Count the node; abort when told to.
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);

        // Step 3. Draws by the 100-ply rule and by repetition; the ply limit.
        if self.pos.halfmove_clock() >= 100 || self.pos.repetitions() >= 1 {
            return 0;
        }
        if ply >= MAX_PLY {
            return if in_check { 0 } else { self.evaluate(ply) };
        }

        // Step 4. Mate distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // Step 5. Transposition table (ignored by a singular-extension search, which searches
        // the same position without the hash move).
        let excluded = self.ply.excluded[ply];
        let key = self.pos.hash();
        let hit = if excluded.is_some() {
            None
        } else {
            self.tt.probe(key)
        };
        let tt_move = hit.and_then(|h| h.mv);
        if let Some(h) = hit {
            let s = score_from_tt(h.score, ply as i32, MATE_BOUND);
            if !pv_node && h.depth >= depth {
                let cut = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return s;
                }
            }
        }

        // Step 6. Static evaluation (refined by a hash score with a fitting bound).
        let mut eval = -INF;
        let mut static_eval = -INF;
        let mut raw_eval = 0;
        if !in_check {
            raw_eval = match hit {
                Some(h) if h.bound != Bound::None => h.eval,
                _ => self.evaluate(ply),
            };
            static_eval = raw_eval;
            eval = static_eval;
            if let Some(h) = hit {
                let s = score_from_tt(h.score, ply as i32, MATE_BOUND);
                let fits = match h.bound {
                    Bound::Lower => s > eval,
                    Bound::Upper => s < eval,
                    Bound::Exact => true,
                    Bound::None => false,
                };
                if fits && s.abs() < MATE_BOUND {
                    eval = s;
                }
            }
        }
        self.ply.evals[ply] = static_eval;
        // Improving: the static evaluation rose since this side's previous move, or since the
        // move before that when the previous one was made in check (no static evaluation).
        let improving = !in_check
            && ply >= 2
            && if self.ply.evals[ply - 2] > -INF || ply < 4 {
                static_eval > self.ply.evals[ply - 2]
            } else {
                static_eval > self.ply.evals[ply - 4]
            };
        let p = self.params;

        if !pv_node && !in_check && excluded.is_none() {
            // Step 7. Razoring: far below alpha at shallow depth, trust the quiescence search.
            if depth <= p.razor_depth && eval + p.razor_margin * depth < alpha {
                let q = self.qsearch(alpha, beta, ply, false);
                if q < alpha {
                    return q;
                }
            }

            // Step 8. Reverse futility pruning: far above beta at shallow depth.
            let margin = p.rfp_margin * (depth - improving as i32);
            if depth <= p.rfp_depth
                && eval - margin >= beta
                && eval.abs() < MATE_BOUND
                && beta.abs() < MATE_BOUND
            {
                return eval;
            }

            // Step 9. Null move, guarded against zugzwang: only with pieces besides pawns.
            if allow_null
                && depth >= p.nmp_min_depth
                && eval >= beta
                && beta.abs() < MATE_BOUND
                && has_pieces(&self.pos)
            {
                let r =
                    p.nmp_base + depth / p.nmp_depth_div + ((eval - beta) / p.nmp_eval_div).min(3);
                self.ply.stack[ply] = None;
                self.pos.make_null_move();
                let s = -self.negamax(-beta, -beta + 1, depth - 1 - r, ply + 1, false, false);
                self.pos.unmake_null_move();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }

        // Step 10. Internal iterative reduction: no hash move at a deep node.
        if tt_move.is_none() && excluded.is_none() && depth >= p.iir_depth {
            depth -= 1;
        }

        // Step 10b. Singular extension: when the hash move is the only move that reaches a
        // score near its hash score (the others, searched shallower without it, fail low
        // against a lowered bound), extend it; when even without it the node fails high, cut
        // (multi-cut); when the hash score alone beats beta, reduce the hash move instead.
        let mut singular_extension = 0;
        if let (Some(h), Some(hash_move)) = (hit, tt_move) {
            let tt_score = score_from_tt(h.score, ply as i32, MATE_BOUND);
            if ply > 0
                && depth >= p.se_depth
                && h.depth >= depth - 3
                && matches!(h.bound, Bound::Lower | Bound::Exact)
                && tt_score.abs() < MATE_BOUND
                && (ply as i32) < 2 * self.root_depth
            {
                let singular_beta = tt_score - p.se_margin * depth / 8;
                self.ply.excluded[ply] = Some(hash_move);
                let s = self.negamax(
                    singular_beta - 1,
                    singular_beta,
                    (depth - 1) / 2,
                    ply,
                    in_check,
                    false,
                );
                self.ply.excluded[ply] = None;
                if self.stopped {
                    return 0;
                }
                if s < singular_beta {
                    singular_extension = 1;
                    if !pv_node && s < singular_beta - p.se_double_margin {
                        singular_extension = 2;
                    }
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if tt_score >= beta {
                    singular_extension = -1;
                }
            }
        }

        // Step 11. The moves, from the staged picker.
        let mut picker = self.take_buffer(ply);
        let earlier = self.earlier(ply);
        let counter = earlier[0].and_then(|e| self.hist.counter.get(e));
        picker.reset(
            PickerMode::All,
            in_check,
            NodeContext {
                hash_move: tt_move,
                refutations: [self.ply.killers[ply][0], self.ply.killers[ply][1], counter],
                earlier,
            },
        );
        let mut best = -INF;
        let mut best_move = None;
        let mut legal = 0;
        let mut quiets: ArrayVec<Move, 64> = ArrayVec::new();
        let mut captures: ArrayVec<Move, 32> = ArrayVec::new();
        let us = self.pos.side_to_move();
        let tt_move_tactical =
            tt_move.is_some_and(|h| self.pos.is_capture(h) || h.promotion().is_some());
        while let Some((m, info)) = picker.next(&self.pos, self.values, &self.hist) {
            if Some(m) == excluded || (!info.legal && !self.pos.is_legal_pseudo(m)) {
                continue;
            }
            legal += 1;
            let quiet_score = if info.tactical {
                0
            } else {
                let now = self.hist.roles.piece_to(&self.pos, m);
                self.hist.quiet_score(us, m, now, earlier)
            };

            // Step 12. Shallow-depth pruning, never of a check: late quiet moves, quiet moves
            // far below alpha, and moves whose exchange loses too much (SEE). Futility and the
            // quiet SEE margin look at the depth a quiet move would be searched to after its
            // late-move reduction. The cheap tests come first; whether the move checks is asked
            // only of a move about to be pruned.
            if !in_check && best > -MATE_BOUND {
                // Read only for quiet moves (futility and the quiet SEE margin).
                let r = self.quiet_reduction(depth, legal, pv_node, improving, quiet_score);
                let lmr_depth = (depth - 1 - r.max(0)).max(0);
                let late = !info.tactical
                    && depth <= p.lmp_depth
                    && legal > p.lmp_base + p.lmp_mul * depth * depth / (2 - improving as i32);
                let futile = !info.tactical
                    && lmr_depth <= p.fut_depth
                    && eval + p.fut_base + p.fut_margin * lmr_depth <= alpha;
                let prune = late
                    || futile
                    || (depth <= p.see_depth && {
                        let margin = if info.tactical {
                            p.see_capture_margin * depth * depth
                        } else {
                            p.see_quiet_margin * lmr_depth
                        };
                        !see_ge(&self.pos, m, self.values, -margin)
                    });
                if prune && !self.pos.gives_check(m) {
                    continue;
                }
            }

            // Asked before the move is made, as SEE needs the position before it.
            let check_extensible = p.check_ext_see == 0
                || !self.pos.gives_check(m)
                || see_ge(&self.pos, m, self.values, 0);
            self.ply.stack[ply] = Some(self.hist.roles.piece_to(&self.pos, m));
            self.pos.make_move(m);
            self.tt.prefetch(self.pos.hash());
            let gives_check = self.pos.in_check();

            // Step 13. Extensions: the singular one for the hash move, else one ply for a check
            // (with `CheckExtSee`, only for one that does not lose material).
            let extension = if Some(m) == tt_move && singular_extension != 0 {
                singular_extension
            } else {
                (gives_check && check_extensible && (ply as i32) < 2 * self.root_depth) as i32
            };
            let new_depth = depth - 1 + extension;

            // Step 14. Principal variation search with late-move reductions (of quiet moves, and
            // `LmrLosingCapture` plies of a losing capture).
            let score = if legal == 1 {
                -self.negamax(-beta, -alpha, new_depth, ply + 1, gives_check, true)
            } else {
                let mut r = 0;
                if depth >= 3 && info.losing && !gives_check && !in_check {
                    r = p.lmr_losing_capture.clamp(0, (new_depth - 1).max(0));
                } else if depth >= 3 && !info.tactical && !gives_check && !in_check {
                    r = self.quiet_reduction(depth, legal, pv_node, improving, quiet_score);
                    if Some(m) == self.ply.killers[ply][0]
                        || Some(m) == self.ply.killers[ply][1]
                        || Some(m) == counter
                    {
                        r -= 1;
                    }
                    // A capture as the hash move: the quiet moves after it rarely matter.
                    r += tt_move_tactical as i32;
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.negamax(
                    -alpha - 1,
                    -alpha,
                    new_depth - r,
                    ply + 1,
                    gives_check,
                    true,
                );
                if s > alpha && r > 0 {
                    s = -self.negamax(-alpha - 1, -alpha, new_depth, ply + 1, gives_check, true);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(-beta, -alpha, new_depth, ply + 1, gives_check, true);
                }
                s
            };
            self.pos.unmake_move();
            if self.stopped {
                self.put_buffer(ply, picker);
                return 0;
            }

            // Step 15. Best move, alpha, cutoff.
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        self.update_histories(ply, depth, m, !info.tactical, &quiets, &captures);
                        break;
                    }
                }
            }
            // A full list only means the later moves go unpunished.
            let tried = if info.tactical {
                captures.try_push(m).is_ok()
            } else {
                quiets.try_push(m).is_ok()
            };
            debug_assert!(tried || legal > 32);
        }
        self.put_buffer(ply, picker);

        // Step 16. Mate or stalemate (a singular search without its one move fails low).
        if legal == 0 && excluded.is_some() {
            return alpha;
        }
        if legal == 0 {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }

        // Step 17. Store the result.
        let bound = if best >= beta {
            Bound::Lower
        } else if best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if in_check { 0 } else { raw_eval };
        if excluded.is_none() {
            self.tt.store(
                key,
                best_move.or(tt_move),
                score_to_tt(best, ply as i32, MATE_BOUND),
                stored_eval,
                depth,
                bound,
            );
        }
        best
    }

    /// Quiescence search: captures (double and fly-over captures included) and promotions to
    /// the best piece; every evasion when in check.
    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, in_check: bool) -> i32 {
        self.ply.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return if in_check { 0 } else { self.evaluate(ply) };
        }
        let pv_node = beta - alpha > 1;
        let key = self.pos.hash();
        let hit = self.tt.probe(key);
        if let Some(h) = hit {
            let s = score_from_tt(h.score, ply as i32, MATE_BOUND);
            let cut = match h.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
                Bound::None => false,
            };
            if cut && !pv_node {
                return s;
            }
        }
        let mut best = -INF;
        let mut static_eval = 0;
        let mut raw_eval = 0;
        if !in_check {
            raw_eval = match hit {
                Some(h) if h.bound != Bound::None => h.eval,
                _ => self.evaluate(ply),
            };
            static_eval = raw_eval;
            if static_eval >= beta {
                return static_eval;
            }
            alpha = alpha.max(static_eval);
            best = static_eval;
        }
        let mut picker = self.take_buffer(ply);
        picker.reset(
            PickerMode::Captures,
            in_check,
            NodeContext {
                hash_move: hit.and_then(|h| h.mv),
                refutations: [None; 3],
                earlier: self.earlier(ply),
            },
        );
        let mut legal = 0;
        let mut best_move = None;
        while let Some((m, info)) = picker.next(&self.pos, self.values, &self.hist) {
            // Delta pruning: even winning the victims cannot reach alpha.
            if !in_check
                && m.promotion().is_none()
                && static_eval + info.victims + self.params.qs_delta < alpha
            {
                continue;
            }
            if !info.legal && !self.pos.is_legal_pseudo(m) {
                continue;
            }
            legal += 1;
            self.ply.stack[ply] = Some(self.hist.roles.piece_to(&self.pos, m));
            self.pos.make_move(m);
            self.tt.prefetch(self.pos.hash());
            let gives_check = self.pos.in_check();
            let score = -self.qsearch(-beta, -alpha, ply + 1, gives_check);
            self.pos.unmake_move();
            if self.stopped {
                self.put_buffer(ply, picker);
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.put_buffer(ply, picker);
        if in_check && legal == 0 {
            return -MATE + ply as i32;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            best_move,
            score_to_tt(best, ply as i32, MATE_BOUND),
            if in_check { 0 } else { raw_eval },
            0,
            bound,
        );
        best
    }

    /// One iteration over every reported line, with aspiration windows.
    fn iteration(&mut self, depth: i32, multipv: usize) {
        self.root_depth = depth;
        let p = self.params;
        for pv_idx in 0..multipv.min(self.root_moves.len()) {
            let prev = self.root_moves[pv_idx].score;
            let mut delta = p.asp_delta;
            let (mut alpha, mut beta) = if depth >= p.asp_depth && prev.abs() < MATE_BOUND {
                ((prev - delta).max(-INF), (prev + delta).min(INF))
            } else {
                (-INF, INF)
            };
            loop {
                let score = self.root_search(alpha, beta, depth, pv_idx);
                if self.stopped {
                    return;
                }
                if score <= alpha && alpha > -INF {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INF);
                } else if score >= beta && beta < INF {
                    beta = (score + delta).min(INF);
                } else {
                    break;
                }
                delta += delta;
                if delta > 1000 {
                    alpha = -INF;
                    beta = INF;
                }
            }
            self.root_moves[..=pv_idx].sort_by_key(|r| std::cmp::Reverse(r.score));
        }
    }
}

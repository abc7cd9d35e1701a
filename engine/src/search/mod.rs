//! The search: iterative deepening with aspiration windows over a principal-variation negamax
//! alpha-beta, a quiescence search over captures and promotions, and Lazy SMP threads sharing
//! one transposition table.
//!
//! The node search reads top to bottom in numbered steps; each pruning rule sits in one place
//! with its condition spelled out.

pub mod ordering;
pub mod params;
pub mod see;
mod threads;

use crate::eval::Evaluator;
use crate::time::{GoLimits, TimeLimits};
use crate::tt::{score_from_tt, score_to_tt, Bound, TranspositionTable};
use movegen::{Move, Position, Role};
use ordering::{History, QuietContext, ScoredMoves};
pub use params::SearchParams;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
pub use threads::search;

/// Deepest ply the search reaches (iterations, extensions and quiescence together).
pub const MAX_PLY: usize = 128;
/// Score of a mate at the root.
pub const MATE: i32 = 32_000;
/// Scores at least this large (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
/// Larger than every score.
pub const INF: i32 = 32_001;

/// Where search output goes (one UCI line per call).
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

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
}

impl SharedState {
    /// Fresh state for `threads` threads; the clock starts now.
    pub fn new(threads: usize) -> SharedState {
        SharedState {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            nodes: (0..threads.max(1)).map(|_| AtomicU64::new(0)).collect(),
            start: Instant::now(),
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

/// Formats a score for UCI (`cp N` or `mate N`).
pub fn uci_score(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        format!("mate -{}", (MATE + score) / 2)
    } else {
        format!("cp {score}")
    }
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

/// One search thread's state.
pub(crate) struct Worker<'a> {
    id: usize,
    pos: Position,
    tt: &'a TranspositionTable,
    eval: &'a Evaluator,
    params: &'a SearchParams,
    shared: &'a SharedState,
    limits: &'a GoLimits,
    time: Option<TimeLimits>,
    single_thread: bool,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    root_depth: i32,
    history: History,
    killers: Vec<[Option<Move>; 2]>,
    pv: Vec<Vec<Move>>,
    evals: Vec<i32>,
    buffers: Vec<Option<Box<ScoredMoves>>>,
    lmr: Vec<[i32; 64]>,
    root_moves: Vec<RootMove>,
    /// Root moves after the last completed iteration.
    completed: Vec<RootMove>,
    completed_depth: i32,
}

impl<'a> Worker<'a> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        id: usize,
        pos: Position,
        tt: &'a TranspositionTable,
        eval: &'a Evaluator,
        params: &'a SearchParams,
        shared: &'a SharedState,
        limits: &'a GoLimits,
        time: Option<TimeLimits>,
        root_moves: Vec<RootMove>,
    ) -> Worker<'a> {
        Worker {
            id,
            pos,
            tt,
            eval,
            params,
            shared,
            limits,
            time,
            single_thread: shared.nodes.len() == 1,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_depth: 0,
            history: History::default(),
            killers: vec![[None; 2]; MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            evals: vec![0; MAX_PLY + 2],
            buffers: (0..MAX_PLY + 2).map(|_| None).collect(),
            lmr: lmr_table(params),
            completed: root_moves.clone(),
            root_moves,
            completed_depth: 0,
        }
    }

    /// Counts a node and decides whether to abort. Only the main thread watches the clock and
    /// the node limit; every thread watches the stop flag.
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
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Takes the per-ply move buffer (returned with [`Worker::put_buffer`]).
    fn take_buffer(&mut self, ply: usize) -> Box<ScoredMoves> {
        self.buffers[ply].take().unwrap_or_else(ScoredMoves::boxed)
    }

    fn put_buffer(&mut self, ply: usize, b: Box<ScoredMoves>) {
        self.buffers[ply] = Some(b);
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Quiet move `m` caused a beta cutoff: remember it as a killer, reward it and punish the
    /// quiet moves searched before it.
    fn reward_quiet(&mut self, ply: usize, depth: i32, m: Move, tried: &[Move]) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = (depth * depth * 16).min(self.params.history_max_bonus);
        let us = self.pos.side_to_move();
        self.history.update(us, m, bonus);
        for &q in tried {
            if q != m {
                self.history.update(us, q, -bonus);
            }
        }
    }

    /// Searches the root moves `root_moves[pv_idx..]` with window `(alpha, beta)`; sorts them by
    /// score and returns the best.
    fn root_search(&mut self, mut alpha: i32, beta: i32, depth: i32, pv_idx: usize) -> i32 {
        let mut best = -INF;
        for i in pv_idx..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            self.pv[1].clear();
            self.pos.make_move(m);
            self.nodes += 1;
            let gives_check = self.pos.in_check();
            let new_depth = depth - 1 + gives_check as i32;
            let score = if i == pv_idx {
                -self.negamax(-beta, -alpha, new_depth, 1, gives_check, true)
            } else {
                let s = -self.negamax(-alpha - 1, -alpha, new_depth, 1, gives_check, true);
                if s > alpha && s < beta {
                    self.pv[1].clear();
                    -self.negamax(-beta, -alpha, new_depth, 1, gives_check, true)
                } else {
                    s
                }
            };
            self.pos.unmake_move();
            if self.stopped {
                break;
            }
            let rm = &mut self.root_moves[i];
            if i == pv_idx || score > alpha {
                rm.score = score;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.pv[1]);
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
        self.pv[ply].clear();

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
            return if in_check {
                0
            } else {
                self.eval.evaluate(&self.pos)
            };
        }

        // Step 4. Mate distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // Step 5. Transposition table.
        let key = self.pos.hash();
        let hit = self.tt.probe(key);
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
        if !in_check {
            static_eval = match hit {
                Some(h) if h.bound != Bound::None => h.eval,
                _ => self.eval.evaluate(&self.pos),
            };
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
        self.evals[ply] = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.evals[ply - 2];
        let p = self.params;

        if !pv_node && !in_check {
            // Step 7. Razoring: far below alpha at shallow depth, trust the quiescence search.
            if depth <= p.razor_depth && eval + p.razor_margin * depth < alpha {
                let q = self.qsearch(alpha, beta, ply, false);
                if q < alpha {
                    return q;
                }
            }

            // Step 8. Reverse futility pruning: far above beta at shallow depth.
            let margin = p.rfp_margin * (depth - improving as i32);
            if depth <= p.rfp_depth && eval - margin >= beta && eval.abs() < MATE_BOUND {
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
        if tt_move.is_none() && depth >= p.iir_depth {
            depth -= 1;
        }

        // Step 11. The moves.
        let mut moves = self.take_buffer(ply);
        let quiet = QuietContext {
            history: &self.history,
            killers: self.killers[ply],
        };
        moves.fill(&self.pos, self.eval, tt_move, Some(quiet));
        let mut best = -INF;
        let mut best_move = None;
        let mut legal = 0;
        let mut quiets: [Option<Move>; 64] = [None; 64];
        let mut n_quiets = 0;
        let us = self.pos.side_to_move();
        while let Some((m, info)) = moves.next_best() {
            if !self.pos.is_legal_pseudo(m) {
                continue;
            }
            legal += 1;

            // Step 12. Prune late quiet moves at shallow depth.
            if !in_check && !info.tactical && best > -MATE_BOUND {
                let lmp_limit = p.lmp_base + p.lmp_mul * depth * depth / (2 - improving as i32);
                if depth <= p.lmp_depth && legal > lmp_limit {
                    continue;
                }
                if depth <= p.fut_depth && eval + p.fut_base + p.fut_margin * depth <= alpha {
                    continue;
                }
            }

            self.pos.make_move(m);
            let gives_check = self.pos.in_check();

            // Step 13. Check extension.
            let extension = (gives_check && (ply as i32) < 2 * self.root_depth) as i32;
            let new_depth = depth - 1 + extension;

            // Step 14. Principal variation search with late-move reductions.
            let score = if legal == 1 {
                -self.negamax(-beta, -alpha, new_depth, ply + 1, gives_check, true)
            } else {
                let mut r = 0;
                if depth >= 3 && !info.tactical && !gives_check && !in_check {
                    r = self.lmr[depth.min(63) as usize][legal.min(63) as usize];
                    r -= pv_node as i32 + improving as i32;
                    if Some(m) == self.killers[ply][0] || Some(m) == self.killers[ply][1] {
                        r -= 1;
                    }
                    r -= self.history.get(us, m) / p.lmr_history_div;
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
                self.put_buffer(ply, moves);
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
                        if !info.tactical {
                            let tried: Vec<Move> =
                                quiets[..n_quiets].iter().flatten().copied().collect();
                            self.reward_quiet(ply, depth, m, &tried);
                        }
                        break;
                    }
                }
            }
            if !info.tactical && n_quiets < quiets.len() {
                quiets[n_quiets] = Some(m);
                n_quiets += 1;
            }
        }
        self.put_buffer(ply, moves);

        // Step 16. Mate or stalemate.
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
        let stored_eval = if in_check { 0 } else { static_eval };
        self.tt.store(
            key,
            best_move.or(tt_move),
            score_to_tt(best, ply as i32, MATE_BOUND),
            stored_eval,
            depth,
            bound,
        );
        best
    }

    /// Quiescence search: captures (double and fly-over captures included) and promotions to
    /// the best piece; every evasion when in check.
    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, in_check: bool) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return if in_check {
                0
            } else {
                self.eval.evaluate(&self.pos)
            };
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
        if !in_check {
            static_eval = match hit {
                Some(h) if h.bound != Bound::None => h.eval,
                _ => self.eval.evaluate(&self.pos),
            };
            if static_eval >= beta {
                return static_eval;
            }
            alpha = alpha.max(static_eval);
            best = static_eval;
        }
        let mut moves = self.take_buffer(ply);
        if in_check {
            let quiet = QuietContext {
                history: &self.history,
                killers: [None; 2],
            };
            moves.fill(&self.pos, self.eval, hit.and_then(|h| h.mv), Some(quiet));
        } else {
            moves.fill(&self.pos, self.eval, None, None);
        }
        let them = self.pos.side_to_move().opposite();
        let mut legal = 0;
        let mut best_move = None;
        while let Some((m, info)) = moves.next_best() {
            if !in_check && m.promotion().is_none() {
                // Delta pruning: even winning the victims cannot reach alpha.
                if static_eval + info.victims + self.params.qs_delta < alpha {
                    continue;
                }
                // A capture by a more valuable piece onto a defended square probably loses.
                let attacker = self.eval.material(self.pos.moved_piece(m).role);
                if attacker > info.victims + 50 && self.pos.is_attacked(m.to(), them) {
                    continue;
                }
            }
            if !self.pos.is_legal_pseudo(m) {
                continue;
            }
            legal += 1;
            self.pos.make_move(m);
            let gives_check = self.pos.in_check();
            let score = -self.qsearch(-beta, -alpha, ply + 1, gives_check);
            self.pos.unmake_move();
            if self.stopped {
                self.put_buffer(ply, moves);
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
        self.put_buffer(ply, moves);
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
            if in_check { 0 } else { static_eval },
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

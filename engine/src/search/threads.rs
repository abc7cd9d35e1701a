//! Lazy SMP: every thread runs iterative deepening on the same root, sharing the transposition
//! table; helpers skip some depths so threads spread over different iterations, and a thread
//! puts off a root move another thread is searching (`busy`). The main thread owns the clock
//! and the output; the best move comes from a vote over the threads' completed iterations.

use super::{
    PlyState, RootMove, SearchConfig, SearchResult, SharedState, Worker, INF, MATE, MATE_BOUND,
    MAX_PLY,
};
use crate::core::{Info, Score, SearchListener};
use crate::time::{self, GoLimits};
use crate::tt::TranspositionTable;
use movegen::{Move, Position};
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::Duration;

/// Stack size of search threads (move buffers live on the heap, but recursion is deep); a
/// thread running a [`SearchContext`](super::SearchContext) needs at least this much.
pub const STACK_SIZE: usize = 32 << 20;

/// Helper thread `i` skips depth `d` when `((d + PHASE[i]) / SIZE[i]) % 2 == 1` (with `d`
/// counted down from the requested depth in a depth-limited search; see [`helper_skips`]).
const SKIP_SIZE: [i32; 20] = [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// What one thread found.
pub(super) struct ThreadResult {
    pub(super) id: usize,
    pub(super) depth: i32,
    pub(super) lines: Vec<RootMove>,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
}

/// The legal root moves, restricted to `searchmoves` when given (ignoring moves that are not
/// legal; all legal moves if none of them is).
pub(super) fn root_moves(pos: &Position, searchmoves: &[Move]) -> Vec<RootMove> {
    let legal = pos.legal_moves();
    let mut v: Vec<RootMove> = legal
        .iter()
        .filter(|m| searchmoves.is_empty() || searchmoves.contains(m))
        .map(|&mv| RootMove {
            mv,
            score: -INF,
            pv: vec![mv],
        })
        .collect();
    if v.is_empty() {
        v = legal
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INF,
                pv: vec![mv],
            })
            .collect();
    }
    v
}

/// Sends the main thread's lines to the listener, and remembers the last first line so that
/// the final line is sent only when it says something new.
pub(super) struct Reporter<'a> {
    listener: &'a dyn SearchListener,
    last: Mutex<Option<Info>>,
}

impl Reporter<'_> {
    #[allow(clippy::too_many_arguments)]
    fn line(
        &self,
        depth: i32,
        seldepth: usize,
        multipv: usize,
        line: &RootMove,
        nodes: u64,
        shared: &SharedState,
        tt: &TranspositionTable,
        last: bool,
    ) {
        let time_ms = shared.start.elapsed().as_millis().max(1) as u64;
        let info = Info {
            depth,
            seldepth: seldepth.max(depth.max(0) as usize) as i32,
            multipv,
            score: Score::from_search(line.score),
            bound: None,
            nodes,
            nps: nodes * 1000 / time_ms,
            hashfull: tt.hashfull() as u32,
            time_ms,
            pv: line.pv.clone(),
        };
        let mut previous = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if last {
            // The last iteration's first line already said it all (a search that ended after a
            // completed iteration, with no helper nodes since).
            let repeated = previous.as_ref().is_some_and(|p| {
                (p.depth, p.score, p.nodes, &p.pv) == (info.depth, info.score, info.nodes, &info.pv)
            });
            if repeated {
                return;
            }
        } else if multipv == 1 {
            *previous = Some(info.clone());
        }
        drop(previous);
        self.listener.info(&info);
    }
}

/// Searches `pos` under `limits`, sending `Info` lines to `listener` (when `cfg.report`), and
/// returns the best move (not sent to the listener).
pub fn search(
    pos: &Position,
    tt: &TranspositionTable,
    cfg: &SearchConfig,
    limits: &GoLimits,
    shared: &SharedState,
    listener: &dyn SearchListener,
) -> SearchResult {
    let reporter = Reporter {
        listener,
        last: Mutex::new(None),
    };
    let out = &reporter;
    let roots = root_moves(pos, &limits.searchmoves);
    if roots.is_empty() {
        return SearchResult::default();
    }
    tt.new_search();
    let variant = pos.variant();
    let time = time::limits(limits, pos.side_to_move(), cfg.move_overhead);
    let threads = cfg.threads.clamp(1, shared.nodes.len());
    let results: Vec<ThreadResult> = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for id in 1..threads {
            let roots = roots.clone();
            let pos = pos.clone();
            let h = std::thread::Builder::new()
                .stack_size(STACK_SIZE)
                .spawn_scoped(scope, move || {
                    let mut w = Worker::new(
                        id,
                        pos,
                        tt,
                        PlyState::new(&cfg.eval, &cfg.params),
                        &cfg.params,
                        shared,
                        limits,
                        time,
                        roots,
                        cfg.histories.take(id, variant),
                    );
                    let r = run_thread(&mut w, cfg.multipv, None);
                    cfg.histories.put(id, w.hist);
                    r
                });
            match h {
                Ok(h) => handles.push(h),
                Err(_) => break,
            }
        }
        let main = std::thread::Builder::new()
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, || {
                let mut w = Worker::new(
                    0,
                    pos.clone(),
                    tt,
                    PlyState::new(&cfg.eval, &cfg.params),
                    &cfg.params,
                    shared,
                    limits,
                    time,
                    roots.clone(),
                    cfg.histories.take(0, variant),
                );
                let r = run_thread(&mut w, cfg.multipv, cfg.report.then_some(out));
                cfg.histories.put(0, w.hist);
                // Infinite and ponder searches wait for `stop` (or `ponderhit`) before answering.
                while !shared.stop.load(Ordering::Relaxed)
                    && (limits.infinite
                        || limits.is_unbounded()
                        || shared.pondering.load(Ordering::Relaxed))
                {
                    std::thread::sleep(Duration::from_millis(1));
                }
                shared.stop.store(true, Ordering::Relaxed);
                r
            });
        let mut results = Vec::new();
        match main {
            Ok(h) => {
                if let Ok(r) = h.join() {
                    results.push(r);
                }
            }
            Err(_) => shared.stop.store(true, Ordering::Relaxed),
        }
        for h in handles {
            if let Ok(r) = h.join() {
                results.push(r);
            }
        }
        results
    });
    let nodes: u64 = results.iter().map(|r| r.nodes).sum();
    let best = pick_best(&results);
    // A final line just before the answer: the chosen line with the search's total nodes and
    // time (the last iteration's line predates an aborted iteration and the helpers' work).
    if let (true, Some(best)) = (cfg.report, best) {
        if let Some(line) = best.lines.first() {
            out.line(best.depth, best.seldepth, 1, line, nodes, shared, tt, true);
        }
    }
    answer(best, &roots, nodes)
}

/// The answer of a search whose chosen thread is `best` (see [`pick_best`]), over the root
/// moves `roots`, after `nodes` nodes in all.
pub(super) fn answer(best: Option<&ThreadResult>, roots: &[RootMove], nodes: u64) -> SearchResult {
    let Some(best) = best else {
        // No thread finished (cannot happen in practice): any legal move.
        return SearchResult {
            best: Some(roots[0].mv),
            ponder: None,
            score: 0,
            depth: 0,
            nodes,
        };
    };
    let line = &best.lines[0];
    SearchResult {
        best: Some(line.mv),
        ponder: line.pv.get(1).copied(),
        score: line.score,
        depth: best.depth,
        nodes,
    }
}

/// Lazy SMP vote: each thread votes for its best move with weight growing with its score and
/// depth; the thread with the winning move and the deepest iteration is chosen.
pub(super) fn pick_best(results: &[ThreadResult]) -> Option<&ThreadResult> {
    // A thread stopped before its first iteration completed has no scores.
    let usable: Vec<&ThreadResult> = results
        .iter()
        .filter(|r| r.depth > 0 && !r.lines.is_empty())
        .collect();
    let main = usable.iter().find(|r| r.id == 0).copied();
    if usable.len() <= 1 {
        return main.or(usable.first().copied());
    }
    let min_score = usable.iter().map(|r| r.lines[0].score).min().unwrap_or(0);
    let mut votes: Vec<(Move, i64)> = Vec::new();
    for r in &usable {
        let w = (r.lines[0].score - min_score + 14) as i64 * r.depth as i64;
        match votes.iter_mut().find(|(m, _)| *m == r.lines[0].mv) {
            Some(v) => v.1 += w,
            None => votes.push((r.lines[0].mv, w)),
        }
    }
    let vote = |r: &ThreadResult| {
        votes
            .iter()
            .find(|(m, _)| *m == r.lines[0].mv)
            .map_or(0, |v| v.1)
    };
    let mut best = main.unwrap_or(usable[0]);
    for r in &usable {
        let better_mate = r.lines[0].score >= MATE_BOUND && r.lines[0].score > best.lines[0].score;
        if better_mate
            || (best.lines[0].score < MATE_BOUND && (vote(r), r.depth) > (vote(best), best.depth))
        {
            best = r;
        }
    }
    Some(best)
}

/// Whether thread `id` (0 is the main thread, which skips nothing) skips the iteration of
/// `depth` in a search that ends at `max_depth`; `depth_limited` when that depth was asked for.
///
/// Helpers skip iterations so that the threads spread over different depths. They never skip
/// the first two (too short to matter) nor the last one: in a depth-limited search a helper
/// would otherwise finish one iteration short and sit idle until the main thread is done. In a
/// depth-limited search the skip pattern is counted down from the requested depth, so that the
/// first helper reaches it from two plies below rather than one: `shuriken bench --threads 2`
/// measured that faster to depth (see docs/strength.md).
fn helper_skips(id: usize, depth: i32, max_depth: i32, depth_limited: bool) -> bool {
    if id == 0 || depth <= 2 || depth >= max_depth {
        return false;
    }
    let i = (id - 1) % SKIP_SIZE.len();
    let counted = if depth_limited {
        max_depth - depth
    } else {
        depth
    };
    ((counted + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2 == 1
}

/// Iterative deepening of one thread, over `multipv` lines. `out` is `Some` for the main thread
/// of a search that reports only.
pub(super) fn run_thread(
    w: &mut Worker<'_, '_>,
    multipv: usize,
    out: Option<&Reporter<'_>>,
) -> ThreadResult {
    let limits = w.limits;
    let max_depth = limits
        .depth
        .map_or(MAX_PLY as i32 - 1, |d| d.clamp(1, MAX_PLY as i32 - 1));
    let multipv = multipv.clamp(1, w.root_moves.len().max(1));
    let single_move = w.root_moves.len() == 1;
    let mut last_best = None;
    let mut last_score = None;
    let mut stable = 0;
    for depth in 1..=max_depth {
        if helper_skips(w.id, depth, max_depth, limits.depth.is_some()) {
            continue;
        }
        w.seldepth = 0;
        w.iteration(depth, multipv);
        if w.stopped {
            break;
        }
        w.completed = w.root_moves.clone();
        w.completed_depth = depth;
        if w.id != 0 {
            // A helper that completes the requested depth ends a depth-limited search.
            if depth == max_depth && !limits.infinite && !limits.ponder {
                w.shared.stop.store(true, Ordering::Relaxed);
            }
            continue;
        }
        let shared = w.shared;
        if let Some(out) = out {
            let nodes = shared.total_nodes() - shared.nodes[0].load(Ordering::Relaxed) + w.nodes;
            for (i, line) in w.root_moves.iter().take(multipv).enumerate() {
                out.line(depth, w.seldepth, i + 1, line, nodes, shared, w.tt, false);
            }
        }
        // Stop conditions of the main thread.
        let best = &w.root_moves[0];
        // A mate (either way) confirmed by an iteration twice as deep as the mate is settled:
        // the next iterations only climbed to the ply limit in no time, reporting depth 127.
        // A depth asked for is still searched to.
        if limits.depth.is_none() && best.score.abs() >= MATE_BOUND {
            let plies = MATE - best.score.abs();
            if depth >= 2 * plies.max(1) {
                break;
            }
        }
        if let Some(mate) = limits.mate {
            if best.score >= MATE_BOUND && (MATE - best.score + 1) / 2 <= mate {
                break;
            }
        }
        if let Some(t) = w.time {
            if shared.pondering.load(Ordering::Relaxed) {
                continue;
            }
            if single_move {
                break;
            }
            stable = if last_best == Some(best.mv) {
                stable + 1
            } else {
                0
            };
            last_best = Some(best.mv);
            let drop = last_score.map_or(0, |s: i32| s - best.score);
            last_score = Some(best.score);
            // A fixed move time is spent whole (the hard limit ends the search); a clock's soft
            // limit stops before an iteration that would not finish.
            if limits.movetime.is_none()
                && shared.start.elapsed().as_secs_f64()
                    >= t.soft.as_secs_f64() * time::soft_stop_share(stable, drop)
            {
                break;
            }
        }
    }
    w.shared.nodes[w.id].store(w.nodes, Ordering::Relaxed);
    ThreadResult {
        id: w.id,
        depth: w.completed_depth,
        lines: w.completed.clone(),
        nodes: w.nodes,
        seldepth: w.seldepth,
    }
}

#[cfg(test)]
mod tests {
    use super::helper_skips;

    fn searched(id: usize, max_depth: i32, depth_limited: bool) -> Vec<i32> {
        (1..=max_depth)
            .filter(|&d| !helper_skips(id, d, max_depth, depth_limited))
            .collect()
    }

    #[test]
    fn the_main_thread_skips_nothing() {
        assert_eq!(searched(0, 7, true), vec![1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn the_first_helper_reaches_a_requested_depth_from_two_plies_below() {
        assert_eq!(searched(1, 7, true), vec![1, 2, 3, 5, 7]);
        assert_eq!(searched(1, 9, true), vec![1, 2, 3, 5, 7, 9]);
        assert_eq!(searched(1, 8, true), vec![1, 2, 4, 6, 8]);
    }

    #[test]
    fn without_a_requested_depth_the_first_helper_skips_odd_depths() {
        assert_eq!(searched(1, 10, false)[..5], [1, 2, 4, 6, 8]);
    }
}

//! Perft: counting leaf nodes of the legal move tree, with bulk counting at the last ply and an
//! optional rayon split of the root moves.

use crate::{Move, MoveList, Position};
use rayon::prelude::*;

/// Number of leaf nodes at `depth` (bulk counted: the last ply counts moves without making them).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        pos.make_move(m);
        nodes += perft(pos, depth - 1);
        pos.unmake_move();
    }
    nodes
}

/// Per-root-move counts, in generation order, with the move written in the project's notation.
///
/// With several threads the work is split into (root move, reply) pairs, so that a few large
/// root subtrees do not leave threads idle at the end.
pub fn divide(pos: &mut Position, depth: u32, threads: usize) -> Vec<(String, u64)> {
    let list = pos.legal_moves();
    let moves: Vec<Move> = list.iter().copied().collect();
    let counts: Vec<u64> = if threads > 1 && depth >= 3 {
        let mut tasks: Vec<(usize, Move, Move)> = Vec::new();
        for (i, &m) in moves.iter().enumerate() {
            pos.make_move(m);
            tasks.extend(pos.legal_moves().iter().map(|&r| (i, m, r)));
            pos.unmake_move();
        }
        let run = |tasks: &[(usize, Move, Move)]| -> Vec<(usize, u64)> {
            tasks
                .par_iter()
                // One task per job: rayon's own splitting left a thread idle for 15 % of a
                // chess perft 6 on two threads (400 uneven tasks); one-task jobs cost nothing
                // measurable next to a perft of depth 2 or more each.
                .with_max_len(1)
                .map_init(
                    || pos.clone(),
                    |p, &(i, m, r)| {
                        p.make_move(m);
                        p.make_move(r);
                        let n = perft(p, depth - 2);
                        p.unmake_move();
                        p.unmake_move();
                        (i, n)
                    },
                )
                .collect()
        };
        let partial = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| run(&tasks)),
            Err(_) => run(&tasks),
        };
        let mut counts = vec![0u64; moves.len()];
        for (i, n) in partial {
            counts[i] += n;
        }
        counts
    } else {
        moves
            .iter()
            .map(|&m| {
                pos.make_move(m);
                let n = perft(pos, depth.saturating_sub(1));
                pos.unmake_move();
                n
            })
            .collect()
    };
    moves
        .iter()
        .zip(counts)
        .map(|(&m, n)| (pos.move_to_uci(m), n))
        .collect()
}

/// Perft over `threads` threads (the root moves are split between them).
pub fn perft_threads(pos: &mut Position, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft(pos, depth);
    }
    divide(pos, depth, threads).iter().map(|(_, n)| n).sum()
}

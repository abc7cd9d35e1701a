//! Perft: counting leaf nodes of the legal move tree, with bulk counting at the last ply and an
//! optional rayon split of the root moves.

use crate::{MoveList, Position};
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
pub fn divide(pos: &mut Position, depth: u32, threads: usize) -> Vec<(String, u64)> {
    let list = pos.legal_moves();
    let moves: Vec<_> = list.iter().copied().collect();
    let count = |pos: &mut Position, m| {
        pos.make_move(m);
        let n = perft(pos, depth.saturating_sub(1));
        pos.unmake_move();
        n
    };
    let counts: Vec<u64> = if threads > 1 {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
        match pool {
            Ok(pool) => pool.install(|| {
                moves
                    .par_iter()
                    .map_init(|| pos.clone(), |p, &m| count(p, m))
                    .collect()
            }),
            Err(_) => moves.iter().map(|&m| count(pos, m)).collect(),
        }
    } else {
        moves.iter().map(|&m| count(pos, m)).collect()
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

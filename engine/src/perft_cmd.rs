//! `perft` and `divide` output in Stockfish's `go perft` format.

use movegen::{perft, Position};
use std::fmt::Write;
use std::time::Instant;

/// Result of a perft run.
pub struct PerftReport {
    /// Per-root-move counts (only for divide).
    pub divide: Vec<(String, u64)>,
    /// Total leaf nodes.
    pub nodes: u64,
    /// Wall time in seconds.
    pub seconds: f64,
}

impl PerftReport {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        if self.seconds > 0.0 {
            self.nodes as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// Runs perft; with `divide` the per-move counts are kept.
pub fn run(pos: &mut Position, depth: u32, threads: usize, divide: bool) -> PerftReport {
    let start = Instant::now();
    let (lines, nodes) = if divide && depth >= 1 {
        let lines = perft::divide(pos, depth, threads.max(1));
        let nodes = lines.iter().map(|(_, n)| n).sum();
        (lines, nodes)
    } else {
        (Vec::new(), perft::perft_threads(pos, depth, threads.max(1)))
    };
    PerftReport {
        divide: lines,
        nodes,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// Stockfish-style text: one `move: count` line per root move, a blank line, `Nodes searched: N`.
pub fn stockfish_text(report: &PerftReport) -> String {
    let mut out = String::new();
    for (m, n) in &report.divide {
        let _ = writeln!(out, "{m}: {n}");
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "Nodes searched: {}", report.nodes);
    out
}

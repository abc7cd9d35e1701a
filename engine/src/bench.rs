//! `shuriken bench`: fixed positions of every variant (from `bench_positions.txt`), each searched
//! to a fixed depth from a fresh state with one thread. Prints `Nodes searched: N` (the search's
//! signature: deterministic, changes only when the search changes) and `Nodes/second: X`. With
//! `--threads N` it also searches every position with N threads and reports time to depth.

use crate::core::{Score, Silent};
use crate::options::EngineOptions;
use crate::search::history::HistoryStore;
use crate::search::{self, SearchConfig, SearchParams, SearchResult, SharedState};
use crate::time::GoLimits;
use crate::tt::TranspositionTable;
use movegen::{FenError, Position, Variant, VariantError};
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The bench positions, one `variant;fen` per line.
pub const POSITIONS: &str = include_str!("bench_positions.txt");

/// Default bench depth.
pub const DEFAULT_DEPTH: i32 = 7;

/// A line of the built-in bench positions that does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BenchPositionError {
    /// No `;` between the variant and the FEN.
    #[error("bench line {0}: expected 'variant;fen'")]
    MissingSeparator(usize),
    /// An unknown variant name.
    #[error("bench line {line}: {error}")]
    Variant {
        /// 1-based line number.
        line: usize,
        /// The error.
        error: VariantError,
    },
    /// A FEN the variant rejects.
    #[error("bench line {line}: {error}")]
    Fen {
        /// 1-based line number.
        line: usize,
        /// The error.
        error: FenError,
    },
}

/// The bench positions, parsed.
pub fn positions() -> Result<Vec<Position>, BenchPositionError> {
    let mut v = Vec::new();
    for (i, line) in POSITIONS.lines().enumerate() {
        let line_number = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (var, fen) = line
            .split_once(';')
            .ok_or(BenchPositionError::MissingSeparator(line_number))?;
        let variant = Variant::from_name(var).map_err(|error| BenchPositionError::Variant {
            line: line_number,
            error,
        })?;
        let pos = Position::from_fen(variant, fen).map_err(|error| BenchPositionError::Fen {
            line: line_number,
            error,
        })?;
        v.push(pos);
    }
    Ok(v)
}

/// Searches `pos` to `depth` with `threads` threads, fresh hash of `hash_mb` MB, default
/// weights and parameters, no output. Returns the result and the time taken.
pub fn search_fixed(
    pos: &Position,
    depth: i32,
    threads: usize,
    hash_mb: usize,
) -> (SearchResult, Duration) {
    FreshState::new(hash_mb).search(pos, depth, threads)
}

/// A hash table and history tables that are emptied before every search, so that many searches
/// each start from a fresh state without allocating (and faulting in) new memory for each one:
/// the timed part of a search is then the search alone.
pub struct FreshState {
    tt: TranspositionTable,
    histories: Arc<HistoryStore>,
}

impl FreshState {
    /// A state with a hash table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> FreshState {
        FreshState {
            tt: TranspositionTable::new(hash_mb),
            histories: Arc::new(HistoryStore::default()),
        }
    }

    /// Empties the tables, then searches `pos` to `depth` with `threads` threads, each
    /// variant's shipped evaluation (as `EngineOptions::for_variant` sets it up), default parameters, no output. Returns the result and the time the search took.
    pub fn search(&self, pos: &Position, depth: i32, threads: usize) -> (SearchResult, Duration) {
        self.tt.clear();
        self.histories.reset();
        let cfg = SearchConfig {
            threads,
            multipv: 1,
            move_overhead: 0,
            params: SearchParams::default(),
            eval: Arc::new(EngineOptions::for_variant(pos.variant()).evaluator()),
            report: false,
            histories: Arc::clone(&self.histories),
        };
        let limits = GoLimits {
            depth: Some(depth),
            ..Default::default()
        };
        let shared = SharedState::new(threads);
        let start = Instant::now();
        let r = search::search(pos, &self.tt, &cfg, &limits, &shared, &Silent);
        (r, start.elapsed())
    }
}

/// Runs the bench command, printing to `out`. A closed output (`| head`) ends it quietly.
pub fn run_cli(depth: Option<i32>, threads: usize, hash: usize, out: &mut impl Write) -> ExitCode {
    let positions = match positions() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match report(&positions, depth, threads, hash, out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write the bench report: {e}");
            ExitCode::FAILURE
        }
    }
}

fn report(
    positions: &[Position],
    depth: Option<i32>,
    threads: usize,
    hash: usize,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let depth = depth.unwrap_or(DEFAULT_DEPTH).clamp(1, 64);
    let hash = hash.clamp(1, crate::options::MAX_HASH_MB);
    let threads = threads.clamp(1, crate::options::MAX_THREADS);
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    let mut per_variant: Vec<(Variant, u64, Duration)> = Variant::ALL
        .iter()
        .map(|v| (*v, 0, Duration::ZERO))
        .collect();
    let state = FreshState::new(hash);
    for (i, pos) in positions.iter().enumerate() {
        let (r, t) = state.search(pos, depth, 1);
        let mv = r.best.map_or("(none)".to_string(), |m| pos.move_to_uci(m));
        writeln!(
            out,
            "Position {:>3} {:<8} nodes {:>10} time {:>6} ms best {mv} score {}",
            i + 1,
            pos.variant().name(),
            r.nodes,
            t.as_millis(),
            Score::from_search(r.score)
        )?;
        total_nodes += r.nodes;
        total_time += t;
        if let Some(e) = per_variant.iter_mut().find(|e| e.0 == pos.variant()) {
            e.1 += r.nodes;
            e.2 += t;
        }
    }
    writeln!(out)?;
    for (v, n, t) in &per_variant {
        let nps = *n as f64 / t.as_secs_f64().max(1e-9);
        writeln!(out, "{:<8} nodes {:>10} nps {:>10.0}", v.name(), n, nps)?;
    }
    writeln!(out)?;
    writeln!(out, "Depth: {depth}")?;
    writeln!(out, "Total time (ms): {}", total_time.as_millis())?;
    if threads > 1 {
        let mut smp_time = Duration::ZERO;
        let mut smp_nodes = 0;
        for pos in positions {
            let (r, t) = state.search(pos, depth, threads);
            smp_time += t;
            smp_nodes += r.nodes;
        }
        writeln!(
            out,
            "Time to depth {depth}: 1 thread {} ms, {threads} threads {} ms ({:.2}x), {threads}-thread nodes {smp_nodes}",
            total_time.as_millis(),
            smp_time.as_millis(),
            total_time.as_secs_f64() / smp_time.as_secs_f64().max(1e-9)
        )?;
    }
    writeln!(out, "Nodes searched: {total_nodes}")?;
    writeln!(
        out,
        "Nodes/second: {:.0}",
        total_nodes as f64 / total_time.as_secs_f64().max(1e-9)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search from a reused, emptied state is the same search as from new tables: the same
    /// node count and result after the tables have been filled by searches of other positions.
    #[test]
    fn an_emptied_state_searches_like_a_new_one() {
        let positions = positions().expect("bench positions parse");
        let state = FreshState::new(4);
        let mut checked = 0;
        for pair in positions.windows(2).step_by(4) {
            let (filler, pos) = (&pair[0], &pair[1]);
            if filler.variant() != pos.variant() {
                continue;
            }
            // Fill the tables with a search of another position of the same game first.
            state.search(filler, 6, 1);
            let (reused, _) = state.search(pos, 6, 1);
            let (fresh, _) = search_fixed(pos, 6, 1, 4);
            assert_eq!(reused.nodes, fresh.nodes, "{}", pos.to_fen());
            assert_eq!(reused.best, fresh.best);
            assert_eq!(reused.score, fresh.score);
            checked += 1;
        }
        assert!(checked >= 5, "pairs of one game checked: {checked}");
    }
}

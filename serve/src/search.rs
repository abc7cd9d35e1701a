//! Runs one search of the pool on the typed engine core (`engine::core`): the pool's limits
//! become [`GoLimits`], the core's [`Info`] lines become [`EngineEvent::Info`], and engines are
//! kept between searches so that each search does not allocate a new hash table.

use crate::pool::{EngineEvent, Limits, RelScore, SearchJob, SearchLine};
use engine::core::{Engine, GoLimits, Info, Score, SearchListener};
use movegen::{Move, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

pub use engine::core::SearchStopper as Stopper;

/// Hash table size of each pooled engine, in MB.
pub const HASH_MB: usize = 16;

/// Idle engines kept for reuse between searches.
#[derive(Default)]
pub struct Engines {
    idle: Mutex<Vec<Engine>>,
}

impl Engines {
    /// An idle engine for `variant` (a kept one when there is one).
    fn take(&self, variant: Variant) -> Engine {
        let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(i) = idle.iter().position(|e| e.options().variant == variant) {
            return idle.swap_remove(i);
        }
        // An idle engine of another game switches games (its table is kept, cleared).
        if let Some(mut e) = idle.pop() {
            drop(idle);
            if e.set_option("UCI_Variant", variant.name()).is_ok() {
                return e;
            }
        } else {
            drop(idle);
        }
        let mut e = Engine::for_variant(variant);
        let _ = e.set_option("Hash", &HASH_MB.to_string());
        e
    }

    /// Gives an engine back; at most `keep` are kept.
    fn put(&self, engine: Engine, keep: usize) {
        let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
        if idle.len() < keep {
            idle.push(engine);
        }
    }
}

/// Forwards the core's reports to the connection.
struct Forward {
    id: u64,
    tx: mpsc::UnboundedSender<EngineEvent>,
}

impl SearchListener for Forward {
    fn info(&self, info: &Info) {
        // Bound-only lines (fail high or low) are not principal variations to show.
        if info.bound.is_some() {
            return;
        }
        let score = match info.score {
            Score::Centipawns(c) => RelScore::Cp(c),
            Score::Mate(m) => RelScore::Mate(m),
        };
        let _ = self.tx.send(EngineEvent::Info(
            self.id,
            SearchLine {
                multipv: info.multipv.clamp(1, 256) as u32,
                depth: info.depth.max(0) as u32,
                seldepth: info.seldepth.max(0) as u32,
                score,
                nodes: info.nodes,
                nps: info.nps,
                pv: info.pv.clone(),
            },
        ));
    }
}

/// The core's limits for the pool's.
pub fn go_limits(limits: Limits) -> GoLimits {
    let ms = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    match limits {
        Limits::Movetime(t) => GoLimits::movetime(ms(t).max(1)),
        Limits::Depth(d) => GoLimits::depth(d.clamp(1, 100) as i32),
        Limits::DepthAndTime(d, t) => GoLimits {
            movetime: Some(ms(t).max(1)),
            ..GoLimits::depth(d.clamp(1, 100) as i32)
        },
        Limits::Clock {
            wtime,
            btime,
            winc,
            binc,
        } => GoLimits {
            time: [Some(ms(wtime).max(1)), Some(ms(btime).max(1))],
            inc: [Some(ms(winc)), Some(ms(binc))],
            ..GoLimits::default()
        },
        Limits::Infinite => GoLimits::infinite(),
    }
}

/// Runs `job` to its end on a pooled engine and returns the best move. `set_stopper` receives
/// the search's stopper as soon as it runs; a request cancelled before is stopped at once.
pub fn run(
    engines: &Engines,
    keep: usize,
    job: &SearchJob,
    tx: &mpsc::UnboundedSender<EngineEvent>,
    cancelled: &AtomicBool,
    set_stopper: impl FnOnce(Option<Stopper>),
) -> Option<Move> {
    let mut engine = engines.take(job.pos.variant());
    if engine
        .set_option("MultiPV", &job.multipv.clamp(1, 3).to_string())
        .is_err()
    {
        return None;
    }
    let listener = Arc::new(Forward {
        id: job.id,
        tx: tx.clone(),
    });
    let handle = match engine.go(&job.pos, go_limits(job.limits), listener) {
        Ok(h) => h,
        Err(_) => {
            engines.put(engine, keep);
            return None;
        }
    };
    set_stopper(Some(handle.stopper()));
    if cancelled.load(Ordering::SeqCst) {
        handle.stop();
    }
    let best = handle.wait();
    engines.put(engine, keep);
    best.best
}

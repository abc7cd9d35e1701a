//! Runs one search of the pool on the typed engine core. PLACEHOLDER until `engine::core` lands.

use crate::pool::{EngineEvent, RelScore, SearchJob, SearchLine};
use movegen::Move;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::sync::mpsc;

/// Engines kept for reuse between searches.
#[derive(Default)]
pub struct Engines {
    _unused: (),
}

/// Stops a running search from another thread.
#[derive(Clone)]
pub struct Stopper(Arc<AtomicBool>);

impl Stopper {
    /// Asks the search to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// Runs `job` to its end and returns the best move.
pub fn run(
    _engines: &Engines,
    job: &SearchJob,
    tx: &mpsc::UnboundedSender<EngineEvent>,
    cancelled: &AtomicBool,
    set_stopper: impl FnOnce(Option<Stopper>),
) -> Option<Move> {
    let flag = Arc::new(AtomicBool::new(false));
    set_stopper(Some(Stopper(flag.clone())));
    let moves = job.pos.legal_moves();
    let best = moves.iter().copied().next();
    for i in 0..10 {
        if flag.load(Ordering::SeqCst) || cancelled.load(Ordering::SeqCst) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        let _ = tx.send(EngineEvent::Info(
            job.id,
            SearchLine {
                multipv: 1,
                depth: i + 1,
                seldepth: i + 1,
                score: RelScore::Cp(10),
                nodes: 100,
                nps: 1000,
                pv: best.into_iter().collect(),
            },
        ));
    }
    best
}

//! The bounded engine pool: at most `max_running` searches at once (each on the typed engine
//! core), at most `max_queued` more waiting for a slot, and the rest refused with a message.
//! A [`Ticket`] stops its search (or leaves the queue) when asked or when dropped, so a closed
//! tab stops its search.

use movegen::{Move, Position};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore};

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelScore {
    /// Centipawns.
    Cp(i32),
    /// Mate in so many moves (negative: being mated).
    Mate(i32),
}

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limits {
    /// Milliseconds for this move.
    Movetime(u64),
    /// A fixed depth.
    Depth(u32),
    /// A depth that also stops after so many milliseconds (the strength levels).
    DepthAndTime(u32, u64),
    /// Clocks: both sides' remaining time and increments, in milliseconds.
    Clock {
        /// White's time.
        wtime: u64,
        /// Black's time.
        btime: u64,
        /// White's increment.
        winc: u64,
        /// Black's increment.
        binc: u64,
    },
    /// Until stopped.
    Infinite,
}

/// One search to run.
#[derive(Clone, Debug)]
pub struct SearchJob {
    /// The caller's id of the search; every event carries it.
    pub id: u64,
    /// The position (with its history, for repetitions).
    pub pos: Position,
    /// Limits.
    pub limits: Limits,
    /// Lines to report (1 to 3).
    pub multipv: u32,
}

/// A search line the engine reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchLine {
    /// 1-based line number.
    pub multipv: u32,
    /// Depth.
    pub depth: u32,
    /// Selective depth.
    pub seldepth: u32,
    /// Score, side to move's view.
    pub score: RelScore,
    /// Nodes.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// What a search reports, tagged with its [`SearchJob::id`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineEvent {
    /// The search left the queue and runs.
    Started(u64),
    /// A search line.
    Info(u64, SearchLine),
    /// The search ended with this best move (`None` when it was cancelled in the queue or the
    /// position has no move).
    Done(u64, Option<Move>),
}

/// How a request was admitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admission {
    /// It runs now.
    Running,
    /// It waits, with this many requests ahead of it.
    Queued(usize),
}

/// A refused search request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the server is busy: {running} searches are running and {queued} are waiting; try again in a moment")]
pub struct Busy {
    /// Searches running.
    pub running: usize,
    /// Requests waiting.
    pub queued: usize,
}

#[derive(Default)]
struct Control {
    cancelled: AtomicBool,
    /// Wakes a queued request that was cancelled, so that it leaves the queue at once.
    cancel: tokio::sync::Notify,
    handle: Mutex<Option<crate::search::Stopper>>,
}

/// A request's handle: stops the search, or takes it out of the queue. Dropping it stops too.
pub struct Ticket {
    ctl: Arc<Control>,
}

impl Ticket {
    /// Stops the search (it then reports its best move so far) or cancels the queued request.
    pub fn stop(&self) {
        self.ctl.cancelled.store(true, Ordering::SeqCst);
        self.ctl.cancel.notify_one();
        if let Ok(h) = self.ctl.handle.lock() {
            if let Some(h) = h.as_ref() {
                h.stop();
            }
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The engine pool, shared by every connection.
pub struct EnginePool {
    slots: Arc<Semaphore>,
    max_running: usize,
    max_queued: usize,
    queued: AtomicUsize,
    engines: crate::search::Engines,
}

impl EnginePool {
    /// A pool of `max_running` concurrent searches (at least one) and `max_queued` waiting ones.
    pub fn new(max_running: usize, max_queued: usize) -> Arc<EnginePool> {
        let max_running = max_running.max(1);
        Arc::new(EnginePool {
            slots: Arc::new(Semaphore::new(max_running)),
            max_running,
            max_queued,
            queued: AtomicUsize::new(0),
            engines: crate::search::Engines::default(),
        })
    }

    /// The default size: at most two searches, and one core fewer than the machine has (at
    /// least one), so that a core stays free to answer the pages while the engine searches; 16
    /// waiting.
    pub fn default_size() -> Arc<EnginePool> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        EnginePool::new(cores.saturating_sub(1).clamp(1, 2), 16)
    }

    /// Searches running now.
    pub fn running(&self) -> usize {
        self.max_running - self.slots.available_permits()
    }

    /// Requests waiting now.
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::SeqCst)
    }

    /// Submits a search; its events go to `tx`. Must be called inside a tokio runtime.
    pub fn submit(
        self: &Arc<Self>,
        job: SearchJob,
        tx: mpsc::UnboundedSender<EngineEvent>,
    ) -> Result<(Ticket, Admission), Busy> {
        let ctl = Arc::new(Control::default());
        let ticket = Ticket { ctl: ctl.clone() };
        if let Ok(permit) = self.slots.clone().try_acquire_owned() {
            self.launch(permit, job, tx, ctl);
            return Ok((ticket, Admission::Running));
        }
        let ahead = self.queued.fetch_add(1, Ordering::SeqCst);
        if ahead >= self.max_queued {
            self.queued.fetch_sub(1, Ordering::SeqCst);
            return Err(Busy {
                running: self.running(),
                queued: ahead,
            });
        }
        let pool = self.clone();
        tokio::spawn(async move {
            let permit = tokio::select! {
                p = pool.slots.clone().acquire_owned() => p.ok(),
                _ = ctl.cancel.notified() => None,
            };
            pool.queued.fetch_sub(1, Ordering::SeqCst);
            match permit {
                Some(p) if !ctl.cancelled.load(Ordering::SeqCst) => pool.launch(p, job, tx, ctl),
                _ => {
                    let _ = tx.send(EngineEvent::Done(job.id, None));
                }
            }
        });
        Ok((ticket, Admission::Queued(ahead)))
    }

    /// Runs `job` on an engine of the pool; the permit is given back when it ends.
    fn launch(
        self: &Arc<Self>,
        permit: OwnedSemaphorePermit,
        job: SearchJob,
        tx: mpsc::UnboundedSender<EngineEvent>,
        ctl: Arc<Control>,
    ) {
        let _ = tx.send(EngineEvent::Started(job.id));
        let pool = self.clone();
        std::thread::spawn(move || {
            let best = crate::search::run(
                &pool.engines,
                pool.max_running,
                &job,
                &tx,
                &ctl.cancelled,
                |h| {
                    if let Ok(mut slot) = ctl.handle.lock() {
                        *slot = h;
                    }
                },
            );
            drop(permit);
            let _ = tx.send(EngineEvent::Done(job.id, best));
        });
    }
}

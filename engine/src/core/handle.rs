//! The caller's side of a running search: stop it, end pondering, wait for its answer.

use super::report::BestMove;
use crate::search::SharedState;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::JoinHandle;

/// Stops a search or ends its pondering from any thread (cheap to clone, `Send + Sync`).
#[derive(Clone)]
pub struct SearchStopper {
    shared: Arc<SharedState>,
}

impl SearchStopper {
    pub(super) fn new(shared: Arc<SharedState>) -> SearchStopper {
        SearchStopper { shared }
    }

    /// Asks the search to end as soon as it can (it still completes its first iteration, so
    /// that its answer is a searched move with a true score).
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.shared.pondering.store(false, Ordering::Relaxed);
    }

    /// The expected move was played: a pondering search now runs under its clock limits.
    pub fn ponderhit(&self) {
        self.shared.pondering.store(false, Ordering::Relaxed);
    }
}

/// A search running on its own thread, as [`Engine::go`](super::Engine::go) started it.
/// Dropping the handle stops the search (without waiting for it).
pub struct SearchHandle {
    thread: Option<JoinHandle<BestMove>>,
    stopper: SearchStopper,
    /// The answer if the thread could not be joined normally (see [`SearchHandle::wait`]).
    fallback: BestMove,
}

impl SearchHandle {
    pub(super) fn new(
        thread: JoinHandle<BestMove>,
        stopper: SearchStopper,
        fallback: BestMove,
    ) -> SearchHandle {
        SearchHandle {
            thread: Some(thread),
            stopper,
            fallback,
        }
    }

    /// Asks the search to end as soon as it can; [`SearchHandle::wait`] then returns quickly.
    pub fn stop(&self) {
        self.stopper.stop();
    }

    /// The expected move was played: a pondering search now runs under its clock limits.
    pub fn ponderhit(&self) {
        self.stopper.ponderhit();
    }

    /// A stopper for other threads.
    pub fn stopper(&self) -> SearchStopper {
        self.stopper.clone()
    }

    /// Has the search thread ended (its answer delivered)?
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Waits for the search to end by itself (or after [`SearchHandle::stop`]) and returns its
    /// answer. A search bounded only by `stop` (infinite, pondering, no limits) waits forever
    /// unless stopped.
    pub fn wait(mut self) -> BestMove {
        match self.thread.take().map(JoinHandle::join) {
            Some(Ok(best)) => best,
            // The search thread catches a panic of the search itself; this is a listener's.
            _ => self.fallback.clone(),
        }
    }
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        if self.thread.is_some() {
            self.stopper.stop();
        }
    }
}

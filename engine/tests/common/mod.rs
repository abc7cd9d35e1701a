//! An in-process UCI driver for the integration tests.

#![allow(dead_code)]

use engine::line_loop::Output;
use engine::uci::Uci;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Lines the engine printed, with a condition variable to wait on.
#[derive(Default)]
pub struct Lines {
    lines: Mutex<Vec<String>>,
    cv: Condvar,
}

/// The engine plus everything it printed.
pub struct Driver {
    pub uci: Uci,
    lines: Arc<Lines>,
    seen: usize,
}

impl Driver {
    pub fn new() -> Driver {
        let lines = Arc::new(Lines::default());
        let l = lines.clone();
        let out: Output = Arc::new(move |s: &str| {
            if let Ok(mut v) = l.lines.lock() {
                v.push(s.to_string());
            }
            l.cv.notify_all();
        });
        Driver {
            uci: Uci::new(out),
            lines,
            seen: 0,
        }
    }

    /// Sends one line; returns false on quit.
    pub fn send(&mut self, line: &str) -> bool {
        self.uci.handle(line)
    }

    /// Waits for a line starting with `prefix` printed after the last one consumed; returns it
    /// and every line before it.
    pub fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Option<(String, Vec<String>)> {
        let deadline = Instant::now() + timeout;
        let mut v = self.lines.lines.lock().ok()?;
        loop {
            if let Some(i) = v[self.seen..].iter().position(|l| l.starts_with(prefix)) {
                let before = v[self.seen..self.seen + i].to_vec();
                let line = v[self.seen + i].clone();
                self.seen += i + 1;
                return Some((line, before));
            }
            let now = Instant::now();
            if now >= deadline {
                return None;
            }
            v = self.lines.cv.wait_timeout(v, deadline - now).ok()?.0;
        }
    }

    /// Every line printed since the last consumed one (and consumes them).
    pub fn drain(&mut self) -> Vec<String> {
        let v = self
            .lines
            .lines
            .lock()
            .map(|v| v.clone())
            .unwrap_or_default();
        let out = v[self.seen..].to_vec();
        self.seen = v.len();
        out
    }

    /// Sends `isready` and waits for `readyok`.
    pub fn ready(&mut self) -> Vec<String> {
        self.send("isready");
        match self.wait_for("readyok", Duration::from_secs(30)) {
            Some((_, before)) => before,
            None => panic!("no readyok"),
        }
    }

    /// Sends `go ...` and waits for the best move text.
    pub fn bestmove(&mut self, go: &str, timeout: Duration) -> (String, Vec<String>) {
        self.send(go);
        let (line, before) = self
            .wait_for("bestmove", timeout)
            .unwrap_or_else(|| panic!("no bestmove after '{go}'"));
        let mv = line.split_whitespace().nth(1).unwrap_or("").to_string();
        self.uci.wait();
        (mv, before)
    }
}

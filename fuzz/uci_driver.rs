//! Engine glue of the `uci` fuzz target, shared (by `#[path]`) with the replay test
//! `tests/tests/fuzz_replay.rs`, so that the `tests` library need not depend on the engine.
//!
//! Input: UCI command lines. Each goes through `tests::fuzz_checks::uci_cap_line` (bounded
//! searches, no files), then `engine::uci::Uci::handle`; a started search is waited for, and the
//! step is checked by `tests::fuzz_checks::check_uci_step`. `go` arguments as fuzzed (before
//! capping) also go straight to `engine::uci::parse_go`.

use engine::uci::Uci;
use std::sync::{Arc, Mutex};
use tests::fuzz_checks;

/// Runs one `uci` input through a fresh engine (see the module docs).
pub fn check_uci_input(data: &[u8]) {
    let text = fuzz_checks::text(data);
    let printed = Arc::new(Mutex::new(Vec::<String>::new()));
    let sink = printed.clone();
    let mut uci = Uci::new(Arc::new(move |l: &str| {
        if let Ok(mut v) = sink.lock() {
            v.push(l.to_string());
        }
    }));
    for raw in text.lines().take(fuzz_checks::UCI_MAX_LINES) {
        let Some(line) = fuzz_checks::uci_cap_line(raw) else {
            continue;
        };
        let mut words = raw.split_whitespace();
        if words.next() == Some("go") {
            let args: Vec<&str> = words.collect();
            if let Ok(pos) = uci.position() {
                let _ = engine::uci::parse_go(pos, &args);
            }
        }
        let before = uci.position().ok().cloned();
        printed.lock().expect("output lock").clear();
        let go_on = uci.handle(&line);
        uci.wait();
        let output = std::mem::take(&mut *printed.lock().expect("output lock"));
        fuzz_checks::check_uci_step(before.as_ref(), uci.position().ok(), &line, &output);
        if !go_on {
            break;
        }
    }
    uci.stop_and_wait();
}

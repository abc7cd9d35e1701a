//! The UCI conversation with one engine: handshake, options, new game, and one search with its
//! time limit, stop and grace period. Failures are classified as crashes or stalls.

use crate::engine_process::{EngineProcess, LaunchSpec, ProcessError};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// An engine's evaluation, from its own point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// Centipawn value with mates mapped far outside any real evaluation.
    pub fn as_cp(&self) -> i32 {
        match *self {
            Score::Cp(c) => c,
            Score::Mate(m) if m > 0 => 100_000 - m,
            Score::Mate(m) => -100_000 - m,
        }
    }

    /// Text as in fastchess PGN comments: `+0.25`, `-1.00`, `+M5`, `-M3`.
    pub fn pgn(&self) -> String {
        match *self {
            Score::Cp(c) => {
                let sign = if c < 0 { "-" } else { "+" };
                let a = c.unsigned_abs();
                format!("{sign}{}.{:02}", a / 100, a % 100)
            }
            Score::Mate(m) if m > 0 => format!("+M{m}"),
            Score::Mate(m) => format!("-M{}", m.unsigned_abs()),
        }
    }
}

/// What the engine said about its search (last `info` line with each field).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    /// Last reported score.
    pub score: Option<Score>,
    /// Last reported depth.
    pub depth: Option<u32>,
    /// Last reported node count.
    pub nodes: Option<u64>,
}

impl SearchInfo {
    /// Reads the fields of one `info` line into `self`.
    pub fn update(&mut self, line: &str) {
        let mut it = line.split_whitespace().skip(1);
        while let Some(tok) = it.next() {
            match tok {
                "string" | "pv" => break,
                "depth" => {
                    if let Some(d) = it.next().and_then(|v| v.parse().ok()) {
                        self.depth = Some(d);
                    }
                }
                "nodes" => {
                    if let Some(n) = it.next().and_then(|v| v.parse().ok()) {
                        self.nodes = Some(n);
                    }
                }
                "score" => match (it.next(), it.next().and_then(|v| v.parse::<i32>().ok())) {
                    (Some("cp"), Some(v)) => self.score = Some(Score::Cp(v)),
                    (Some("mate"), Some(v)) => self.score = Some(Score::Mate(v)),
                    _ => {}
                },
                _ => {}
            }
        }
    }
}

/// How an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process exited or could not be started.
    Crash(String),
    /// The process did not answer in time.
    Stall(String),
}

impl Failure {
    fn from_process(e: ProcessError, waiting_for: &str) -> Failure {
        match e {
            ProcessError::Timeout => Failure::Stall(format!("no {waiting_for} in time")),
            other => Failure::Crash(format!("{other} while waiting for {waiting_for}")),
        }
    }

    /// Human-readable detail.
    pub fn detail(&self) -> &str {
        match self {
            Failure::Crash(s) | Failure::Stall(s) => s,
        }
    }
}

/// Time limits of the conversation itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// Wait for `uciok` and `readyok`.
    pub ready: Duration,
    /// Wait for `bestmove` when no clock or move time bounds the search.
    pub search: Duration,
    /// Wait for `bestmove` after `stop` was sent.
    pub stop_grace: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            ready: Duration::from_secs(10),
            search: Duration::from_secs(60),
            stop_grace: Duration::from_secs(1),
        }
    }
}

/// The engine's answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReply {
    /// The move text after `bestmove`.
    pub bestmove: String,
    /// From the end of writing `go` to the arrival of `bestmove`.
    pub elapsed_ms: u64,
    /// Last info fields.
    pub info: SearchInfo,
    /// True when `bestmove` came only after the runner sent `stop` (the limit was exceeded).
    pub after_stop: bool,
}

/// A running, initialized UCI engine.
pub struct UciEngine {
    process: EngineProcess,
}

impl UciEngine {
    /// Starts the engine, runs `uci`, sets `UCI_Variant` and the options, and waits for
    /// `readyok`.
    pub fn start(
        spec: &LaunchSpec,
        variant: &str,
        options: &[(String, String)],
        timeouts: &Timeouts,
    ) -> Result<UciEngine, Failure> {
        let process = EngineProcess::spawn(spec).map_err(|e| Failure::Crash(format!("{e}")))?;
        let mut engine = UciEngine { process };
        engine.send("uci")?;
        engine.wait_for(|l| l == "uciok", Instant::now() + timeouts.ready, "uciok")?;
        engine.send(&format!("setoption name UCI_Variant value {variant}"))?;
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ping(timeouts.ready)?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<Instant, Failure> {
        self.process
            .send(line)
            .map_err(|e| Failure::Crash(format!("{e}")))
    }

    fn wait_for(
        &mut self,
        pred: impl Fn(&str) -> bool,
        deadline: Instant,
        what: &str,
    ) -> Result<(String, Instant), Failure> {
        loop {
            let (line, at) = self
                .process
                .recv(deadline)
                .map_err(|e| Failure::from_process(e, what))?;
            if pred(&line) {
                return Ok((line, at));
            }
        }
    }

    /// `isready` / `readyok` round trip; returns the latency.
    pub fn ping(&mut self, timeout: Duration) -> Result<Duration, Failure> {
        let sent = self.send("isready")?;
        let (_, at) = self.wait_for(|l| l == "readyok", sent + timeout, "readyok")?;
        Ok(at.saturating_duration_since(sent))
    }

    /// `ucinewgame` then `isready`; returns the `isready` latency.
    pub fn new_game(&mut self, timeouts: &Timeouts) -> Result<Duration, Failure> {
        self.send("ucinewgame")?;
        self.ping(timeouts.ready)
    }

    /// Sends `position` and `go`, and waits for `bestmove`. `limit` is the time from sending
    /// `go` after which the runner sends `stop` (allowance plus margin, or the search timeout).
    pub fn search(
        &mut self,
        position: &str,
        go: &str,
        limit: Duration,
        timeouts: &Timeouts,
    ) -> Result<SearchReply, Failure> {
        self.send(position)?;
        let sent = self.send(go)?;
        let mut info = SearchInfo::default();
        let mut deadline = sent + limit;
        let mut after_stop = false;
        loop {
            match self.process.recv(deadline) {
                Ok((line, at)) => {
                    if line.starts_with("info") {
                        info.update(&line);
                    } else if let Some(rest) = line.strip_prefix("bestmove") {
                        if !(rest.is_empty() || rest.starts_with(' ')) {
                            continue;
                        }
                        let mv = rest.split_whitespace().next().unwrap_or("").to_string();
                        return Ok(SearchReply {
                            bestmove: mv,
                            elapsed_ms: at.saturating_duration_since(sent).as_millis() as u64,
                            info,
                            after_stop,
                        });
                    }
                }
                Err(ProcessError::Timeout) if !after_stop => {
                    after_stop = true;
                    self.send("stop")?;
                    deadline = Instant::now() + timeouts.stop_grace;
                }
                Err(ProcessError::Timeout) => {
                    return Err(Failure::Stall(format!(
                        "no bestmove within {} ms, nor {} ms after stop",
                        limit.as_millis(),
                        timeouts.stop_grace.as_millis()
                    )))
                }
                Err(e) => return Err(Failure::from_process(e, "bestmove")),
            }
        }
    }

    /// Quits politely (kills after a short grace).
    pub fn quit(mut self) {
        self.process.shutdown(Duration::from_millis(300));
    }

    /// Kills the process at once.
    pub fn kill(mut self) {
        self.process.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_parsing() {
        let mut i = SearchInfo::default();
        i.update("info depth 12 seldepth 20 score cp -35 nodes 12345 pv a2a3 b7b6");
        assert_eq!(i.score, Some(Score::Cp(-35)));
        assert_eq!(i.depth, Some(12));
        assert_eq!(i.nodes, Some(12345));
        i.update("info string depth 99");
        assert_eq!(i.depth, Some(12));
        i.update("info depth 13 score mate -3 lowerbound");
        assert_eq!(i.score, Some(Score::Mate(-3)));
        i.update("info score cp garbage");
        assert_eq!(i.score, Some(Score::Mate(-3)));
        assert_eq!(Score::Cp(-5).pgn(), "-0.05");
        assert_eq!(Score::Cp(125).pgn(), "+1.25");
        assert_eq!(Score::Mate(4).pgn(), "+M4");
    }
}

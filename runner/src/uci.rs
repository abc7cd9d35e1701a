//! The UCI conversation with one engine: handshake, options, new game, and one search with its
//! time limit, stop and grace period. Failures are classified as crashes or stalls.
//!
//! Start-up is strict (it is also the match's pre-flight check): the engine must answer `uci`
//! with `uciok`; every option given must be one it declares (names compared case-insensitively,
//! as UCI says, and sent with the engine's own spelling); each `setoption` is followed by
//! `isready`, and an `info string error` printed before `readyok` rejects the option.
//! `UCI_Variant` is sent when the engine declares it (and must then offer the variant when it is
//! a combo); an engine that does not declare it can only play chess.

use crate::engine_process::{engine_error_text, EngineProcess, LaunchSpec, ProcessError, Watch};
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

impl From<StartError> for Failure {
    fn from(e: StartError) -> Failure {
        match e {
            StartError::Timeout { .. } => Failure::Stall(e.to_string()),
            other => Failure::Crash(other.to_string()),
        }
    }
}

/// Why an engine could not be started and set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The program could not be run.
    #[error("{0}")]
    Spawn(String),
    /// The process ended (or closed its pipes) before the conversation was done.
    #[error("the engine exited while waiting for {waiting_for}{status}")]
    Exited {
        /// What the runner was waiting for.
        waiting_for: String,
        /// The exit status, when known (` (exit status: 1)`).
        status: String,
    },
    /// The engine did not answer in time.
    #[error("no {waiting_for} within {timeout_ms} ms")]
    Timeout {
        /// What the runner was waiting for.
        waiting_for: String,
        /// The time allowed.
        timeout_ms: u128,
    },
    /// An `option.X` names an option the engine does not declare.
    #[error("{}", unknown_option_text(name, closest, *declared))]
    UnknownOption {
        /// The option given.
        name: String,
        /// The declared names closest to it, closest first (a few).
        closest: Vec<String>,
        /// How many options the engine declares.
        declared: usize,
    },
    /// A variant other than chess was asked of an engine without `UCI_Variant`.
    #[error("the engine does not declare UCI_Variant, so it cannot be told to play {variant}")]
    NoVariantOption {
        /// The variant of the match.
        variant: String,
    },
    /// The engine's `UCI_Variant` combo does not list the variant.
    #[error("the engine's UCI_Variant does not offer {variant} (it offers: {offered})")]
    VariantNotOffered {
        /// The variant of the match.
        variant: String,
        /// The values it offers, comma-separated.
        offered: String,
    },
    /// The engine printed `info string error...` in answer to a `setoption`.
    #[error("the engine reported an error after 'setoption name {name} value {value}': {report}")]
    OptionRejected {
        /// Option name.
        name: String,
        /// Value sent.
        value: String,
        /// What the engine printed, from `error` on.
        report: String,
    },
}

/// Names suggested for an unknown option.
const SUGGESTED: usize = 3;

/// The message of [`StartError::UnknownOption`].
fn unknown_option_text(name: &str, closest: &[String], declared: usize) -> String {
    if declared == 0 {
        return format!("unknown option '{name}': the engine declares no options");
    }
    format!(
        "unknown option '{name}': the engine does not declare it; closest: {} \
         (it declares {declared}; list them all by sending it `uci`, e.g. `echo uci | ENGINE`)",
        closest.join(", ")
    )
}

impl StartError {
    fn from_process(e: ProcessError, waiting_for: &str, timeout: Duration) -> StartError {
        match e {
            ProcessError::Timeout => StartError::Timeout {
                waiting_for: waiting_for.into(),
                timeout_ms: timeout.as_millis(),
            },
            ProcessError::Exited(status) => StartError::Exited {
                waiting_for: waiting_for.into(),
                status,
            },
            spawn @ (ProcessError::Spawn { .. } | ProcessError::IsDirectory { .. }) => {
                StartError::Spawn(spawn.to_string())
            }
        }
    }
}

/// One `option name ... type ...` line of the engine's answer to `uci`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredOption {
    /// The name, as the engine spells it (may contain spaces).
    pub name: String,
    /// The type: check, spin, combo, button or string.
    pub kind: String,
    /// The values of a combo.
    pub vars: Vec<String>,
}

impl DeclaredOption {
    /// Parses an `option name N type T [default D] [min A] [max B] [var V]...` line.
    pub fn parse(line: &str) -> Option<DeclaredOption> {
        let mut words = line.split_whitespace();
        if words.next() != Some("option") || words.next() != Some("name") {
            return None;
        }
        let words: Vec<&str> = words.collect();
        let type_at = words.iter().position(|w| *w == "type")?;
        if type_at == 0 {
            return None;
        }
        let name = words[..type_at].join(" ");
        let kind = words.get(type_at + 1)?.to_string();
        let mut vars = Vec::new();
        let mut current: Option<Vec<&str>> = None;
        for w in &words[type_at + 2..] {
            match *w {
                "var" | "default" | "min" | "max" => {
                    if let Some(v) = current.take() {
                        vars.push(v.join(" "));
                    }
                    if *w == "var" {
                        current = Some(Vec::new());
                    }
                }
                other => {
                    if let Some(v) = current.as_mut() {
                        v.push(other);
                    }
                }
            }
        }
        if let Some(v) = current {
            vars.push(v.join(" "));
        }
        Some(DeclaredOption { name, kind, vars })
    }
}

/// What an engine said in answer to `uci`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declared {
    /// Its `id name`, if given.
    pub id_name: Option<String>,
    /// Its options, in order.
    pub options: Vec<DeclaredOption>,
}

impl Declared {
    /// The declared option called `name`, compared case-insensitively.
    pub fn find(&self, name: &str) -> Option<&DeclaredOption> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// The declared names closest to `name` (see [`crate::text::closest`]).
    fn closest(&self, name: &str) -> Vec<String> {
        let names: Vec<&str> = self.options.iter().map(|o| o.name.as_str()).collect();
        crate::text::closest(name, &names, SUGGESTED)
            .into_iter()
            .map(String::from)
            .collect()
    }

    /// The `setoption` commands to send, `(declared name, value)`, in order: `UCI_Variant`
    /// first (when declared), then `options`. Fails on an option the engine does not declare.
    pub fn plan_options(
        &self,
        variant: &str,
        options: &[(String, String)],
    ) -> Result<Vec<(String, String)>, StartError> {
        let mut plan = Vec::new();
        match self.find("UCI_Variant") {
            Some(o) => {
                if o.kind == "combo" && !o.vars.iter().any(|v| v.eq_ignore_ascii_case(variant)) {
                    return Err(StartError::VariantNotOffered {
                        variant: variant.into(),
                        offered: o.vars.join(", "),
                    });
                }
                plan.push((o.name.clone(), variant.to_string()));
            }
            None if variant != "chess" => {
                return Err(StartError::NoVariantOption {
                    variant: variant.into(),
                })
            }
            None => {}
        }
        for (name, value) in options {
            let Some(o) = self.find(name) else {
                return Err(StartError::UnknownOption {
                    name: name.clone(),
                    closest: self.closest(name),
                    declared: self.options.len(),
                });
            };
            plan.push((o.name.clone(), value.clone()));
        }
        Ok(plan)
    }
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
    declared: Declared,
}

impl UciEngine {
    /// Starts the engine as [`UciEngine::launch`] does, without log or notices, and turns a
    /// start-up error into a crash or stall.
    pub fn start(
        spec: &LaunchSpec,
        variant: &str,
        options: &[(String, String)],
        timeouts: &Timeouts,
    ) -> Result<UciEngine, Failure> {
        let name = std::path::Path::new(&spec.cmd)
            .file_name()
            .map(|f| f.to_string_lossy().to_string())
            .unwrap_or_else(|| spec.cmd.clone());
        UciEngine::launch(spec, &name, variant, options, timeouts, &Watch::default())
            .map_err(Failure::from)
    }

    /// Starts the engine, runs `uci` (collecting its options), checks and sends `UCI_Variant`
    /// and the options, each followed by `isready`, and waits for `readyok`. See the module
    /// documentation for what is checked.
    pub fn launch(
        spec: &LaunchSpec,
        name: &str,
        variant: &str,
        options: &[(String, String)],
        timeouts: &Timeouts,
        watch: &Watch,
    ) -> Result<UciEngine, StartError> {
        let ready = timeouts.ready;
        let process = EngineProcess::spawn_watched(spec, name, watch)
            .map_err(|e| StartError::from_process(e, "start-up", ready))?;
        let mut engine = UciEngine {
            process,
            declared: Declared::default(),
        };
        engine
            .process
            .send("uci")
            .map_err(|e| StartError::from_process(e, "uciok", ready))?;
        let deadline = Instant::now() + ready;
        loop {
            let (line, _) = engine
                .process
                .recv(deadline)
                .map_err(|e| StartError::from_process(e, "uciok", ready))?;
            if line == "uciok" {
                break;
            }
            if let Some(o) = DeclaredOption::parse(&line) {
                engine.declared.options.push(o);
            } else if let Some(n) = line.strip_prefix("id name ") {
                engine.declared.id_name = Some(n.trim().to_string());
            }
        }
        let plan = engine.declared.plan_options(variant, options)?;
        for (name, value) in &plan {
            engine.set_option(name, value, ready)?;
        }
        if plan.is_empty() {
            engine.ready_check(ready, "readyok", |_| None)?;
        }
        Ok(engine)
    }

    /// What the engine declared in answer to `uci`.
    pub fn declared(&self) -> &Declared {
        &self.declared
    }

    /// Sends one `setoption`, then `isready`; an error report before `readyok` rejects it.
    fn set_option(&mut self, name: &str, value: &str, ready: Duration) -> Result<(), StartError> {
        let cmd = format!("setoption name {name} value {value}");
        let waiting_for = format!("readyok after '{cmd}'");
        self.process
            .send(&cmd)
            .map_err(|e| StartError::from_process(e, &waiting_for, ready))?;
        self.ready_check(ready, &waiting_for, |line| {
            engine_error_text(line).map(|report| StartError::OptionRejected {
                name: name.into(),
                value: value.into(),
                report: report.into(),
            })
        })
    }

    /// Sends `isready` and reads up to `readyok`; `reject` may turn a line read on the way
    /// into an error (reported once `readyok` arrived, so the conversation stays in step).
    fn ready_check(
        &mut self,
        ready: Duration,
        waiting_for: &str,
        reject: impl Fn(&str) -> Option<StartError>,
    ) -> Result<(), StartError> {
        let sent = self
            .process
            .send("isready")
            .map_err(|e| StartError::from_process(e, waiting_for, ready))?;
        let mut rejected = None;
        loop {
            let (line, _) = self
                .process
                .recv(sent + ready)
                .map_err(|e| StartError::from_process(e, waiting_for, ready))?;
            if line == "readyok" {
                return rejected.map_or(Ok(()), Err);
            }
            if rejected.is_none() {
                rejected = reject(&line);
            }
        }
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

    #[test]
    fn declared_options_parse() {
        let o = DeclaredOption::parse(
            "option name UCI_Variant type combo default titan var chess var titan var bug house",
        )
        .unwrap();
        assert_eq!(o.name, "UCI_Variant");
        assert_eq!(o.kind, "combo");
        assert_eq!(o.vars, ["chess", "titan", "bug house"]);
        let o = DeclaredOption::parse("option name Clear Hash type button").unwrap();
        assert_eq!(o.name, "Clear Hash");
        assert!(o.vars.is_empty());
        assert_eq!(DeclaredOption::parse("option name type spin"), None);
        assert_eq!(DeclaredOption::parse("id name x"), None);
    }

    #[test]
    fn option_plan_checks_names_and_variant() {
        let d = Declared {
            id_name: None,
            options: [
                "option name Hash type spin default 16 min 1 max 64",
                "option name UCI_Variant type combo default chess var chess var titan",
            ]
            .iter()
            .filter_map(|l| DeclaredOption::parse(l))
            .collect(),
        };
        let plan = d
            .plan_options("titan", &[("hash".into(), "32".into())])
            .unwrap();
        assert_eq!(
            plan,
            [
                ("UCI_Variant".to_string(), "titan".to_string()),
                ("Hash".to_string(), "32".to_string())
            ]
        );
        assert_eq!(
            d.plan_options("chess", &[("Hsah".into(), "1".into())]),
            Err(StartError::UnknownOption {
                name: "Hsah".into(),
                closest: vec!["Hash".into(), "UCI_Variant".into()],
                declared: 2
            })
        );
        assert!(matches!(
            d.plan_options("raptor", &[]),
            Err(StartError::VariantNotOffered { .. })
        ));
        let plain = Declared::default();
        assert_eq!(plain.plan_options("chess", &[]), Ok(vec![]));
        assert!(matches!(
            plain.plan_options("titan", &[]),
            Err(StartError::NoVariantOption { .. })
        ));
    }
}

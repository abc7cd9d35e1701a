//! One engine child process: start it, write commands, and read its output lines with a
//! deadline. A dedicated thread reads stdout and stamps each line with the instant it arrived,
//! so that runner-side delays never count against the engine. A [`Watch`] sends every line (and
//! the engine's stderr) to the `-log` file and reports `info string error` lines as they arrive.

use crate::traffic_log::{Direction, TrafficLog};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Receives the text of each error an engine reports (`NAME(PID): info string error ...`).
pub type NoticeSink = Arc<dyn Fn(&str) + Send + Sync>;

/// Who else sees an engine's traffic: the `-log` file, and a sink for its error reports.
#[derive(Clone, Default)]
pub struct Watch {
    /// The shared traffic log, if any.
    pub log: Option<Arc<TrafficLog>>,
    /// Where `info string error` lines are reported (none: not reported).
    pub notices: Option<NoticeSink>,
}

impl std::fmt::Debug for Watch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watch")
            .field("log", &self.log.is_some())
            .field("notices", &self.notices.is_some())
            .finish()
    }
}

/// The text of an `info string error...` line (from `error` on), or `None` for other lines.
/// UCI has no error message; `info string error` is the convention engines (and Shuriken) use.
pub fn engine_error_text(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("info")?.trim_start();
    let rest = rest.strip_prefix("string")?.trim_start();
    let head = rest.get(..5)?;
    let word_ends = !rest[5..].starts_with(|c: char| c.is_ascii_alphanumeric());
    (head.eq_ignore_ascii_case("error") && word_ends).then_some(rest)
}

/// Reads `from` line by line until it closes, calling `each` with every line (lossy UTF-8,
/// trimmed) and the instant it arrived; stops early when `each` returns false.
fn read_lines(from: impl Read, mut each: impl FnMut(String, Instant) -> bool) {
    let mut reader = BufReader::new(from);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                let now = Instant::now();
                let line = String::from_utf8_lossy(&buf).trim().to_string();
                if !each(line, now) {
                    return;
                }
            }
        }
    }
}

/// How an engine is started.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LaunchSpec {
    /// Program to run.
    pub cmd: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Working directory (`None`: the runner's).
    pub dir: Option<PathBuf>,
}

/// Why talking to an engine failed.
#[derive(Debug, thiserror::Error)]
pub enum ProcessError {
    /// The program could not be started.
    #[error("could not start '{cmd}': {source}")]
    Spawn {
        /// The program.
        cmd: String,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The program is a directory (`./shuriken` in the repository is the crate's folder).
    #[error(
        "could not start '{cmd}': it is a directory, not a program (in the repository, \
         ./shuriken is the crate's folder; the engine built by `cargo build --release` is \
         target/release/shuriken)"
    )]
    IsDirectory {
        /// The program.
        cmd: String,
    },
    /// The process closed its output or its input (it exited or crashed).
    #[error("engine process exited{0}")]
    Exited(String),
    /// Nothing arrived before the deadline.
    #[error("no answer within the time limit")]
    Timeout,
}

enum Event {
    Line(String, Instant),
    Eof,
}

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    label: String,
    log: Option<Arc<TrafficLog>>,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    eof: bool,
}

/// Resolves the program path: a relative path with a slash is taken relative to `dir` when the
/// file exists there, else relative to the runner's working directory.
fn resolve_program(cmd: &str, dir: Option<&Path>) -> PathBuf {
    let p = Path::new(cmd);
    if p.is_absolute() || !cmd.contains('/') {
        return p.to_path_buf();
    }
    if let Some(d) = dir {
        let joined = d.join(p);
        if joined.exists() {
            return joined;
        }
    }
    std::env::current_dir()
        .map(|c| c.join(p))
        .unwrap_or_else(|_| p.to_path_buf())
}

impl EngineProcess {
    /// Starts the process with piped stdin/stdout; stderr is discarded.
    pub fn spawn(spec: &LaunchSpec) -> Result<EngineProcess, ProcessError> {
        let name = Path::new(&spec.cmd)
            .file_name()
            .map(|f| f.to_string_lossy().to_string())
            .unwrap_or_else(|| spec.cmd.clone());
        EngineProcess::spawn_watched(spec, &name, &Watch::default())
    }

    /// Starts the process with piped stdin/stdout. With a log in `watch`, stderr is piped too
    /// and each of its lines logged; else it is discarded. Lines are labelled `name(pid)`.
    pub fn spawn_watched(
        spec: &LaunchSpec,
        name: &str,
        watch: &Watch,
    ) -> Result<EngineProcess, ProcessError> {
        let program = resolve_program(&spec.cmd, spec.dir.as_deref());
        if program.is_dir() {
            return Err(ProcessError::IsDirectory {
                cmd: spec.cmd.clone(),
            });
        }
        let mut command = Command::new(&program);
        let stderr = if watch.log.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        };
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr);
        if let Some(d) = &spec.dir {
            command.current_dir(d);
        }
        let mut child = command.spawn().map_err(|source| ProcessError::Spawn {
            cmd: spec.cmd.clone(),
            source,
        })?;
        let label = format!("{name}({})", child.id());
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        if let Some(out) = child.stdout.take() {
            let log = watch.log.clone();
            let notices = watch.notices.clone();
            let label = label.clone();
            std::thread::spawn(move || {
                read_lines(out, |line, at| {
                    if let Some(l) = &log {
                        l.line(&label, Direction::FromEngine, &line);
                    }
                    if let (Some(n), Some(err)) = (&notices, engine_error_text(&line)) {
                        n(&format!("{label}: info string {err}"));
                    }
                    tx.send(Event::Line(line, at)).is_ok()
                });
                let _ = tx.send(Event::Eof);
            });
        }
        if let (Some(err), Some(log)) = (child.stderr.take(), watch.log.clone()) {
            let label = label.clone();
            std::thread::spawn(move || {
                read_lines(err, |line, _| {
                    log.line(&label, Direction::Stderr, &line);
                    true
                })
            });
        }
        Ok(EngineProcess {
            child,
            label,
            log: watch.log.clone(),
            stdin,
            rx,
            eof: false,
        })
    }

    /// The label of this process in logs and notices: `name(pid)`.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Writes one command line and flushes; returns the instant right after the write.
    pub fn send(&mut self, line: &str) -> Result<Instant, ProcessError> {
        if let Some(l) = &self.log {
            l.line(&self.label, Direction::ToEngine, line);
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(ProcessError::Exited(String::new()));
        };
        let res = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush());
        match res {
            Ok(()) => Ok(Instant::now()),
            Err(e) => Err(ProcessError::Exited(format!(" (write failed: {e})"))),
        }
    }

    /// Next output line and its arrival instant, waiting until `deadline` at most.
    pub fn recv(&mut self, deadline: Instant) -> Result<(String, Instant), ProcessError> {
        if self.eof {
            return Err(self.exited_error());
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.rx.recv_timeout(wait) {
            Ok(Event::Line(l, t)) => Ok((l, t)),
            Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                self.eof = true;
                Err(self.exited_error())
            }
            Err(RecvTimeoutError::Timeout) => Err(ProcessError::Timeout),
        }
    }

    fn exited_error(&mut self) -> ProcessError {
        // Give the OS a moment to report the exit status.
        let until = Instant::now() + Duration::from_millis(200);
        let detail = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break format!(" ({status})"),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => break String::new(),
            }
        };
        if let Some(l) = &self.log {
            l.line(
                &self.label,
                Direction::Runner,
                &format!("output closed{detail}"),
            );
        }
        ProcessError::Exited(detail)
    }

    /// Asks the engine to quit, and kills it if it has not within `grace`.
    pub fn shutdown(&mut self, grace: Duration) {
        let _ = self.send("quit");
        self.stdin = None;
        let until = Instant::now() + grace;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }

    /// Kills the process at once and reaps it.
    pub fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_lines_are_recognised() {
        assert_eq!(
            engine_error_text("info string error: no such file"),
            Some("error: no such file")
        );
        assert_eq!(engine_error_text("info  string  ERROR x"), Some("ERROR x"));
        assert_eq!(engine_error_text("info string error"), Some("error"));
        assert_eq!(engine_error_text("info string errors are fine"), None);
        assert_eq!(engine_error_text("info string hello"), None);
        assert_eq!(engine_error_text("info depth 3 string error"), None);
        assert_eq!(engine_error_text("info string err"), None);
        assert_eq!(engine_error_text("bestmove e2e4"), None);
    }
}

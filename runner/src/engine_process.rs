//! One engine child process: start it, write commands, and read its output lines with a
//! deadline. A dedicated thread reads stdout and stamps each line with the instant it arrived,
//! so that runner-side delays never count against the engine.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

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
    /// Starts the process with piped stdin/stdout (stderr is discarded).
    pub fn spawn(spec: &LaunchSpec) -> Result<EngineProcess, ProcessError> {
        let program = resolve_program(&spec.cmd, spec.dir.as_deref());
        let mut command = Command::new(&program);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(d) = &spec.dir {
            command.current_dir(d);
        }
        let mut child = command.spawn().map_err(|source| ProcessError::Spawn {
            cmd: spec.cmd.clone(),
            source,
        })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (tx, rx) = mpsc::channel();
        if let Some(out) = stdout {
            std::thread::spawn(move || {
                let mut reader = BufReader::new(out);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => {
                            let _ = tx.send(Event::Eof);
                            return;
                        }
                        Ok(_) => {
                            let now = Instant::now();
                            let line = String::from_utf8_lossy(&buf).trim().to_string();
                            if tx.send(Event::Line(line, now)).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
        }
        Ok(EngineProcess {
            child,
            stdin,
            rx,
            eof: false,
        })
    }

    /// Writes one command line and flushes; returns the instant right after the write.
    pub fn send(&mut self, line: &str) -> Result<Instant, ProcessError> {
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
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return ProcessError::Exited(format!(" ({status})")),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => return ProcessError::Exited(String::new()),
            }
        }
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

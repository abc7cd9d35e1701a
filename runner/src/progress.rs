//! Progress of a match on stderr: a progress bar on a terminal, or plain lines where stderr is
//! not a terminal (nohup, Slurm, CI logs). A line is printed after every `every_games` games
//! and, while games run, at least every `every` (30 s by default), so a log shows the run is
//! alive even during long games. Notes (engine errors) are printed above the bar.

use crate::engine_process::NoticeSink;
use std::io::IsTerminal;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How progress is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ProgressStyle {
    /// A bar when stderr is a terminal, plain lines otherwise.
    #[default]
    Auto,
    /// A progress bar (drawn only on a terminal).
    Bar,
    /// Plain progress lines.
    Lines,
}

impl std::str::FromStr for ProgressStyle {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "auto" => Ok(ProgressStyle::Auto),
            "bar" => Ok(ProgressStyle::Bar),
            "lines" => Ok(ProgressStyle::Lines),
            other => Err(format!(
                "unknown progress style '{other}' (auto, bar or lines)"
            )),
        }
    }
}

/// When plain progress lines are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineRate {
    /// A line after this many games (at least 1).
    pub every_games: u64,
    /// And a line at least this often while the run goes on.
    pub every: Duration,
}

impl Default for LineRate {
    fn default() -> Self {
        LineRate {
            every_games: 10,
            every: Duration::from_secs(30),
        }
    }
}

struct Lines {
    rate: LineRate,
    last_at: Instant,
    last_games: u64,
}

/// The progress display of one run.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    lines: Option<Lines>,
    total: u64,
    started: Instant,
}

impl Progress {
    /// A display for `total` games of which `done` are already counted; `show` false shows
    /// nothing (but notes are still printed).
    pub fn new(show: bool, style: ProgressStyle, rate: LineRate, total: u64, done: u64) -> Self {
        let use_lines = match style {
            ProgressStyle::Auto => !std::io::stderr().is_terminal(),
            ProgressStyle::Bar => false,
            ProgressStyle::Lines => true,
        };
        let now = Instant::now();
        let mut p = Progress {
            bar: None,
            lines: None,
            total,
            started: now,
        };
        if !show {
            return p;
        }
        if use_lines {
            p.lines = Some(Lines {
                rate: LineRate {
                    every_games: rate.every_games.max(1),
                    every: rate.every.max(Duration::from_millis(1)),
                },
                last_at: now,
                last_games: done,
            });
        } else {
            let b = indicatif::ProgressBar::new(total);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} games  {msg}",
            ) {
                b.set_style(style.progress_chars("=> "));
            }
            b.set_position(done);
            p.bar = Some(b);
        }
        p
    }

    /// Reports that `done` games are counted; `msg` gives the statistics text.
    pub fn update(&mut self, done: u64, msg: impl FnOnce() -> String) {
        if let Some(b) = &self.bar {
            b.set_position(done);
            b.set_message(msg());
        } else if let Some(l) = &self.lines {
            if done >= l.last_games + l.rate.every_games {
                self.print_line(done, &msg());
            }
        }
    }

    /// Time until the next line is due without a finished game (`None`: nothing is due).
    pub fn wait(&self) -> Option<Duration> {
        let l = self.lines.as_ref()?;
        Some((l.last_at + l.rate.every).saturating_duration_since(Instant::now()))
    }

    /// Prints a line when one is due by time.
    pub fn tick(&mut self, done: u64, msg: impl FnOnce() -> String) {
        if self.wait() == Some(Duration::ZERO) {
            self.print_line(done, &msg());
        }
    }

    fn print_line(&mut self, done: u64, msg: &str) {
        let secs = self.started.elapsed().as_secs();
        eprintln!(
            "progress: {done}/{} games  {msg}  ({}:{:02}:{:02})",
            self.total,
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        );
        if let Some(l) = self.lines.as_mut() {
            l.last_at = Instant::now();
            l.last_games = done;
        }
    }

    /// Where engine error reports go: above the bar, or straight to stderr.
    pub fn notice_sink(&self) -> NoticeSink {
        let bar = self.bar.clone();
        Arc::new(move |text: &str| match &bar {
            Some(b) if !b.is_hidden() => b.println(format!("warning: {text}")),
            _ => eprintln!("warning: {text}"),
        })
    }

    /// Ends the display: clears the bar, or prints a last line if games were counted since
    /// the previous one.
    pub fn finish(&mut self, done: u64, msg: impl FnOnce() -> String) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
        if self.lines.as_ref().is_some_and(|l| done > l.last_games) {
            self.print_line(done, &msg());
        }
    }
}

//! The `-log FILE` of a match: every line written to and read from each engine, and each
//! engine's stderr, with the milliseconds since the log was opened. One writer is shared by all
//! engines of all workers; each line is written whole under a lock, so lines never interleave.
//!
//! Line format: `MS NAME DIR TEXT`, where `MS` counts milliseconds since the start of the run
//! (right-aligned in 9 columns), `NAME` names the engine process (`name(pid)`), and `DIR` is
//! `>` for a line sent to the engine, `<` for a line it printed on stdout, `!` for a line it
//! printed on stderr and `=` for a note of the runner itself (game start and end).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

/// Which way a logged line went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Written by the runner to the engine's stdin.
    ToEngine,
    /// Read from the engine's stdout.
    FromEngine,
    /// Read from the engine's stderr.
    Stderr,
    /// A note of the runner (not part of the engine conversation).
    Runner,
}

impl Direction {
    /// The one-character marker written in the log.
    pub fn marker(self) -> char {
        match self {
            Direction::ToEngine => '>',
            Direction::FromEngine => '<',
            Direction::Stderr => '!',
            Direction::Runner => '=',
        }
    }
}

/// A shared, line-atomic log of engine traffic.
#[derive(Debug)]
pub struct TrafficLog {
    file: Mutex<File>,
    start: Instant,
}

impl TrafficLog {
    /// Opens the log: appended to when `append`, else created or truncated.
    pub fn open(path: &Path, append: bool) -> std::io::Result<TrafficLog> {
        let file = OpenOptions::new()
            .create(true)
            .write(true)
            .append(append)
            .truncate(!append)
            .open(path)?;
        Ok(TrafficLog {
            file: Mutex::new(file),
            start: Instant::now(),
        })
    }

    /// Writes one line. Write errors are ignored: the log must never stop a match.
    pub fn line(&self, who: &str, dir: Direction, text: &str) {
        if let Ok(mut f) = self.file.lock() {
            // Timed under the lock, so the times in the file never go backwards.
            let ms = self.start.elapsed().as_millis();
            let entry = format!("{ms:>9} {who} {} {text}\n", dir.marker());
            let _ = f.write_all(entry.as_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_have_time_name_direction_text() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("log.txt");
        let log = TrafficLog::open(&p, false).unwrap();
        log.line("A(12)", Direction::ToEngine, "uci");
        log.line("A(12)", Direction::Stderr, "hello");
        let text = std::fs::read_to_string(&p).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        let f: Vec<&str> = lines[0].split_whitespace().collect();
        assert!(f[0].parse::<u64>().is_ok(), "{}", lines[0]);
        assert_eq!(&f[1..], ["A(12)", ">", "uci"]);
        assert!(lines[1].ends_with("A(12) ! hello"), "{}", lines[1]);
    }
}

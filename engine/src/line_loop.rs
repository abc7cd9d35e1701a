//! The line loop both text protocols share (UCI here, CECP in the `xboard` crate): bounded line
//! reading, whole-line output to stdout, and the end-of-input rule.

use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};

/// Where a text protocol's output goes: one whole line per call (without its newline).
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

/// Longest input line accepted, in bytes; longer lines are discarded with an error.
pub const MAX_LINE: usize = 4 << 20;

/// A protocol driven one input line at a time.
pub trait LineProtocol {
    /// Handles one line; `false` ends the loop (`quit`).
    fn handle_line(&mut self, line: &str) -> bool;
    /// Called at end of input: finish or stop what is running.
    fn end_of_input(&mut self);
    /// The protocol's error line for an input line longer than [`MAX_LINE`].
    fn too_long_line(&self) -> String;
}

/// An [`Output`] writing whole lines to stdout, flushed (write errors, such as a closed pipe,
/// are ignored: the reader is gone).
pub fn stdout_output() -> Output {
    let stdout = Arc::new(Mutex::new(std::io::stdout()));
    Arc::new(move |line: &str| {
        if let Ok(mut o) = stdout.lock() {
            let _ = writeln!(o, "{line}");
            let _ = o.flush();
        }
    })
}

/// Feeds `protocol` every line of `input` until it returns `false` or the input ends; a line
/// longer than [`MAX_LINE`] is reported through `out` and skipped.
pub fn serve(input: &mut impl BufRead, out: &Output, protocol: &mut impl LineProtocol) {
    loop {
        match read_line_bounded(input, MAX_LINE) {
            Ok(Some((_, true))) => out(&protocol.too_long_line()),
            Ok(Some((line, false))) => {
                if !protocol.handle_line(&line) {
                    break;
                }
            }
            Ok(None) | Err(_) => {
                protocol.end_of_input();
                break;
            }
        }
    }
}

/// Reads one line of at most `max` bytes. Returns `None` at end of input, and
/// `Some((text, too_long))` otherwise; a longer line is consumed and reported as too long.
pub fn read_line_bounded(
    r: &mut impl BufRead,
    max: usize,
) -> std::io::Result<Option<(String, bool)>> {
    let mut buf = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = r.fill_buf()?;
        if chunk.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        if buf.len() + part.len() > max {
            too_long = true;
            buf.clear();
        } else if !too_long {
            buf.extend_from_slice(part);
        }
        r.consume(used);
        if done {
            break;
        }
    }
    let text = String::from_utf8_lossy(&buf)
        .trim_end_matches('\r')
        .to_string();
    Ok(Some((text, too_long)))
}

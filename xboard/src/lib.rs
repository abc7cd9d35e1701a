//! Shuriken's XBoard/WinBoard front end: the Chess Engine Communication Protocol, version 2,
//! with the four games announced to XBoard as engine-defined variants (`setup` and `piece`)
//! and chess as `normal`.
//!
//! `shuriken` speaks this protocol instead of UCI when the first line it reads is `xboard`
//! ([`run_stdio_auto`]). See `docs/xboard.md` for how to play each game in XBoard.

#![forbid(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]

pub mod coords;
pub mod driver;
pub mod error;
pub mod thinking;
pub mod variants;

pub use driver::Cecp;
pub use error::{CecpError, MoveTextError};

use engine::search::Output;
use engine::uci::{read_line_bounded, MAX_LINE};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

/// Runs CECP on `input`, writing through `out`, until `quit` or end of input. The caller has
/// already read the first line (`xboard`).
pub fn run(input: &mut impl BufRead, out: Output) {
    let mut cecp = Cecp::new(out.clone());
    loop {
        match read_line_bounded(input, MAX_LINE) {
            Ok(Some((_, true))) => out(&format!(
                "Error (line longer than {MAX_LINE} bytes): ignored"
            )),
            Ok(Some((line, false))) => {
                if !cecp.handle(&line) {
                    break;
                }
            }
            Ok(None) | Err(_) => {
                cecp.finish();
                break;
            }
        }
    }
}

/// An [`Output`] writing whole lines to stdout.
pub fn stdout_output() -> Output {
    let stdout = Arc::new(Mutex::new(std::io::stdout()));
    Arc::new(move |line: &str| {
        if let Ok(mut o) = stdout.lock() {
            let _ = writeln!(o, "{line}");
            let _ = o.flush();
        }
    })
}

/// Reads the first line of stdin: `xboard` starts CECP, anything else starts UCI with that
/// line as its first command.
pub fn run_stdio_auto() -> ExitCode {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let first = match read_line_bounded(&mut input, MAX_LINE) {
        Ok(Some((line, false))) => line,
        Ok(Some((_, true))) => String::new(),
        Ok(None) | Err(_) => return ExitCode::SUCCESS,
    };
    if first.trim() == "xboard" {
        run(&mut input, stdout_output());
        ExitCode::SUCCESS
    } else {
        drop(input);
        engine::uci::run_stdio_with_first(&first)
    }
}

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

use engine::line_loop::Output;
use engine::line_loop::{read_line_bounded, serve, stdout_output, LineProtocol, MAX_LINE};
use std::io::BufRead;
use std::process::ExitCode;

/// Runs CECP on `input`, writing through `out`, until `quit` or end of input. The caller has
/// already read the first line (`xboard`).
pub fn run(input: &mut impl BufRead, out: Output) {
    let mut cecp = Cecp::new(out.clone());
    serve(input, &out, &mut cecp);
}

impl LineProtocol for Cecp {
    fn handle_line(&mut self, line: &str) -> bool {
        self.handle(line)
    }

    fn end_of_input(&mut self) {
        self.finish();
    }

    fn too_long_line(&self) -> String {
        format!("Error (line longer than {MAX_LINE} bytes): ignored")
    }
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

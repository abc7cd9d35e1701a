//! The UCI protocol: a command loop whose handlers each return `Result`; errors are printed as
//! `info string error: ...` and the engine keeps its last good state. It is a formatter over
//! [`crate::core::Engine`]: the search runs on the engine's thread and reports typed lines
//! that [`UciListener`] prints, so `stop`, `ponderhit` and `isready` are answered while it
//! thinks.

use crate::core::{BestMove, Change, Engine, EngineError, Info, SearchHandle, SearchListener};
use crate::options::EngineOptions;
use crate::perft_cmd;
use crate::time::{GoLimits, LimitError};
use crate::uci_error::{escape_controls, printable, GoError, PositionError, UciError};
use movegen::{Color, Move, Position, Variant};
use std::process::ExitCode;
use std::sync::Arc;

pub use crate::line_loop::Output;
pub use crate::line_loop::{read_line_bounded, MAX_LINE};
use crate::line_loop::{serve, stdout_output, LineProtocol};
/// Most moves accepted after `position ... moves`.
pub const MAX_POSITION_MOVES: usize = 200_000;
/// Deepest `go perft`.
pub const MAX_PERFT_DEPTH: u32 = 10;

/// A search running on the engine's thread.
struct Running {
    handle: SearchHandle,
    /// Runs until `stop` (infinite, ponder or no limit).
    endless: bool,
}

/// Prints a search's lines as UCI `info` and `bestmove` lines.
pub struct UciListener {
    out: Output,
    /// The searched position (moves are written in it).
    root: Position,
}

impl UciListener {
    /// A listener for a search of `root`, printing through `out`.
    pub fn new(out: Output, root: Position) -> UciListener {
        UciListener { out, root }
    }
}

impl SearchListener for UciListener {
    fn info(&self, info: &Info) {
        (self.out)(&info_line(&self.root, info));
    }

    fn message(&self, text: &str) {
        (self.out)(&format!("info string {text}"));
    }

    fn best_move(&self, best: &BestMove) {
        (self.out)(&bestmove_line(&self.root, best));
    }
}

/// The UCI `info` line of `info`, moves written in `root`.
pub fn info_line(root: &Position, info: &Info) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth, info.seldepth, info.multipv, info.score
    );
    match info.bound {
        Some(crate::core::ScoreBound::Lower) => line.push_str(" lowerbound"),
        Some(crate::core::ScoreBound::Upper) => line.push_str(" upperbound"),
        None => {}
    }
    line.push_str(&format!(
        " nodes {} nps {} hashfull {} time {}",
        info.nodes, info.nps, info.hashfull, info.time_ms
    ));
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&moves_text(root, &info.pv));
    }
    line
}

/// The UCI `bestmove` line of `best` (`bestmove (none)` without a move).
pub fn bestmove_line(root: &Position, best: &BestMove) -> String {
    match best.best {
        None => "bestmove (none)".to_string(),
        Some(m) => {
            let mut s = format!("bestmove {}", root.move_to_uci(m));
            if let Some(p) = best.ponder {
                let mut after = root.clone();
                after.make_move(m);
                s.push_str(&format!(" ponder {}", after.move_to_uci(p)));
            }
            s
        }
    }
}

/// A line of moves from `root` in UCI notation (each move written in its own position).
pub fn moves_text(root: &Position, line: &[Move]) -> String {
    let mut p = root.clone();
    let mut words = Vec::with_capacity(line.len());
    for &m in line {
        words.push(p.move_to_uci(m));
        p.make_move(m);
    }
    words.join(" ")
}

/// The engine's UCI state.
pub struct Uci {
    out: Output,
    engine: Engine,
    pos: Position,
    running: Option<Running>,
    /// Tokens of the `position` command that produced `pos` (for extending it incrementally).
    last_position: Vec<String>,
    /// Why the last `position` command was refused; while set, `pos` is stale and `go` answers
    /// `bestmove 0000` without searching.
    refused_position: Option<PositionError>,
    /// `debug on|off`: when on, each command is echoed as an `info string debug:` line.
    debug: bool,
}

type Res = Result<(), UciError>;

/// The engine's name and version, as `id name` and `shuriken --version` report it.
pub const ENGINE_NAME: &str = concat!("Shuriken ", env!("CARGO_PKG_VERSION"));

/// A refusal of the engine as the UCI error of a command that would `what`.
fn refused(e: EngineError, what: &'static str) -> UciError {
    match e {
        EngineError::Busy => UciError::Busy(what),
        EngineError::Option(e) => UciError::Option(e),
        e => UciError::Engine(e),
    }
}

impl Uci {
    /// A fresh engine writing its lines to `out`.
    pub fn new(out: Output) -> Uci {
        let engine = Engine::new();
        Uci {
            out,
            pos: Position::startpos(engine.options().variant),
            engine,
            running: None,
            last_position: Vec::new(),
            refused_position: None,
            debug: false,
        }
    }

    fn say(&self, s: &str) {
        (self.out)(s);
    }

    /// The current position, or why the last `position` command was refused.
    pub fn position(&self) -> Result<&Position, &PositionError> {
        match &self.refused_position {
            Some(e) => Err(e),
            None => Ok(&self.pos),
        }
    }

    /// The engine's options.
    pub fn options(&self) -> &EngineOptions {
        self.engine.options()
    }

    /// Is a search running?
    pub fn searching(&mut self) -> bool {
        if self.running.is_some() && !self.engine.is_searching() {
            // Its answer is out (or going out); only the thread's exit is left.
            self.join();
        }
        self.running.is_some()
    }

    fn join(&mut self) {
        if let Some(r) = self.running.take() {
            r.handle.wait();
        }
    }

    /// Stops a running search and waits for its `bestmove`.
    pub fn stop_and_wait(&mut self) {
        if let Some(r) = &self.running {
            r.handle.stop();
        }
        self.join();
    }

    /// Waits until a running search ends by itself.
    pub fn wait(&mut self) {
        self.join();
    }

    /// Handles one input line. Returns `false` on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else {
            return true;
        };
        let args = &tokens[1..];
        if self.debug {
            self.say(&format!(
                "info string debug: received '{}'",
                printable(line.trim())
            ));
        }
        let result = match cmd {
            "uci" => {
                self.say(&format!("id name {ENGINE_NAME}"));
                self.say("id author the Shuriken developers");
                for d in EngineOptions::declarations() {
                    self.say(&d);
                }
                self.say("uciok");
                Ok(())
            }
            "isready" => {
                self.say("readyok");
                Ok(())
            }
            "quit" => {
                self.stop_and_wait();
                return false;
            }
            "stop" => {
                self.stop_and_wait();
                Ok(())
            }
            "ponderhit" => {
                if let Some(r) = &self.running {
                    r.handle.ponderhit();
                }
                Ok(())
            }
            "debug" => match args {
                ["on"] => {
                    self.debug = true;
                    Ok(())
                }
                ["off"] => {
                    self.debug = false;
                    Ok(())
                }
                _ => Err(UciError::Debug),
            },
            // Shuriken needs no registration; `register later` and `register name ... code ...`
            // are accepted and ignored, as the protocol allows.
            "register" => Ok(()),
            "ucinewgame" => self.new_game(),
            "setoption" => self.setoption(args),
            "position" => self.set_position(args),
            "go" => self.go(args),
            "d" => {
                self.display();
                Ok(())
            }
            _ => Err(UciError::UnknownCommand(printable(cmd))),
        };
        if let Err(e) = result {
            // Errors of the rules library quote moves and names as given: escape them too.
            self.say(&format!(
                "info string error: {}",
                escape_controls(&e.to_string())
            ));
        }
        true
    }

    fn busy(&mut self, what: &'static str) -> Res {
        if self.searching() {
            Err(UciError::Busy(what))
        } else {
            Ok(())
        }
    }

    fn new_game(&mut self) -> Res {
        self.busy("start a new game")?;
        self.engine
            .new_game()
            .map_err(|e| refused(e, "start a new game"))?;
        self.pos = Position::startpos(self.engine.options().variant);
        self.last_position.clear();
        self.refused_position = None;
        Ok(())
    }

    fn setoption(&mut self, args: &[&str]) -> Res {
        self.busy("change options")?;
        if args.first() != Some(&"name") {
            return Err(crate::uci_error::OptionError::Usage.into());
        }
        let value_at = args.iter().position(|t| *t == "value");
        let name = args[1..value_at.unwrap_or(args.len())].join(" ");
        let value = value_at
            .map(|i| args[i + 1..].join(" "))
            .unwrap_or_default();
        if name.is_empty() {
            return Err(crate::uci_error::OptionError::Usage.into());
        }
        match self
            .engine
            .set_option(&name, &value)
            .map_err(|e| refused(e, "change options"))?
        {
            Change::Variant => {
                self.pos = Position::startpos(self.engine.options().variant);
                self.last_position.clear();
                self.refused_position = None;
            }
            Change::Message(m) => self.say(&format!("info string {m}")),
            Change::None | Change::Hash | Change::ClearHash | Change::Weights => {}
        }
        Ok(())
    }

    fn set_position(&mut self, args: &[&str]) -> Res {
        match self.build_position(args) {
            Ok(pos) => {
                self.pos = pos;
                self.last_position = args.iter().map(|t| t.to_string()).collect();
                self.refused_position = None;
                Ok(())
            }
            Err(e) => {
                // Never leave the previous position behind: a later `go` must not answer from
                // it with a move of the wrong game or the wrong side.
                self.last_position.clear();
                self.refused_position = Some(e.clone());
                Err(e.into())
            }
        }
    }

    fn build_position(&self, args: &[&str]) -> Result<Position, PositionError> {
        // A GUI sends the whole game every move; when the new command only adds moves to the
        // previous one, play just the new moves instead of replaying thousands of them (in a
        // very long game the replay alone cost more than the increment).
        let prev = &self.last_position;
        let extends = self.refused_position.is_none()
            && !prev.is_empty()
            && args.len() > prev.len()
            && args.iter().zip(prev).all(|(a, b)| *a == b.as_str())
            && (prev.iter().any(|t| t == "moves") || args[prev.len()] == "moves");
        if !extends {
            return parse_position(self.engine.options().variant, args);
        }
        let first_move = args.iter().position(|t| *t == "moves").map_or(0, |i| i + 1);
        let total = args.len().saturating_sub(first_move);
        if total > MAX_POSITION_MOVES {
            return Err(PositionError::TooManyMoves {
                count: total,
                max: MAX_POSITION_MOVES,
            });
        }
        let mut rest = &args[prev.len()..];
        if rest.first() == Some(&"moves") {
            rest = &rest[1..];
        }
        let played_before = total - rest.len();
        let mut pos = self.pos.clone();
        for (i, tok) in rest.iter().enumerate() {
            let m = pos.parse_move(tok).map_err(|error| PositionError::Move {
                number: played_before + i + 1,
                error,
            })?;
            pos.make_move(m);
        }
        Ok(pos)
    }

    fn go(&mut self, args: &[&str]) -> Res {
        self.busy("start another search")?;
        if let Some(e) = &self.refused_position {
            // A GUI waits for `bestmove`: answer it, and say why nothing was searched.
            let e = UciError::NoPosition(e.clone());
            self.say(&format!(
                "info string error: {}",
                escape_controls(&e.to_string())
            ));
            self.say("bestmove 0000");
            return Ok(());
        }
        if args.first() == Some(&"perft") {
            let depth: u32 = match args[1..] {
                [d] => d.parse().map_err(|_| GoError::PerftUsage)?,
                _ => return Err(GoError::PerftUsage.into()),
            };
            if depth > MAX_PERFT_DEPTH {
                return Err(GoError::PerftTooDeep {
                    depth,
                    max: MAX_PERFT_DEPTH,
                }
                .into());
            }
            let mut pos = self.pos.clone();
            let report = perft_cmd::run(&mut pos, depth, self.engine.options().threads, true);
            for line in perft_cmd::stockfish_text(&report).lines() {
                self.say(line);
            }
            return Ok(());
        }
        let limits = parse_go(&self.pos, args)?;
        let endless = limits.infinite || limits.ponder || limits.is_unbounded();
        let listener = Arc::new(UciListener::new(self.out.clone(), self.pos.clone()));
        let handle = self
            .engine
            .go(&self.pos, limits, listener)
            .map_err(|e| refused(e, "start another search"))?;
        self.running = Some(Running { handle, endless });
        Ok(())
    }

    fn display(&self) {
        if let Some(e) = &self.refused_position {
            self.say(&format!(
                "info string no position: the last position command was refused ({e})"
            ));
            return;
        }
        for line in diagram(&self.pos).lines() {
            self.say(line);
        }
        for line in self.engine.options().weights_listing() {
            self.say(&line);
        }
    }
}

/// Parses the arguments of `position` for `variant`.
pub fn parse_position(variant: Variant, args: &[&str]) -> Result<Position, PositionError> {
    let (mut pos, rest) = match args.first() {
        Some(&"startpos") => (Position::startpos(variant), &args[1..]),
        Some(&"fen") => {
            let end = args
                .iter()
                .position(|t| *t == "moves")
                .unwrap_or(args.len());
            let fen = args[1..end].join(" ");
            if fen.is_empty() {
                return Err(PositionError::MissingFen);
            }
            (Position::from_fen(variant, &fen)?, &args[end..])
        }
        _ => return Err(PositionError::Usage),
    };
    match rest.first() {
        None => return Ok(pos),
        Some(&"moves") => {}
        Some(t) => return Err(PositionError::Unexpected(printable(t))),
    }
    let moves = &rest[1..];
    if moves.len() > MAX_POSITION_MOVES {
        return Err(PositionError::TooManyMoves {
            count: moves.len(),
            max: MAX_POSITION_MOVES,
        });
    }
    for (i, tok) in moves.iter().enumerate() {
        let m = pos.parse_move(tok).map_err(|error| PositionError::Move {
            number: i + 1,
            error,
        })?;
        pos.make_move(m);
    }
    Ok(pos)
}

/// Parses the arguments of `go`. `depth`, `nodes`, `mate` and `movetime` must be at least 1;
/// `winc`, `binc` and `movestogo` must not be negative (`movestogo 0` means none given). A
/// negative `wtime`/`btime` is accepted, as GUIs send one when the engine has overstepped its
/// clock in a game that goes on: the search then moves at once.
pub fn parse_go(pos: &Position, args: &[&str]) -> Result<GoLimits, GoError> {
    let mut g = GoLimits::default();
    let mut i = 0;
    let num = |i: usize, key: &'static str| -> Result<i64, GoError> {
        let t = args.get(i).ok_or(GoError::MissingValue(key))?;
        t.parse::<i64>().map_err(|_| GoError::NotAnInteger {
            key,
            value: printable(t),
        })
    };
    let positive = |key: &'static str, value: i64| {
        if value < 1 {
            Err(GoError::from(LimitError::NotPositive { key, value }))
        } else {
            Ok(value)
        }
    };
    let not_negative = |key: &'static str, value: i64| {
        if value < 0 {
            Err(GoError::from(LimitError::Negative { key, value }))
        } else {
            Ok(value)
        }
    };
    while i < args.len() {
        let Some(key) = go_keyword(args[i]) else {
            return Err(GoError::UnknownParameter(printable(args[i])));
        };
        match key {
            "wtime" | "btime" | "winc" | "binc" => {
                let v = num(i + 1, key)?;
                let c = if key.starts_with('w') {
                    Color::White
                } else {
                    Color::Black
                };
                if key.ends_with("time") {
                    // A GUI sends a negative time when the engine has overstepped its clock
                    // (and the game goes on): move at once rather than refuse to move.
                    g.time[c.index()] = Some(v);
                } else {
                    g.inc[c.index()] = Some(not_negative(key, v)?);
                }
                i += 2;
            }
            "movestogo" => {
                let v = not_negative(key, num(i + 1, key)?)?;
                g.movestogo = Some(v.min(100_000) as u32).filter(|m| *m > 0);
                i += 2;
            }
            "depth" | "nodes" | "mate" | "movetime" => {
                let v = positive(key, num(i + 1, key)?)?;
                match key {
                    "depth" => g.depth = Some(v.min(1000) as i32),
                    "nodes" => g.nodes = Some(v as u64),
                    "mate" => g.mate = Some(v.min(1000) as i32),
                    _ => g.movetime = Some(v),
                }
                i += 2;
            }
            "infinite" => {
                g.infinite = true;
                i += 1;
            }
            "ponder" => {
                g.ponder = true;
                i += 1;
            }
            "searchmoves" => {
                i += 1;
                while i < args.len() && go_keyword(args[i]).is_none() {
                    let m = pos.parse_move(args[i]).map_err(GoError::SearchMove)?;
                    g.searchmoves.push(m);
                    i += 1;
                }
            }
            _ => return Err(GoError::UnknownParameter(printable(key))),
        }
    }
    Ok(g)
}

/// The parameters `go` takes (besides `perft`), as static strings for the error messages.
const GO_KEYWORDS: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
];

fn go_keyword(t: &str) -> Option<&'static str> {
    GO_KEYWORDS.iter().copied().find(|k| *k == t)
}

/// A text diagram of the position (top rank first), with FEN, hash, hands and the legal move
/// count.
pub fn diagram(pos: &Position) -> String {
    let rules = pos.rules();
    let g = &rules.spec.geometry;
    let mut s = String::new();
    let border = format!("    +{}+\n", "-".repeat(2 * g.files as usize + 1));
    s.push_str(&border);
    for row in (0..g.rows).rev() {
        let cells: Vec<char> = (0..g.files)
            .map(|f| match movegen::Square::from_coords(f, row) {
                Some(sq) if rules.has(sq) => pos.piece_at(sq).map_or('.', |p| p.letter()),
                _ => ' ',
            })
            .collect();
        if cells.iter().all(|c| *c == ' ') {
            continue;
        }
        let text: Vec<String> = cells.iter().map(char::to_string).collect();
        s.push_str(&format!(
            "{:>3} | {} |\n",
            rules.rank_of_row(row),
            text.join(" ")
        ));
    }
    s.push_str(&border);
    let files: Vec<String> = (0..g.files)
        .map(|f| ((b'a' + f as u8) as char).to_string())
        .collect();
    s.push_str(&format!("      {}\n\n", files.join(" ")));
    s.push_str(&format!("Variant: {}\n", pos.variant()));
    s.push_str(&format!("Fen: {}\n", pos.to_fen()));
    s.push_str(&format!("Key: {:016X}\n", pos.hash()));
    let side = match pos.side_to_move() {
        Color::White => "white",
        Color::Black => "black",
    };
    s.push_str(&format!(
        "Side to move: {side}{}\n",
        if pos.in_check() { " (in check)" } else { "" }
    ));
    if rules.spec.drops.is_some() {
        s.push_str(&format!(
            "Hands: white {} black {}\n",
            pos.hand(Color::White),
            pos.hand(Color::Black)
        ));
    }
    s.push_str(&format!("Legal moves: {}\n", pos.legal_moves().len()));
    s
}

/// Runs the UCI protocol on stdin/stdout until `quit` or end of input.
pub fn run_stdio() -> ExitCode {
    run_stdio_inner(None)
}

/// Like [`run_stdio`], with `first` as the first command (already read from stdin by a caller
/// that looked at it to choose the protocol).
pub fn run_stdio_with_first(first: &str) -> ExitCode {
    run_stdio_inner(Some(first))
}

fn run_stdio_inner(first: Option<&str>) -> ExitCode {
    let out = stdout_output();
    let mut uci = Uci::new(out.clone());
    if let Some(line) = first {
        if !uci.handle(line) {
            return ExitCode::SUCCESS;
        }
    }
    serve(&mut std::io::stdin().lock(), &out, &mut uci);
    ExitCode::SUCCESS
}

impl LineProtocol for Uci {
    fn handle_line(&mut self, line: &str) -> bool {
        self.handle(line)
    }

    /// A bounded search is allowed to finish and print its bestmove (so `echo ... | shuriken`
    /// works); one that would run until `stop` is stopped.
    fn end_of_input(&mut self) {
        match &self.running {
            Some(r) if !r.endless => self.join(),
            _ => self.stop_and_wait(),
        }
    }

    fn too_long_line(&self) -> String {
        format!("info string error: input line longer than {MAX_LINE} bytes ignored")
    }
}

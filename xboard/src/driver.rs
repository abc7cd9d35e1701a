//! The CECP v2 command loop. It drives [`engine::core::Engine`] directly (options, hash,
//! threads, the search thread): the game's position and the clock become [`GoLimits`], and the
//! search's typed lines come back through `CecpListener`, which writes them as thinking
//! output and plays the best move. A command that fails answers `Error (...)` or
//! `Illegal move (...)` and leaves the state as it was.

use crate::coords;
use crate::error::CecpError;
use crate::thinking::thinking_line;
use crate::variants;
use engine::core::{BestMove, Engine, GoLimits, Info, SearchHandle, SearchListener};
use engine::line_loop::Output;
use engine::options::EngineOptions;
use engine::uci_error::escape_controls;
use movegen::{write_board_rows, Color, Move, Position, Rules, Square, Variant};
use std::sync::{Arc, Mutex, MutexGuard};

/// What the running search's answer means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// No search, or one whose result is to be dropped (stopped by `force`, `new`, ...).
    Discard,
    /// A search for the engine's move: play and announce it.
    Play,
    /// Analysis: show thinking, never move.
    Analyze,
}

/// State shared with the search thread's listener.
struct Game {
    /// Current position, with the game's history.
    pos: Position,
    /// Show thinking output.
    post: bool,
    /// What the running search is for.
    pending: Pending,
}

/// Writes one search's lines as CECP thinking output and plays its answer.
struct CecpListener {
    game: Arc<Mutex<Game>>,
    out: Output,
    /// The searched position (the thinking output's PV is written from it).
    root: Position,
}

impl SearchListener for CecpListener {
    fn info(&self, info: &Info) {
        let g = lock(&self.game);
        if (g.post || g.pending == Pending::Analyze) && g.pending != Pending::Discard {
            (self.out)(&thinking_line(&self.root, info));
        }
    }

    fn message(&self, text: &str) {
        (self.out)(&format!("# {text}"));
    }

    fn best_move(&self, best: &BestMove) {
        let mut g = lock(&self.game);
        let pending = g.pending;
        g.pending = Pending::Discard;
        if pending != Pending::Play {
            return;
        }
        match best
            .best
            .filter(|m| g.pos.legal_moves().iter().any(|l| l == m))
        {
            Some(mv) => {
                let shown = coords::to_xboard(&g.pos, mv);
                g.pos.make_move(mv);
                (self.out)(&format!("move {shown}"));
                if let Some(r) = result_line(&g.pos) {
                    (self.out)(&r);
                }
            }
            None => (self.out)("# the search found no move"),
        }
    }
}

/// Time control from `level`, `st`, `sd`, `time` and `otim`.
#[derive(Clone, Debug, Default)]
struct Clock {
    /// Moves per session (0: the whole game).
    mps: u32,
    /// Base time, milliseconds.
    base_ms: i64,
    /// Increment, milliseconds.
    inc_ms: i64,
    /// Fixed time per move, milliseconds (`st`).
    per_move_ms: Option<i64>,
    /// Depth limit (`sd`).
    depth: Option<i32>,
    /// Engine's and opponent's remaining time, milliseconds (`time`, `otim`).
    mine_ms: Option<i64>,
    theirs_ms: Option<i64>,
}

/// A search running on the engine's thread.
struct Running {
    handle: SearchHandle,
    /// Analysis: runs until stopped.
    endless: bool,
}

/// The CECP engine.
pub struct Cecp {
    out: Output,
    engine: Engine,
    running: Option<Running>,
    game: Arc<Mutex<Game>>,
    variant: Variant,
    /// `force` mode: take moves for both sides, never think.
    force: bool,
    /// The side the engine plays when not in force mode.
    engine_side: Color,
    analyzing: bool,
    clock: Clock,
}

type Res = Result<(), CecpError>;

fn lock(game: &Mutex<Game>) -> MutexGuard<'_, Game> {
    game.lock().unwrap_or_else(|e| e.into_inner())
}

/// The `RESULT {comment}` line for a finished game.
fn result_line(pos: &Position) -> Option<String> {
    let o = pos.outcome()?;
    let score = match o.winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    };
    let who = match o.winner {
        Some(Color::White) => "White wins by ",
        Some(Color::Black) => "Black wins by ",
        None => "Draw by ",
    };
    Some(format!("{score} {{{who}{}}}", o.reason.describe()))
}

impl Cecp {
    /// A fresh engine writing its replies through `out`; it plays black in chess until told
    /// otherwise, as after `new`.
    pub fn new(out: Output) -> Cecp {
        let variant = Variant::Chess;
        let game = Arc::new(Mutex::new(Game {
            pos: Position::startpos(variant),
            post: false,
            pending: Pending::Discard,
        }));
        Cecp {
            out,
            engine: Engine::for_variant(variant),
            running: None,
            game,
            variant,
            force: false,
            engine_side: Color::Black,
            analyzing: false,
            clock: Clock {
                base_ms: 5 * 60_000,
                ..Clock::default()
            },
        }
    }

    fn say(&self, s: &str) {
        (self.out)(s);
    }

    /// The current position.
    pub fn position(&self) -> Position {
        lock(&self.game).pos.clone()
    }

    /// Stops the running search, if any, and waits for it (its answer is handled as pending
    /// says).
    fn stop_and_wait(&mut self) {
        if let Some(r) = self.running.take() {
            r.handle.stop();
            r.handle.wait();
        }
    }

    /// Stops any search, dropping its result, and waits for it.
    fn halt(&mut self) {
        lock(&self.game).pending = Pending::Discard;
        self.stop_and_wait();
    }

    /// Waits for a running search to end by itself (the engine's move).
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            r.handle.wait();
        }
    }

    /// At end of input: a search for a move may finish; analysis is stopped.
    pub(crate) fn finish_at_end_of_input(&mut self) {
        if self.analyzing {
            self.halt();
        } else if self.running.as_ref().is_some_and(|r| r.endless) {
            self.stop_and_wait();
        } else {
            self.wait();
        }
    }

    /// Handles one input line; returns `false` on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        let rest = line[cmd.len()..].trim();
        let result = match cmd {
            "quit" => {
                self.halt();
                return false;
            }
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "." | "hint" | "bk" | "draw" | "otherwise" => Ok(()),
            "protover" => {
                self.features();
                Ok(())
            }
            "new" => self.new_game(),
            "variant" => self.set_variant(rest, line),
            "force" => {
                self.halt();
                self.force = true;
                Ok(())
            }
            "go" => self.go(),
            "playother" => {
                self.halt();
                self.force = false;
                self.engine_side = lock(&self.game).pos.side_to_move().opposite();
                Ok(())
            }
            "white" | "black" => {
                self.halt();
                // Protocol 1: the side to move becomes `cmd`, the engine plays the other.
                self.engine_side = if cmd == "white" {
                    Color::Black
                } else {
                    Color::White
                };
                Ok(())
            }
            "usermove" => self.user_move(rest),
            "?" => {
                if lock(&self.game).pending == Pending::Play {
                    self.stop_and_wait();
                }
                Ok(())
            }
            "ping" => {
                if lock(&self.game).pending == Pending::Play {
                    self.wait();
                }
                self.say(&format!("pong {rest}"));
                Ok(())
            }
            "time" | "otim" => self.set_time(cmd, rest, line),
            "level" => self.level(rest, line),
            "st" => self.st(rest, line),
            "sd" => self.sd(rest, line),
            "setboard" => self.setboard(rest, line),
            "undo" => self.take_back(1, line),
            "remove" => self.take_back(2, line),
            "result" => {
                self.halt();
                self.force = true;
                Ok(())
            }
            "post" | "nopost" => {
                lock(&self.game).post = cmd == "post";
                Ok(())
            }
            "hard" | "easy" => Ok(()), // the engine does not ponder
            "analyze" => {
                self.halt();
                self.analyzing = true;
                self.force = true;
                self.restart_analysis()
            }
            "exit" => {
                if self.analyzing {
                    self.halt();
                    self.analyzing = false;
                }
                Ok(())
            }
            "memory" => self.option("Hash", rest, line),
            "cores" => self.option("Threads", rest, line),
            "option" => match rest.split_once('=') {
                Some((name, value)) => self.option(name, value, line),
                None => self.option(rest, "", line),
            },
            "lift" => self.lift(rest, line),
            "put" | "hover" => Ok(()),
            _ => {
                // Protocol 1 engines get moves without `usermove`; accept those too.
                if coords::from_xboard(&self.position(), cmd).is_ok() {
                    self.user_move(cmd)
                } else {
                    Err(CecpError::command("unknown command", line))
                }
            }
        };
        if let Err(e) = result {
            // The reply quotes the command: its control characters are escaped.
            self.say(&escape_controls(&e.to_string()));
        }
        true
    }

    fn features(&self) {
        self.say(&format!(
            "feature myname=\"Shuriken {}\" variants=\"{}\" setboard=1 usermove=1 ping=1 \
             sigint=0 sigterm=0 memory=1 smp=1 analyze=1 colors=0 playother=1 highlight=1 \
             time=1 reuse=1 debug=1 name=0 done=0",
            env!("CARGO_PKG_VERSION"),
            variants::feature_names()
        ));
        for decl in EngineOptions::declarations() {
            if let Some(f) = option_feature(&decl) {
                self.say(&format!("feature option=\"{f}\""));
            }
        }
        self.say("feature done=1");
    }

    fn new_game(&mut self) -> Res {
        self.halt();
        self.analyzing = false;
        self.force = false;
        self.engine_side = Color::Black;
        self.clock.depth = None;
        self.clock.per_move_ms = None;
        self.switch_variant(Variant::Chess, "new")?;
        self.engine
            .new_game()
            .map_err(|e| CecpError::command(e.to_string(), "new"))
    }

    /// Plays `v` from its start position (no search may be running).
    fn switch_variant(&mut self, v: Variant, line: &str) -> Res {
        if v != self.engine.options().variant {
            self.engine
                .set_option("UCI_Variant", v.name())
                .map_err(|e| CecpError::command(e.to_string(), line))?;
        }
        self.variant = v;
        lock(&self.game).pos = Position::startpos(v);
        Ok(())
    }

    fn set_variant(&mut self, name: &str, line: &str) -> Res {
        let v = variants::from_xboard_name(name)
            .ok_or_else(|| CecpError::command("unknown variant", line))?;
        self.halt();
        self.switch_variant(v, line)?;
        if let Some(setup) = variants::setup_line(v) {
            self.say(&setup);
        }
        for p in variants::piece_lines(v) {
            self.say(&p);
        }
        if self.analyzing {
            self.restart_analysis()?;
        }
        Ok(())
    }

    fn user_move(&mut self, text: &str) -> Res {
        if lock(&self.game).pending == Pending::Play {
            return Err(CecpError::command("command not legal now", text));
        }
        let pos = self.position();
        if pos.outcome().is_some() {
            return Err(CecpError::IllegalMove {
                reason: "the game is over".into(),
                text: text.into(),
            });
        }
        let m = coords::from_xboard(&pos, text).map_err(|e| CecpError::IllegalMove {
            reason: e.to_string(),
            text: text.into(),
        })?;
        self.halt();
        let over = {
            let mut g = lock(&self.game);
            g.pos.make_move(m);
            result_line(&g.pos)
        };
        if self.analyzing {
            return self.restart_analysis();
        }
        if let Some(r) = over {
            self.say(&r);
            return Ok(());
        }
        if !self.force && self.position().side_to_move() == self.engine_side {
            self.think()?;
        }
        Ok(())
    }

    fn go(&mut self) -> Res {
        self.halt();
        self.force = false;
        self.analyzing = false;
        self.engine_side = self.position().side_to_move();
        if let Some(r) = result_line(&self.position()) {
            self.say(&r);
            return Ok(());
        }
        self.think()
    }

    /// Starts a search of the game's position for `pending`.
    fn start_search(&mut self, limits: GoLimits, pending: Pending) -> Res {
        let root = self.position();
        let endless = limits.infinite;
        let listener = Arc::new(CecpListener {
            game: self.game.clone(),
            out: self.out.clone(),
            root: root.clone(),
        });
        lock(&self.game).pending = pending;
        match self.engine.go(&root, limits, listener) {
            Ok(handle) => {
                self.running = Some(Running { handle, endless });
                Ok(())
            }
            Err(e) => {
                lock(&self.game).pending = Pending::Discard;
                Err(CecpError::command(e.to_string(), "go"))
            }
        }
    }

    /// The limits of a search for the engine's move under the clock.
    fn clock_limits(&self) -> GoLimits {
        let c = &self.clock;
        let mut limits = GoLimits {
            depth: c.depth,
            ..GoLimits::default()
        };
        if let Some(ms) = c.per_move_ms {
            limits.movetime = Some(ms);
        } else {
            let mine = c.mine_ms.unwrap_or(c.base_ms);
            let theirs = c.theirs_ms.unwrap_or(c.base_ms);
            let us = self.engine_side;
            limits.time[us.index()] = Some(mine);
            limits.time[us.opposite().index()] = Some(theirs);
            limits.inc = [Some(c.inc_ms); 2];
            if c.mps > 0 {
                let played = (self.position().fullmove_number().saturating_sub(1)) % c.mps;
                limits.movestogo = Some(c.mps - played);
            }
        }
        limits
    }

    fn think(&mut self) -> Res {
        let limits = self.clock_limits();
        self.start_search(limits, Pending::Play)
    }

    fn restart_analysis(&mut self) -> Res {
        self.halt();
        if self.position().legal_moves().is_empty() {
            return Ok(());
        }
        self.start_search(GoLimits::infinite(), Pending::Analyze)
    }

    fn set_time(&mut self, cmd: &str, rest: &str, line: &str) -> Res {
        let cs: i64 = rest
            .parse()
            .map_err(|_| CecpError::command("expected centiseconds", line))?;
        let ms = cs.saturating_mul(10).max(0);
        if cmd == "time" {
            self.clock.mine_ms = Some(ms);
        } else {
            self.clock.theirs_ms = Some(ms);
        }
        Ok(())
    }

    fn level(&mut self, rest: &str, line: &str) -> Res {
        let bad = || CecpError::command("expected: level MPS BASE INC", line);
        let w: Vec<&str> = rest.split_whitespace().collect();
        if w.len() != 3 {
            return Err(bad());
        }
        let mps: u32 = w[0].parse().map_err(|_| bad())?;
        let base_ms = match w[1].split_once(':') {
            Some((m, s)) => {
                let m: i64 = m.parse().map_err(|_| bad())?;
                let s: i64 = s.parse().map_err(|_| bad())?;
                if !(0..60).contains(&s) {
                    return Err(bad());
                }
                (m * 60 + s) * 1000
            }
            None => w[1].parse::<i64>().map_err(|_| bad())? * 60_000,
        };
        let inc: f64 = w[2].parse().map_err(|_| bad())?;
        if base_ms < 0 || !(0.0..=86_400.0).contains(&inc) {
            return Err(bad());
        }
        self.clock.mps = mps;
        self.clock.base_ms = base_ms;
        self.clock.inc_ms = (inc * 1000.0).round() as i64;
        self.clock.per_move_ms = None;
        self.clock.mine_ms = None;
        self.clock.theirs_ms = None;
        Ok(())
    }

    fn st(&mut self, rest: &str, line: &str) -> Res {
        let s: f64 = rest
            .parse()
            .ok()
            .filter(|s: &f64| *s > 0.0 && *s <= 86_400.0)
            .ok_or_else(|| CecpError::command("expected seconds per move", line))?;
        self.clock.per_move_ms = Some((s * 1000.0).round() as i64);
        Ok(())
    }

    fn sd(&mut self, rest: &str, line: &str) -> Res {
        let d: i32 = rest
            .parse()
            .ok()
            .filter(|d| (1..=1000).contains(d))
            .ok_or_else(|| CecpError::command("expected a depth of at least 1", line))?;
        self.clock.depth = Some(d);
        Ok(())
    }

    fn setboard(&mut self, fen: &str, line: &str) -> Res {
        let pos = fen_from_xboard(self.variant, fen)
            .map_err(|e| CecpError::command(format!("bad FEN: {e}"), line))?;
        self.halt();
        lock(&self.game).pos = pos;
        if self.analyzing {
            self.restart_analysis()?;
        }
        Ok(())
    }

    fn take_back(&mut self, n: usize, line: &str) -> Res {
        if history_moves(&self.position()).len() < n {
            return Err(CecpError::command("no move to take back", line));
        }
        self.halt();
        {
            let mut g = lock(&self.game);
            for _ in 0..n {
                g.pos.unmake_move();
            }
        }
        if self.analyzing {
            self.restart_analysis()?;
        }
        Ok(())
    }

    fn option(&mut self, name: &str, value: &str, line: &str) -> Res {
        let name = name.trim();
        let value = value.trim();
        if name.eq_ignore_ascii_case("UCI_Variant") {
            return Err(CecpError::command(
                "the game is chosen with the variant command",
                line,
            ));
        }
        // A bad value is refused before the running search is disturbed.
        self.engine
            .options()
            .clone()
            .set(name, value)
            .map_err(|e| CecpError::command(e.to_string(), line))?;
        self.halt();
        self.engine
            .set_option(name, value)
            .map(|_| ())
            .map_err(|e| CecpError::command(e.to_string(), line))
    }

    /// Answers `lift SQUARE` with the legal targets of the piece there (`highlight`), so that
    /// XBoard, which does not know these rules, offers exactly the legal moves. A drop is
    /// lifted from the holdings, which XBoard names `J@@@@` or similar; drops are then shown.
    fn lift(&mut self, square: &str, line: &str) -> Res {
        let pos = self.position();
        let rules = pos.rules();
        let from = coords::parse_xboard_square(rules, square).map(|(sq, _)| sq);
        let moves = pos.legal_moves();
        let mut marks: Vec<(Square, char)> = Vec::new();
        for &m in moves.iter() {
            let hit = match from {
                Some(f) => m.from() == f && m.kind() != movegen::MoveKind::Drop,
                None => m.kind() == movegen::MoveKind::Drop,
            };
            if !hit {
                continue;
            }
            let colour = if pos.is_capture(m) {
                'R'
            } else if m.promotion().is_some() {
                'M'
            } else {
                'Y'
            };
            if let Some(e) = marks.iter_mut().find(|(s, _)| *s == m.to()) {
                if colour == 'R' {
                    e.1 = 'R';
                }
            } else {
                marks.push((m.to(), colour));
            }
        }
        if from.is_none() && !square.contains('@') && !is_holdings_square(rules, square) {
            return Err(CecpError::command("bad square", line));
        }
        self.say(&format!("highlight {}", color_fen(rules, &marks)));
        Ok(())
    }
}

/// Whether XBoard's name of a square is one of the holdings columns beside the board (XBoard
/// 4.9.1 names them by the letters before `a` and after the last file: `lift l0` in octopus
/// is white's ninja pawn in hand).
fn is_holdings_square(rules: &Rules, square: &str) -> bool {
    let files = rules.spec.geometry.files as u8;
    rules.spec.drops.is_some()
        && square
            .bytes()
            .next()
            .is_some_and(|c| !(b'a'..b'a' + files).contains(&c))
}

/// A `highlight` board: XBoard's rows from the top, `1`-style counts for unmarked squares.
fn color_fen(rules: &Rules, marks: &[(Square, char)]) -> String {
    let mut fen = String::new();
    write_board_rows(&rules.spec.geometry, &mut fen, |sq| {
        marks.iter().find(|(s, _)| *s == sq).map(|(_, c)| *c)
    });
    fen
}

/// Reads a FEN as XBoard writes it for a game: the board and hands are as in the project
/// (XBoard's `*` for missing squares, `[...]` holdings); the en-passant field uses XBoard's rank
/// numbers and may name only one of the squares passed; castling may use rook files.
pub fn fen_from_xboard(variant: Variant, fen: &str) -> Result<Position, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 2 {
        return Err("expected at least the board and the side to move".into());
    }
    let rules = variant.rules();
    let mut out: Vec<String> = fields.iter().map(|s| s.to_string()).collect();
    // Holdings written after the board as "/..." are not accepted; "[...]" is kept as is.
    if let Some(castle) = out.get_mut(2) {
        if castle != "-" && castle.chars().any(|c| !"KQkq".contains(c)) {
            return Err(format!("castling field '{castle}' is not KQkq or -"));
        }
    }
    let ep_text = out.get(3).cloned();
    if let Some(ep) = ep_text {
        if ep != "-" {
            let mut names = String::new();
            let mut rest = ep.as_str();
            while !rest.is_empty() {
                let (sq, r) = coords::parse_xboard_square(rules, rest)
                    .ok_or_else(|| format!("en-passant field '{ep}' is not a list of squares"))?;
                names.push_str(&rules.square_name(sq));
                rest = r;
            }
            out[3] = names;
        }
    }
    let text = out.join(" ");
    Position::from_fen(variant, &text).or_else(|e| {
        // XBoard records one en-passant square; a pawn that passed several squares gives a
        // field the project reads as incomplete. The position without it is the best reading.
        if out.len() > 3 && out[3] != "-" {
            out[3] = "-".into();
            Position::from_fen(variant, &out.join(" ")).map_err(|e| e.to_string())
        } else {
            Err(e.to_string())
        }
    })
}

/// Rewrites one UCI `option name ...` declaration as the body of a CECP `feature option`.
fn option_feature(decl: &str) -> Option<String> {
    let rest = decl.strip_prefix("option name ")?;
    let (name, spec) = rest.split_once(" type ")?;
    if name == "UCI_Variant" {
        return None;
    }
    let w: Vec<&str> = spec.split_whitespace().collect();
    let get = |key: &str| {
        w.iter()
            .position(|t| *t == key)
            .and_then(|i| w.get(i + 1).copied())
    };
    match w.first().copied()? {
        "spin" => Some(format!(
            "{name} -spin {} {} {}",
            get("default")?,
            get("min")?,
            get("max")?
        )),
        "check" => Some(format!(
            "{name} -check {}",
            u8::from(get("default")? == "true")
        )),
        "button" => Some(format!("{name} -button")),
        "string" => {
            let d = get("default").unwrap_or("");
            let d = if d == "<empty>" { "" } else { d };
            Some(format!("{name} -file {d}"))
        }
        _ => None,
    }
}

/// The moves played from the game's first position to `pos`, in order.
fn history_moves(pos: &Position) -> Vec<Move> {
    let mut p = pos.clone();
    let mut moves = Vec::with_capacity(p.ply_count());
    while let Some(m) = p.last_move() {
        moves.push(m);
        p.unmake_move();
    }
    moves.reverse();
    moves
}

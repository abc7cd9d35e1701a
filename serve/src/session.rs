//! One player's session: the game tree, who plays which side, the clocks, and the engine's
//! searches. [`Session::handle`] takes a parsed request and returns the replies; it never panics
//! and leaves the game as it was when it refuses a request.

use crate::pool::{Admission, EngineEvent, EnginePool, Limits, RelScore, SearchJob, Ticket};
use crate::protocol::{
    ClientMsg, Clocks, Control, GameEnd, InfoView, LegalMove, LegendView, NodeView, Player,
    ServerMsg, StateView, Style,
};
use crate::tree::{GameTree, NodeId, WhiteScore, ROOT};
use movegen::{Color, MoveKind, Piece, Position, Variant};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::mpsc;

/// Why the search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// The engine thinks over its move at this node.
    Think(NodeId),
    /// Analysis of this node.
    Analyse(NodeId),
}

struct Active {
    id: u64,
    purpose: Purpose,
    ticket: Ticket,
}

/// A result that is not in the position: resignation, agreement, time.
#[derive(Clone, Debug)]
struct Declared {
    winner: Option<Color>,
    reason: String,
}

#[derive(Clone, Debug)]
struct ClockState {
    remaining: [u64; 2],
    inc: u64,
    /// When the side to move's clock started running (none while paused).
    since: Option<Instant>,
}

/// Strength levels: search depth and a time cap in milliseconds.
const LEVELS: [(u32, u64); 8] = [
    (1, 200),
    (2, 300),
    (3, 500),
    (4, 800),
    (6, 1_000),
    (8, 2_000),
    (12, 4_000),
    (30, 8_000),
];

/// One player's game and engine use.
pub struct Session {
    token: String,
    tree: GameTree,
    white: Player,
    black: Player,
    control: Control,
    flip: bool,
    style: Style,
    declared: Option<Declared>,
    clock: Option<ClockState>,
    pool: Arc<EnginePool>,
    events: Option<mpsc::UnboundedSender<EngineEvent>>,
    active: Option<Active>,
    next_search: u64,
    /// The multipv of the analysis to keep running as the user moves around.
    analysis: Option<u32>,
    /// The game and style of the legend the page has (it is sent again only when they change).
    legend_sent: std::cell::Cell<Option<(Variant, Style)>>,
}

fn color_char(c: Color) -> char {
    match c {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

fn kind_name(k: MoveKind) -> &'static str {
    match k {
        MoveKind::Normal => "normal",
        MoveKind::Promotion => "promotion",
        MoveKind::EnPassant => "enpassant",
        MoveKind::Castle => "castle",
        MoveKind::Drop => "drop",
    }
}

/// The legal moves of `pos` as the page needs them (none when the game has ended there).
pub fn legal_view(pos: &Position) -> Vec<LegalMove> {
    if pos.outcome().is_some() {
        return Vec::new();
    }
    let rules = pos.rules();
    let list = pos.legal_moves();
    let mut shared: HashMap<(usize, usize, bool), usize> = HashMap::new();
    for m in list.iter() {
        let drop = m.kind() == MoveKind::Drop;
        *shared
            .entry((m.from().index(), m.to().index(), drop))
            .or_default() += 1;
    }
    list.iter()
        .map(|&m| {
            let drop = m.kind() == MoveKind::Drop;
            let ambiguous = shared[&(m.from().index(), m.to().index(), drop)] > 1;
            LegalMove {
                uci: pos.move_to_uci(m),
                from: rules.square_name(m.from()),
                to: rules.square_name(m.to()),
                kind: kind_name(m.kind()),
                promo: m.promotion().map(|r| r.upper()),
                promo_name: m.promotion().map(|r| r.name()),
                victims: pos
                    .captures(m)
                    .into_iter()
                    .flatten()
                    .map(|(sq, _)| rules.square_name(sq))
                    .collect(),
                san: ambiguous.then(|| pos.move_to_san(m)),
            }
        })
        .collect()
}

fn to_white(score: RelScore, side: Color) -> WhiteScore {
    let sign = if side == Color::White { 1 } else { -1 };
    match score {
        RelScore::Cp(c) => WhiteScore::Cp(c * sign),
        RelScore::Mate(m) => WhiteScore::Mate(m * sign),
    }
}

fn result_text(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Describes a position's end in the words of the game's rules.
fn position_end(pos: &Position) -> Option<GameEnd> {
    let o = pos.outcome()?;
    let reason = match o.winner {
        Some(w) => format!("{} ({} wins)", o.reason.describe(), side_name(w)),
        None => o.reason.describe().to_string(),
    };
    Some(GameEnd {
        result: result_text(o.winner),
        reason,
    })
}

/// The legend of a game's pieces in a drawing style.
fn legend(variant: Variant, style: Style) -> Vec<LegendView> {
    view::legend::legend(variant)
        .into_iter()
        .map(|e| LegendView {
            letter: e.letter,
            name: e.name,
            link: e.anchor.map(|a| format!("/rules#{a}")),
            svg: view::glyphs::piece_svg(style.piece_style(), Piece::new(Color::White, e.role), 32),
        })
        .collect()
}

fn random_token() -> String {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    let mut s = String::new();
    for _ in 0..2 {
        let mut h = RandomState::new().build_hasher();
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        s.push_str(&format!("{:016x}", h.finish()));
    }
    s
}

impl Session {
    /// A fresh session: titan, the person with White against the engine at level 3.
    pub fn new(pool: Arc<EnginePool>) -> Session {
        Session {
            token: random_token(),
            tree: GameTree::new(Position::startpos(Variant::DEFAULT)),
            white: Player::Human,
            black: Player::Engine,
            control: Control::Level { level: 3 },
            flip: false,
            style: Style::default(),
            declared: None,
            clock: None,
            pool,
            events: None,
            active: None,
            next_search: 1,
            analysis: None,
            legend_sent: std::cell::Cell::new(None),
        }
    }

    /// The token that finds this session again after a reload.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// Connects the session to a page: engine events go to `events`; clocks run again, and the
    /// engine resumes thinking when it is to move.
    pub fn attach(&mut self, events: mpsc::UnboundedSender<EngineEvent>) -> Vec<ServerMsg> {
        self.events = Some(events);
        self.legend_sent.set(None);
        if let Some(c) = self.clock.as_mut() {
            c.since = Some(Instant::now());
        }
        let mut out = Vec::new();
        self.after_change(&mut out);
        out
    }

    /// The page went away: stops every search and pauses the clocks.
    pub fn detach(&mut self) {
        self.stop_search();
        self.events = None;
        self.charge_clock(false);
        if let Some(c) = self.clock.as_mut() {
            c.since = None;
        }
    }

    fn player(&self, c: Color) -> Player {
        match c {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    fn engine_plays(&self) -> bool {
        self.white == Player::Engine || self.black == Player::Engine
    }

    /// The game's end on the main line.
    fn game_end(&self) -> Option<GameEnd> {
        if let Some(d) = &self.declared {
            return Some(GameEnd {
                result: result_text(d.winner),
                reason: d.reason.clone(),
            });
        }
        let end = self.tree.mainline_end();
        if end == self.tree.current() {
            return position_end(self.tree.position());
        }
        self.tree
            .position_at(end)
            .ok()
            .and_then(|p| position_end(&p))
    }

    /// Is the current node the live end of the game (where the clocks and the engine play)?
    fn at_live_end(&self) -> bool {
        self.tree.current() == self.tree.mainline_end() && self.game_end().is_none()
    }

    /// Takes the time the side to move used off its clock; `switch` restarts the clock for the
    /// next mover (after a move).
    fn charge_clock(&mut self, moved: bool) {
        let mover = if moved {
            self.tree.position().side_to_move().opposite()
        } else {
            self.tree.position().side_to_move()
        };
        if let Some(c) = self.clock.as_mut() {
            if let Some(since) = c.since {
                let used = since.elapsed().as_millis() as u64;
                let r = &mut c.remaining[mover.index()];
                *r = r.saturating_sub(used);
                if moved && *r > 0 {
                    *r += c.inc;
                }
                c.since = Some(Instant::now());
            }
        }
    }

    /// Declares a loss on time when the side to move's clock ran out. Returns whether it did.
    fn check_flag(&mut self) -> bool {
        if self.declared.is_some() || !self.at_live_end() {
            return false;
        }
        let side = self.tree.position().side_to_move();
        let Some(c) = &self.clock else { return false };
        let Some(since) = c.since else { return false };
        if since.elapsed().as_millis() as u64 >= c.remaining[side.index()] {
            self.charge_clock(false);
            self.stop_search();
            self.declared = Some(Declared {
                winner: Some(side.opposite()),
                reason: format!("{} lost on time", side_name(side)),
            });
            if let Some(c) = self.clock.as_mut() {
                c.since = None;
            }
            return true;
        }
        false
    }

    /// Called about once a second: a flag fall ends the game.
    pub fn tick(&mut self) -> Vec<ServerMsg> {
        let mut out = Vec::new();
        if self.check_flag() {
            out.push(self.state());
        }
        out
    }

    /// The full state for the page.
    pub fn state(&self) -> ServerMsg {
        let pos = self.tree.position();
        let rules = pos.rules();
        let last = pos.last_move().map(|m| (m.from(), m.to()));
        let opts = view::DiagramOptions {
            square_px: 48.0,
            flip: self.flip,
            coordinates: true,
            last_move: last,
            id_prefix: "b-".into(),
            all_glyphs: true,
            pieces: self.style.piece_style(),
            ..Default::default()
        };
        let svg = view::board_svg(pos, &opts).unwrap_or_else(|e| {
            format!("<svg xmlns=\"http://www.w3.org/2000/svg\"><text y=\"20\">{e}</text></svg>")
        });
        let start = self.tree.start();
        let black_first = start.side_to_move() == Color::Black;
        let mut nodes = Vec::new();
        for (id, n) in self.tree.nodes().iter().enumerate() {
            if n.removed {
                continue;
            }
            let ply = self.tree.path(id).len();
            let number = if id == ROOT {
                String::new()
            } else {
                let abs = ply - 1 + usize::from(black_first);
                let full = start.fullmove_number() as usize + abs / 2;
                if abs.is_multiple_of(2) {
                    format!("{full}.")
                } else {
                    format!("{full}...")
                }
            };
            nodes.push(NodeView {
                id,
                parent: n.parent.unwrap_or(ROOT),
                san: n.san.clone(),
                uci: n.uci.clone(),
                number,
                children: n.children.clone(),
                score: n.score.map(|(s, _)| s),
            });
        }
        let clocks = self.clock.as_ref().map(|c| {
            let side = pos.side_to_move();
            let running = self.at_live_end() && c.since.is_some();
            let mut r = c.remaining;
            if running {
                if let Some(s) = c.since {
                    let used = s.elapsed().as_millis() as u64;
                    r[side.index()] = r[side.index()].saturating_sub(used);
                }
            }
            Clocks {
                white_ms: r[0],
                black_ms: r[1],
                running: running.then(|| color_char(side)),
            }
        });
        ServerMsg::State(Box::new(StateView {
            token: self.token.clone(),
            variant: rules.variant.name(),
            fen: pos.to_fen(),
            start_fen: start.to_fen(),
            svg,
            legal: legal_view(pos),
            turn: color_char(pos.side_to_move()),
            white: self.white,
            black: self.black,
            control: self.control,
            flip: self.flip,
            style: self.style,
            legend: {
                let key = (rules.variant, self.style);
                if self.legend_sent.replace(Some(key)) == Some(key) {
                    None
                } else {
                    Some(legend(rules.variant, self.style))
                }
            },
            nodes,
            current: self.tree.current(),
            mainline: self.tree.mainline(),
            end: self.game_end(),
            here_end: position_end(pos),
            clocks,
            thinking: matches!(
                self.active,
                Some(Active {
                    purpose: Purpose::Think(_),
                    ..
                })
            ),
            analysing: matches!(
                self.active,
                Some(Active {
                    purpose: Purpose::Analyse(_),
                    ..
                })
            ),
        }))
    }

    fn stop_search(&mut self) {
        if let Some(a) = self.active.take() {
            a.ticket.stop();
        }
    }

    fn limits(&self) -> Limits {
        match self.control {
            Control::Movetime { ms } => Limits::Movetime(ms),
            Control::Depth { depth } => Limits::Depth(depth),
            Control::Level { level } => {
                let (d, t) = LEVELS[(level.clamp(1, 8) - 1) as usize];
                Limits::DepthAndTime(d, t)
            }
            Control::Clock { inc_ms, .. } => {
                let mut r = self.clock.as_ref().map_or([1000, 1000], |c| c.remaining);
                if let Some(since) = self.clock.as_ref().and_then(|c| c.since) {
                    let side = self.tree.position().side_to_move().index();
                    r[side] = r[side].saturating_sub(since.elapsed().as_millis() as u64);
                }
                Limits::Clock {
                    wtime: r[0],
                    btime: r[1],
                    winc: inc_ms,
                    binc: inc_ms,
                }
            }
        }
    }

    fn start_search(&mut self, purpose: Purpose, limits: Limits, multipv: u32) -> ServerMsg {
        self.stop_search();
        let Some(tx) = self.events.clone() else {
            return ServerMsg::error("no page is connected");
        };
        let id = self.next_search;
        self.next_search += 1;
        let job = SearchJob {
            id,
            pos: self.tree.position().clone(),
            limits,
            multipv,
        };
        match self.pool.submit(job, tx) {
            Ok((ticket, admission)) => {
                self.active = Some(Active {
                    id,
                    purpose,
                    ticket,
                });
                let message = match admission {
                    Admission::Running => "the engine is searching".to_string(),
                    Admission::Queued(n) => format!(
                        "queued: all engine slots are busy, {n} request(s) ahead of this one"
                    ),
                };
                ServerMsg::Search {
                    status: match admission {
                        Admission::Running => "running",
                        Admission::Queued(_) => "queued",
                    },
                    message,
                }
            }
            Err(busy) => ServerMsg::Search {
                status: "refused",
                message: busy.to_string(),
            },
        }
    }

    /// After any change of the game: the engine's move or the analysis, then the state.
    fn after_change(&mut self, out: &mut Vec<ServerMsg>) {
        self.check_flag();
        let here = self.tree.current();
        let side = self.tree.position().side_to_move();
        let engine_to_move =
            self.player(side) == Player::Engine && self.at_live_end() && self.events.is_some();
        let busy_here = match self.active.as_ref().map(|a| a.purpose) {
            Some(Purpose::Think(n)) => n == here && engine_to_move,
            Some(Purpose::Analyse(n)) => n == here && !engine_to_move && self.analysis.is_some(),
            None => false,
        };
        if !busy_here {
            self.stop_search();
            if engine_to_move {
                let limits = self.limits();
                out.push(self.start_search(Purpose::Think(here), limits, 1));
            } else if let Some(mpv) = self.analysis {
                if self.tree.position().outcome().is_none() && self.events.is_some() {
                    out.push(self.start_search(Purpose::Analyse(here), Limits::Infinite, mpv));
                }
            }
        }
        out.push(self.state());
    }

    /// Handles one request.
    pub fn handle(&mut self, msg: ClientMsg) -> Vec<ServerMsg> {
        let mut out = Vec::new();
        match self.apply(msg, &mut out) {
            Ok(true) => self.after_change(&mut out),
            Ok(false) => {}
            Err(e) => out.push(ServerMsg::error(e)),
        }
        out
    }

    /// Applies a request; `Ok(true)` when the game or the view changed.
    fn apply(&mut self, msg: ClientMsg, out: &mut Vec<ServerMsg>) -> Result<bool, String> {
        match msg {
            ClientMsg::Hello { .. } => Ok(true),
            ClientMsg::New {
                variant,
                white,
                black,
                control,
                fen,
            } => {
                control.validate()?;
                let v =
                    Variant::from_name(&variant).map_err(|e| format!("unknown game {:?}", e.0))?;
                let start = match fen {
                    Some(f) if !f.trim().is_empty() => {
                        Position::from_fen(v, &f).map_err(|e| format!("bad FEN: {e}"))?
                    }
                    _ => Position::startpos(v),
                };
                self.stop_search();
                self.tree = GameTree::new(start);
                self.white = white;
                self.black = black;
                self.control = control;
                self.declared = None;
                self.analysis = None;
                self.flip = white == Player::Engine && black == Player::Human;
                self.clock = match control {
                    Control::Clock { base_ms, inc_ms } => Some(ClockState {
                        remaining: [base_ms, base_ms],
                        inc: inc_ms,
                        since: Some(Instant::now()),
                    }),
                    _ => None,
                };
                Ok(true)
            }
            ClientMsg::Play { uci } => {
                self.check_flag();
                let live = self.at_live_end();
                if self.tree.current() == self.tree.mainline_end() && self.declared.is_some() {
                    return Err(format!(
                        "the game is over ({}); go back to an earlier move to explore",
                        self.declared.as_ref().map_or("", |d| d.reason.as_str())
                    ));
                }
                let side = self.tree.position().side_to_move();
                if live && self.player(side) == Player::Engine && self.engine_plays() {
                    return Err("it is the engine's turn; wait for its move or press Stop".into());
                }
                self.tree.play_uci(&uci).map_err(|e| e.to_string())?;
                if live {
                    self.charge_clock(true);
                }
                Ok(true)
            }
            ClientMsg::Legal => {
                out.push(ServerMsg::Legal {
                    node: self.tree.current(),
                    moves: legal_view(self.tree.position()),
                });
                Ok(false)
            }
            ClientMsg::Goto { node } => {
                self.tree.goto(node).map_err(|e| e.to_string())?;
                Ok(true)
            }
            ClientMsg::Takeback => {
                if self.tree.current() == ROOT {
                    return Err("there is no move to take back".into());
                }
                self.stop_search();
                let mainline_end = self.tree.current() == self.tree.mainline_end();
                self.tree.take_back();
                let side = self.tree.position().side_to_move();
                if self.player(side) == Player::Engine
                    && self.engine_plays()
                    && self.tree.current() != ROOT
                {
                    self.tree.take_back();
                }
                if mainline_end {
                    self.declared = None;
                }
                Ok(true)
            }
            ClientMsg::Promote { node } => {
                self.tree.promote(node).map_err(|e| e.to_string())?;
                Ok(true)
            }
            ClientMsg::Resign => {
                if self.game_end().is_some() {
                    return Err("the game is already over".into());
                }
                let side = match (self.white, self.black) {
                    (Player::Human, Player::Engine) => Color::White,
                    (Player::Engine, Player::Human) => Color::Black,
                    _ => self.tree.position().side_to_move(),
                };
                self.stop_search();
                self.charge_clock(false);
                self.declared = Some(Declared {
                    winner: Some(side.opposite()),
                    reason: format!("{} resigned", side_name(side)),
                });
                self.goto_end();
                Ok(true)
            }
            ClientMsg::Draw => {
                if self.game_end().is_some() {
                    return Err("the game is already over".into());
                }
                let engine_side = match (self.white, self.black) {
                    (Player::Human, Player::Engine) => Some(Color::Black),
                    (Player::Engine, Player::Human) => Some(Color::White),
                    _ => None,
                };
                if let Some(es) = engine_side {
                    let score = self
                        .tree
                        .mainline()
                        .iter()
                        .rev()
                        .find_map(|&n| self.tree.nodes()[n].score.map(|(s, _)| s));
                    let engine_cp = match score {
                        Some(WhiteScore::Cp(c)) => Some(if es == Color::White { c } else { -c }),
                        Some(WhiteScore::Mate(m)) => Some(if (m > 0) == (es == Color::White) {
                            10_000
                        } else {
                            -10_000
                        }),
                        None => None,
                    };
                    let why = match engine_cp {
                        None => Some("it has not evaluated the game yet"),
                        Some(c) if c > 0 => Some("it thinks it stands better"),
                        Some(_) => None,
                    };
                    if let Some(why) = why {
                        out.push(ServerMsg::Search {
                            status: "declined",
                            message: format!("The engine declines the draw: {why}."),
                        });
                        return Ok(false);
                    }
                }
                self.stop_search();
                self.charge_clock(false);
                self.declared = Some(Declared {
                    winner: None,
                    reason: "draw by agreement".into(),
                });
                self.goto_end();
                Ok(true)
            }
            ClientMsg::Flip => {
                self.flip = !self.flip;
                Ok(true)
            }
            ClientMsg::Style { style } => {
                self.style = style;
                Ok(true)
            }
            ClientMsg::Fen { fen, variant } => {
                let v = match variant {
                    Some(name) => {
                        Variant::from_name(&name).map_err(|e| format!("unknown game {:?}", e.0))?
                    }
                    None => self.tree.variant(),
                };
                let pos = Position::from_fen(v, &fen).map_err(|e| format!("bad FEN: {e}"))?;
                self.stop_search();
                self.tree = GameTree::new(pos);
                self.declared = None;
                self.reset_clock();
                Ok(true)
            }
            ClientMsg::PgnIn { pgn } => {
                let games = runner::pgn_read::read_pgn(&pgn, Some(self.tree.variant()))
                    .or_else(|_| runner::pgn_read::read_pgn(&pgn, None))
                    .map_err(|e| format!("bad PGN: {e}"))?;
                let g = games.into_iter().next().ok_or("the PGN holds no game")?;
                self.stop_search();
                let mut tree = GameTree::new(g.start.clone());
                for m in g.moves {
                    tree.play(m);
                }
                self.tree = tree;
                self.declared = None;
                self.reset_clock();
                Ok(true)
            }
            ClientMsg::PgnOut => {
                out.push(ServerMsg::Pgn { text: self.pgn() });
                Ok(false)
            }
            ClientMsg::Analyse { multipv } => {
                if self.tree.position().outcome().is_some() {
                    return Err("the game has ended in this position; nothing to analyse".into());
                }
                self.analysis = Some(multipv.clamp(1, 3));
                let here = self.tree.current();
                out.push(self.start_search(Purpose::Analyse(here), Limits::Infinite, multipv));
                out.push(self.state());
                Ok(false)
            }
            ClientMsg::Stop => {
                self.analysis = None;
                match self.active.as_ref() {
                    // The engine plays its best move so far.
                    Some(a) if matches!(a.purpose, Purpose::Think(_)) => a.ticket.stop(),
                    _ => self.stop_search(),
                }
                out.push(self.state());
                Ok(false)
            }
            ClientMsg::EngineMove => {
                if self.tree.position().outcome().is_some() {
                    return Err("the game has ended in this position".into());
                }
                self.analysis = None;
                let here = self.tree.current();
                let limits = self.limits();
                out.push(self.start_search(Purpose::Think(here), limits, 1));
                out.push(self.state());
                Ok(false)
            }
        }
    }

    fn goto_end(&mut self) {
        let end = self.tree.mainline_end();
        let _ = self.tree.goto(end);
    }

    fn reset_clock(&mut self) {
        self.analysis = None;
        if let Control::Clock { base_ms, inc_ms } = self.control {
            self.clock = Some(ClockState {
                remaining: [base_ms, base_ms],
                inc: inc_ms,
                since: Some(Instant::now()),
            });
        }
    }

    /// The game as PGN with side lines as variations.
    pub fn pgn(&self) -> String {
        let name = |p: Player| match p {
            Player::Human => "Human".to_string(),
            Player::Engine => "Shuriken".to_string(),
        };
        let (result, detail) = match self.game_end() {
            Some(e) => (e.result, Some(e.reason)),
            None => ("*", None),
        };
        let tags = [
            ("Event", "shuriken serve".to_string()),
            ("Site", "local".to_string()),
            ("Date", runner::record::pgn_date_today()),
            ("Round", "-".to_string()),
            ("White", name(self.white)),
            ("Black", name(self.black)),
        ];
        self.tree.to_pgn(&tags, result, detail.as_deref())
    }

    /// Handles an engine event.
    pub fn on_event(&mut self, ev: EngineEvent) -> Vec<ServerMsg> {
        let mut out = Vec::new();
        let Some(active) = self.active.as_ref() else {
            return out;
        };
        let (id, purpose) = (active.id, active.purpose);
        match ev {
            EngineEvent::Started(i) if i == id => out.push(ServerMsg::Search {
                status: "running",
                message: "the engine is searching".into(),
            }),
            EngineEvent::Info(i, line) if i == id => {
                let node = match purpose {
                    Purpose::Think(n) | Purpose::Analyse(n) => n,
                };
                if node != self.tree.current() {
                    return out;
                }
                let mut pos = self.tree.position().clone();
                let side = pos.side_to_move();
                let score = to_white(line.score, side);
                let mut pv = Vec::new();
                for &m in &line.pv {
                    if !pos.is_legal(m) {
                        break;
                    }
                    pv.push(pos.move_to_san(m));
                    pos.make_move(m);
                }
                if line.multipv == 1 {
                    self.tree.set_score(node, score, line.depth);
                }
                out.push(ServerMsg::Info(InfoView {
                    node,
                    multipv: line.multipv,
                    depth: line.depth,
                    seldepth: line.seldepth,
                    score,
                    nodes: line.nodes,
                    nps: line.nps,
                    pv,
                }));
            }
            EngineEvent::Done(i, best) if i == id => {
                self.active = None;
                match purpose {
                    Purpose::Think(node) if node == self.tree.current() => {
                        let live = self.at_live_end();
                        if let Some(m) = best.filter(|&m| self.tree.position().is_legal(m)) {
                            // The engine's score of its move's position was for the node before.
                            let prior = self.tree.nodes()[node].score;
                            self.tree.play(m);
                            if let Some((s, d)) = prior {
                                let here = self.tree.current();
                                self.tree.set_score(here, s, d);
                            }
                            if live {
                                self.charge_clock(true);
                            }
                            self.after_change(&mut out);
                        } else {
                            out.push(self.state());
                        }
                    }
                    _ => {
                        out.push(ServerMsg::Search {
                            status: "done",
                            message: "search stopped".into(),
                        });
                        out.push(self.state());
                    }
                }
            }
            _ => {}
        }
        out
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.stop_search();
    }
}

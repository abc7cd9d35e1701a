//! Plays one game between two engine slots: every move checked with movegen, clocks kept,
//! failures (crash, stall, time forfeit, illegal move) turned into terminations, adjudication.

use crate::adjudicate;
use crate::config::{Adjudication, EngineConfig};
use crate::engine_process::Watch;
use crate::record::{GameResult, PlyRecord, Termination};
use crate::tc::{go_command, Clock};
use crate::uci::{Failure, Timeouts, UciEngine};
use movegen::{Color, EndReason, Position, Variant};
use std::time::{Duration, Instant};

/// An engine seat of a worker: the configuration and, while alive, the running process.
/// A failed engine is dropped and started afresh for the next game.
pub struct EngineSlot {
    /// The engine's configuration.
    pub config: EngineConfig,
    engine: Option<UciEngine>,
    watch: Watch,
    /// How many times it was started.
    pub starts: u32,
}

impl EngineSlot {
    /// A slot whose engine starts on first use.
    pub fn new(config: EngineConfig) -> EngineSlot {
        EngineSlot::watched(config, Watch::default())
    }

    /// A slot whose engine's traffic goes to `watch` (log, error notices).
    pub fn watched(config: EngineConfig, watch: Watch) -> EngineSlot {
        EngineSlot {
            config,
            engine: None,
            watch,
            starts: 0,
        }
    }

    /// Starts the engine if needed and runs `ucinewgame`/`isready`; returns the latency.
    fn prepare(&mut self, variant: Variant, timeouts: &Timeouts) -> Result<Duration, Failure> {
        if self.engine.is_none() {
            self.starts += 1;
            let e = UciEngine::launch(
                &self.config.launch,
                &self.config.name,
                variant.name(),
                &self.config.options,
                timeouts,
                &self.watch,
            )?;
            self.engine = Some(e);
        }
        let res = match self.engine.as_mut() {
            Some(e) => e.new_game(timeouts),
            None => Err(Failure::Crash("engine not running".into())),
        };
        if res.is_err() {
            self.discard();
        }
        res
    }

    /// Kills the engine (it restarts on next use).
    pub fn discard(&mut self) {
        if let Some(e) = self.engine.take() {
            e.kill();
        }
    }

    /// Quits the engine politely.
    pub fn close(&mut self) {
        if let Some(e) = self.engine.take() {
            e.quit();
        }
    }
}

/// Rules of one game.
pub struct GameRules<'a> {
    /// Variant.
    pub variant: Variant,
    /// Start position.
    pub fen: &'a str,
    /// Adjudication.
    pub adjudication: &'a Adjudication,
    /// Time margin in milliseconds.
    pub margin_ms: u64,
    /// Protocol timeouts.
    pub timeouts: &'a Timeouts,
}

/// What a played game produced.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// Result.
    pub result: GameResult,
    /// Termination.
    pub termination: Termination,
    /// Detail.
    pub reason: String,
    /// Moves.
    pub moves: Vec<PlyRecord>,
    /// Latencies (ms) of white and black at the start.
    pub latency_ms: [Option<f64>; 2],
    /// Wall time.
    pub duration_ms: u64,
}

fn failure_termination(f: &Failure) -> Termination {
    match f {
        Failure::Crash(_) => Termination::Crash,
        Failure::Stall(_) => Termination::Stall,
    }
}

/// Plays a game; never fails: every problem becomes a termination.
pub fn play_game(rules: &GameRules, white: &mut EngineSlot, black: &mut EngineSlot) -> PlayedGame {
    let started = Instant::now();
    let mut game = PlayedGame {
        result: GameResult::Draw,
        termination: Termination::MaxMoves,
        reason: String::new(),
        moves: Vec::new(),
        latency_ms: [None, None],
        duration_ms: 0,
    };
    let finish = |mut g: PlayedGame, r: GameResult, t: Termination, why: String| {
        g.result = r;
        g.termination = t;
        g.reason = why;
        g.duration_ms = started.elapsed().as_millis() as u64;
        g
    };
    let mut pos = match Position::from_fen(rules.variant, rules.fen) {
        Ok(p) => p,
        Err(e) => {
            // Openings are validated when loaded; this is a safety net.
            return finish(
                game,
                GameResult::Draw,
                Termination::IllegalMove,
                format!("bad opening FEN: {e}"),
            );
        }
    };
    for (i, slot) in [&mut *white, &mut *black].into_iter().enumerate() {
        match slot.prepare(rules.variant, rules.timeouts) {
            Ok(lat) => game.latency_ms[i] = Some(lat.as_secs_f64() * 1000.0),
            Err(f) => {
                let who = if i == 0 { "white" } else { "black" };
                let why = format!("{} ({who}) at game start: {}", slot.config.name, f.detail());
                return finish(
                    game,
                    GameResult::loss_for(i == 0),
                    failure_termination(&f),
                    why,
                );
            }
        }
    }
    let first_mover_white = pos.side_to_move() == Color::White;
    let mut clocks = [
        Clock::new(&white.config.limits),
        Clock::new(&black.config.limits),
    ];
    let mut move_texts: Vec<String> = Vec::new();
    loop {
        if let Some(o) = pos.outcome() {
            let (t, why) = match o.reason {
                EndReason::Checkmate => (Termination::Checkmate, "checkmate"),
                EndReason::Stalemate => (Termination::Stalemate, "stalemate"),
                EndReason::Repetition => (Termination::Repetition, "threefold repetition"),
                EndReason::FiftyMoves => (Termination::FiftyMoves, "100 plies without progress"),
                EndReason::BareKings => (Termination::BareKings, "bare kings"),
            };
            let r = match o.winner {
                Some(Color::White) => GameResult::WhiteWins,
                Some(Color::Black) => GameResult::BlackWins,
                None => GameResult::Draw,
            };
            return finish(game, r, t, why.into());
        }
        if let Some((r, t, why)) =
            adjudicate::check(rules.adjudication, &game.moves, first_mover_white)
        {
            return finish(game, r, t, why);
        }
        let white_to_move = pos.side_to_move() == Color::White;
        let (us, them) = if white_to_move { (0, 1) } else { (1, 0) };
        let other_limits = if white_to_move {
            black.config.limits.clone()
        } else {
            white.config.limits.clone()
        };
        let slot: &mut EngineSlot = if white_to_move {
            &mut *white
        } else {
            &mut *black
        };
        let limits = slot.config.limits.clone();
        let go = go_command(
            &limits,
            white_to_move,
            &clocks[us],
            &clocks[them],
            &other_limits,
        );
        let position_cmd = if move_texts.is_empty() {
            format!("position fen {}", rules.fen)
        } else {
            format!("position fen {} moves {}", rules.fen, move_texts.join(" "))
        };
        let timed = limits.is_timed();
        let limit = match clocks[us].allowance_ms(&limits) {
            Some(a) => Duration::from_millis(a.max(0) as u64 + rules.margin_ms),
            None => rules.timeouts.search,
        };
        let name = slot.config.name.clone();
        let reply = match slot.engine.as_mut() {
            Some(e) => e.search(&position_cmd, &go, limit, rules.timeouts),
            None => Err(Failure::Crash("engine not running".into())),
        };
        let reply = match reply {
            Ok(r) => r,
            Err(f) => {
                slot.discard();
                let why = format!("{name}: {}", f.detail());
                return finish(
                    game,
                    GameResult::loss_for(white_to_move),
                    failure_termination(&f),
                    why,
                );
            }
        };
        let allowance = clocks[us].allowance_ms(&limits);
        if timed && !clocks[us].charge(&limits, reply.elapsed_ms, rules.margin_ms) {
            let why = format!(
                "{name} used {} ms, had {} ms + {} ms margin",
                reply.elapsed_ms,
                allowance.unwrap_or(0).max(0),
                rules.margin_ms
            );
            return finish(
                game,
                GameResult::loss_for(white_to_move),
                Termination::TimeForfeit,
                why,
            );
        }
        if !timed && reply.after_stop {
            let why = format!(
                "{name}: no bestmove within the search timeout of {} ms",
                rules.timeouts.search.as_millis()
            );
            return finish(
                game,
                GameResult::loss_for(white_to_move),
                Termination::Stall,
                why,
            );
        }
        let mv = match pos.parse_move(&reply.bestmove) {
            Ok(m) => m,
            Err(e) => {
                let why = format!("{name} played '{}': {e}", reply.bestmove);
                return finish(
                    game,
                    GameResult::loss_for(white_to_move),
                    Termination::IllegalMove,
                    why,
                );
            }
        };
        let text = pos.move_to_uci(mv);
        pos.make_move(mv);
        game.moves.push(PlyRecord {
            mv: text.clone(),
            score: reply.info.score,
            depth: reply.info.depth,
            time_ms: reply.elapsed_ms,
            nodes: reply.info.nodes,
        });
        move_texts.push(text);
    }
}

//! One self-play game of the data generator: a book position, random plies, then Shuriken's
//! own search for both sides until the game ends or is adjudicated; the kept positions come
//! back as records labelled with their search score and the game's result.
//!
//! A game depends only on the settings, the seed and its game id: its random numbers come from
//! `(seed, game id)`, its searches run on one thread with a node or depth limit, and the hash
//! and history tables are emptied at its start.

use super::format::{self, BLOCK};
use anyhow::{anyhow, Context, Result};
use engine::core::Silent;
use engine::eval::Evaluator;
use engine::options::EngineOptions;
use engine::search::history::HistoryStore;
use engine::search::{self, SearchConfig, SearchParams, SharedState, MATE_BOUND};
use engine::time::GoLimits;
use engine::tt::TranspositionTable;
use movegen::{Color, Position, Variant};
use runner::rng::Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How each move's search is bounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// A node count (checked on every node, so exact on one thread).
    Nodes(u64),
    /// A depth.
    Depth(i32),
}

/// What a game keeps and when it ends.
#[derive(Clone, Debug)]
pub struct GameRules {
    /// The game.
    pub variant: Variant,
    /// The book: start positions as FENs (one drawn per game).
    pub book: Arc<Vec<String>>,
    /// Uniformly random legal moves played after the book position, before the search plays.
    pub random_plies: u32,
    /// The search limit of every move.
    pub limit: Limit,
    /// A game reaching this many plies (after the book position) is a draw.
    pub max_plies: u32,
    /// A side whose score is at least this (centipawns) for [`WIN_PLIES`] plies in a row, by
    /// both sides' searches, wins.
    pub win_cp: i32,
    /// After [`DRAW_FROM_PLY`] plies, a game whose scores stay within this for
    /// [`DRAW_PLIES`] plies in a row is a draw.
    pub draw_cp: i32,
}

/// Plies in a row a winning score must hold for the win adjudication.
pub const WIN_PLIES: u32 = 6;
/// Plies in a row of small scores for the draw adjudication.
pub const DRAW_PLIES: u32 = 16;
/// The draw adjudication starts after this many plies.
pub const DRAW_FROM_PLY: u32 = 60;

/// Search tables one worker thread reuses from game to game.
pub struct Player {
    tt: TranspositionTable,
    histories: Arc<HistoryStore>,
    eval: Arc<Evaluator>,
}

/// A game's kept positions and how it went.
#[derive(Clone, Debug, Default)]
pub struct PlayedGame {
    /// The kept positions as record blocks, in ply order, results filled in.
    pub records: Vec<[u8; BLOCK]>,
    /// Positions searched (kept or not).
    pub searched: u64,
    /// Nodes searched.
    pub nodes: u64,
}

impl Player {
    /// Tables of `hash_mb` megabytes for `variant`, with its shipped evaluation.
    pub fn new(variant: Variant, hash_mb: usize) -> Player {
        Player {
            tt: TranspositionTable::new(hash_mb),
            histories: Arc::new(HistoryStore::default()),
            eval: Arc::new(EngineOptions::for_variant(variant).evaluator()),
        }
    }

    fn search(&self, pos: &Position, limit: Limit) -> search::SearchResult {
        let cfg = SearchConfig {
            threads: 1,
            multipv: 1,
            move_overhead: 0,
            params: SearchParams::default(),
            eval: Arc::clone(&self.eval),
            report: false,
            histories: Arc::clone(&self.histories),
        };
        let limits = match limit {
            Limit::Nodes(n) => GoLimits {
                nodes: Some(n),
                ..Default::default()
            },
            Limit::Depth(d) => GoLimits {
                depth: Some(d),
                ..Default::default()
            },
        };
        let shared = SharedState::new(1);
        search::search(pos, &self.tt, &cfg, &limits, &shared, &Silent)
    }

    /// Plays game `game_id` of a run seeded with `seed`. When `cancel` is set the game stops
    /// between moves and returns `None` (its records would be incomplete).
    pub fn play(
        &self,
        rules: &GameRules,
        seed: u64,
        game_id: u64,
        cancel: &AtomicBool,
    ) -> Result<Option<PlayedGame>> {
        self.tt.clear();
        self.histories.reset();
        let mut rng = Rng::stream(seed, game_id);
        let fen = &rules.book[rng.below(rules.book.len())];
        let mut pos = Position::from_fen(rules.variant, fen)
            .with_context(|| format!("book position {fen}"))?;
        let mut played = PlayedGame::default();
        for _ in 0..rules.random_plies {
            let legal = pos.legal_moves();
            if pos.outcome().is_some() || legal.is_empty() {
                return Ok(Some(played));
            }
            pos.make_move(legal.as_slice()[rng.below(legal.len())]);
        }
        // The side each record's position has to move, to turn White's result into its own.
        let mut movers: Vec<Color> = Vec::new();
        let mut winning_streak: (Option<Color>, u32) = (None, 0);
        let mut quiet_streak = 0u32;
        let mut ply = 0u32;
        let white_result: i8 = loop {
            if let Some(o) = pos.outcome() {
                break match o.winner {
                    Some(Color::White) => 1,
                    Some(Color::Black) => -1,
                    None => 0,
                };
            }
            if ply >= rules.max_plies {
                break 0;
            }
            if cancel.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let r = self.search(&pos, rules.limit);
            played.searched += 1;
            played.nodes += r.nodes;
            let best = r
                .best
                .ok_or_else(|| anyhow!("the search found no move in {}", pos.to_fen()))?;
            let us = pos.side_to_move();
            let mate = r.score.abs() >= MATE_BOUND;
            if !mate && !pos.in_check() && !pos.is_capture(best) {
                let score = r.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
                let ply16 = u16::try_from(ply).unwrap_or(u16::MAX);
                played
                    .records
                    .push(format::encode(&pos, ply16, score, 0, game_id)?);
                movers.push(us);
            }
            // Adjudication by the searches' scores (White's view from here).
            let white_score = if us == Color::White {
                r.score
            } else {
                -r.score
            };
            if mate {
                break if white_score > 0 { 1 } else { -1 };
            }
            let leader = if white_score >= rules.win_cp {
                Some(Color::White)
            } else if white_score <= -rules.win_cp {
                Some(Color::Black)
            } else {
                None
            };
            winning_streak = match (leader, winning_streak) {
                (Some(l), (Some(p), n)) if l == p => (Some(l), n + 1),
                (Some(l), _) => (Some(l), 1),
                (None, _) => (None, 0),
            };
            if winning_streak.1 >= WIN_PLIES {
                break if winning_streak.0 == Some(Color::White) {
                    1
                } else {
                    -1
                };
            }
            quiet_streak = if white_score.abs() <= rules.draw_cp {
                quiet_streak + 1
            } else {
                0
            };
            if ply >= DRAW_FROM_PLY && quiet_streak >= DRAW_PLIES {
                break 0;
            }
            pos.make_move(best);
            ply += 1;
        };
        for (rec, mover) in played.records.iter_mut().zip(movers) {
            let r = if mover == Color::White {
                white_result
            } else {
                -white_result
            };
            rec[14] = r as u8;
        }
        Ok(Some(played))
    }
}

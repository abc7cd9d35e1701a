//! One self-play game of the data generator: a book position, random plies, then Shuriken's
//! own search for both sides until the game ends or is adjudicated; the kept positions come
//! back as records labelled with their search score and the game's result. In the first
//! [`MultiPv::plies`] searched plies the move played may be drawn among the search's best
//! lines ([`MultiPv`]).
//!
//! A game depends only on the settings, the seed and its game id: its random numbers come from
//! `(seed, game id)`, its searches run on one thread with a node or depth limit, and the hash
//! and history tables are emptied at its start. The searches run on the game's own thread
//! through a reused [`SearchContext`], which answers as a fresh search would.

use super::format::{self, BLOCK};
use anyhow::{anyhow, Context, Result};
use engine::options::EngineOptions;
use engine::search::history::HistoryStore;
use engine::search::{RootMove, SearchConfig, SearchContext, SearchParams, MATE_BOUND};
use engine::time::GoLimits;
use engine::tt::TranspositionTable;
use movegen::{Color, Move, Position, Variant};
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
    /// Multi-PV randomisation of the first searched plies.
    pub multipv: MultiPv,
}

/// Multi-PV randomisation: in the first `plies` searched plies of a game, the search finds
/// its `lines` best lines, and the move played is drawn uniformly (from the game's random
/// numbers) among the lines scoring within `margin_cp` of the best. The position is recorded
/// (when kept) with the best line's score, as any other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MultiPv {
    /// Searched plies whose move is drawn; 0 turns the randomisation off.
    pub plies: u32,
    /// Lines searched in those plies (at least 1).
    pub lines: usize,
    /// How far below the best line's score (centipawns) a line may be drawn (at least 0).
    pub margin_cp: i32,
}

impl MultiPv {
    /// No randomisation.
    pub const OFF: MultiPv = MultiPv {
        plies: 0,
        lines: 4,
        margin_cp: 100,
    };
}

/// The line to play among `lines` (best first, as a multi-PV search leaves them): one drawn
/// uniformly by `rng` among those scoring at least the first's score less `margin_cp`. Draws
/// a number only when there is a choice. `None` for no lines.
pub fn draw_line<'l>(lines: &'l [RootMove], margin_cp: i32, rng: &mut Rng) -> Option<&'l RootMove> {
    let best = lines.first()?.score;
    let floor = best.saturating_sub(margin_cp.max(0));
    let within = lines.iter().take_while(|l| l.score >= floor).count();
    if within <= 1 {
        return lines.first();
    }
    Some(&lines[rng.below(within)])
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
    cfg: SearchConfig,
}

/// A [`Player`] with its search context: what plays the games of one worker thread, on that
/// thread, which needs a stack of [`engine::search::STACK_SIZE`] bytes.
pub struct Seat<'p> {
    player: &'p Player,
    ctx: SearchContext<'p>,
}

/// A move whose choice was drawn among a multi-PV search's lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnMove {
    /// The searched ply (0 for the first after the random plies).
    pub ply: u32,
    /// The lines the search gave, best first: moves and scores.
    pub lines: Vec<(Move, i32)>,
    /// The move played.
    pub played: Move,
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
    /// The moves of the multi-PV plies, with the lines they were drawn from.
    pub drawn: Vec<DrawnMove>,
}

impl Player {
    /// Tables of `hash_mb` megabytes for `variant`, with its shipped evaluation.
    pub fn new(variant: Variant, hash_mb: usize) -> Player {
        Player {
            tt: TranspositionTable::new(hash_mb),
            cfg: SearchConfig {
                threads: 1,
                multipv: 1,
                move_overhead: 0,
                params: SearchParams::default(),
                eval: Arc::new(EngineOptions::for_variant(variant).evaluator()),
                report: false,
                histories: Arc::new(HistoryStore::default()),
            },
        }
    }

    /// The player's seat, to play games on the calling thread.
    pub fn seat(&self) -> Seat<'_> {
        Seat {
            player: self,
            ctx: SearchContext::new(&self.tt, &self.cfg),
        }
    }
}

impl Seat<'_> {
    /// Searches `pos` over `lines` lines.
    fn search(
        &mut self,
        pos: &Position,
        limit: Limit,
        lines: usize,
    ) -> Result<engine::search::ContextSearch> {
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
        self.ctx
            .search(pos, &limits, lines)
            .with_context(|| format!("cannot search {}", pos.to_fen()))
    }

    /// Plays game `game_id` of a run seeded with `seed`. When `cancel` is set the game stops
    /// between moves and returns `None` (its records would be incomplete).
    pub fn play(
        &mut self,
        rules: &GameRules,
        seed: u64,
        game_id: u64,
        cancel: &AtomicBool,
    ) -> Result<Option<PlayedGame>> {
        self.player.tt.clear();
        self.player.cfg.histories.reset();
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
            let drawing = ply < rules.multipv.plies;
            let lines = if drawing { rules.multipv.lines } else { 1 };
            let found = self.search(&pos, rules.limit, lines)?;
            let r = found.result;
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
            let mut play = best;
            if drawing {
                if let Some(line) = draw_line(&found.lines, rules.multipv.margin_cp, &mut rng) {
                    play = line.mv;
                }
                played.drawn.push(DrawnMove {
                    ply,
                    lines: found.lines.iter().map(|l| (l.mv, l.score)).collect(),
                    played: play,
                });
            }
            pos.make_move(play);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Root lines with `scores` (best first) on distinct moves of the chess start position.
    fn lines(scores: &[i32]) -> Vec<RootMove> {
        let pos = Position::startpos(Variant::Chess);
        let legal = pos.legal_moves();
        scores
            .iter()
            .zip(legal.iter())
            .map(|(&score, &mv)| RootMove {
                mv,
                score,
                pv: vec![mv],
            })
            .collect()
    }

    /// How often each line is drawn in `n` draws.
    fn counts(lines: &[RootMove], margin: i32, n: u64) -> Vec<u64> {
        let mut c = vec![0; lines.len()];
        for i in 0..n {
            let mut rng = Rng::stream(3, i);
            let l = draw_line(lines, margin, &mut rng).unwrap();
            c[lines.iter().position(|x| x.mv == l.mv).unwrap()] += 1;
        }
        c
    }

    #[test]
    fn a_drawn_line_is_within_the_margin_and_each_such_line_is_drawn() {
        let l = lines(&[40, 10, -60, -61, -300]);
        let c = counts(&l, 100, 3000);
        assert_eq!(c[3..], [0, 0], "{c:?}");
        // Uniform among the three within 100 of the best.
        assert!(c[..3].iter().all(|&n| (800..1200).contains(&n)), "{c:?}");
        assert_eq!(counts(&l, 30, 500)[2..], [0, 0, 0]);
        assert_eq!(counts(&l, 0, 500), [500, 0, 0, 0, 0]);
        let ties = counts(&lines(&[5, 5, 4]), 0, 1000);
        assert!(ties[0] > 300 && ties[1] > 300 && ties[2] == 0, "{ties:?}");
    }

    #[test]
    fn without_a_choice_no_number_is_drawn() {
        let mut rng = Rng::stream(1, 2);
        let before = rng.clone().next_u64();
        assert!(draw_line(&[], 100, &mut rng).is_none());
        let one = lines(&[7]);
        assert_eq!(draw_line(&one, 100, &mut rng).unwrap().mv, one[0].mv);
        let apart = lines(&[300, 0]);
        assert_eq!(draw_line(&apart, 100, &mut rng).unwrap().mv, apart[0].mv);
        assert_eq!(rng.next_u64(), before);
    }

    #[test]
    fn multipv_plies_play_moves_drawn_among_the_lines_within_the_margin() {
        std::thread::Builder::new()
            .stack_size(engine::search::STACK_SIZE)
            .spawn(|| {
                let variant = Variant::Titan;
                let book = runner::openings::parse_set(
                    variant,
                    runner::openings::default_set(variant),
                    "default",
                )
                .unwrap();
                let multipv = MultiPv {
                    plies: 6,
                    lines: 4,
                    margin_cp: 60,
                };
                let rules = GameRules {
                    variant,
                    book: Arc::new(book),
                    random_plies: 0,
                    limit: Limit::Nodes(600),
                    max_plies: 10,
                    win_cp: 1500,
                    draw_cp: 10,
                    multipv,
                };
                let player = Player::new(variant, 1);
                let mut seat = player.seat();
                let mut not_best = 0;
                for id in 0..4 {
                    let g = seat
                        .play(&rules, 9, id, &AtomicBool::new(false))
                        .unwrap()
                        .unwrap();
                    assert_eq!(g.drawn.len() as u64, g.searched.min(6), "game {id}");
                    for (i, d) in g.drawn.iter().enumerate() {
                        assert_eq!(d.ply, i as u32);
                        assert_eq!(d.lines.len(), 4, "{d:?}");
                        assert!(d.lines.windows(2).all(|w| w[0].1 >= w[1].1), "{d:?}");
                        let best = d.lines[0].1;
                        assert!(
                            d.lines
                                .iter()
                                .any(|&(m, s)| m == d.played && s >= best - multipv.margin_cp),
                            "{d:?}"
                        );
                        not_best += usize::from(d.played != d.lines[0].0);
                    }
                }
                assert!(not_best > 0, "every drawn move was the best line's");
            })
            .unwrap()
            .join()
            .unwrap();
    }
}

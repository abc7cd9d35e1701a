//! The staged move picker: moves come out one at a time, best first, and each stage is generated
//! only when the one before it is exhausted, so a node that cuts off early never generates its
//! quiet moves.
//!
//! Main search, out of check:
//! 1. the hash move, if it is still pseudo-legal here ([`Position::is_pseudo_legal`]);
//! 2. captures and promotions to the best piece whose exchange does not lose material
//!    ([`see_ge`]), by the value of everything they remove (both victims of a double capture)
//!    plus capture history;
//! 3. the two killers and the counter-move, when pseudo-legal and quiet;
//! 4. quiet moves by butterfly and continuation history;
//! 5. the captures that lose material, and under-promotions.
//!
//! Quiescence search, out of check: the hash move when stage 2 would produce it, then stage 2
//! (losing captures and under-promotions are never searched there). In check, at any depth: the
//! legal evasions ([`Position::generate_evasions`]), hash move first, then captures, then quiet
//! moves by history.

use super::history::{CaptureHistory, Histories, PieceTo};
use super::see::see_ge;
use super::values::PieceValues;
use movegen::{Move, MoveList, Position, MAX_MOVES};

/// Score of the hash move among evasions.
const HASH_SCORE: i32 = 2_000_000_000;
/// Base score of captures among evasions (above every quiet move).
const CAPTURE_BASE: i32 = 1_000_000_000;

/// Facts about a move the search needs besides the move itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveInfo {
    /// Total material removed by the move.
    pub victims: i32,
    /// Captures or promotes.
    pub tactical: bool,
    /// Already known to be legal (evasions): the search can skip its legality test.
    pub legal: bool,
    /// From the last stage: a capture whose exchange loses material, or a promotion to a
    /// lesser piece.
    pub losing: bool,
}

/// Which moves a picker produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickerMode {
    /// Every move (main search).
    All,
    /// Captures that do not lose material and promotions to the best piece (quiescence).
    Captures,
    /// The legal moves of a position in check.
    Evasions,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    HashMove,
    GenerateCaptures,
    GoodCaptures,
    Refutations,
    GenerateQuiets,
    Quiets,
    BadCaptures,
    GenerateEvasions,
    Evasions,
    Done,
}

/// What the picker needs to know about the node, besides the position.
#[derive(Clone, Copy, Debug, Default)]
pub struct NodeContext {
    /// The hash move (checked before use).
    pub hash_move: Option<Move>,
    /// Killers of the node's ply, then the counter-move of the previous move.
    pub refutations: [Option<Move>; 3],
    /// The moves one and two plies back, as continuation-history keys.
    pub earlier: [Option<PieceTo>; 2],
}

/// A move source for one node. Kept per ply and reused ([`MovePicker::reset`]), as it is large.
pub struct MovePicker {
    stage: Stage,
    mode: PickerMode,
    ctx: NodeContext,
    list: MoveList,
    scores: [i32; MAX_MOVES],
    victims: [i32; MAX_MOVES],
    next: usize,
    refutation: usize,
    bad: MoveList,
    bad_victims: [i32; MAX_MOVES],
    bad_next: usize,
}

impl MovePicker {
    /// An empty picker (boxed: it is large).
    pub fn boxed() -> Box<MovePicker> {
        Box::new(MovePicker {
            stage: Stage::Done,
            mode: PickerMode::All,
            ctx: NodeContext::default(),
            list: MoveList::new(),
            scores: [0; MAX_MOVES],
            victims: [0; MAX_MOVES],
            next: 0,
            refutation: 0,
            bad: MoveList::new(),
            bad_victims: [0; MAX_MOVES],
            bad_next: 0,
        })
    }

    /// Starts a new node. `in_check` overrides `mode` with [`PickerMode::Evasions`].
    pub fn reset(&mut self, mode: PickerMode, in_check: bool, ctx: NodeContext) {
        self.mode = if in_check { PickerMode::Evasions } else { mode };
        self.ctx = ctx;
        self.list.clear();
        self.bad.clear();
        self.next = 0;
        self.refutation = 0;
        self.bad_next = 0;
        self.stage = match self.mode {
            PickerMode::All => Stage::HashMove,
            PickerMode::Captures => Stage::HashMove,
            PickerMode::Evasions => Stage::GenerateEvasions,
        };
    }

    /// Is `m` the hash move or one of the refutations (already produced by their stages)?
    #[inline]
    fn already_tried(&self, m: Move) -> bool {
        self.ctx.hash_move == Some(m) || self.ctx.refutations.contains(&Some(m))
    }

    /// Takes the best remaining move of `list[next..]` by score (selection sort step).
    #[inline]
    fn take_best(&mut self) -> Option<usize> {
        let n = self.list.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for j in self.next + 1..n {
            if self.scores[j] > self.scores[best] {
                best = j;
            }
        }
        let i = self.next;
        self.list.as_mut_slice().swap(i, best);
        self.scores.swap(i, best);
        self.victims.swap(i, best);
        self.next += 1;
        Some(i)
    }

    /// The next move with its facts, or `None` when the node's moves are exhausted.
    pub fn next(
        &mut self,
        pos: &Position,
        values: &PieceValues,
        hist: &Histories,
    ) -> Option<(Move, MoveInfo)> {
        loop {
            match self.stage {
                Stage::HashMove => {
                    self.stage = Stage::GenerateCaptures;
                    if let Some(m) = self.ctx.hash_move {
                        if pos.is_pseudo_legal(m) {
                            let victims = victim_value(pos, values, m);
                            let tactical = victims > 0 || m.promotion().is_some();
                            // Quiescence takes it only where its capture stage would (the
                            // capture stage skips the hash move in every mode).
                            if self.mode == PickerMode::Captures
                                && !good_tactical(pos, values, m, victims)
                            {
                                continue;
                            }
                            return Some((
                                m,
                                MoveInfo {
                                    victims,
                                    tactical,
                                    legal: false,
                                    losing: false,
                                },
                            ));
                        }
                    }
                }
                Stage::GenerateCaptures => {
                    self.list.clear();
                    self.next = 0;
                    pos.generate_captures(&mut self.list);
                    self.score_captures(pos, values, hist);
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    let Some(i) = self.take_best() else {
                        self.stage = if self.mode == PickerMode::All {
                            Stage::Refutations
                        } else {
                            Stage::Done
                        };
                        continue;
                    };
                    let m = self.list[i];
                    if self.ctx.hash_move == Some(m) {
                        continue;
                    }
                    let victims = self.victims[i];
                    if !good_tactical(pos, values, m, victims) {
                        if self.mode == PickerMode::All {
                            self.bad.push(m);
                            self.bad_victims[self.bad.len() - 1] = victims;
                        }
                        continue;
                    }
                    return Some((
                        m,
                        MoveInfo {
                            victims,
                            tactical: true,
                            legal: false,
                            losing: false,
                        },
                    ));
                }
                Stage::Refutations => {
                    if self.refutation >= self.ctx.refutations.len() {
                        self.stage = Stage::GenerateQuiets;
                        continue;
                    }
                    let k = self.refutation;
                    self.refutation += 1;
                    let Some(m) = self.ctx.refutations[k] else {
                        continue;
                    };
                    if self.ctx.hash_move == Some(m) || self.ctx.refutations[..k].contains(&Some(m))
                    {
                        continue;
                    }
                    if m.promotion().is_some() || !pos.is_pseudo_legal(m) || pos.is_capture(m) {
                        continue;
                    }
                    return Some((m, MoveInfo::default()));
                }
                Stage::GenerateQuiets => {
                    self.list.clear();
                    self.next = 0;
                    pos.generate_quiets(&mut self.list);
                    let us = pos.side_to_move();
                    for i in 0..self.list.len() {
                        let m = self.list[i];
                        let now = hist.roles.piece_to(pos, m);
                        self.scores[i] = hist.quiet_score(us, m, now, self.ctx.earlier);
                    }
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    let Some(i) = self.take_best() else {
                        self.stage = Stage::BadCaptures;
                        continue;
                    };
                    let m = self.list[i];
                    if self.already_tried(m) {
                        continue;
                    }
                    return Some((m, MoveInfo::default()));
                }
                Stage::BadCaptures => {
                    if self.bad_next >= self.bad.len() {
                        self.stage = Stage::Done;
                        continue;
                    }
                    let i = self.bad_next;
                    self.bad_next += 1;
                    return Some((
                        self.bad[i],
                        MoveInfo {
                            victims: self.bad_victims[i],
                            tactical: true,
                            legal: false,
                            losing: true,
                        },
                    ));
                }
                Stage::GenerateEvasions => {
                    self.list.clear();
                    self.next = 0;
                    pos.generate_evasions(&mut self.list);
                    self.score_evasions(pos, values, hist);
                    self.stage = Stage::Evasions;
                }
                Stage::Evasions => {
                    let Some(i) = self.take_best() else {
                        self.stage = Stage::Done;
                        continue;
                    };
                    let m = self.list[i];
                    let victims = self.victims[i];
                    return Some((
                        m,
                        MoveInfo {
                            victims,
                            tactical: victims > 0 || m.promotion().is_some(),
                            legal: true,
                            losing: false,
                        },
                    ));
                }
                Stage::Done => return None,
            }
        }
    }

    /// Scores the generated tactical moves: material removed (and promotion gain), then capture
    /// history.
    fn score_captures(&mut self, pos: &Position, values: &PieceValues, hist: &Histories) {
        for i in 0..self.list.len() {
            let m = self.list[i];
            let victims = victim_value(pos, values, m);
            let gain = m.promotion().map_or(0, |r| values.material(r));
            let history = CaptureHistory::key(pos, m).map_or(0, |k| hist.capture.get(k));
            self.victims[i] = victims;
            self.scores[i] = 8 * (victims + gain) + history / 16;
        }
    }

    /// Scores legal evasions: hash move, captures by material, quiet moves by history.
    fn score_evasions(&mut self, pos: &Position, values: &PieceValues, hist: &Histories) {
        let us = pos.side_to_move();
        for i in 0..self.list.len() {
            let m = self.list[i];
            let victims = victim_value(pos, values, m);
            self.victims[i] = victims;
            self.scores[i] = if self.ctx.hash_move == Some(m) {
                HASH_SCORE
            } else if victims > 0 {
                CAPTURE_BASE + 8 * victims - values.material(pos.moved_piece(m).role) / 8
            } else {
                let now = hist.roles.piece_to(pos, m);
                hist.quiet_score(us, m, now, self.ctx.earlier)
            };
        }
    }
}

/// Is `m` (removing `victims` of material) a capture or a promotion to the best piece whose
/// exchange does not lose material: a move of the good-capture stage?
#[inline]
fn good_tactical(pos: &Position, values: &PieceValues, m: Move, victims: i32) -> bool {
    let best_promotion = m.promotion().is_some() && m.promotion() == values.best_promotion();
    (victims > 0 || best_promotion) && see_ge(pos, m, values, 0)
}

/// Material removed by a move, summed over both victims of a double capture.
#[inline]
pub fn victim_value(pos: &Position, values: &PieceValues, m: Move) -> i32 {
    pos.captures(m)
        .iter()
        .flatten()
        .map(|(_, p)| values.material(p.role))
        .sum()
}

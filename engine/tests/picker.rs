//! The staged move picker gives every legal move exactly once (main search), whatever hash move
//! and refutations it is handed, including moves of other positions; quiescence gets only
//! captures and promotions to the best piece that do not lose material, and evasions in check.

use engine::eval::Weights;
use engine::search::history::Histories;
use engine::search::picker::{MovePicker, NodeContext, PickerMode};
use engine::search::see::see_ge;
use engine::search::values::PieceValues;
use movegen::{Move, Position, Variant};
use std::collections::HashSet;

/// A small deterministic generator (no dependency needed for a test's random playouts).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Positions along random playouts of `variant`, and a pool of moves seen along the way.
fn positions(variant: Variant, rng: &mut Lcg) -> (Vec<Position>, Vec<Move>) {
    let mut out = Vec::new();
    let mut pool = Vec::new();
    for _ in 0..12 {
        let mut pos = Position::startpos(variant);
        for _ in 0..(20 + rng.below(80)) {
            let legal = pos.legal_moves();
            if legal.is_empty() || pos.outcome().is_some() {
                break;
            }
            out.push(pos.clone());
            let m = legal[rng.below(legal.len())];
            pool.push(m);
            pos.make_move(m);
        }
    }
    (out, pool)
}

/// What each test needs for one variant: its piece values, empty histories, a picker, and the
/// positions and move pool of [`positions`].
struct Setup {
    eval: PieceValues,
    hist: Histories,
    picker: Box<MovePicker>,
    positions: Vec<Position>,
    pool: Vec<Move>,
}

impl Setup {
    fn new(variant: Variant, rng: &mut Lcg) -> Setup {
        let (positions, pool) = positions(variant, rng);
        Setup {
            eval: PieceValues::new(variant, Weights::defaults(variant).material),
            hist: Histories::new(variant),
            picker: MovePicker::boxed(),
            positions,
            pool,
        }
    }
}

fn drain(
    picker: &mut MovePicker,
    pos: &Position,
    eval: &PieceValues,
    hist: &Histories,
) -> Vec<Move> {
    let mut got = Vec::new();
    while let Some((m, info)) = picker.next(pos, eval, hist) {
        if info.legal {
            assert!(pos.is_legal(m), "{m:?} marked legal is not");
        }
        if info.legal || pos.is_legal_pseudo(m) {
            got.push(m);
        }
    }
    got
}

#[test]
fn main_search_gets_every_legal_move_once() {
    let mut rng = Lcg(7);
    for variant in Variant::ALL {
        let Setup {
            eval,
            hist,
            mut picker,
            positions,
            pool,
        } = Setup::new(variant, &mut rng);
        let pick = |rng: &mut Lcg| Some(pool[rng.below(pool.len())]);
        for pos in &positions {
            let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
            let own = |rng: &mut Lcg| Some(legal[rng.below(legal.len())]);
            let ctx = NodeContext {
                hash_move: if rng.below(2) == 0 {
                    own(&mut rng)
                } else {
                    pick(&mut rng)
                },
                refutations: [pick(&mut rng), own(&mut rng), pick(&mut rng)],
                earlier: [None, None],
            };
            picker.reset(PickerMode::All, pos.in_check(), ctx);
            let got = drain(&mut picker, pos, &eval, &hist);
            let unique: HashSet<Move> = got.iter().copied().collect();
            assert_eq!(
                unique.len(),
                got.len(),
                "{variant:?} {}: a move twice",
                pos.to_fen()
            );
            let want: HashSet<Move> = legal.iter().copied().collect();
            assert_eq!(unique, want, "{variant:?} {}", pos.to_fen());
        }
    }
}

#[test]
fn quiescence_gets_winning_captures_or_evasions() {
    let mut rng = Lcg(11);
    for variant in Variant::ALL {
        let Setup {
            eval,
            hist,
            mut picker,
            positions,
            ..
        } = Setup::new(variant, &mut rng);
        let mut captures_seen = 0;
        for pos in &positions {
            picker.reset(PickerMode::Captures, pos.in_check(), NodeContext::default());
            let got = drain(&mut picker, pos, &eval, &hist);
            let legal: HashSet<Move> = pos.legal_moves().iter().copied().collect();
            if pos.in_check() {
                let got: HashSet<Move> = got.into_iter().collect();
                assert_eq!(got, legal, "{variant:?} {}: evasions", pos.to_fen());
                continue;
            }
            for m in &got {
                assert!(legal.contains(m));
                let best_promotion =
                    m.promotion().is_some() && m.promotion() == eval.best_promotion();
                assert!(pos.is_capture(*m) || best_promotion, "{m:?} is quiet");
                assert!(see_ge(pos, *m, &eval, 0), "{m:?} loses material");
                captures_seen += 1;
            }
            // Every winning capture is there.
            for m in &legal {
                if pos.is_capture(*m) && see_ge(pos, *m, &eval, 0) {
                    assert!(
                        got.contains(m),
                        "{variant:?} {}: {m:?} missing",
                        pos.to_fen()
                    );
                }
            }
        }
        assert!(captures_seen > 0, "{variant:?}: no capture met");
    }
}

/// A hash move that is one of the quiescence captures comes first and only once, and the rest
/// are still all there; any other hash move (quiet, losing, or from another position) changes
/// nothing. Quiescence once skipped a capturing hash move altogether.
#[test]
fn quiescence_searches_a_capturing_hash_move_first() {
    let mut rng = Lcg(13);
    for variant in Variant::ALL {
        let Setup {
            eval,
            hist,
            mut picker,
            positions,
            pool,
        } = Setup::new(variant, &mut rng);
        let mut hash_captures = 0;
        for pos in positions.iter().filter(|p| !p.in_check()) {
            picker.reset(PickerMode::Captures, false, NodeContext::default());
            let plain = drain(&mut picker, pos, &eval, &hist);
            let plain_set: HashSet<Move> = plain.iter().copied().collect();
            let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
            let candidates = [
                plain.get(rng.below(plain.len().max(1))).copied(),
                Some(legal[rng.below(legal.len())]),
                Some(pool[rng.below(pool.len())]),
            ];
            for hash_move in candidates.into_iter().flatten() {
                let ctx = NodeContext {
                    hash_move: Some(hash_move),
                    ..NodeContext::default()
                };
                picker.reset(PickerMode::Captures, false, ctx);
                let got = drain(&mut picker, pos, &eval, &hist);
                let got_set: HashSet<Move> = got.iter().copied().collect();
                assert_eq!(
                    got.len(),
                    got_set.len(),
                    "{variant:?} {}: a move twice",
                    pos.to_fen()
                );
                assert_eq!(
                    got_set,
                    plain_set,
                    "{variant:?} {} hash {hash_move:?}",
                    pos.to_fen()
                );
                if plain_set.contains(&hash_move) {
                    assert_eq!(got[0], hash_move, "{variant:?} {}", pos.to_fen());
                    hash_captures += 1;
                }
            }
        }
        assert!(
            hash_captures > 0,
            "{variant:?}: no capturing hash move tried"
        );
    }
}

/// The main search's picker marks as `losing` exactly the tactical moves that the good-capture
/// stage refuses: a capture or promotion that loses material by SEE, or a promotion to a lesser
/// piece that captures nothing. The search reduces those (`LmrLosingCapture`).
#[test]
fn losing_captures_are_marked_and_only_they() {
    let mut rng = Lcg(13);
    let mut losing_seen = 0;
    for variant in Variant::ALL {
        let mut setup = Setup::new(variant, &mut rng);
        let eval = &setup.eval;
        for pos in setup.positions.iter().filter(|p| !p.in_check()) {
            setup
                .picker
                .reset(PickerMode::All, false, NodeContext::default());
            while let Some((m, info)) = setup.picker.next(pos, eval, &setup.hist) {
                let best_promotion =
                    m.promotion().is_some() && m.promotion() == eval.best_promotion();
                let good = (pos.is_capture(m) || best_promotion) && see_ge(pos, m, eval, 0);
                if info.losing {
                    losing_seen += 1;
                    assert!(info.tactical, "{variant:?} {}: {m:?}", pos.to_fen());
                    assert!(!good, "{variant:?} {}: {m:?} marked losing", pos.to_fen());
                } else if info.tactical {
                    assert!(good, "{variant:?} {}: {m:?} not marked", pos.to_fen());
                }
            }
        }
    }
    assert!(losing_seen > 0, "no losing capture in any playout");
}

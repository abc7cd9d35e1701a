//! Pawn and ninja-pawn moves come in the order the search's node counts depend on: pawn by pawn
//! (ordinary pawns, then ninja pawns, each in ascending square order), and per pawn its forward
//! moves nearest first, then its diagonal captures toward the lower file first (en passant in its
//! slot), then a ninja pawn's sideways steps toward the lower file first, promotions expanded in
//! the variant's promotion order. The generator computes pawn destinations as sets; this test
//! walks each pawn square by square with the public [`Rules::offset`] instead (RULES.md section
//! 6) and compares the lists move for move, for full, tactical, quiet and legal generation, on
//! random playouts and random placements of every variant.

mod common;

use common::{random_placement, Rng};
use movegen::{Move, MoveKind, MoveList, Piece, Position, Role, Rules, Square, Variant};

/// The pseudo-legal pawn moves of the side to move, pawn by pawn and square by square, each with
/// whether it is tactical (captures or promotes).
fn walked_pawn_moves(pos: &Position) -> Vec<(Move, bool)> {
    let r: &Rules = pos.rules();
    let us = pos.side_to_move();
    let c = us.index();
    let fwd = us.forward();
    let middle = r.middle_row[c];
    let empty = |s: Square| pos.piece_at(s).is_none();
    let enemy = |s: Square| pos.piece_at(s).is_some_and(|p| p.color != us);
    let mut out = Vec::new();
    let mut push = |from: Square, to: Square, kind: MoveKind, capture: bool| {
        if to.row() == r.promotion_row[c] {
            for &role in r.spec.promotion {
                out.push((Move::new(from, to, MoveKind::Promotion, Some(role)), true));
            }
        } else {
            out.push((Move::new(from, to, kind, None), capture));
        }
    };
    for &role in r.spec.roles.iter().filter(|r| r.is_pawnlike()) {
        let double = match role {
            Role::Pawn => r.spec.pawns.pawn_double_in_enemy_half,
            _ => r.spec.pawns.ninja_double_in_enemy_half,
        };
        for sq in r.exists {
            if pos.piece_at(sq) != Some(Piece::new(us, role)) {
                continue;
            }
            let below_middle = (sq.row() - middle) * fwd < 0;
            let enemy_half = (sq.row() - middle) * fwd > 0;
            let mut cur = sq;
            let mut steps = 0;
            while let Some(next) = r.offset(cur, 0, fwd).filter(|s| empty(*s)) {
                let run = below_middle && (next.row() - middle) * fwd <= 0;
                if !(steps == 0 || run || (enemy_half && double && steps == 1)) {
                    break;
                }
                push(sq, next, MoveKind::Normal, false);
                steps += 1;
                cur = next;
            }
            for df in [-1, 1] {
                if let Some(to) = r.offset(sq, df, fwd) {
                    if enemy(to) {
                        push(sq, to, MoveKind::Normal, true);
                    } else if role == Role::Pawn && pos.ep_squares().has(to) {
                        push(sq, to, MoveKind::EnPassant, true);
                    }
                }
            }
            if role == Role::Ninja {
                for df in [-1, 1] {
                    if let Some(to) = r.offset(sq, df, 0) {
                        if empty(to) || (enemy_half && enemy(to)) {
                            push(sq, to, MoveKind::Normal, enemy(to));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The pawn moves of a generated list, in its order.
fn pawn_moves_of(pos: &Position, list: &MoveList) -> Vec<Move> {
    let us = pos.side_to_move();
    list.iter()
        .copied()
        .filter(|m| {
            m.kind() != MoveKind::Drop
                && m.kind() != MoveKind::Castle
                && pos
                    .piece_at(m.from())
                    .is_some_and(|p| p.color == us && p.role.is_pawnlike())
        })
        .collect()
}

/// Compares every generation entry point with the walk; describes the first difference.
fn check(pos: &Position) -> Result<(), String> {
    let fen = pos.to_fen();
    let walked = walked_pawn_moves(pos);
    let pick = |keep: &dyn Fn(&(Move, bool)) -> bool| -> Vec<Move> {
        walked.iter().filter(|x| keep(x)).map(|x| x.0).collect()
    };
    let compare = |what: &str, got: Vec<Move>, want: Vec<Move>| {
        if got == want {
            return Ok(());
        }
        let uci = |v: &[Move]| -> Vec<String> { v.iter().map(|m| pos.move_to_uci(*m)).collect() };
        Err(format!(
            "{what} pawn moves of {fen}:\n  generated {:?}\n  expected  {:?}",
            uci(&got),
            uci(&want)
        ))
    };
    let mut list = MoveList::new();
    pos.generate_pseudo_legal(&mut list);
    compare("pseudo-legal", pawn_moves_of(pos, &list), pick(&|_| true))?;
    let mut list = MoveList::new();
    pos.generate_captures(&mut list);
    compare("tactical", pawn_moves_of(pos, &list), pick(&|x| x.1))?;
    let mut list = MoveList::new();
    pos.generate_quiets(&mut list);
    compare("quiet", pawn_moves_of(pos, &list), pick(&|x| !x.1))?;
    let legal = pawn_moves_of(pos, &pos.legal_moves());
    compare("legal", legal, pick(&|x| pos.is_legal(x.0)))?;
    for (m, _) in &walked {
        if !pos.is_pseudo_legal(*m) {
            return Err(format!(
                "{} rejected as pseudo-legal in {fen}",
                pos.move_to_uci(*m)
            ));
        }
    }
    Ok(())
}

fn count() -> usize {
    std::env::var("SHURIKEN_PAWN_ORDER_POSITIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000)
}

/// Random playouts (from the start position and from random placements) of one variant,
/// `count` positions in all, each checked.
fn check_variant(v: Variant, seed: u64) {
    let mut rng = Rng(seed);
    let mut seen = 0;
    let mut game = 0u64;
    while seen < count() {
        let mut pos = if game.is_multiple_of(2) {
            Position::startpos(v)
        } else {
            random_placement(v, &mut rng)
        };
        game += 1;
        for _ in 0..60 {
            if let Err(e) = check(&pos) {
                panic!("{v}: {e}");
            }
            seen += 1;
            let legal = pos.legal_moves();
            if legal.is_empty() || seen >= count() {
                break;
            }
            // Prefer pawn moves, so that runs, doubles, captures and en passant come up often.
            let pawn = pawn_moves_of(&pos, &legal);
            let m = if !pawn.is_empty() && rng.below(3) > 0 {
                pawn[rng.below(pawn.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            pos.make_move(m);
        }
    }
}

#[test]
fn pawn_order_titan() {
    check_variant(Variant::Titan, 1);
}

#[test]
fn pawn_order_hadean() {
    check_variant(Variant::Hadean, 2);
}

#[test]
fn pawn_order_raptor() {
    check_variant(Variant::Raptor, 3);
}

#[test]
fn pawn_order_octopus() {
    check_variant(Variant::Octopus, 4);
}

#[test]
fn pawn_order_chess() {
    check_variant(Variant::Chess, 5);
}

/// Positions where each special case is on the board, each checked and required to offer the
/// moves named: runs blocked part way, titan ninja doubles, sideways captures and promotions,
/// octopus doubles in the enemy half (onto the promotion rank too), raptor pawns on e0 and e11,
/// and en passant, in raptor onto the promotion rank.
#[test]
fn pawn_order_special_positions() {
    let cases: [(Variant, &str, &[&str], &[&str]); 8] = [
        (
            Variant::Titan,
            "11k/1J10/2P9/12/3Jp7/12/12/4j7/5P6/12/1J2P7/K11 w - - 0 1",
            &[],
            &[
                "b2b6", "e2e4", "d8d10", "d8e8", "d8c8", "c10c11", "b11b12q", "b11a11",
            ],
        ),
        (
            Variant::Titan,
            "11k/1J10/2P9/12/3Jp7/12/12/4j7/5P6/12/1J2P7/K11 b - - 0 1",
            &[],
            &["e5e3", "e5f4", "e5d5", "e8e7"],
        ),
        (
            Variant::Octopus,
            "k9/10/2P7/3pJq4/1P8/10/6b3/10/1J4P3/K9[] w - - 0 1",
            &[],
            &["c8c10q", "b6b8", "e7e9", "e7f7", "b2b5", "g2g3"],
        ),
        (
            Variant::Octopus,
            "k9/7j2/10/3p6/10/10/8p1/10/K9/10[] b - - 0 1",
            &[],
            &["h9h6", "d7d6", "i4i2"],
        ),
        (
            Variant::Raptor,
            "****p1****/k9/3P6/5P4/10/10/10/10/10/10/9K/****2**** b - - 0 1",
            &["e11e8"],
            &["d9e10q", "d9e10b", "f8e9"],
        ),
        (
            Variant::Raptor,
            "****2****/k9/10/10/10/10/10/10/10/10/3n5K/****P1**** w - - 0 1",
            &[],
            &["e0e5", "e0d1"],
        ),
        (
            Variant::Chess,
            "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1",
            &["d2d4"],
            &["e4d3", "e4e3"],
        ),
        (
            Variant::Chess,
            "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            &[],
            &["b7b8q", "b7b8n"],
        ),
    ];
    for (v, fen, moves, expected) in cases {
        let mut pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for text in moves {
            let m = pos
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            pos.make_move(m);
        }
        if let Err(e) = check(&pos) {
            panic!("{v}: {e}");
        }
        let walked: Vec<String> = walked_pawn_moves(&pos)
            .iter()
            .map(|(m, _)| pos.move_to_uci(*m))
            .collect();
        for m in expected {
            assert!(
                walked.iter().any(|w| w == m),
                "{v} {fen}: no {m} in {walked:?}"
            );
        }
    }
}

//! The recorded check and pin state ([`Position::checkers`], [`Position::pinned`]) and the
//! mask-based legality that uses it, against independent derivations:
//! - the checkers are exactly the enemy pieces with a pseudo-legal move (ignoring their own
//!   king) that removes the king, found by generating the opponent's moves;
//! - the pinned pieces are exactly those found by walking the king's lines square by square;
//! - legal generation equals the reference generator's in positions selected for being in
//!   check (by one plain piece, by an odd piece, twice) or having pins, in every variant, and
//!   the test asserts that each kind of position occurred, so the fallback boundary of
//!   `check_state` is exercised on both sides.

mod common;

use common::{random_placement, Rng};
use movegen::{reference, Bitboard, MoveList, Position, Role, Square, Variant};

fn sorted_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_to_uci(*m))
        .collect();
    v.sort();
    v
}

/// The enemy pieces that have a pseudo-legal move removing the side to move's king.
fn checkers_by_make_and_test(pos: &Position) -> Bitboard {
    let king = pos.king(pos.side_to_move());
    let mut flipped = pos.clone();
    flipped.make_null_move();
    let mut list = MoveList::new();
    flipped.generate_pseudo_legal(&mut list);
    let mut out = Bitboard::EMPTY;
    for &m in list.iter() {
        if m.kind() == movegen::MoveKind::Drop {
            continue;
        }
        let removes = m.to() == king
            || flipped
                .captures(m)
                .iter()
                .flatten()
                .any(|(sq, _)| *sq == king);
        if removes {
            out = out.with(m.from());
        }
    }
    out
}

/// Pieces of the side to move that are the only piece between their king and an enemy rook,
/// bishop or queen on a line, found by walking the lines.
fn pinned_by_walking(pos: &Position) -> Bitboard {
    let us = pos.side_to_move();
    let king = pos.king(us);
    let rules = pos.rules();
    let mut out = Bitboard::EMPTY;
    for (dx, dy) in [
        (0, 1),
        (1, 0),
        (0, -1),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, -1),
        (-1, 1),
    ] {
        let diagonal = dx != 0 && dy != 0;
        let mut pieces = Vec::new();
        let mut cur = king;
        while let Some(next) = cur.offset(dx, dy).filter(|s| rules.has(*s)) {
            if let Some(p) = pos.piece_at(next) {
                pieces.push((next, p));
                if pieces.len() == 2 {
                    break;
                }
            }
            cur = next;
        }
        if let [(first, mine), (_, theirs)] = pieces[..] {
            let slider = match theirs.role {
                Role::Queen => true,
                Role::Rook => !diagonal,
                Role::Bishop => diagonal,
                _ => false,
            };
            if mine.color == us && theirs.color != us && slider {
                out = out.with(first);
            }
        }
    }
    out
}

fn is_odd(role: Role) -> bool {
    matches!(
        role,
        Role::Bomber
            | Role::Raptor
            | Role::QuadBomber
            | Role::QuadRaptor
            | Role::Warmachine
            | Role::Elephant
            | Role::Snake
            | Role::Octopus
    )
}

/// How often each kind of position was met.
#[derive(Default, Debug)]
struct Seen {
    single_plain_check: usize,
    odd_or_double_check: usize,
    pins: usize,
}

/// Checks one position; returns an error text on the first disagreement.
fn check(pos: &Position, seen: &mut Seen) -> Result<(), String> {
    let fen = pos.to_fen();
    let v = pos.variant();
    let expected = checkers_by_make_and_test(pos);
    if pos.checkers() != expected {
        return Err(format!("{v} {fen}: checkers differ from make-and-test"));
    }
    if pos.in_check() != expected.any() {
        return Err(format!("{v} {fen}: in_check differs"));
    }
    if pos.pinned() != pinned_by_walking(pos) {
        return Err(format!("{v} {fen}: pinned differs from walking the lines"));
    }
    let odd = expected
        .iter()
        .any(|s| pos.piece_at(s).is_some_and(|p| is_odd(p.role)));
    let interesting = expected.any() || pos.pinned().any();
    if expected.count() == 1 && !odd {
        seen.single_plain_check += 1;
    } else if expected.any() {
        seen.odd_or_double_check += 1;
    }
    if pos.pinned().any() {
        seen.pins += 1;
    }
    if interesting {
        let reference = reference::legal_moves(v.name(), &fen)?;
        if sorted_moves(pos) != reference {
            return Err(format!("{v} {fen}: legal moves differ from the reference"));
        }
    }
    Ok(())
}

/// Random placements and short random playouts from them and from the start position.
fn run(v: Variant, placements: usize) -> Seen {
    let mut rng = Rng(0x5eed ^ v.name().len() as u64);
    let mut seen = Seen::default();
    for i in 0..placements {
        let mut pos = if i % 4 == 0 {
            Position::startpos(v)
        } else {
            random_placement(v, &mut rng)
        };
        for _ in 0..12 {
            if let Err(e) = check(&pos, &mut seen) {
                panic!("{e}");
            }
            let list = pos.legal_moves();
            if list.is_empty() {
                break;
            }
            pos.make_move(list[rng.below(list.len())]);
        }
    }
    seen
}

macro_rules! check_state_test {
    ($name:ident, $variant:expr, $odd:expr) => {
        #[test]
        fn $name() {
            let seen = run($variant, 400);
            assert!(seen.single_plain_check >= 20, "{seen:?}");
            assert!(seen.pins >= 20, "{seen:?}");
            if $odd {
                assert!(seen.odd_or_double_check >= 5, "{seen:?}");
            }
        }
    };
}

check_state_test!(check_state_titan, Variant::Titan, true);
check_state_test!(check_state_hadean, Variant::Hadean, true);
check_state_test!(check_state_raptor, Variant::Raptor, true);
check_state_test!(check_state_octopus, Variant::Octopus, true);
check_state_test!(check_state_chess, Variant::Chess, false);

fn legal(variant: Variant, fen: &str) -> Vec<String> {
    let pos = Position::from_fen(variant, fen).expect("valid FEN");
    let moves = sorted_moves(&pos);
    assert_eq!(
        moves,
        reference::legal_moves(variant.name(), fen).expect("reference")
    );
    moves
}

/// A warmachine pinned by a rook may not jump over the rook: landing beyond the pinner on the
/// pin line leaves the line open (the pin allows the squares up to the pinner only).
#[test]
fn pinned_warmachine_cannot_jump_past_its_pinner() {
    let fen = "11k/12/12/12/12/12/12/12/12/r11/M11/K11 w - - 0 1";
    let pos = Position::from_fen(Variant::Hadean, fen).expect("valid");
    assert_eq!(pos.pinned(), Bitboard::from_square(sq(&pos, "a2")));
    let moves = legal(Variant::Hadean, fen);
    // a2a3 captures the pinner; a2a4 (the always-reachable second square, over the rook) would
    // leave the file open; sideways moves leave the line.
    let warmachine: Vec<&String> = moves.iter().filter(|m| m.starts_with("a2")).collect();
    assert_eq!(warmachine, vec!["a2a3"], "{moves:?}");
}

/// A check by a single rook is answered only by capturing it, blocking, or moving the king.
#[test]
fn single_plain_check_evasions() {
    let fen = "4k3/8/8/8/4r3/8/3N4/4K3 w - - 0 1";
    let pos = Position::from_fen(Variant::Chess, fen).expect("valid");
    assert_eq!(pos.checkers(), Bitboard::from_square(sq(&pos, "e4")));
    let moves = legal(Variant::Chess, fen);
    assert!(moves.contains(&"d2e4".to_string()));
    assert!(!moves.contains(&"d2b3".to_string()));
}

fn sq(pos: &Position, name: &str) -> Square {
    pos.rules().parse_square(name).expect("square")
}

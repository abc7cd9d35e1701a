//! SAN (standard algebraic notation) for every variant:
//! - round trip: `parse_san(move_to_san(m)) == m` for every legal move of many random positions
//!   of every variant, and no two legal moves share a SAN text;
//! - chess SAN of a famous game and of hand-made positions, expected strings written by hand;
//! - the forms of the four games (drops, castling with a landing square, double captures);
//! - the parser's tolerance (annotations, `0-0`, missing marks) and its errors.

mod common;

use common::{random_placement, Rng};
use movegen::{MoveKind, Position, SanError, Variant};
use std::collections::HashSet;

fn pos(v: Variant, fen: &str) -> Position {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// How many moves of each interesting kind a round trip met (so the test proves it covered them).
#[derive(Default, Debug)]
struct Seen {
    castles: usize,
    drops: usize,
    promotions: usize,
    double_captures: usize,
    disambiguated: usize,
}

/// Checks every legal move of `p`: its SAN parses back to it, with and without the check mark
/// and with an annotation added, and no other legal move has the same SAN. Returns the count.
fn check_round_trip(p: &Position, kinds: &mut Seen) -> usize {
    let legal = p.legal_moves();
    let mut seen = HashSet::new();
    for &m in legal.iter() {
        let san = p.move_to_san(m);
        match m.kind() {
            MoveKind::Castle => kinds.castles += 1,
            MoveKind::Drop => kinds.drops += 1,
            MoveKind::Promotion => kinds.promotions += 1,
            _ => {}
        }
        if p.captures(m).iter().flatten().count() == 2 {
            kinds.double_captures += 1;
        }
        let plain = p.move_to_uci(m);
        let body = san.trim_end_matches(['+', '#']);
        let letters = body.chars().filter(|c| c.is_ascii_lowercase()).count();
        if m.kind() == MoveKind::Normal && !body.contains('x') && letters > 1 && plain.len() == 4 {
            kinds.disambiguated += 1;
        }
        assert!(
            seen.insert(san.clone()),
            "{san} written twice in {}",
            p.to_fen()
        );
        let back = p.parse_san(&san);
        assert_eq!(
            back,
            Ok(m),
            "{san} ({}) in {}",
            p.move_to_uci(m),
            p.to_fen()
        );
        let bare = san.trim_end_matches(['+', '#']);
        assert_eq!(p.parse_san(bare), Ok(m), "{bare} in {}", p.to_fen());
        assert_eq!(p.parse_san(&format!("{bare}!?")), Ok(m));
    }
    legal.len()
}

/// Kings and rooks on their home squares with every castling right (octopus: hands too).
fn castling_fen(v: Variant) -> &'static str {
    match v {
        Variant::Chess => "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        Variant::Titan => "1r4k3r1/12/12/12/12/12/12/12/12/12/12/1R4K3R1 w KQkq - 0 1",
        Variant::Hadean => "r5k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQkq - 0 1",
        Variant::Raptor => "****2****/r4k3r/2P7/10/10/10/10/10/10/7p2/R4K3R/****2**** w KQkq - 0 1",
        Variant::Octopus => "r4k3r/10/10/10/10/10/10/10/10/R4K3R[JJjj] w KQkq - 0 1",
    }
}

/// Random playouts from the start position and from random placements; every position's every
/// legal move round-trips. Returns (positions, moves) checked.
fn round_trip_variant(v: Variant, playouts: u64, plies: usize, kinds: &mut Seen) -> (usize, usize) {
    let (mut positions, mut moves) = (0, 0);
    for seed in 1..=playouts {
        let mut rng = Rng(seed * 7919 + v.index() as u64);
        let mut p = match seed % 3 {
            0 => Position::startpos(v),
            1 => random_placement(v, &mut rng),
            _ => pos(v, castling_fen(v)),
        };
        for _ in 0..plies {
            moves += check_round_trip(&p, kinds);
            positions += 1;
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            p.make_move(legal[rng.below(legal.len())]);
        }
    }
    (positions, moves)
}

#[test]
fn round_trip_every_legal_move_of_every_variant() {
    for v in Variant::ALL {
        let mut kinds = Seen::default();
        let (positions, moves) = round_trip_variant(v, 24, 60, &mut kinds);
        println!("{v}: {moves} moves of {positions} positions round-trip; {kinds:?}");
        assert!(positions > 500, "{v}: only {positions} positions");
        assert!(kinds.castles > 0 && kinds.promotions > 0, "{v}: {kinds:?}");
        assert!(kinds.disambiguated > 0, "{v}: {kinds:?}");
        if v == Variant::Octopus {
            assert!(kinds.drops > 0, "{kinds:?}");
        }
        if v == Variant::Titan {
            assert!(kinds.double_captures > 0, "{kinds:?}");
        }
    }
}

/// The "Opera game" (Morphy v. Duke Karl / Count Isouard, Paris 1858), movetext as printed in
/// chess literature: disambiguation by file (`Nbd7`), long castling, checks, mate.
#[test]
fn chess_opera_game_reads_and_writes_as_printed() {
    let text = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 \
                Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
    let mut p = Position::startpos(Variant::Chess);
    for san in text.split_whitespace() {
        let m = p.parse_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
        assert_eq!(p.move_to_san(m), san);
        p.make_move(m);
    }
    assert_eq!(
        p.to_fen(),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
    assert!(p.legal_moves().is_empty() && p.in_check());
}

/// Writes the SAN of every legal move of `fen` whose UCI text is listed, and compares.
fn assert_sans(v: Variant, fen: &str, expected: &[(&str, &str)]) {
    let p = pos(v, fen);
    for (uci, san) in expected {
        let m = p
            .parse_move(uci)
            .unwrap_or_else(|e| panic!("{uci} in {fen}: {e}"));
        assert_eq!(p.move_to_san(m), *san, "{uci} in {fen}");
        assert_eq!(p.parse_san(san), Ok(m), "{san} in {fen}");
    }
}

#[test]
fn chess_disambiguation_promotion_en_passant_castling() {
    // Queens on e4, h4 and h1 all reach e1 (with check on a5): file, rank, then both. These
    // chess strings were written by hand and confirmed with python-chess 1.x.
    assert_sans(
        Variant::Chess,
        "8/8/8/k7/4Q2Q/8/8/K6Q w - - 0 1",
        &[
            ("e4e1", "Qee1+"),
            ("h1e1", "Q1e1+"),
            ("h4e1", "Qh4e1+"),
            ("h4h5", "Qh5+"),
        ],
    );
    // Promotion with check, under-promotion, capture-promotion.
    assert_sans(
        Variant::Chess,
        "1r5k/P7/8/8/8/8/8/K7 w - - 0 1",
        &[("a7a8q", "a8=Q"), ("a7b8q", "axb8=Q+"), ("a7b8n", "axb8=N")],
    );
    // En passant and both castles.
    assert_sans(
        Variant::Chess,
        "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
        &[
            ("e5d6", "exd6"),
            ("e1g1", "O-O"),
            ("e1c1", "O-O-O"),
            ("a1a8", "Rxa8+"),
        ],
    );
}

#[test]
fn titan_castling_names_the_landing_square() {
    // King g1, rook k1, h1..j1 empty: four castles (one of them one square, one onto the rook's
    // own square) and an ordinary king step to h1.
    let fen = "k11/12/12/12/12/12/12/12/12/12/12/6K3R1 w K - 0 1";
    assert_sans(
        Variant::Titan,
        fen,
        &[
            ("g1h1k1", "O-O-h1"),
            ("g1i1", "O-O-i1"),
            ("g1j1", "O-O-j1"),
            ("g1k1", "O-O-k1"),
            ("g1h1", "Kh1"),
        ],
    );
    let p = pos(Variant::Titan, fen);
    match p.parse_san("O-O") {
        Err(SanError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 4),
        other => panic!("O-O should be ambiguous here, got {other:?}"),
    }
    assert_eq!(
        p.parse_san("0-0-i1").map(|m| p.move_to_uci(m)),
        Ok("g1i1".to_string())
    );
    assert!(matches!(
        p.parse_san("O-O-O-d1"),
        Err(SanError::Illegal { .. })
    ));
}

#[test]
fn titan_double_capture_and_ninja_pawns() {
    // Warrior e4, black pawn e5, black knight e6: the leap to e6 takes both.
    let fen = "k11/12/12/12/12/12/4n7/4p7/4W7/12/12/K11 w - - 0 1";
    let p = pos(Variant::Titan, fen);
    let m = p.parse_san("Wxe6").unwrap();
    assert_eq!(p.move_to_uci(m), "e4e6");
    assert_eq!(p.captures(m).iter().flatten().count(), 2);
    assert_sans(
        Variant::Titan,
        fen,
        &[("e4e5", "Wxe5"), ("e4e6", "Wxe6"), ("e4d4", "Wd4")],
    );
    // Ninja pawns: d4 and f4 can both step sideways to e4 (file disambiguation); the ninja pawn
    // on d7 (enemy half) captures sideways on e7 while the one on d6 captures diagonally on e7
    // (both from file d: the rank is added).
    let fen = "k11/12/12/12/12/3Jp7/3J8/12/3J1J6/12/12/K11 w - - 0 1";
    assert_sans(
        Variant::Titan,
        fen,
        &[
            ("d4e4", "Jde4"),
            ("f4e4", "Jfe4"),
            ("d7e7", "Jd7xe7"),
            ("d6e7", "Jd6xe7"),
            ("d4d5", "Jd5"),
        ],
    );
}

#[test]
fn octopus_drops_and_pushes() {
    let fen =
        "rlbcqkobhr/pppppppppp/10/10/10/4P5/10/10/PPPP1PPPPP/RLBCQKOBHR[JJJJJjjjjj] w KQkq - 0 1";
    assert_sans(
        Variant::Octopus,
        fen,
        &[
            ("J@e2", "J@e2"),
            ("J@e2e3", "J@e2-e3"),
            ("J@e2e4", "J@e2-e4"),
        ],
    );
    let p = pos(Variant::Octopus, fen);
    // The UCI-like form without the dash is read too.
    assert_eq!(
        p.parse_san("J@e2e4"),
        p.parse_move("J@e2e4").map_err(|_| unreachable_san())
    );
    assert!(matches!(
        p.parse_san("J@e2-e5"),
        Err(SanError::Illegal { .. })
    ));
    assert!(matches!(p.parse_san("N@e2"), Err(SanError::Syntax { .. })));
    // The octopus piece's letter O is not mistaken for castling.
    let m = p.parse_san("O-O");
    assert!(matches!(m, Err(SanError::Illegal { .. })), "{m:?}");
}

fn unreachable_san() -> SanError {
    SanError::Illegal {
        text: "unreachable".into(),
    }
}

#[test]
fn raptor_rank_zero_and_two_digit_ranks() {
    let p = Position::startpos(Variant::Raptor);
    // Every start move round-trips (birds on e0/f0, ranks 0..11).
    check_round_trip(&p, &mut Seen::default());
    let p = Position::startpos(Variant::Titan);
    check_round_trip(&p, &mut Seen::default());
    assert_sans(
        Variant::Titan,
        Variant::Titan.spec().start_fen,
        &[("e3e6", "e6"), ("e2d4", "Nd4")],
    );
    // An origin rank of two digits.
    let fen = "11k/12/R11/12/12/12/12/12/12/12/12/R10K w - - 0 1";
    assert_sans(Variant::Titan, fen, &[("a10a5", "R10a5"), ("a1a5", "R1a5")]);
}

#[test]
fn parser_errors_are_typed_and_never_guess() {
    let p = Position::startpos(Variant::Chess);
    for bad in [
        "", "+", "e9", "i4", "Ke", "e4=Q", "Nf3=K", "Zf3", "é4", "O-O-O-O",
    ] {
        let r = p.parse_san(bad);
        assert!(r.is_err(), "{bad:?} was accepted as {r:?}");
    }
    assert!(matches!(p.parse_san("e5"), Err(SanError::Illegal { .. })));
    assert!(matches!(p.parse_san("i4"), Err(SanError::Syntax { .. })));
    // Two knights reach d2 in this position: "Nd2" is ambiguous, never a guess.
    let p = pos(Variant::Chess, "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1");
    assert!(p.parse_san("Ne2").is_ok());
    let q = pos(Variant::Chess, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    match q.parse_san("Nd2") {
        Err(SanError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, vec!["b1d2".to_string(), "f1d2".to_string()])
        }
        other => panic!("{other:?}"),
    }
    // Tolerance: wrong or missing marks, zeros for castling, long algebraic.
    let c = pos(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let oo = c.parse_san("O-O").unwrap();
    assert_eq!(c.parse_san("0-0+"), Ok(oo));
    assert_eq!(c.parse_san("O-O?!"), Ok(oo));
    assert_eq!(c.parse_san("Ra1xa8"), c.parse_san("Rxa8+"));
}

//! Rules tests of the slow reference generator (`movegen::reference`).
//!
//! - Start-position perft against `PERFT.md` and the published chess numbers.
//! - Every worked example of the seed rule texts, set up as the words describe, with the expected
//!   moves of the piece written out by hand from the rule text. The table `EXAMPLES` and the
//!   helper `check_examples` take any generator, so a second generator can be checked against the
//!   same hand-derived lists.
//! - Double captures, castling, en passant and drops checked on the resulting FEN.
//! - Malformed FENs are rejected with an error, never a panic.

use movegen::reference::{legal_moves, perft, play, RefPosition};

const TITAN: &str = "fragyqkugarf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRAGYQKUGARF w KQkq - 0 1";
const HADEAN: &str = "rzmehqklemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEHQKLEMSR w KQkq - 0 1";
const RAPTOR: &str = "****ff****/rnbaqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w KQkq - 0 1";
const OCTOPUS: &str =
    "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[JJJJJjjjjj] w KQkq - 0 1";
const CHESS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// ---------------------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------------------

/// Start-position counts of PERFT.md, depth 1 to 4.
const START_PERFT: [(&str, &str, [u64; 4]); 4] = [
    ("titan", TITAN, [46, 2_116, 102_676, 4_980_402]),
    ("hadean", HADEAN, [44, 1_936, 89_940, 4_176_428]),
    ("raptor", RAPTOR, [38, 1_444, 59_474, 2_441_897]),
    ("octopus", OCTOPUS, [34, 1_156, 45_677, 1_798_863]),
];

fn check_perft(variant: &str, fen: &str, depth: u32, expected: u64) {
    let got = perft(variant, fen, depth).expect("start position parses");
    assert_eq!(got, expected, "{variant} perft({depth})");
}

#[test]
fn start_positions_perft_depth_1_to_3() {
    for (variant, fen, counts) in START_PERFT {
        for depth in 1..=3 {
            check_perft(variant, fen, depth, counts[depth as usize - 1]);
        }
    }
}

#[test]
#[ignore = "slow: run in release with --ignored"]
fn start_positions_perft_depth_4() {
    for (variant, fen, counts) in START_PERFT {
        check_perft(variant, fen, 4, counts[3]);
    }
}

#[test]
fn chess_start_perft_depth_1_to_4() {
    for (depth, expected) in [(1, 20), (2, 400), (3, 8_902), (4, 197_281)] {
        check_perft("chess", CHESS, depth, expected);
    }
}

#[test]
fn kiwipete_perft_depth_1_to_3() {
    for (depth, expected) in [(1, 48), (2, 2_039), (3, 97_862)] {
        check_perft("chess", KIWIPETE, depth, expected);
    }
}

#[test]
fn start_fens_round_trip() {
    for (variant, fen) in [
        ("titan", TITAN),
        ("hadean", HADEAN),
        ("raptor", RAPTOR),
        ("octopus", OCTOPUS),
        ("chess", CHESS),
        ("chess", KIWIPETE),
    ] {
        let position = RefPosition::from_fen(variant, fen).expect("parses");
        assert_eq!(position.to_fen(), fen);
        assert!(!position.in_check());
    }
}

// ---------------------------------------------------------------------------------------------
// Worked examples of the rule texts
// ---------------------------------------------------------------------------------------------

/// One worked example: in `fen` of `variant`, the legal moves that start at `from` (a square,
/// or `J@` for drops) are exactly `expected`. Each list was written by hand from the rule text.
struct Example {
    /// What the example is, and where it comes from.
    name: &'static str,
    variant: &'static str,
    fen: &'static str,
    from: &'static str,
    expected: &'static [&'static str],
}

/// The worked examples of the seed texts (and RULES.md), set up as the words describe.
const EXAMPLES: &[Example] = &[
    // ---- Flying Bomber / Bird: titan text and raptor diagram 1 ------------------------------
    // White bomber f4, own piece e4; black rook d4, pawn g4, rook h4, bishop f7, knight f1.
    // The checked black king of the text stands on f2; a side not to move may not be in check,
    // so here a black queen stands on f2 instead (see `bomber_f4_gives_check` for the king).
    // f4-f8 flies over the bishop; f4-d4 jumps own e4 and captures d4, nothing beyond; f4-h4
    // takes g4 and h4 (f4-g4 impossible); f4-f2 captures two squares away; the knight on f1 is
    // not attacked (more than 2 away, no empty square beyond on titan's edge).
    Example {
        name: "titan text: flying bomber on f4",
        variant: "titan",
        fen: "11k/12/12/12/12/5b6/12/12/3rPFpr4/12/5q6/K4n6 w - - 0 1",
        from: "f4",
        expected: &["f4f5", "f4f6", "f4f8", "f4f3", "f4f2", "f4d4", "f4h4"],
    },
    // Raptor diagram 1 on the raptor board: f0 exists there, so a piece (white bird, as in the
    // start position) stands on f0 to keep "no empty square beyond" the knight on f1.
    Example {
        name: "raptor diag 1: bird on f4",
        variant: "raptor",
        fen: "****2****/9k/10/10/5b4/10/10/3rPFpr2/10/5q4/K4n4/****1F**** w - - 0 1",
        from: "f4",
        expected: &["f4f5", "f4f6", "f4f8", "f4f3", "f4f2", "f4d4", "f4h4"],
    },
    // "If the king moves, the knight will not be under attack either": f2 empty.
    Example {
        name: "raptor diag 1: king gone from f2, knight f1 still safe",
        variant: "raptor",
        fen: "****2****/9k/10/10/5b4/10/10/3rPFpr2/10/10/K4n4/****1F**** w - - 0 1",
        from: "f4",
        expected: &["f4f5", "f4f6", "f4f8", "f4f3", "f4f2", "f4d4", "f4h4"],
    },
    // Same with f0 empty: the raptor board's extra square is an empty square beyond the knight,
    // so the bird flies over f1 and lands on f0 (RULES.md section 1: f0 is an ordinary square).
    Example {
        name: "raptor diag 1: f0 empty, fly-over onto the extra square",
        variant: "raptor",
        fen: "****2****/9k/10/10/5b4/10/10/3rPFpr2/10/10/K4n4/****2**** w - - 0 1",
        from: "f4",
        expected: &[
            "f4f5", "f4f6", "f4f8", "f4f3", "f4f2", "f4f0", "f4d4", "f4h4",
        ],
    },
    // ---- Raptor diagram 2 ----------------------------------------------------------------------
    // White bird d4, white pawn f4; black king d7, rook d8 (d9 filled: no empty square beyond),
    // rook e4, pawn d2. No check on d7; nothing to do against e4 (f4 own pawn); d4-d1 flies over
    // d2, d4-d2 lands on it.
    Example {
        name: "raptor diag 2: bird on d4 hampered",
        variant: "raptor",
        fen: "****2****/10/3p6/3r6/3k6/10/10/3FrP4/10/3p6/9K/****2**** w - - 0 1",
        from: "d4",
        expected: &[
            "d4d5", "d4d6", "d4c4", "d4b4", "d4a4", "d4d3", "d4d2", "d4d1",
        ],
    },
    // "The rook on d8 is pinned": black to move, the rook has no legal move.
    Example {
        name: "raptor diag 2: rook d8 pinned against the fly-over",
        variant: "raptor",
        fen: "****2****/10/3p6/3r6/3k6/10/10/3FrP4/10/3p6/9K/****2**** b - - 0 1",
        from: "d8",
        expected: &[],
    },
    // "If f4 was an empty square, the bomber could capture the rook".
    Example {
        name: "raptor diag 2: f4 empty, fly-over e4",
        variant: "raptor",
        fen: "****2****/10/3p6/3r6/3k6/10/10/3Fr5/10/3p6/9K/****2**** w - - 0 1",
        from: "d4",
        expected: &[
            "d4d5", "d4d6", "d4c4", "d4b4", "d4a4", "d4d3", "d4d2", "d4d1", "d4f4",
        ],
    },
    // "If there was another enemy piece on f4 instead, it could have captured both".
    Example {
        name: "raptor diag 2: enemy on f4, double capture",
        variant: "raptor",
        fen: "****2****/10/3p6/3r6/3k6/10/10/3Frp4/10/3p6/9K/****2**** w - - 0 1",
        from: "d4",
        expected: &[
            "d4d5", "d4d6", "d4c4", "d4b4", "d4a4", "d4d3", "d4d2", "d4d1", "d4f4",
        ],
    },
    // ---- Raptor diagram 3 ----------------------------------------------------------------------
    // Black bird threatening white pawns d4 and a7, the white bishop defending both and attacking
    // the bird. Our reading: bird a4, bishop c6 (sees a4, and the landing squares a8 and e4).
    Example {
        name: "raptor diag 3: black bird on a4",
        variant: "raptor",
        fen: "****2****/9k/10/10/P9/2B7/10/f2P6/10/10/9K/****2**** b - - 0 1",
        from: "a4",
        expected: &[
            "a4a5", "a4a6", "a4a8", "a4a3", "a4a2", "a4a1", "a4b4", "a4c4", "a4e4",
        ],
    },
    Example {
        name: "raptor diag 3: the bishop attacks the bird",
        variant: "raptor",
        fen: "****2****/9k/10/10/P9/2B7/10/f2P6/10/10/9K/****2**** w - - 0 1",
        from: "c6",
        expected: &[
            "c6b7", "c6a8", "c6d7", "c6e8", "c6f9", "c6g10", "c6b5", "c6a4", "c6d5", "c6e4",
            "c6f3", "c6g2", "c6h1",
        ],
    },
    // ---- Raptor (A) on d4: titan and raptor texts ----------------------------------------------
    // Black pawn b6 (a7 empty), knight g7 (h8 empty), pawn e3 and rook f2, pawn c3 with a white
    // pawn on b2. d4-a7 and d4-b6 take b6; d4-h8 takes g7; d4-f2 takes e3 and f2 (no e3 move);
    // c3 cannot be taken.
    Example {
        name: "raptor text: raptor on d4",
        variant: "raptor",
        fen: "****2****/9k/10/10/6n3/1p8/10/3A6/2p1p5/1P3r4/9K/****2**** w - - 0 1",
        from: "d4",
        expected: &["d4c5", "d4b6", "d4a7", "d4e5", "d4f6", "d4h8", "d4f2"],
    },
    // "Note that the ninja guard could have captured on c3, as well as on e3, f2, or b6 but it
    // could not have captured the knight at g7." Same layout on the titan board.
    Example {
        name: "titan text: leaping ninja guard on d4 in the raptor diagram",
        variant: "titan",
        fen: "11k/12/12/12/12/6n5/1p10/12/3G8/2p1p7/1P3r6/11K w - - 0 1",
        from: "d4",
        expected: &[
            "d4c5", "d4e5", "d4c3", "d4e3", "d4b6", "d4f6", "d4f2", "d4g5", "d4g3", "d4a5", "d4a3",
            "d4e7", "d4c7", "d4e1", "d4c1",
        ],
    },
    // ---- Quad Bomber on d4 (titan text) --------------------------------------------------------
    // Black knight e6 (e7 empty), pawn g3 (h3 empty), pawns f5 and g5, pawn c3 blocking.
    Example {
        name: "titan text: quad bomber on d4",
        variant: "titan",
        fen: "11k/12/12/12/12/12/4n7/5pp5/3U8/2p3p5/12/11K w - - 0 1",
        from: "d4",
        expected: &[
            "d4e7", "d4f3", "d4h3", "d4e2", "d4e1", "d4b5", "d4a5", "d4c6", "d4c7", "d4c8", "d4c9",
            "d4c10", "d4c11", "d4c12",
        ],
    },
    // "If f5 pawn moves, the Bomber can capture g5 pawn by landing on h5."
    Example {
        name: "titan text: quad bomber, f5 gone",
        variant: "titan",
        fen: "11k/12/12/12/12/12/4n7/6p5/3U8/2p3p5/12/11K w - - 0 1",
        from: "d4",
        expected: &[
            "d4e7", "d4f5", "d4h5", "d4f3", "d4h3", "d4e2", "d4e1", "d4b5", "d4a5", "d4c6", "d4c7",
            "d4c8", "d4c9", "d4c10", "d4c11", "d4c12",
        ],
    },
    // "If g5 pawn moves, the Bomber can capture f5 pawn by landing on g5."
    Example {
        name: "titan text: quad bomber, g5 gone",
        variant: "titan",
        fen: "11k/12/12/12/12/12/4n7/5p6/3U8/2p3p5/12/11K w - - 0 1",
        from: "d4",
        expected: &[
            "d4e7", "d4g5", "d4f3", "d4h3", "d4e2", "d4e1", "d4b5", "d4a5", "d4c6", "d4c7", "d4c8",
            "d4c9", "d4c10", "d4c11", "d4c12",
        ],
    },
    // ---- Quad Raptor on d4 (titan text) --------------------------------------------------------
    // Black pawns f7 (g8 empty), f5 (g6 empty), b5 and a6; white pawn d3 blocking; black knight
    // b1 out of reach.
    Example {
        name: "titan text: quad raptor on d4",
        variant: "titan",
        fen: "11k/12/12/12/12/5p6/p11/1p3p6/3Y8/3P8/12/1n9K w - - 0 1",
        from: "d4",
        expected: &[
            "d4e6", "d4g8", "d4c6", "d4b7", "d4a8", "d4g6", "d4f3", "d4g2", "d4h1", "d4b3", "d4a2",
        ],
    },
    // "If the pawn at a6 moves, the Quad Raptor can capture the pawn on b5 by flying over to a6."
    Example {
        name: "titan text: quad raptor, a6 gone",
        variant: "titan",
        fen: "11k/12/12/12/12/5p6/12/1p3p6/3Y8/3P8/12/1n9K w - - 0 1",
        from: "d4",
        expected: &[
            "d4e6", "d4g8", "d4c6", "d4b7", "d4a8", "d4g6", "d4f3", "d4g2", "d4h1", "d4b3", "d4a2",
            "d4a6",
        ],
    },
    // "If instead, b5 pawn moves, the Quad Raptor still cannot capture a6 pawn."
    Example {
        name: "titan text: quad raptor, b5 gone",
        variant: "titan",
        fen: "11k/12/12/12/12/5p6/p11/5p6/3Y8/3P8/12/1n9K w - - 0 1",
        from: "d4",
        expected: &[
            "d4e6", "d4g8", "d4c6", "d4b7", "d4a8", "d4g6", "d4f3", "d4g2", "d4h1", "d4b3", "d4a2",
            "d4b5",
        ],
    },
    // ---- Flying Warmachine on d5 (hadean text) -------------------------------------------------
    // Black knight (Ferz-Knight) c5, queen a5, pawns e5, f5, g5.
    Example {
        name: "hadean text: flying warmachine on d5",
        variant: "hadean",
        fen: "11k/12/12/12/12/12/12/q1hMppp5/12/12/12/11K w - - 0 1",
        from: "d5",
        expected: &[
            "d5c5", "d5b5", "d5e5", "d5f5", "d5g5", "d5d6", "d5d7", "d5d8", "d5d4", "d5d3", "d5d2",
        ],
    },
    // ---- Flying Elephant on d5 (hadean text) ---------------------------------------------------
    // Black pawns e6, f7, knight g8; knight c4, pawn b3; pawn b7. a2 lies beyond two pieces, so
    // it is reachable (RULES.md: s3 when s1 and s2 are both occupied).
    Example {
        name: "hadean text: flying elephant on d5",
        variant: "hadean",
        fen: "11k/12/12/12/6l5/1p3p6/4p7/3E8/2l9/1p10/12/11K w - - 0 1",
        from: "d5",
        expected: &[
            "d5e6", "d5f7", "d5g8", "d5c4", "d5b3", "d5a2", "d5c6", "d5b7", "d5e4", "d5f3", "d5g2",
        ],
    },
    // ---- Ferz-Sorcerer and Wazir-Sorcerer on d5 (hadean text) ----------------------------------
    // Own pawns next to the sorcerer do not stop its leaps; an own pawn on a leap square does;
    // an enemy there is captured.
    Example {
        name: "hadean text: ferz-sorcerer on d5",
        variant: "hadean",
        fen: "11k/12/12/12/1P10/6p5/3P8/2PSP7/12/12/12/11K w - - 0 1",
        from: "d5",
        expected: &[
            "d5c6", "d5e6", "d5c4", "d5e4", "d5g7", "d5g3", "d5a7", "d5a3", "d5f8", "d5f2", "d5b2",
        ],
    },
    Example {
        name: "hadean text: wazir-sorcerer on d5",
        variant: "hadean",
        fen: "11k/12/12/12/12/12/2P1P7/3Z8/12/P11/5p6/11K w - - 0 1",
        from: "d5",
        expected: &[
            "d5d6", "d5d4", "d5c5", "d5e5", "d5f8", "d5g7", "d5g3", "d5f2", "d5b2", "d5a7", "d5b8",
        ],
    },
    // ---- Sorcerer Snake on d4 (octopus text, RULES.md example) ---------------------------------
    // Black snake d4 with black pawns b3 and b2: b3 is its own piece; a2 is blocked on both
    // paths (c4,b3 and c3,b2).
    Example {
        name: "octopus text: snake on d4, a2 blocked both ways",
        variant: "octopus",
        fen: "9k/10/10/10/10/10/3c6/1p8/1p8/9K[] b - - 0 1",
        from: "d4",
        expected: &[
            "d4e6", "d4c6", "d4e2", "d4c2", "d4f5", "d4f3", "d4b5", "d4g6", "d4g2", "d4a6", "d4f7",
            "d4f1", "d4b7", "d4b1",
        ],
    },
    // b3 empty: a2 through c4,b3.
    Example {
        name: "octopus text: snake on d4, path c4,b3 open",
        variant: "octopus",
        fen: "9k/10/10/10/10/10/3c6/10/1p8/9K[] b - - 0 1",
        from: "d4",
        expected: &[
            "d4e6", "d4c6", "d4e2", "d4c2", "d4f5", "d4f3", "d4b5", "d4b3", "d4g6", "d4g2", "d4a6",
            "d4a2", "d4f7", "d4f1", "d4b7", "d4b1",
        ],
    },
    // b2 empty: a2 through c3,b2.
    Example {
        name: "octopus text: snake on d4, path c3,b2 open",
        variant: "octopus",
        fen: "9k/10/10/10/10/10/3c6/1p8/10/9K[] b - - 0 1",
        from: "d4",
        expected: &[
            "d4e6", "d4c6", "d4e2", "d4c2", "d4f5", "d4f3", "d4b5", "d4g6", "d4g2", "d4a6", "d4a2",
            "d4f7", "d4f1", "d4b7", "d4b1",
        ],
    },
    // ---- Octopus (octopus text) ----------------------------------------------------------------
    // White octopus d4; own pawn c6 and black pawn e6 on passed-through squares; black pawn g5
    // captured by landing.
    Example {
        name: "octopus text: octopus on d4",
        variant: "octopus",
        fen: "9k/10/10/10/2P1p5/6p3/3O6/10/10/9K[] w - - 0 1",
        from: "d4",
        expected: &[
            "d4g5", "d4a5", "d4g3", "d4h3", "d4i3", "d4j3", "d4e1", "d4a3", "d4c1", "d4f1", "d4b1",
            "d4g6", "d4h7", "d4i8", "d4j9", "d4g2", "d4h1", "d4a6", "d4a2",
        ],
    },
    // ---- Ninja Warrior (titan text) ------------------------------------------------------------
    // e6 and e7 black: step-capture e6 or take both on e7; d5 black with c5 empty: the leap to
    // c5 takes d5 (mandatory); own pawn f5 is leapt over to g5.
    Example {
        name: "titan text: ninja warrior on e5",
        variant: "titan",
        fen: "11k/12/12/12/12/4n7/4p7/3pWP6/12/12/12/11K w - - 0 1",
        from: "e5",
        expected: &["e5e6", "e5e7", "e5d5", "e5c5", "e5g5", "e5e4", "e5e3"],
    },
    // ---- Castling (titan, hadean, raptor, octopus texts; chess) --------------------------------
    Example {
        name: "titan text: the nine castlings of white",
        variant: "titan",
        fen: "1r4k3r1/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/1R4K3R1 w KQkq - 0 1",
        from: "g1",
        expected: &[
            "g1f1", "g1h1", "g1h1k1", "g1i1", "g1j1", "g1k1", "g1f1b1", "g1e1", "g1d1", "g1c1",
            "g1b1",
        ],
    },
    Example {
        name: "titan text: the nine castlings of black",
        variant: "titan",
        fen: "1r4k3r1/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/1R4K3R1 b KQkq - 0 1",
        from: "g12",
        expected: &[
            "g12f12",
            "g12h12",
            "g12h12k12",
            "g12i12",
            "g12j12",
            "g12k12",
            "g12f12b12",
            "g12e12",
            "g12d12",
            "g12c12",
            "g12b12",
        ],
    },
    // "King cannot pass over or land on squares attacked by enemy, but rook can": black rooks
    // attack c1 and i1.
    Example {
        name: "titan text: castling through and onto attacked squares",
        variant: "titan",
        fen: "6k5/12/12/12/2r5r3/12/12/12/12/12/PP1PPPPP1PPP/1R4K3R1 w KQ - 0 1",
        from: "g1",
        expected: &["g1f1", "g1h1", "g1h1k1", "g1f1b1", "g1e1", "g1d1"],
    },
    // RULES.md section 8: with the king gone from g1, a black quad bomber on h2 steps to g1 and
    // flies over a king on f1 (landing e1); with the king on g1 it attacks nothing there.
    Example {
        name: "RULES.md 8: transit test with the king's origin empty",
        variant: "titan",
        fen: "6k5/12/12/12/12/12/12/12/12/12/PPPPPPPuPPPP/1R4K3R1 w KQ - 0 1",
        from: "g1",
        expected: &["g1h1", "g1h2", "g1h1k1", "g1i1", "g1j1", "g1k1", "g1f1b1"],
    },
    Example {
        name: "hadean text: the nine castlings",
        variant: "hadean",
        fen: "r5k4r/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/R5K4R w KQkq - 0 1",
        from: "g1",
        expected: &[
            "g1f1", "g1h1", "g1h1l1", "g1i1", "g1j1", "g1k1", "g1f1a1", "g1e1", "g1d1", "g1c1",
            "g1b1",
        ],
    },
    Example {
        name: "raptor text: the seven castlings (and the king steps to e0, f0)",
        variant: "raptor",
        fen: "****2****/r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R/****2**** w KQkq - 0 1",
        from: "f1",
        expected: &[
            "f1e1", "f1g1", "f1e0", "f1f0", "f1g1j1", "f1h1", "f1i1", "f1e1a1", "f1d1", "f1c1",
            "f1b1",
        ],
    },
    Example {
        name: "raptor text: black's seven castlings (and the king steps to e11, f11)",
        variant: "raptor",
        fen: "****2****/r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R/****2**** b KQkq - 0 1",
        from: "f10",
        expected: &[
            "f10e10",
            "f10g10",
            "f10e11",
            "f10f11",
            "f10g10j10",
            "f10h10",
            "f10i10",
            "f10e10a10",
            "f10d10",
            "f10c10",
            "f10b10",
        ],
    },
    Example {
        name: "octopus text: the seven castlings",
        variant: "octopus",
        fen: "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R[] w KQkq - 0 1",
        from: "f1",
        expected: &[
            "f1e1", "f1g1", "f1g1j1", "f1h1", "f1i1", "f1e1a1", "f1d1", "f1c1", "f1b1",
        ],
    },
    Example {
        name: "chess: castling",
        variant: "chess",
        fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        from: "e1",
        expected: &["e1d1", "e1f1", "e1d2", "e1e2", "e1f2", "e1g1", "e1c1"],
    },
    // ---- Pawns and en passant (titan text; hadean and raptor say the same) ---------------------
    // "the white pawn at g3 can start g3-g6 or ... move g3-h4 to capture enemy piece at h4
    // followed by h4-h6 next time it moves."
    Example {
        name: "titan text: pawn g3",
        variant: "titan",
        fen: "11k/12/12/12/12/12/12/12/7p4/6P5/12/11K w - - 0 1",
        from: "g3",
        expected: &["g3g4", "g3g5", "g3g6", "g3h4"],
    },
    Example {
        name: "titan text: pawn h4",
        variant: "titan",
        fen: "11k/12/12/12/12/12/12/12/7P4/12/12/11K w - - 0 1",
        from: "h4",
        expected: &["h4h5", "h4h6"],
    },
    Example {
        name: "titan text: pawn on the middle rank moves one square",
        variant: "titan",
        fen: "11k/12/12/12/12/2P9/6P5/12/12/12/12/11K w - - 0 1",
        from: "g6",
        expected: &["g6g7"],
    },
    Example {
        name: "titan: pawn beyond the middle rank moves one square",
        variant: "titan",
        fen: "11k/12/12/12/12/2P9/6P5/12/12/12/12/11K w - - 0 1",
        from: "c7",
        expected: &["c7c8"],
    },
    // "White pawn on a3 black pawn on b5. White a3 - a6 (or a5)".
    Example {
        name: "titan text: en passant, pawn a3 before its move",
        variant: "titan",
        fen: "11k/12/12/12/12/12/12/1p10/12/P11/12/11K w - - 0 1",
        from: "a3",
        expected: &["a3a4", "a3a5", "a3a6"],
    },
    // After a3-a6 the black pawn on b5 captures "as if it had moved to a4".
    Example {
        name: "titan text: en passant after a3-a6, pawn b5",
        variant: "titan",
        fen: "11k/12/12/12/12/12/P11/1p10/12/12/12/11K b - a4a5 0 1",
        from: "b5",
        expected: &["b5b4", "b5a4"],
    },
    Example {
        name: "titan text: en passant after a3-a5, pawn b5",
        variant: "titan",
        fen: "11k/12/12/12/12/12/12/Pp10/12/12/12/11K b - a4 0 1",
        from: "b5",
        expected: &["b5b4", "b5a4"],
    },
    // "black pawn on b6 instead and white plays a3-a6 then the black pawn can capture the white
    // pawn as if it moved to a5."
    Example {
        name: "titan text: en passant after a3-a6, pawn b6",
        variant: "titan",
        fen: "11k/12/12/12/12/12/Pp10/12/12/12/12/11K b - a4a5 0 1",
        from: "b6",
        expected: &["b6b5", "b6a5"],
    },
    // "Note in this case the white pawn can still avoid the black pawn by moving to a4 instead."
    Example {
        name: "titan text: no en passant after a3-a4",
        variant: "titan",
        fen: "11k/12/12/12/12/12/1p10/12/P11/12/12/11K b - - 0 1",
        from: "b6",
        expected: &["b6b5"],
    },
    // "white pawn on a4 and black pawn on b6. White plays a4-a6, black pawn on b6 can capture
    // the pawn en passant by moving to a5."
    Example {
        name: "titan text: pawn a4 before its two-square move",
        variant: "titan",
        fen: "11k/12/12/12/12/12/1p10/12/P11/12/12/11K w - - 0 1",
        from: "a4",
        expected: &["a4a5", "a4a6"],
    },
    Example {
        name: "titan text: en passant after a4-a6",
        variant: "titan",
        fen: "11k/12/12/12/12/12/Pp10/12/12/12/12/11K b - a5 0 1",
        from: "b6",
        expected: &["b6b5", "b6a5"],
    },
    // Octopus: "a pawn can start at e2 push forward to e5 then make one step to e6 then go e8".
    Example {
        name: "octopus text: pawn e2",
        variant: "octopus",
        fen: "9k/10/10/10/6P3/2P7/10/10/4P5/9K[] w - - 0 1",
        from: "e2",
        expected: &["e2e3", "e2e4", "e2e5"],
    },
    Example {
        name: "octopus text: pawn on the middle rank",
        variant: "octopus",
        fen: "9k/10/10/10/6P3/2P7/10/10/4P5/9K[] w - - 0 1",
        from: "c5",
        expected: &["c5c6"],
    },
    Example {
        name: "octopus text: pawn in the enemy half, one or two squares",
        variant: "octopus",
        fen: "9k/10/10/10/6P3/2P7/10/10/4P5/9K[] w - - 0 1",
        from: "g6",
        expected: &["g6g7", "g6g8"],
    },
    // "if a pawn makes the two step pawn move and bypasses an enemy pawn, it can be captured
    // en-passant": after e6-e8 the black pawn d8 takes on e7.
    Example {
        name: "octopus text: en passant after the enemy-half two-step",
        variant: "octopus",
        fen: "9k/10/3pP5/10/10/10/10/10/10/9K[] b - e7 0 1",
        from: "d8",
        expected: &["d8d7", "d8d6", "d8e7"],
    },
    // ---- Ninja pawns (titan, hadean, octopus texts) --------------------------------------------
    // "White can on each turn move from c2-c3, c3-d3 and d3-d6."
    Example {
        name: "titan text: ninja pawn c2",
        variant: "titan",
        fen: "11k/12/12/12/12/12/12/12/12/3J8/2J9/11K w - - 0 1",
        from: "c2",
        expected: &["c2c3", "c2c4", "c2c5", "c2c6", "c2b2", "c2d2"],
    },
    Example {
        name: "titan text: ninja pawn d3",
        variant: "titan",
        fen: "11k/12/12/12/12/12/12/12/12/3J8/2J9/11K w - - 0 1",
        from: "d3",
        expected: &["d3d4", "d3d5", "d3d6", "d3c3", "d3e3"],
    },
    // On the middle rank: one forward, sideways moves, diagonal capture; no sideways capture.
    Example {
        name: "titan text: ninja pawn on the middle rank",
        variant: "titan",
        fen: "11k/12/12/12/12/5p6/3pJ7/12/12/12/12/11K w - - 0 1",
        from: "e6",
        expected: &["e6e7", "e6f6", "e6f7"],
    },
    // Enemy half: 1 or 2 forward, sideways move and capture, diagonal capture.
    Example {
        name: "titan text: ninja pawn in the enemy half",
        variant: "titan",
        fen: "11k/12/12/5n6/3pJ7/12/12/12/12/12/12/11K w - - 0 1",
        from: "e8",
        expected: &["e8e9", "e8e10", "e8d8", "e8f8", "e8f9"],
    },
    // Hadean: "Once it passes the middle, the ninja pawn can only move 1 square forward".
    Example {
        name: "hadean text: ninja pawn in the enemy half",
        variant: "hadean",
        fen: "11k/12/12/5h6/3pJ7/12/12/12/12/12/12/11K w - - 0 1",
        from: "e8",
        expected: &["e8e9", "e8d8", "e8f8", "e8f9"],
    },
    // Octopus: "Thus White can on each turn move from e2-e3, e3-d3 and d3-d5."
    Example {
        name: "octopus text: ninja pawn d3",
        variant: "octopus",
        fen: "9k/10/10/4J5/10/10/10/3J6/10/9K[] w - - 0 1",
        from: "d3",
        expected: &["d3d4", "d3d5", "d3c3", "d3e3"],
    },
    Example {
        name: "octopus text: ninja pawn in the enemy half",
        variant: "octopus",
        fen: "9k/10/10/4J5/10/10/10/3J6/10/9K[] w - - 0 1",
        from: "e7",
        expected: &["e7e8", "e7e9", "e7d7", "e7f7"],
    },
    // "The ninja pawn promotes on the last row ... to any piece" (RULES.md: titan's list).
    Example {
        name: "titan text: ninja pawn promotion",
        variant: "titan",
        fen: "11k/4J7/12/12/12/12/12/12/12/12/12/11K w - - 0 1",
        from: "e11",
        expected: &[
            "e11e12q", "e11e12r", "e11e12b", "e11e12n", "e11e12w", "e11e12g", "e11e12f", "e11e12a",
            "e11e12u", "e11e12y", "e11d11", "e11f11",
        ],
    },
    // ---- Drops (octopus text) ------------------------------------------------------------------
    // Empty squares of the second rank: c2 and e2; c4 is occupied.
    Example {
        name: "octopus text: drops and drop-and-push, white",
        variant: "octopus",
        fen: "5k4/pppp1ppppp/10/10/10/10/2R7/10/PP1P1PPPPP/5K4[JJj] w - - 0 1",
        from: "J@",
        expected: &["J@c2", "J@c2c3", "J@e2", "J@e2e3", "J@e2e4", "J@e2e5"],
    },
    Example {
        name: "octopus text: drops and drop-and-push, black",
        variant: "octopus",
        fen: "5k4/pppp1ppppp/10/10/10/10/2R7/10/PP1P1PPPPP/5K4[JJj] b - - 0 1",
        from: "J@",
        expected: &["J@e9", "J@e9e8", "J@e9e7", "J@e9e6"],
    },
    Example {
        name: "octopus: nothing to drop",
        variant: "octopus",
        fen: "5k4/pppp1ppppp/10/10/10/10/2R7/10/PP1P1PPPPP/5K4[j] w - - 0 1",
        from: "J@",
        expected: &[],
    },
    // RULES.md: "A drop may block a check": the black rook on f8 checks along the f-file.
    Example {
        name: "RULES.md: a drop blocks a check",
        variant: "octopus",
        fen: "k9/10/5r4/10/10/10/10/10/PPPPP1PPPP/5K4[J] w - - 0 1",
        from: "J@",
        expected: &["J@f2", "J@f2f3", "J@f2f4", "J@f2f5"],
    },
];

/// Is `mv` a move starting at `from` (a square name, or `J@`)? `a1` must not match `a12a11`.
fn starts_at(mv: &str, from: &str) -> bool {
    mv.strip_prefix(from)
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
}

/// Checks every example against a generator `gen(variant, fen) -> legal move strings`.
fn check_examples(gen: impl Fn(&str, &str) -> Vec<String>) {
    let mut failures = Vec::new();
    for example in EXAMPLES {
        let mut got: Vec<String> = gen(example.variant, example.fen)
            .into_iter()
            .filter(|mv| starts_at(mv, example.from))
            .collect();
        got.sort();
        let mut expected: Vec<String> = example.expected.iter().map(|s| s.to_string()).collect();
        expected.sort();
        let mut unique = expected.clone();
        unique.dedup();
        assert_eq!(
            unique, expected,
            "{}: duplicate expected move",
            example.name
        );
        if got != expected {
            let missing: Vec<&String> = expected.iter().filter(|m| !got.contains(m)).collect();
            let extra: Vec<&String> = got.iter().filter(|m| !expected.contains(m)).collect();
            failures.push(format!(
                "{}: missing {missing:?}, unexpected {extra:?}",
                example.name
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The fast generator's legal moves, as sorted strings.
fn fast_legal_moves(variant: &str, fen: &str) -> Vec<String> {
    let v = movegen::Variant::from_name(variant).unwrap_or_else(|e| panic!("{e}"));
    let pos =
        movegen::Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"));
    let mut out: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_to_uci(*m))
        .collect();
    out.sort();
    out
}

/// The fast generator's position after a move, as FEN.
fn fast_play(variant: &str, fen: &str, mv: &str) -> String {
    let v = movegen::Variant::from_name(variant).unwrap_or_else(|e| panic!("{e}"));
    let mut pos =
        movegen::Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"));
    let m = pos
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{variant} {fen}: {e}"));
    pos.make_move(m);
    pos.to_fen()
}

#[test]
fn worked_examples_fast_generator() {
    check_examples(fast_legal_moves);
}

#[test]
fn worked_examples_reference() {
    check_examples(|variant, fen| {
        legal_moves(variant, fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
    });
}

// ---------------------------------------------------------------------------------------------
// Resulting positions: double captures, castling, en passant, drops
// ---------------------------------------------------------------------------------------------

/// The FEN letter on `square` (`None` when empty), read straight from the FEN text.
fn piece_at(variant: &str, fen: &str, square: &str) -> Option<char> {
    let highest = match variant {
        "chess" => 8,
        "octopus" => 10,
        "raptor" => 11,
        _ => 12,
    };
    let file = usize::from(square.as_bytes()[0] - b'a');
    let rank: usize = square[1..].parse().expect("square rank");
    let board = fen.split([' ', '[']).next().expect("board");
    let row = board.split('/').nth(highest - rank).expect("row");
    let mut cells = Vec::new();
    let mut digits = String::new();
    for c in row.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            let run: usize = digits.parse().expect("run");
            cells.extend(std::iter::repeat_n(None, run));
            digits.clear();
        }
        cells.push(Some(c));
    }
    if !digits.is_empty() {
        let run: usize = digits.parse().expect("run");
        cells.extend(std::iter::repeat_n(None, run));
    }
    cells[file]
}

/// The position after a move; the fast generator must agree with the reference.
fn played(variant: &str, fen: &str, mv: &str) -> String {
    let reference = play(variant, fen, mv).unwrap_or_else(|e| panic!("{variant} {fen} {mv}: {e}"));
    assert_eq!(
        fast_play(variant, fen, mv),
        reference,
        "fast vs reference after {mv} in {fen}"
    );
    reference
}

/// Plays `mv` and checks the pieces on the given squares afterwards.
fn check_after(variant: &str, fen: &str, mv: &str, squares: &[(&str, Option<char>)]) {
    let after = played(variant, fen, mv);
    for (square, expected) in squares {
        assert_eq!(
            piece_at(variant, &after, square),
            *expected,
            "{mv} in {fen}: {square} in {after}"
        );
    }
}

#[test]
fn double_and_fly_over_captures_remove_their_victims() {
    // Bomber f4-h4 removes the pawn g4 and the rook h4.
    let titan_bomber = "11k/12/12/12/12/5b6/12/12/3rPFpr4/12/5q6/K4n6 w - - 0 1";
    check_after(
        "titan",
        titan_bomber,
        "f4h4",
        &[("f4", None), ("g4", None), ("h4", Some('F'))],
    );
    // f4-d4 jumps its own piece: e4 stays, d4 is taken.
    check_after(
        "titan",
        titan_bomber,
        "f4d4",
        &[("e4", Some('P')), ("d4", Some('F'))],
    );
    // f4-f8 flies over the bishop f7.
    check_after(
        "titan",
        titan_bomber,
        "f4f8",
        &[("f7", None), ("f8", Some('F'))],
    );
    let raptor_bird = "****2****/9k/10/10/5b4/10/10/3rPFpr2/10/5q4/K4n4/****1F**** w - - 0 1";
    check_after(
        "raptor",
        raptor_bird,
        "f4h4",
        &[("g4", None), ("h4", Some('F'))],
    );
    check_after(
        "raptor",
        raptor_bird,
        "f4f2",
        &[("f3", None), ("f2", Some('F')), ("f1", Some('n'))],
    );
    // Fly-over onto the extra square f0.
    check_after(
        "raptor",
        "****2****/9k/10/10/5b4/10/10/3rPFpr2/10/10/K4n4/****2**** w - - 0 1",
        "f4f0",
        &[("f1", None), ("f0", Some('F'))],
    );
    // Diagram 2: enemy on f4 as well: both e4 and f4 go.
    check_after(
        "raptor",
        "****2****/10/3p6/3r6/3k6/10/10/3Frp4/10/3p6/9K/****2**** w - - 0 1",
        "d4f4",
        &[("e4", None), ("f4", Some('F'))],
    );
    // Diagram 2: d4-d1 flies over the pawn d2.
    check_after(
        "raptor",
        "****2****/10/3p6/3r6/3k6/10/10/3FrP4/10/3p6/9K/****2**** w - - 0 1",
        "d4d1",
        &[("d2", None), ("d1", Some('F'))],
    );
    // Raptor d4-f2 removes the pawn e3 and the rook f2; d4-a7 flies over b6.
    let raptor_d4 = "****2****/9k/10/10/6n3/1p8/10/3A6/2p1p5/1P3r4/9K/****2**** w - - 0 1";
    check_after(
        "raptor",
        raptor_d4,
        "d4f2",
        &[("e3", None), ("f2", Some('A'))],
    );
    check_after(
        "raptor",
        raptor_d4,
        "d4a7",
        &[("b6", None), ("a7", Some('A'))],
    );
    check_after(
        "raptor",
        raptor_d4,
        "d4h8",
        &[("g7", None), ("h8", Some('A'))],
    );
    // Guard d4-f2: the same double capture.
    check_after(
        "titan",
        "11k/12/12/12/12/6n5/1p10/12/3G8/2p1p7/1P3r6/11K w - - 0 1",
        "d4f2",
        &[("e3", None), ("f2", Some('G'))],
    );
    // Quad bomber: e6 flown over to e7; g3 flown over to h3.
    let quad = "11k/12/12/12/12/12/4n7/5pp5/3U8/2p3p5/12/11K w - - 0 1";
    check_after("titan", quad, "d4e7", &[("e6", None), ("e7", Some('U'))]);
    check_after("titan", quad, "d4h3", &[("g3", None), ("h3", Some('U'))]);
    // Quad raptor: f7 flown over to g8.
    check_after(
        "titan",
        "11k/12/12/12/12/5p6/p11/1p3p6/3Y8/3P8/12/1n9K w - - 0 1",
        "d4g8",
        &[("f7", None), ("g8", Some('Y'))],
    );
    // Warrior: e5-e7 takes e6 and e7; e5-c5 takes d5 (mandatory).
    let warrior = "11k/12/12/12/12/4n7/4p7/3pWP6/12/12/12/11K w - - 0 1";
    check_after("titan", warrior, "e5e7", &[("e6", None), ("e7", Some('W'))]);
    check_after("titan", warrior, "e5c5", &[("d5", None), ("c5", Some('W'))]);
    check_after(
        "titan",
        warrior,
        "e5g5",
        &[("f5", Some('P')), ("g5", Some('W'))],
    );
    // Elephant and warmachine never affect the pieces they jump.
    check_after(
        "hadean",
        "11k/12/12/12/6l5/1p3p6/4p7/3E8/2l9/1p10/12/11K w - - 0 1",
        "d5g8",
        &[("e6", Some('p')), ("f7", Some('p')), ("g8", Some('E'))],
    );
    check_after(
        "hadean",
        "11k/12/12/12/12/12/12/q1hMppp5/12/12/12/11K w - - 0 1",
        "d5b5",
        &[("c5", Some('h')), ("b5", Some('M'))],
    );
}

#[test]
fn exact_fens_after_moves() {
    // Titan castlings.
    let titan = "1r4k3r1/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/1R4K3R1 w KQkq - 0 1";
    let cases = [
        (
            "g1k1",
            "1r4k3r1/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/1R7RK1 b kq - 1 1",
        ),
        (
            "g1h1k1",
            "1r4k3r1/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/1R4RK4 b kq - 1 1",
        ),
        (
            "g1b1",
            "1r4k3r1/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/1KR7R1 b kq - 1 1",
        ),
        (
            "g1f1b1",
            "1r4k3r1/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/5KR3R1 b kq - 1 1",
        ),
        (
            "g1i1",
            "1r4k3r1/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/1R5RK3 b kq - 1 1",
        ),
        (
            "g1h1",
            "1r4k3r1/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/1R5K2R1 b kq - 1 1",
        ),
    ];
    for (mv, expected) in cases {
        assert_eq!(played("titan", titan, mv), expected, "{mv}");
    }
    // Black castles: the fullmove number grows.
    assert_eq!(
        played(
            "titan",
            "1r4k3r1/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/1R4K3R1 b KQkq - 0 1",
            "g12d12"
        ),
        "3kr5r1/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/1R4K3R1 w KQ - 1 2"
    );
    // Raptor: king to the extra square f0 loses both rights.
    assert_eq!(
        played(
            "raptor",
            "****2****/r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R/****2**** w KQkq - 0 1",
            "f1f0"
        ),
        "****2****/r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R8R/****1K**** b kq - 1 1"
    );
    // Chess.
    assert_eq!(
        played("chess", CHESS, "e2e4"),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(
        played("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 9", "e1c1"),
        "r3k2r/8/8/8/8/8/8/2KR3R b kq - 6 9"
    );
    // A rook move loses its own right only.
    assert_eq!(
        played("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 9", "a1a5"),
        "r3k2r/8/8/R7/8/8/8/4K2R b Kkq - 6 9"
    );
    // Capturing a rook on its home square removes that right.
    assert_eq!(
        played("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 9", "h1h8"),
        "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 9"
    );
    // A double capture that removes a rook from its home square removes that right too.
    assert_eq!(
        played(
            "titan",
            "1r4k3r1/10p1/10F1/12/12/12/12/12/12/12/12/6K5 w kq - 0 1",
            "k10k12"
        ),
        "1r4k3F1/12/12/12/12/12/12/12/12/12/12/6K5 b q - 0 1"
    );
}

#[test]
fn en_passant_fields_and_captures() {
    // a3-a6 writes both passed-over squares, in the order passed.
    let a3_b5 = "11k/12/12/12/12/12/12/1p10/12/P11/12/11K w - - 0 1";
    assert_eq!(
        played("titan", a3_b5, "a3a6"),
        "11k/12/12/12/12/12/P11/1p10/12/12/12/11K b - a4a5 0 1"
    );
    assert_eq!(
        played("titan", a3_b5, "a3a5"),
        "11k/12/12/12/12/12/12/Pp10/12/12/12/11K b - a4 0 1"
    );
    assert_eq!(
        played("titan", a3_b5, "a3a4"),
        "11k/12/12/12/12/12/12/1p10/P11/12/12/11K b - - 0 1"
    );
    // The en-passant capture removes the pawn that moved.
    assert_eq!(
        played(
            "titan",
            "11k/12/12/12/12/12/P11/1p10/12/12/12/11K b - a4a5 0 1",
            "b5a4"
        ),
        "11k/12/12/12/12/12/12/12/p11/12/12/11K w - - 0 2"
    );
    assert_eq!(
        played(
            "titan",
            "11k/12/12/12/12/12/Pp10/12/12/12/12/11K b - a4a5 0 1",
            "b6a5"
        ),
        "11k/12/12/12/12/12/12/p11/12/12/12/11K w - - 0 2"
    );
    // Written even when no enemy pawn can capture.
    assert_eq!(
        played(
            "titan",
            "11k/12/12/12/12/12/12/12/7P4/12/12/11K w - - 3 7",
            "h4h6"
        ),
        "11k/12/12/12/12/12/7P4/12/12/12/12/11K b - h5 0 7"
    );
    // The right lasts one move only.
    let after = played(
        "titan",
        "11k/12/12/12/12/12/P11/1p10/12/12/12/11K b - a4a5 0 1",
        "l12k12",
    );
    assert_eq!(after, "10k1/12/12/12/12/12/P11/1p10/12/12/12/11K w - - 1 2");
    // Octopus: the enemy-half two-step creates an en-passant square.
    assert_eq!(
        played(
            "octopus",
            "9k/10/3p6/10/4P5/10/10/10/10/9K[] w - - 0 1",
            "e6e8"
        ),
        "9k/10/3pP5/10/10/10/10/10/10/9K[] b - e7 0 1"
    );
    assert_eq!(
        played(
            "octopus",
            "9k/10/3pP5/10/10/10/10/10/10/9K[] b - e7 0 1",
            "d8e7"
        ),
        "9k/10/10/4p5/10/10/10/10/10/9K[] w - - 0 2"
    );
    // Ninja pawns create no en-passant squares and are never taken en passant.
    assert_eq!(
        played(
            "titan",
            "11k/12/12/12/12/12/12/1p10/12/J11/12/11K w - - 0 1",
            "a3a6"
        ),
        "11k/12/12/12/12/12/J11/1p10/12/12/12/11K b - - 0 1"
    );
    // Promotion moves create none either (octopus e8-e10 is a two-square move).
    assert_eq!(
        played(
            "octopus",
            "9k/10/4P5/10/10/10/10/10/10/9K[] w - - 0 1",
            "e8e10q"
        ),
        "4Q4k/10/10/10/10/10/10/10/10/9K[] b - - 0 1"
    );
}

#[test]
fn drops_change_hand_and_board() {
    let fen = "5k4/pppp1ppppp/10/10/10/10/2R7/10/PP1P1PPPPP/5K4[JJj] w - - 4 9";
    assert_eq!(
        played("octopus", fen, "J@e2e4"),
        "5k4/pppp1ppppp/10/10/10/10/2R1J5/10/PP1P1PPPPP/5K4[Jj] b - - 0 9"
    );
    assert_eq!(
        played("octopus", fen, "J@c2"),
        "5k4/pppp1ppppp/10/10/10/10/2R7/10/PPJP1PPPPP/5K4[Jj] b - - 0 9"
    );
    let black = "5k4/pppp1ppppp/10/10/10/10/2R7/10/PP1P1PPPPP/5K4[JJj] b - - 4 9";
    assert_eq!(
        played("octopus", black, "J@e9e7"),
        "5k4/pppp1ppppp/10/4j5/10/10/2R7/10/PP1P1PPPPP/5K4[JJ] w - - 0 10"
    );
    // In the start position every second-rank square is full: no drops.
    let moves = legal_moves("octopus", OCTOPUS).expect("start");
    assert!(moves.iter().all(|m| !m.starts_with("J@")));
}

#[test]
fn check_and_checkmate_by_special_pieces() {
    // Titan text: "The bomber IS giving check to the king since it is exactly 2 squares away".
    // With white to move, black would be in check: the FEN is rejected.
    let king_on_f2 = "****2****/10/10/10/5b4/10/10/3rPFpr2/10/5k4/K4n4/****1F****";
    let err = RefPosition::from_fen("raptor", &format!("{king_on_f2} w - - 0 1"))
        .expect_err("black in check with white to move");
    assert!(err.contains("check"), "{err}");
    let black_to_move =
        RefPosition::from_fen("raptor", &format!("{king_on_f2} b - - 0 1")).expect("parses");
    assert!(black_to_move.in_check());
    // Diagram 2: the king on d7 is not in check (no empty square behind it, not 2 away).
    let diag2 = RefPosition::from_fen(
        "raptor",
        "****2****/10/3p6/3r6/3k6/10/10/3FrP4/10/3p6/9K/****2**** b - - 0 1",
    )
    .expect("parses");
    assert!(!diag2.in_check());
    // RULES.md 8: a warrior two squares from the king attacks it, whatever stands between.
    let warrior = RefPosition::from_fen(
        "titan",
        "11k/12/12/12/12/12/12/4k7/4P7/4W7/12/11K b - - 0 1",
    );
    assert!(
        warrior.is_err(),
        "white to move there would be fine; black king e5 sits 2 from W"
    );
    let warrior =
        RefPosition::from_fen("titan", "11K/12/12/12/12/12/12/4k7/4P7/4W7/12/12 b - - 0 1")
            .expect("parses");
    assert!(warrior.in_check());
    // Warmachine: s3 only with s1 and s2 both empty or both occupied (RULES.md 8).
    let m_one_blocker = RefPosition::from_fen(
        "hadean",
        "11K/12/12/12/12/12/12/12/4k7/4p7/12/4M7 b - - 0 1",
    )
    .expect("parses");
    assert!(!m_one_blocker.in_check());
    let m_two_blockers = RefPosition::from_fen(
        "hadean",
        "11K/12/12/12/12/12/12/12/4k7/4p7/4P7/4M7 b - - 0 1",
    )
    .expect("parses");
    assert!(m_two_blockers.in_check());
    // Checkmate: no legal move and attacked (chess fool's mate).
    let mate = RefPosition::from_fen(
        "chess",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    )
    .expect("parses");
    assert!(mate.in_check());
    assert!(mate.legal_moves().is_empty());
}

// ---------------------------------------------------------------------------------------------
// Malformed FENs
// ---------------------------------------------------------------------------------------------

#[test]
fn malformed_fens_are_rejected() {
    let bad: &[(&str, &str)] = &[
        ("shogi", CHESS),
        ("chess", ""),
        ("chess", "   "),
        ("chess", "garbage"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKXNR w KQkq - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - a b"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq z3 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/008/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 99999999999999999999"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - -1 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/ä/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        // Kings: two white, none black.
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBKR w - - 0 1"),
        ("chess", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
        // Pawns on or beyond the promotion rank.
        ("chess", "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1"),
        ("chess", "rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNp w - - 0 1"),
        ("titan", "J10k/12/12/12/12/12/12/12/12/12/12/11K w - - 0 1"),
        ("raptor", "****P1****/9k/10/10/10/10/10/10/10/10/9K/****2**** w - - 0 1"),
        ("raptor", "****2****/4P4k/10/10/10/10/10/10/10/10/9K/****2**** w - - 0 1"),
        ("raptor", "****2****/9k/10/10/10/10/10/10/10/10/9K/****p1**** w - - 0 1"),
        // A letter of another variant.
        ("hadean", "11k/12/12/12/12/12/12/12/12/12/12/W10K w - - 0 1"),
        ("chess", "4k3/8/8/8/8/8/8/J3K3 w - - 0 1"),
        ("raptor", "****2****/9k/10/10/10/10/10/10/10/10/J8K/****2**** w - - 0 1"),
        // Raptor's missing squares.
        ("raptor", "F***ff****/rnbaqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w - - 0 1"),
        ("raptor", "10/rnbaqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w - - 0 1"),
        ("raptor", "****ff****/*nbaqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w - - 0 1"),
        ("raptor", "rnbaqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR w - - 0 1"),
        ("raptor", "****ff*****/rnbaqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w - - 0 1"),
        // Hands.
        ("titan", "11k/12/12/12/12/12/12/12/12/12/12/11K[] w - - 0 1"),
        ("octopus", "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR w KQkq - 0 1"),
        ("octopus", "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[JP] w KQkq - 0 1"),
        ("octopus", "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[JJ w KQkq - 0 1"),
        ("octopus", "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[J]] w KQkq - 0 1"),
        // Castling rights that do not fit.
        ("chess", "r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1"),
        ("chess", "r3k2r/8/8/8/8/8/8/R4K1R w Q - 0 1"),
        ("titan", "1r4k3r1/12/12/12/12/12/12/12/12/12/12/R5K3R1 w Q - 0 1"),
        ("hadean", "r5k4r/12/12/12/12/12/12/12/12/12/12/R5K3R1 w K - 0 1"),
        // The side not to move is in check.
        ("chess", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
        ("titan", "11k/12/12/12/12/12/12/12/12/12/12/9K1k w - - 0 1"),
    ];
    for (variant, fen) in bad {
        let result = RefPosition::from_fen(variant, fen);
        assert!(result.is_err(), "{variant} {fen:?} accepted: {result:?}");
        assert!(legal_moves(variant, fen).is_err());
        assert!(perft(variant, fen, 1).is_err());
    }
    // Illegal or unknown move strings are an error too.
    assert!(play("chess", CHESS, "e2e5").is_err());
    assert!(play("chess", CHESS, "").is_err());
    assert!(play("chess", CHESS, "J@e2").is_err());
}

#[test]
fn optional_clocks() {
    let position = RefPosition::from_fen("chess", "4k3/8/8/8/8/8/8/4K3 w - -").expect("parses");
    assert_eq!(position.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

/// Every truncation and many one-character edits of valid FENs: never a panic; whatever
/// parses also generates moves and writes a FEN that parses again to the same position.
#[test]
fn mutated_fens_never_panic() {
    let seeds = [
        ("titan", TITAN),
        ("hadean", HADEAN),
        ("raptor", RAPTOR),
        ("octopus", OCTOPUS),
        ("chess", KIWIPETE),
        (
            "titan",
            "11k/12/12/12/12/12/P11/1p10/12/12/12/11K b - a4a5 0 1",
        ),
        ("octopus", "9k/10/3pP5/10/10/10/10/10/10/9K[] b - e7 0 1"),
    ];
    let edits = [
        '/', '1', '2', '9', '*', ' ', '[', ']', '-', 'K', 'k', 'P', 'p', 'J', 'F', 'x', 'ß',
    ];
    for (variant, fen) in seeds {
        let chars: Vec<char> = fen.chars().collect();
        let mut candidates: Vec<String> = (0..chars.len())
            .map(|n| chars[..n].iter().collect())
            .collect();
        for i in 0..chars.len() {
            for edit in edits {
                let mut mutated = chars.clone();
                mutated[i] = edit;
                candidates.push(mutated.into_iter().collect());
            }
            let mut removed = chars.clone();
            removed.remove(i);
            candidates.push(removed.into_iter().collect());
        }
        for candidate in candidates {
            if let Ok(position) = RefPosition::from_fen(variant, &candidate) {
                let written = position.to_fen();
                let again = RefPosition::from_fen(variant, &written)
                    .unwrap_or_else(|e| panic!("{written}: {e}"));
                assert_eq!(again, position, "{candidate}");
                let _ = position.legal_moves();
                let _ = position.in_check();
            }
        }
    }
}

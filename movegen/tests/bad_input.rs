//! Every FEN error class of RULES.md section 4, garbled and illegal moves, unknown variants:
//! each gives an error with a message, never a panic.

use movegen::{FenError, MoveError, Position, Variant};

const TITAN: &str =
    "fragyqkugarf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRAGYQKUGARF w KQkq - 0 1";

fn err(v: Variant, fen: &str) -> FenError {
    match Position::from_fen(v, fen) {
        Ok(p) => panic!("accepted bad FEN {fen}: {p:?}"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e
        }
    }
}

#[test]
fn bad_row_length() {
    let e = err(
        Variant::Chess,
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(
        matches!(
            e,
            FenError::RowLength {
                rank: 7,
                expected: 8,
                found: 7
            }
        ),
        "{e}"
    );
    let e = err(Variant::Titan, &TITAN.replacen("/12/", "/13/", 1));
    assert!(matches!(e, FenError::RowLength { .. }), "{e}");
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
    );
    assert!(
        matches!(
            e,
            FenError::RowCount {
                expected: 8,
                found: 7
            }
        ),
        "{e}"
    );
}

#[test]
fn unknown_letter() {
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
    );
    assert_eq!(e, FenError::UnknownLetter('X'));
    // A real piece letter of another game is unknown in this one.
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNW w Qkq - 0 1",
    );
    assert!(
        matches!(e, FenError::PieceNotInVariant { letter: 'W', .. }),
        "{e}"
    );
}

#[test]
fn piece_on_missing_square() {
    let e = err(
        Variant::Raptor,
        "f***ff****/rnbaqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w KQkq - 0 1",
    );
    assert!(matches!(e, FenError::MissingSquare(_)), "{e}");
    // A digit never covers a missing square.
    let e = err(
        Variant::Raptor,
        "10/rnbaqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w KQkq - 0 1",
    );
    assert!(matches!(e, FenError::MissingSquare(_)), "{e}");
    // '*' on a square that exists.
    let e = err(
        Variant::Raptor,
        "****ff****/rnbaqkabnr/ppppppppp*/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w KQkq - 0 1",
    );
    assert!(matches!(e, FenError::MissingSquare(_)), "{e}");
}

#[test]
fn kings_must_be_exactly_one_per_side() {
    let e = err(
        Variant::Chess,
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
    );
    assert_eq!(
        e,
        FenError::KingCount {
            color: "black",
            count: 0
        }
    );
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
    );
    assert_eq!(
        e,
        FenError::KingCount {
            color: "white",
            count: 2
        }
    );
}

#[test]
fn pawns_on_or_beyond_promotion_rank() {
    let e = err(
        Variant::Chess,
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
    );
    assert!(matches!(e, FenError::PawnOnPromotionRank { .. }), "{e}");
    let e = err(
        Variant::Titan,
        &TITAN
            .replacen("fragyqkugarf", "fragyqkugarJ", 1)
            .replacen("KQkq", "KQq", 1),
    );
    assert!(matches!(e, FenError::PawnOnPromotionRank { .. }), "{e}");
    // Raptor: a black pawn on rank 0 is beyond its promotion rank 1.
    let e = err(
        Variant::Raptor,
        "****ff****/rnbaqkabnr/ppppppppp1/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****pF**** w Qkq - 0 1",
    );
    assert!(matches!(e, FenError::PawnOnPromotionRank { .. }), "{e}");
}

#[test]
fn hand_only_in_octopus_and_always_there() {
    let e = err(Variant::Titan, &TITAN.replacen(" w", "[] w", 1));
    assert!(matches!(e, FenError::Hand(_)), "{e}");
    let e = err(
        Variant::Octopus,
        "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR w KQkq - 0 1",
    );
    assert!(matches!(e, FenError::Hand(_)), "{e}");
    let e = err(
        Variant::Octopus,
        "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[JQ] w KQkq - 0 1",
    );
    assert!(matches!(e, FenError::Hand(_)), "{e}");
    let e = err(
        Variant::Octopus,
        "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[JJ w KQkq - 0 1",
    );
    assert!(matches!(e, FenError::Hand(_)), "{e}");
    assert!(Position::from_fen(
        Variant::Octopus,
        "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[] w KQkq - 0 1"
    )
    .is_ok());
}

#[test]
fn castling_rights_must_fit() {
    // Titan's king-side rook is on k1, not l1.
    let e = err(
        Variant::Titan,
        "fragyqkugarf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRAGYQKUGAF1 w KQkq - 0 1",
    );
    assert!(matches!(e, FenError::Castling(_)), "{e}");
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w K - 0 1",
    );
    assert!(matches!(e, FenError::Castling(_)), "{e}");
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1",
    );
    assert!(matches!(e, FenError::Castling(_)), "{e}");
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1",
    );
    assert!(matches!(e, FenError::Castling(_)), "{e}");
}

#[test]
fn side_not_to_move_in_check() {
    let e = err(
        Variant::Chess,
        "4k3/8/8/8/8/8/8/4KR2 w - - 0 1"
            .replace("4KR2", "4RK2")
            .as_str(),
    );
    assert_eq!(e, FenError::OpponentInCheck("black"));
    // A flying bomber two squares away attacks whatever stands between (titan).
    let e = err(
        Variant::Titan,
        "6k5/6p5/6F5/12/12/12/12/12/12/12/12/K11 w - - 0 1",
    );
    assert_eq!(e, FenError::OpponentInCheck("black"));
}

#[test]
fn en_passant_field_must_fit() {
    // White titan pawn g3-g6 passed g4 and g5.
    let ok = "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 b - g4g5 0 1";
    let pos = Position::from_fen(Variant::Titan, ok).expect("valid en-passant field");
    assert_eq!(pos.to_fen(), ok);
    for bad in [
        "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 b - g5g4 0 1",
        "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 b - g4 0 1",
        "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 b - h4h5 0 1",
        "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 w - g4g5 0 1",
        "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 b - z9 0 1",
        "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 b - \u{e9} 0 1",
    ] {
        let e = err(Variant::Titan, bad);
        assert!(matches!(e, FenError::EnPassant(_)), "{bad}: {e}");
    }
}

#[test]
fn other_fields() {
    assert!(matches!(err(Variant::Chess, ""), FenError::FieldCount(0)));
    assert!(matches!(
        err(Variant::Chess, "8/8/8/8/8/8/8/8 w"),
        FenError::FieldCount(2)
    ));
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    );
    assert!(matches!(e, FenError::Side(_)), "{e}");
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1",
    );
    assert!(matches!(e, FenError::Clock { .. }), "{e}");
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999",
    );
    assert!(matches!(e, FenError::Clock { .. }), "{e}");
    let e = err(Variant::Titan, &TITAN.replacen("/12/", "/012/", 1));
    assert!(matches!(e, FenError::BadNumber(_)), "{e}");
    let long = format!("{} w - - 0 1", "1".repeat(10_000));
    let _ = err(Variant::Titan, &long);
    // Clocks may be omitted.
    assert!(Position::from_fen(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
    )
    .is_ok());
}

#[test]
fn garbled_and_illegal_moves() {
    let pos = Position::startpos(Variant::Titan);
    for garbled in [
        "", "e", "zz", "a13a14", "a1", "e2e4e5e6", "J@", "Q@e2", "e3e4x", "ééé", "a0a1",
    ] {
        match pos.parse_move(garbled) {
            Err(MoveError::Syntax { .. }) => {}
            other => panic!("{garbled:?} gave {other:?}"),
        }
    }
    // Drops only in octopus.
    assert!(matches!(
        pos.parse_move("J@e2"),
        Err(MoveError::Syntax { .. })
    ));
    for illegal in ["e3e8", "g1g2", "a3a3", "e3e7q", "g1h1k1"] {
        match pos.parse_move(illegal) {
            Err(MoveError::Illegal(_)) => {}
            other => panic!("{illegal:?} gave {other:?}"),
        }
    }
    assert!(pos.parse_move("g3g6").is_ok());
    let oct = Position::startpos(Variant::Octopus);
    assert!(matches!(oct.parse_move("J@e2"), Err(MoveError::Illegal(_))));
    assert!(matches!(oct.parse_move("J@e3"), Err(MoveError::Illegal(_))));
}

#[test]
fn unknown_variant() {
    let e = Variant::from_name("shogi").unwrap_err();
    assert!(e.to_string().contains("shogi"));
    assert_eq!(Variant::from_name("Titan"), Ok(Variant::Titan));
}

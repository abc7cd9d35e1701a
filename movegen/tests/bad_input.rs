//! Every FEN error class of RULES.md section 4, garbled and illegal moves, unknown variants:
//! each gives its exact typed error (with the fields that locate the problem), never a panic.

use movegen::{
    CastlingError, EnPassantError, FenError, HandError, HoleError, MoveError, MoveSyntaxError,
    NotInVariant, Position, SquareName, UciMove, Variant,
};

const TITAN: &str =
    "fragyqkugarf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRAGYQKUGARF w KQkq - 0 1";

fn err(v: Variant, fen: &str) -> FenError {
    match Position::from_fen(v, fen) {
        Ok(p) => panic!("accepted bad FEN {fen}: {p:?}"),
        Err(e) => e,
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
    assert_eq!(
        e,
        FenError::Hole(HoleError::PieceOnHole {
            letter: 'f',
            square: "a11".into()
        })
    );
    assert_eq!(
        e.to_string(),
        "FEN board: piece 'f' on a11, a square that does not exist"
    );
    // A digit never covers a missing square.
    let e = err(
        Variant::Raptor,
        "10/rnbaqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w KQkq - 0 1",
    );
    assert_eq!(e, FenError::Hole(HoleError::EmptyRunOverHole { rank: 11 }));
    // '*' on a square that exists.
    let e = err(
        Variant::Raptor,
        "****ff****/rnbaqkabnr/ppppppppp*/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w KQkq - 0 1",
    );
    assert_eq!(
        e,
        FenError::Hole(HoleError::HoleOnSquare {
            square: "j9".into()
        })
    );
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
    assert_eq!(
        e,
        FenError::Hand(HandError::Unexpected { variant: "titan" })
    );
    let e = err(
        Variant::Octopus,
        "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR w KQkq - 0 1",
    );
    assert_eq!(e, FenError::Hand(HandError::Missing { variant: "octopus" }));
    let e = err(
        Variant::Octopus,
        "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[JQ] w KQkq - 0 1",
    );
    assert_eq!(e, FenError::Hand(HandError::NotDroppable('Q')));
    let e = err(
        Variant::Octopus,
        "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[JJ w KQkq - 0 1",
    );
    assert_eq!(
        e,
        FenError::Hand(HandError::NotBracketed {
            found: "[JJ".into()
        })
    );
    let full_hand = format!(
        "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[{}] w KQkq - 0 1",
        "J".repeat(65)
    );
    assert_eq!(
        err(Variant::Octopus, &full_hand),
        FenError::Hand(HandError::TooMany { max: 64 })
    );
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
    assert_eq!(
        e,
        FenError::Castling(CastlingError::RookNotHome {
            right: 'K',
            color: "white",
            square: "k1".into()
        })
    );
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w K - 0 1",
    );
    assert_eq!(
        e,
        FenError::Castling(CastlingError::KingNotHome {
            right: 'K',
            color: "white",
            square: "e1".into()
        })
    );
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1",
    );
    assert_eq!(e, FenError::Castling(CastlingError::UnknownChar('X')));
    let e = err(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1",
    );
    assert_eq!(e, FenError::Castling(CastlingError::Repeated('K')));
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
    let no_pawn = |mover: &'static str, square: &str| EnPassantError::NoPawn {
        mover,
        square: square.into(),
    };
    let white = EnPassantError::NotConsecutive { mover: "white" };
    for (bad, expected) in [
        ("6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 b - g5g4 0 1", white),
        (
            "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 b - g4 0 1",
            no_pawn("white", "g4"),
        ),
        (
            "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 b - h4h5 0 1",
            no_pawn("white", "h5"),
        ),
        (
            "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 w - g4g5 0 1",
            EnPassantError::NotConsecutive { mover: "black" },
        ),
        (
            "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 b - z9 0 1",
            EnPassantError::NotASquare("z9".into()),
        ),
        (
            "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 b - \u{e9} 0 1",
            EnPassantError::NotASquareList {
                found: "\\u{e9}".into(),
            },
        ),
        (
            "6k5/12/12/12/12/12/6P5/12/12/12/12/6K5 b - g4g5g6 0 1",
            EnPassantError::Occupied("g6".into()),
        ),
    ] {
        assert_eq!(
            err(Variant::Titan, bad),
            FenError::EnPassant(expected),
            "{bad}"
        );
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
    assert_eq!(
        err(Variant::Titan, &long),
        FenError::TooLong {
            len: 10_010,
            max: 2048
        }
    );
    // An over-long FEN with the right number of fields is reported as too long, not as a
    // field count of 4 to 6.
    let padded = format!(
        "{} w - - 0 {}",
        "8/".repeat(7) + "K6k",
        "0".repeat(3000) + "1"
    );
    assert!(matches!(
        err(Variant::Chess, &padded),
        FenError::TooLong { max: 2048, .. }
    ));
    // Clocks may be omitted.
    assert!(Position::from_fen(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
    )
    .is_ok());
}

#[test]
fn garbled_and_illegal_moves() {
    use MoveSyntaxError as S;
    let pos = Position::startpos(Variant::Titan);
    let sq = |file, rank| SquareName { file, rank };
    let syntax: [(&str, MoveSyntaxError); 9] = [
        ("", S::Empty),
        ("e", S::MissingRank { file: 'e' }),
        // Syntax first: "zz" is a file letter without a rank, not a bad promotion letter.
        ("zz", S::MissingRank { file: 'z' }),
        (
            "a1",
            S::SquareCount {
                form: "a move",
                expected: "two squares (three for a one-square castle)",
                found: 1,
            },
        ),
        (
            "e2e4e5e6",
            S::SquareCount {
                form: "a move",
                expected: "two squares (three for a one-square castle)",
                found: 4,
            },
        ),
        (
            "J@",
            S::SquareCount {
                form: "a drop",
                expected: "one or two squares",
                found: 0,
            },
        ),
        ("Q@e2", S::NotANinjaDrop),
        ("ééé", S::UnexpectedChar { found: 'é', at: 1 }),
        ("e2e04", S::BadRank("04".into())),
    ];
    for (text, reason) in syntax {
        assert_eq!(
            pos.parse_move(text),
            Err(MoveError::Syntax {
                text: text.into(),
                reason
            }),
            "{text:?}"
        );
    }
    let not_in = |text: &str, reason| MoveError::NotInVariant {
        text: text.into(),
        variant: "titan",
        reason,
    };
    assert_eq!(
        pos.parse_move("a13a14"),
        Err(not_in("a13a14", NotInVariant::Square(sq('a', 13))))
    );
    assert_eq!(
        pos.parse_move("a0a1"),
        Err(not_in("a0a1", NotInVariant::Square(sq('a', 0))))
    );
    assert_eq!(
        pos.parse_move("e3e4x"),
        Err(not_in("e3e4x", NotInVariant::Promotion('x')))
    );
    // Drops only in octopus.
    assert_eq!(
        pos.parse_move("J@e2"),
        Err(not_in("J@e2", NotInVariant::NoDrops))
    );
    for illegal in ["e3e8", "g1g2", "a3a3", "e3e7q", "g1h1k1", "0000"] {
        assert_eq!(
            pos.parse_move(illegal),
            Err(MoveError::Illegal(illegal.into())),
            "{illegal:?}"
        );
    }
    // The message names the move once.
    assert_eq!(
        pos.parse_move("e2e4").unwrap_err().to_string(),
        "'e2e4' is not legal in this position"
    );
    assert!(pos.parse_move("g3g6").is_ok());
    let oct = Position::startpos(Variant::Octopus);
    assert!(matches!(oct.parse_move("J@e2"), Err(MoveError::Illegal(_))));
    assert!(matches!(oct.parse_move("J@e3"), Err(MoveError::Illegal(_))));
}

#[test]
fn move_shapes_round_trip_through_text() {
    for text in [
        "e2e4", "a11a12q", "g1h1k1", "J@e2", "J@e2e4", "0000", "e0f1",
    ] {
        let m = UciMove::parse(text).unwrap();
        assert_eq!(m.to_string(), text);
    }
    // Every legal move of every start position reads back as itself.
    for v in Variant::ALL {
        let pos = Position::startpos(v);
        for &m in pos.legal_moves().iter() {
            let text = pos.move_to_uci(m);
            assert_eq!(pos.parse_move(&text), Ok(m), "{v} {text}");
        }
    }
}

#[test]
fn unknown_variant() {
    let e = Variant::from_name("shogi").unwrap_err();
    assert!(e.to_string().contains("shogi"));
    assert_eq!(Variant::from_name("Titan"), Ok(Variant::Titan));
}

#[test]
fn play_checks_the_move_and_leaves_the_position_on_refusal() {
    let mut pos = Position::startpos(Variant::Chess);
    let before = pos.to_fen();
    // A knight move of the start position, then the same move again: no longer legal.
    let m = pos.parse_move("g1f3").unwrap();
    assert_eq!(pos.play(m), Ok(()));
    let after = pos.to_fen();
    assert_ne!(after, before);
    assert_eq!(pos.play(m), Err(MoveError::Illegal("g1f3".into())));
    assert_eq!(pos.to_fen(), after);
    // A move of another piece's square, never generated anywhere.
    let bogus = movegen::Move::normal(m.to(), m.from());
    let black_reply = pos.clone();
    assert!(pos.play(bogus).is_err());
    assert_eq!(pos.to_fen(), black_reply.to_fen());
}

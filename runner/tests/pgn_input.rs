//! PGN input: the reader (tags, SAN and old coordinate movetext, comments, variations, NAGs,
//! several games, typed errors with game and move) and PGN opening sets.

use movegen::{Position, Variant};
use runner::openings::{is_pgn, parse_pgn_set};
use runner::pgn_read::{read_pgn, PgnError};
use runner::record::GameResult;
use std::path::Path;

/// A PGN of two chess games in the forms other tools write: comments, nested variations, NAGs,
/// `;` comments, an escape line, glued move numbers, `0-0`, annotation marks.
const TWO_GAMES: &str = r#"% written by some tool
[Event "casual"]
[Site "?"]
[Date "1858.??.??"]
[Round "?"]
[White "Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1.e4 e5 2. Nf3 d6 {Philidor} 3. d4 Bg4?! $6 (3... exd4 4. Nxd4 (4. Qxd4 {ok}) Nf6) 4.dxe5
Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+
Nbd7 12. 0-0-0 Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+! Nxb8 17. Rd8# 1-0

[Event "second"]
[Variant "Standard"]
[FEN "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 12"]
[SetUp "1"]
[Result "*"]

12... O-O ; a line comment
13. O-O-O *
"#;

#[test]
fn reads_several_games_with_comments_variations_and_nags() {
    let games = read_pgn(TWO_GAMES, None).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("White"), Some("Morphy"));
    assert_eq!(games[0].moves.len(), 33);
    assert_eq!(games[0].result, Some(GameResult::WhiteWins));
    assert_eq!(
        games[0].end_position().to_fen(),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
    assert_eq!(games[1].variant, Variant::Chess);
    assert_eq!(games[1].result, None);
    assert_eq!(
        games[1].end_position().to_fen(),
        "r4rk1/8/8/8/8/8/8/2KR3R b - - 2 13"
    );
}

#[test]
fn reads_the_old_coordinate_movetext_the_runner_wrote() {
    // As the runner wrote it before SAN (f22433f): coordinates, `{score/depth time}` comments,
    // the one-square castle with its rook square (the rook lands on g1, beside the king on h1),
    // a drop with push.
    let titan = r#"[Event "shuriken match"]
[Variant "titan"]
[FEN "k11/12/12/12/12/12/12/12/12/12/12/6K3R1 w K - 0 1"]
[SetUp "1"]
[Termination "max moves"]
[Result "1/2-1/2"]

1. g1h1k1 {+0.10/3 0.010s} a12b12 {-0.10/3 0.010s} 1/2-1/2
"#;
    let g = &read_pgn(titan, None).unwrap()[0];
    assert_eq!(g.variant, Variant::Titan);
    assert_eq!(
        g.end_position().to_fen(),
        "1k10/12/12/12/12/12/12/12/12/12/12/6RK4 w - - 2 2"
    );
    let octopus = "[Variant \"octopus\"]\n\n1. e2e5 e9e6 2. J@e2e4 J@e9e7 *\n";
    let g = &read_pgn(octopus, None).unwrap()[0];
    assert_eq!(g.moves.len(), 4);
    let mut p = Position::startpos(Variant::Octopus);
    for san in ["e5", "e6", "J@e2-e4", "J@e9-e7"] {
        let m = p.parse_san(san).unwrap();
        p.make_move(m);
    }
    assert_eq!(g.end_position().to_fen(), p.to_fen());
}

#[test]
fn bad_input_is_a_typed_error_naming_game_and_move() {
    // Game 2, black's 2nd move is illegal.
    let text = "1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 2. c4 Ke7 3. Nc3 *\n";
    match read_pgn(text, None) {
        Err(PgnError::Move {
            game: 2,
            number: 2,
            dots: "...",
            ref text,
            ..
        }) if text == "Ke7" => {}
        other => panic!("{other:?}"),
    }
    let msg = read_pgn(text, None).unwrap_err().to_string();
    assert!(msg.starts_with("PGN game 2, move 2... \"Ke7\""), "{msg}");
    // Truncated in a move, in a comment, in a variation, in a tag.
    let cut = "[Event \"x\"]\n\n1. e4 e5 2. N";
    assert!(matches!(
        read_pgn(cut, None),
        Err(PgnError::Move {
            game: 1,
            number: 2,
            dots: ".",
            ..
        })
    ));
    let cases = [
        ("1. e4 {unfinished", "a comment"),
        ("1. e4 (1. d4 d5", "a variation"),
        ("1. e4 (1. d4 {x", "a comment"),
        ("[Event \"x", "a tag pair"),
    ];
    for (text, what) in cases {
        assert_eq!(
            read_pgn(text, None).unwrap_err(),
            PgnError::Unterminated { game: 1, what },
            "{text}"
        );
    }
    assert!(matches!(
        read_pgn("[Event x]\n1. e4 *", None),
        Err(PgnError::Tag { game: 1, .. })
    ));
    assert!(matches!(
        read_pgn("1. e4 } *", None),
        Err(PgnError::Unmatched { symbol: '}', .. })
    ));
    assert!(matches!(
        read_pgn("[Variant \"shogi\"]\n1. e4 *", None),
        Err(PgnError::Variant { game: 1, .. })
    ));
    assert!(matches!(
        read_pgn("[FEN \"8/8 w - -\"]\n*", None),
        Err(PgnError::Fen { game: 1, .. })
    ));
    assert!(matches!(
        read_pgn("[Variant \"titan\"]\n*", Some(Variant::Raptor)),
        Err(PgnError::WrongVariant {
            expected: Variant::Raptor,
            found: Variant::Titan,
            ..
        })
    ));
    // An ambiguous move is never guessed.
    let amb = "[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n1. Nd2 *";
    let err = read_pgn(amb, None).unwrap_err().to_string();
    assert!(err.contains("ambiguous"), "{err}");
}

#[test]
fn what_the_writer_writes_the_reader_reads() {
    // Round trip through the writer for a game of each variant: random legal moves.
    use runner::pgn::game_to_pgn;
    use runner::record::{GameRecord, PlyRecord, Termination};
    for v in Variant::ALL {
        let start = Position::startpos(v);
        let mut p = start.clone();
        let mut moves = Vec::new();
        let mut seed = 12345u64 + v.index() as u64;
        for _ in 0..60 {
            let legal = p.legal_moves();
            if legal.is_empty() || p.outcome().is_some() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = legal[(seed >> 33) as usize % legal.len()];
            moves.push(m);
            p.make_move(m);
        }
        let mut q = start.clone();
        let plies = moves
            .iter()
            .map(|&m| {
                let mv = q.move_to_uci(m);
                q.make_move(m);
                PlyRecord {
                    mv,
                    score: None,
                    depth: None,
                    time_ms: 1,
                    nodes: None,
                }
            })
            .collect();
        let g = GameRecord {
            pair: 0,
            game: 0,
            round: 0,
            pairing: 0,
            pairing_engines: [0, 1],
            opening: 0,
            variant: v.name().into(),
            white: "w".into(),
            black: "b".into(),
            white_engine: 0,
            black_engine: 1,
            fen: start.to_fen(),
            result: GameResult::Draw,
            termination: Termination::MaxMoves,
            reason: String::new(),
            time_control: ["-".into(), "-".into()],
            moves: plies,
            latency_ms: [None, None],
            duration_ms: 0,
            date: None,
        };
        let pgn = game_to_pgn(&g, "rt");
        let back = read_pgn(&pgn, None).unwrap_or_else(|e| panic!("{v}: {e}\n{pgn}"));
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].variant, v);
        assert_eq!(back[0].moves, moves, "{v}\n{pgn}");
        assert_eq!(back[0].result, Some(GameResult::Draw));
    }
}

#[test]
fn pgn_opening_sets_use_the_position_after_the_moves() {
    assert!(is_pgn(Path::new("book.PGN"), "e4 e5"));
    assert!(is_pgn(
        Path::new("book.txt"),
        "\n# c\n[Event \"x\"]\n1. e4 *"
    ));
    assert!(!is_pgn(
        Path::new("book.epd"),
        "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - -"
    ));
    let set = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 Nf6 2. c4 *\n";
    let fens = parse_pgn_set(Variant::Chess, set, "book.pgn").unwrap();
    assert_eq!(
        fens,
        vec![
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
            "rnbqkb1r/pppppppp/5n2/8/2PP4/8/PP2PPPP/RNBQKBNR b KQkq c3 0 2",
        ]
    );
    // Games of the four variants without a Variant tag take the match's variant.
    let titan = parse_pgn_set(Variant::Titan, "1. e6 e7 *", "t.pgn").unwrap();
    assert_eq!(titan.len(), 1);
    // Errors name the file and the game.
    let err = parse_pgn_set(Variant::Chess, "1. e4 *\n\n1. e5 *", "book.pgn")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("book.pgn: PGN game 2, move 1. \"e5\""),
        "{err}"
    );
    let mate = "1. f3 e5 2. g4 Qh4# 0-1";
    let err = parse_pgn_set(Variant::Chess, mate, "m.pgn")
        .unwrap_err()
        .to_string();
    assert!(err.contains("game 1: the game is already over"), "{err}");
    let err = parse_pgn_set(Variant::Chess, "", "e.pgn")
        .unwrap_err()
        .to_string();
    assert!(err.contains("no games"), "{err}");
}

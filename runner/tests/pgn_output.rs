//! The PGN the runner writes: tags in the standard's order and values, SAN movetext, old
//! results files still readable, and chess games that python-chess replays to the same
//! position.
//!
//! The python-chess check skips (with a printed message) when `python3 -c 'import chess'`
//! fails, unless `SHURIKEN_REQUIRE_PYTHON_CHESS=1` is set (CI sets it): then it fails.

use movegen::{Position, Variant};
use runner::pgn::game_to_pgn;
use runner::record::{GameRecord, GameResult, PlyRecord, Termination};
use runner::uci::Score;
use std::process::Command;

/// A game record of `variant` from `fen` with the given SAN moves; returns it and the final
/// position (FEN and ply count).
fn record(
    variant: Variant,
    fen: &str,
    sans: &str,
    result: GameResult,
    termination: Termination,
    reason: &str,
) -> (GameRecord, String) {
    let mut pos = Position::from_fen(variant, fen).unwrap();
    let mut moves = Vec::new();
    for (i, san) in sans.split_whitespace().enumerate() {
        let m = pos
            .parse_san(san)
            .unwrap_or_else(|e| panic!("{san} in {}: {e}", pos.to_fen()));
        moves.push(PlyRecord {
            mv: pos.move_to_uci(m),
            score: Some(Score::Cp(i as i32 * 7 - 20)),
            depth: Some(5),
            time_ms: 120,
            nodes: Some(1000),
        });
        pos.make_move(m);
    }
    let g = GameRecord {
        pair: 0,
        game: 1,
        round: 2,
        pairing: 0,
        pairing_engines: [0, 1],
        opening: 0,
        variant: variant.name().into(),
        white: "alpha".into(),
        black: "beta \"b\"".into(),
        white_engine: 0,
        black_engine: 1,
        fen: fen.into(),
        result,
        termination,
        reason: reason.into(),
        time_control: ["10+0.1".into(), "10+0.1".into()],
        moves,
        latency_ms: [None, None],
        duration_ms: 5000,
        date: Some("2025.03.14".into()),
    };
    (g, pos.to_fen())
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Chess games covering castling both ways, disambiguation, en passant, promotion (with
/// capture and under-promotion), checkmate, a start from a FEN with black to move.
fn chess_games() -> Vec<(GameRecord, String)> {
    vec![
        record(
            Variant::Chess,
            CHESS_START,
            "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 \
             cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#",
            GameResult::WhiteWins,
            Termination::Checkmate,
            "checkmate",
        ),
        record(
            Variant::Chess,
            "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 30",
            "exd6 O-O bxa8=N Rxa8 O-O-O Rxa2 d7 Ra1+ Kb2 Rxd1 d8=Q+ Kg7",
            GameResult::Draw,
            Termination::AdjudicatedDraw,
            "scores within 10 cp for 8 moves",
        ),
        record(
            Variant::Chess,
            "r3k2r/8/8/8/8/8/6p1/R3K2R b KQkq - 0 12",
            "O-O O-O-O gxh1=Q",
            GameResult::BlackWins,
            Termination::Crash,
            "alpha: engine exited",
        ),
    ]
}

fn tag_lines(pgn: &str) -> Vec<&str> {
    pgn.lines().take_while(|l| l.starts_with('[')).collect()
}

#[test]
fn seven_tag_roster_first_then_standard_termination_and_time_control() {
    let (g, _) = &chess_games()[2];
    let pgn = game_to_pgn(g, "test event");
    let tags = tag_lines(&pgn);
    let names: Vec<&str> = tags
        .iter()
        .map(|l| l[1..].split(' ').next().unwrap())
        .collect();
    assert_eq!(
        &names[..7],
        &["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    );
    assert!(tags.contains(&"[Date \"2025.03.14\"]"));
    assert!(tags.contains(&"[Black \"beta \\\"b\\\"\"]"));
    assert!(tags.contains(&"[Variant \"Standard\"]"));
    assert!(tags.contains(&"[Termination \"abandoned\"]"));
    assert!(tags.contains(&"[TerminationDetails \"crash\"]"));
    assert!(tags.contains(&"[TimeControl \"10+0.1\"]"));
    assert!(pgn.contains("12... O-O {-0.20/5 0.120s} 13. O-O-O {-0.13/5 0.120s} gxh1=Q"));
    assert!(
        pgn.contains("{alpha: engine exited} 0-1"),
        "the reason is the last comment:\n{pgn}"
    );
}

#[test]
fn node_limits_go_to_their_own_tag_and_games_of_the_four_variants_use_their_san() {
    let (mut g, _) = record(
        Variant::Octopus,
        Variant::Octopus.spec().start_fen,
        "e5 e6 J@e2-e4 J@e9-e7",
        GameResult::Draw,
        Termination::MaxMoves,
        "",
    );
    g.time_control = ["nodes=1000".into(), "nodes=1000".into()];
    g.date = None;
    let pgn = game_to_pgn(&g, "e");
    let tags = tag_lines(&pgn);
    assert!(tags.contains(&"[TimeControl \"-\"]"), "{pgn}");
    assert!(tags.contains(&"[SearchLimit \"nodes=1000\"]"));
    assert!(tags.contains(&"[Variant \"octopus\"]"));
    assert!(tags.contains(&"[Date \"????.??.??\"]"));
    assert!(tags.contains(&"[Termination \"adjudication\"]"));
    assert!(pgn.contains("1. e5 {"));
    assert!(pgn.contains("2. J@e2-e4 {"));
    assert!(
        pgn.contains(" J@e9-e7\n{+0.01/5 0.120s} {max moves} 1/2-1/2"),
        "{pgn}"
    );
}

/// A results-file line as the runner wrote it before the date was recorded.
const OLD_LINE: &str = r#"{"pair":3,"game":0,"round":3,"pairing":0,"pairing_engines":[0,1],"opening":3,"variant":"titan","white":"a","black":"b","white_engine":0,"black_engine":1,"fen":"fragyqkugarf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRAGYQKUGARF w KQkq - 0 1","result":"1/2-1/2","termination":"max_moves","reason":"1 moves played","time_control":["nodes=500","nodes=500"],"moves":[{"m":"e3e6","s":{"cp":12},"d":3,"t":5,"n":500},{"m":"e10e7","t":4}],"latency_ms":[0.5,null],"duration_ms":40}"#;

#[test]
fn old_results_lines_still_read_and_write_as_pgn() {
    let g: GameRecord = serde_json::from_str(OLD_LINE).expect("old line reads");
    assert_eq!(g.date, None);
    let pgn = game_to_pgn(&g, "old");
    assert!(pgn.contains("[Date \"????.??.??\"]"));
    assert!(pgn.contains("1. e6 {+0.12/3 0.005s} e7 {?/? 0.004s} {1 moves played} 1/2-1/2"));
}

#[test]
fn a_damaged_record_keeps_its_moves_in_coordinates_and_says_so() {
    let (mut g, _) = record(
        Variant::Chess,
        CHESS_START,
        "e4 e5",
        GameResult::Draw,
        Termination::MaxMoves,
        "",
    );
    g.moves[1].mv = "e2e4".into();
    let pgn = game_to_pgn(&g, "e");
    assert!(pgn.contains("moves from ply 2 in coordinate notation"));
    assert!(pgn.contains("1. e4 {-0.20/5 0.120s} e2e4"));
}

/// Runs python-chess on `pgn`; prints one line per game: final FEN (en passant as FEN
/// writes it), ply count, parse errors. `None` when python-chess is not available.
fn python_chess_replay(pgn: &str) -> Option<String> {
    let script = r#"
import io, sys, chess.pgn
text = sys.stdin.read()
f = io.StringIO(text)
while True:
    g = chess.pgn.read_game(f)
    if g is None:
        break
    b = g.board()
    n = 0
    for m in g.mainline_moves():
        b.push(m)
        n += 1
    print(b.fen(en_passant="fen"), n, len(g.errors), g.headers.get("Result"), sep="|")
"#;
    let probe = Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .output();
    let available = matches!(&probe, Ok(o) if o.status.success());
    if !available {
        let required = std::env::var("SHURIKEN_REQUIRE_PYTHON_CHESS").as_deref() == Ok("1");
        assert!(
            !required,
            "SHURIKEN_REQUIRE_PYTHON_CHESS=1 but python3 with python-chess is not available \
             (pip install chess)"
        );
        println!("SKIPPED: python3 with python-chess not found (pip install chess)");
        return None;
    }
    let mut child = Command::new("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python3 starts");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(pgn.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "python-chess failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).unwrap())
}

#[test]
fn python_chess_replays_our_chess_pgn() {
    let games = chess_games();
    let pgn: String = games.iter().map(|(g, _)| game_to_pgn(g, "py")).collect();
    let Some(out) = python_chess_replay(&pgn) else {
        return;
    };
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), games.len(), "{out}\n{pgn}");
    for ((g, final_fen), line) in games.iter().zip(lines) {
        let expected = format!("{final_fen}|{}|0|{}", g.moves.len(), g.result.pgn());
        assert_eq!(line, expected, "\n{pgn}");
    }
}

//! UCI protocol robustness: every bad-input class gets an `info string error:` line and the
//! engine still answers `isready`; searches answer `stop`; results are legal and deterministic.

mod common;

use common::Driver;
use movegen::{Position, Variant};
use std::time::{Duration, Instant};

const LONG: Duration = Duration::from_secs(60);

fn has_error(lines: &[String]) -> bool {
    lines.iter().any(|l| l.starts_with("info string error:"))
}

fn fen_of(d: &mut Driver) -> String {
    d.send("d");
    let lines = d.ready();
    let fen = lines
        .iter()
        .find(|l| l.starts_with("Fen: "))
        .expect("d prints the FEN");
    fen["Fen: ".len()..].to_string()
}

#[test]
fn uci_handshake_lists_options() {
    let mut d = Driver::new();
    d.send("uci");
    let (_, lines) = d.wait_for("uciok", LONG).unwrap();
    for name in [
        "UCI_Variant",
        "Hash",
        "Threads",
        "Move Overhead",
        "MultiPV",
        "Clear Hash",
        "EvalFile",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "{name}"
        );
    }
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name LmrDiv type spin")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name MatTitanQuadBomber type spin")));
}

#[test]
fn bad_input_is_reported_and_survived() {
    let mut d = Driver::new();
    d.send("setoption name UCI_Variant value chess");
    d.send("position startpos moves e2e4");
    let good = fen_of(&mut d);
    let bad = [
        "frobnicate",
        "setoption name Hash value 0",
        "setoption name Hash value lots",
        "setoption name NoSuchOption value 3",
        "setoption name UCI_Variant value shogi",
        "setoption name LmrDiv value 99999",
        "setoption value 3",
        "setoption name EvalFile value /nonexistent/weights.txt",
        "go depth x",
        "go nodes -5",
        "go nodes 0",
        "go movetime -1",
        "go movetime 0",
        "go wtime 1000 winc -10",
        "go movestogo -2",
        "go wtime",
        "go perft 99",
        "go sideways",
        "debug maybe",
    ];
    for cmd in bad {
        d.send(cmd);
        let lines = d.ready();
        assert!(has_error(&lines), "no error for '{cmd}': {lines:?}");
        assert_eq!(fen_of(&mut d), good, "'{cmd}' changed the position");
    }
    // Still searching fine afterwards.
    let (mv, _) = d.bestmove("go depth 3", LONG);
    let pos = Position::from_fen(Variant::Chess, &good).unwrap();
    assert!(pos.parse_move(&mv).is_ok(), "{mv}");
}

/// A refused `position` leaves no position behind: `go` reports the error and answers
/// `bestmove 0000` without searching, until a valid `position` arrives. (Before, `go` answered
/// from the previous position: a move of the wrong side.)
#[test]
fn refused_position_leaves_no_stale_position() {
    let refused = [
        (
            "position",
            "position: expected: position startpos|fen <fen> [moves ...]",
        ),
        ("position fen", "position: missing FEN"),
        (
            "position fen not/a/fen w - - 0 1",
            "position: FEN board: expected 8 rows separated by '/', found 3",
        ),
        (
            "position startpos moves e2e4 e7e5 e1e8",
            "position: move 3: 'e1e8' is not legal in this position",
        ),
        (
            "position startpos moves e2e5",
            "position: move 1: 'e2e5' is not legal in this position",
        ),
        (
            "position startpos banana",
            "position: unexpected 'banana' (expected 'moves')",
        ),
        (
            "position startpos moves e2e4 zz",
            "position: move 2: 'zz' is not a move: 'z' has no rank number after it",
        ),
    ];
    let mut d = Driver::new();
    d.send("setoption name UCI_Variant value chess");
    for (cmd, message) in refused {
        // A good position first, with white to move after it: a stale answer would be a white
        // move, which black's refused position must never get.
        d.send("position startpos moves e2e4 e7e5");
        let (mv, _) = d.bestmove("go depth 1", LONG);
        assert_ne!(mv, "0000");
        d.send(cmd);
        let lines = d.ready();
        assert_eq!(
            lines,
            [format!("info string error: {message}")],
            "'{cmd}' is reported once, precisely"
        );
        let (mv, before) = d.bestmove("go depth 3", LONG);
        assert_eq!(mv, "0000", "'{cmd}': go must not search a stale position");
        assert_eq!(
            before,
            [format!(
                "info string error: go: no position to search: the last position command was \
                 refused ({})",
                message.trim_start_matches("position: ")
            )]
        );
        // The incremental path must not extend a refused position either.
        d.send(&format!("{cmd} e7e5"));
        let (mv, _) = d.bestmove("go depth 1", LONG);
        assert_eq!(mv, "0000", "'{cmd} e7e5'");
    }
    // A valid position restores searching.
    d.send("position startpos moves e2e4");
    let (mv, _) = d.bestmove("go depth 3", LONG);
    let pos = Position::from_fen(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    )
    .unwrap();
    assert!(pos.parse_move(&mv).is_ok(), "{mv}");
    // A position with no legal move still answers (none).
    d.send("position fen 7k/5QQ1/8/8/8/8/8/K7 b - - 0 1");
    let (mv, _) = d.bestmove("go depth 3", LONG);
    assert_eq!(mv, "(none)");
}

/// `debug on|off` and `register` are standard commands; `id name` carries the version.
#[test]
fn standard_commands_and_versioned_name() {
    let mut d = Driver::new();
    d.send("uci");
    let (_, lines) = d.wait_for("uciok", LONG).unwrap();
    assert_eq!(
        lines[0],
        format!("id name Shuriken {}", env!("CARGO_PKG_VERSION"))
    );
    for cmd in [
        "register later",
        "register name Someone code 1234",
        "debug off",
    ] {
        d.send(cmd);
        assert_eq!(
            d.ready(),
            Vec::<String>::new(),
            "'{cmd}' is accepted silently"
        );
    }
    d.send("debug on");
    assert_eq!(
        d.ready(),
        ["info string debug: received 'isready'".to_string()]
    );
    // The `debug off` line itself is still echoed; nothing after it.
    d.send("debug off");
    assert_eq!(
        d.ready(),
        ["info string debug: received 'debug off'".to_string()]
    );
    d.send("isready");
    assert_eq!(d.ready(), Vec::<String>::new());
}

#[test]
fn weights_file_loads_and_reports_errors() {
    let dir = std::env::temp_dir().join(format!("shuriken-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    let bad = dir.join("bad.txt");
    std::fs::write(&good, "# test\nTempo = 20\nMatTitanQueen = 1250\n").unwrap();
    std::fs::write(&bad, "Tempo = 20\nNoSuchWeight = 3\n").unwrap();
    let mut d = Driver::new();
    d.send(&format!("setoption name EvalFile value {}", good.display()));
    assert!(!has_error(&d.ready()));
    d.send(&format!("setoption name EvalFile value {}", bad.display()));
    assert!(has_error(&d.ready()));
    let saved = dir.join("saved.txt");
    d.send(&format!(
        "setoption name SaveEvalFile value {}",
        saved.display()
    ));
    assert!(!has_error(&d.ready()));
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("Tempo = 20"), "{text}");
    assert!(text.contains("MatTitanQueen = 1250"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn long_inputs_are_bounded() {
    // A 10 MB line is discarded by the reader without being stored.
    let big = "x".repeat(10 << 20) + "\nisready\n";
    let mut cursor = std::io::Cursor::new(big.into_bytes());
    let first = engine::uci::read_line_bounded(&mut cursor, engine::uci::MAX_LINE).unwrap();
    assert!(matches!(first, Some((ref s, true)) if s.is_empty()));
    let second = engine::uci::read_line_bounded(&mut cursor, engine::uci::MAX_LINE).unwrap();
    assert_eq!(second, Some(("isready".to_string(), false)));
    assert_eq!(
        engine::uci::read_line_bounded(&mut cursor, 100).unwrap(),
        None
    );

    // 100,000 moves (knights shuffling) are processed in bounded time.
    let mut d = Driver::new();
    d.send("setoption name UCI_Variant value chess");
    let cmd = format!(
        "position startpos moves{}",
        " g1f3 g8f6 f3g1 f6g8".repeat(25_000)
    );
    let start = Instant::now();
    d.send(&cmd);
    let lines = d.ready();
    assert!(!has_error(&lines), "{lines:?}");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    let (mv, _) = d.bestmove("go depth 2", LONG);
    assert!(
        Position::startpos(Variant::Chess).parse_move(&mv).is_ok(),
        "{mv}"
    );

    // A list longer than the limit is rejected.
    let cmd = format!(
        "position startpos moves{}",
        " g1f3".repeat(engine::uci::MAX_POSITION_MOVES + 1)
    );
    d.send(&cmd);
    assert!(has_error(&d.ready()));
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    for v in ["titan", "octopus"] {
        let mut d = Driver::new();
        d.send(&format!("setoption name UCI_Variant value {v}"));
        d.send("position startpos");
        d.send("go infinite");
        std::thread::sleep(Duration::from_millis(300));
        // isready is answered while searching.
        d.ready();
        let start = Instant::now();
        d.send("stop");
        let (line, _) = d
            .wait_for("bestmove", Duration::from_secs(10))
            .expect("bestmove after stop");
        assert!(start.elapsed() < Duration::from_secs(5));
        let mv = line.split_whitespace().nth(1).unwrap();
        let pos = Position::startpos(Variant::from_name(v).unwrap());
        assert!(pos.parse_move(mv).is_ok(), "{line}");
    }
}

#[test]
fn special_positions() {
    let mut d = Driver::new();
    d.send("setoption name UCI_Variant value chess");
    // Checkmated: no legal move.
    // Each answers with a score line first (there was none: a GUI had no score to show).
    d.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    let (mv, before) = d.bestmove("go depth 3", LONG);
    assert_eq!(mv, "(none)");
    assert_eq!(before.len(), 1, "{before:?}");
    assert!(
        before[0].starts_with("info depth 0 ") && before[0].contains(" score mate 0 "),
        "{before:?}"
    );
    // Stalemated.
    d.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let (mv, before) = d.bestmove("go depth 3", LONG);
    assert_eq!(mv, "(none)");
    assert_eq!(before.len(), 1, "{before:?}");
    assert!(
        before[0].starts_with("info depth 0 ") && before[0].contains(" score cp 0 "),
        "{before:?}"
    );
    // A single legal move, under a clock.
    d.send("position fen 7k/8/8/8/8/8/6q1/7K w - - 0 1");
    let (mv, _) = d.bestmove("go wtime 1000 btime 1000", LONG);
    assert_eq!(mv, "h1g2");
    // searchmoves restricts the root.
    d.send("position startpos");
    let (mv, _) = d.bestmove("go depth 4 searchmoves a2a3 h2h3", LONG);
    assert!(mv == "a2a3" || mv == "h2h3", "{mv}");
    // Mate search reports a mate score.
    d.send("position fen 6k1/5ppp/8/8/8/8/8/R6K w - - 0 1");
    let (mv, lines) = d.bestmove("go mate 1", LONG);
    assert_eq!(mv, "a1a8");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    // MultiPV reports several lines.
    d.send("setoption name MultiPV value 3");
    d.send("position startpos");
    let (_, lines) = d.bestmove("go depth 3", LONG);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("depth 3 ") && l.contains("multipv 3")),
        "{lines:?}"
    );
}

#[test]
fn info_lines_carry_every_field() {
    let mut d = Driver::new();
    d.send("position startpos");
    let (_, lines) = d.bestmove("go depth 4", LONG);
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("info line");
    for field in [
        " seldepth ",
        " multipv ",
        " score cp ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(field), "{field} missing in {info}");
    }
}

#[test]
fn go_perft_and_d() {
    let mut d = Driver::new();
    d.send("setoption name UCI_Variant value raptor");
    d.send("position startpos");
    d.send("go perft 2");
    let (line, before) = d.wait_for("Nodes searched:", LONG).unwrap();
    let mut pos = Position::startpos(Variant::Raptor);
    let report = engine::perft_cmd::run(&mut pos, 2, 1, true);
    let mut text = before.join("\n");
    text.push('\n');
    text.push_str(&line);
    text.push('\n');
    assert_eq!(text, engine::perft_cmd::stockfish_text(&report));
    d.send("d");
    let lines = d.ready();
    assert!(lines.iter().any(|l| l.starts_with("Legal moves: ")));
    assert!(lines.iter().any(|l| l.starts_with("Key: ")));
}

fn last_nodes(lines: &[String]) -> u64 {
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("info");
    let mut it = info.split_whitespace();
    while let Some(w) = it.next() {
        if w == "nodes" {
            return it.next().unwrap().parse().unwrap();
        }
    }
    panic!("no nodes in {info}");
}

#[test]
fn fixed_depth_and_nodes_searches_are_deterministic() {
    for v in ["titan", "hadean", "raptor", "octopus", "chess"] {
        let mut d = Driver::new();
        d.send(&format!("setoption name UCI_Variant value {v}"));
        let mut runs = Vec::new();
        for _ in 0..2 {
            d.send("ucinewgame");
            d.send("position startpos");
            let (mv, lines) = d.bestmove("go depth 5", LONG);
            runs.push((mv, last_nodes(&lines)));
        }
        assert_eq!(runs[0], runs[1], "{v}: go depth is not deterministic");
        let mut runs = Vec::new();
        for _ in 0..2 {
            d.send("ucinewgame");
            d.send("position startpos");
            let (mv, _) = d.bestmove("go nodes 3000", LONG);
            runs.push(mv);
        }
        assert_eq!(runs[0], runs[1], "{v}: go nodes is not deterministic");
    }
}

#[test]
fn short_clock_moves_are_fast() {
    let mut d = Driver::new();
    d.send("position startpos");
    for (go, bound) in [
        ("go wtime 1000 btime 1000 winc 10 binc 10", 600),
        ("go wtime 50 btime 50 winc 10 binc 10", 120),
        ("go movetime 100", 250),
    ] {
        let start = Instant::now();
        let (mv, _) = d.bestmove(go, LONG);
        let ms = start.elapsed().as_millis();
        assert!(ms < bound, "{go}: {ms} ms");
        assert!(Position::startpos(Variant::Titan).parse_move(&mv).is_ok());
    }
}

#[test]
fn threads_and_hash_options_work() {
    let mut d = Driver::new();
    d.send("setoption name Threads value 2");
    d.send("setoption name Hash value 8");
    d.send("setoption name Clear Hash");
    assert!(!has_error(&d.ready()));
    d.send("position startpos moves g3g6");
    let (mv, _) = d.bestmove("go depth 5", LONG);
    let mut pos = Position::startpos(Variant::Titan);
    pos.make_move(pos.parse_move("g3g6").unwrap());
    assert!(pos.parse_move(&mv).is_ok(), "{mv}");
}

/// Regression: a GUI sends the next `position`/`go` the moment it reads `bestmove`; the search
/// thread may not have exited yet, and the new `go` must not be refused (it was: "cannot start
/// another search while searching", which the match runner saw as a stall).
#[test]
fn go_right_after_bestmove_is_accepted() {
    let mut d = common::Driver::new();
    d.send("setoption name UCI_Variant value titan");
    for _ in 0..300 {
        d.send("position startpos moves g3g6");
        d.send("go depth 1");
        let (_, before) = d
            .wait_for("bestmove", std::time::Duration::from_secs(20))
            .expect("bestmove");
        assert!(!before.iter().any(|l| l.contains("error")), "{before:?}");
    }
    d.send("isready");
    let (_, before) = d
        .wait_for("readyok", std::time::Duration::from_secs(20))
        .expect("readyok");
    assert!(!before.iter().any(|l| l.contains("error")), "{before:?}");
}

/// `position` commands that extend the previous one are applied incrementally; the result must
/// equal a fresh parse (same FEN, hash and history length); a bad extension leaves no position.
#[test]
fn incremental_position_equals_fresh_parse() {
    let mut d = common::Driver::new();
    d.send("setoption name UCI_Variant value titan");
    let mut pos = Position::startpos(Variant::Titan);
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..60 {
        let list = pos.legal_moves();
        if list.is_empty() {
            break;
        }
        let m = list[(ply * 7 + 3) % list.len()];
        moves.push(pos.move_to_uci(m));
        pos.make_move(m);
        let cmd = format!("position startpos moves {}", moves.join(" "));
        d.send(&cmd);
        let tokens: Vec<&str> = cmd.split_whitespace().skip(1).collect();
        let fresh = engine::uci::parse_position(Variant::Titan, &tokens).expect("fresh parse");
        let got = d.uci.position().expect("a valid position");
        assert_eq!(got.to_fen(), fresh.to_fen());
        assert_eq!(got.hash(), fresh.hash());
        assert_eq!(got.ply_count(), fresh.ply_count());
    }
    // A bad extension is refused whole: no position is left, not the previous one.
    d.send(&format!("position startpos moves {} z9z9", moves.join(" ")));
    assert!(d.uci.position().is_err());
}

/// The last line before `bestmove` is a final `info` line with the search's totals, and
/// `go movetime N` spends most of N (it was N minus the whole Move Overhead: 20 ms gave 1 ms).
#[test]
fn final_info_line_and_movetime_spent() {
    let mut d = Driver::new();
    d.send("setoption name UCI_Variant value titan");
    d.send("position startpos");
    let (_, before) = d.bestmove("go depth 4", LONG);
    let last = before.last().expect("info lines before bestmove");
    assert!(last.starts_with("info depth 4 "), "{last}");
    assert!(last.contains(" nodes ") && last.contains(" pv "), "{last}");
    for mt in [60u64, 200] {
        let start = Instant::now();
        let (mv, before) = d.bestmove(&format!("go movetime {mt}"), LONG);
        let spent = start.elapsed().as_millis() as u64;
        assert_ne!(mv, "0000");
        // The search runs until its hard limit, at least 90% of the move time.
        assert!(
            spent >= mt * 9 / 10,
            "movetime {mt}: answered after {spent} ms"
        );
        assert!(
            before.last().unwrap().starts_with("info depth"),
            "{before:?}"
        );
    }
}

/// `NnueFile` loads a network for the current game that then evaluates it, `UseNNUE false`
/// goes back to the weights, and a missing, truncated, foreign or other game's file is refused
/// with an error. Each game keeps the network loaded for it.
#[test]
fn network_file_evaluates_its_game_and_bad_files_are_refused() {
    use engine::nnue::{FloatNetwork, Network};
    use movegen::Variant;
    let dir = std::env::temp_dir().join(format!("shuriken-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Every weight 0 and the output bias 0.5: every position is worth 0.5 x 400 = 200
    // centipawns to the side to move.
    let flat = |v: Variant| {
        let mut float = FloatNetwork::zeros(v, 8, 1, 1);
        float.b2[0] = 0.5;
        float.quantize().to_bytes()
    };
    let bytes = flat(Variant::Titan);
    assert!(Network::from_bytes(&bytes).is_ok());
    let good = dir.join("flat-titan.nnue");
    std::fs::write(&good, &bytes).unwrap();
    let chess = dir.join("flat-chess.nnue");
    std::fs::write(&chess, flat(Variant::Chess)).unwrap();
    let truncated = dir.join("truncated.nnue");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    let foreign = dir.join("foreign.nnue");
    std::fs::write(&foreign, "Tempo = 20\n").unwrap();

    let mut d = Driver::new();
    d.send("setoption name UCI_Variant value titan");
    d.send("setoption name UseNNUE value true");
    for bad in [dir.join("missing.nnue"), truncated, foreign, chess] {
        d.send(&format!("setoption name NnueFile value {}", bad.display()));
        assert!(has_error(&d.ready()), "{}", bad.display());
    }
    d.send(&format!(
        "setoption name NnueFile value {}",
        dir.join("flat-chess.nnue").display()
    ));
    let refused = d.ready().join("\n");
    assert!(refused.contains("for chess, not for titan"), "{refused}");
    d.send(&format!("setoption name NnueFile value {}", good.display()));
    assert!(!has_error(&d.ready()));
    // At depth 1 from the start position (no captures), every reply stands pat at 200 for
    // the opponent: the root scores -200.
    d.send("position startpos");
    let (_, lines) = d.bestmove("go depth 1", LONG);
    assert_eq!(last_score(&lines), "cp -200");
    // Chess keeps its own (built-in) network; back in titan, the loaded one evaluates again.
    d.send("setoption name UCI_Variant value chess");
    d.send("position startpos");
    let (_, lines) = d.bestmove("go depth 1", LONG);
    assert_ne!(last_score(&lines), "cp -200");
    d.send("setoption name UCI_Variant value titan");
    d.send("position startpos");
    let (_, lines) = d.bestmove("go depth 1", LONG);
    assert_eq!(last_score(&lines), "cp -200");
    // Back to the weights: the tables' score is not the flat network's.
    d.send("setoption name UseNNUE value false");
    assert!(!has_error(&d.ready()));
    d.send("ucinewgame");
    d.send("position startpos");
    let (_, lines) = d.bestmove("go depth 1", LONG);
    assert_ne!(last_score(&lines), "cp -200");
    d.send("setoption name UseNNUE value maybe");
    assert!(has_error(&d.ready()));
    let _ = std::fs::remove_dir_all(&dir);
}

/// White a knight up, from which nobody can capture within two plies.
const KNIGHT_UP: &str = "position fen rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The score of the last `info depth` line with one, as `cp N` or `mate N`.
fn last_score(lines: &[String]) -> String {
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth") && l.contains(" score "))
        .expect("an info line with a score");
    let at = last.find(" score ").unwrap() + 7;
    last[at..]
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The centipawn score of `go depth 1`.
fn depth_one_score(d: &mut Driver) -> i32 {
    let (_, lines) = d.bestmove("go depth 1", LONG);
    let score = last_score(&lines);
    score
        .strip_prefix("cp ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no centipawn score: {score}"))
}

#[test]
fn nnue_scale_scales_the_network_score_the_search_sees() {
    // White is a knight up and, within two plies of the start, nobody can capture: a depth-1
    // search is the best of the static evaluations after each white move, so scaling every
    // evaluation by a half halves the score (each evaluation rounds toward zero).
    let mut d = Driver::new();
    d.send("setoption name UCI_Variant value chess");
    d.send(KNIGHT_UP);
    let full = depth_one_score(&mut d);
    assert!(full > 200, "a knight up scores {full}");
    d.send("setoption name NnueScale value 50");
    d.send("ucinewgame");
    d.send(KNIGHT_UP);
    let half = depth_one_score(&mut d);
    assert_eq!(half, full / 2, "full {full}, half {half}");
    d.send("setoption name UseNNUE value false");
    d.send("ucinewgame");
    d.send(KNIGHT_UP);
    let tables = depth_one_score(&mut d);
    d.send("setoption name NnueScale value 100");
    d.send("ucinewgame");
    d.send(KNIGHT_UP);
    assert_eq!(
        depth_one_score(&mut d),
        tables,
        "the tables ignore NnueScale"
    );
}

/// `go` followed at once by `stop` answers with a searched move and a true score: it answered
/// `score mate -0` and the first generated move (`bestmove a3a4`), which a GUI reads as "I am
/// mated".
#[test]
fn stop_right_after_go_answers_a_searched_move() {
    let mut d = Driver::new();
    d.send("position startpos");
    d.send("go depth 30");
    d.send("stop");
    let (line, before) = d.wait_for("bestmove", LONG).expect("a bestmove after stop");
    d.uci.wait();
    let last = before.last().expect("an info line before bestmove");
    assert!(last.starts_with("info depth "), "{last}");
    assert!(last.contains(" score cp "), "{last}");
    let mv = line.split_whitespace().nth(1).unwrap();
    let pv = last.split(" pv ").nth(1).expect("a pv");
    assert_eq!(pv.split_whitespace().next(), Some(mv), "{before:?}");
}

/// A found mate reports the depth of the iteration that settled it: the search went on to the
/// ply limit and reported `depth 127 seldepth 127`.
#[test]
fn a_found_mate_reports_its_real_depth() {
    let mut d = Driver::new();
    d.send("setoption name UCI_Variant value chess");
    d.send("position fen 6k1/5ppp/8/8/8/8/8/R6K w - - 0 1");
    for go in ["go movetime 3000", "go nodes 5000000"] {
        let start = Instant::now();
        let (mv, before) = d.bestmove(go, LONG);
        assert_eq!(mv, "a1a8");
        let last = before.last().expect("info lines");
        assert!(last.contains(" score mate 1 "), "{last}");
        let depth: i32 = last.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert!((1..=4).contains(&depth), "{go}: {last}");
        assert!(!last.contains("seldepth 127"), "{go}: {last}");
        // Settled, the search answers at once instead of spending its time.
        assert!(start.elapsed() < Duration::from_millis(1500), "{go}");
    }
}

/// A GUI sends a negative clock time when the engine has overstepped it in a game that goes on:
/// the engine answers at once with a searched move instead of refusing.
#[test]
fn a_negative_clock_moves_at_once() {
    let mut d = Driver::new();
    d.send("position startpos");
    let start = Instant::now();
    let (mv, before) = d.bestmove("go wtime -50 btime 1000 winc 0 binc 0", LONG);
    assert!(!has_error(&before), "{before:?}");
    assert!(
        before.iter().any(|l| l.starts_with("info depth 1 ")),
        "{before:?}"
    );
    assert!(
        Position::startpos(Variant::Titan).parse_move(&mv).is_ok(),
        "{mv}"
    );
    assert!(start.elapsed() < Duration::from_secs(5));
}

/// Input echoed back in an error has its control characters escaped (a terminal escape in an
/// unknown command was printed raw).
#[test]
fn echoed_input_is_escaped() {
    let mut d = Driver::new();
    d.send("foo\u{1b}[31mbar\u{7}");
    d.send("go sideways\u{1b}");
    // Errors of the rules library quote the input too.
    d.send("position startpos moves e2e4\u{1b}[31m");
    d.send("setoption name UCI_Variant value \u{1b}x");
    let lines = d.ready();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(
        lines[0],
        "info string error: unknown command 'foo\\u{1b}[31mbar\\u{7}'"
    );
    assert!(lines[1].contains("'sideways\\u{1b}'"), "{lines:?}");
    assert!(lines.iter().all(|l| !l.chars().any(char::is_control)));
}

/// A hash size the machine cannot back is refused with an error, and the old table stays in
/// use (it answered `readyok`, then hung in the next command while the kernel swapped).
#[test]
fn a_hash_larger_than_the_memory_is_refused() {
    let max = engine::options::MAX_HASH_MB;
    let available = engine::sysmem::available_bytes();
    if available.is_none_or(|a| a >> 20 >= max as u64) {
        eprintln!("skipped: this machine could back {max} MB of hash");
        return;
    }
    let mut d = Driver::new();
    d.send("setoption name Hash value 8");
    d.send(&format!("setoption name Hash value {max}"));
    let lines = d.ready();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with(&format!(
            "info string error: option Hash: {max} MB of hash is more than the"
        )),
        "{lines:?}"
    );
    assert_eq!(d.uci.options().hash_mb, 8);
    let (mv, _) = d.bestmove("go depth 3", LONG);
    assert_ne!(mv, "0000");
}

/// The last `info` line is not repeated before `bestmove`.
#[test]
fn no_info_line_is_repeated() {
    let mut d = Driver::new();
    d.send("position startpos");
    let (_, before) = d.bestmove("go depth 5", LONG);
    let depths: Vec<&str> = before
        .iter()
        .map(|l| l.split_whitespace().nth(2).unwrap())
        .collect();
    assert_eq!(depths, ["1", "2", "3", "4", "5"], "{before:?}");
}

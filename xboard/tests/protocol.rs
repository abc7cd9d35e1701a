//! Scripted CECP sessions, one per game: handshake, `variant`, `setboard`, `usermove` of every
//! move kind (double capture, fly-over, drop, drop-and-push, castling over one, two and all
//! squares, en passant over several squares, promotion, raptor's protruding squares), `go`,
//! `undo`, `ping` and bad input, checking every reply. Expected move texts are derived by hand
//! from RULES.md and XBoard's rank numbering (10-rank boards count from 0; raptor's 12 rows
//! from 1, so the project's rank r is XBoard's r+1).

use engine::line_loop::Output;
use movegen::{MoveKind, Variant};
use std::sync::{Arc, Mutex};
use xboard::Cecp;

struct Session {
    cecp: Cecp,
    lines: Arc<Mutex<Vec<String>>>,
}

impl Session {
    fn new() -> Session {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = lines.clone();
        let out: Output = Arc::new(move |l: &str| sink.lock().unwrap().push(l.to_string()));
        let mut s = Session {
            cecp: Cecp::new(out),
            lines,
        };
        s.send("xboard");
        s
    }

    /// Sends one line, waits for any search it started, and returns the replies.
    fn send(&mut self, line: &str) -> Vec<String> {
        assert!(self.cecp.handle(line) || line == "quit");
        self.cecp.wait();
        std::mem::take(&mut *self.lines.lock().unwrap())
    }

    /// Sends a line that must get no reply.
    fn quiet(&mut self, line: &str) {
        assert_eq!(self.send(line), Vec::<String>::new(), "{line}");
    }

    fn fen(&self) -> String {
        self.cecp.position().to_fen()
    }

    /// Plays an XBoard move and checks the project's text and kind of the move it became.
    fn user_move(&mut self, xb: &str, project: &str, kind: MoveKind) {
        let before = self.cecp.position();
        let m = xboard::coords::from_xboard(&before, xb).unwrap();
        assert_eq!(before.move_to_uci(m), project, "{xb}");
        assert_eq!(m.kind(), kind, "{xb}");
        // What the engine would send for this move is what XBoard sent.
        assert_eq!(xboard::coords::to_xboard(&before, m), xb);
        self.quiet(&format!("usermove {xb}"));
        assert_ne!(self.fen(), before.to_fen());
    }
}

fn board(fen: &str) -> &str {
    fen.split(' ').next().unwrap()
}

#[test]
fn handshake_declares_games_and_options() {
    let mut s = Session::new();
    let r = s.send("protover 2");
    assert!(r[0].starts_with("feature myname=\"Shuriken "), "{r:?}");
    assert!(r[0].contains(" variants=\"titan,hadean,raptor,octopus,normal\""));
    for f in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
        "memory=1",
        "smp=1",
        "done=0",
    ] {
        assert!(r[0].contains(f), "{f}");
    }
    assert!(r.contains(&"feature option=\"Hash -spin 16 1 65536\"".to_string()));
    assert!(r.contains(&"feature option=\"Threads -spin 1 1 256\"".to_string()));
    assert!(r.contains(&"feature option=\"Clear Hash -button\"".to_string()));
    assert!(!r.iter().any(|l| l.contains("UCI_Variant")));
    assert_eq!(r.last().unwrap(), "feature done=1");
    s.quiet("accepted setboard");
    s.quiet("memory 32");
    s.quiet("cores 1");
    s.quiet("option Hash=8");
    assert_eq!(
        s.send("option Hash=0"),
        ["Error (option Hash: 0 is outside 1..=65536): option Hash=0"]
    );
    assert_eq!(s.send("ping 7"), ["pong 7"]);
}

#[test]
fn variant_answers_setup_and_pieces() {
    let mut s = Session::new();
    s.quiet("new");
    let r = s.send("variant titan");
    assert!(r[0].starts_with("setup ("), "{r:?}");
    assert!(r[0].ends_with(
        " 12x12+0_fairy fragyqkugarf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRAGYQKUGARF w KQkq - 0 1"
    ));
    for p in [
        "piece J& ",
        "piece W& ",
        "piece G& ",
        "piece F& ",
        "piece A& ",
        "piece U& ",
        "piece Y& ",
    ] {
        assert!(r.iter().any(|l| l.starts_with(p)), "{p}");
    }
    assert!(s.send("variant raptor")[0].contains(" 10x12+0_fairy ****ff****/"));
    assert!(s.send("variant octopus")[0].contains(" 10x10+1_fairy "));
    assert!(s.send("variant hadean")[0].contains(" 12x12+0_fairy rzmehqklemsr/"));
    assert_eq!(s.send("variant normal"), Vec::<String>::new());
    assert_eq!(s.fen(), Variant::Chess.spec().start_fen);
    assert_eq!(
        s.send("variant shogi"),
        ["Error (unknown variant): variant shogi"]
    );
    assert_eq!(s.fen(), Variant::Chess.spec().start_fen);
}

#[test]
fn titan_double_capture_fly_over_castling_en_passant() {
    let mut s = Session::new();
    s.quiet("new");
    s.send("variant titan");
    s.quiet("force");
    // Bomber two-square jump over two enemies: both are captured.
    s.quiet("setboard 6k5/12/12/12/12/12/4r7/4r7/4F7/12/12/6K5 w - - 0 1");
    s.user_move("e4e5,e5e6", "e4e6", MoveKind::Normal);
    assert_eq!(board(&s.fen()), "6k5/12/12/12/12/12/4F7/12/12/12/12/6K5");
    s.quiet("undo");
    assert_eq!(board(&s.fen()), "6k5/12/12/12/12/12/4r7/4r7/4F7/12/12/6K5");
    // Warrior: the same double capture.
    s.quiet("setboard 6k5/12/12/12/12/12/4r7/4r7/4W7/12/12/6K5 w - - 0 1");
    s.user_move("e4e5,e5e6", "e4e6", MoveKind::Normal);
    assert_eq!(board(&s.fen()), "6k5/12/12/12/12/12/4W7/12/12/12/12/6K5");
    // Fly-over capture: the rook on e8 is removed, the bomber lands on e9.
    s.quiet("setboard 6k5/12/12/12/4r7/12/12/12/4F7/12/12/6K5 w - - 0 1");
    s.user_move("e4e8,e8e9", "e4e9", MoveKind::Normal);
    assert_eq!(board(&s.fen()), "6k5/12/12/4F7/12/12/12/12/12/12/12/6K5");
    // A comma move whose first leg names a square the move does not capture is refused.
    s.quiet("setboard 6k5/12/12/12/4r7/12/12/12/4F7/12/12/6K5 w - - 0 1");
    assert_eq!(
        s.send("usermove e4e7,e7e9"),
        ["Illegal move (not a legal move): e4e7,e7e9"]
    );
    // Castling: two squares (the king's move: XBoard moves the nearest piece, the rook, next to
    // the king), onto the rook's square and the one-square castle (through the rook's square:
    // king from, rook, king to).
    let castle = "6k5/12/12/12/12/12/12/12/12/12/12/1R4K3R1 w KQ - 0 1";
    s.quiet(&format!("setboard {castle}"));
    s.user_move("g1i1", "g1i1", MoveKind::Castle);
    assert_eq!(board(&s.fen()), "6k5/12/12/12/12/12/12/12/12/12/12/1R5RK3");
    s.quiet(&format!("setboard {castle}"));
    s.user_move("g1k1,k1k1", "g1k1", MoveKind::Castle);
    assert_eq!(board(&s.fen()), "6k5/12/12/12/12/12/12/12/12/12/12/1R7RK1");
    s.quiet(&format!("setboard {castle}"));
    s.user_move("g1b1,b1b1", "g1b1", MoveKind::Castle);
    assert_eq!(board(&s.fen()), "6k5/12/12/12/12/12/12/12/12/12/12/1KR7R1");
    s.quiet(&format!("setboard {castle}"));
    s.user_move("g1k1,k1h1", "g1h1k1", MoveKind::Castle);
    assert_eq!(board(&s.fen()), "6k5/12/12/12/12/12/12/12/12/12/12/1R4RK4");
    s.quiet(&format!("setboard {castle}"));
    s.user_move("g1b1,b1f1", "g1f1b1", MoveKind::Castle);
    assert_eq!(board(&s.fen()), "6k5/12/12/12/12/12/12/12/12/12/12/5KR3R1");
    // XBoard passes a castle through the rook's square on to an engine as the king's move
    // followed by the rook's.
    for (xb, after) in [
        ("g1h1,k1g1", "6k5/12/12/12/12/12/12/12/12/12/12/1R4RK4"),
        ("g1k1,k1j1", "6k5/12/12/12/12/12/12/12/12/12/12/1R7RK1"),
        ("g1b1,b1c1", "6k5/12/12/12/12/12/12/12/12/12/12/1KR7R1"),
        ("g1f1,b1g1", "6k5/12/12/12/12/12/12/12/12/12/12/5KR3R1"),
        // The project's one-square castle, and as XBoard reads it (`g1h1` + the rook's file).
        ("g1h1k1", "6k5/12/12/12/12/12/12/12/12/12/12/1R4RK4"),
        ("g1h1k", "6k5/12/12/12/12/12/12/12/12/12/12/1R4RK4"),
    ] {
        s.quiet(&format!("setboard {castle}"));
        s.quiet(&format!("usermove {xb}"));
        assert_eq!(board(&s.fen()), after, "{xb}");
    }
    // A rook move that does not fit the castle is refused.
    s.quiet(&format!("setboard {castle}"));
    assert_eq!(
        s.send("usermove g1h1,k1f1"),
        ["Illegal move (the second leg neither continues the first nor moves the castling rook): g1h1,k1f1"]
    );
    s.quiet(&format!("setboard {castle}"));
    s.user_move("g1h1", "g1h1", MoveKind::Normal);
    // En passant over several squares: e2e6 passes e3, e4, e5; d4xe3 removes the pawn on e6.
    s.quiet("setboard 6k5/12/12/12/12/12/12/12/3p8/12/4P7/6K5 w - - 0 1");
    s.user_move("e2e6", "e2e6", MoveKind::Normal);
    s.user_move("d4e6,e6e3", "d4e3", MoveKind::EnPassant);
    assert_eq!(board(&s.fen()), "6k5/12/12/12/12/12/12/12/12/4p7/12/6K5");
    // Bad input leaves the position alone.
    let before = s.fen();
    assert_eq!(
        s.send("usermove e3e2x"),
        ["Illegal move (unknown promotion letter): e3e2x"]
    );
    assert_eq!(s.send("usermove m1m2"), ["Illegal move (bad square): m1m2"]);
    assert_eq!(
        s.send("usermove g1g3"),
        ["Illegal move (not a legal move): g1g3"]
    );
    assert_eq!(
        s.send("level 40 x 0"),
        ["Error (expected: level MPS BASE INC): level 40 x 0"]
    );
    assert!(s.send("setboard 6k5/12 w")[0].starts_with("Error (bad FEN: "));
    assert_eq!(s.fen(), before);
}

#[test]
fn octopus_drops_and_ranks_from_zero() {
    let mut s = Session::new();
    s.quiet("new");
    s.send("variant octopus");
    s.quiet("force");
    let fen = "k9/10/10/10/10/10/10/10/10/K9[JJjj] w - - 0 1";
    s.quiet(&format!("setboard {fen}"));
    // XBoard's e1 is the project's e2 (white's drop rank).
    s.user_move("J@e1", "J@e2", MoveKind::Drop);
    assert_eq!(s.fen(), "k9/10/10/10/10/10/10/10/4J5/K9[Jjj] b - - 0 1");
    s.quiet("undo");
    // A drop onto a square past the drop rank is the drop-and-push to that square.
    s.user_move("J@e4", "J@e2e5", MoveKind::Drop);
    assert_eq!(board(&s.fen()), "k9/10/10/10/10/4J5/10/10/10/K9[Jjj]");
    // Black drops on its rank 9 (XBoard 8) and pushes to its middle rank 6 (XBoard 5).
    s.user_move("J@c5", "J@c9c6", MoveKind::Drop);
    s.quiet("undo");
    s.quiet("undo");
    assert_eq!(s.fen(), fen);
    assert_eq!(
        s.send("usermove J@e0"),
        ["Illegal move (not a legal move): J@e0"]
    );
    assert_eq!(
        s.send("usermove J@e9"),
        ["Illegal move (not a legal move): J@e9"]
    );
    assert_eq!(
        s.send("usermove Q@e1"),
        ["Illegal move (only ninja pawns are dropped): Q@e1"]
    );
    assert_eq!(
        s.send("usermove J@e10"),
        ["Illegal move (bad square): J@e10"]
    );
    assert_eq!(s.fen(), fen);
    // Picking the ninja pawn from white's holdings (XBoard names that column `l`) marks every
    // drop target: the drop rank 2 and the push squares up to the middle rank 5.
    let y = "YYYYYYYYYY";
    assert_eq!(
        s.send("lift l0"),
        [format!("highlight 10/10/10/10/10/{y}/{y}/{y}/{y}/10")]
    );
    assert_eq!(
        s.send("lift e0"),
        ["highlight 10/10/10/10/10/10/10/10/10/10"]
    );
    assert_eq!(s.fen(), fen);
    // The engine moves in XBoard's numbering.
    s.quiet("new");
    s.send("variant octopus");
    s.quiet("sd 2");
    let r = s.send("go");
    let mv = r
        .iter()
        .find_map(|l| l.strip_prefix("move "))
        .unwrap()
        .to_string();
    let start = movegen::Position::startpos(Variant::Octopus);
    assert!(xboard::coords::from_xboard(&start, &mv).is_ok(), "{mv}");
    assert_ne!(s.fen(), start.to_fen());
    assert_eq!(s.send("ping 3"), ["pong 3"]);
}

#[test]
fn raptor_protruding_squares_and_promotion() {
    let mut s = Session::new();
    s.quiet("new");
    s.send("variant raptor");
    s.quiet("force");
    let fen = "****2****/5k4/P9/10/10/10/10/10/10/10/5K4/****2**** w - - 0 1";
    s.quiet(&format!("setboard {fen}"));
    // Project rank r is XBoard rank r + 1.
    s.user_move("a10a11q", "a9a10q", MoveKind::Promotion);
    s.quiet("undo");
    s.user_move("f2e1", "f1e0", MoveKind::Normal);
    s.quiet("undo");
    assert_eq!(s.send("usermove f2d1"), ["Illegal move (bad square): f2d1"]);
    assert_eq!(s.fen(), fen);
}

#[test]
fn hadean_and_chess_play_and_take_back() {
    let mut s = Session::new();
    s.quiet("new");
    s.send("variant hadean");
    s.quiet("sd 1");
    s.quiet("post");
    // A user move with the engine to reply: it answers with thinking and a move.
    let r = s.send("usermove e3e6");
    assert!(r.iter().any(|l| l.starts_with("1 ")), "{r:?}");
    assert!(r.iter().any(|l| l.starts_with("move ")), "{r:?}");
    s.quiet("force");
    s.quiet("remove");
    assert_eq!(s.fen(), Variant::Hadean.spec().start_fen);
    assert_eq!(s.send("undo"), ["Error (no move to take back): undo"]);
    // Chess, with standard en passant (written as a plain move) and the result line.
    s.quiet("new");
    s.quiet("force");
    for m in ["e2e4", "a7a6", "e4e5", "d7d5"] {
        s.quiet(&format!("usermove {m}"));
    }
    let pos = s.cecp.position();
    let ep = xboard::coords::from_xboard(&pos, "e5d6").unwrap();
    assert_eq!(ep.kind(), MoveKind::EnPassant);
    assert_eq!(xboard::coords::to_xboard(&pos, ep), "e5d6");
    s.quiet("new");
    s.quiet("force");
    for m in ["f2f3", "e7e5", "g2g4"] {
        s.quiet(&format!("usermove {m}"));
    }
    assert_eq!(s.send("usermove d8h4"), ["0-1 {Black wins by checkmate}"]);
    assert_eq!(
        s.send("usermove a2a3"),
        ["Illegal move (the game is over): a2a3"]
    );
    // Analysis shows thinking until `exit`.
    s.quiet("new");
    s.quiet("force");
    assert!(s.cecp.handle("analyze"));
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(s.cecp.handle("exit"));
    let lines = std::mem::take(&mut *s.lines.lock().unwrap());
    assert!(lines.iter().any(|l| l.starts_with("1 ")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("move ")));
    assert_eq!(s.send("foo bar"), ["Error (unknown command): foo bar"]);
    assert_eq!(
        s.send("foo\u{1b}[2J"),
        ["Error (unknown command): foo\\u{1b}[2J"]
    );
    assert!(!s.cecp.handle("quit"));
}

/// Thinking output comes from the engine's typed lines: one line per iteration, XBoard's mate
/// scores, and the move played is the last line's first move.
#[test]
fn thinking_lines_follow_the_search() {
    let mut s = Session::new();
    s.quiet("new");
    s.quiet("force");
    s.quiet("setboard 6k1/5ppp/8/8/8/8/8/R6K w - - 0 1");
    s.quiet("sd 4");
    s.quiet("post");
    let r = s.send("go");
    let thinking = &r[..r.len().saturating_sub(2)];
    let depths: Vec<&str> = thinking
        .iter()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(depths, ["1", "2", "3", "4"], "{r:?}");
    for l in thinking {
        let w: Vec<&str> = l.split_whitespace().collect();
        assert_eq!((w[1], w[4]), ("100001", "a1a8"), "{l}");
    }
    assert_eq!(
        r[r.len() - 2..],
        ["move a1a8", "1-0 {White wins by checkmate}"],
        "{r:?}"
    );
}

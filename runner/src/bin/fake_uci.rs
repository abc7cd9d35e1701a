//! A scripted fake UCI engine for the runner's tests. It plays legal moves chosen with movegen
//! (the first legal move, or one picked by a hash of the position and `--seed`) and can misbehave
//! on purpose:
//!
//! - `--crash-at N`: exit when asked to move at game ply N or later
//! - `--hang-at N`: stop answering anything at ply N or later
//! - `--illegal-at N`: answer an illegal move at ply N or later
//! - `--slow-at N --slow-ms MS`: wait MS before answering at ply N or later
//! - `--startup-ms MS`: wait MS before answering `uci`
//! - `--hang-isready`: never answer `isready`
//! - `--hang-isready-from K`: answer the first K-1 `isready` of this process, then hang
//! - `--once FILE`: misbehave only while FILE does not exist (created when misbehaving), so the
//!   restarted engine behaves
//! - `--score CP`: report `score cp` CP for white's side (black reports -CP); default 0
//! - `--score-hash`: report instead a score from -150 to 150 picked by a hash of the position
//! - `--pick first|hash`, `--seed S`
//! - `--no-uciok`: answer `uci` with its id and options but never `uciok`
//! - `--error-at N`: print `info string error: ...` when asked to move at ply N or later
//! - `--stderr`: print a line on stderr at start-up and for every `go`
//!
//! It declares the options `UCI_Variant` (string), `Hash` (spin) and `EvalFile` (string); a
//! `setoption name EvalFile value F` with a file F that does not exist is answered with
//! `info string error: ...`, as a real engine does when its network file is missing.

use movegen::{Color, Position, Variant};
use std::io::{BufRead, Write};
use std::time::Duration;

#[derive(Default)]
struct Opts {
    pick_hash: bool,
    seed: u64,
    crash_at: Option<usize>,
    hang_at: Option<usize>,
    illegal_at: Option<usize>,
    slow_at: Option<usize>,
    slow_ms: u64,
    startup_ms: u64,
    hang_isready_from: Option<usize>,
    once: Option<String>,
    score: i32,
    score_hash: bool,
    no_uciok: bool,
    error_at: Option<usize>,
    stderr: bool,
}

fn parse_opts() -> Opts {
    let mut o = Opts::default();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    let val = |i: usize| args.get(i + 1).cloned().unwrap_or_default();
    while i < args.len() {
        let n = |s: String| s.parse::<u64>().unwrap_or(0);
        match args[i].as_str() {
            "--pick" => {
                o.pick_hash = val(i) == "hash";
                i += 1
            }
            "--seed" => {
                o.seed = n(val(i));
                i += 1
            }
            "--crash-at" => {
                o.crash_at = Some(n(val(i)) as usize);
                i += 1
            }
            "--hang-at" => {
                o.hang_at = Some(n(val(i)) as usize);
                i += 1
            }
            "--illegal-at" => {
                o.illegal_at = Some(n(val(i)) as usize);
                i += 1
            }
            "--slow-at" => {
                o.slow_at = Some(n(val(i)) as usize);
                i += 1
            }
            "--slow-ms" => {
                o.slow_ms = n(val(i));
                i += 1
            }
            "--startup-ms" => {
                o.startup_ms = n(val(i));
                i += 1
            }
            "--hang-isready" => o.hang_isready_from = Some(1),
            "--hang-isready-from" => {
                o.hang_isready_from = Some(n(val(i)) as usize);
                i += 1
            }
            "--no-uciok" => o.no_uciok = true,
            "--stderr" => o.stderr = true,
            "--error-at" => {
                o.error_at = Some(n(val(i)) as usize);
                i += 1
            }
            "--once" => {
                o.once = Some(val(i));
                i += 1
            }
            "--score" => {
                o.score = val(i).parse().unwrap_or(0);
                i += 1
            }
            "--score-hash" => o.score_hash = true,
            _ => {}
        }
        i += 1;
    }
    o
}

/// True when a fault may fire now (and marks `--once` as used).
fn fire(o: &Opts, at: Option<usize>, ply: usize) -> bool {
    match at {
        Some(a) if ply >= a => match &o.once {
            Some(f) if std::path::Path::new(f).exists() => false,
            Some(f) => {
                let _ = std::fs::write(f, "fired");
                true
            }
            None => true,
        },
        _ => false,
    }
}

fn hang() -> ! {
    loop {
        std::thread::sleep(Duration::from_secs(3600));
    }
}

fn main() {
    let o = parse_opts();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut variant = Variant::from_name("chess").ok();
    let mut pos: Option<Position> = None;
    let mut ply = 0usize;
    let mut isready_count = 0usize;
    let mut say = |s: &str| {
        let _ = writeln!(out, "{s}");
        let _ = out.flush();
    };
    if o.stderr {
        eprintln!("fake_uci stderr: started");
    }
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim().to_string();
        let mut tok = line.split_whitespace();
        match tok.next() {
            Some("uci") => {
                std::thread::sleep(Duration::from_millis(o.startup_ms));
                say("id name fake_uci");
                say("option name UCI_Variant type string default chess");
                say("option name Hash type spin default 16 min 1 max 1024");
                say("option name EvalFile type string default <none>");
                if !o.no_uciok {
                    say("uciok");
                }
            }
            Some("isready") => {
                isready_count += 1;
                if fire(&o, o.hang_isready_from, isready_count) {
                    hang();
                }
                say("readyok");
            }
            Some("setoption") => {
                let rest: Vec<&str> = tok.collect();
                if rest.len() >= 4 && rest[1] == "UCI_Variant" {
                    variant = Variant::from_name(rest[3]).ok();
                }
                if rest.len() >= 4 && rest[1] == "EvalFile" {
                    let file = rest[3..].join(" ");
                    if !std::path::Path::new(&file).exists() {
                        say(&format!(
                            "info string error: EvalFile {file} not found, using the default"
                        ));
                    }
                }
            }
            Some("position") => {
                let rest = line["position".len()..].trim();
                let (fen, moves) = match rest.split_once(" moves ") {
                    Some((f, m)) => (f, m.split_whitespace().collect::<Vec<_>>()),
                    None => (rest, vec![]),
                };
                let fen = fen.strip_prefix("fen").unwrap_or(fen).trim();
                pos = None;
                ply = moves.len();
                if let Some(v) = variant {
                    let p = if fen == "startpos" {
                        Some(Position::startpos(v))
                    } else {
                        Position::from_fen(v, fen).ok()
                    };
                    if let Some(mut p) = p {
                        let mut ok = true;
                        for m in moves {
                            match p.parse_move(m) {
                                Ok(mv) => p.make_move(mv),
                                Err(_) => {
                                    ok = false;
                                    break;
                                }
                            }
                        }
                        if ok {
                            pos = Some(p);
                        }
                    }
                }
            }
            Some("go") => {
                if o.stderr {
                    eprintln!("fake_uci stderr: go at ply {ply}");
                }
                if o.error_at.is_some_and(|a| ply >= a) {
                    say(&format!("info string error: fake failure at ply {ply}"));
                }
                if fire(&o, o.crash_at, ply) {
                    std::process::exit(3);
                }
                if fire(&o, o.hang_at, ply) {
                    hang();
                }
                if fire(&o, o.slow_at, ply) {
                    std::thread::sleep(Duration::from_millis(o.slow_ms));
                }
                if fire(&o, o.illegal_at, ply) {
                    say("bestmove z99z98");
                    continue;
                }
                let Some(p) = pos.as_ref() else {
                    say("bestmove 0000");
                    continue;
                };
                let legal = p.legal_moves();
                let moves = legal.as_slice();
                if moves.is_empty() {
                    say("bestmove 0000");
                    continue;
                }
                let idx = if o.pick_hash {
                    let fen = p.to_fen();
                    let h = fen.bytes().fold(o.seed ^ 0xcbf2_9ce4_8422_2325, |h, b| {
                        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
                    });
                    (h % moves.len() as u64) as usize
                } else {
                    0
                };
                let score = if o.score_hash {
                    let h = p.to_fen().bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
                    });
                    (h % 301) as i32 - 150
                } else if p.side_to_move() == Color::White {
                    o.score
                } else {
                    -o.score
                };
                say(&format!("info depth 1 score cp {score} nodes 1"));
                say(&format!("bestmove {}", p.move_to_uci(moves[idx])));
            }
            Some("quit") => break,
            _ => {}
        }
    }
}

//! PGN output: tags Event, Site, Round, White, Black, Result, Variant, FEN, SetUp,
//! Termination, TimeControl, PlyCount; moves in coordinate notation with
//! `{score/depth time}` comments.

use crate::record::GameRecord;
use std::fmt::Write;

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn fullmove_and_black(fen: &str) -> (u64, bool) {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let black = f.get(1) == Some(&"b");
    let n = f.get(5).and_then(|s| s.parse().ok()).unwrap_or(1);
    (n.max(1), black)
}

/// PGN text of one game (ends with a blank line).
pub fn game_to_pgn(g: &GameRecord, event: &str) -> String {
    let mut s = String::new();
    let tag = |s: &mut String, k: &str, v: &str| {
        let _ = writeln!(s, "[{k} \"{}\"]", escape(v));
    };
    tag(&mut s, "Event", event);
    tag(&mut s, "Site", "shuriken match");
    tag(&mut s, "Round", &format!("{}.{}", g.round + 1, g.game + 1));
    tag(&mut s, "White", &g.white);
    tag(&mut s, "Black", &g.black);
    tag(&mut s, "Result", g.result.pgn());
    tag(&mut s, "Variant", &g.variant);
    tag(&mut s, "FEN", &g.fen);
    tag(&mut s, "SetUp", "1");
    tag(&mut s, "Termination", g.termination.pgn());
    if !g.reason.is_empty() {
        tag(&mut s, "TerminationDetails", &g.reason);
    }
    tag(&mut s, "TimeControl", &g.time_control[0]);
    if g.time_control[0] != g.time_control[1] {
        tag(&mut s, "WhiteTimeControl", &g.time_control[0]);
        tag(&mut s, "BlackTimeControl", &g.time_control[1]);
    }
    tag(&mut s, "PlyCount", &g.moves.len().to_string());
    s.push('\n');
    let (mut number, mut black) = fullmove_and_black(&g.fen);
    let mut line = String::new();
    let mut body = String::new();
    let push = |tok: String, body: &mut String, line: &mut String| {
        if !line.is_empty() && line.len() + tok.len() + 1 > 80 {
            body.push_str(line);
            body.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&tok);
    };
    for (i, p) in g.moves.iter().enumerate() {
        if !black {
            push(format!("{number}."), &mut body, &mut line);
        } else if i == 0 {
            push(format!("{number}..."), &mut body, &mut line);
        }
        push(p.mv.clone(), &mut body, &mut line);
        let score = p.score.map(|s| s.pgn()).unwrap_or_else(|| "?".into());
        let depth = p.depth.map(|d| d.to_string()).unwrap_or_else(|| "?".into());
        push(
            format!("{{{score}/{depth} {:.3}s}}", p.time_ms as f64 / 1000.0),
            &mut body,
            &mut line,
        );
        if black {
            number += 1;
        }
        black = !black;
    }
    push(g.result.pgn().to_string(), &mut body, &mut line);
    body.push_str(&line);
    s.push_str(&body);
    s.push_str("\n\n");
    s
}

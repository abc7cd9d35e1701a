//! PGN output that other tools read.
//!
//! Tags: the Seven Tag Roster first and in order (Event, Site, Date, Round, White, Black,
//! Result), then Variant (`Standard` for chess, the project's name otherwise), SetUp and FEN,
//! Termination with the standard values and TerminationDetails with the precise reason,
//! TimeControl in the standard's forms (see [`crate::tc::pgn_time_tags`]) with a SearchLimit tag
//! for node and depth limits, PlyCount. Movetext in SAN (`docs/notation.md`) with the engine's
//! `{score/depth time}` comment after each move and the termination's detail in a last comment.

use crate::record::GameRecord;
use crate::tc::pgn_time_tags;
use movegen::{Position, Variant};
use std::fmt::Write;

/// The PGN `Variant` tag value of a variant: `Standard` for chess (what other tools expect),
/// the project's name otherwise.
pub fn variant_tag(v: Variant) -> &'static str {
    match v {
        Variant::Chess => "Standard",
        _ => v.name(),
    }
}

/// A tag value with `\` and `"` escaped.
fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A comment's text: PGN comments cannot hold `}`.
fn comment(s: &str) -> String {
    format!("{{{}}}", s.replace('}', ")"))
}

fn fullmove_and_black(fen: &str) -> (u64, bool) {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let black = f.get(1) == Some(&"b");
    let n = f.get(5).and_then(|s| s.parse().ok()).unwrap_or(1);
    (n.max(1), black)
}

/// The moves of a game in SAN. A move the rules do not accept from the recorded position (a
/// damaged results file) and every move after it keep their recorded coordinate text; the
/// second value then says why.
fn san_moves(g: &GameRecord) -> (Vec<String>, Option<String>) {
    let mut pos = match Variant::from_name(&g.variant)
        .map_err(|e| e.to_string())
        .and_then(|v| Position::from_fen(v, &g.fen).map_err(|e| e.to_string()))
    {
        Ok(p) => p,
        Err(e) => {
            let texts = g.moves.iter().map(|p| p.mv.clone()).collect();
            return (texts, Some(format!("moves in coordinate notation: {e}")));
        }
    };
    let mut out = Vec::with_capacity(g.moves.len());
    for (i, ply) in g.moves.iter().enumerate() {
        match pos.parse_move(&ply.mv) {
            Ok(m) => {
                out.push(pos.move_to_san(m));
                pos.make_move(m);
            }
            Err(e) => {
                out.extend(g.moves[i..].iter().map(|p| p.mv.clone()));
                let why = format!("moves from ply {} in coordinate notation: {e}", i + 1);
                return (out, Some(why));
            }
        }
    }
    (out, None)
}

/// PGN text of one game (ends with a blank line).
pub fn game_to_pgn(g: &GameRecord, event: &str) -> String {
    let mut s = String::new();
    let tag = |s: &mut String, k: &str, v: &str| {
        let _ = writeln!(s, "[{k} \"{}\"]", escape(v));
    };
    tag(&mut s, "Event", event);
    tag(&mut s, "Site", "shuriken match");
    tag(&mut s, "Date", g.date.as_deref().unwrap_or("????.??.??"));
    tag(&mut s, "Round", &format!("{}.{}", g.round + 1, g.game + 1));
    tag(&mut s, "White", &g.white);
    tag(&mut s, "Black", &g.black);
    tag(&mut s, "Result", g.result.pgn());
    let variant = Variant::from_name(&g.variant)
        .map(variant_tag)
        .unwrap_or(&g.variant);
    tag(&mut s, "Variant", variant);
    tag(&mut s, "SetUp", "1");
    tag(&mut s, "FEN", &g.fen);
    tag(&mut s, "Termination", g.termination.pgn_standard());
    tag(&mut s, "TerminationDetails", g.termination.pgn());
    let times = [
        pgn_time_tags(&g.time_control[0]),
        pgn_time_tags(&g.time_control[1]),
    ];
    if times[0] == times[1] {
        tag(&mut s, "TimeControl", &times[0].time_control);
        if let Some(l) = &times[0].search_limit {
            tag(&mut s, "SearchLimit", l);
        }
    } else {
        tag(&mut s, "TimeControl", "?");
        for (side, t) in ["White", "Black"].iter().zip(&times) {
            tag(&mut s, &format!("{side}TimeControl"), &t.time_control);
            if let Some(l) = &t.search_limit {
                tag(&mut s, &format!("{side}SearchLimit"), l);
            }
        }
    }
    tag(&mut s, "PlyCount", &g.moves.len().to_string());
    s.push('\n');
    let (mut number, mut black) = fullmove_and_black(&g.fen);
    let mut line = String::new();
    let mut body = String::new();
    let push = |tok: String, body: &mut String, line: &mut String| {
        if !line.is_empty() && line.len() + tok.len() + 1 > 79 {
            body.push_str(line);
            body.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&tok);
    };
    let (sans, notation_note) = san_moves(g);
    if let Some(note) = &notation_note {
        push(comment(note), &mut body, &mut line);
    }
    for (i, (p, san)) in g.moves.iter().zip(sans).enumerate() {
        if !black {
            push(format!("{number}."), &mut body, &mut line);
        } else if i == 0 {
            push(format!("{number}..."), &mut body, &mut line);
        }
        push(san, &mut body, &mut line);
        let score = p.score.map(|s| s.pgn()).unwrap_or_else(|| "?".into());
        let depth = p.depth.map(|d| d.to_string()).unwrap_or_else(|| "?".into());
        push(
            comment(&format!(
                "{score}/{depth} {:.3}s",
                p.time_ms as f64 / 1000.0
            )),
            &mut body,
            &mut line,
        );
        if black {
            number += 1;
        }
        black = !black;
    }
    let detail = if g.reason.is_empty() {
        g.termination.pgn().to_string()
    } else {
        g.reason.clone()
    };
    push(comment(&detail), &mut body, &mut line);
    push(g.result.pgn().to_string(), &mut body, &mut line);
    body.push_str(&line);
    s.push_str(&body);
    s.push_str("\n\n");
    s
}

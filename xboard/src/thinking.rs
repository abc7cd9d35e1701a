//! Thinking output: the search's `info` lines rewritten as CECP's `ply score time nodes pv`.

use crate::coords;
use movegen::Position;

/// XBoard's score for "mate in N moves": 100000 + N (negative when being mated).
pub const MATE_SCORE: i64 = 100_000;

/// Rewrites one UCI `info depth ...` line into a CECP thinking line, with the principal
/// variation in XBoard's notation (walked from `root`). Returns `None` for any other line.
pub fn thinking_line(root: &Position, info: &str) -> Option<String> {
    let t: Vec<&str> = info.split_whitespace().collect();
    if t.first() != Some(&"info") || !t.contains(&"depth") || !t.contains(&"pv") {
        return None;
    }
    let value = |key: &str| -> Option<&str> {
        t.iter()
            .position(|w| *w == key)
            .and_then(|i| t.get(i + 1).copied())
    };
    let depth: i64 = value("depth")?.parse().ok()?;
    let score_at = t.iter().position(|w| *w == "score")?;
    let score = match (t.get(score_at + 1), t.get(score_at + 2)) {
        (Some(&"cp"), Some(v)) => v.parse::<i64>().ok()?,
        (Some(&"mate"), Some(v)) => {
            let n: i64 = v.parse().ok()?;
            if n >= 0 {
                MATE_SCORE + n
            } else {
                -MATE_SCORE + n
            }
        }
        _ => return None,
    };
    let centis = value("time")
        .and_then(|v| v.parse::<i64>().ok())
        .unwrap_or(0)
        / 10;
    let nodes: u64 = value("nodes").and_then(|v| v.parse().ok()).unwrap_or(0);
    let pv_at = t.iter().position(|w| *w == "pv")?;
    let mut pos = root.clone();
    let mut words = Vec::new();
    for text in &t[pv_at + 1..] {
        let Ok(m) = pos.parse_move(text) else { break };
        words.push(coords::to_xboard(&pos, m));
        pos.make_move(m);
    }
    Some(format!(
        "{depth} {score} {centis} {nodes} {}",
        words.join(" ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Variant;

    #[test]
    fn rewrites_scores_and_pv() {
        let root = Position::startpos(Variant::Octopus);
        let line = "info depth 3 seldepth 5 multipv 1 score cp -12 nodes 345 nps 1 hashfull 0 time 1234 pv e2e3 e9e8";
        // Octopus ranks are one lower in XBoard.
        assert_eq!(
            thinking_line(&root, line).unwrap(),
            "3 -12 123 345 e1e2 e8e7"
        );
        let mate = "info depth 9 score mate 2 nodes 5 time 10 pv e2e3";
        assert_eq!(thinking_line(&root, mate).unwrap(), "9 100002 1 5 e1e2");
        let mated = "info depth 9 score mate -3 nodes 5 time 10 pv e2e3";
        assert_eq!(thinking_line(&root, mated).unwrap(), "9 -100003 1 5 e1e2");
        assert!(thinking_line(&root, "info string hello").is_none());
    }
}

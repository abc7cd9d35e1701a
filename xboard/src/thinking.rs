//! Thinking output: the search's [`Info`] lines written as CECP's `ply score time nodes pv`.

use crate::coords;
use engine::core::{Info, Score};
use movegen::Position;

/// XBoard's score for "mate in N moves": 100000 + N (negative when being mated).
pub const MATE_SCORE: i64 = 100_000;

/// XBoard's score: centipawns, or ±[`MATE_SCORE`] plus the moves to mate (`-100000` when
/// mated now).
pub fn xboard_score(score: Score) -> i64 {
    match score {
        Score::Centipawns(cp) => i64::from(cp),
        Score::Mate(n) if n > 0 => MATE_SCORE + i64::from(n),
        Score::Mate(n) => -MATE_SCORE + i64::from(n),
    }
}

/// The CECP thinking line of `info`: depth, score, centiseconds, nodes and the principal
/// variation in XBoard's notation (walked from `root`).
pub fn thinking_line(root: &Position, info: &Info) -> String {
    let mut pos = root.clone();
    let mut words = Vec::with_capacity(info.pv.len());
    for &m in &info.pv {
        words.push(coords::to_xboard(&pos, m));
        pos.make_move(m);
    }
    format!(
        "{} {} {} {} {}",
        info.depth,
        xboard_score(info.score),
        info.time_ms / 10,
        info.nodes,
        words.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Variant;

    fn info(depth: i32, score: Score, nodes: u64, time_ms: u64, pv: &[&str]) -> Info {
        let root = Position::startpos(Variant::Octopus);
        let mut p = root.clone();
        let pv = pv
            .iter()
            .map(|t| {
                let m = p.parse_move(t).unwrap();
                p.make_move(m);
                m
            })
            .collect();
        Info {
            depth,
            seldepth: depth,
            multipv: 1,
            score,
            bound: None,
            nodes,
            nps: 1,
            hashfull: 0,
            time_ms,
            pv,
        }
    }

    #[test]
    fn writes_scores_and_pv() {
        let root = Position::startpos(Variant::Octopus);
        // Octopus ranks are one lower in XBoard.
        let line = info(3, Score::Centipawns(-12), 345, 1234, &["e2e3", "e9e8"]);
        assert_eq!(thinking_line(&root, &line), "3 -12 123 345 e1e2 e8e7");
        let mate = info(9, Score::Mate(2), 5, 10, &["e2e3"]);
        assert_eq!(thinking_line(&root, &mate), "9 100002 1 5 e1e2");
        let mated = info(9, Score::Mate(-3), 5, 10, &["e2e3"]);
        assert_eq!(thinking_line(&root, &mated), "9 -100003 1 5 e1e2");
        assert_eq!(xboard_score(Score::Mate(0)), -MATE_SCORE);
    }
}

//! Adjudication: draw (quiet scores late in the game), resign (both engines agree), max moves.

use crate::config::Adjudication;
use crate::record::{GameResult, PlyRecord, Termination};

/// A verdict: result, termination, detail.
pub type Verdict = (GameResult, Termination, String);

/// Checks the rules after the last ply of `plies` (played from the opening).
/// `first_mover_white`: whether the first ply was white's.
pub fn check(adj: &Adjudication, plies: &[PlyRecord], first_mover_white: bool) -> Option<Verdict> {
    let n = plies.len();
    if let Some(r) = adj.resign {
        let k = 2 * r.move_count as usize;
        if r.move_count > 0 && n >= k {
            let recent = &plies[n - k..];
            // Scores by mover: the side behind says <= -score, the other >= score.
            let side_of = |i: usize| (n - k + i).is_multiple_of(2) == first_mover_white; // true = white
            for white_losing in [true, false] {
                let agree = recent.iter().enumerate().all(|(i, p)| {
                    let Some(s) = p.score else { return false };
                    let cp = s.as_cp();
                    if side_of(i) == white_losing {
                        cp <= -r.score
                    } else {
                        cp >= r.score
                    }
                });
                if agree {
                    let side = if white_losing { "white" } else { "black" };
                    return Some((
                        GameResult::loss_for(white_losing),
                        Termination::AdjudicatedResign,
                        format!("both engines agree {side} is lost"),
                    ));
                }
            }
        }
    }
    if let Some(d) = adj.draw {
        let k = 2 * d.move_count as usize;
        if d.move_count > 0 && n >= k && n >= 2 * d.move_number as usize {
            let quiet = plies[n - k..]
                .iter()
                .all(|p| matches!(p.score, Some(crate::uci::Score::Cp(c)) if c.abs() <= d.score));
            if quiet {
                return Some((
                    GameResult::Draw,
                    Termination::AdjudicatedDraw,
                    format!("scores within {} cp for {} moves", d.score, d.move_count),
                ));
            }
        }
    }
    if let Some(m) = adj.max_moves {
        if n >= 2 * m as usize {
            return Some((
                GameResult::Draw,
                Termination::MaxMoves,
                format!("{m} moves played"),
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{DrawAdjudication, ResignAdjudication};
    use crate::uci::Score;

    fn ply(cp: i32) -> PlyRecord {
        PlyRecord {
            mv: "a1a2".into(),
            score: Some(Score::Cp(cp)),
            depth: None,
            time_ms: 0,
            nodes: None,
        }
    }

    #[test]
    fn resign_needs_both() {
        let adj = Adjudication {
            resign: Some(ResignAdjudication {
                move_count: 2,
                score: 500,
            }),
            ..Default::default()
        };
        // white +600, black -600 alternating: black is lost.
        let p: Vec<_> = [600, -600, 600, -600].iter().map(|&c| ply(c)).collect();
        let v = check(&adj, &p, true).unwrap();
        assert_eq!(v.0, GameResult::WhiteWins);
        // black disagrees
        let p: Vec<_> = [600, -600, 600, 0].iter().map(|&c| ply(c)).collect();
        assert!(check(&adj, &p, true).is_none());
        // black moved first: first ply is black's
        let p: Vec<_> = [600, -600, 600, -600].iter().map(|&c| ply(c)).collect();
        assert_eq!(check(&adj, &p, false).unwrap().0, GameResult::BlackWins);
    }

    #[test]
    fn draw_and_max() {
        let adj = Adjudication {
            draw: Some(DrawAdjudication {
                move_number: 3,
                move_count: 2,
                score: 10,
            }),
            max_moves: Some(5),
            ..Default::default()
        };
        let p: Vec<_> = [0, 0, 0, 0].iter().map(|&c| ply(c)).collect();
        assert!(check(&adj, &p, true).is_none()); // before move 3
        let p: Vec<_> = [50, 50, 0, 0, 5, -5].iter().map(|&c| ply(c)).collect();
        assert_eq!(
            check(&adj, &p, true).unwrap().1,
            Termination::AdjudicatedDraw
        );
        let p: Vec<_> = [50; 10].iter().map(|&c| ply(c)).collect();
        assert_eq!(check(&adj, &p, true).unwrap().1, Termination::MaxMoves);
    }
}

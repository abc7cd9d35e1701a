//! Text for people: Elo figures, SPRT state and pairing results as printed in the progress line
//! and the final summary on stderr. Numbers never show a negative zero; an infinite Elo (a
//! score of 0% or 100%) is written `+inf`/`-inf`; an error bar is shown only once defined.

use crate::tally::{EstimateSummary, PairingSummary, SprtSummary};

/// `x` with `decimals` decimals and a sign (`+1.50`, `-0.25`, `0.00`): a value that rounds to
/// zero is written without sign, so `-0.00` never appears.
pub fn signed(x: f64, decimals: usize) -> String {
    if x.is_infinite() {
        return if x > 0.0 { "+inf" } else { "-inf" }.into();
    }
    let text = format!("{x:+.decimals$}");
    if text[1..].chars().all(|c| c == '0' || c == '.') {
        text[1..].to_string()
    } else {
        text
    }
}

/// `x` with `decimals` decimals, without sign, and no negative zero.
pub fn unsigned(x: f64, decimals: usize) -> String {
    let text = format!("{x:.decimals$}");
    match text.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => text,
    }
}

/// The Elo of an estimate: `+inf`/`-inf` for a score of 100%/0%, `n/a` without games.
fn elo_value(e: &EstimateSummary, decimals: usize) -> String {
    match (e.elo, e.score) {
        (Some(elo), _) => signed(elo, decimals),
        (None, Some(s)) if s >= 1.0 => "+inf".into(),
        (None, Some(s)) if s <= 0.0 => "-inf".into(),
        _ => "n/a".into(),
    }
}

/// `Elo +12.3 ± 4.5` (the error bar only when defined).
pub fn elo(e: &EstimateSummary, decimals: usize) -> String {
    let mut text = format!("Elo {}", elo_value(e, decimals));
    if let (Some(_), Some(err)) = (e.elo, e.elo_error) {
        text.push_str(&format!(" ± {}", unsigned(err, decimals)));
    }
    text
}

/// `nElo +12.3 ± 4.5`, `nElo n/a` while undefined.
pub fn nelo(e: &EstimateSummary, decimals: usize) -> String {
    match (e.nelo, e.nelo_error) {
        (Some(n), Some(err)) => {
            format!("nElo {} ± {}", signed(n, decimals), unsigned(err, decimals))
        }
        (Some(n), None) => format!("nElo {}", signed(n, decimals)),
        _ => "nElo n/a".into(),
    }
}

/// `LLR 1.23 (-2.94, 2.94)` and, when `with_decision`, the decision.
pub fn sprt(sp: &SprtSummary, decimals: usize, with_decision: bool) -> String {
    let mut text = format!(
        "LLR {} ({}, {})",
        signed(sp.llr, decimals),
        signed(sp.lower, decimals),
        signed(sp.upper, decimals)
    );
    if with_decision {
        text.push(' ');
        text.push_str(sp.decision.describe());
        if let Some(stop) = &sp.stopped_at {
            text.push_str(&format!(
                " after {} games (LLR {} then)",
                stop.games,
                signed(stop.llr, decimals)
            ));
        }
    }
    text
}

/// The estimate to quote for a pairing: from pairs once there is one, else from games.
pub fn quoted(p: &PairingSummary) -> &EstimateSummary {
    if p.pairs > 0 {
        &p.pentanomial_stats
    } else {
        &p.trinomial_stats
    }
}

/// The lines of the final summary of one pairing.
pub fn pairing_lines(p: &PairingSummary) -> Vec<String> {
    let st = quoted(p);
    let mut lines = vec![
        format!(
            "{} vs {}: games {} W {} L {} D {}  pairs {} penta {:?}",
            p.engine, p.opponent, p.games, p.wins, p.losses, p.draws, p.pairs, p.pentanomial
        ),
        format!(
            "  {}  {}  LOS {}",
            elo(st, 2),
            nelo(st, 2),
            st.los
                .map(|l| format!("{}%", unsigned(l * 100.0, 1)))
                .unwrap_or_else(|| "n/a".into())
        ),
    ];
    if let Some(sp) = &p.sprt {
        lines.push(format!("  SPRT {}", sprt(sp, 3, true)));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_negative_zero_and_infinities() {
        assert_eq!(signed(-0.0, 2), "0.00");
        assert_eq!(signed(-0.001, 2), "0.00");
        assert_eq!(signed(0.004, 2), "0.00");
        assert_eq!(signed(-0.25, 2), "-0.25");
        assert_eq!(signed(1.5, 1), "+1.5");
        assert_eq!(signed(f64::NEG_INFINITY, 1), "-inf");
        assert_eq!(unsigned(-0.0, 2), "0.00");
        assert_eq!(unsigned(1.23456, 2), "1.23");
    }

    #[test]
    fn elo_text() {
        let mut e = EstimateSummary {
            score: Some(0.5),
            elo: Some(0.0),
            ..Default::default()
        };
        assert_eq!(elo(&e, 2), "Elo 0.00");
        e.elo_error = Some(12.345);
        assert_eq!(elo(&e, 1), "Elo 0.0 ± 12.3");
        let won = EstimateSummary {
            score: Some(1.0),
            ..Default::default()
        };
        assert_eq!(elo(&won, 1), "Elo +inf");
        let lost = EstimateSummary {
            score: Some(0.0),
            ..Default::default()
        };
        assert_eq!(elo(&lost, 1), "Elo -inf");
        assert_eq!(elo(&EstimateSummary::default(), 1), "Elo n/a");
    }
}

//! `shuriken match merge FILES...`: adds the games of several results files (shards, or runs
//! of the same configuration) and computes the statistics once from the summed counts — never
//! by averaging Elo or LLR. When every game of the run is merged, an undecided SPRT is reported
//! inconclusive.

use crate::config::Tournament;
use crate::pgn::game_to_pgn;
use crate::sprt::SprtConfig;
use crate::store;
use crate::tally::{MatchSummary, Tally};
use anyhow::{bail, Result};
use std::path::PathBuf;

/// Merges results files. With `force`, files of different runs are merged anyway.
/// Writes all games as PGN to `pgn_out` when given.
pub fn merge_files(
    files: &[PathBuf],
    sprt: Option<&SprtConfig>,
    force: bool,
    pgn_out: Option<&PathBuf>,
) -> Result<MatchSummary> {
    if files.is_empty() {
        bail!("merge needs at least one results file");
    }
    // Files are counted in the order given, each in its own order, and the SPRT stops where
    // that sequence first crosses a bound (for one file: exactly where the run stopped).
    let mut tally = Tally::watching(sprt.copied());
    let mut first: Option<(PathBuf, store::Header)> = None;
    let mut pgn = String::new();
    let mut duplicates = 0u64;
    for f in files {
        let c = store::read(f)?;
        if let Some((line, why)) = c.bad_lines.first() {
            bail!("{}:{line}: unreadable line: {why}", f.display());
        }
        for w in c.warnings(f) {
            eprintln!("warning: {}", crate::text::escape_controls(&w, false));
        }
        let Some(h) = c.header else {
            bail!(
                "{} has no header line; it is not a results file",
                f.display()
            );
        };
        match &first {
            None => first = Some((f.clone(), h)),
            Some((f0, h0)) => {
                if !force && h0.fingerprint != h.fingerprint {
                    bail!(
                        "{} and {} come from different runs (engines, limits, openings, seed or \
                         adjudication differ); add --force to merge them anyway",
                        f0.display(),
                        f.display()
                    );
                }
            }
        }
        for g in &c.games {
            match tally.add(g) {
                Ok(true) => {
                    if pgn_out.is_some() {
                        pgn.push_str(&game_to_pgn(g, "shuriken match"));
                    }
                }
                Ok(false) => duplicates += 1,
                Err(e) => bail!("{}: {e}", f.display()),
            }
        }
    }
    if duplicates > 0 {
        eprintln!("merge: {duplicates} duplicate game(s) ignored (counted once)");
    }
    if let Some(p) = pgn_out {
        std::fs::write(p, pgn).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", p.display()))?;
    }
    let expected = first.as_ref().and_then(|(_, h)| expected_games(h));
    let names = first.map(|(_, h)| h.engines).unwrap_or_default();
    let mut summary = tally.summary(&names, sprt);
    if expected.is_some_and(|n| tally.games >= n) {
        // Every game of the run is in: an undecided SPRT ran out of games.
        summary.conclude();
    }
    Ok(summary)
}

/// Games of the whole (unsharded) run a header describes, when it can be told.
fn expected_games(h: &store::Header) -> Option<u64> {
    let tournament: Tournament =
        serde_json::from_value(h.fingerprint.get("tournament")?.clone()).ok()?;
    let pairings = crate::shard::pairings(h.engines.len(), tournament).len() as u64;
    h.rounds.checked_mul(pairings)?.checked_mul(2)
}

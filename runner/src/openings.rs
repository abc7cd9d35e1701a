//! Opening sets: loading EPD/FEN files, the default set of each variant, the order in which
//! rounds use them, and generation of random openings checked by a short engine search.

use crate::config::{EngineConfig, GenerateSpec, OpeningOrder, OpeningSource, OpeningsConfig};
use crate::rng::{fnv1a, Rng};
use crate::uci::{Timeouts, UciEngine};
use anyhow::{bail, Context, Result};
use movegen::{Position, Variant};
use std::io::Write;
use std::path::Path;

/// The opening set shipped for a variant (one FEN per line, `#` comments).
pub fn default_set(variant: Variant) -> &'static str {
    match variant.name() {
        "titan" => include_str!("../openings/titan.epd"),
        "hadean" => include_str!("../openings/hadean.epd"),
        "raptor" => include_str!("../openings/raptor.epd"),
        "octopus" => include_str!("../openings/octopus.epd"),
        _ => include_str!("../openings/chess.epd"),
    }
}

/// Turns one EPD or FEN line into a FEN. A FEN's own clocks are kept; an EPD line (four fields,
/// then operations such as `ce 12; acd 8;`) takes its clocks from the `hmvc` and `fmvn`
/// operations when they are numbers, else `0 1`, and its other operations are dropped. `None`
/// for blank and comment lines.
pub fn line_to_fen(line: &str) -> Option<String> {
    let line = line.split('#').next().unwrap_or("").trim();
    if line.is_empty() {
        return None;
    }
    // Only the first six fields matter (EPD operations after them are read separately); taking
    // at most seven keeps a hostile multi-megabyte line from building millions of slices.
    let fields: Vec<&str> = line.split_whitespace().take(7).collect();
    let clocks_given =
        fields.len() >= 6 && fields[4].parse::<u32>().is_ok() && fields[5].parse::<u32>().is_ok();
    if clocks_given {
        Some(fields[..6].join(" "))
    } else if fields.len() >= 4 {
        let clock = |code: &str, default: u32| {
            epd_operations(line)
                .find(|(c, _)| *c == code)
                .and_then(|(_, v)| v.parse::<u32>().ok())
                .unwrap_or(default)
        };
        Some(format!(
            "{} {} {}",
            fields[..4].join(" "),
            clock("hmvc", 0),
            clock("fmvn", 1)
        ))
    } else {
        Some(fields.join(" "))
    }
}

/// The EPD operations of a line (after its four position fields, before any `#` comment), as
/// `(opcode, operand)` pairs in order: `ce 12; acd 8;` gives `[("ce", "12"), ("acd", "8")]`. An
/// operand keeps its inner spaces and quotes (`id "a b"` gives `("id", "\"a b\"")`); a line with
/// clocks after its four fields, or with fewer than four fields, has none. An iterator, so that
/// a hostile line of a million operations costs no memory.
pub fn epd_operations(line: &str) -> impl Iterator<Item = (&str, &str)> {
    let line = line.split('#').next().unwrap_or("").trim();
    let mut rest = line;
    for _ in 0..4 {
        rest = rest.trim_start();
        match rest.find(char::is_whitespace) {
            Some(i) => rest = &rest[i..],
            None => rest = "",
        }
    }
    rest.split(';')
        .map(str::trim)
        .filter(|op| !op.is_empty())
        .filter_map(|op| {
            let (code, operand) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
            // A number where the opcode should be is a FEN clock, not an operation.
            if code.parse::<i64>().is_ok() {
                return None;
            }
            Some((code, operand.trim()))
        })
}

/// The integer operand of EPD opcode `code` on `line` (`ce`, `acd`, ...): `None` when the line
/// lacks it, `Some(Err)` when its operand is not an integer.
pub fn epd_int(line: &str, code: &str) -> Option<Result<i64>> {
    epd_operations(line)
        .find(|(c, _)| *c == code)
        .map(|(_, v)| {
            v.parse::<i64>()
                .map_err(|_| anyhow::anyhow!("EPD operation {code}: '{v}' is not an integer"))
        })
}

/// Parses an opening set, checking every position with movegen. `origin` names it in errors.
pub fn parse_set(variant: Variant, text: &str, origin: &str) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(fen) = line_to_fen(line) else {
            continue;
        };
        let pos = Position::from_fen(variant, &fen).map_err(|e| {
            anyhow::anyhow!("{origin}:{}: not a {} position: {e}", i + 1, variant.name())
        })?;
        if pos.outcome().is_some() {
            bail!(
                "{origin}:{}: the game is already over in this position",
                i + 1
            );
        }
        out.push(fen);
    }
    if out.is_empty() {
        bail!("{origin}: no positions in the opening set");
    }
    Ok(out)
}

/// A loaded opening set with its order.
#[derive(Clone, Debug)]
pub struct OpeningBook {
    /// The positions (FEN).
    pub fens: Vec<String>,
    order: OpeningOrder,
    start: usize,
    seed: u64,
}

impl OpeningBook {
    /// A book over `fens`.
    pub fn new(fens: Vec<String>, order: OpeningOrder, start: usize, seed: u64) -> OpeningBook {
        OpeningBook {
            fens,
            order,
            start,
            seed,
        }
    }

    /// Loads the openings of a configuration (generating them first if asked).
    pub fn load(
        cfg: &OpeningsConfig,
        variant: Variant,
        seed: u64,
        checker: Option<(&EngineConfig, &Timeouts)>,
    ) -> Result<OpeningBook> {
        let fens = match &cfg.source {
            OpeningSource::Default => parse_set(
                variant,
                default_set(variant),
                &format!("default {} set", variant.name()),
            )?,
            OpeningSource::File(p) => read_file(variant, p)?,
            OpeningSource::Positions(v) => parse_set(variant, &v.join("\n"), "given positions")?,
            OpeningSource::Generate(spec) => {
                if spec.out.exists() {
                    read_file(variant, &spec.out)?
                } else {
                    let fens = generate(variant, spec, seed, checker)?;
                    write_set(&spec.out, variant, &fens)?;
                    fens
                }
            }
        };
        Ok(OpeningBook::new(fens, cfg.order, cfg.start, seed))
    }

    /// Index into `fens` of the opening used by `round`; depends only on the seed and round.
    pub fn index_for_round(&self, round: u64) -> usize {
        let n = self.fens.len() as u64;
        match self.order {
            OpeningOrder::Sequential => ((self.start as u64 + round) % n) as usize,
            OpeningOrder::Random => {
                let cycle = round / n;
                let mut perm: Vec<usize> = (0..self.fens.len()).collect();
                Rng::stream(self.seed, cycle ^ 0x6f70_656e).shuffle(&mut perm);
                perm[(round % n) as usize]
            }
        }
    }

    /// Stable identity of the set and its order (recorded in result headers).
    pub fn identity(&self) -> String {
        let order = match self.order {
            OpeningOrder::Sequential => format!("sequential from {}", self.start),
            OpeningOrder::Random => "random".to_string(),
        };
        format!(
            "{} positions, hash {:016x}, {order}",
            self.fens.len(),
            fnv1a(self.fens.join("\n").as_bytes())
        )
    }
}

fn read_file(variant: Variant, p: &Path) -> Result<Vec<String>> {
    let text = std::fs::read_to_string(p)
        .with_context(|| format!("cannot read opening file {}", p.display()))?;
    if is_pgn(p, &text) {
        parse_pgn_set(variant, &text, &p.display().to_string())
    } else {
        parse_set(variant, &text, &p.display().to_string())
    }
}

/// Is an opening file PGN? Yes when its name ends in `.pgn` (any case) or its first line that
/// is neither blank nor a `#` comment starts with `[` (a tag pair; no EPD line does).
pub fn is_pgn(path: &Path, text: &str) -> bool {
    let by_name = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let by_content = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with('['));
    by_name || by_content
}

/// Parses a PGN opening set: each game's opening is the position after its moves. Games
/// without a `Variant` tag are taken as `variant` games; a game of another variant, a bad
/// move or a game already over is an error naming the game. `origin` names the set in errors.
pub fn parse_pgn_set(variant: Variant, text: &str, origin: &str) -> Result<Vec<String>> {
    let games = crate::pgn_read::read_pgn(text, Some(variant))
        .map_err(|e| anyhow::anyhow!("{origin}: {e}"))?;
    let mut out = Vec::with_capacity(games.len());
    for (i, g) in games.iter().enumerate() {
        let end = g.end_position();
        if end.outcome().is_some() {
            bail!(
                "{origin}: PGN game {}: the game is already over after its moves",
                i + 1
            );
        }
        out.push(end.to_fen());
    }
    if out.is_empty() {
        bail!("{origin}: no games in the PGN opening set");
    }
    Ok(out)
}

/// Writes an opening set (one FEN per line) to `path`, durably.
pub fn write_set(path: &Path, variant: Variant, fens: &[String]) -> Result<()> {
    let mut f =
        std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    writeln!(
        f,
        "# {} openings generated by shuriken match",
        variant.name()
    )?;
    for fen in fens {
        writeln!(f, "{fen}")?;
    }
    f.sync_all()?;
    Ok(())
}

/// Generates `spec.count` distinct openings by `spec.plies` random legal moves from the start
/// position. With a margin and an engine, each candidate is searched (`go nodes`) and kept only
/// when the score is within the margin.
pub fn generate(
    variant: Variant,
    spec: &GenerateSpec,
    seed: u64,
    checker: Option<(&EngineConfig, &Timeouts)>,
) -> Result<Vec<String>> {
    let mut engine = match (spec.margin_cp, checker) {
        (Some(_), Some((cfg, t))) => Some(
            UciEngine::start(&cfg.launch, variant.name(), &cfg.options, t).map_err(|f| {
                anyhow::anyhow!("opening check engine {} failed: {}", cfg.name, f.detail())
            })?,
        ),
        _ => None,
    };
    let timeouts = checker.map(|c| *c.1).unwrap_or_default();
    let mut rng = Rng::stream(seed, 0x0067_656e);
    let mut out: Vec<String> = Vec::new();
    let max_tries = spec.count.saturating_mul(200).max(1000);
    let mut tries = 0;
    while out.len() < spec.count {
        tries += 1;
        if tries > max_tries {
            bail!(
                "could only generate {} of {} openings after {max_tries} tries (plies {}, margin {:?})",
                out.len(),
                spec.count,
                spec.plies,
                spec.margin_cp
            );
        }
        let mut pos = Position::startpos(variant);
        let mut moves = Vec::new();
        let mut ok = true;
        for _ in 0..spec.plies {
            let legal = pos.legal_moves();
            if legal.is_empty() || pos.outcome().is_some() {
                ok = false;
                break;
            }
            let mv = legal.as_slice()[rng.below(legal.len())];
            moves.push(pos.move_to_uci(mv));
            pos.make_move(mv);
        }
        if !ok || pos.outcome().is_some() || pos.legal_moves().is_empty() {
            continue;
        }
        let fen = pos.to_fen();
        if out.contains(&fen) {
            continue;
        }
        if let (Some(margin), Some(e)) = (spec.margin_cp, engine.as_mut()) {
            let reply = e
                .search(
                    &format!("position fen {fen}"),
                    &format!("go nodes {}", spec.nodes),
                    timeouts.search,
                    &timeouts,
                )
                .map_err(|f| anyhow::anyhow!("opening check search failed: {}", f.detail()))?;
            match reply.info.score {
                Some(s) if s.as_cp().abs() <= margin => {}
                _ => continue,
            }
        }
        out.push(fen);
    }
    if let Some(e) = engine {
        e.quit();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines() {
        assert_eq!(line_to_fen("  # c"), None);
        assert_eq!(
            line_to_fen("8/8 w - - bm e4; id \"x\""),
            Some("8/8 w - - 0 1".into())
        );
        assert_eq!(line_to_fen("8/8 b KQ - 3 7"), Some("8/8 b KQ - 3 7".into()));
    }

    #[test]
    fn epd_operations_ce_acd_and_clocks() {
        let line = "8/8 w - - hmvc 3; fmvn 12; ce -17; acd 8; id \"a b\";";
        assert_eq!(line_to_fen(line), Some("8/8 w - - 3 12".into()));
        assert_eq!(
            epd_operations(line).collect::<Vec<_>>(),
            vec![
                ("hmvc", "3"),
                ("fmvn", "12"),
                ("ce", "-17"),
                ("acd", "8"),
                ("id", "\"a b\"")
            ]
        );
        assert_eq!(epd_int(line, "ce").unwrap().unwrap(), -17);
        assert_eq!(epd_int(line, "acd").unwrap().unwrap(), 8);
        assert!(epd_int(line, "bm").is_none());
        assert!(epd_int("8/8 w - - ce x;", "ce").unwrap().is_err());
        // A FEN with clocks has no operations, and a bad clock operand falls back to 0 1.
        assert_eq!(epd_operations("8/8 b KQ - 3 7").count(), 0);
        assert_eq!(epd_operations("8/8 w").count(), 0);
        assert_eq!(
            line_to_fen("8/8 w - - hmvc x;"),
            Some("8/8 w - - 0 1".into())
        );
    }

    /// The shipped books keep what runner/openings/README.md promises: at least 5,000 distinct
    /// positions, each scored within ±60 cp at depth 8 or more.
    #[test]
    fn the_default_books_are_balanced() {
        for v in Variant::ALL {
            let text = default_set(v);
            let fens = parse_set(v, text, "default").unwrap();
            assert!(fens.len() >= 5000, "{v:?}: {} positions", fens.len());
            let keys: std::collections::HashSet<u64> = fens
                .iter()
                .map(|f| Position::from_fen(v, f).unwrap().hash())
                .collect();
            assert_eq!(keys.len(), fens.len(), "{v:?}: repeated positions");
            for line in text.lines().filter(|l| line_to_fen(l).is_some()) {
                let ce = epd_int(line, "ce").expect("ce").unwrap();
                let acd = epd_int(line, "acd").expect("acd").unwrap();
                assert!(ce.abs() <= 60 && acd >= 8, "{v:?}: {line}");
            }
        }
    }

    #[test]
    fn book_lines_with_ce_and_acd_parse_in_every_variant() {
        for v in Variant::ALL {
            let pos = Position::startpos(v);
            let fen = pos.to_fen();
            let four: Vec<&str> = fen.split_whitespace().take(4).collect();
            let line = format!("{} hmvc 0; fmvn 1; ce 12; acd 8;", four.join(" "));
            let set = parse_set(v, &line, "t").unwrap();
            assert_eq!(set, vec![fen]);
        }
    }

    #[test]
    fn order_depends_on_seed_and_round_only() {
        let fens: Vec<String> = (0..7).map(|i| format!("f{i}")).collect();
        let a = OpeningBook::new(fens.clone(), OpeningOrder::Random, 0, 42);
        let b = OpeningBook::new(fens.clone(), OpeningOrder::Random, 0, 42);
        let first: Vec<usize> = (0..7).map(|r| a.index_for_round(r)).collect();
        let mut sorted = first.clone();
        sorted.sort();
        assert_eq!(sorted, (0..7).collect::<Vec<_>>());
        for r in 0..30 {
            assert_eq!(a.index_for_round(r), b.index_for_round(r));
        }
        let s = OpeningBook::new(fens, OpeningOrder::Sequential, 5, 42);
        assert_eq!(s.index_for_round(0), 5);
        assert_eq!(s.index_for_round(3), 1);
    }
}

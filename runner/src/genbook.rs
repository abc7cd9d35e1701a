//! `shuriken match genbook`: balanced opening books. Candidates are random playouts from the
//! start position; each is searched by a UCI engine (to a depth or a node count) and kept when
//! the score is within a margin. Positions are distinct by position key, and no first move opens
//! more than a given share of the book.
//!
//! Determinism: candidate `i` depends only on the seed, `i` and the first moves already full
//! when its batch began; batch sizes depend only on the positions still wanted, and a batch is
//! scored in parallel, then accepted
//! one by one in candidate order. Each search starts with `ucinewgame`, so a single-threaded
//! engine scores a candidate the same whoever searches it. The book is therefore the same for a
//! given seed whatever `threads` is.

use crate::config::EngineConfig;
use crate::rng::Rng;
use crate::uci::{Timeouts, UciEngine};
use anyhow::{anyhow, bail, Result};
use movegen::{Move, Position, Variant};
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Most candidates drawn and scored together. A batch's size depends only on how many
/// positions are still wanted, never on `threads`.
pub const BATCH: usize = 64;

/// How the check search is bounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckLimit {
    /// `go nodes N`.
    Nodes(u64),
    /// `go depth D`.
    Depth(u32),
}

impl CheckLimit {
    fn go(self) -> String {
        match self {
            CheckLimit::Nodes(n) => format!("go nodes {n}"),
            CheckLimit::Depth(d) => format!("go depth {d}"),
        }
    }
}

/// What book to make.
#[derive(Clone, Debug)]
pub struct BookSpec {
    /// The game.
    pub variant: Variant,
    /// Random plies from the start position (at least 1).
    pub plies: u32,
    /// Positions wanted.
    pub count: usize,
    /// Seed of the playouts.
    pub seed: u64,
    /// Keep positions the engine scores within this many centipawns (`None`: no search).
    pub margin_cp: Option<i32>,
    /// Bound of the check search.
    pub limit: CheckLimit,
    /// Engines searching at the same time (one process each).
    pub threads: usize,
    /// Most positions one first move may open, in percent of `count` (rounded down).
    pub first_move_pct: f64,
    /// Give up after this many candidates.
    pub max_candidates: usize,
}

/// One book position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// Full FEN (with clocks).
    pub fen: String,
    /// The first move of the playout (UCI notation).
    pub first_move: String,
    /// The check search's score, side to move's view (`None` without a check).
    pub score: Option<i32>,
    /// The check search's completed depth, as the engine reported it.
    pub depth: Option<u32>,
}

impl BookEntry {
    /// The EPD line: the four position fields, then `hmvc`, `fmvn` and, when searched, `ce`
    /// and `acd`.
    pub fn epd(&self) -> String {
        let f: Vec<&str> = self.fen.split_whitespace().collect();
        let mut s = f[..4.min(f.len())].join(" ");
        if f.len() >= 6 {
            s.push_str(&format!(" hmvc {}; fmvn {};", f[4], f[5]));
        }
        if let Some(ce) = self.score {
            s.push_str(&format!(" ce {ce};"));
        }
        if let Some(d) = self.depth {
            s.push_str(&format!(" acd {d};"));
        }
        s
    }
}

/// Progress of a generation, reported after every batch.
#[derive(Clone, Copy, Debug)]
pub struct BookProgress {
    /// Positions kept so far.
    pub kept: usize,
    /// Candidates drawn so far.
    pub candidates: usize,
    /// Candidates searched so far.
    pub searched: usize,
    /// Seconds since the start.
    pub secs: f64,
}

/// The most positions one first move may open.
pub fn first_move_cap(spec: &BookSpec) -> usize {
    ((spec.count as f64) * spec.first_move_pct / 100.0).floor() as usize
}

/// A drawn candidate before its search.
struct Candidate {
    pos: Position,
    first_move: String,
}

/// Draws candidate `index`: a first move among `open_first` (the first moves not yet full), then
/// `plies - 1` random legal moves. `None` when the playout ends the game or leaves no move.
fn draw(spec: &BookSpec, index: usize, open_first: &[Move]) -> Option<Candidate> {
    let mut rng = Rng::stream(spec.seed, 0x626f_6f6b_0000_0000 ^ index as u64);
    let mut pos = Position::startpos(spec.variant);
    let first = open_first[rng.below(open_first.len())];
    let first_move = pos.move_to_uci(first);
    pos.make_move(first);
    for _ in 1..spec.plies {
        if pos.outcome().is_some() {
            return None;
        }
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return None;
        }
        pos.make_move(legal.as_slice()[rng.below(legal.len())]);
    }
    if pos.outcome().is_some() || pos.legal_moves().is_empty() {
        return None;
    }
    Some(Candidate { pos, first_move })
}

/// Scores a position: `ucinewgame`, then the check search. Returns (score, depth).
fn score(engine: &mut UciEngine, fen: &str, limit: CheckLimit, t: &Timeouts) -> Result<(i32, u32)> {
    engine
        .new_game(t)
        .map_err(|f| anyhow!("opening check engine: {}", f.detail()))?;
    let reply = engine
        .search(&format!("position fen {fen}"), &limit.go(), t.search, t)
        .map_err(|f| anyhow!("opening check search failed: {}", f.detail()))?;
    let s = reply
        .info
        .score
        .ok_or_else(|| anyhow!("the check engine gave no score for {fen}"))?;
    let depth = reply.info.depth.unwrap_or(match limit {
        CheckLimit::Depth(d) => d,
        CheckLimit::Nodes(_) => 0,
    });
    Ok((s.as_cp(), depth))
}

/// Generates a book. With `spec.margin_cp`, `checker` names the engine that scores the
/// candidates (started `spec.threads` times). `progress` is called after every batch.
pub fn generate_book(
    spec: &BookSpec,
    checker: Option<(&EngineConfig, &Timeouts)>,
    mut progress: impl FnMut(&BookProgress),
) -> Result<Vec<BookEntry>> {
    if spec.plies == 0 {
        bail!("a book needs at least one random ply (the first move is what the cap counts)");
    }
    if spec.count == 0 {
        bail!("a book needs a count of at least 1");
    }
    if !(spec.first_move_pct > 0.0 && spec.first_move_pct <= 100.0) {
        bail!("the first-move share must be in (0, 100] percent");
    }
    let start_moves: Vec<Move> = Position::startpos(spec.variant)
        .legal_moves()
        .iter()
        .copied()
        .collect();
    let cap = first_move_cap(spec);
    if cap == 0 || cap * start_moves.len() < spec.count {
        bail!(
            "{} has {} first moves; at most {cap} positions each ({}% of {}) cannot make {} positions",
            spec.variant.name(),
            start_moves.len(),
            spec.first_move_pct,
            spec.count,
            spec.count
        );
    }
    let mut engines: Vec<UciEngine> = Vec::new();
    let timeouts = checker.map(|c| *c.1).unwrap_or_default();
    if spec.margin_cp.is_some() {
        let (cfg, t) =
            checker.ok_or_else(|| anyhow!("a margin needs an engine to score the openings"))?;
        for _ in 0..spec.threads.max(1) {
            engines.push(
                UciEngine::start(&cfg.launch, spec.variant.name(), &cfg.options, t).map_err(
                    |f| anyhow!("opening check engine {} failed: {}", cfg.name, f.detail()),
                )?,
            );
        }
    }
    let started = Instant::now();
    let mut out: Vec<BookEntry> = Vec::new();
    let mut keys: HashSet<u64> = HashSet::new();
    let mut per_first: HashMap<String, usize> = HashMap::new();
    let mut next = 0usize;
    let mut searched = 0usize;
    while out.len() < spec.count {
        if next >= spec.max_candidates {
            bail!(
                "could only make {} of {} openings from {} candidates (plies {}, margin {:?}, first-move cap {cap})",
                out.len(),
                spec.count,
                next,
                spec.plies,
                spec.margin_cp
            );
        }
        let open_first: Vec<Move> = {
            let p = Position::startpos(spec.variant);
            start_moves
                .iter()
                .copied()
                .filter(|m| per_first.get(&p.move_to_uci(*m)).copied().unwrap_or(0) < cap)
                .collect()
        };
        // Draw the batch (smaller near the end, so that the last positions do not cost a full
        // batch of searches); candidates already in the book need no search.
        let size = BATCH.min((2 * (spec.count - out.len())).max(8));
        let batch: Vec<Option<Candidate>> = (next..next + size)
            .map(|i| draw(spec, i, &open_first).filter(|c| !keys.contains(&c.pos.hash())))
            .collect();
        next += size;
        let fens: Vec<Option<String>> = batch
            .iter()
            .map(|c| c.as_ref().map(|c| c.pos.to_fen()))
            .collect();
        let scores: Vec<Option<(i32, u32)>> = if engines.is_empty() {
            vec![None; fens.len()]
        } else {
            searched += fens.iter().flatten().count();
            score_batch(&mut engines, &fens, spec.limit, &timeouts)?
        };
        for ((cand, fen), sc) in batch.into_iter().zip(fens).zip(scores) {
            let (Some(cand), Some(fen)) = (cand, fen) else {
                continue;
            };
            if out.len() >= spec.count {
                break;
            }
            if let Some(margin) = spec.margin_cp {
                match sc {
                    Some((s, _)) if s.abs() <= margin => {}
                    _ => continue,
                }
            }
            let used = per_first.entry(cand.first_move.clone()).or_insert(0);
            if *used >= cap || !keys.insert(cand.pos.hash()) {
                continue;
            }
            *used += 1;
            out.push(BookEntry {
                fen,
                first_move: cand.first_move,
                score: sc.map(|s| s.0),
                depth: sc.map(|s| s.1),
            });
        }
        progress(&BookProgress {
            kept: out.len(),
            candidates: next,
            searched,
            secs: started.elapsed().as_secs_f64(),
        });
    }
    for e in engines {
        e.quit();
    }
    Ok(out)
}

/// Searches the present positions of a batch with all engines at once; returns the scores in
/// batch order.
fn score_batch(
    engines: &mut [UciEngine],
    fens: &[Option<String>],
    limit: CheckLimit,
    t: &Timeouts,
) -> Result<Vec<Option<(i32, u32)>>> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<(i32, u32)>>> = Mutex::new(vec![None; fens.len()]);
    let errors: Mutex<Vec<anyhow::Error>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for engine in engines.iter_mut() {
            let (next, results, errors) = (&next, &results, &errors);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= fens.len() {
                    break;
                }
                let Some(fen) = &fens[i] else {
                    continue;
                };
                match score(engine, fen, limit, t) {
                    Ok(s) => results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(s),
                    Err(e) => {
                        errors.lock().unwrap_or_else(|e| e.into_inner()).push(e);
                        break;
                    }
                }
            });
        }
    });
    if let Some(e) = errors
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .next()
    {
        return Err(e);
    }
    Ok(results.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// Writes a book as EPD, durably: `header` lines first (each as a `#` comment), then one line
/// per position.
pub fn write_book(path: &Path, header: &[String], book: &[BookEntry]) -> Result<()> {
    let mut text = String::new();
    for h in header {
        text.push_str(&format!("# {h}\n"));
    }
    for e in book {
        text.push_str(&e.epd());
        text.push('\n');
    }
    let mut f = std::fs::File::create(path)
        .map_err(|e| anyhow!("cannot create {}: {e}", path.display()))?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(v: Variant, count: usize, pct: f64) -> BookSpec {
        BookSpec {
            variant: v,
            plies: 4,
            count,
            seed: 3,
            margin_cp: None,
            limit: CheckLimit::Depth(1),
            threads: 1,
            first_move_pct: pct,
            max_candidates: 100_000,
        }
    }

    #[test]
    fn books_are_distinct_capped_and_repeatable() {
        for v in Variant::ALL {
            let s = spec(v, 200, 5.0);
            let book = generate_book(&s, None, |_| {}).unwrap();
            assert_eq!(book.len(), 200);
            let keys: HashSet<u64> = book
                .iter()
                .map(|e| Position::from_fen(v, &e.fen).unwrap().hash())
                .collect();
            assert_eq!(keys.len(), 200, "{v:?}: positions not distinct");
            let mut per: HashMap<&str, usize> = HashMap::new();
            for e in &book {
                *per.entry(&e.first_move).or_default() += 1;
            }
            assert!(
                per.values().all(|&n| n <= 10),
                "{v:?}: a first move opens over 5%: {per:?}"
            );
            assert_eq!(book, generate_book(&s, None, |_| {}).unwrap());
            // Every line reads back through the runner's EPD reader.
            let text: Vec<String> = book.iter().map(BookEntry::epd).collect();
            let fens = crate::openings::parse_set(v, &text.join("\n"), "t").unwrap();
            assert_eq!(fens, book.iter().map(|e| e.fen.clone()).collect::<Vec<_>>());
        }
    }

    #[test]
    fn chess_with_a_5_percent_cap_needs_every_first_move() {
        // 20 first moves x 5 = 100: the cap forces an even spread.
        let book = generate_book(
            &spec(Variant::from_name("chess").unwrap(), 100, 5.0),
            None,
            |_| {},
        )
        .unwrap();
        let firsts: HashSet<&str> = book.iter().map(|e| e.first_move.as_str()).collect();
        assert_eq!(firsts.len(), 20);
    }

    #[test]
    fn an_impossible_cap_is_refused() {
        let e = generate_book(
            &spec(Variant::from_name("chess").unwrap(), 100, 4.0),
            None,
            |_| {},
        )
        .unwrap_err();
        assert!(e.to_string().contains("20 first moves"), "{e}");
        let e = generate_book(
            &spec(Variant::from_name("chess").unwrap(), 10, 0.0),
            None,
            |_| {},
        )
        .unwrap_err();
        assert!(e.to_string().contains("share"), "{e}");
    }

    #[test]
    fn epd_lines_carry_ce_and_acd() {
        let e = BookEntry {
            fen: "8/8 w - - 2 7".into(),
            first_move: "e2e4".into(),
            score: Some(-12),
            depth: Some(8),
        };
        assert_eq!(e.epd(), "8/8 w - - hmvc 2; fmvn 7; ce -12; acd 8;");
    }
}

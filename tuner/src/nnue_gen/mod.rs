//! `shuriken tune nnue gen`: training data from Shuriken's own self-play games, in the binary
//! format of [`format`](mod@format) (`shuriken tune nnue dump FILE` prints it as text).
//!
//! Game `k` of shard `i` of `N` (1-based) has the id `k * N + (i - 1)`, so ids are unique
//! across shards. Games are played by `threads` workers but written in id order, so a file
//! depends only on the binary, the settings, the seed and the shard. A run appends to an
//! existing file of the same run: the torn last block and the last game's records (maybe
//! incomplete) are cut, and play resumes with that game. Kept positions stop at the shard's
//! share of `positions` exactly (a later run with more positions extends the file as if it had
//! been asked for them at once), or when the game ids reach `games`.
//!
//! Kept positions (see [`game`]): not in check, whose best move is no capture, with a score
//! that is no mate score; the positions of the book and of the random plies are not kept. With
//! multi-PV randomisation ([`game::MultiPv`]) the first searched plies play a move drawn among
//! the best lines; their positions are kept by the same rule, with the best line's score.
//!
//! Each worker thread searches on its own stack through one reused search context (no thread
//! started per search).

pub mod cli;
pub mod format;
pub mod game;

use anyhow::{anyhow, bail, Context, Result};
use format::{Header, BLOCK};
use game::{GameRules, Limit, PlayedGame, Player};
use movegen::Variant;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Games a worker may run ahead of the oldest game not yet written, per worker.
const AHEAD_PER_THREAD: u64 = 4;

/// Settings of a generation run.
#[derive(Clone, Debug)]
pub struct GenOptions {
    /// How games are played and what they keep.
    pub rules: GameRules,
    /// Name of the book (in the settings fingerprint).
    pub book_name: String,
    /// Kept positions wanted over all shards (each shard writes its share).
    pub positions: u64,
    /// Play only games with ids below this.
    pub games: Option<u64>,
    /// The run's seed.
    pub seed: u64,
    /// Worker threads (one search thread each).
    pub threads: usize,
    /// This shard, 1-based.
    pub shard_index: u32,
    /// Shards of the run.
    pub shard_count: u32,
    /// Hash table of each worker, megabytes (emptied at every game's start).
    pub hash_mb: usize,
    /// The data file (appended to when it holds the same run).
    pub out: PathBuf,
}

/// Progress of a run.
#[derive(Clone, Copy, Debug, Default)]
pub struct GenProgress {
    /// Records in the file (including those found on resume).
    pub positions: u64,
    /// This shard's target.
    pub target: u64,
    /// Games written by this invocation.
    pub games: u64,
    /// Positions written by this invocation.
    pub new_positions: u64,
    /// Positions searched by this invocation (kept or not).
    pub searched: u64,
    /// Nodes searched by this invocation.
    pub nodes: u64,
    /// Seconds since this invocation started.
    pub secs: f64,
    /// Records found in the file at the start (after cutting the last game).
    pub resumed_from: u64,
}

impl GenOptions {
    /// The shard's share of `positions`.
    pub fn shard_target(&self) -> u64 {
        let n = self.shard_count as u64;
        let i = self.shard_index as u64 - 1;
        self.positions / n + u64::from(i < self.positions % n)
    }

    /// The id of this shard's game `k`.
    pub fn game_id(&self, k: u64) -> u64 {
        k * self.shard_count as u64 + (self.shard_index as u64 - 1)
    }

    /// Fingerprint of everything a record depends on besides the seed and shard (not the
    /// targets, so a run can be extended; not the thread count, which changes nothing). The
    /// multi-PV settings count only when multi-PV randomisation is on, so that a run without it
    /// keeps the fingerprint it had before the option existed (and its files can be resumed).
    pub fn fingerprint(&self) -> u64 {
        let r = &self.rules;
        let mut text = format!(
            "{} {:?} random {} maxplies {} win {} draw {} hash {} book {} {} binary {}",
            r.variant.name(),
            r.limit,
            r.random_plies,
            r.max_plies,
            r.win_cp,
            r.draw_cp,
            self.hash_mb,
            self.book_name,
            runner::rng::fnv1a(r.book.join("\n").as_bytes()),
            env!("CARGO_PKG_VERSION"),
        );
        let m = r.multipv;
        if m.plies > 0 {
            text += &format!(
                " multipv {} lines {} margin {}",
                m.plies, m.lines, m.margin_cp
            );
        }
        runner::rng::fnv1a(text.as_bytes())
    }

    /// The header of this run's file.
    pub fn header(&self) -> Header {
        Header {
            variant: self.rules.variant,
            seed: self.seed,
            shard_index: self.shard_index,
            shard_count: self.shard_count,
            settings: self.fingerprint(),
        }
    }

    fn check(&self) -> Result<()> {
        if self.shard_count == 0 || self.shard_index == 0 || self.shard_index > self.shard_count {
            bail!(
                "shard {}/{}: the index must be between 1 and the count",
                self.shard_index,
                self.shard_count
            );
        }
        if self.threads == 0 {
            bail!("--threads must be at least 1");
        }
        if self.rules.book.is_empty() {
            bail!("the book has no positions");
        }
        if self.positions == 0 && self.games.is_none() {
            bail!("give --positions or --games");
        }
        if let Limit::Nodes(0) | Limit::Depth(..=0) = self.rules.limit {
            bail!("the search limit must be positive");
        }
        let m = self.rules.multipv;
        if m.lines == 0 {
            bail!("--multipv must be at least 1");
        }
        if m.margin_cp < 0 {
            bail!("--multipv-margin must not be negative");
        }
        Ok(())
    }
}

/// Where a file of this run stands: its records, and the shard's game to play next.
struct Resume {
    records: u64,
    next_game: u64,
}

/// Opens (or creates) the run's file ready to append: checks the header, cuts a torn last block
/// and the last game's records. Returns the file and where to resume.
fn open_for_append(opts: &GenOptions) -> Result<(File, Resume)> {
    let header = opts.header();
    let path = &opts.out;
    let mut f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    let len = f.metadata()?.len();
    if len < BLOCK as u64 {
        // Empty, or this run's header torn while being written; anything else is not ours.
        let mut start = Vec::new();
        f.read_to_end(&mut start)?;
        if start[..] != header.encode()[..start.len()] {
            bail!(
                "{} is not a data file of this run (shorter than a header, and not the start \
                 of this run's header); give another --out",
                path.display()
            );
        }
        f.set_len(0)?;
        f.seek(SeekFrom::Start(0))?;
        f.write_all(&header.encode())?;
        f.sync_all()?;
        return Ok((
            f,
            Resume {
                records: 0,
                next_game: 0,
            },
        ));
    }
    let mut first = [0u8; BLOCK];
    f.seek(SeekFrom::Start(0))?;
    f.read_exact(&mut first)?;
    let found = Header::decode(&first, 0).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    if found != header {
        bail!(
            "{} holds another run (variant {}, seed {}, shard {}/{}, settings {:016x}; this run: \
             {}, seed {}, shard {}/{}, settings {:016x}); give another --out",
            path.display(),
            found.variant.name(),
            found.seed,
            found.shard_index,
            found.shard_count,
            found.settings,
            header.variant.name(),
            header.seed,
            header.shard_index,
            header.shard_count,
            header.settings
        );
    }
    let mut blocks = len / BLOCK as u64; // including the header
    let game_of = |f: &mut File, block: u64| -> Result<u64> {
        let mut b = [0u8; BLOCK];
        f.seek(SeekFrom::Start(block * BLOCK as u64))?;
        f.read_exact(&mut b)?;
        if b[0] != format::RECORD_TAG {
            bail!(
                "{}: block {block} is not a record; not a single run's file",
                path.display()
            );
        }
        Ok(u64::from_le_bytes(b[16..24].try_into().expect("8 bytes")))
    };
    let mut next_game = 0;
    if blocks > 1 {
        let last = game_of(&mut f, blocks - 1)?;
        while blocks > 1 && game_of(&mut f, blocks - 1)? == last {
            blocks -= 1;
        }
        if last % opts.shard_count as u64 != opts.shard_index as u64 - 1 {
            bail!("{}: game {last} is not of this shard", path.display());
        }
        next_game = last / opts.shard_count as u64;
    }
    f.set_len(blocks * BLOCK as u64)?;
    f.sync_all()?;
    f.seek(SeekFrom::End(0))?;
    Ok((
        f,
        Resume {
            records: blocks - 1,
            next_game,
        },
    ))
}

/// Runs (or resumes) the generation; `progress` is called after every written game.
pub fn run(opts: &GenOptions, mut progress: impl FnMut(&GenProgress)) -> Result<GenProgress> {
    opts.check()?;
    let (mut file, resume) = open_for_append(opts)?;
    let target = opts.shard_target();
    let started = Instant::now();
    let mut p = GenProgress {
        positions: resume.records,
        target,
        resumed_from: resume.records,
        ..Default::default()
    };
    let in_range = |k: u64| opts.games.is_none_or(|g| opts.game_id(k) < g);
    if opts.positions > 0 && p.positions >= target {
        if p.positions > target {
            // A smaller target than the file's: keep the first `target` records.
            file.set_len((target + 1) * BLOCK as u64)?;
            file.sync_all()?;
            p.positions = target;
        }
        return Ok(p);
    }
    let next = AtomicU64::new(resume.next_game);
    let written_upto = AtomicU64::new(resume.next_game);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(u64, Result<PlayedGame>)>();
    let outcome: Result<()> = std::thread::scope(|scope| {
        for _ in 0..opts.threads {
            let tx = tx.clone();
            let (next, written_upto, stop) = (&next, &written_upto, &stop);
            let player = Player::new(opts.rules.variant, opts.hash_mb);
            std::thread::Builder::new()
                .name("nnue-gen".into())
                .stack_size(engine::search::STACK_SIZE)
                .spawn_scoped(scope, move || {
                    let mut seat = player.seat();
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if !in_range(k) {
                            break;
                        }
                        while k
                            >= written_upto.load(Ordering::Relaxed)
                                + AHEAD_PER_THREAD * opts.threads as u64
                            && !stop.load(Ordering::Relaxed)
                        {
                            std::thread::sleep(Duration::from_millis(2));
                        }
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let r = match seat.play(&opts.rules, opts.seed, opts.game_id(k), stop) {
                            Ok(Some(g)) => Ok(g),
                            Ok(None) => break,
                            Err(e) => Err(e),
                        };
                        let failed = r.is_err();
                        if tx.send((k, r)).is_err() || failed {
                            break;
                        }
                    }
                })
                .map_err(|e| anyhow!("cannot start a worker thread: {e}"))?;
        }
        drop(tx);
        let mut pending: BTreeMap<u64, PlayedGame> = BTreeMap::new();
        let mut k_next = resume.next_game;
        let mut last_sync = Instant::now();
        let result = (|| -> Result<()> {
            for (k, r) in rx.iter() {
                pending.insert(k, r?);
                while let Some(g) = pending.remove(&k_next) {
                    let room = if opts.positions > 0 {
                        (target - p.positions) as usize
                    } else {
                        usize::MAX
                    };
                    let take = g.records.len().min(room);
                    let bytes: Vec<u8> = g.records[..take].concat();
                    file.write_all(&bytes)?;
                    p.positions += take as u64;
                    p.new_positions += take as u64;
                    p.games += 1;
                    p.searched += g.searched;
                    p.nodes += g.nodes;
                    p.secs = started.elapsed().as_secs_f64();
                    k_next += 1;
                    written_upto.store(k_next, Ordering::Relaxed);
                    if last_sync.elapsed() >= Duration::from_secs(10) {
                        file.sync_data()?;
                        last_sync = Instant::now();
                    }
                    progress(&p);
                    if opts.positions > 0 && p.positions >= target {
                        return Ok(());
                    }
                }
            }
            Ok(())
        })();
        stop.store(true, Ordering::Relaxed);
        result
    });
    outcome?;
    file.sync_all()?;
    p.secs = started.elapsed().as_secs_f64();
    Ok(p)
}

/// Prints every record of the files (`FEN | score | result | game id | ply`, header lines as
/// `#` comments); returns the number of records.
pub fn dump_files(files: &[PathBuf], out: &mut impl Write) -> Result<u64> {
    let mut n = 0;
    for path in files {
        n += dump_file(path, out)?;
    }
    Ok(n)
}

fn dump_file(path: &Path, out: &mut impl Write) -> Result<u64> {
    let f = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    format::dump(f, out).map_err(|e| anyhow::Error::new(e).context(path.display().to_string()))
}

/// The variant named in a data file's header.
pub fn file_variant(path: &Path) -> Result<Variant> {
    let mut f = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut b = [0u8; BLOCK];
    f.read_exact(&mut b)
        .map_err(|_| anyhow!("{}: shorter than a header", path.display()))?;
    Ok(Header::decode(&b, 0)
        .map_err(|e| anyhow!("{}: {e}", path.display()))?
        .variant)
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::MultiPv;
    use std::sync::Arc;

    fn opts(dir: &Path, name: &str, variant: &str) -> GenOptions {
        let variant = Variant::from_name(variant).unwrap();
        let book =
            runner::openings::parse_set(variant, runner::openings::default_set(variant), "default")
                .unwrap();
        GenOptions {
            rules: GameRules {
                variant,
                book: Arc::new(book),
                random_plies: 2,
                limit: Limit::Nodes(800),
                max_plies: 40,
                win_cp: 1500,
                draw_cp: 10,
                multipv: MultiPv::OFF,
            },
            book_name: "default".into(),
            positions: 120,
            games: None,
            seed: 5,
            threads: 1,
            shard_index: 1,
            shard_count: 1,
            hash_mb: 1,
            out: dir.join(name),
        }
    }

    fn records(path: &Path) -> Vec<format::Record> {
        let mut r = format::BlockReader::new(File::open(path).unwrap());
        let mut v = Vec::new();
        while let Some(b) = r.next_block().unwrap() {
            if let format::Block::Record(b) = b {
                let variant = r.header().unwrap().variant;
                v.push(format::decode(variant, &b, 0).unwrap());
            }
        }
        v
    }

    #[test]
    fn thread_counts_write_the_same_bytes() {
        let dir = tempfile::tempdir().unwrap();
        for variant in ["titan", "octopus"] {
            let one = opts(dir.path(), &format!("{variant}1.bin"), variant);
            run(&one, |_| {}).unwrap();
            let three = GenOptions {
                threads: 3,
                out: dir.path().join(format!("{variant}3.bin")),
                ..one.clone()
            };
            let p = run(&three, |_| {}).unwrap();
            assert_eq!(p.positions, 120);
            let a = std::fs::read(&one.out).unwrap();
            assert_eq!(a.len(), 121 * BLOCK);
            assert_eq!(a, std::fs::read(&three.out).unwrap(), "{variant}");
            // The records hold together and carry their game's result.
            let recs = records(&one.out);
            assert!(recs.iter().all(|r| (-1..=1).contains(&r.result)));
            assert!(recs.windows(2).all(|w| w[0].game_id <= w[1].game_id));
        }
    }

    #[test]
    fn multipv_runs_are_the_same_on_any_thread_count_and_differ_from_plain_runs() {
        let dir = tempfile::tempdir().unwrap();
        for variant in ["hadean", "raptor"] {
            let plain = opts(dir.path(), &format!("{variant}.bin"), variant);
            run(&plain, |_| {}).unwrap();
            let multipv = MultiPv {
                plies: 8,
                lines: 4,
                margin_cp: 100,
            };
            let one = GenOptions {
                rules: GameRules {
                    multipv,
                    ..plain.rules.clone()
                },
                out: dir.path().join(format!("{variant}-mpv1.bin")),
                ..plain.clone()
            };
            run(&one, |_| {}).unwrap();
            let three = GenOptions {
                threads: 3,
                out: dir.path().join(format!("{variant}-mpv3.bin")),
                ..one.clone()
            };
            run(&three, |_| {}).unwrap();
            let a = std::fs::read(&one.out).unwrap();
            assert_eq!(a.len(), 121 * BLOCK);
            assert_eq!(a, std::fs::read(&three.out).unwrap(), "{variant}");
            // Other games: the same books and random plies, other moves after them.
            assert_ne!(one.fingerprint(), plain.fingerprint());
            let (with, without) = (records(&one.out), records(&plain.out));
            let differ = (0..3u64)
                .filter(|&g| {
                    let game = |r: &Vec<format::Record>| {
                        r.iter()
                            .filter(|x| x.game_id == g)
                            .cloned()
                            .collect::<Vec<_>>()
                    };
                    game(&with) != game(&without)
                })
                .count();
            assert!(differ >= 2, "{variant}: {differ} of 3 games differ");
            // A run without multi-PV keeps the fingerprint it had before the option.
            assert_eq!(
                plain.fingerprint(),
                GenOptions {
                    rules: GameRules {
                        multipv: MultiPv {
                            lines: 7,
                            margin_cp: 3,
                            ..MultiPv::OFF
                        },
                        ..plain.rules.clone()
                    },
                    ..plain.clone()
                }
                .fingerprint()
            );
        }
    }

    #[test]
    fn bad_multipv_settings_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let base = opts(dir.path(), "m.bin", "titan");
        for (lines, margin_cp, want) in [(0, 100, "--multipv must"), (4, -1, "--multipv-margin")] {
            let o = GenOptions {
                rules: GameRules {
                    multipv: MultiPv {
                        plies: 4,
                        lines,
                        margin_cp,
                    },
                    ..base.rules.clone()
                },
                ..base.clone()
            };
            let e = run(&o, |_| {}).unwrap_err().to_string();
            assert!(e.contains(want), "{e}");
        }
        assert!(!base.out.exists());
    }

    #[test]
    fn an_interrupted_run_resumed_writes_the_same_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let full = opts(dir.path(), "full.bin", "chess");
        run(&full, |_| {}).unwrap();
        let reference = std::fs::read(&full.out).unwrap();
        // Stopped early, then torn inside a record, then resumed twice with other thread counts.
        let part = GenOptions {
            positions: 50,
            out: dir.path().join("part.bin"),
            ..full.clone()
        };
        run(&part, |_| {}).unwrap();
        let f = OpenOptions::new().write(true).open(&part.out).unwrap();
        f.set_len(37 * BLOCK as u64 + 41).unwrap();
        drop(f);
        let mid = GenOptions {
            positions: 90,
            threads: 2,
            ..part.clone()
        };
        let p = run(&mid, |_| {}).unwrap();
        assert!(p.resumed_from > 0 && p.resumed_from < 37, "{p:?}");
        let rest = GenOptions {
            positions: 120,
            threads: 3,
            ..part.clone()
        };
        run(&rest, |_| {}).unwrap();
        assert_eq!(std::fs::read(&part.out).unwrap(), reference);
        // A finished run run again changes nothing.
        run(&rest, |_| {}).unwrap();
        assert_eq!(std::fs::read(&part.out).unwrap(), reference);
    }

    #[test]
    fn shards_hold_their_own_games_and_sum_to_the_whole_run() {
        let dir = tempfile::tempdir().unwrap();
        let whole = GenOptions {
            positions: 0,
            games: Some(9),
            ..opts(dir.path(), "whole.bin", "raptor")
        };
        run(&whole, |_| {}).unwrap();
        let mut from_shards = Vec::new();
        for i in 1..=3u32 {
            let s = GenOptions {
                shard_index: i,
                shard_count: 3,
                threads: 2,
                out: dir.path().join(format!("s{i}.bin")),
                ..whole.clone()
            };
            run(&s, |_| {}).unwrap();
            let recs = records(&s.out);
            assert!(recs.iter().all(|r| r.game_id % 3 == (i - 1) as u64));
            from_shards.extend(recs);
        }
        from_shards.sort_by_key(|r| r.game_id);
        let all = records(&whole.out);
        assert!(!all.is_empty());
        assert_eq!(from_shards, all);
    }

    #[test]
    fn another_runs_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let a = GenOptions {
            positions: 10,
            ..opts(dir.path(), "a.bin", "hadean")
        };
        run(&a, |_| {}).unwrap();
        let b = GenOptions {
            seed: 6,
            ..a.clone()
        };
        let e = run(&b, |_| {}).unwrap_err().to_string();
        assert!(e.contains("holds another run"), "{e}");
        let c = GenOptions {
            rules: GameRules {
                limit: Limit::Nodes(801),
                ..a.rules.clone()
            },
            ..a.clone()
        };
        assert!(run(&c, |_| {}).is_err());
        // Files that are not data are left alone, short or long.
        std::fs::write(&a.out, b"short notes").unwrap();
        let e = run(&a, |_| {}).unwrap_err().to_string();
        assert!(e.contains("not a data file"), "{e}");
        assert_eq!(std::fs::read(&a.out).unwrap(), b"short notes");
        std::fs::write(&a.out, [b'x'; 250]).unwrap();
        let e = run(&a, |_| {}).unwrap_err().to_string();
        assert!(e.contains("SHKNDATA"), "{e}");
        assert_eq!(std::fs::read(&a.out).unwrap().len(), 250);
        // A header torn in its writing is this run's start: the run begins afresh.
        std::fs::write(&a.out, &a.header().encode()[..30]).unwrap();
        assert_eq!(run(&a, |_| {}).unwrap().positions, 10);
    }
}

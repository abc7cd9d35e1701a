//! Running a match: validate, check the output files and the engines (pre-flight), load
//! openings, resume from the results file, hand games to `concurrency` workers, record each
//! finished game (results file, PGN, callback), update the statistics and progress, and stop
//! when the SPRT decides. An SPRT still undecided when every game is played is reported
//! inconclusive.

use crate::config::{MatchConfig, OpeningSource};
use crate::engine_process::Watch;
use crate::game::{play_game, EngineSlot, GameRules};
use crate::openings::OpeningBook;
use crate::pgn::game_to_pgn;
use crate::progress::Progress;
use crate::record::GameRecord;
use crate::shard::{pairings, shard_pairs, PairPlan};
use crate::store::{self, Header, Store};
use crate::tally::{MatchSummary, Tally};
use crate::traffic_log::{Direction, TrafficLog};
use anyhow::{bail, Context, Result};
use std::collections::VecDeque;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};

/// Checks a configuration, with a message saying what is wrong.
pub fn validate(config: &MatchConfig) -> Result<()> {
    if config.engines.len() < 2 {
        bail!("a match needs at least two engines (give --engine twice)");
    }
    let mut names: Vec<&str> = config.engines.iter().map(|e| e.name.as_str()).collect();
    names.sort();
    names.dedup();
    if names.len() != config.engines.len() {
        bail!("engine names must differ (set name= for each engine)");
    }
    for e in &config.engines {
        if e.launch.cmd.is_empty() {
            bail!("engine {} has no cmd=", e.name);
        }
        if e.limits.is_empty() {
            bail!(
                "engine {} has no search limit: give tc=, st=, nodes= or depth= (per engine or with --each)",
                e.name
            );
        }
    }
    if config.rounds == 0 {
        bail!("nothing to play: --rounds/--games must be positive");
    }
    if config.concurrency == 0 {
        bail!("--concurrency must be at least 1");
    }
    if let Some(s) = &config.sprt {
        s.validate().map_err(anyhow::Error::msg)?;
        if config.engines.len() != 2 {
            bail!("--sprt needs exactly two engines");
        }
    }
    if config.resume && config.results.is_none() {
        bail!("--resume needs the --results file of the run to continue");
    }
    Ok(())
}

/// The header identifying a run, for resume and merge checks.
pub fn make_header(config: &MatchConfig, book: &OpeningBook) -> Header {
    let engines: Vec<serde_json::Value> = config
        .engines
        .iter()
        .map(|e| {
            serde_json::json!({
                "name": e.name,
                "cmd": e.launch.cmd,
                "args": e.launch.args,
                "options": e.options,
                "limits": e.limits,
            })
        })
        .collect();
    let fingerprint = serde_json::json!({
        "variant": config.variant.name(),
        "engines": engines,
        "tournament": config.tournament,
        "openings": book.identity(),
        "seed": config.seed,
        "adjudication": config.adjudication,
        "margin_ms": config.margin_ms,
    });
    Header {
        version: 1,
        fingerprint,
        shard: format!("{}/{}", config.shard.index + 1, config.shard.count),
        rounds: config.rounds,
        engines: config.engines.iter().map(|e| e.name.clone()).collect(),
    }
}

struct Job {
    plan: PairPlan,
    game: u8,
}

fn progress_message(tally: &Tally, config: &MatchConfig) -> String {
    let s = tally.summary(&[], config.sprt.as_ref());
    let Some(p) = s.pairings.first() else {
        return String::new();
    };
    let mut msg = format!(
        "W {} L {} D {}  {}",
        p.wins,
        p.losses,
        p.draws,
        crate::report::elo(crate::report::quoted(p), 1)
    );
    if let Some(sp) = &p.sprt {
        msg.push_str("  ");
        msg.push_str(&crate::report::sprt(sp, 2, false));
    }
    if s.pairings.len() > 1 {
        msg.push_str(&format!("  [{} pairings]", s.pairings.len()));
    }
    msg
}

/// The output files of a run, as `(option, path)`, for the checks before the first game.
pub fn output_paths(config: &MatchConfig) -> Vec<(&'static str, &Path)> {
    let mut out: Vec<(&'static str, &Path)> = Vec::new();
    if let Some(p) = &config.results {
        out.push(("-results", p));
    }
    if let Some(p) = &config.pgn {
        out.push(("-pgnout", p));
    }
    if let Some(p) = &config.log {
        out.push(("-log", p));
    }
    out
}

/// Plays a match; calls `on_game` for each game finished in this call (in completion order).
/// Returns the summary over all games of the results file (including resumed ones).
pub fn play_match(config: &MatchConfig, on_game: impl FnMut(&GameRecord)) -> Result<MatchSummary> {
    play_match_checked(config, &[], on_game)
}

/// [`play_match`] with further output files (`(option, path)`, e.g. the CLI's `-summary`) to
/// check before the first game with the match's own.
pub fn play_match_checked(
    config: &MatchConfig,
    more_outputs: &[(&str, &Path)],
    mut on_game: impl FnMut(&GameRecord),
) -> Result<MatchSummary> {
    validate(config)?;
    let mut outputs = output_paths(config);
    outputs.extend(more_outputs.iter().copied());
    crate::outputs::check(&outputs)?;
    if let (Some(path), false) = (&config.results, config.resume) {
        store::refuse_existing(path, config.overwrite)?;
    }
    let log = match &config.log {
        Some(p) => Some(Arc::new(
            TrafficLog::open(p, config.resume)
                .with_context(|| format!("cannot open log {}", p.display()))?,
        )),
        None => None,
    };
    let quiet_watch = Watch {
        log: log.clone(),
        notices: None,
    };
    let checker = Some((&config.engines[0], &config.timeouts));
    let generated = match &config.openings.source {
        OpeningSource::Generate(spec) => {
            if config.resume && !spec.out.exists() {
                bail!(
                    "--resume: the generated opening file {} is missing, so the run cannot be repeated",
                    spec.out.display()
                );
            }
            true
        }
        _ => false,
    };
    // Openings read from a file are checked first (cheap); generation may need an engine, so
    // the engines are checked before it.
    if generated {
        crate::preflight::check_engines(config, &quiet_watch)?;
    }
    let book = OpeningBook::load(&config.openings, config.variant, config.seed, checker)?;
    if !generated {
        crate::preflight::check_engines(config, &quiet_watch)?;
    }
    let header = make_header(config, &book);
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let pairs = pairings(config.engines.len(), config.tournament);
    let total_pairs = config.rounds.saturating_mul(pairs.len() as u64);

    let mut tally = Tally::watching(config.sprt);
    let mut store = match (&config.results, config.resume) {
        (Some(path), true) if path.exists() => {
            let contents = store::read(path)?;
            if let Some((line, why)) = contents.bad_lines.first() {
                bail!("{}:{line}: unreadable line: {why}", path.display());
            }
            for w in contents.warnings(path) {
                eprintln!(
                    "warning: {} (--resume plays it again)",
                    crate::text::escape_controls(&w, false)
                );
            }
            match &contents.header {
                Some(h) if h.fingerprint == header.fingerprint && h.shard == header.shard => {}
                Some(_) => bail!(
                    "{} was written by a different run (engines, limits, openings, seed, \
                     adjudication or shard differ); resume with the same options or use a new --results file",
                    path.display()
                ),
                None => bail!("{} has no header line; it is not a results file", path.display()),
            }
            for g in &contents.games {
                tally.add(g).map_err(anyhow::Error::msg)?;
            }
            Some(Store::reopen(path, contents.valid_len)?)
        }
        (Some(path), _) => Some(Store::create(
            path,
            &header,
            config.overwrite || config.resume,
        )?),
        (None, _) => None,
    };
    if let (Some(p), false) = (&config.pgn, config.resume) {
        if p.exists() {
            std::fs::write(p, "").with_context(|| format!("cannot truncate {}", p.display()))?;
        }
    }

    let mut jobs = VecDeque::new();
    for p in shard_pairs(total_pairs, config.shard) {
        let plan = PairPlan::new(p, &pairs, &book);
        for game in 0..2u8 {
            if !tally.has(p, game) {
                jobs.push_back(Job { plan, game });
            }
        }
    }
    let shard_games = shard_pairs(total_pairs, config.shard).count() as u64 * 2;

    // Sticky: once the LLR has crossed a bound, games still running are recorded but never
    // reopen the test, and a resumed run replays the file in order to find the same stop.
    let decided = |tally: &Tally| tally.sprt_stop().is_some();
    if decided(&tally) {
        jobs.clear();
    }

    let mut progress = Progress::new(
        config.progress,
        config.progress_style,
        config.progress_rate,
        shard_games,
        tally.games,
    );
    progress.update(tally.games, || progress_message(&tally, config));
    let watch = Watch {
        log: log.clone(),
        notices: Some(progress.notice_sink()),
    };

    let queue = Arc::new(Mutex::new(jobs));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<GameRecord>();
    let workers = config
        .concurrency
        .min(queue.lock().map(|q| q.len()).unwrap_or(0))
        .max(1);
    let mut first_error: Option<anyhow::Error> = None;

    std::thread::scope(|scope| {
        for _ in 0..workers {
            let queue = Arc::clone(&queue);
            let stop = Arc::clone(&stop);
            let tx = tx.clone();
            let book = &book;
            let names = &names;
            let watch = &watch;
            let log = log.as_deref();
            scope.spawn(move || {
                let mut slots: Vec<EngineSlot> = config
                    .engines
                    .iter()
                    .map(|e| EngineSlot::watched(e.clone(), watch.clone()))
                    .collect();
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let job = match queue.lock() {
                        Ok(mut q) => q.pop_front(),
                        Err(_) => None,
                    };
                    let Some(job) = job else { break };
                    let record = run_job(config, book, &mut slots, &job, names, log);
                    if tx.send(record).is_err() {
                        break;
                    }
                }
                for s in &mut slots {
                    s.close();
                }
            });
        }
        drop(tx);
        loop {
            if crate::interrupt::requested() {
                interrupted(&mut progress, &tally, config);
            }
            let wait = progress
                .wait()
                .unwrap_or(INTERRUPT_POLL)
                .min(INTERRUPT_POLL);
            let record = match rx.recv_timeout(wait) {
                Ok(r) => r,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    progress.tick(tally.games, || progress_message(&tally, config));
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            if first_error.is_some() {
                continue;
            }
            if record.termination == crate::record::Termination::Crash
                && record.reason.contains("SIGINT")
                && crate::interrupt::installed()
            {
                // A Ctrl-C reaches the engines too: their end may come in just before the
                // runner's own signal handler has run.
                std::thread::sleep(CRASH_GRACE);
            }
            if crate::interrupt::requested() {
                interrupted(&mut progress, &tally, config);
            }
            let res = (|| -> Result<()> {
                if let Some(s) = store.as_mut() {
                    s.append(&record)?;
                }
                if let Some(p) = &config.pgn {
                    store::append_text(p, &game_to_pgn(&record, "shuriken match"))?;
                }
                tally.add(&record).map_err(anyhow::Error::msg)?;
                Ok(())
            })();
            if let Err(e) = res {
                first_error = Some(e);
                stop.store(true, Ordering::SeqCst);
                continue;
            }
            on_game(&record);
            progress.update(tally.games, || progress_message(&tally, config));
            if decided(&tally) {
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    progress.finish(tally.games, || progress_message(&tally, config));
    if let Some(e) = first_error {
        return Err(e);
    }
    let mut summary = tally.summary(&names, config.sprt.as_ref());
    let all_played =
        shard_pairs(total_pairs, config.shard).all(|p| tally.has(p, 0) && tally.has(p, 1));
    if all_played {
        summary.conclude();
    }
    Ok(summary)
}

/// How often the match loop looks for an interrupt.
const INTERRUPT_POLL: std::time::Duration = std::time::Duration::from_millis(200);

/// How long the match loop of the command line waits after an engine killed by SIGINT for the
/// interrupt of the runner itself.
const CRASH_GRACE: std::time::Duration = std::time::Duration::from_millis(50);

/// Ends the process after an interrupt (see [`crate::interrupt`]): every finished game is
/// already written (the loop writes each before it looks again); the games in progress are
/// dropped.
fn interrupted(progress: &mut Progress, tally: &Tally, config: &MatchConfig) -> ! {
    progress.finish(tally.games, || progress_message(tally, config));
    let results = config
        .results
        .as_deref()
        .unwrap_or(Path::new("shuriken-match.jsonl"));
    eprintln!(
        "{}",
        crate::text::escape_controls(&crate::interrupt::message(tally.games, results), true)
    );
    std::process::exit(crate::interrupt::EXIT_INTERRUPTED)
}

fn two_mut<T>(v: &mut [T], a: usize, b: usize) -> (&mut T, &mut T) {
    if a < b {
        let (l, r) = v.split_at_mut(b);
        (&mut l[a], &mut r[0])
    } else {
        let (l, r) = v.split_at_mut(a);
        (&mut r[0], &mut l[b])
    }
}

fn run_job(
    config: &MatchConfig,
    book: &OpeningBook,
    slots: &mut [EngineSlot],
    job: &Job,
    names: &[String],
    log: Option<&TrafficLog>,
) -> GameRecord {
    let (w, b) = job.plan.colours(job.game);
    let fen = &book.fens[job.plan.opening];
    let rules = GameRules {
        variant: config.variant,
        fen,
        adjudication: &config.adjudication,
        margin_ms: config.margin_ms,
        timeouts: &config.timeouts,
    };
    let (white, black) = two_mut(slots, w, b);
    let tc = [white.config.limits.pgn_tag(), black.config.limits.pgn_tag()];
    let title = format!(
        "pair {} game {}: {} (white) vs {} (black)",
        job.plan.pair, job.game, names[w], names[b]
    );
    if let Some(l) = log {
        l.line("runner", Direction::Runner, &format!("{title} starts"));
    }
    let played = play_game(&rules, white, black);
    if let Some(l) = log {
        let result = played.result.pgn();
        let why = if played.reason.is_empty() {
            String::new()
        } else {
            format!(" ({})", played.reason)
        };
        l.line(
            "runner",
            Direction::Runner,
            &format!("{title} ends {result} {}{why}", played.termination.pgn()),
        );
    }
    GameRecord {
        pair: job.plan.pair,
        game: job.game,
        round: job.plan.round,
        pairing: job.plan.pairing,
        pairing_engines: job.plan.engines,
        opening: job.plan.opening,
        variant: config.variant.name().to_string(),
        white: names[w].clone(),
        black: names[b].clone(),
        white_engine: w,
        black_engine: b,
        fen: fen.clone(),
        result: played.result,
        termination: played.termination,
        reason: played.reason,
        time_control: tc,
        moves: played.moves,
        latency_ms: played.latency_ms,
        duration_ms: played.duration_ms,
        date: Some(crate::record::pgn_date_today()),
    }
}

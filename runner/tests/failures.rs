//! The runner survives misbehaving engines (crash, hang, illegal move, time forfeit, slow or
//! stalled start-up), records the right termination, restarts the engine and finishes the run.

mod common;
use common::*;
use runner::record::{GameResult, Termination};
use runner::GameRecord;
use std::time::Duration;

fn run(a_args: &[&str], tweak: impl FnOnce(&mut runner::MatchConfig)) -> Vec<GameRecord> {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(
        engine("A", a_args),
        engine("B", &["--pick", "hash"]),
        1,
        dir.path(),
    );
    c.timeouts.ready = Duration::from_millis(1500);
    c.timeouts.search = Duration::from_millis(1500);
    c.timeouts.stop_grace = Duration::from_millis(300);
    tweak(&mut c);
    let mut games = Vec::new();
    let summary = runner::play_match(&c, |g| games.push(g.clone())).unwrap();
    assert_eq!(summary.games, 2, "the run completes");
    assert_eq!(game_lines(c.results.as_ref().unwrap()).len(), 2);
    let pgn = std::fs::read_to_string(c.pgn.as_ref().unwrap()).unwrap();
    assert_eq!(pgn.matches("[Termination ").count(), 2);
    games.sort_by_key(|g| g.game);
    games
}

fn a_lost(g: &GameRecord) -> bool {
    let a_white = g.white == "A";
    g.result
        == if a_white {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        }
}

#[test]
fn crash_mid_game() {
    let games = run(&["--crash-at", "6"], |_| {});
    for g in &games {
        assert_eq!(g.termination, Termination::Crash, "{g:?}");
        assert!(a_lost(g));
        assert!(g.moves.len() >= 6);
    }
}

#[test]
fn hang_is_a_stall_and_engine_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let once = dir.path().join("once");
    let once = once.to_str().unwrap();
    let games = run(&["--hang-at", "4", "--once", once], |_| {});
    assert_eq!(games[0].termination, Termination::Stall);
    assert!(a_lost(&games[0]));
    // The restarted engine behaves: the second game ends normally.
    assert_ne!(games[1].termination, Termination::Stall);
    assert_ne!(games[1].termination, Termination::Crash);
}

#[test]
fn illegal_move_loses() {
    let games = run(&["--illegal-at", "3"], |_| {});
    for g in &games {
        assert_eq!(g.termination, Termination::IllegalMove);
        assert!(g.reason.contains("z99z98"), "{}", g.reason);
        assert!(a_lost(g));
    }
}

#[test]
fn time_forfeit() {
    // The answer comes at 300 ms: 150 ms after the deadline (0.1 s + 50 ms margin) and 150 ms
    // before the runner gives up on it (300 ms after `stop`), so a loaded machine cannot turn
    // the forfeit into a stall (at 400 ms, with 50 ms to spare, it once did).
    let games = run(&["--slow-at", "2", "--slow-ms", "300"], |c| {
        for e in &mut c.engines {
            e.limits = Default::default();
            e.limits.apply("st", "0.1").unwrap();
        }
        c.margin_ms = 50;
    });
    for g in &games {
        assert_eq!(g.termination, Termination::TimeForfeit, "{g:?}");
        assert!(a_lost(g));
    }
}

#[test]
fn clock_forfeit_with_tc() {
    let games = run(&["--slow-at", "4", "--slow-ms", "300"], |c| {
        for e in &mut c.engines {
            e.limits = Default::default();
            e.limits.apply("tc", "0.2+0").unwrap();
        }
        c.margin_ms = 20;
    });
    for g in &games {
        assert_eq!(g.termination, Termination::TimeForfeit, "{g:?}");
    }
}

#[test]
fn slow_startup_is_fine() {
    let games = run(&["--startup-ms", "300"], |_| {});
    for g in &games {
        assert!(
            !matches!(
                g.termination,
                Termination::Stall | Termination::Crash | Termination::TimeForfeit
            ),
            "{g:?}"
        );
        assert!(g.latency_ms[0].is_some() && g.latency_ms[1].is_some());
    }
}

#[test]
fn no_readyok_is_a_stall_then_recovers() {
    let dir = tempfile::tempdir().unwrap();
    let once = dir.path().join("once");
    // Start-up sends two `isready` (after UCI_Variant and after Hash); the third is the one
    // after `ucinewgame` at the start of the first game. (Hanging at the first one fails the
    // pre-flight instead: see tests/preflight.rs.)
    let games = run(
        &["--hang-isready-from", "3", "--once", once.to_str().unwrap()],
        |_| {},
    );
    assert_eq!(games[0].termination, Termination::Stall);
    assert!(games[0].moves.is_empty());
    assert!(a_lost(&games[0]));
    assert_ne!(games[1].termination, Termination::Stall);
}

#[test]
fn resign_and_draw_adjudication() {
    // Both fakes report +600 for white: both agree black is lost.
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(
        engine("A", &["--score", "600"]),
        engine("B", &["--score", "600", "--pick", "hash"]),
        1,
        dir.path(),
    );
    c.adjudication.resign = Some(runner::config::ResignAdjudication {
        move_count: 3,
        score: 500,
    });
    let mut games = Vec::new();
    runner::play_match(&c, |g| games.push(g.clone())).unwrap();
    for g in &games {
        assert_eq!(g.termination, Termination::AdjudicatedResign);
        assert_eq!(g.result, GameResult::WhiteWins);
        assert_eq!(g.moves.len(), 6);
    }
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(
        engine("A", &[]),
        engine("B", &["--pick", "hash"]),
        1,
        dir.path(),
    );
    c.adjudication.draw = Some(runner::config::DrawAdjudication {
        move_number: 5,
        move_count: 2,
        score: 10,
    });
    let mut games = Vec::new();
    runner::play_match(&c, |g| games.push(g.clone())).unwrap();
    for g in &games {
        assert_eq!(g.termination, Termination::AdjudicatedDraw, "{g:?}");
        assert_eq!(g.moves.len(), 10);
    }
}

#[test]
fn bad_input_gives_errors() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(engine("A", &[]), engine("A", &[]), 1, dir.path());
    assert!(runner::play_match(&c, |_| {}).is_err(), "duplicate names");
    c.engines[1].name = "B".into();
    c.engines[1].launch.cmd = "/nonexistent/engine".into();
    // A missing engine program fails the pre-flight check (tests/preflight.rs has the rest).
    let e = runner::play_match(&c, |_| {}).unwrap_err();
    assert!(
        e.downcast_ref::<runner::preflight::PreflightError>()
            .is_some(),
        "{e:#}"
    );
    assert!(!c.results.as_ref().unwrap().exists());
    // CLI errors are reported with exit codes, never panics.
    assert_eq!(runner::cli_main(vec!["--variant".into(), "nope".into()]), 1);
    assert_eq!(runner::cli_main(vec!["--bogus".into()]), 2);
    assert_eq!(
        runner::cli_main(vec!["merge".into(), "/nonexistent.jsonl".into()]),
        1
    );
    let bad = dir.path().join("bad.epd");
    std::fs::write(&bad, "not a fen\n").unwrap();
    let args: Vec<String> = [
        "-engine",
        "cmd=x",
        "name=A",
        "-engine",
        "cmd=y",
        "name=B",
        "-each",
        "nodes=1",
        "-openings",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([format!("file={}", bad.display())])
    .chain([
        "--results".into(),
        dir.path().join("r.jsonl").display().to_string(),
    ])
    .collect();
    assert_eq!(runner::cli_main(args), 1);
}

#[test]
fn sprt_stops_when_llr_crosses_a_bound() {
    // B crashes at its first move: A wins every game, so H1 is accepted long before 200 games.
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(
        engine("A", &[]),
        engine("B", &["--crash-at", "0"]),
        100,
        dir.path(),
    );
    c.sprt = Some(runner::sprt::SprtConfig {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
        model: runner::sprt::SprtModel::Logistic,
    });
    c.concurrency = 2;
    let s = runner::play_match(&c, |_| {}).unwrap();
    assert!(s.games < 200, "stopped early after {} games", s.games);
    let sp = s.pairings[0].sprt.clone().unwrap();
    assert_eq!(sp.decision, runner::sprt::SprtDecision::H1);
    assert!(sp.llr >= sp.upper);
    // Not before the minimum number of pairs, however clear the first games are; games
    // still running at the stop are counted (how many depends on scheduling: a fast worker
    // may start more before the stop is seen) but do not move it.
    let stop = sp
        .stopped_at
        .expect("the summary says where the test stopped");
    assert_eq!(stop.pairs, runner::sprt::MIN_PAIRS);
    assert!(
        s.games >= stop.games,
        "{} games, stopped at {}",
        s.games,
        stop.games
    );
    // Resuming the stopped run plays nothing and finds the same stop in the file.
    c.resume = true;
    let again = runner::play_match(&c, |_| panic!("a decided run played a game")).unwrap();
    assert_eq!(again.games, s.games);
    assert_eq!(
        again.pairings[0].sprt.as_ref().unwrap().stopped_at,
        Some(stop)
    );
}

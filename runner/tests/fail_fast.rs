//! Issue 12, match runner: a run never reports a result it did not measure. Engines are checked
//! before the first game (pre-flight), output files too; engine errors are surfaced; `-log`
//! records the UCI exchange; progress lines appear without a terminal; the statistics display
//! has no negative zero or undefined error bar, and an SPRT that runs out of games says so.

mod common;
use common::*;
use runner::cli::{EXIT_OK, EXIT_OUTPUT, EXIT_PREFLIGHT};
use runner::preflight::PreflightError;
use runner::uci::StartError;
use std::path::Path;
use std::time::{Duration, Instant};

/// Runs the CLI in-process with engine B replaced by `cmd` and returns the exit status.
fn cli_with_b(dir: &Path, cmd: &str, extra: &[&str]) -> i32 {
    let mut args = cli_args(dir, &[], extra);
    let b = args.iter().position(|a| a == "name=B").unwrap() - 1;
    args[b] = format!("cmd={cmd}");
    runner::cli_main(args)
}

fn nothing_written(dir: &Path) {
    assert!(!dir.join("results.jsonl").exists(), "no results file");
    assert!(!dir.join("games.pgn").exists(), "no PGN file");
}

#[test]
fn missing_or_non_uci_engines_fail_before_the_first_game() {
    for cmd in ["/nonexistent/engine", "/bin/true", "/bin/cat"] {
        let dir = tempfile::tempdir().unwrap();
        let t = Instant::now();
        let code = cli_with_b(
            dir.path(),
            cmd,
            &[
                "-sprt",
                "0",
                "2",
                "0.05",
                "0.05",
                "-rounds",
                "11",
                "-ready-timeout",
                "0.5",
            ],
        );
        assert_eq!(code, EXIT_PREFLIGHT, "{cmd}");
        assert!(t.elapsed() < Duration::from_secs(5), "{cmd} failed fast");
        nothing_written(dir.path());
    }
}

#[test]
fn preflight_failure_leaves_existing_outputs_alone() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, "[Event \"earlier\"]\n").unwrap();
    let code = cli_with_b(dir.path(), "/nonexistent/engine", &[]);
    assert_eq!(code, EXIT_PREFLIGHT);
    assert_eq!(
        std::fs::read_to_string(&pgn).unwrap(),
        "[Event \"earlier\"]\n"
    );
    assert!(!dir.path().join("results.jsonl").exists());
}

/// The pre-flight error of a library run whose engine A gets `a_args` and `options`.
fn preflight_error(a_args: &[&str], options: &[(&str, &str)]) -> StartError {
    let dir = tempfile::tempdir().unwrap();
    let mut a = engine("A", a_args);
    a.options = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut c = config(a, engine("B", &[]), 1, dir.path());
    c.timeouts.ready = Duration::from_millis(500);
    let e = runner::play_match(&c, |_| panic!("no game may be played")).unwrap_err();
    nothing_written(dir.path());
    let p = e
        .downcast_ref::<PreflightError>()
        .unwrap_or_else(|| panic!("not a pre-flight error: {e:#}"));
    assert_eq!(p.engine, "A");
    (*p.reason).clone()
}

#[test]
fn no_uciok_fails_preflight() {
    let r = preflight_error(&["--no-uciok"], &[]);
    assert!(
        matches!(&r, StartError::Timeout { waiting_for, .. } if waiting_for == "uciok"),
        "{r}"
    );
}

#[test]
fn no_readyok_fails_preflight() {
    let r = preflight_error(&["--hang-isready"], &[]);
    assert!(
        matches!(&r, StartError::Timeout { waiting_for, .. } if waiting_for.starts_with("readyok")),
        "{r}"
    );
}

#[test]
fn undeclared_option_fails_preflight() {
    let r = preflight_error(&[], &[("Hsah", "16")]);
    match r {
        StartError::UnknownOption {
            name,
            closest,
            declared,
        } => {
            assert_eq!(name, "Hsah");
            assert_eq!(closest[0], "Hash");
            assert_eq!(declared, 3);
        }
        other => panic!("{other}"),
    }
}

#[test]
fn option_error_report_fails_preflight() {
    let r = preflight_error(&[], &[("EvalFile", "/nonexistent/missing.weights")]);
    match r {
        StartError::OptionRejected {
            name,
            value,
            report,
        } => {
            assert_eq!(name, "EvalFile");
            assert_eq!(value, "/nonexistent/missing.weights");
            assert!(report.starts_with("error: EvalFile"), "{report}");
        }
        other => panic!("{other}"),
    }
}

#[test]
fn declared_options_pass_case_insensitively_with_the_engines_spelling() {
    let dir = tempfile::tempdir().unwrap();
    let weights = dir.path().join("net.weights");
    std::fs::write(&weights, "w").unwrap();
    let mut a = engine("A", &[]);
    a.options = vec![
        ("hash".into(), "32".into()),
        ("evalfile".into(), weights.display().to_string()),
    ];
    let mut c = config(a, engine("B", &[]), 1, dir.path());
    let log = dir.path().join("uci.log");
    c.log = Some(log.clone());
    let s = runner::play_match(&c, |_| {}).unwrap();
    assert_eq!(s.games, 2);
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("> setoption name Hash value 32"), "{text}");
    assert!(
        text.contains(&format!(
            "> setoption name EvalFile value {}",
            weights.display()
        )),
        "{text}"
    );
    // Every setoption is followed by isready.
    let sent: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(" A(") && l.contains(" > "))
        .map(|l| l.split(" > ").nth(1).unwrap())
        .collect();
    for (i, cmd) in sent.iter().enumerate() {
        if cmd.starts_with("setoption") {
            assert_eq!(sent.get(i + 1), Some(&"isready"), "{sent:?}");
        }
    }
}

#[test]
fn bad_output_paths_fail_before_anything_is_written_and_a_fixed_rerun_works() {
    for (flag, bad) in [
        ("-pgnout", "nodir/games.pgn"),
        ("-summary", "nodir/summary.json"),
        ("-log", "nodir/uci.log"),
        ("-results", "nodir/results.jsonl"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let bad = dir.path().join(bad).display().to_string();
        let mut args = cli_args(dir.path(), &[], &[]);
        if let Some(i) = args.iter().position(|a| a == flag) {
            args[i + 1] = bad.clone();
        } else {
            args.extend([flag.to_string(), bad.clone()]);
        }
        assert_eq!(runner::cli_main(args), EXIT_OUTPUT, "{flag}");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(left.is_empty(), "{flag}: nothing created, found {left:?}");
        // The corrected command is accepted (no leftover results file refuses it).
        let args = cli_args(
            dir.path(),
            &[],
            &[
                "-quiet",
                "-summary",
                &dir.path().join("s.json").display().to_string(),
            ],
        );
        assert_eq!(runner::cli_main(args), EXIT_OK, "{flag}: rerun");
    }
}

#[test]
fn engine_error_reports_during_games_reach_stderr_and_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("uci.log");
    let out = run_cli(&cli_args(
        dir.path(),
        &["--error-at", "4", "--stderr"],
        &["-quiet", "-log", &log.display().to_string()],
    ));
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let reported: Vec<&str> = err
        .lines()
        .filter(|l| {
            l.starts_with("warning: A(") && l.contains("info string error: fake failure at ply")
        })
        .collect();
    assert!(!reported.is_empty(), "stderr: {err}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.contains("< info string error: fake failure at ply 4"),
        "{text}"
    );
    // The engine's stderr is captured too.
    assert!(text.contains("! fake_uci stderr: go at ply"), "{text}");
}

#[test]
fn log_holds_every_line_whole_with_concurrency() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("uci.log");
    let out = run_cli(&cli_args(
        dir.path(),
        &["--stderr"],
        &[
            "-quiet",
            "-rounds",
            "4",
            "-concurrency",
            "3",
            "-log",
            &log.display().to_string(),
        ],
    ));
    assert!(out.status.success(), "{out:?}");
    let text = std::fs::read_to_string(&log).unwrap();
    let mut last_ms = 0u64;
    let mut pids = std::collections::HashSet::new();
    for line in text.lines() {
        let mut f = line.split_whitespace();
        let ms: u64 = f
            .next()
            .unwrap()
            .parse()
            .unwrap_or_else(|_| panic!("{line}"));
        assert!(ms >= last_ms, "time goes forward: {line}");
        last_ms = ms;
        let who = f.next().unwrap();
        let dir = f.next().unwrap();
        assert!(matches!(dir, ">" | "<" | "!" | "="), "{line}");
        if who != "runner" {
            assert!(
                (who.starts_with("A(") || who.starts_with("B(")) && who.ends_with(')'),
                "{line}"
            );
            pids.insert(who.to_string());
        }
        // Nothing from another line got into this one.
        let rest: String = f.collect::<Vec<_>>().join(" ");
        assert!(
            rest.matches("bestmove").count() + rest.matches("readyok").count() <= 1,
            "{line}"
        );
    }
    // Pre-flight engines plus at least two workers' engines each.
    assert!(pids.len() >= 4, "{pids:?}");
    for needle in [
        "> uci",
        "< uciok",
        "> isready",
        "< readyok",
        "< bestmove",
        "! fake_uci stderr: started",
        "= pair 0 game 0",
    ] {
        assert!(text.contains(needle), "{needle} missing");
    }
    assert_eq!(text.matches(" starts\n").count(), 8, "8 games started");
}

#[test]
fn progress_lines_without_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    // Every game gives a line.
    let out = run_cli(&cli_args(
        dir.path(),
        &[],
        &["-rounds", "2", "-progress-games", "1"],
    ));
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("progress: "))
        .collect();
    assert_eq!(lines.len(), 4, "{err}");
    assert!(lines[3].starts_with("progress: 4/4 games  W "), "{err}");
    // Slow games: lines come by time before any game ends.
    let dir = tempfile::tempdir().unwrap();
    let out = run_cli(&cli_args(
        dir.path(),
        &["--slow-at", "0", "--slow-ms", "150"],
        &[
            "-maxmoves",
            "2",
            "-progress-games",
            "100",
            "-progress-secs",
            "0.1",
        ],
    ));
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("progress: 0/2 games"), "{err}");
    assert!(err.contains("progress: 2/2 games"), "{err}");
}

#[test]
fn draws_show_no_negative_zero_and_no_error_bar_and_sprt_is_inconclusive() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.json");
    // Two identical engines adjudicated drawn after one move: four draws.
    let mut args = cli_args(
        dir.path(),
        &[],
        &[
            "-quiet",
            "-rounds",
            "2",
            "-maxmoves",
            "1",
            "-sprt",
            "0",
            "2",
            "0.05",
            "0.05",
            "-summary",
            &summary.display().to_string(),
        ],
    );
    args.retain(|a| a != "args=--pick hash");
    let out = run_cli(&args);
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("games 4 W 0 L 0 D 4"), "{err}");
    assert!(!err.contains("-0.0"), "{err}");
    assert!(err.contains("  Elo 0.00  nElo n/a  LOS 50.0%"), "{err}");
    assert!(err.contains("inconclusive"), "{err}");
    let json = summary_json(&out);
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    for j in [&json, &file] {
        let p = &j["pairings"][0];
        assert_eq!(p["sprt"]["decision"], "inconclusive");
        assert_eq!(p["pentanomial_stats"]["elo"], 0.0);
        assert!(p["pentanomial_stats"]["elo_error"].is_null());
    }
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(
        text.contains("\"elo\":0.0,") && !text.contains("\"elo\":-0.0"),
        "{text}"
    );
}

#[test]
fn one_pair_shows_elo_without_error_bar_and_a_sweep_shows_infinity() {
    // A crashes at its first move: B wins both games. Elo -inf, no "± 0".
    let dir = tempfile::tempdir().unwrap();
    let out = run_cli(&cli_args(dir.path(), &["--crash-at", "0"], &["-quiet"]));
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("  Elo -inf  nElo n/a  LOS n/a"), "{err}");
    assert!(!err.contains("± 0.0"), "{err}");
}

#[test]
fn merge_reports_inconclusive_only_when_every_game_is_in() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for i in 1..=2u64 {
        let mut c = config(engine("A", &[]), engine("B", &[]), 2, dir.path());
        c.shard = runner::config::Shard {
            index: i - 1,
            count: 2,
        };
        c.results = Some(dir.path().join(format!("shard{i}.jsonl")));
        c.pgn = None;
        runner::play_match(&c, |_| {}).unwrap();
        files.push(c.results.unwrap());
    }
    let sprt = runner::sprt::SprtConfig {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
        model: runner::sprt::SprtModel::Normalized,
    };
    let decision = |files: &[std::path::PathBuf]| {
        let s = runner::merge::merge_files(files, Some(&sprt), false, None).unwrap();
        s.pairings[0].sprt.as_ref().unwrap().decision
    };
    use runner::sprt::SprtDecision;
    assert_eq!(decision(&files[..1]), SprtDecision::Continue);
    assert_eq!(decision(&files), SprtDecision::Inconclusive);
}

//! The `shuriken` binary as a user runs it: README's first command, help texts, closed pipes.

use std::process::{Command, Stdio};

fn shuriken() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shuriken"))
}

/// README's first command (at depth 3): the titan start-position count of PERFT.md.
#[test]
fn perft_of_the_default_variant_prints_the_count() {
    let out = shuriken()
        .args(["perft", "--variant", "titan", "--depth", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Nodes searched: 102676"), "{text}");
    // The default variant is titan, as for every command.
    let out = shuriken().args(["perft", "--depth", "2"]).output().unwrap();
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("Nodes searched: 2116"));
}

/// A reader that closes the pipe early (`| true`, `| head`) ends the command quietly, with no
/// "Broken pipe" panic.
#[test]
fn closed_pipe_is_not_a_panic() {
    for args in [
        &["divide", "--variant", "titan", "--depth", "4"][..],
        &["perft", "--variant", "chess", "--depth", "5"][..],
        &["bench", "--depth", "3"][..],
    ] {
        let mut child = shuriken()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close the reading end before the command has written anything.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.status.success(), "{args:?}: {:?} {err}", out.status);
    }
}

/// Every subcommand's help gives an example.
#[test]
fn every_help_has_an_example() {
    for sub in ["uci", "perft", "divide", "bench", "tune", "svg"] {
        let out = shuriken().args([sub, "--help"]).output().unwrap();
        assert!(out.status.success(), "{sub}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("Example") && text.contains(&format!("shuriken {sub}")),
            "shuriken {sub} --help has no example:\n{text}"
        );
    }
    for args in [&["match", "--help"][..], &["match", "report", "--help"][..]] {
        let out = shuriken().args(args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(
            text.contains("Example") && text.contains("shuriken match"),
            "{args:?} has no example:\n{text}"
        );
    }
    let out = shuriken().arg("--help").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("default variant is titan"), "{text}");
}

/// Bad input gets a clear error and exit code 2, not a panic.
#[test]
fn bad_perft_input_is_an_error() {
    for (args, message) in [
        (
            &["perft", "--variant", "shogi"][..],
            "unknown variant 'shogi'",
        ),
        (
            &["perft", "--variant", "chess", "--fen", "8/8 w - -"][..],
            "FEN board: expected 8 rows",
        ),
        (&["perft", "--depth", "13"][..], "depth 13 is too deep"),
    ] {
        let out = shuriken().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

/// `shuriken svg --pieces letters` writes exactly the diagram it wrote before the figures existed
/// (view/tests/data/letters-titan.svg, written by the binary at 6756c17); figures are the default;
/// an unknown style is a clear error.
#[test]
fn svg_pieces_choose_figures_or_letters() {
    let before = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../view/tests/data/letters-titan.svg"
    ))
    .unwrap();
    let run = |args: &[&str]| shuriken().arg("svg").args(args).output().unwrap();
    let letters = run(&["--variant", "titan", "--pieces", "letters"]);
    assert!(letters.status.success());
    assert_eq!(String::from_utf8(letters.stdout).unwrap(), before);
    let default = run(&["--variant", "titan"]);
    let figures = run(&["--variant", "titan", "--pieces", "figures"]);
    assert!(default.status.success());
    assert_eq!(default.stdout, figures.stdout);
    assert_ne!(default.stdout, before.as_bytes());
    let bad = run(&["--pieces", "glyphs"]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("unknown piece style 'glyphs'"), "{err}");
}

/// The repository root (the workspace folder above this crate).
fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The engine paths (`cmd=...`) of the examples in `shuriken --help` name a program, not a
/// folder, when run from the repository root: `./shuriken` is the crate's folder there, and the
/// example failed with "Permission denied".
#[test]
fn help_examples_name_the_built_program() {
    let out = shuriken().arg("--help").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let cmds: Vec<&str> = text
        .split_whitespace()
        .filter_map(|w| w.strip_prefix("cmd="))
        .collect();
    assert!(!cmds.is_empty(), "no match example in:\n{text}");
    for cmd in cmds {
        let path = repo_root().join(cmd);
        assert!(!path.is_dir(), "cmd={cmd} is a directory:\n{text}");
        assert!(cmd.ends_with("release/shuriken"), "cmd={cmd}");
    }
}

/// A `cmd=` that names a folder is refused with a message saying so, not "Permission denied".
#[test]
fn engine_cmd_that_is_a_directory_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let out = shuriken()
        .current_dir(repo_root())
        .args(["match", "-engine", "cmd=./shuriken", "name=a"])
        .args(["-engine", "cmd=./shuriken", "name=b", "-each", "nodes=100"])
        .arg("-results")
        .arg(dir.path().join("r.jsonl"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("is a directory"), "{err}");
    assert!(err.contains("target/release/shuriken"), "{err}");
    assert!(!err.contains("Permission denied"), "{err}");
}

/// Two engines of this binary with nodes=100, for runner error tests.
fn match_args(dir: &std::path::Path) -> Vec<String> {
    let me = env!("CARGO_BIN_EXE_shuriken");
    [
        "match",
        "-engine",
        &format!("cmd={me}"),
        "name=a",
        "-engine",
        &format!("cmd={me}"),
        "name=b",
        "-each",
        "nodes=100",
        "-games",
        "2",
        "-results",
        &dir.join("r.jsonl").display().to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// An unwritable `-pgnout` gives one message that names the path and says the reason once
/// (it said "No such file or directory (os error 2)" twice).
#[test]
fn unwritable_pgn_output_is_one_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = match_args(dir.path());
    args.extend(["-pgnout".to_string(), "/proc/x.pgn".to_string()]);
    let out = shuriken().args(&args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/proc/x.pgn"), "{err}");
    assert_eq!(err.matches("No such file or directory").count(), 1, "{err}");
}

/// An option the engine does not declare: the message says it is unknown, suggests a few close
/// names and how to list them all, instead of one line with every option name.
#[test]
fn unknown_engine_option_suggests_close_names() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = match_args(dir.path());
    args.insert(4, "option.Hsah=3".into());
    let out = shuriken().args(&args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("unknown option 'Hsah'"), "{err}");
    assert!(err.contains("Hash"), "{err}");
    assert!(!err.contains("RazorMargin"), "lists every option: {err}");
    assert!(err.contains("uci"), "does not say how to list them: {err}");
    assert!(err.len() < 400, "{err}");
}

/// Control characters of an argument are escaped when the argument is echoed in an error, so
/// that it cannot recolour or clear the terminal.
#[test]
fn control_characters_are_escaped_in_errors() {
    let dir = tempfile::tempdir().unwrap();
    let mut bad_tc = match_args(dir.path());
    bad_tc.extend(["-each".to_string(), "tc=1\u{1b}[2J".to_string()]);
    let cases: Vec<Vec<String>> = vec![
        vec!["perft".into(), "--variant".into(), "ti\u{1b}[31mtan".into()],
        vec!["svg".into(), "--highlight".into(), "e\u{7}2".into()],
        vec!["bench".into(), "--depth".into(), "x\u{1b}".into()],
        bad_tc,
        vec![
            "match".into(),
            "merge".into(),
            "/nonexistent/\u{1b}]0;x\u{7}".into(),
        ],
        [
            "tune",
            "texel",
            "fit",
            "--data",
            "/no/\u{1b}",
            "--out",
            "/no/w",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    ];
    for args in cases {
        let out = shuriken().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(err.contains("error"), "{args:?}: {err}");
        assert!(
            !err.chars().any(|c| c.is_control() && c != '\n'),
            "{args:?}: raw control character in {err:?}"
        );
        // clap drops an escape character from a value it echoes; the others are escaped.
        if args[0] != "bench" {
            assert!(
                err.contains("\\x1b") || err.contains("\\x07"),
                "{args:?}: {err:?}"
            );
        }
    }
}

/// Runs `shuriken ARGS` and returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = shuriken().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Values that mean nothing are refused with exit code 2 and a message naming the option:
/// `bench --depth 0` ran depth 1, `bench --hash 0` changed the signature, `perft --threads 0`
/// and a `svg --lastmove` of two moves were accepted.
#[test]
fn meaningless_values_are_refused() {
    for (args, needle) in [
        (&["bench", "--depth", "0"][..], "--depth"),
        (&["bench", "--hash", "0"][..], "--hash"),
        (&["bench", "--threads", "0"][..], "--threads"),
        (
            &["perft", "--depth", "1", "--threads", "0"][..],
            "--threads",
        ),
        (
            &["divide", "--depth", "1", "--threads", "0"][..],
            "--threads",
        ),
        (
            &["svg", "--variant", "chess", "--lastmove", "e2e4,e4e5"][..],
            "one move",
        ),
        (
            &["svg", "--variant", "chess", "--lastmove", "e2e5"][..],
            "no piece of the side that just moved",
        ),
        (
            &["svg", "--variant", "chess", "--lastmove", "e2"][..],
            "--lastmove",
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} wrote output: {out}");
    }
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let (code, out, err) = run(&[
        "svg",
        "--variant",
        "chess",
        "--fen",
        after_e4,
        "--lastmove",
        "e2e4",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("lastmove"), "{out}");
}

/// Every subcommand's `--help` ends with an "Examples:" section of `shuriken` command lines,
/// found by walking the "Commands:" lists of the help texts (plus `match`'s own subcommands).
#[test]
fn every_subcommand_help_ends_with_examples() {
    let mut todo: Vec<Vec<String>> = vec![vec![]];
    let mut seen = Vec::new();
    while let Some(path) = todo.pop() {
        let mut args = path.clone();
        args.push("--help".into());
        let out = shuriken().args(&args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {text}");
        let mut in_commands = false;
        for line in text.lines() {
            if line.starts_with("Commands:") {
                in_commands = true;
            } else if in_commands && line.starts_with("  ") {
                let name = line.split_whitespace().next().unwrap();
                if name != "help" && !line.starts_with("   ") {
                    let mut sub = path.clone();
                    sub.push(name.to_string());
                    todo.push(sub);
                }
            } else {
                in_commands = false;
            }
        }
        if path.is_empty() {
            for m in ["match", "report", "merge", "genbook"] {
                let mut sub = vec!["match".to_string()];
                if m != "match" {
                    sub.push(m.to_string());
                }
                todo.push(sub);
            }
            continue;
        }
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let at = lines
            .iter()
            .rposition(|l| *l == "Examples:")
            .unwrap_or_else(|| {
                panic!(
                    "shuriken {} --help has no Examples:\n{text}",
                    path.join(" ")
                )
            });
        let examples = &lines[at + 1..];
        assert!(!examples.is_empty(), "{path:?}: {text}");
        for l in examples {
            assert!(
                l.starts_with("  shuriken ") || l.starts_with("  printf ") || l.starts_with("    "),
                "shuriken {} --help: '{l}' after Examples: is not an example",
                path.join(" ")
            );
        }
        let whole = path.join(" ");
        assert!(
            examples
                .iter()
                .any(|l| l.contains(&format!("shuriken {whole}"))),
            "no `shuriken {whole}` example:\n{text}"
        );
        seen.push(whole);
    }
    for must in [
        "tune spsa",
        "tune texel convert",
        "tune nnue train",
        "match merge",
    ] {
        assert!(
            seen.iter().any(|s| s == must),
            "{must} not visited: {seen:?}"
        );
    }
    let (_, tune, _) = run(&["--help"]);
    let tune_line = tune
        .lines()
        .find(|l| l.trim_start().starts_with("tune"))
        .unwrap();
    for word in ["spsa", "texel", "label", "nnue"] {
        assert!(tune_line.contains(word), "{tune_line}");
    }
    let (_, tune, _) = run(&["tune", "--help"]);
    assert!(
        tune.contains("label") && tune.contains("nnue train"),
        "{tune}"
    );
}

/// Ctrl-C (SIGINT) during a match: the finished games stay in the results file, none of the
/// games in progress is written, and the runner says how many games it kept and the command
/// that continues the run (it exited 130 silently). Ctrl-C at a terminal signals the engines
/// too (the whole process group); their deaths are not recorded as crashes.
#[test]
fn interrupted_match_says_how_to_resume() {
    interrupt_match(false);
    interrupt_match(true);
}

fn interrupt_match(whole_group: bool) {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.jsonl");
    let mut args = match_args(dir.path());
    args.iter_mut()
        .filter(|a| *a == "2")
        .for_each(|a| *a = "400".into());
    args.extend([
        "-concurrency".into(),
        "2".into(),
        "-maxmoves".into(),
        "20".into(),
    ]);
    let child = shuriken()
        .args(&args)
        .process_group(0)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let games = || {
        std::fs::read_to_string(&results)
            .map(|t| t.matches("\"type\":\"game\"").count())
            .unwrap_or(0)
    };
    let start = std::time::Instant::now();
    while games() < 2 {
        assert!(start.elapsed().as_secs() < 60, "no games written");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let target = if whole_group {
        format!("-{}", child.id())
    } else {
        child.id().to_string()
    };
    let killed = Command::new("kill")
        .args(["-INT", "--", &target])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    let text = std::fs::read_to_string(&results).unwrap();
    assert!(text.ends_with('\n'), "a line was cut short");
    let kept = text.matches("\"type\":\"game\"").count();
    assert!((2..400).contains(&kept), "{kept}");
    assert!(!text.contains("\"termination\":\"crash\""), "{text}");
    assert!(
        err.contains(&format!("interrupted: {kept} finished games are kept in")),
        "{err}"
    );
    let resume = err.lines().last().unwrap().trim();
    assert!(resume.ends_with(" -resume"), "{resume}");
    assert!(
        resume.contains(&format!("-results {}", results.display())),
        "{resume}"
    );
    assert!(
        resume.starts_with(env!("CARGO_BIN_EXE_shuriken")),
        "{resume}"
    );
}

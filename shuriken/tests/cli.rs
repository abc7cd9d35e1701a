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

//! `shuriken tune texel label --engine`: positions scored by an outside UCI engine (here the
//! `shuriken` binary itself, spoken to over UCI).

use std::process::Command;

fn shuriken() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shuriken"))
}

/// Writes `lines` as a data file in a fresh directory and returns its path.
fn data_file(name: &str, lines: &[&str]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shuriken-label-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("in.data");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// White a queen up with White to move and with Black to move (the engine's score is turned
/// to White's view), and a bare-kings draw; all three come from lost games, so the labels
/// (search only, `--blend 0`) can come only from the engine's scores.
#[test]
fn an_outside_engine_labels_by_its_scores_from_whites_view() {
    let input = data_file(
        "ok",
        &[
            "chess|4k3/8/8/8/8/8/8/3QK3 w - - 0 1|0",
            "chess|4k3/8/8/8/8/8/8/3QK3 b - - 0 1|0",
            "chess|4k3/8/8/8/8/8/8/4K3 w - - 0 1|0",
        ],
    );
    let out = input.with_file_name("out.data");
    let engine = env!("CARGO_BIN_EXE_shuriken");
    let run = shuriken()
        .args(["tune", "texel", "label", "--depth", "3", "--blend", "0"])
        .args(["--scale", "400", "--quiet", "--engine", engine])
        .args(["--engine-option", "UCI_Variant=chess"])
        .arg("--data")
        .arg(&input)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(stdout.contains(&format!("by {engine}")), "{stdout}");
    let labels: Vec<f64> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| l.rsplit('|').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(labels.len(), 3);
    assert!(labels[0] > 0.9 && labels[1] > 0.9, "{labels:?}");
    assert!((labels[2] - 0.5).abs() < 0.1, "{labels:?}");
}

/// A missing engine, a malformed option and mixed variants are clear errors, not panics, and
/// no output file is written.
#[test]
fn outside_engine_errors_are_reported() {
    let input = data_file("err", &["chess|4k3/8/8/8/8/8/8/3QK3 w - - 0 1|1"]);
    let mixed = data_file(
        "mixed",
        &[
            "chess|4k3/8/8/8/8/8/8/3QK3 w - - 0 1|1",
            "octopus|rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[JJJJJjjjjj] w KQkq - 0 1|1",
        ],
    );
    let engine = env!("CARGO_BIN_EXE_shuriken");
    let cases: [(&std::path::Path, &[&str], &str); 3] = [
        (
            &input,
            &["--engine", "/nonexistent/engine"],
            "/nonexistent/engine",
        ),
        (
            &input,
            &["--engine", engine, "--engine-option", "Hash"],
            "NAME=VALUE",
        ),
        (&mixed, &["--engine", engine], "one variant at a time"),
    ];
    for (data, args, expected) in cases {
        let out = data.with_file_name("never.data");
        let run = shuriken()
            .args(["tune", "texel", "label", "--depth", "2", "--quiet"])
            .args(args)
            .arg("--data")
            .arg(data)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success(), "{args:?}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(!out.exists(), "{args:?}");
    }
}

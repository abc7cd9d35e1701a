//! The line-attack switch: `SHURIKEN_NO_BMI2` forces the ray path, and without it a processor
//! with BMI2 uses `pext`/`pdep`. Both paths give the same perft in every variant.
//!
//! The environment variable is read once per process, so the forced case runs this test binary
//! again as a child process with the variable set.

use movegen::line_attacks::{line_backend, LineBackend, NO_BMI2_ENV};
use movegen::perft::perft;
use movegen::{Position, Variant};
use std::process::Command;

/// Set in the child process to the backend it must report.
const EXPECT_ENV: &str = "SHURIKEN_TEST_EXPECT_LINE_BACKEND";

/// Perft at depth 3 of every variant's start position (whatever backend this process uses).
fn perft_line() -> String {
    Variant::ALL
        .iter()
        .map(|&v| format!("{v:?}={}", perft(&mut Position::startpos(v), 3)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Prints this process's backend and perft; in a child, checks the backend it was told to expect.
#[test]
fn report_backend_and_perft() {
    let backend = line_backend();
    println!("backend={backend:?} perft: {}", perft_line());
    if let Ok(want) = std::env::var(EXPECT_ENV) {
        assert_eq!(format!("{backend:?}"), want);
    }
}

/// The backend this process picks when the switch is not set.
#[test]
fn bmi2_is_used_when_present_and_not_switched_off() {
    if std::env::var_os(NO_BMI2_ENV).is_some() {
        return; // CI's forced run: the child test below covers the switch.
    }
    #[cfg(target_arch = "x86_64")]
    let has_bmi2 = std::arch::is_x86_feature_detected!("bmi2");
    #[cfg(not(target_arch = "x86_64"))]
    let has_bmi2 = false;
    let want = if has_bmi2 {
        LineBackend::Bmi2
    } else {
        LineBackend::Rays
    };
    assert_eq!(line_backend(), want);
}

/// Runs `report_backend_and_perft` in a child with `switch` as the value of `SHURIKEN_NO_BMI2`
/// and returns its perft line.
fn child_perft(switch: Option<&str>, expect: LineBackend) -> String {
    let exe = std::env::current_exe().expect("test binary path");
    let mut cmd = Command::new(exe);
    cmd.args(["--exact", "report_backend_and_perft", "--nocapture"])
        .env(EXPECT_ENV, format!("{expect:?}"));
    match switch {
        Some(v) => cmd.env(NO_BMI2_ENV, v),
        None => cmd.env_remove(NO_BMI2_ENV),
    };
    let out = cmd.output().expect("run the test binary as a child");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "child failed: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = stdout
        .lines()
        .find_map(|l| l.split_once(" perft: "))
        .map(|(_, p)| p.to_owned())
        .expect("child printed its perft");
    line
}

#[test]
fn the_switch_forces_the_ray_path_and_both_paths_count_the_same() {
    if std::env::var_os(EXPECT_ENV).is_some() {
        return; // Already a child.
    }
    let forced = child_perft(Some("1"), LineBackend::Rays);
    #[cfg(target_arch = "x86_64")]
    let default = if std::arch::is_x86_feature_detected!("bmi2") {
        LineBackend::Bmi2
    } else {
        LineBackend::Rays
    };
    #[cfg(not(target_arch = "x86_64"))]
    let default = LineBackend::Rays;
    let unswitched = child_perft(None, default);
    // "0" and the empty value do not switch BMI2 off.
    assert_eq!(child_perft(Some("0"), default), unswitched);
    assert_eq!(child_perft(Some(""), default), unswitched);
    assert_eq!(forced, unswitched);
    assert!(forced.contains("Chess=8902"), "{forced}");
}

/// Both backends through the public `LineAttacks`, in one process, on every square of every
/// variant's start position and its empty board; BMI2 asked for without BMI2 is a typed error.
#[test]
fn line_attacks_backends_agree_or_bmi2_is_refused() {
    use movegen::line_attacks::{Bmi2Unavailable, LineAttacks};
    use movegen::{Bitboard, Square};
    for v in Variant::ALL {
        let rays = LineAttacks::new(v, LineBackend::Rays).expect("rays always exist");
        let bmi2 = match LineAttacks::new(v, LineBackend::Bmi2) {
            Ok(b) => b,
            Err(Bmi2Unavailable) => continue,
        };
        let start = Position::startpos(v).board().occupied();
        for occ in [start, Bitboard::EMPTY] {
            for i in 0..Square::COUNT as u8 {
                let sq = Square::new_unchecked(i);
                assert_eq!(bmi2.rook(sq, occ), rays.rook(sq, occ), "{v:?} {i}");
                assert_eq!(bmi2.bishop(sq, occ), rays.bishop(sq, occ), "{v:?} {i}");
            }
        }
    }
}

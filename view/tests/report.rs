//! The HTML report: built from a real (short) titan match, its embedded games replay to the same
//! moves as the results file, and bad input gives an error.

use runner::store;
use std::path::Path;
use view::report::{build_report, embedded_games, report_from_file, sample, ReportOptions};

fn data() -> &'static Path {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/titan-6-games.jsonl"
    ))
}

#[test]
fn embedded_games_round_trip_to_the_recorded_moves() {
    let html = report_from_file(data(), &ReportOptions::default()).unwrap();
    let games = store::read(data()).unwrap().games;
    let shown = embedded_games(&html).unwrap();
    assert_eq!(shown.len(), games.len());
    for (g, v) in games.iter().zip(&shown) {
        assert!(v.note.is_none(), "{:?}", v.note);
        let recorded: Vec<&str> = g.moves.iter().map(|m| m.mv.as_str()).collect();
        let embedded: Vec<&str> = v.plies.iter().map(|p| p.u.as_str()).collect();
        assert_eq!(recorded, embedded);
        // Replaying the embedded moves from the embedded start gives each embedded board.
        let mut pos =
            movegen::Position::from_fen(movegen::Variant::from_name(&v.variant).unwrap(), &v.fen)
                .unwrap();
        for p in &v.plies {
            let m = pos.parse_move(&p.u).unwrap();
            pos.make_move(m);
            assert_eq!(pos.to_fen().split(' ').next().unwrap(), p.f);
        }
    }
    assert!(html.len() < 10_000_000);
    for needle in [
        "Elo of the first engine",
        "Terminations",
        "Game length",
        "Time used per move",
    ] {
        assert!(html.contains(needle), "{needle}");
    }
    assert!(!html.contains("<script src"), "nothing fetched");
}

#[test]
fn sampling_keeps_the_first_games_and_every_abnormal_one() {
    let mut games = store::read(data()).unwrap().games;
    let template = games[0].clone();
    for i in 0..500u64 {
        let mut g = template.clone();
        g.pair = 100 + i;
        if i % 100 == 7 {
            g.termination = runner::record::Termination::Crash;
        }
        games.push(g);
    }
    let opts = ReportOptions {
        first_games: 10,
        ..ReportOptions::default()
    };
    let picked = sample(&games, &opts);
    assert_eq!(&picked[..10], &(0..10).collect::<Vec<_>>()[..]);
    // Crashes at i = 7, 107, 207, 307, 407 sit at file positions 6 + i.
    assert_eq!(&picked[10..], &[13, 113, 213, 313, 413]);
    // A tiny byte budget drops games but still writes a report.
    let opts = ReportOptions {
        max_game_bytes: 1000,
        ..ReportOptions::default()
    };
    let html = build_report("t", &[], &games, &[], &opts).unwrap();
    assert!(embedded_games(&html).unwrap().len() < 3);
}

#[test]
fn bad_input_is_an_error() {
    assert!(
        report_from_file(Path::new("/nonexistent/x.jsonl"), &ReportOptions::default()).is_err()
    );
    let dir = std::env::temp_dir().join(format!("view-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "not json\n").unwrap();
    assert!(report_from_file(&empty, &ReportOptions::default()).is_err());
    // A game with an illegal recorded move: the viewer stops there and says why.
    let mut g = store::read(data()).unwrap().games.remove(0);
    g.moves[3].mv = "a1a12".into();
    let v = view::report::viewer_game(0, &g);
    assert_eq!(v.plies.len(), 3);
    assert!(v.note.unwrap().contains("ply 4"));
}

/// The Elo chart's SVG in a report.
fn elo_chart(html: &str) -> &str {
    let at = html.find("Elo of the first engine").unwrap();
    let start = html[..at].rfind("<svg").unwrap();
    let end = at + html[at..].find("</svg>").unwrap();
    &html[start..end]
}

/// A 4-game run whose summary gives an Elo draws it: the estimate is finite after the 4th game
/// only, and a one-point line was invisible, so the chart was empty.
#[test]
fn short_run_draws_the_elo_chart() {
    use runner::record::GameResult::{BlackWins, Draw, WhiteWins};
    let mut games = store::read(data()).unwrap().games;
    games.truncate(4);
    // The first engine loses pair 0 and scores a half point in pair 1.
    for (g, r) in games
        .iter_mut()
        .zip([BlackWins, WhiteWins, Draw, WhiteWins])
    {
        g.result = r;
    }
    let html = build_report("t", &[], &games, &[], &ReportOptions::default()).unwrap();
    let chart = elo_chart(&html);
    assert!(chart.contains("<circle"), "no point drawn:\n{chart}");
}

/// The game axis of the charts has whole-number ticks only (it had 4.2, 4.4 for four games).
#[test]
fn game_axis_ticks_are_whole_numbers() {
    let games = store::read(data()).unwrap().games;
    let html = build_report("t", &[], &games[..4], &[], &ReportOptions::default()).unwrap();
    let chart = elo_chart(&html);
    // The x-axis labels: the texts of the chart that are numbers and are not on the y axis,
    // which plotters writes with text-anchor="end".
    let mut x_labels = Vec::new();
    for piece in chart.split("<text").skip(1) {
        let (attrs, rest) = piece.split_once('>').unwrap();
        let text = rest.split('<').next().unwrap().trim();
        if text.parse::<f64>().is_ok() && !attrs.contains("text-anchor=\"end\"") {
            x_labels.push(text.to_string());
        }
    }
    assert!(!x_labels.is_empty(), "{chart}");
    for l in &x_labels {
        assert!(l.parse::<i64>().is_ok(), "x tick {l} in {x_labels:?}");
    }
}

/// Without an SPRT given, the report has no SPRT column and no LLR chart (a results file does
/// not record an SPRT, and an invented default was shown).
#[test]
fn sprt_appears_only_when_given() {
    let games = store::read(data()).unwrap().games;
    let html = build_report("t", &[], &games, &[], &ReportOptions::default()).unwrap();
    assert!(
        !html.contains("<th>SPRT</th>"),
        "SPRT column without an SPRT"
    );
    assert!(!html.contains("SPRT log-likelihood"));
    let opts = ReportOptions {
        sprt: Some(view::report::default_sprt()),
        ..ReportOptions::default()
    };
    let html = build_report("t", &[], &games, &[], &opts).unwrap();
    assert!(html.contains("<th>SPRT</th>"));
    assert!(html.contains("SPRT log-likelihood"));
}

/// The viewer numbers moves from the start FEN's move number and side to move (it numbered a
/// game that starts at move 3 from 1).
#[test]
fn viewer_numbers_moves_from_the_start_fen() {
    let games = store::read(data()).unwrap().games;
    for (i, g) in games.iter().enumerate() {
        let v = view::report::viewer_game(i, g);
        let fields: Vec<&str> = g.fen.split_whitespace().collect();
        assert_eq!(v.n0.to_string(), fields[fields.len() - 1], "{}", g.fen);
        assert_eq!(v.b0, fields[1] == "b", "{}", g.fen);
    }
    let v = view::report::viewer_game(0, &games[0]);
    assert_eq!(v.n0, 3);
    let mut g = games[0].clone();
    g.fen = g.fen.replace(" w ", " b ");
    g.moves.clear();
    assert!(view::report::viewer_game(0, &g).b0);
    let html = build_report("t", &[], &games, &[], &ReportOptions::default()).unwrap();
    assert!(
        html.contains("list.start = g.n0"),
        "the viewer does not use n0"
    );
}

/// A results file cut in the middle of a line: the report warns with the line number and what
/// was dropped, and counts the complete games only.
#[test]
fn cut_results_file_is_reported_with_the_line() {
    let text = std::fs::read_to_string(data()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let cut = format!(
        "{}\n{}\n{}\n{}",
        lines[0],
        lines[1],
        lines[2],
        &lines[3][..lines[3].len() / 2]
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cut.jsonl");
    std::fs::write(&path, cut).unwrap();
    let r = view::report::report_with_warnings(&path, &ReportOptions::default()).unwrap();
    assert_eq!(r.warnings.len(), 1, "{:?}", r.warnings);
    let w = &r.warnings[0];
    assert!(w.contains("cut.jsonl:4:"), "{w}");
    assert!(w.contains("the game of pair 1 (game 0)"), "{w}");
    assert!(r.html.contains("cut short"), "no warning in the report");
    assert_eq!(embedded_games(&r.html).unwrap().len(), 2);
}

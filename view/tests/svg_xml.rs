//! Every diagram is well-formed XML and shows what it claims: squares of the real geometry,
//! one glyph per piece, the check marker, and the highlighted destinations.

use movegen::{Color, Position, Variant};
use view::fen_build::position;
use view::svg::{board_svg, render_request, DiagramOptions, Highlight, SvgRequest};

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"))
}

fn with_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<String> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == class))
        })
        .filter_map(|n| n.attribute("data-square").map(str::to_string))
        .collect()
}

#[test]
fn start_positions_parse_with_the_real_geometry() {
    // Squares per board, counted from RULES.md section 1: 12x12, 10x10 plus four, 10x10, 8x8.
    for (v, squares, pieces) in [
        (Variant::Titan, 144, 72),
        (Variant::Hadean, 144, 72),
        (Variant::Raptor, 104, 44),
        (Variant::Octopus, 100, 40),
        (Variant::Chess, 64, 32),
    ] {
        for flip in [false, true] {
            let opts = DiagramOptions {
                flip,
                ..DiagramOptions::default()
            };
            let svg = board_svg(&Position::startpos(v), &opts).unwrap();
            let doc = parse(&svg);
            assert_eq!(with_class(&doc, "sq").len(), squares, "{v:?}");
            assert_eq!(with_class(&doc, "piece").len(), pieces, "{v:?}");
            assert!(with_class(&doc, "check").is_empty());
        }
    }
}

#[test]
fn raptor_draws_its_protruding_squares_and_leaves_out_the_rest() {
    let svg = board_svg(
        &Position::startpos(Variant::Raptor),
        &DiagramOptions::default(),
    )
    .unwrap();
    let doc = parse(&svg);
    let squares = with_class(&doc, "sq");
    for s in ["e0", "f0", "e11", "f11", "a1", "j10"] {
        assert!(squares.contains(&s.to_string()), "{s}");
    }
    for s in ["d0", "g0", "a11", "j11"] {
        assert!(!squares.contains(&s.to_string()), "{s}");
    }
}

#[test]
fn check_marker_sits_on_the_checked_king() {
    // Black rook on e8 checks the white king on e1 down the open file.
    let pos = position(Variant::Chess, &["Ke1", "re8", "ka8"], [0, 0], Color::White).unwrap();
    let doc_text = board_svg(&pos, &DiagramOptions::default()).unwrap();
    assert_eq!(with_class(&parse(&doc_text), "check"), ["e1"]);
}

#[test]
fn warrior_double_capture_marks_both_victims() {
    // RULES.md 7: the warrior's two-square leap onto an enemy also captures the enemy it jumps.
    let pos = position(
        Variant::Titan,
        &["Ka1", "kl12", "Wf6", "pf7", "rf8"],
        [0, 0],
        Color::White,
    )
    .unwrap();
    let opts = DiagramOptions {
        highlight: Some(Highlight::Square(pos.rules().parse_square("f6").unwrap())),
        ..DiagramOptions::default()
    };
    let svg = board_svg(&pos, &opts).unwrap();
    let doc = parse(&svg);
    let mut dest = with_class(&doc, "dest");
    dest.sort();
    // Orthogonal steps e6 g6 f5 f7(capture); leaps d6 h6 f4 f8 (capture of f8 and f7).
    assert_eq!(dest, ["d6", "e6", "f4", "f5", "f7", "f8", "g6", "h6"]);
    let mut captures = with_class(&doc, "capture");
    captures.sort();
    assert_eq!(captures, ["f7", "f8"]);
    // The jumped pawn on f7 is a second victim of the move landing on f8.
    let victim_by: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("victim"))
        .map(|n| {
            (
                n.attribute("data-square").unwrap(),
                n.attribute("data-by").unwrap(),
            )
        })
        .collect();
    assert_eq!(victim_by, [("f7", "f8")]);
}

#[test]
fn octopus_drops_show_their_pushes() {
    // White: king f1, nothing on rank 2 but a pawn on a2; one ninja pawn in hand.
    let pos = position(
        Variant::Octopus,
        &["Kf1", "kf10", "Pa2"],
        [1, 0],
        Color::White,
    )
    .unwrap();
    let opts = DiagramOptions {
        highlight: Some(Highlight::Drops),
        ..DiagramOptions::default()
    };
    let doc_text = board_svg(&pos, &opts).unwrap();
    let doc = parse(&doc_text);
    // Drops on b2..j2 (9 squares), each pushed up to the middle rank 5: ranks 2..5 on 9 files.
    assert_eq!(with_class(&doc, "dest").len(), 36);
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("arrow"))
            .count(),
        27
    );
}

#[test]
fn requests_give_typed_errors_not_panics() {
    let req = |variant: &str, fen: Option<&str>, highlight: Option<&str>, last: Option<&str>| {
        render_request(&SvgRequest {
            variant: variant.into(),
            fen: fen.map(str::to_string),
            highlight: highlight.map(str::to_string),
            last_move: last.map(str::to_string),
            square_px: 40.0,
            ..SvgRequest::default()
        })
    };
    assert!(req("shogi", None, None, None).is_err());
    assert!(req("titan", Some("x"), None, None).is_err());
    assert!(
        req("titan", None, Some("e4"), None).is_err(),
        "empty square"
    );
    assert!(
        req("titan", None, Some("e12"), None).is_err(),
        "not side to move"
    );
    assert!(req("titan", None, Some("z99"), None).is_err());
    assert!(
        req("titan", None, Some("J@"), None).is_err(),
        "no hand in titan"
    );
    assert!(
        req("raptor", None, None, Some("d0d1")).is_err(),
        "d0 is missing"
    );
    assert!(req("titan", None, None, Some("e2")).is_err());
    let ok = req("raptor", None, Some("e0"), Some("e2e4")).unwrap();
    parse(&ok);
    let bad_size = render_request(&SvgRequest {
        variant: "chess".into(),
        square_px: f64::NAN,
        ..SvgRequest::default()
    });
    assert!(bad_size.is_err());
}

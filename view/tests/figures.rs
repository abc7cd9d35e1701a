//! The drawn figures and the style choice: every role has a well-formed figure of its own, the
//! lettered style still draws exactly what it drew before figures existed, and the legend's
//! links point at anchors that `docs/rules.md` really has.

use movegen::{Color, Piece, Position, Role, Variant};
use view::glyphs::{piece_svg, symbol_sheet, symbols};
use view::legend::legend;
use view::svg::{board_svg, render_request, DiagramOptions, SvgRequest};
use view::PieceStyle;

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"))
}

fn data(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lettered style is byte for byte the diagram `shuriken svg` wrote before figures existed
/// (the files under tests/data were written by the binary at 6756c17).
#[test]
fn letters_draw_what_they_drew_before() {
    let cases = [
        (
            "letters-titan.svg",
            SvgRequest {
                variant: "titan".into(),
                square_px: 40.0,
                ..SvgRequest::default()
            },
        ),
        (
            "letters-octopus-drops.svg",
            SvgRequest {
                variant: "octopus".into(),
                fen: Some("5k4/pppppppppp/10/10/10/10/10/10/P1P7/5K4[JJjj] w - - 0 1".into()),
                highlight: Some("J@".into()),
                flip: true,
                square_px: 32.0,
                ..SvgRequest::default()
            },
        ),
        (
            "letters-raptor.svg",
            SvgRequest {
                variant: "raptor".into(),
                highlight: Some("e2".into()),
                last_move: Some("e7e5".into()),
                arrows: Some("b1c3,g1f3".into()),
                square_px: 40.0,
                ..SvgRequest::default()
            },
        ),
    ];
    for (file, req) in cases {
        let letters = render_request(&SvgRequest {
            pieces: PieceStyle::Letters,
            ..req.clone()
        })
        .unwrap();
        assert_eq!(letters, data(file), "{file}");
        // The figures are something else, in the same frame.
        let figures = render_request(&req).unwrap();
        assert_ne!(figures, letters, "{file}");
        parse(&figures);
    }
}

#[test]
fn every_piece_has_a_well_formed_figure_of_its_own() {
    for style in PieceStyle::ALL {
        let sheet = symbol_sheet(style, "t-");
        let doc = parse(&sheet);
        let symbols: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_tag_name("symbol"))
            .collect();
        assert_eq!(symbols.len(), 2 * Role::COUNT, "{style}");
        // Every symbol draws something, and no two draw the same thing.
        let mut bodies = std::collections::HashSet::new();
        for s in &symbols {
            let paths: Vec<&str> = s
                .descendants()
                .filter_map(|n| n.attribute("d").or(n.attribute("points")))
                .collect();
            assert!(!paths.is_empty(), "{style} {:?}", s.attribute("id"));
            let colours: String = s
                .descendants()
                .filter_map(|n| n.attribute("fill"))
                .collect();
            assert!(
                bodies.insert((paths.concat(), colours)),
                "{style} {:?} repeats another piece",
                s.attribute("id")
            );
        }
        for role in Role::ALL {
            for color in Color::BOTH {
                let piece = Piece::new(color, role);
                let one = piece_svg(style, piece, 40);
                let doc = parse(&one);
                assert_eq!(doc.root_element().attribute("width"), Some("40"));
                let letter = piece.letter().to_string();
                assert_eq!(
                    doc.root_element().attribute("data-piece"),
                    Some(letter.as_str())
                );
            }
        }
    }
}

/// No font: the figures are paths only, with no text or external reference.
#[test]
fn figures_use_no_font_and_no_file() {
    let sheet = symbol_sheet(PieceStyle::Figures, "");
    for banned in ["<text", "<image", "href", "font", "url("] {
        assert!(!sheet.contains(banned), "{banned}");
    }
}

/// A diagram defines a symbol for every piece it places, in both styles, in every game.
#[test]
fn diagrams_define_every_piece_they_place() {
    for v in [
        Variant::Titan,
        Variant::Hadean,
        Variant::Raptor,
        Variant::Octopus,
        Variant::Chess,
    ] {
        for style in PieceStyle::ALL {
            let opts = DiagramOptions {
                pieces: style,
                ..DiagramOptions::default()
            };
            let svg = board_svg(&Position::startpos(v), &opts).unwrap();
            let doc = parse(&svg);
            let ids: std::collections::HashSet<&str> = doc
                .descendants()
                .filter(|n| n.has_tag_name("symbol"))
                .filter_map(|n| n.attribute("id"))
                .collect();
            for u in doc.descendants().filter(|n| n.has_tag_name("use")) {
                let href = u.attribute("href").unwrap().trim_start_matches('#');
                assert!(ids.contains(href), "{v:?} {style}: {href} undefined");
            }
        }
    }
    // The symbols of a style are what the board embeds.
    let titan = board_svg(
        &Position::startpos(Variant::Titan),
        &DiagramOptions::default(),
    )
    .unwrap();
    assert!(titan.contains(&symbols(
        PieceStyle::Figures,
        "",
        Variant::Titan.spec().roles
    )));
}

/// Every link of every legend points at an `id` that the committed `docs/rules.md` has.
#[test]
fn legend_links_point_at_real_anchors() {
    let rules = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules.md"),
    )
    .unwrap();
    let mut links = 0;
    for v in view::rules_doc::GAMES {
        let l = legend(v);
        assert_eq!(l.len(), v.spec().roles.len());
        for e in l {
            let anchor = e.anchor.expect("the reference covers every game of GAMES");
            assert!(
                rules.contains(&format!("<a id=\"{anchor}\"></a>")),
                "{anchor} is not an anchor of docs/rules.md"
            );
            assert_eq!(e.link, Some(format!("docs/rules.md#{anchor}")));
            assert!(rules.contains(&format!("(#{anchor})")), "{anchor} unlinked");
            links += 1;
        }
    }
    assert!(links >= 40, "{links}");
}

/// Every picture `docs/rules.md` shows is a committed file (the piece sheet included).
#[test]
fn rules_md_pictures_exist() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs");
    let rules = std::fs::read_to_string(docs.join("rules.md")).unwrap();
    let mut seen = 0;
    for part in rules.split("](").skip(1) {
        let target = part.split(')').next().unwrap_or_default();
        if target.starts_with("img/") {
            assert!(docs.join(target).is_file(), "{target} is missing");
            seen += 1;
        }
    }
    assert!(rules.contains("](img/pieces.png)"));
    assert!(seen > 50, "{seen}");
}

/// The report's viewer draws its boards in the style the options ask for.
#[test]
fn report_draws_pieces_in_the_chosen_style() {
    use view::report::{report_from_file, ReportOptions};
    let games =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/titan-6-games.jsonl");
    let report = |pieces| {
        report_from_file(
            &games,
            &ReportOptions {
                pieces,
                ..ReportOptions::default()
            },
        )
        .unwrap()
    };
    let (figures, letters) = (report(PieceStyle::Figures), report(PieceStyle::Letters));
    let king = |style| symbols(style, "titan-", &[Role::King]);
    assert!(figures.contains(&king(PieceStyle::Figures)));
    assert!(!figures.contains(&king(PieceStyle::Letters)));
    assert!(letters.contains(&king(PieceStyle::Letters)));
    assert!(report(PieceStyle::default()).contains(&king(PieceStyle::Figures)));
}

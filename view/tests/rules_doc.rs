//! `docs/rules.md` and `docs/img/rules/*.svg` are what the generator writes, and every piece
//! diagram marks exactly the legal destinations the move generator gives.
//! `SHURIKEN_BLESS=1 cargo test -p view --test rules_doc` rewrites the files.

use movegen::MoveKind;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use view::rules_doc::{diagrams, markdown, render};
use view::svg::Highlight;

fn docs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs")
}

fn bless() -> bool {
    std::env::var_os("SHURIKEN_BLESS").is_some()
}

/// Compares (or, blessing, writes) one generated file.
fn check(path: &Path, text: &str, stale: &mut Vec<String>) {
    if bless() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    } else if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        stale.push(path.display().to_string());
    }
}

#[test]
fn committed_files_are_what_the_generator_writes() {
    let mut stale = Vec::new();
    let dir = docs().join("img/rules");
    let all = diagrams().unwrap();
    for d in &all {
        check(&dir.join(&d.file), &render(d).unwrap(), &mut stale);
    }
    check(&docs().join("rules.md"), &markdown().unwrap(), &mut stale);
    assert!(
        stale.is_empty(),
        "out of date (run SHURIKEN_BLESS=1 cargo test -p view --test rules_doc): {stale:?}"
    );
    // No stray diagrams, and the page shows every one.
    let page = markdown().unwrap();
    let names: BTreeSet<String> = all.iter().map(|d| d.file.clone()).collect();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        assert!(names.contains(&name), "stray diagram {name}");
    }
    for n in &names {
        assert!(page.contains(&format!("img/rules/{n})")), "{n} not shown");
    }
}

#[test]
fn each_committed_diagram_marks_exactly_the_generator_destinations() {
    let dir = docs().join("img/rules");
    let mut checked = 0;
    for d in diagrams().unwrap() {
        let Some(h) = d.highlight else { continue };
        let text = std::fs::read_to_string(dir.join(&d.file))
            .unwrap_or_else(|e| panic!("{}: {e}", d.file));
        let doc = roxmltree::Document::parse(&text).unwrap();
        let shown: BTreeSet<String> = doc
            .descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|w| w == "dest"))
            })
            .map(|n| n.attribute("data-square").unwrap().to_string())
            .collect();
        let pos = &d.position;
        let rules = pos.rules();
        let expected: BTreeSet<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| match h {
                Highlight::Square(sq) => m.from() == sq && m.kind() != MoveKind::Drop,
                Highlight::Drops => m.kind() == MoveKind::Drop,
            })
            .map(|m| rules.square_name(m.to()))
            .collect();
        assert!(!expected.is_empty(), "{}: the piece has no move", d.file);
        assert_eq!(shown, expected, "{}", d.file);
        checked += 1;
    }
    // Every piece of the four games (12 + 12 + 8 + 10) plus the special-rule diagrams.
    assert_eq!(checked, 42 + 8);
}

/// Hand-counted destinations from RULES.md section 7 for a few diagrams, so the check above is not
/// only the generator agreeing with itself.
#[test]
fn some_diagrams_agree_with_hand_counts() {
    let by_file = |f: &str| {
        diagrams()
            .unwrap()
            .into_iter()
            .find(|d| d.file == f)
            .unwrap()
    };
    let count = |f: &str| {
        let d = by_file(f);
        let Some(Highlight::Square(sq)) = d.highlight else {
            panic!()
        };
        d.position
            .legal_moves()
            .iter()
            .filter(|m| m.from() == sq)
            .map(|m| m.to())
            .collect::<BTreeSet<_>>()
            .len()
    };
    // Octopus knight-like ferz-knight on e5 of an open board: 8 knight squares + 4 diagonal steps;
    // its black victim on f7 is one of them, its own pawn on c6 takes one away: 11.
    assert_eq!(count("octopus-ferz-knight.svg"), 11);
    // Titan promotion: the pawn on f11 reaches only f12.
    assert_eq!(count("titan-promotion.svg"), 1);
    // En passant: the black pawn on d5 steps to d4 or takes on e4.
    assert_eq!(count("titan-en-passant.svg"), 2);
}

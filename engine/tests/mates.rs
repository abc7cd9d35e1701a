//! Mate-in-1, 2 and 3 positions for each of the four games, built around their special pieces.
//! Each construction is checked with movegen (the key move is legal, has the intended shape,
//! and leaves the opponent checkmated), and the search must find the mate at a fixed depth; the
//! mate is then played out with the engine on both sides and must end in checkmate.

use engine::bench::search_fixed;
use engine::search::MATE;
use movegen::{Color, EndReason, MoveKind, Position, Variant};

/// What the key move of a mate-in-1 must look like.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// Removes two pieces in one move.
    DoubleCapture,
    /// Captures one piece that it flies over (lands elsewhere than the victim's square).
    FlyOver,
    /// Castling.
    Castle,
    /// A drop from hand.
    Drop,
    /// A quiet move.
    Quiet,
}

struct Case {
    name: &'static str,
    variant: Variant,
    fen: &'static str,
    /// Mate in this many moves.
    n: i32,
    /// For mate in 1: the constructed mating move and its shape.
    key: Option<(&'static str, Shape)>,
}

const CASES: &[Case] = &[
    // Titan.
    Case {
        name: "titan bomber double capture",
        variant: Variant::Titan,
        fen: "7Fnn1k/10pp/12/12/12/12/12/12/12/12/12/K11 w - - 0 1",
        n: 1,
        key: Some(("h12j12", Shape::DoubleCapture)),
    },
    Case {
        name: "titan quad bomber fly-over",
        variant: Variant::Titan,
        fen: "10k1/5b3ppp/3U6N1/12/12/12/12/12/12/12/12/K11 w - - 0 1",
        n: 1,
        key: Some(("d10g11", Shape::FlyOver)),
    },
    Case {
        name: "titan castling into mate",
        variant: Variant::Titan,
        fen: "7pkp2/7p1p2/12/12/12/12/12/12/12/12/12/6K3R1 w K - 0 1",
        n: 1,
        key: Some(("g1j1", Shape::Castle)),
    },
    Case {
        name: "titan bomber ladder",
        variant: Variant::Titan,
        fen: "12/5k6/1F10/F11/12/12/12/12/12/12/12/11K w - - 0 1",
        n: 2,
        key: None,
    },
    Case {
        name: "titan queen and bomber",
        variant: Variant::Titan,
        fen: "12/12/5k6/1Q10/F11/12/12/12/12/12/12/11K w - - 0 1",
        n: 3,
        key: None,
    },
    // Hadean.
    Case {
        name: "hadean warmachine over a pair",
        variant: Variant::Hadean,
        fen: "6pkp3/6ppp3/7P4/4M7/12/12/12/12/12/12/12/K11 w - - 0 1",
        n: 1,
        key: Some(("e9h9", Shape::Quiet)),
    },
    Case {
        name: "hadean wazir-sorcerer smothered mate",
        variant: Variant::Hadean,
        fen: "10pk/10pp/12/8Z3/12/12/12/12/12/12/12/K11 w - - 0 1",
        n: 1,
        key: Some(("i9j9", Shape::Quiet)),
    },
    Case {
        name: "hadean rook ladder",
        variant: Variant::Hadean,
        fen: "12/5k6/1R10/R11/12/12/12/12/12/12/12/11K w - - 0 1",
        n: 2,
        key: None,
    },
    Case {
        name: "hadean queen and rook",
        variant: Variant::Hadean,
        fen: "12/12/5k6/1Q10/R11/12/12/12/12/12/12/11K w - - 0 1",
        n: 3,
        key: None,
    },
    // Raptor.
    Case {
        name: "raptor bird double capture",
        variant: Variant::Raptor,
        fen: "****2****/5Fnn1k/8pp/10/10/10/10/10/10/10/K9/****2**** w - - 0 1",
        n: 1,
        key: Some(("f10h10", Shape::DoubleCapture)),
    },
    Case {
        name: "raptor two-square raptor check",
        variant: Variant::Raptor,
        fen: "****2****/8pk/8np/10/10/10/4A5/10/10/10/K9/****2**** w - - 0 1",
        n: 1,
        key: Some(("e5h8", Shape::Quiet)),
    },
    Case {
        name: "raptor rook ladder",
        variant: Variant::Raptor,
        fen: "****2****/10/8k1/1R8/R9/10/10/10/10/10/K9/****2**** w - - 0 1",
        n: 2,
        key: None,
    },
    Case {
        name: "raptor queen and rook",
        variant: Variant::Raptor,
        fen: "****2****/10/10/8k1/1Q8/R9/10/10/10/10/K9/****2**** w - - 0 1",
        n: 3,
        key: None,
    },
    // Octopus.
    Case {
        name: "octopus drop and push mates",
        variant: Variant::Octopus,
        fen: "10/10/10/10/pp8/k9/10/2H7/10/9K[J] w - - 0 1",
        n: 1,
        key: Some(("J@b2b4", Shape::Drop)),
    },
    Case {
        name: "octopus crooked back-rank mate",
        variant: Variant::Octopus,
        fen: "6k3/5ppp2/10/10/O9/10/10/10/10/9K[] w - - 0 1",
        n: 1,
        key: Some(("a6c9", Shape::Quiet)),
    },
    Case {
        name: "octopus queen and octopus",
        variant: Variant::Octopus,
        fen: "10/10/5k4/1Q8/O9/10/10/10/10/9K[J] w - - 0 1",
        n: 2,
        key: None,
    },
    Case {
        name: "octopus rook ladder",
        variant: Variant::Octopus,
        fen: "10/10/5k4/1R8/R9/10/10/10/10/9K[J] w - - 0 1",
        n: 3,
        key: None,
    },
];

fn is_checkmate(pos: &Position, winner: Color) -> bool {
    matches!(pos.outcome(), Some(o) if o.reason == EndReason::Checkmate && o.winner == Some(winner))
}

fn check_construction(case: &Case, pos: &Position) {
    let Some((text, shape)) = case.key else {
        return;
    };
    let m = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let victims: Vec<_> = pos.captures(m).iter().flatten().copied().collect();
    match shape {
        Shape::DoubleCapture => assert_eq!(victims.len(), 2, "{}", case.name),
        Shape::FlyOver => {
            assert_eq!(victims.len(), 1, "{}", case.name);
            assert_ne!(
                victims[0].0,
                m.to(),
                "{}: the victim is flown over",
                case.name
            );
        }
        Shape::Castle => assert_eq!(m.kind(), MoveKind::Castle, "{}", case.name),
        Shape::Drop => assert_eq!(m.kind(), MoveKind::Drop, "{}", case.name),
        Shape::Quiet => assert!(victims.is_empty(), "{}", case.name),
    }
    let mut after = pos.clone();
    after.make_move(m);
    assert!(
        is_checkmate(&after, Color::White),
        "{}: {text} must mate",
        case.name
    );
}

#[test]
fn constructed_mates_are_found() {
    for case in CASES {
        let pos = Position::from_fen(case.variant, case.fen)
            .unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert!(pos.outcome().is_none(), "{}", case.name);
        check_construction(case, &pos);
        let depth = 2 * case.n + 2;
        let (r, _) = search_fixed(&pos, depth, 1, 8);
        assert_eq!(
            r.score,
            MATE - (2 * case.n - 1),
            "{}: expected mate in {} at depth {depth}",
            case.name,
            case.n
        );
        // Play the mate out, the engine defending as well as it can.
        let mut game = pos.clone();
        for k in 0..case.n {
            let (w, _) = search_fixed(&game, depth - 2 * k, 1, 8);
            let m = w.best.unwrap_or_else(|| panic!("{}: no move", case.name));
            assert!(game.legal_moves().contains(m));
            game.make_move(m);
            if k + 1 == case.n {
                break;
            }
            assert!(game.outcome().is_none(), "{}: mate came early", case.name);
            let (b, _) = search_fixed(&game, depth - 2 * k - 1, 1, 8);
            let reply = b.best.unwrap_or_else(|| panic!("{}: no reply", case.name));
            game.make_move(reply);
        }
        assert!(
            is_checkmate(&game, Color::White),
            "{}: not mate after playing it out",
            case.name
        );
    }
}

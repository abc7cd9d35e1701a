//! How games end by repetition: a ninja pawn's sideways step resets the 100-ply clock (it is a
//! ninja-pawn move, RULES.md) but can be stepped back, so it must not end the stretch in which a
//! position can repeat. Before this was fixed, two sides shuffling ninja pawns sideways played on
//! for ever: the runner hung on such a hadean game.

use movegen::{EndReason, Position, Variant};

fn play(pos: &mut Position, moves: &[&str]) {
    for text in moves {
        let m = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play(m).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

/// White ninja pawn on a8 (its enemy half), black ninja pawn on a5 (its enemy half), kings far
/// away: both may step sideways.
const SHUFFLE: &str = "k11/12/12/12/J11/12/12/j11/12/12/12/11K w - - 0 1";

#[test]
fn sideways_ninja_steps_repeat_the_position() {
    let mut pos = Position::from_fen(Variant::Hadean, SHUFFLE).unwrap();
    let cycle = ["a8b8", "a5b5", "b8a8", "b5a5"];
    play(&mut pos, &cycle);
    assert_eq!(
        pos.halfmove_clock(),
        0,
        "a ninja-pawn move resets the 100-ply clock"
    );
    assert_eq!(pos.repetitions(), 1);
    assert_eq!(pos.outcome(), None);
    play(&mut pos, &cycle);
    assert_eq!(pos.repetitions(), 2);
    let o = pos.outcome().expect("third occurrence ends the game");
    assert_eq!((o.reason, o.winner), (EndReason::Repetition, None));
}

#[test]
fn a_forward_pawn_step_ends_the_stretch() {
    let mut pos = Position::from_fen(Variant::Hadean, SHUFFLE).unwrap();
    play(&mut pos, &["a8b8", "a5b5", "b8a8", "b5a5"]);
    assert_eq!(pos.repetitions(), 1);
    // A forward step cannot be undone: nothing before it can come back.
    play(&mut pos, &["a8a9", "a5a4"]);
    assert_eq!(pos.repetitions(), 0);
}

#[test]
fn unmaking_restores_the_stretch() {
    let mut pos = Position::from_fen(Variant::Hadean, SHUFFLE).unwrap();
    play(
        &mut pos,
        &["a8b8", "a5b5", "b8a8", "b5a5", "a8b8", "a5b5", "b8a8"],
    );
    let m = pos.parse_move("b5a5").unwrap();
    pos.make_move(m);
    assert_eq!(pos.repetitions(), 2);
    pos.unmake_move();
    assert_eq!(pos.repetitions(), 1);
}

//! Self-play through the UCI handler: 100 games per variant at a small fixed node limit. Every
//! move must be legal; every game must end with the result movegen gives (checkmate, stalemate,
//! repetition, 100-ply rule, bare kings), or is adjudicated a draw at the length cap. The first
//! two plies are chosen at random (seeded per game) so the games differ.

mod common;

use common::Driver;
use movegen::{EndReason, Position, Variant};
use std::time::Duration;

const GAMES: usize = 100;
const NODES: u64 = 150;
const MAX_PLIES: usize = 120;

/// How the games of one variant ended.
struct Tally {
    decisive: usize,
    drawn: usize,
    capped: usize,
    /// Games whose move sequences differ from every other game's.
    distinct: usize,
}

fn play(variant: Variant) -> Tally {
    let mut d = Driver::new();
    d.send(&format!(
        "setoption name UCI_Variant value {}",
        variant.name()
    ));
    d.send("setoption name Hash value 1");
    let (mut decisive, mut drawn, mut capped) = (0, 0, 0);
    let mut games = std::collections::HashSet::new();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d ^ variant.index() as u64;
    for game in 0..GAMES {
        d.send("ucinewgame");
        let mut pos = Position::startpos(variant);
        let mut moves: Vec<String> = Vec::new();
        let result = loop {
            if let Some(o) = pos.outcome() {
                break Some(o);
            }
            if moves.len() >= MAX_PLIES {
                break None;
            }
            let text = if moves.len() < 2 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let legal = pos.legal_moves();
                pos.move_to_uci(legal[(seed % legal.len() as u64) as usize])
            } else {
                d.send(&format!("position startpos moves {}", moves.join(" ")));
                let (mv, _) = d.bestmove(&format!("go nodes {NODES}"), Duration::from_secs(60));
                mv
            };
            let m = pos.parse_move(&text).unwrap_or_else(|e| {
                panic!(
                    "{variant} game {game}: illegal move {text} ({e}) after {}",
                    moves.join(" ")
                )
            });
            pos.make_move(m);
            moves.push(text);
        };
        match result {
            Some(o) => {
                let none_legal = pos.legal_moves().is_empty();
                match o.reason {
                    EndReason::Checkmate => {
                        assert!(none_legal && pos.in_check());
                        assert_eq!(o.winner, Some(pos.side_to_move().opposite()));
                        decisive += 1;
                    }
                    EndReason::Stalemate => {
                        assert!(none_legal && !pos.in_check() && o.winner.is_none());
                        drawn += 1;
                    }
                    EndReason::Repetition => {
                        assert!(pos.repetitions() >= 2 && o.winner.is_none());
                        drawn += 1;
                    }
                    EndReason::FiftyMoves => {
                        assert!(pos.halfmove_clock() >= 100 && o.winner.is_none());
                        drawn += 1;
                    }
                    EndReason::BareKings => {
                        assert!(pos.is_bare_kings() && o.winner.is_none());
                        drawn += 1;
                    }
                }
                if none_legal {
                    // The engine agrees that there is nothing to play.
                    d.send(&format!("position startpos moves {}", moves.join(" ")));
                    let (mv, _) = d.bestmove("go depth 2", Duration::from_secs(60));
                    assert_eq!(mv, "(none)", "{variant} game {game}");
                }
            }
            None => capped += 1,
        }
        games.insert(moves);
    }
    Tally {
        decisive,
        drawn,
        capped,
        distinct: games.len(),
    }
}

fn run(variant: Variant) {
    let t = play(variant);
    println!(
        "{variant}: {} decisive, {} drawn, {} adjudicated at {MAX_PLIES} plies, {} distinct games",
        t.decisive, t.drawn, t.capped, t.distinct
    );
    // The random first plies make the games differ (a game repeated whole tests nothing new).
    assert!(
        t.distinct >= GAMES * 9 / 10,
        "{variant}: {} distinct",
        t.distinct
    );
    // Some games end by the rules before the length cap, so the end-of-game checks above ran.
    assert!(
        t.decisive + t.drawn > 0,
        "{variant}: all {} games capped",
        t.capped
    );
}

#[test]
fn selfplay_titan() {
    run(Variant::Titan);
}

#[test]
fn selfplay_hadean() {
    run(Variant::Hadean);
}

#[test]
fn selfplay_raptor() {
    run(Variant::Raptor);
}

#[test]
fn selfplay_octopus() {
    run(Variant::Octopus);
}

//! The check and pin state of the side to move, recorded in [`Position`] whenever the position
//! changes (set-up, move, null move), and the mask rules legal generation draws from it.
//!
//! # Plain and odd attackers
//!
//! An enemy piece is **plain** when its attack on a square depends on the occupancy of the board
//! only as a chess slider's does, or not at all: rook, bishop and queen (lines up to the first
//! piece); king, knight, the sorcerers and the ferz/wazir-knights (leapers); the ninja warrior and
//! guard (their step and two-square leap attack whatever stands between); pawns and ninja pawns.
//! Every other piece is **odd**: the bomber and raptor (fly-over, two-square jump, "the square
//! behind the victim is not the flyer's own"), the quad bomber and quad raptor (crooked fly-over),
//! the warmachine and elephant (the pair rule, where *filling* a square can create an attack), the
//! snake (paths) and the octopus (crooked lines).
//!
//! For plain attackers the chess reasoning is exact: arriving on a square never creates a plain
//! attack, capturing on the destination leaves its occupancy unchanged, and emptying a square
//! exposes the king to a plain attacker only when that square holds the one piece between the
//! king and an enemy slider of the line's kind (a **pin**, [`Position::pinned`]).
//!
//! # The fallback boundary
//!
//! [`crate::movegen`]'s legal filter decides a pseudo-legal move without making it, by masks,
//! only when all of the following hold; otherwise it makes the full reverse-attack test
//! ([`Position::is_legal_pseudo`]):
//! - the move is not a king move and not castling;
//! - it removes nothing besides the piece on its destination (no warrior/guard/flyer jump victim,
//!   no en-passant victim), or out of check the second victim lies outside the king's zone
//!   (its lines up to the first piece plus the variant's extra zone);
//! - the checkers ([`Position::checkers`]) are none, or exactly one plain piece; in that case the
//!   destination must be the checker's square or, for a slider, a square between it and the
//!   king, or the move is illegal;
//! - a pinned piece stays on the ray from its king through it, or the move is illegal;
//! - the square it empties (its origin) lies outside the **odd zone** of the king, and the
//!   square it fills or captures on (its destination) outside the zone's **fill** part. The odd
//!   zone is the squares whose occupancy can decide an attack on the king by an odd piece the
//!   enemy has, where it stands. A bomber (raptor) on one of the king's rank or file (diagonal)
//!   rays adds that ray up to the first piece and the fly-over landing square behind the king;
//!   a quad bomber or quad raptor within one line of the king's lines adds those lines; an
//!   octopus with a route to the king adds the squares of that route; a warmachine (elephant)
//!   three away on a line adds the two squares between; a snake that can reach the king adds
//!   the squares its paths pass through. The fill part is the flyers', warmachine's and
//!   elephant's squares, where filling a square (or capturing on it, which changes its owner)
//!   can create an attack; the quad pieces, the octopus and the snake need their squares
//!   empty, so filling one of theirs can only block. With none of these squares changed in
//!   these ways, no odd piece's attack on the king appears, since the enemy's pieces do not
//!   move during our move (and none attacks now: that is a check by an odd piece).
//!
//! A move that touches the odd zone only at its origin, out of check, is decided by testing once
//! per origin whether emptying it exposes the king (filling a square outside the fill part only
//! blocks). Everything else falls back to the full test: double check, a check by an odd
//! piece, king moves, castling, and moves touching the odd zone. The cross-check tests
//! (`tests/crosscheck.rs`, `tests/check_state.rs`) compare the result with the reference
//! generator's make-and-test in every variant.

use crate::attacks::is_attacked_after;
use crate::family::slider::{check_line, pinned};
use crate::family::{destinations, jump_victim, Family, Target};
use crate::{Bitboard, Board, Color, Rules, Square};

/// Check and pin state of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct CheckState {
    /// Enemy pieces attacking the king.
    pub checkers: Bitboard,
    /// The side to move's pieces pinned to their king by an enemy rook, bishop or queen.
    pub pinned: Bitboard,
}

impl CheckState {
    /// The state of side `us` on `b`, its king on `king`.
    pub(crate) fn compute(rules: &Rules, b: &Board, king: Square, us: Color) -> CheckState {
        let them = us.opposite();
        let occ = b.occupied();
        let mut checkers = Bitboard::EMPTY;
        if is_attacked_after(rules, b, king, them, occ, Bitboard::EMPTY) {
            // Rare: name the attackers. The plain ones directly; the odd ones from their forward
            // moves, when the test with the plain checkers removed (which can only over-report)
            // still finds an attack.
            let plain = plain_attackers(rules, b, king, them, occ);
            checkers = plain;
            let odd = odd_pieces(rules, b, them);
            if odd.any()
                && (plain.is_empty() || is_attacked_after(rules, b, king, them, occ, plain))
            {
                checkers |= odd_attackers(rules, b, king, them, odd);
            }
        }
        CheckState {
            checkers,
            pinned: pinned(&rules.tables, b, king, us),
        }
    }
}

/// The enemy's odd pieces on the board.
#[inline]
pub(crate) fn odd_pieces(rules: &Rules, b: &Board, them: Color) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for f in rules.plan.odd_families() {
        for &role in f.roles() {
            out |= b.role(role);
        }
    }
    out & b.color(them)
}

/// Plain pieces of side `by` attacking `v` (module documentation), with occupancy `occ`.
fn plain_attackers(rules: &Rules, b: &Board, v: Square, by: Color, occ: Bitboard) -> Bitboard {
    let q = Target::new(rules, b, v, by, occ, Bitboard::EMPTY);
    rules
        .plan
        .families()
        .iter()
        .filter(|f| !f.is_odd())
        .fold(Bitboard::EMPTY, |acc, &f| acc | q.family_attackers(f))
}

/// Those of the odd pieces `odd` (of side `by`) that attack `v`, found from their forward moves:
/// a move landing on `v`, or jumping or flying over it.
fn odd_attackers(rules: &Rules, b: &Board, v: Square, by: Color, odd: Bitboard) -> Bitboard {
    let t = &rules.tables;
    let occ = b.occupied();
    let own = b.color(by);
    let mut out = Bitboard::EMPTY;
    for s in odd {
        let Some(role) = b.piece_at(s).map(|p| p.role) else {
            continue;
        };
        let hits = destinations(t, role, s, occ, own)
            .iter()
            .any(|to| to == v || jump_victim(role, s, to) == Some(v));
        if hits {
            out = out.with(s);
        }
    }
    out
}

/// The squares a non-king move may land on to answer a check by the single plain piece on
/// `checker`: its square, and for a rook, bishop or queen the squares between it and the king.
pub(crate) fn evasion_targets(rules: &Rules, b: &Board, king: Square, checker: Square) -> Bitboard {
    let slider = b
        .piece_at(checker)
        .is_some_and(|p| Family::of(p.role) == Family::Slider);
    if slider {
        check_line(&rules.tables, king, checker)
    } else {
        Bitboard::from_square(checker)
    }
}

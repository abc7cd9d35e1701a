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

use crate::attackers::step_and_leap_attackers;
use crate::attacks::is_attacked_after;
use crate::pieces::{destinations, jump_victim, octopus_path, opposite};
use crate::tables::{dir_index, Leaper, DIAGONAL, ORTHOGONAL};
use crate::{Bitboard, Board, Color, Role, Rules, Square};

/// The odd roles (see the module documentation).
const ODD_ROLES: [Role; 8] = [
    Role::Bomber,
    Role::Raptor,
    Role::QuadBomber,
    Role::QuadRaptor,
    Role::Warmachine,
    Role::Elephant,
    Role::Snake,
    Role::Octopus,
];

/// Is `role` odd (its attacks depend on occupancy in ways a pin does not describe)?
#[inline]
pub(crate) const fn is_odd(role: Role) -> bool {
    matches!(
        role,
        Role::Bomber
            | Role::Raptor
            | Role::QuadBomber
            | Role::QuadRaptor
            | Role::Warmachine
            | Role::Elephant
            | Role::Snake
            | Role::Octopus
    )
}

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
            pinned: pinned(rules, b, king, us),
        }
    }
}

/// The enemy's odd pieces on the board.
#[inline]
pub(crate) fn odd_pieces(rules: &Rules, b: &Board, them: Color) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for role in ODD_ROLES {
        if rules.role_allowed[role.index()] {
            out |= b.role(role);
        }
    }
    out & b.color(them)
}

/// Plain pieces of side `by` attacking `v` (module documentation), with occupancy `occ`.
fn plain_attackers(rules: &Rules, b: &Board, v: Square, by: Color, occ: Bitboard) -> Bitboard {
    let t = &rules.tables;
    let p = |r: Role| b.pieces(by, r);
    let mut out = step_and_leap_attackers(rules, v, by, p);
    out |= t.rook(v, occ) & (p(Role::Rook) | p(Role::Queen));
    out |= t.bishop(v, occ) & (p(Role::Bishop) | p(Role::Queen));
    out
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

/// Pieces of `us` pinned to their king on `king` by an enemy rook, bishop or queen.
fn pinned(rules: &Rules, b: &Board, king: Square, us: Color) -> Bitboard {
    let t = &rules.tables;
    let them = us.opposite();
    let occ = b.occupied();
    let own = b.color(us);
    let queens = b.pieces(them, Role::Queen);
    let lines = [
        (ORTHOGONAL, b.pieces(them, Role::Rook) | queens),
        (DIAGONAL, b.pieces(them, Role::Bishop) | queens),
    ];
    let mut out = Bitboard::EMPTY;
    for (dirs, snipers) in lines {
        if snipers.is_empty() {
            continue;
        }
        for d in dirs {
            if (t.ray[d][king.index()] & snipers).is_empty() {
                continue;
            }
            let Some(first) = t.first_blocker(d, king, occ).filter(|s| own.has(*s)) else {
                continue;
            };
            if t.first_blocker(d, first, occ)
                .is_some_and(|s| snipers.has(s))
            {
                out = out.with(first);
            }
        }
    }
    out
}

/// The direction index from `a` toward `b` when they share a line (rank, file or diagonal).
#[inline]
fn line_dir(a: Square, b: Square) -> Option<usize> {
    let dx = b.file() - a.file();
    let dy = b.row() - a.row();
    if (dx == 0 && dy == 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
        return None;
    }
    dir_index(dx.signum(), dy.signum())
}

/// For a piece of the side to move pinned on `pinned` (occupancy `occ`), the squares it may
/// move to and stay between its king and the pinner: from the king (excluded) up to the pinner
/// (included). Empty when the two squares share no line.
#[inline]
pub(crate) fn pin_segment(rules: &Rules, occ: Bitboard, king: Square, pinned: Square) -> Bitboard {
    line_dir(king, pinned).map_or(Bitboard::EMPTY, |d| {
        rules
            .tables
            .slide(d, king, occ & !Bitboard::from_square(pinned))
    })
}

/// The squares a non-king move may land on to answer a check by the single plain piece on
/// `checker`: its square, and for a rook, bishop or queen the squares between it and the king.
pub(crate) fn evasion_targets(rules: &Rules, b: &Board, king: Square, checker: Square) -> Bitboard {
    let slider = b
        .piece_at(checker)
        .is_some_and(|p| matches!(p.role, Role::Rook | Role::Bishop | Role::Queen));
    match line_dir(king, checker) {
        Some(d) if slider => {
            let t = &rules.tables;
            t.ray[d][king.index()] & !t.ray[d][checker.index()]
        }
        _ => Bitboard::from_square(checker),
    }
}

/// The odd zone of a king on `king` (module documentation) against the odd pieces `odd`. Each family adds squares only
/// when one of its pieces stands where it could attack the king under some occupancy:
/// - a bomber (raptor) on one of the king's orthogonal (diagonal) rays: that ray up to the first
///   piece and the square adjacent to the king on the other side (the fly-over landing square);
/// - a quad bomber or quad raptor within one file or rank (one diagonal) of the king's lines
///   (the tables' candidate zones): all the king's lines of the kind its legs use;
/// - an octopus with a route to the king: the squares of that route (its first step and its
///   leg up to the king), whatever stands on them;
/// - a warmachine (elephant) three squares away on a rank or file (diagonal): the two squares
///   between it and the king;
/// - a snake on a square from which it reaches the king: the squares around the king that
///   its paths pass through (adjacent, knight and two-away diagonal squares).
///
/// The zone comes in two parts: `fill` holds the squares where *filling* a square (or capturing
/// on it, which changes its owner) can create an attack, the flyers' and the warmachine's and
/// elephant's squares; on the others (quad pieces, octopus, snake) an attack needs the squares
/// empty, so filling one can only block, and only emptying one can expose the king.
pub(crate) fn odd_zone(rules: &Rules, b: &Board, king: Square, odd: Bitboard) -> OddZone {
    if odd.is_empty() {
        return OddZone::default();
    }
    let t = &rules.tables;
    let i = king.index();
    let occ = b.occupied();
    let of = |role: Role| b.role(role) & odd;
    let mut zone = Bitboard::EMPTY;
    for (dirs, flyers) in [(ORTHOGONAL, of(Role::Bomber)), (DIAGONAL, of(Role::Raptor))] {
        if flyers.is_empty() {
            continue;
        }
        for d in dirs {
            if (t.ray[d][i] & flyers).any() {
                zone |= t.slide(d, king, occ);
                if let Some(behind) = t.step(opposite(d), king) {
                    zone = zone.with(behind);
                }
            }
        }
    }
    let mut block_only = Bitboard::EMPTY;
    if (of(Role::QuadBomber) & t.quad_bomber_zone[i]).any() {
        block_only |= t.rook(king, occ);
    }
    if (of(Role::QuadRaptor) & t.quad_raptor_zone[i]).any() {
        block_only |= t.bishop(king, occ);
    }
    for o in of(Role::Octopus) & (t.quad_bomber_zone[i] | t.quad_raptor_zone[i]) {
        if let Some(path) = octopus_path(t, o, king) {
            block_only |= path;
        }
    }
    for (dirs, pieces) in [
        (ORTHOGONAL, of(Role::Warmachine)),
        (DIAGONAL, of(Role::Elephant)),
    ] {
        if pieces.is_empty() {
            continue;
        }
        for d in dirs {
            if let Some((pair, s3)) = t.third[d][i] {
                if pieces.has(s3) {
                    zone |= pair;
                }
            }
        }
    }
    if (of(Role::Snake) & t.snake_targets[i]).any() {
        block_only |= t.leap(Leaper::King, king) | t.leap(Leaper::Knight, king) | t.alfil[i];
    }
    OddZone {
        all: zone | block_only,
        fill: zone,
    }
}

/// The odd zone of a king ([`odd_zone`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct OddZone {
    /// Every square whose occupancy can decide an attack on the king by an odd piece.
    pub all: Bitboard,
    /// Those of them where filling a square or capturing on it can create such an attack.
    pub fill: Bitboard,
}

//! Flyers: the flying bomber (ranks and files) and flying raptor (diagonals), and the quad
//! bomber (a diagonal step, then along a rank or file) and quad raptor (an orthogonal step,
//! then along a diagonal).
//!
//! A bomber or raptor slides over empty squares, captures the first piece on a line by flying
//! over it onto the empty square behind it, and jumps two squares: onto an empty or enemy
//! square over any piece, capturing an enemy piece jumped over as well. A quad piece first
//! steps onto an empty square, then flies along one of its two outward legs the same way, but
//! without the two-square jump. A move of this family can remove a piece it does not land on.
//!
//! Whether a flyer attacks a king depends on the squares between them and on the square
//! behind the king (empty, or the king's side's, for the landing or the double jump), so
//! filling or capturing on those squares can create an attack; a quad piece needs its squares
//! empty, so only emptying one can.

use super::Target;
use crate::tables::{opposite, LineKind, Tables, LEGS};
use crate::{Bitboard, Role, Square};

/// The roles of this family.
pub(crate) const ROLES: [Role; 4] = [
    Role::Bomber,
    Role::Raptor,
    Role::QuadBomber,
    Role::QuadRaptor,
];

/// Every destination of a flyer of `role` on `sq` (captures included, own pieces not yet
/// removed; empty for roles of other families). `enemy` is the mover's enemies.
#[inline]
pub(crate) fn reach(
    t: &Tables,
    role: Role,
    sq: Square,
    occ: Bitboard,
    enemy: Bitboard,
) -> Bitboard {
    match role {
        Role::Bomber => fly(t, LineKind::Orthogonal, sq, occ, enemy),
        Role::Raptor => fly(t, LineKind::Diagonal, sq, occ, enemy),
        Role::QuadBomber => quad(t, LineKind::Diagonal, sq, occ, enemy),
        Role::QuadRaptor => quad(t, LineKind::Orthogonal, sq, occ, enemy),
        _ => Bitboard::EMPTY,
    }
}

/// Bomber (orthogonal) / raptor (diagonal): slide, fly-over capture, two-square jump.
#[inline]
fn fly(t: &Tables, kind: LineKind, sq: Square, occ: Bitboard, enemy: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &d in kind.dirs() {
        // 1. Slide over empty squares.
        out |= t.slide(d, sq, occ) & !occ;
        // 2. Fly-over capture of the first piece on the ray.
        if let Some(b) = t.first_blocker(d, sq, occ) {
            if enemy.has(b) {
                if let Some(land) = t.step(d, b).filter(|l| !occ.has(*l)) {
                    out = out.with(land);
                }
            }
        }
        // 3./4. Two-square jump or landing capture.
        if let Some(s1) = t.step(d, sq) {
            if let Some(s2) = t.step(d, s1) {
                let lands = if occ.has(s1) {
                    !occ.has(s2) || enemy.has(s2)
                } else {
                    enemy.has(s2)
                };
                if lands {
                    out = out.with(s2);
                }
            }
        }
    }
    out
}

/// Quad bomber (first step diagonal) / quad raptor (first step orthogonal).
#[inline]
fn quad(t: &Tables, first: LineKind, sq: Square, occ: Bitboard, enemy: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &d in first.dirs() {
        let Some(f) = t.step(d, sq).filter(|f| !occ.has(*f)) else {
            continue;
        };
        for &leg in &LEGS[d] {
            out |= t.slide(leg, f, occ) & !occ;
            if let Some(b) = t.first_blocker(leg, f, occ) {
                if enemy.has(b) {
                    if let Some(land) = t.step(leg, b).filter(|l| !occ.has(*l)) {
                        out = out.with(land);
                    }
                }
            }
        }
    }
    out
}

/// The square a flyer's move of `role` from `from` to `to` passes over last (just before `to`
/// on its last straight leg), where it captures an enemy piece: a two-square jump or a
/// fly-over. `None` when the move cannot pass over anything.
#[inline]
pub(crate) fn jump_victim(role: Role, from: Square, to: Square) -> Option<Square> {
    let dx = to.file() - from.file();
    let dy = to.row() - from.row();
    let (ax, ay) = (dx.abs(), dy.abs());
    let last = match role {
        Role::Bomber | Role::Raptor => {
            let straight = dx == 0 || dy == 0 || ax == ay;
            if !straight || ax.max(ay) < 2 {
                return None;
            }
            (dx.signum(), dy.signum())
        }
        Role::QuadBomber => {
            if ax >= 2 && ay == 1 {
                (dx.signum(), 0)
            } else if ay >= 2 && ax == 1 {
                (0, dy.signum())
            } else {
                return None;
            }
        }
        Role::QuadRaptor => {
            if (ax - ay).abs() != 1 || ax == 0 || ay == 0 {
                return None;
            }
            (dx.signum(), dy.signum())
        }
        _ => return None,
    };
    let v = to.offset(-last.0, -last.1)?;
    (v != from).then_some(v)
}

/// The flyers among the pieces `p` gives per role (of the target's attacking side) that remove
/// the piece on the target square.
#[inline]
pub(crate) fn attackers(q: &Target<'_>, p: impl Fn(Role) -> Bitboard) -> Bitboard {
    let t = q.t;
    let i = q.v.index();
    let mut out = Bitboard::EMPTY;
    let bombers = p(Role::Bomber);
    if bombers.any() && ((q.rook_reach() | t.two[LineKind::Orthogonal as usize][i]) & bombers).any()
    {
        out |= fly_attackers(t, LineKind::Orthogonal, q.v, q.occ, q.them, bombers);
    }
    let raptors = p(Role::Raptor);
    if raptors.any() && ((q.bishop_reach() | t.two[LineKind::Diagonal as usize][i]) & raptors).any()
    {
        out |= fly_attackers(t, LineKind::Diagonal, q.v, q.occ, q.them, raptors);
    }
    out | quad_attackers(q, Role::QuadBomber, p(Role::QuadBomber))
        | quad_attackers(q, Role::QuadRaptor, p(Role::QuadRaptor))
}

/// Bomber / raptor reverse rule: a flyer removes the piece on `v` when it stands
/// - two squares away on a line with an existing middle square (jump or landing capture);
/// - next to `v`, with the square behind `v` existing and not its own (fly-over onto an empty
///   square, or a jump that captures both);
/// - first along a line from `v`, with the square behind `v` empty (fly-over capture).
fn fly_attackers(
    t: &Tables,
    kind: LineKind,
    v: Square,
    occ: Bitboard,
    them: Bitboard,
    flyers: Bitboard,
) -> Bitboard {
    let mut out = t.two[kind as usize][v.index()] & flyers;
    for &e in kind.dirs() {
        let Some(behind) = t.step(opposite(e), v) else {
            continue;
        };
        if let Some(s1) = t.step(e, v).filter(|s| flyers.has(*s)) {
            if !them.has(behind) {
                out = out.with(s1);
            }
        }
        if !occ.has(behind) {
            if let Some(f) = t.first_blocker(e, v, occ).filter(|s| flyers.has(*s)) {
                out = out.with(f);
            }
        }
    }
    out
}

/// Quad bomber / quad raptor reverse rule: the piece steps onto an empty square `f`, then
/// flies along a leg of [`LEGS`] over empty squares; `v` is the first piece on that leg and the
/// square after it is empty. `quads` are pieces of `role`.
fn quad_attackers(q: &Target<'_>, role: Role, quads: Bitboard) -> Bitboard {
    let t = q.t;
    let (first, beside) = match role {
        Role::QuadBomber => (LineKind::Diagonal, LineKind::Orthogonal),
        _ => (LineKind::Orthogonal, LineKind::Diagonal),
    };
    let quads = quads & t.beside[beside as usize][q.v.index()];
    let mut out = Bitboard::EMPTY;
    if quads.is_empty() {
        return out;
    }
    let occ = q.occ;
    for &d in first.dirs() {
        for &leg in &LEGS[d] {
            match t.step(leg, q.v) {
                Some(land) if !occ.has(land) => {}
                _ => continue,
            }
            let back = opposite(leg);
            let mut cur = q.v;
            while let Some(f) = t.step(back, cur).filter(|f| !occ.has(*f)) {
                if let Some(s) = t.step(opposite(d), f).filter(|s| quads.has(*s)) {
                    out = out.with(s);
                }
                cur = f;
            }
        }
    }
    out
}

/// This family's part of the odd zone of a king on `king` ([`super::OddZone`]), against the
/// pieces `of` gives per role: a bomber (raptor) on one of the king's orthogonal (diagonal)
/// rays adds that ray up to the first piece and the landing square behind the king (fill
/// part); a quad bomber or quad raptor within one line of the king's lines adds all the king's
/// lines of the kind its legs use (block-only part).
pub(crate) fn odd_zone(
    t: &Tables,
    king: Square,
    occ: Bitboard,
    of: impl Fn(Role) -> Bitboard,
) -> super::OddZone {
    let i = king.index();
    let mut fill = Bitboard::EMPTY;
    for (kind, flyers) in [
        (LineKind::Orthogonal, of(Role::Bomber)),
        (LineKind::Diagonal, of(Role::Raptor)),
    ] {
        if flyers.is_empty() {
            continue;
        }
        for &d in kind.dirs() {
            if (t.ray[d][i] & flyers).any() {
                fill |= t.slide(d, king, occ);
                if let Some(behind) = t.step(opposite(d), king) {
                    fill = fill.with(behind);
                }
            }
        }
    }
    let mut block = Bitboard::EMPTY;
    if (of(Role::QuadBomber) & t.beside[LineKind::Orthogonal as usize][i]).any() {
        block |= t.rook(king, occ);
    }
    if (of(Role::QuadRaptor) & t.beside[LineKind::Diagonal as usize][i]).any() {
        block |= t.bishop(king, occ);
    }
    super::OddZone {
        all: fill | block,
        fill,
    }
}

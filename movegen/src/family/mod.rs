//! The piece families. Each module owns everything about its pieces: their forward moves,
//! their reverse attack ("does a piece of this family attack square `v`?"), the victims of their
//! jumps and fly-overs, their tables, and the squares that can decide whether they attack a
//! king. Everything else reads the pieces through this module:
//! - [`leaper`]: king, knight, ferz/wazir knights and sorcerers;
//! - [`slider`]: bishop, rook, queen (and the pins they make);
//! - [`ninja`]: ninja warrior and guard (step or two-square leap, double capture);
//! - [`flyer`]: bomber, raptor, quad bomber, quad raptor (fly-over captures);
//! - [`hopper`]: warmachine and elephant (the pair rule);
//! - [`snake`]: sorcerer snake (crooked paths);
//! - [`octopus`]: octopus (one step, then outward along the other kind of line);
//! - [`pawn`]: pawns and ninja pawns (set-wise moves, promotions, en passant, captures);
//! - [`drop`]: ninja-pawn drops from hand (octopus).
//!
//! A piece's identity (name, letter, games) lives in the catalogue ([`crate::catalogue`]);
//! [`Family::of`] names its family. A variant's [`AttackPlan`], built once from its spec, lists
//! only the families it has, so the attack test never looks for a piece the variant lacks.
//! Adding a piece means: its `Role` (name, letter), its rule in its family's module (or a new
//! module here for a new shape), its line in [`Family::of`], and its name in the role list of
//! each game that uses it (`specialise.rs`).

pub(crate) mod drop;
pub(crate) mod flyer;
pub(crate) mod hopper;
pub(crate) mod leaper;
pub(crate) mod ninja;
pub(crate) mod octopus;
pub(crate) mod pawn;
pub(crate) mod slider;
pub(crate) mod snake;

use crate::tables::Tables;
use crate::{Bitboard, Board, Color, Role, Rules, Square};
use core::cell::Cell;

/// A family of pieces that share their movement rule's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// King, knight, ferz/wazir knights and sorcerers.
    Leaper,
    /// Pawns and ninja pawns.
    Pawn,
    /// Ninja warrior and guard.
    Ninja,
    /// Bishop, rook, queen.
    Slider,
    /// Bomber, raptor, quad bomber, quad raptor.
    Flyer,
    /// Warmachine and elephant.
    Hopper,
    /// Sorcerer snake.
    Snake,
    /// Octopus.
    Octopus,
}

impl Family {
    /// Every family, in the order the attack test tries them (cheapest first).
    pub(crate) const ALL: [Family; 8] = [
        Family::Leaper,
        Family::Pawn,
        Family::Ninja,
        Family::Slider,
        Family::Flyer,
        Family::Hopper,
        Family::Snake,
        Family::Octopus,
    ];

    /// The family of `role`.
    pub(crate) const fn of(role: Role) -> Family {
        match role {
            Role::King
            | Role::Knight
            | Role::FerzKnight
            | Role::WazirKnight
            | Role::FerzSorcerer
            | Role::WazirSorcerer => Family::Leaper,
            Role::Pawn | Role::Ninja => Family::Pawn,
            Role::Warrior | Role::Guard => Family::Ninja,
            Role::Bishop | Role::Rook | Role::Queen => Family::Slider,
            Role::Bomber | Role::Raptor | Role::QuadBomber | Role::QuadRaptor => Family::Flyer,
            Role::Warmachine | Role::Elephant => Family::Hopper,
            Role::Snake => Family::Snake,
            Role::Octopus => Family::Octopus,
        }
    }

    /// The roles of this family.
    pub(crate) const fn roles(self) -> &'static [Role] {
        match self {
            Family::Leaper => &leaper::ROLES,
            Family::Pawn => &pawn::ROLES,
            Family::Ninja => &ninja::ROLES,
            Family::Slider => &slider::ROLES,
            Family::Flyer => &flyer::ROLES,
            Family::Hopper => &hopper::ROLES,
            Family::Snake => &[Role::Snake],
            Family::Octopus => &[Role::Octopus],
        }
    }

    /// Is this family's attack on a square decided by occupancy in a way a pin does not
    /// describe ([`crate::check_state`]: an **odd** family)?
    pub(crate) const fn is_odd(self) -> bool {
        matches!(
            self,
            Family::Flyer | Family::Hopper | Family::Snake | Family::Octopus
        )
    }
}

/// Is `role` odd ([`Family::is_odd`])?
#[inline]
pub(crate) const fn is_odd(role: Role) -> bool {
    Family::of(role).is_odd()
}

/// All destinations of a non-pawn piece of `role` standing on `sq`, captures included, squares
/// holding the mover's own pieces excluded. `occ` is every piece on the board, `own` the
/// mover's. Pawns and ninja pawns yield the empty set.
#[inline]
pub(crate) fn destinations(
    t: &Tables,
    role: Role,
    sq: Square,
    occ: Bitboard,
    own: Bitboard,
) -> Bitboard {
    let reach = match Family::of(role) {
        Family::Leaper => t.leapers.reach(role, sq),
        Family::Pawn => Bitboard::EMPTY,
        Family::Ninja => ninja::reach(t, role, sq),
        Family::Slider => slider::reach(t, role, sq, occ),
        Family::Flyer => flyer::reach(t, role, sq, occ, occ & !own),
        Family::Hopper => {
            hopper::kind(role).map_or(Bitboard::EMPTY, |k| hopper::reach(t, k, sq, occ))
        }
        Family::Snake => t.snake.reach(sq, occ),
        Family::Octopus => octopus::reach(t, sq, occ),
    };
    reach & !own
}

/// Can a move of `role` capture a piece it jumps or flies over (besides one on its destination)?
#[inline]
pub(crate) const fn captures_by_jumping(role: Role) -> bool {
    matches!(Family::of(role), Family::Ninja | Family::Flyer)
}

/// The second square a move of `role` from `from` to `to` clears when it holds an enemy piece:
/// the square just before `to` on the move's last straight leg, for the pieces that capture by
/// jumping or flying over (warrior, guard, the flyers). `None` when the move cannot jump
/// anything.
#[inline]
pub(crate) fn jump_victim(role: Role, from: Square, to: Square) -> Option<Square> {
    match Family::of(role) {
        Family::Ninja => ninja::jump_victim(from, to),
        Family::Flyer => flyer::jump_victim(role, from, to),
        _ => None,
    }
}

/// The families a variant has, in the order the attack test tries them: built once from its
/// spec, so the test never looks for a piece the variant lacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AttackPlan {
    families: [Family; Family::ALL.len()],
    len: usize,
}

impl AttackPlan {
    /// The plan for a variant whose pieces (start position and promotions) are `roles`.
    pub(crate) const fn new(roles: &[Role]) -> AttackPlan {
        let mut families = [Family::Leaper; Family::ALL.len()];
        let mut len = 0;
        let mut i = 0;
        while i < Family::ALL.len() {
            let f = Family::ALL[i];
            let mut j = 0;
            while j < roles.len() {
                if Family::of(roles[j]) as u8 == f as u8 {
                    families[len] = f;
                    len += 1;
                    break;
                }
                j += 1;
            }
            i += 1;
        }
        AttackPlan { families, len }
    }

    /// Does the plan hold family `f`?
    #[inline(always)]
    pub(crate) const fn has(&self, f: Family) -> bool {
        let mut i = 0;
        while i < self.len {
            if self.families[i] as u8 == f as u8 {
                return true;
            }
            i += 1;
        }
        false
    }

    /// The families, in attack-test order.
    #[inline]
    pub(crate) fn families(&self) -> &[Family] {
        &self.families[..self.len]
    }

    /// The odd families among them.
    #[inline]
    pub(crate) fn odd_families(&self) -> impl Iterator<Item = Family> + '_ {
        self.families().iter().copied().filter(|f| f.is_odd())
    }
}

/// One reverse-attack question: which pieces of side `by` remove the piece on `v` (or a piece of
/// the other side that would stand there), on a board that may differ from `b` by moves not yet
/// made: `occ` is the occupancy now and `them` the pieces of `by` still on the board (with the
/// roles `b` gives them). Rook and bishop reach from `v` are computed at most once and shared
/// between the families that read them.
pub(crate) struct Target<'a> {
    /// The variant's rules.
    pub rules: &'a Rules,
    /// Its tables.
    pub t: &'a Tables,
    /// The board whose roles the pieces have.
    pub b: &'a Board,
    /// The target square.
    pub v: Square,
    /// The attacking side.
    pub by: Color,
    /// Occupancy.
    pub occ: Bitboard,
    /// The attacking side's pieces still on the board.
    pub them: Bitboard,
    rook: Cell<Option<Bitboard>>,
    bishop: Cell<Option<Bitboard>>,
}

impl<'a> Target<'a> {
    /// The question for square `v`, attackers of side `by`, occupancy `occ`, the pieces on
    /// `removed` gone.
    #[inline]
    pub(crate) fn new(
        rules: &'a Rules,
        b: &'a Board,
        v: Square,
        by: Color,
        occ: Bitboard,
        removed: Bitboard,
    ) -> Target<'a> {
        Target {
            rules,
            t: &rules.tables,
            b,
            v,
            by,
            occ,
            them: b.color(by) & !removed,
            rook: Cell::new(None),
            bishop: Cell::new(None),
        }
    }

    /// The attacking side's pieces of `role`.
    #[inline]
    pub(crate) fn pieces(&self, role: Role) -> Bitboard {
        self.b.role(role) & self.them
    }

    /// Rook-like reach from the target square.
    #[inline]
    pub(crate) fn rook_reach(&self) -> Bitboard {
        if let Some(r) = self.rook.get() {
            return r;
        }
        let r = self.t.rook(self.v, self.occ);
        self.rook.set(Some(r));
        r
    }

    /// Bishop-like reach from the target square.
    #[inline]
    pub(crate) fn bishop_reach(&self) -> Bitboard {
        if let Some(r) = self.bishop.get() {
            return r;
        }
        let r = self.t.bishop(self.v, self.occ);
        self.bishop.set(Some(r));
        r
    }

    /// The pieces of family `f` that remove the piece on the target square.
    #[inline(always)]
    pub(crate) fn family_attackers(&self, f: Family) -> Bitboard {
        self.attackers_among(f, |r| self.pieces(r))
    }

    /// The pieces of `role` that remove the piece on the target square.
    pub(crate) fn role_attackers(&self, role: Role) -> Bitboard {
        let p = self.pieces(role);
        if p.is_empty() {
            return p;
        }
        self.attackers_among(Family::of(role), |r| {
            if r == role {
                p
            } else {
                Bitboard::EMPTY
            }
        })
    }

    /// The pieces of family `f` among those `p` gives per role (a subset of the attacking
    /// side's) that remove the piece on the target square.
    #[inline(always)]
    fn attackers_among(&self, f: Family, p: impl Fn(Role) -> Bitboard) -> Bitboard {
        let (t, v) = (self.t, self.v);
        match f {
            Family::Leaper => t.leapers.attackers(v, p),
            Family::Pawn => pawn::all_attackers(self.rules, v, self.by, p),
            Family::Ninja => ninja::attackers(t, v, p),
            Family::Slider => slider::attackers(self, p),
            Family::Flyer => flyer::attackers(self, p),
            Family::Hopper => hopper::attackers(t, v, self.occ, p),
            Family::Snake => t.snake.attackers(v, self.occ, p(Role::Snake)),
            Family::Octopus if !self.them.has(v) => {
                octopus::attackers(t, v, self.occ, p(Role::Octopus))
            }
            Family::Octopus => Bitboard::EMPTY,
        }
    }
}

/// The odd zone of a king ([`crate::check_state`]'s module documentation): the squares whose
/// occupancy can decide an attack on it by an odd piece of the enemy's, where they stand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct OddZone {
    /// Every such square.
    pub all: Bitboard,
    /// Those of them where filling a square or capturing on it can create such an attack (the
    /// others can only be blocked by filling them).
    pub fill: Bitboard,
}

/// The odd zone of a king on `king` against the odd pieces `odd` (of the other side) on `b`:
/// each odd family of the plan adds its squares, and only when one of its pieces stands where
/// it could attack the king under some occupancy.
pub(crate) fn odd_zone(rules: &Rules, b: &Board, king: Square, odd: Bitboard) -> OddZone {
    let mut zone = OddZone::default();
    if odd.is_empty() {
        return zone;
    }
    let t = &rules.tables;
    let occ = b.occupied();
    let of = |role: Role| b.role(role) & odd;
    for f in rules.plan.odd_families() {
        match f {
            Family::Flyer => {
                let z = flyer::odd_zone(t, king, occ, of);
                zone.all |= z.all;
                zone.fill |= z.fill;
            }
            Family::Hopper => {
                let z = hopper::odd_zone(t, king, of);
                zone.all |= z;
                zone.fill |= z;
            }
            Family::Snake => zone.all |= snake::odd_zone(t, king, of(Role::Snake)),
            Family::Octopus => zone.all |= octopus::odd_zone(t, king, of(Role::Octopus)),
            _ => {}
        }
    }
    zone
}

/// Squares near a king on `sq` whose occupancy can decide an attack on it besides its lines up
/// to the first piece, for the families of `plan`: the hoppers' pair squares and the snake's
/// path squares.
pub(crate) fn king_zone_extra(t: &Tables, plan: &AttackPlan, sq: Square) -> Bitboard {
    let mut z = Bitboard::EMPTY;
    for f in plan.families() {
        match f {
            Family::Hopper => z |= hopper::king_zone(t, sq),
            Family::Snake => z |= snake::king_zone(t, sq),
            _ => {}
        }
    }
    z
}

//! Leapers: the king, the knight, the ferz- and wazir-knights (a one-square diagonal or
//! orthogonal step, or a knight's leap) and the ferz and wazir sorcerers (the same steps, or the
//! (3,2) zebra leap). A leaper reaches a fixed set of squares whatever stands between, so its
//! reverse attack reads its own table from the target, and no square but its own and its
//! target's decides whether it attacks a king. It removes only the piece it lands on.

use crate::{Bitboard, Role, Square};

/// The roles of this family.
pub(crate) const ROLES: [Role; 6] = [
    Role::King,
    Role::Knight,
    Role::FerzKnight,
    Role::WazirKnight,
    Role::FerzSorcerer,
    Role::WazirSorcerer,
];

/// Plain leaps whose target sets are tabulated (also read by other families: the guard's
/// camel leap, the snake's and the king zone's knight squares).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Leaper {
    /// One step in any direction.
    King = 0,
    /// (1,2) leap.
    Knight,
    /// (3,1) leap.
    Camel,
    /// (3,2) leap.
    Zebra,
    /// One diagonal step.
    Ferz,
    /// One orthogonal step.
    Wazir,
}

impl Leaper {
    const COUNT: usize = 6;
    const ALL: [Leaper; Leaper::COUNT] = [
        Leaper::King,
        Leaper::Knight,
        Leaper::Camel,
        Leaper::Zebra,
        Leaper::Ferz,
        Leaper::Wazir,
    ];

    /// The leap's `(a, b)` pattern, all sign and axis permutations included.
    const fn pattern(self) -> (i32, i32) {
        match self {
            Leaper::King => (1, 1),
            Leaper::Knight => (1, 2),
            Leaper::Camel => (1, 3),
            Leaper::Zebra => (2, 3),
            Leaper::Ferz => (1, 1),
            Leaper::Wazir => (0, 1),
        }
    }
}

/// The target sets of every [`Leaper`] from every square.
#[derive(Debug)]
pub(crate) struct LeaperTables {
    leap: [[Bitboard; Square::COUNT]; Leaper::COUNT],
}

impl LeaperTables {
    /// The tables of a board whose existing squares are `exists`.
    pub(crate) fn build(exists: Bitboard) -> LeaperTables {
        let mut leap = [[Bitboard::EMPTY; Square::COUNT]; Leaper::COUNT];
        for sq in exists.iter() {
            for leaper in Leaper::ALL {
                leap[leaper as usize][sq.index()] = leaper_targets(leaper, sq, exists);
            }
        }
        LeaperTables { leap }
    }

    /// Targets of a plain leap from `sq`.
    #[inline]
    pub(crate) fn leap(&self, leaper: Leaper, sq: Square) -> Bitboard {
        self.leap[leaper as usize][sq.index()]
    }

    /// Every square a leaper of `role` on `sq` reaches (empty for roles of other families).
    /// The reach is symmetric: it is also the set of squares from which such a piece reaches
    /// `sq`.
    #[inline]
    pub(crate) fn reach(&self, role: Role, sq: Square) -> Bitboard {
        match role {
            Role::King => self.leap(Leaper::King, sq),
            Role::Knight => self.leap(Leaper::Knight, sq),
            Role::FerzKnight => self.leap(Leaper::Ferz, sq) | self.leap(Leaper::Knight, sq),
            Role::WazirKnight => self.leap(Leaper::Wazir, sq) | self.leap(Leaper::Knight, sq),
            Role::FerzSorcerer => self.leap(Leaper::Ferz, sq) | self.leap(Leaper::Zebra, sq),
            Role::WazirSorcerer => self.leap(Leaper::Wazir, sq) | self.leap(Leaper::Zebra, sq),
            _ => Bitboard::EMPTY,
        }
    }

    /// The leapers among the pieces `p` gives per role that attack `v`.
    #[inline]
    pub(crate) fn attackers(&self, v: Square, p: impl Fn(Role) -> Bitboard) -> Bitboard {
        let (knights, fk, wk, fs, ws) = (
            p(Role::Knight),
            p(Role::FerzKnight),
            p(Role::WazirKnight),
            p(Role::FerzSorcerer),
            p(Role::WazirSorcerer),
        );
        let mut out = self.leap(Leaper::King, v) & p(Role::King);
        if (knights | fk | wk).any() {
            out |= self.leap(Leaper::Knight, v) & (knights | fk | wk);
        }
        if (fk | wk | fs | ws).any() {
            out |= self.leap(Leaper::Ferz, v) & (fk | fs)
                | self.leap(Leaper::Wazir, v) & (wk | ws)
                | self.leap(Leaper::Zebra, v) & (fs | ws);
        }
        out
    }
}

fn leaper_targets(leaper: Leaper, sq: Square, exists: Bitboard) -> Bitboard {
    let (a, b) = leaper.pattern();
    let mut out = Bitboard::EMPTY;
    let mut add = |df: i32, dr: i32| {
        if let Some(t) = sq.offset(df, dr).filter(|s| exists.has(*s)) {
            out = out.with(t);
        }
    };
    for sa in [-1, 1] {
        for sb in [-1, 1] {
            add(sa * a, sb * b);
            add(sb * b, sa * a);
        }
    }
    if leaper == Leaper::King {
        // (1,1) above gave the diagonals; add the orthogonal steps.
        for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            add(df, dr);
        }
    }
    out
}

//! The piece catalogue and the public movement facade.
//!
//! Every piece's identity (its [`Role`], name and letter) is declared once, in [`crate::Role`];
//! which games use it comes from the variants' data tables ([`crate::VariantSpec::roles`]). This
//! module reads those two sources for the outside world — notation, diagrams, the XBoard
//! protocol, the evaluation — so that none of them needs the crate's internal tables.

use crate::family::{self, leaper::Leaper};
use crate::{Bitboard, Role, Rules, Square, Variant};

/// What the outside world needs to know about one kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// The role.
    pub role: Role,
    /// The piece's name as the rule texts write it.
    pub name: &'static str,
    /// Upper-case letter (white); black uses the lower case.
    pub letter: char,
}

impl PieceKind {
    /// The variants whose start position or promotion choices can hold this piece.
    pub fn games(self) -> impl Iterator<Item = Variant> {
        Variant::ALL
            .into_iter()
            .filter(move |v| v.spec().roles.contains(&self.role))
    }
}

/// Every kind of piece, in [`Role`] index order.
pub fn catalogue() -> impl Iterator<Item = PieceKind> {
    Role::ALL.into_iter().map(Role::kind)
}

impl Role {
    /// The catalogue entry of this role.
    pub const fn kind(self) -> PieceKind {
        PieceKind {
            role: self,
            name: self.name(),
            letter: self.upper(),
        }
    }
}

impl Rules {
    /// Every square a non-pawn piece of `role` standing on `sq` can move to or capture on,
    /// given every occupied square `occ` and the mover's own pieces `own` (squares of `own` are
    /// never included). A fly-over capture is represented by its landing square, a double
    /// capture by the square the piece lands on. Pawns and ninja pawns depend on their colour and
    /// history, so they yield the empty set here; ask the position for their legal moves.
    ///
    /// This ignores whether the move would leave the mover's king attacked: it is the piece's
    /// reach, as used for mobility and diagrams.
    pub fn destinations(&self, role: Role, sq: Square, occ: Bitboard, own: Bitboard) -> Bitboard {
        if !self.has(sq) {
            return Bitboard::EMPTY;
        }
        family::destinations(&self.tables, role, sq, occ & self.exists, own & self.exists)
    }

    /// The squares a king on `sq` steps to (the king's neighbourhood, `sq` not included).
    pub fn king_steps(&self, sq: Square) -> Bitboard {
        if !self.has(sq) {
            return Bitboard::EMPTY;
        }
        self.tables.leapers.leap(Leaper::King, sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_follow_the_variant_tables() {
        let games = |r: Role| r.kind().games().map(Variant::name).collect::<Vec<_>>();
        assert_eq!(games(Role::Octopus), ["octopus"]);
        assert_eq!(games(Role::Snake), ["octopus"]);
        assert_eq!(games(Role::Warmachine), ["hadean"]);
        assert_eq!(games(Role::Bomber), ["titan", "raptor"]);
        assert_eq!(
            games(Role::King),
            ["titan", "hadean", "raptor", "octopus", "chess"]
        );
        assert_eq!(catalogue().count(), Role::COUNT);
        assert!(
            catalogue().all(|k| k.games().count() > 0),
            "every piece is used"
        );
    }

    #[test]
    fn destinations_of_a_knight_in_a_corner() {
        let rules = Variant::Chess.rules();
        let a1 = rules.parse_square("a1").unwrap();
        let d = rules.destinations(Role::Knight, a1, Bitboard::EMPTY, Bitboard::EMPTY);
        let names: Vec<String> = d.iter().map(|s| rules.square_name(s)).collect();
        assert_eq!(names.len(), 2);
        assert!(names.contains(&"b3".to_string()) && names.contains(&"c2".to_string()));
        let c2 = rules.parse_square("c2").unwrap();
        let own = Bitboard::EMPTY.with(c2);
        assert_eq!(rules.destinations(Role::Knight, a1, own, own).count(), 1);
    }
}

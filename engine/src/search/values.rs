//! The search's own piece values, per game: what static exchange evaluation, move ordering and
//! the capture margins count a piece as. They are the material the games played with when the
//! values were split from the evaluation's weights, and stay fixed, so that a Texel refit of
//! the evaluation's material no longer changes SEE or the move order.

use movegen::{Role, Variant};
use std::sync::OnceLock;

/// Piece values per game, in centipawns: a line a game, its name, then a role's FEN letter and
/// value per entry. The king and roles a game lacks are 0.
const TABLE: &str = "\
chess:   P100 N239 B252 R485 Q1132
titan:   P100 J95 N211 W211 A300 B409 G593 F612 Y466 U594 R719 Q1611
hadean:  P100 J129 B444 E434 M396 S448 Z415 H470 L463 R733 Q1731
raptor:  P100 N207 B339 A284 F485 R668 Q1602
octopus: P100 J134 B336 H393 L409 C524 O771 R571 Q1137
";

/// The values [`TABLE`] gives `v`'s game, per role (index [`Role::index`]).
fn listed(v: Variant) -> [i32; Role::COUNT] {
    let line = TABLE
        .lines()
        .find_map(|line| line.strip_prefix(v.name())?.strip_prefix(':'))
        .unwrap_or_else(|| panic!("no piece values for {v}"));
    let mut material = [0; Role::COUNT];
    for entry in line.split_whitespace() {
        let mut chars = entry.chars();
        let role = chars.next().and_then(Role::from_letter);
        let value = chars.as_str().parse::<i32>().ok();
        let (Some(role), Some(value)) = (role, value) else {
            panic!("bad piece value {entry:?} for {v}");
        };
        material[role.index()] = value;
    }
    material
}

/// The piece values of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceValues {
    material: [i32; Role::COUNT],
    best_promotion: Option<Role>,
}

impl PieceValues {
    /// The values of `variant`'s game.
    pub fn of(variant: Variant) -> &'static PieceValues {
        static ALL: OnceLock<Vec<PieceValues>> = OnceLock::new();
        let all = ALL.get_or_init(|| {
            let mut vs = Variant::ALL.to_vec();
            vs.sort_by_key(|v| v.index());
            vs.into_iter().map(PieceValues::build).collect()
        });
        &all[variant.index()]
    }

    fn build(v: Variant) -> PieceValues {
        PieceValues::new(v, listed(v))
    }

    /// Values of `variant`'s pieces given per role (index [`Role::index`]), for tests and
    /// experiments; the search uses [`PieceValues::of`].
    pub fn new(variant: Variant, material: [i32; Role::COUNT]) -> PieceValues {
        let best_promotion = variant
            .spec()
            .promotion
            .iter()
            .copied()
            .max_by_key(|r| material[r.index()]);
        PieceValues {
            material,
            best_promotion,
        }
    }

    /// The value of a role, centipawns (0 for the king).
    #[inline]
    pub fn material(&self, role: Role) -> i32 {
        self.material[role.index()]
    }

    /// The most valuable promotion choice of the game.
    #[inline]
    pub fn best_promotion(&self) -> Option<Role> {
        self.best_promotion
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_of_every_game_has_a_value_and_the_queen_is_the_best_promotion() {
        for v in Variant::ALL {
            let values = PieceValues::of(v);
            for &r in v.spec().roles {
                assert_eq!(values.material(r) > 0, r != Role::King, "{v} {r:?}");
            }
            assert_eq!(values.best_promotion(), Some(Role::Queen), "{v}");
        }
    }

    #[test]
    fn the_table_reads_as_written() {
        let cases = [
            (Variant::Titan, Role::Queen, 1611),
            (Variant::Titan, Role::Ninja, 95),
            (Variant::Titan, Role::QuadBomber, 594),
            (Variant::Chess, Role::Knight, 239),
            (Variant::Chess, Role::Queen, 1132),
            (Variant::Hadean, Role::WazirSorcerer, 415),
            (Variant::Raptor, Role::Raptor, 284),
            (Variant::Octopus, Role::Octopus, 771),
            (Variant::Octopus, Role::Snake, 524),
            (Variant::Chess, Role::King, 0),
            (Variant::Chess, Role::Ninja, 0),
        ];
        for (v, r, value) in cases {
            assert_eq!(PieceValues::of(v).material(r), value, "{v} {r:?}");
        }
    }
}

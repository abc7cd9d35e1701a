//! The search's own piece values, per game: what static exchange evaluation, move ordering and
//! the capture margins count a piece as. They are the material the games played with when the
//! values were split from the evaluation's weights, and stay fixed, so that a Texel refit of
//! the evaluation's material no longer changes SEE or the move order.

use movegen::{Role, Variant};
use std::sync::OnceLock;

/// Piece values per game, `(role, centipawns)`; the king and roles a game lacks are 0.
fn listed(v: Variant) -> &'static [(Role, i32)] {
    use Role::*;
    match v {
        Variant::Chess => &[
            (Pawn, 100),
            (Knight, 239),
            (Bishop, 252),
            (Rook, 485),
            (Queen, 1132),
        ],
        Variant::Titan => &[
            (Pawn, 100),
            (Ninja, 95),
            (Knight, 211),
            (Warrior, 211),
            (Raptor, 300),
            (Bishop, 409),
            (Guard, 593),
            (Bomber, 612),
            (QuadRaptor, 466),
            (QuadBomber, 594),
            (Rook, 719),
            (Queen, 1611),
        ],
        Variant::Hadean => &[
            (Pawn, 100),
            (Ninja, 129),
            (Bishop, 444),
            (Elephant, 434),
            (Warmachine, 396),
            (FerzSorcerer, 448),
            (WazirSorcerer, 415),
            (FerzKnight, 470),
            (WazirKnight, 463),
            (Rook, 733),
            (Queen, 1731),
        ],
        Variant::Raptor => &[
            (Pawn, 100),
            (Knight, 207),
            (Bishop, 339),
            (Raptor, 284),
            (Bomber, 485),
            (Rook, 668),
            (Queen, 1602),
        ],
        Variant::Octopus => &[
            (Pawn, 100),
            (Ninja, 134),
            (Bishop, 336),
            (FerzKnight, 393),
            (WazirKnight, 409),
            (Snake, 524),
            (Octopus, 771),
            (Rook, 571),
            (Queen, 1137),
        ],
    }
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
        let mut material = [0; Role::COUNT];
        for &(r, value) in listed(v) {
            material[r.index()] = value;
        }
        PieceValues::new(v, material)
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
}

//! One code path per game for the two hottest loops, move generation and the attack test,
//! chosen once per call by the position's variant.
//!
//! Each game's pieces are listed here, once, in generation order (the variants' specs read
//! these lists). The [`games!`] macro writes, for every game, a generator that calls
//! [`Position::generate_role`] with each of its roles as a constant and an attack test that
//! tries each of its piece families as a constant: after inlining, neither has a run-time
//! `match` on the role or a "does this game have X" test. Built with the `runtime-dispatch`
//! feature, both instead loop over the spec's roles and the [`AttackPlan`]'s families at run
//! time, so the two can be measured against each other (see the README's performance section).

use crate::family::{AttackPlan, Family, Target};
use crate::movegen::{MoveSink, Stage};
use crate::{Position, Role, Rules};

/// Writes the role lists and the per-game code paths.
macro_rules! games {
    ($($variant:ident: $roles:ident = [$($role:ident),* $(,)?];)*) => {
        $(
            #[doc = concat!("The pieces of ", stringify!($variant), ", in generation order.")]
            pub(crate) const $roles: &[Role] = &[$(Role::$role),*];
        )*

        impl Position {
            /// Appends the pseudo-legal moves of one [`Stage`], in the order
            /// [`Position::generate_pseudo_legal`] gives them: each role of the game in turn
            /// (its list above), then castling and drops.
            pub(crate) fn generate_stage<S: MoveSink>(&self, stage: Stage, list: &mut S) {
                #[cfg(not(feature = "runtime-dispatch"))]
                match self.rules.variant {
                    $(crate::Variant::$variant => { $( self.generate_role(Role::$role, stage, list); )* })*
                }
                #[cfg(feature = "runtime-dispatch")]
                for &role in self.rules.spec.roles {
                    self.generate_role(role, stage, list);
                }
                if stage.admits(false) {
                    self.castling_moves(list);
                    self.drop_moves(list);
                }
            }
        }

        /// Does some piece of the target's attacking side remove the piece on its square?
        /// Tries the families of the game, cheapest first.
        #[inline]
        pub(crate) fn attacked(rules: &Rules, q: &Target<'_>) -> bool {
            #[cfg(not(feature = "runtime-dispatch"))]
            match rules.variant {
                $(crate::Variant::$variant => {
                    const PLAN: AttackPlan = AttackPlan::new($roles);
                    attacked_with(&PLAN, q)
                })*
            }
            #[cfg(feature = "runtime-dispatch")]
            rules.plan.families().iter().any(|&f| q.family_attackers(f).any())
        }
    };
}

games! {
    Chess: CHESS_ROLES = [Pawn, Knight, Bishop, Rook, Queen, King];
    Titan: TITAN_ROLES = [
        Pawn, Ninja, Knight, Bishop, Rook, Queen, King, Warrior, Guard, Bomber, Raptor, QuadBomber,
        QuadRaptor,
    ];
    Hadean: HADEAN_ROLES = [
        Pawn, Ninja, Bishop, Rook, Queen, King, Warmachine, Elephant, FerzSorcerer, WazirSorcerer,
        FerzKnight, WazirKnight,
    ];
    Raptor: RAPTOR_ROLES = [Pawn, Knight, Bishop, Rook, Queen, King, Bomber, Raptor];
    Octopus: OCTOPUS_ROLES = [
        Pawn, Ninja, Bishop, Rook, Queen, King, FerzKnight, WazirKnight, Snake, Octopus,
    ];
}

/// The attack test over the families of a constant `plan`, one written-out test per family,
/// so that with `plan` known at compile time the families a game lacks cost nothing.
#[cfg_attr(feature = "runtime-dispatch", allow(dead_code))]
#[inline(always)]
fn attacked_with(plan: &AttackPlan, q: &Target<'_>) -> bool {
    (plan.has(Family::Leaper) && q.family_attackers(Family::Leaper).any())
        || (plan.has(Family::Pawn) && q.family_attackers(Family::Pawn).any())
        || (plan.has(Family::Ninja) && q.family_attackers(Family::Ninja).any())
        || (plan.has(Family::Slider) && q.family_attackers(Family::Slider).any())
        || (plan.has(Family::Flyer) && q.family_attackers(Family::Flyer).any())
        || (plan.has(Family::Hopper) && q.family_attackers(Family::Hopper).any())
        || (plan.has(Family::Snake) && q.family_attackers(Family::Snake).any())
        || (plan.has(Family::Octopus) && q.family_attackers(Family::Octopus).any())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bitboard, Color, Variant};

    /// Every game's plan holds exactly the families of its pieces.
    #[test]
    fn plans_follow_the_role_lists() {
        for v in Variant::ALL {
            let roles = v.spec().roles;
            let plan = AttackPlan::new(roles);
            for f in Family::ALL {
                assert_eq!(
                    plan.has(f),
                    roles.iter().any(|&r| Family::of(r) == f),
                    "{v:?} {f:?}"
                );
            }
        }
    }

    /// The per-game attack test answers as the loop over the plan's families, for every
    /// square and both sides, along pseudo-random games of every variant.
    #[test]
    fn per_game_attack_test_equals_the_family_loop() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut attacked_squares = 0;
        for v in Variant::ALL {
            let rules = v.rules();
            for _game in 0..4 {
                let mut pos = Position::startpos(v);
                for _ply in 0..60 {
                    let b = pos.board();
                    for sq in rules.exists {
                        for by in [Color::White, Color::Black] {
                            let q = Target::new(rules, b, sq, by, b.occupied(), Bitboard::EMPTY);
                            let looped = rules
                                .plan
                                .families()
                                .iter()
                                .any(|&f| q.family_attackers(f).any());
                            assert_eq!(attacked(rules, &q), looped, "{v:?} {sq:?} {by:?}");
                            attacked_squares += usize::from(looped);
                        }
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves.as_slice()[(next() % moves.len() as u64) as usize];
                    pos.make_move(m);
                }
            }
        }
        assert!(attacked_squares > 1000, "the games attack something");
    }
}

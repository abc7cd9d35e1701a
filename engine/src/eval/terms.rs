//! The counted features of the evaluation, declared once: each [`Term`] names the weights it
//! multiplies (middlegame, endgame) and whether it is a bonus or a penalty. The evaluation pass
//! ([`crate::eval::Evaluator`]) emits `(term, count)` into a [`crate::eval::Sink`]; the
//! integer sum and the Texel trace both read this table, so a new term is one line here and
//! one emission in the pass.

use super::weights::{Scalar, Slot};

/// Declares [`Term`] and its table.
macro_rules! terms {
    ($( $(#[$doc:meta])* $id:ident => $mg:expr, $eg:expr, $sign:expr; )*) => {
        /// A counted feature of the evaluation.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Term {
            $( $(#[$doc])* $id, )*
        }

        impl Term {
            /// Every term, in table order.
            pub const ALL: &'static [Term] = &[ $( Term::$id, )* ];
            /// How many terms there are.
            pub const COUNT: usize = Term::ALL.len();

            /// The weights of the term: middlegame, endgame (either may be missing), and the
            /// sign it counts with (+1 a bonus, -1 a penalty).
            pub const fn weights(self) -> (Option<Slot>, Option<Slot>, i32) {
                match self { $( Term::$id => ($mg, $eg, $sign), )* }
            }
        }
    };
}

/// A scalar weight's slot.
const fn s(x: Scalar) -> Option<Slot> {
    Some(Slot::Scalar(x))
}

terms! {
    /// Holding two or more bishops (one per side that does).
    BishopPair => s(Scalar::BishopPair), s(Scalar::BishopPair), 1;
    /// Ninja pawns in hand.
    HandNinja => Some(Slot::HandNinja), Some(Slot::HandNinja), 1;
    /// Own pawns and ninja pawns on the three squares in front of the king, one and two rows
    /// ahead.
    KingShelter => s(Scalar::KingShelter), None, 1;
    /// Enemy pieces standing where an own, cheaper piece can move.
    PieceThreat => s(Scalar::PieceThreatMg), s(Scalar::PieceThreatEg), 1;
    /// Safe checks: moves to squares that attack the enemy king and no enemy pawn guards.
    SafeCheck => s(Scalar::SafeCheckMg), s(Scalar::SafeCheckEg), 1;
    /// Missing safe squares of nearly trapped pieces.
    LowMobility => None, s(Scalar::LowMobilityEg), -1;
    /// Passed pawns, each weighted `(7 - rows left)²`.
    Passed => s(Scalar::PassedMg), s(Scalar::PassedEg), 1;
    /// Passed pawns whose next square is empty, weighted like [`Term::Passed`].
    PassedFree => None, s(Scalar::PassedFreeEg), 1;
    /// Passed pawns' king distances to the square in front (enemy minus own, capped at ±4),
    /// times `7 - rows left`.
    PassedKing => None, s(Scalar::PassedKingEg), 1;
    /// Pawns without an own pawn on a neighbouring file.
    Isolated => s(Scalar::IsolatedMg), s(Scalar::IsolatedEg), -1;
    /// Ordinary pawns with an own ordinary pawn ahead on the same file.
    Doubled => s(Scalar::DoubledMg), s(Scalar::DoubledEg), -1;
    /// Pawns defended by an own pawn.
    Supported => s(Scalar::SupportedMg), s(Scalar::SupportedEg), 1;
    /// Minor pieces on outposts.
    Outpost => s(Scalar::OutpostMg), s(Scalar::OutpostEg), 1;
    /// Rooks on files without pawns.
    RookOpen => s(Scalar::RookOpenMg), None, 1;
    /// Rooks on files with enemy pawns only.
    RookHalfOpen => s(Scalar::RookHalfOpenMg), None, 1;
    /// Enemy pieces attacked by own pawns.
    PawnThreat => s(Scalar::PawnThreatMg), s(Scalar::PawnThreatEg), 1;
    /// Adjacent pairs of own pawns on one row.
    Phalanx => s(Scalar::PhalanxMg), None, 1;
    /// Own ordinary pawns on the square colour of own bishops (once per bishop).
    BadBishop => s(Scalar::BadBishopMg), s(Scalar::BadBishopEg), -1;
    /// Enemy pawns storming the own king, weighted 3, 2, 1 by nearness.
    PawnStorm => s(Scalar::PawnStormMg), None, -1;
    /// Files without own pawns among the own king's file and its neighbours.
    KingOpenFile => s(Scalar::KingOpenFileMg), None, -1;
    /// Minor pieces with an own pawn directly in front.
    MinorBehindPawn => s(Scalar::MinorBehindPawnMg), None, 1;
}

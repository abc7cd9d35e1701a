//! The scalar evaluation weights, declared once: each [`Scalar`] with its name (the variant's
//! name, used by UCI and weights files), built-in default, range and documentation, and the role
//! a game needs for the weight to exist in it.

use movegen::Role;

/// Declares the scalar weights: the [`Scalar`] enum and its table of names, defaults and ranges.
macro_rules! scalars {
    ($( $(#[$doc:meta])* $id:ident = $default:expr, $min:expr, $max:expr $(, needs $role:ident)?; )*) => {
        /// A scalar evaluation weight (centipawns unless noted); its UCI and file name is the
        /// variant's name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Scalar {
            $( $(#[$doc])* $id, )*
        }

        impl Scalar {
            /// Every scalar weight, in file order.
            pub const ALL: &'static [Scalar] = &[ $( Scalar::$id, )* ];
            /// How many scalar weights there are.
            pub const COUNT: usize = Scalar::ALL.len();

            /// `(name, default, min, max)`.
            pub const fn spec(self) -> (&'static str, i32, i32, i32) {
                match self { $( Scalar::$id => (stringify!($id), $default, $min, $max), )* }
            }

            /// The role a game must have for this weight to exist in it (ninja-pawn terms).
            pub const fn needs(self) -> Option<Role> {
                match self { $( Scalar::$id => scalars!(@needs $($role)?), )* }
            }
        }
    };
    (@needs) => { None };
    (@needs $role:ident) => { Some(Role::$role) };
}

scalars! {
    /// Bonus for the side to move.
    Tempo = 12, 0, 100;
    /// Bonus for holding two or more bishops.
    BishopPair = 25, 0, 200;
    /// Middlegame bonus per row an ordinary pawn has advanced.
    PawnAdvanceMg = 3, 0, 50;
    /// Endgame bonus per row an ordinary pawn has advanced.
    PawnAdvanceEg = 8, 0, 100;
    /// Middlegame bonus for a pawn near promotion, times (4 - rows left) squared.
    PawnNearMg = 6, 0, 100;
    /// Endgame bonus for a pawn near promotion, times (4 - rows left) squared.
    PawnNearEg = 14, 0, 200;
    /// Middlegame bonus per row a ninja pawn has advanced.
    NinjaAdvanceMg = 3, 0, 50, needs Ninja;
    /// Endgame bonus per row a ninja pawn has advanced.
    NinjaAdvanceEg = 9, 0, 100, needs Ninja;
    /// Middlegame bonus for a ninja pawn near promotion, times (4 - rows left) squared.
    NinjaNearMg = 6, 0, 100, needs Ninja;
    /// Endgame bonus for a ninja pawn near promotion, times (4 - rows left) squared.
    NinjaNearEg = 14, 0, 200, needs Ninja;
    /// Middlegame bonus for pawns on central files, per unit of file centrality (x1/4).
    PawnCenterFile = 3, 0, 50;
    /// Middlegame penalty per row the king stands away from its back rank.
    KingHomeMg = 12, 0, 100;
    /// Endgame bonus per unit of king centralisation (x1/4).
    KingCenterEg = 6, 0, 50;
    /// Bonus per own pawn or ninja pawn shielding the king (three squares in front, two rows).
    KingShelter = 10, 0, 100;
    /// King-zone attack penalty: units squared times this, divided by 16, times the
    /// attacker's phase.
    KingAttack = 6, 0, 100;
    /// Mobility is scaled by this percentage.
    MobilityScale = 100, 0, 400;
    /// Middlegame bonus of a passed pawn (ordinary or ninja), times (7 - rows left) squared.
    PassedMg = 2, 0, 50;
    /// Endgame bonus of a passed pawn, times (7 - rows left) squared.
    PassedEg = 4, 0, 50;
    /// Endgame bonus of a passed pawn whose next square is empty, times (7 - rows left)
    /// squared.
    PassedFreeEg = 2, 0, 50;
    /// Endgame bonus per king step the enemy king stands further than the own king from the
    /// square in front of a passed pawn (capped at 4), times (7 - rows left).
    PassedKingEg = 2, 0, 50;
    /// Middlegame penalty of a pawn without own pawns on the neighbouring files.
    IsolatedMg = 8, 0, 100;
    /// Endgame penalty of an isolated pawn.
    IsolatedEg = 12, 0, 100;
    /// Middlegame penalty of a pawn with an own pawn ahead on its file.
    DoubledMg = 8, 0, 100;
    /// Endgame penalty of a doubled pawn.
    DoubledEg = 16, 0, 100;
    /// Middlegame bonus of a pawn defended by an own pawn.
    SupportedMg = 6, 0, 100;
    /// Endgame bonus of a pawn defended by an own pawn.
    SupportedEg = 4, 0, 100;
    /// Middlegame bonus of a knight, ferz-knight, wazir-knight or bishop on an outpost: a
    /// square in the enemy half that an own pawn defends and no enemy pawn on a neighbouring
    /// file can ever attack.
    OutpostMg = 0, 0, 200;
    /// Endgame bonus of a piece on an outpost.
    OutpostEg = 0, 0, 200;
    /// Middlegame bonus of a rook on a file without pawns.
    RookOpenMg = 25, 0, 100;
    /// Middlegame bonus of a rook on a file with enemy pawns only.
    RookHalfOpenMg = 12, 0, 100;
    /// Middlegame bonus per enemy piece (not a pawn or the king) an own pawn attacks.
    PawnThreatMg = 40, 0, 200;
    /// Endgame bonus per enemy piece an own pawn attacks.
    PawnThreatEg = 25, 0, 200;
    /// Middlegame bonus per enemy piece (not a pawn or the king) standing where an own,
    /// cheaper piece (not a pawn or the king) can move.
    PieceThreatMg = 0, 0, 200;
    /// Endgame bonus per enemy piece attacked by a cheaper piece.
    PieceThreatEg = 0, 0, 200;
    /// Middlegame bonus per safe check: a square an own knight, bishop, rook, queen, warrior,
    /// guard, sorcerer or ferz/wazir-knight can move to, from which it would attack the enemy
    /// king, and that no enemy pawn attacks.
    SafeCheckMg = 0, 0, 200;
    /// Endgame bonus per safe check.
    SafeCheckEg = 0, 0, 200;
    /// King-zone attack penalty growing with the number of attackers: the attacking pieces
    /// (those that can move into the king zone) times the attack units, times this, divided
    /// by 16.
    KingAttackers = 0, 0, 100;
    /// Middlegame penalty per enemy pawn or ninja pawn storming the king: on the king's file
    /// or a neighbouring one, one to three rows in front of it, weighted 3, 2, 1 by nearness.
    PawnStormMg = 0, 0, 100;
    /// Endgame penalty per missing safe square of a nearly trapped piece: three minus its
    /// mobility, for a piece (not a pawn or the king) with fewer than three.
    LowMobilityEg = 0, 0, 100;
    /// Middlegame penalty per own ordinary pawn on the square colour of an own bishop
    /// (counted once per bishop).
    BadBishopMg = 0, 0, 50;
    /// Endgame penalty per own ordinary pawn on an own bishop's square colour.
    BadBishopEg = 0, 0, 50;
    /// Middlegame bonus per pawn with an own pawn directly beside it (one file to the right,
    /// same row: each adjacent pair counts once).
    PhalanxMg = 0, 0, 100;
    /// Middlegame penalty per file without own pawns among the own king's file and its
    /// neighbours.
    KingOpenFileMg = 0, 0, 100;
    /// Middlegame bonus per knight, ferz-knight, wazir-knight or bishop with an own pawn or
    /// ninja pawn directly in front of it.
    MinorBehindPawnMg = 0, 0, 100;
}

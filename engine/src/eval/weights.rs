//! The evaluation's weights: one named table, exposed as UCI `spin` options and loadable from and
//! savable to a simple `name = value` text file.
//!
//! # Material
//! Values are centipawns, one pawn = 100, taken from the rule texts where they give them:
//! - **Titan** (its "Relative Power" table, midpoints of ranges): ninja pawn 150, knight 300,
//!   warrior 325, raptor 375, bishop 425, guard 475, bomber 525, quad raptor 425, quad bomber 550,
//!   rook 625, queen 1200.
//! - **Hadean** (its notes, anchored on the 12x12 bishop of Titan, 425): elephant "a little less
//!   than the bishop" 375, warmachine "half a pawn more" 475, ferz-knight 425 and wazir-knight 450
//!   ("close to or a little more than the bishop", the wazir one more), sorcerers "a little less
//!   than their knight counterparts" 400 and 425, ninja pawn "one and a half to twice a pawn" 175,
//!   rook 625 and queen 1200 as in Titan.
//! - **Raptor** (its table): knight 300, bishop 400, raptor 350, bird 475, rook 600, queen 1100.
//! - **Octopus** (no values in its text; chosen here): on a 10x10 board a bishop is 375, a rook
//!   575, a queen 1075. The ferz-knight (knight plus ferz, 12 targets) is 375 and the wazir-knight
//!   (knight plus wazir, a better mover and able to lose a tempo) 400. The sorcerer snake reaches
//!   up to 16 knight and (3,2) squares but can be blocked on both paths: 425. The octopus is a
//!   crooked slider along 16 outward half-rays, blocked by its first two steps: worth more than a
//!   rook, less than a queen, 800. A ninja pawn on the board is 150 as in Titan; one in hand is
//!   worth 125: it cannot be taken, but can only enter on the second rank.
//! - **Chess**: 100, 320, 330, 500, 950.
//!
//! # Positional terms
//! Piece-square tables are generated from formulas (centralisation per role, pawn advancement,
//! king placement by game phase) and placement tables on top of them (per role and stage, one
//! value by rows from the own back rank plus one by files from the nearer edge, all zero until a
//! fit sets them), plus mobility per role (with an extra endgame weight, zero until a fit sets it),
//! king shelter, king-zone attacks and safe checks, a bishop pair bonus, a tempo bonus, and pawn structure:
//! passed (ordinary and ninja) pawns by formula and by a table of rows left to promotion,
//! isolated, doubled and supported pawns, pieces attacked by pawns, minor pieces on outposts,
//! rooks on open and half-open files, pawn phalanxes, bishops hemmed in by their own pawns,
//! minor pieces behind pawns, and pawn storms and pawnless files at the king. King-zone attacks
//! also grow with the number of attacking pieces, and nearly trapped pieces pay per missing
//! square. Mobility counts only squares no enemy pawn attacks. See [`crate::eval`].

use crate::params::ParamSpec;
use crate::scalar_params;
use movegen::{Role, Variant};
use std::fmt::Write as _;
use std::sync::OnceLock;

scalar_params! {
    /// Scalar evaluation weights (centipawns unless noted).
    pub struct Scalars {
        /// Bonus for the side to move.
        tempo: "Tempo" = 12, 0, 100;
        /// Bonus for holding two or more bishops.
        bishop_pair: "BishopPair" = 25, 0, 200;
        /// Middlegame bonus per row an ordinary pawn has advanced.
        pawn_advance_mg: "PawnAdvanceMg" = 3, 0, 50;
        /// Endgame bonus per row an ordinary pawn has advanced.
        pawn_advance_eg: "PawnAdvanceEg" = 8, 0, 100;
        /// Middlegame bonus for a pawn near promotion, times (4 - rows left) squared.
        pawn_near_mg: "PawnNearMg" = 6, 0, 100;
        /// Endgame bonus for a pawn near promotion, times (4 - rows left) squared.
        pawn_near_eg: "PawnNearEg" = 14, 0, 200;
        /// Middlegame bonus per row a ninja pawn has advanced.
        ninja_advance_mg: "NinjaAdvanceMg" = 3, 0, 50;
        /// Endgame bonus per row a ninja pawn has advanced.
        ninja_advance_eg: "NinjaAdvanceEg" = 9, 0, 100;
        /// Middlegame bonus for a ninja pawn near promotion, times (4 - rows left) squared.
        ninja_near_mg: "NinjaNearMg" = 6, 0, 100;
        /// Endgame bonus for a ninja pawn near promotion, times (4 - rows left) squared.
        ninja_near_eg: "NinjaNearEg" = 14, 0, 200;
        /// Middlegame bonus for pawns on central files, per unit of file centrality (x1/4).
        pawn_center_file: "PawnCenterFile" = 3, 0, 50;
        /// Middlegame penalty per row the king stands away from its back rank.
        king_home_mg: "KingHomeMg" = 12, 0, 100;
        /// Endgame bonus per unit of king centralisation (x1/4).
        king_center_eg: "KingCenterEg" = 6, 0, 50;
        /// Bonus per own pawn or ninja pawn shielding the king (three squares in front, two rows).
        king_shelter: "KingShelter" = 10, 0, 100;
        /// King-zone attack penalty: units squared times this, divided by 16, times the
        /// attacker's phase.
        king_attack: "KingAttack" = 6, 0, 100;
        /// Mobility is scaled by this percentage.
        mobility_scale: "MobilityScale" = 100, 0, 400;
        /// Middlegame bonus of a passed pawn (ordinary or ninja), times (7 - rows left) squared.
        passed_mg: "PassedMg" = 2, 0, 50;
        /// Endgame bonus of a passed pawn, times (7 - rows left) squared.
        passed_eg: "PassedEg" = 4, 0, 50;
        /// Endgame bonus of a passed pawn whose next square is empty, times (7 - rows left)
        /// squared.
        passed_free_eg: "PassedFreeEg" = 2, 0, 50;
        /// Endgame bonus per king step the enemy king stands further than the own king from the
        /// square in front of a passed pawn (capped at 4), times (7 - rows left).
        passed_king_eg: "PassedKingEg" = 2, 0, 50;
        /// Middlegame penalty of a pawn without own pawns on the neighbouring files.
        isolated_mg: "IsolatedMg" = 8, 0, 100;
        /// Endgame penalty of an isolated pawn.
        isolated_eg: "IsolatedEg" = 12, 0, 100;
        /// Middlegame penalty of a pawn with an own pawn ahead on its file.
        doubled_mg: "DoubledMg" = 8, 0, 100;
        /// Endgame penalty of a doubled pawn.
        doubled_eg: "DoubledEg" = 16, 0, 100;
        /// Middlegame bonus of a pawn defended by an own pawn.
        supported_mg: "SupportedMg" = 6, 0, 100;
        /// Endgame bonus of a pawn defended by an own pawn.
        supported_eg: "SupportedEg" = 4, 0, 100;
        /// Middlegame bonus of a knight, ferz-knight, wazir-knight or bishop on an outpost: a
        /// square in the enemy half that an own pawn defends and no enemy pawn on a
        /// neighbouring file can ever attack; 0 until a fit and an SPRT set it.
        outpost_mg: "OutpostMg" = 0, 0, 200;
        /// Endgame bonus of a piece on an outpost.
        outpost_eg: "OutpostEg" = 0, 0, 200;
        /// Middlegame bonus of a rook on a file without pawns.
        rook_open_mg: "RookOpenMg" = 25, 0, 100;
        /// Middlegame bonus of a rook on a file with enemy pawns only.
        rook_half_open_mg: "RookHalfOpenMg" = 12, 0, 100;
        /// Middlegame bonus per enemy piece (not a pawn or the king) an own pawn attacks.
        pawn_threat_mg: "PawnThreatMg" = 40, 0, 200;
        /// Endgame bonus per enemy piece an own pawn attacks.
        pawn_threat_eg: "PawnThreatEg" = 25, 0, 200;
        /// Middlegame bonus per enemy piece (not a pawn or the king) standing where an own,
        /// cheaper piece (not a pawn or the king) can move; 0 until a fit and an SPRT set it.
        piece_threat_mg: "PieceThreatMg" = 0, 0, 200;
        /// Endgame bonus per enemy piece attacked by a cheaper piece.
        piece_threat_eg: "PieceThreatEg" = 0, 0, 200;
        /// Middlegame bonus per safe check: a square an own knight, bishop, rook, queen,
        /// warrior, guard, sorcerer or ferz/wazir-knight can move to, from which it would attack
        /// the enemy king, and that no enemy pawn attacks; 0 until a fit and an SPRT set it.
        safe_check_mg: "SafeCheckMg" = 0, 0, 200;
        /// Endgame bonus per safe check.
        safe_check_eg: "SafeCheckEg" = 0, 0, 200;
        /// King-zone attack penalty growing with the number of attackers: the attacking
        /// pieces (those that can move into the king zone) times the attack units, times this,
        /// divided by 16; 0 until a fit and an SPRT set it.
        king_attackers: "KingAttackers" = 0, 0, 100;
        /// Middlegame penalty per enemy pawn or ninja pawn storming the king: on the king's
        /// file or a neighbouring one, one to three rows in front of it, weighted 3, 2, 1 by
        /// nearness; 0 until a fit and an SPRT set it.
        pawn_storm_mg: "PawnStormMg" = 0, 0, 100;
        /// Middlegame penalty per missing safe square of a nearly trapped piece: three minus
        /// its mobility, for a piece (not a pawn or the king) with fewer than three; 0 until
        /// a fit and an SPRT set it.
        low_mobility_mg: "LowMobilityMg" = 0, 0, 100;
        /// Endgame penalty per missing safe square of a nearly trapped piece.
        low_mobility_eg: "LowMobilityEg" = 0, 0, 100;
        /// Middlegame penalty per own ordinary pawn on the square colour of an own bishop
        /// (counted once per bishop); 0 until a fit and an SPRT set it.
        bad_bishop_mg: "BadBishopMg" = 0, 0, 50;
        /// Endgame penalty per own ordinary pawn on an own bishop's square colour.
        bad_bishop_eg: "BadBishopEg" = 0, 0, 50;
        /// Middlegame bonus per pawn with an own pawn directly beside it (one file to the
        /// right, same row: each adjacent pair counts once); 0 until a fit and an SPRT set it.
        phalanx_mg: "PhalanxMg" = 0, 0, 100;
        /// Endgame bonus per adjacent pair of pawns.
        phalanx_eg: "PhalanxEg" = 0, 0, 100;
        /// Middlegame penalty per file without own pawns among the own king's file and its
        /// neighbours; 0 until a fit and an SPRT set it.
        king_open_file_mg: "KingOpenFileMg" = 0, 0, 100;
        /// Middlegame bonus per knight, ferz-knight, wazir-knight or bishop with an own pawn
        /// or ninja pawn directly in front of it; 0 until a fit and an SPRT set it.
        minor_behind_pawn_mg: "MinorBehindPawnMg" = 0, 0, 100;
    }
}

/// Roles that get per-role centralisation and mobility weights (not pawns or kings).
pub const PIECE_ROLES: [Role; 18] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::Warrior,
    Role::Guard,
    Role::Bomber,
    Role::Raptor,
    Role::QuadBomber,
    Role::QuadRaptor,
    Role::Warmachine,
    Role::Elephant,
    Role::FerzSorcerer,
    Role::WazirSorcerer,
    Role::FerzKnight,
    Role::WazirKnight,
    Role::Snake,
    Role::Octopus,
];

/// Default material values per variant (see the module documentation), `(role, centipawns)`.
fn default_material(v: Variant) -> &'static [(Role, i32)] {
    use Role::*;
    match v {
        Variant::Chess => &[
            (Pawn, 100),
            (Knight, 320),
            (Bishop, 330),
            (Rook, 500),
            (Queen, 950),
        ],
        Variant::Titan => &[
            (Pawn, 100),
            (Ninja, 150),
            (Knight, 300),
            (Warrior, 325),
            (Raptor, 375),
            (Bishop, 425),
            (Guard, 475),
            (Bomber, 525),
            (QuadRaptor, 425),
            (QuadBomber, 550),
            (Rook, 625),
            (Queen, 1200),
        ],
        Variant::Hadean => &[
            (Pawn, 100),
            (Ninja, 175),
            (Bishop, 425),
            (Elephant, 375),
            (Warmachine, 475),
            (FerzSorcerer, 400),
            (WazirSorcerer, 425),
            (FerzKnight, 425),
            (WazirKnight, 450),
            (Rook, 625),
            (Queen, 1200),
        ],
        Variant::Raptor => &[
            (Pawn, 100),
            (Knight, 300),
            (Bishop, 400),
            (Raptor, 350),
            (Bomber, 475),
            (Rook, 600),
            (Queen, 1100),
        ],
        Variant::Octopus => &[
            (Pawn, 100),
            (Ninja, 150),
            (Bishop, 375),
            (FerzKnight, 375),
            (WazirKnight, 400),
            (Snake, 425),
            (Octopus, 800),
            (Rook, 575),
            (Queen, 1075),
        ],
    }
}

/// Default value of a ninja pawn in hand (octopus).
const DEFAULT_HAND_NINJA: i32 = 125;

/// Default centralisation weight of a role (per half-step of centrality, x1/4).
fn default_center(r: Role) -> i32 {
    use Role::*;
    match r {
        Knight | FerzKnight | WazirKnight => 6,
        Warrior | FerzSorcerer | WazirSorcerer | Snake => 5,
        Guard => 4,
        Bishop | Raptor | QuadRaptor | Warmachine | Elephant | Octopus => 3,
        Queen | Bomber | QuadBomber => 2,
        _ => 1,
    }
}

/// Default mobility weight of a role (centipawns per reachable square, x1/4).
fn default_mobility(r: Role) -> i32 {
    use Role::*;
    match r {
        Knight | FerzKnight | WazirKnight | Warrior | Guard => 12,
        FerzSorcerer | WazirSorcerer | Snake | Warmachine | Elephant => 10,
        Bishop | Raptor | QuadRaptor | Octopus => 8,
        Rook | Bomber | QuadBomber => 6,
        _ => 3,
    }
}

/// Rows of the placement tables: how far a piece stands from its own back rank (0 ..= 11).
pub const PLACEMENT_RANKS: usize = 12;
/// Columns of the placement tables: how far a piece stands from the nearer edge file (0 ..= 5).
pub const PLACEMENT_FILES: usize = 6;
/// Entries of the passed-pawn table: rows left to promotion, 1 ..= 8 (index 0 ..= 7; the last
/// entry also holds passed pawns further away).
pub const PASSED_ROWS: usize = 8;

/// A game stage of a tapered weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The middlegame value, weighed by the game phase.
    Middlegame,
    /// The endgame value, weighed by the rest of the phase.
    Endgame,
}

impl Stage {
    /// Both stages, middlegame first.
    pub const BOTH: [Stage; 2] = [Stage::Middlegame, Stage::Endgame];

    /// 0 for the middlegame, 1 for the endgame.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suffix of the stage's weight names.
    fn word(self) -> &'static str {
        match self {
            Stage::Middlegame => "Mg",
            Stage::Endgame => "Eg",
        }
    }
}

/// Where a named weight lives in [`Weights`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Field `i` of [`Scalars`].
    Scalar(usize),
    /// Material of a role in a variant.
    Material(Variant, Role),
    /// Value of a ninja pawn in hand.
    HandNinja,
    /// Centralisation weight of a role.
    Center(Role),
    /// Mobility weight of a role.
    Mobility(Role),
    /// Placement bonus of a role by rows from its own back rank.
    Rank(Role, Stage, usize),
    /// Placement bonus of a role by files from the nearer edge.
    File(Role, Stage, usize),
    /// Extra endgame mobility weight of a role, on top of [`Slot::Mobility`].
    MobilityEg(Role),
    /// Bonus of a passed pawn by rows left to promotion (index = rows left - 1).
    Passed(Stage, usize),
}

impl Slot {
    /// Whether the weight is listed as a UCI option. The placement and passed-pawn tables
    /// (about 770 entries) are not listed, to keep the option list readable; `setoption` and
    /// weight files still set them by name.
    pub fn is_listed_option(self) -> bool {
        !matches!(self, Slot::Rank(..) | Slot::File(..) | Slot::Passed(..))
    }
}

/// A placement table: per role and stage, one value per row or file index.
pub type Placement<const N: usize> = [[[i32; N]; 2]; Role::COUNT];

/// Every evaluation weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Named scalar weights.
    pub scalars: Scalars,
    /// Material per variant (index [`Variant::index`]) and role, centipawns.
    pub material: [[i32; Role::COUNT]; 5],
    /// Value of a ninja pawn in hand.
    pub hand_ninja: i32,
    /// Centralisation weight per role.
    pub center: [i32; Role::COUNT],
    /// Mobility weight per role (both stages).
    pub mobility: [i32; Role::COUNT],
    /// Extra endgame mobility weight per role, added to `mobility` in the endgame. All zero by
    /// default.
    pub mobility_eg: [i32; Role::COUNT],
    /// Passed-pawn bonus per stage by rows left to promotion, on top of the `Passed*` formula
    /// terms. All zero by default.
    pub passed: [[i32; PASSED_ROWS]; 2],
    /// Placement bonus per role and stage by rows from the own back rank; added to the
    /// formula-generated piece-square values. All zero by default.
    pub rank: Placement<PLACEMENT_RANKS>,
    /// Placement bonus per role and stage by files from the nearer edge. All zero by default.
    pub file: Placement<PLACEMENT_FILES>,
}

impl Default for Weights {
    fn default() -> Self {
        let mut material = [[0; Role::COUNT]; 5];
        for v in Variant::ALL {
            for &(r, val) in default_material(v) {
                material[v.index()][r.index()] = val;
            }
        }
        let mut center = [0; Role::COUNT];
        let mut mobility = [0; Role::COUNT];
        for r in PIECE_ROLES {
            center[r.index()] = default_center(r);
            mobility[r.index()] = default_mobility(r);
        }
        Weights {
            scalars: Scalars::default(),
            material,
            hand_ninja: DEFAULT_HAND_NINJA,
            center,
            mobility,
            mobility_eg: [0; Role::COUNT],
            passed: [[0; PASSED_ROWS]; 2],
            rank: Placement::default(),
            file: Placement::default(),
        }
    }
}

/// A role's identifier ("QuadBomber", "FerzKnight", "Ninja").
fn role_word(r: Role) -> String {
    format!("{r:?}")
}

/// A variant's name with an upper-case first letter.
fn variant_word(v: Variant) -> String {
    let n = v.name();
    let mut c = n.chars();
    match c.next() {
        Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
        None => String::new(),
    }
}

/// The table of every weight: spec and slot, in a fixed order.
pub fn table() -> &'static [(ParamSpec, Slot)] {
    static TABLE: OnceLock<Vec<(ParamSpec, Slot)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let d = Weights::default();
        let mut t = Vec::new();
        for (i, &(name, default, min, max)) in Scalars::SCALARS.iter().enumerate() {
            let spec = ParamSpec {
                name: name.to_string(),
                default,
                min,
                max,
            };
            t.push((spec, Slot::Scalar(i)));
        }
        for v in Variant::ALL {
            for &(r, val) in default_material(v) {
                let name = format!("Mat{}{}", variant_word(v), role_word(r));
                let (min, max) = if r == Role::Pawn {
                    (50, 200)
                } else {
                    (0, 3000)
                };
                t.push((
                    ParamSpec {
                        name,
                        default: val,
                        min,
                        max,
                    },
                    Slot::Material(v, r),
                ));
            }
        }
        let spec = ParamSpec {
            name: "MatOctopusHandNinja".into(),
            default: d.hand_ninja,
            min: 0,
            max: 1000,
        };
        t.push((spec, Slot::HandNinja));
        for r in PIECE_ROLES {
            let name = format!("Center{}", role_word(r));
            let default = d.center[r.index()];
            t.push((
                ParamSpec {
                    name,
                    default,
                    min: 0,
                    max: 50,
                },
                Slot::Center(r),
            ));
        }
        for r in PIECE_ROLES {
            let name = format!("Mobility{}", role_word(r));
            let default = d.mobility[r.index()];
            t.push((
                ParamSpec {
                    name,
                    default,
                    min: 0,
                    max: 100,
                },
                Slot::Mobility(r),
            ));
        }
        for r in PIECE_ROLES {
            let name = format!("MobilityEg{}", role_word(r));
            let spec = ParamSpec {
                name,
                default: 0,
                min: -100,
                max: 100,
            };
            t.push((spec, Slot::MobilityEg(r)));
        }
        for stage in Stage::BOTH {
            for i in 0..PASSED_ROWS {
                let name = format!("PassedRow{}{}", stage.word(), i + 1);
                t.push((placement_spec(name), Slot::Passed(stage, i)));
            }
        }
        for r in Role::ALL {
            for stage in Stage::BOTH {
                for i in 0..PLACEMENT_RANKS {
                    let name = format!("Rank{}{}{i}", role_word(r), stage.word());
                    t.push((placement_spec(name), Slot::Rank(r, stage, i)));
                }
                for i in 0..PLACEMENT_FILES {
                    let name = format!("File{}{}{i}", role_word(r), stage.word());
                    t.push((placement_spec(name), Slot::File(r, stage, i)));
                }
            }
        }
        t
    })
}

/// The spec of one placement- or passed-pawn-table entry: default 0, within ±300.
fn placement_spec(name: String) -> ParamSpec {
    ParamSpec {
        name,
        default: 0,
        min: -300,
        max: 300,
    }
}

/// Why a weight could not be set or a weights file not loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightError {
    /// No weight has this name.
    #[error("unknown weight '{0}'")]
    Unknown(String),
    /// The value lies outside the weight's range.
    #[error("weight {name} = {value} is outside {min}..={max}")]
    OutOfRange {
        /// Weight name.
        name: String,
        /// Rejected value.
        value: i64,
        /// Smallest accepted value.
        min: i32,
        /// Largest accepted value.
        max: i32,
    },
    /// A line of a weights file is malformed.
    #[error("weights file line {line}: {reason}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The file could not be read or written.
    #[error("weights file: {0}")]
    Io(String),
}

/// Tuned weight sets shipped with the engine, per variant (`engine/tuned/<variant>.weights`).
/// Each file holds the weights its Texel fit wrote and is applied over the built-in defaults
/// for its variant only. A set is listed here only after it passed an SPRT against the defaults
/// at `tc=2+0.02` or longer (`docs/strength.md`); variants without one play the defaults.
const SHIPPED: &[(Variant, &str)] = &[
    (Variant::Chess, include_str!("../../tuned/chess.weights")),
    (Variant::Titan, include_str!("../../tuned/titan.weights")),
    (Variant::Hadean, include_str!("../../tuned/hadean.weights")),
    (Variant::Raptor, include_str!("../../tuned/raptor.weights")),
    (
        Variant::Octopus,
        include_str!("../../tuned/octopus.weights"),
    ),
];

/// Reads a weights file's text (at most 1 MB).
pub fn read_file(path: &str) -> Result<String, WeightError> {
    let meta = std::fs::metadata(path).map_err(|e| WeightError::Io(format!("{path}: {e}")))?;
    if meta.len() > 1 << 20 {
        return Err(WeightError::Io(format!("{path}: larger than 1 MB")));
    }
    std::fs::read_to_string(path).map_err(|e| WeightError::Io(format!("{path}: {e}")))
}

impl Weights {
    /// The weights `variant` plays with unless told otherwise: the built-in defaults with the
    /// variant's shipped tuned set (`engine/tuned/<variant>.weights`, listed in this module) on
    /// top. Each set is parsed once per process (a file of about 900 lines), then cloned.
    pub fn for_variant(variant: Variant) -> Weights {
        static PARSED: OnceLock<Vec<Weights>> = OnceLock::new();
        let sets = PARSED.get_or_init(|| {
            // Indexed by `Variant::index`, which is not the order of `Variant::ALL`.
            let mut sets = vec![Weights::default(); Variant::ALL.len()];
            for (v, text) in SHIPPED {
                // A shipped file that does not parse is caught by a test; the defaults stand in.
                if let Ok(w) = Weights::default().parse_text(text) {
                    sets[v.index()] = w;
                }
            }
            sets
        });
        sets[variant.index()].clone()
    }

    /// The value in a slot.
    pub fn get(&self, slot: Slot) -> i32 {
        match slot {
            Slot::Scalar(i) => self.scalars.scalar_values().get(i).copied().unwrap_or(0),
            Slot::Material(v, r) => self.material[v.index()][r.index()],
            Slot::HandNinja => self.hand_ninja,
            Slot::Center(r) => self.center[r.index()],
            Slot::Mobility(r) => self.mobility[r.index()],
            Slot::Rank(r, s, i) => self.rank[r.index()][s.index()][i],
            Slot::File(r, s, i) => self.file[r.index()][s.index()][i],
            Slot::MobilityEg(r) => self.mobility_eg[r.index()],
            Slot::Passed(s, i) => self.passed[s.index()][i],
        }
    }

    fn slot_mut(&mut self, slot: Slot) -> Option<&mut i32> {
        match slot {
            Slot::Scalar(i) => self.scalars.scalar_slots_mut().into_iter().nth(i),
            Slot::Material(v, r) => Some(&mut self.material[v.index()][r.index()]),
            Slot::HandNinja => Some(&mut self.hand_ninja),
            Slot::Center(r) => Some(&mut self.center[r.index()]),
            Slot::Mobility(r) => Some(&mut self.mobility[r.index()]),
            Slot::Rank(r, s, i) => self.rank[r.index()][s.index()].get_mut(i),
            Slot::File(r, s, i) => self.file[r.index()][s.index()].get_mut(i),
            Slot::MobilityEg(r) => Some(&mut self.mobility_eg[r.index()]),
            Slot::Passed(s, i) => self.passed[s.index()].get_mut(i),
        }
    }

    /// Finds a weight by name (case-insensitive).
    pub fn find(name: &str) -> Option<&'static (ParamSpec, Slot)> {
        table()
            .iter()
            .find(|(s, _)| s.name.eq_ignore_ascii_case(name))
    }

    /// Sets a weight by name, checking its range.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), WeightError> {
        let (spec, slot) =
            Weights::find(name).ok_or_else(|| WeightError::Unknown(shorten(name)))?;
        if value < spec.min as i64 || value > spec.max as i64 {
            return Err(WeightError::OutOfRange {
                name: spec.name.clone(),
                value,
                min: spec.min,
                max: spec.max,
            });
        }
        if let Some(s) = self.slot_mut(*slot) {
            *s = value as i32;
        }
        Ok(())
    }

    /// Parses a weights file: `name = value` lines; blank lines and `#` comments are ignored.
    /// Every line is checked before anything is applied, so a bad file changes nothing.
    pub fn parse_text(&self, text: &str) -> Result<Weights, WeightError> {
        let mut w = self.clone();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let syntax = |reason: &str| WeightError::Syntax {
                line: i + 1,
                reason: reason.into(),
            };
            let (name, value) = line
                .split_once('=')
                .ok_or_else(|| syntax("expected name = value"))?;
            let value: i64 = value
                .trim()
                .parse()
                .map_err(|_| syntax("value is not an integer"))?;
            w.set(name.trim(), value)?;
        }
        Ok(w)
    }

    /// Loads a weights file (at most 1 MB), on top of the current weights.
    pub fn load(&self, path: &str) -> Result<Weights, WeightError> {
        self.parse_text(&read_file(path)?)
    }

    /// Every weight as `name = value` lines.
    pub fn to_text(&self) -> String {
        let mut out = String::from("# Shuriken evaluation weights\n");
        for (spec, slot) in table() {
            let _ = writeln!(out, "{} = {}", spec.name, self.get(*slot));
        }
        out
    }

    /// Writes [`Weights::to_text`] to a file.
    pub fn save(&self, path: &str) -> Result<(), WeightError> {
        std::fs::write(path, self.to_text()).map_err(|e| WeightError::Io(format!("{path}: {e}")))
    }
}

fn shorten(s: &str) -> String {
    s.chars().take(64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_defaults_in_range() {
        let t = table();
        let mut names: Vec<_> = t.iter().map(|(s, _)| s.name.to_ascii_lowercase()).collect();
        names.sort();
        let n = names.len();
        names.dedup();
        assert_eq!(n, names.len());
        let w = Weights::default();
        for (s, slot) in t {
            assert!(!s.name.contains(' '), "{}", s.name);
            assert_eq!(w.get(*slot), s.default, "{}", s.name);
            assert!(s.min <= s.default && s.default <= s.max, "{}", s.name);
        }
        assert!(Weights::find("MatTitanQuadBomber").is_some());
        assert!(Weights::find("MatHadeanNinja").is_some());
        assert!(Weights::find("MobilityFerzKnight").is_some());
        assert_eq!(
            Weights::find("RankPawnEg6").map(|(_, s)| *s),
            Some(Slot::Rank(Role::Pawn, Stage::Endgame, 6))
        );
        assert_eq!(
            Weights::find("FileKingMg1").map(|(_, s)| *s),
            Some(Slot::File(Role::King, Stage::Middlegame, 1))
        );
        assert_eq!(
            Weights::find("PassedRowEg1").map(|(_, s)| *s),
            Some(Slot::Passed(Stage::Endgame, 0))
        );
        assert_eq!(
            Weights::find("MobilityEgKnight").map(|(_, s)| *s),
            Some(Slot::MobilityEg(Role::Knight))
        );
    }

    #[test]
    fn text_round_trips_and_errors_are_reported() {
        let mut w = Weights::default();
        w.set("Tempo", 33).unwrap();
        w.set("MatRaptorBomber", 500).unwrap();
        let back = Weights::default().parse_text(&w.to_text()).unwrap();
        assert_eq!(back, w);
        assert!(matches!(w.set("Nope", 1), Err(WeightError::Unknown(_))));
        assert!(matches!(
            w.set("Tempo", 1000),
            Err(WeightError::OutOfRange { .. })
        ));
        assert!(matches!(
            w.parse_text("Tempo 3"),
            Err(WeightError::Syntax { line: 1, .. })
        ));
        assert!(matches!(
            w.parse_text("Tempo = x"),
            Err(WeightError::Syntax { .. })
        ));
        assert!(w.load("/nonexistent/file").is_err());
    }

    #[test]
    fn shipped_sets_parse_and_change_only_their_variant() {
        for (v, text) in SHIPPED {
            let tuned = Weights::default()
                .parse_text(text)
                .expect("shipped set parses");
            assert_eq!(Weights::for_variant(*v), tuned, "{v}");
            assert_ne!(
                tuned,
                Weights::default(),
                "{v}: a shipped set changes something"
            );
        }
        for v in Variant::ALL {
            if !SHIPPED.iter().any(|(s, _)| *s == v) {
                assert_eq!(Weights::for_variant(v), Weights::default(), "{v}");
            }
        }
    }
}

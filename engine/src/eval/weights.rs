//! The evaluation's weights, one set per game: each game's table ([`table`]) is built from the
//! game's own role list, so it names only weights that game can use (chess has no rows for
//! pieces it lacks). The weights are exposed as UCI `spin` options and loaded from and saved to
//! a simple `name = value` text file holding one game's weights.
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
//! square in the endgame. Mobility counts only squares no enemy pawn attacks. See [`crate::eval`].
//!
//! Terms whose weight was zero in every game's tuned set were deleted: `LowMobilityMg`,
//! `PhalanxEg`, the centralisation of the queen, guard, bomber and quad pieces and the mobility
//! of the quad pieces.

pub use super::scalars::Scalar;
use crate::params::ParamSpec;
use movegen::{Role, Variant};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

/// Whether a role has a centralisation weight: the pieces but pawns, ninja pawns and kings,
/// less the queen, guard, bomber and the quad pieces, whose centralisation was zero in every
/// game's tuned set and was deleted.
pub fn has_center(r: Role) -> bool {
    use Role::*;
    is_piece(r) && !matches!(r, Queen | Guard | Bomber | QuadBomber | QuadRaptor)
}

/// Whether a role has a mobility weight (both stages): the pieces but the quad pieces, whose
/// mobility was zero in the one game that has them (titan). Every piece has an extra endgame
/// mobility weight.
pub fn has_mobility(r: Role) -> bool {
    is_piece(r) && !matches!(r, Role::QuadBomber | Role::QuadRaptor)
}

/// A piece in the evaluation's sense: neither a pawn, a ninja pawn nor the king.
pub fn is_piece(r: Role) -> bool {
    !r.is_pawnlike() && r != Role::King
}

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

/// The built-in material value of `role` in `variant` (0 for a role the game lacks). The
/// piece-threat term compares pieces by these, whatever the weights say, so that it stays
/// linear in the weights.
pub fn default_material_of(variant: Variant, role: Role) -> i32 {
    default_material(variant)
        .iter()
        .find(|(r, _)| *r == role)
        .map_or(0, |(_, v)| *v)
}

/// Default value of a ninja pawn in hand (octopus).
const DEFAULT_HAND_NINJA: i32 = 125;

/// Default centralisation weight of a role (per half-step of centrality, x1/4).
fn default_center(r: Role) -> i32 {
    use Role::*;
    match r {
        Knight | FerzKnight | WazirKnight => 6,
        Warrior | FerzSorcerer | WazirSorcerer | Snake => 5,
        Bishop | Raptor | Warmachine | Elephant | Octopus => 3,
        _ => 1,
    }
}

/// Default mobility weight of a role (centipawns per reachable square, x1/4).
fn default_mobility(r: Role) -> i32 {
    use Role::*;
    match r {
        Knight | FerzKnight | WazirKnight | Warrior | Guard => 12,
        FerzSorcerer | WazirSorcerer | Snake | Warmachine | Elephant => 10,
        Bishop | Raptor | Octopus => 8,
        Rook | Bomber => 6,
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A scalar weight.
    Scalar(Scalar),
    /// Material of a role.
    Material(Role),
    /// Value of a ninja pawn in hand.
    HandNinja,
    /// Centralisation weight of a role.
    Center(Role),
    /// Mobility weight of a role.
    Mobility(Role),
    /// Extra endgame mobility weight of a role, on top of [`Slot::Mobility`].
    MobilityEg(Role),
    /// Bonus of a passed pawn by rows left to promotion (index = rows left - 1).
    Passed(Stage, usize),
    /// Placement bonus of a role by rows from its own back rank.
    Rank(Role, Stage, usize),
    /// Placement bonus of a role by files from the nearer edge.
    File(Role, Stage, usize),
}

impl Slot {
    /// Whether the weight is listed as a UCI option. The placement and passed-pawn tables
    /// (hundreds of entries) are not listed, to keep the option list readable; `setoption` and
    /// weight files still set them by name.
    pub fn is_listed_option(self) -> bool {
        !matches!(self, Slot::Rank(..) | Slot::File(..) | Slot::Passed(..))
    }
}

/// A placement table: per role and stage, one value per row or file index.
pub type Placement<const N: usize> = [[[i32; N]; 2]; Role::COUNT];

/// The evaluation weights of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The game these weights are for.
    variant: Variant,
    /// Scalar weights, indexed by [`Scalar`].
    pub scalars: [i32; Scalar::COUNT],
    /// Material per role, centipawns.
    pub material: [i32; Role::COUNT],
    /// Value of a ninja pawn in hand.
    pub hand_ninja: i32,
    /// Centralisation weight per role.
    pub center: [i32; Role::COUNT],
    /// Mobility weight per role (both stages).
    pub mobility: [i32; Role::COUNT],
    /// Extra endgame mobility weight per role, added to `mobility` in the endgame.
    pub mobility_eg: [i32; Role::COUNT],
    /// Passed-pawn bonus per stage by rows left to promotion, on top of the `Passed*` formula
    /// terms.
    pub passed: [[i32; PASSED_ROWS]; 2],
    /// Placement bonus per role and stage by rows from the own back rank; added to the
    /// formula-generated piece-square values.
    pub rank: Placement<PLACEMENT_RANKS>,
    /// Placement bonus per role and stage by files from the nearer edge.
    pub file: Placement<PLACEMENT_FILES>,
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

/// A spec with a name and range.
fn spec(name: String, default: i32, min: i32, max: i32) -> ParamSpec {
    ParamSpec {
        name,
        default,
        min,
        max,
    }
}

/// Builds the table of one game's weights (defaults are the built-in ones).
fn build_table(v: Variant) -> Vec<(ParamSpec, Slot)> {
    let d = Weights::defaults(v);
    let roles = v.spec().roles;
    let has = |r: Role| roles.contains(&r);
    let mut t = Vec::new();
    for &s in Scalar::ALL {
        if s.needs().is_none_or(has) {
            let (name, default, min, max) = s.spec();
            t.push((spec(name.into(), default, min, max), Slot::Scalar(s)));
        }
    }
    let game = variant_word(v);
    for &(r, val) in default_material(v) {
        let name = format!("Mat{game}{}", role_word(r));
        let (min, max) = if r == Role::Pawn {
            (50, 200)
        } else {
            (0, 3000)
        };
        t.push((spec(name, val, min, max), Slot::Material(r)));
    }
    if v.spec().drops.is_some() {
        let name = format!("Mat{game}HandNinja");
        t.push((spec(name, d.hand_ninja, 0, 1000), Slot::HandNinja));
    }
    let pieces = || roles.iter().copied().filter(|r| is_piece(*r));
    for r in pieces().filter(|r| has_center(*r)) {
        let name = format!("Center{}", role_word(r));
        t.push((spec(name, d.center[r.index()], 0, 50), Slot::Center(r)));
    }
    for r in pieces().filter(|r| has_mobility(*r)) {
        let name = format!("Mobility{}", role_word(r));
        t.push((spec(name, d.mobility[r.index()], 0, 100), Slot::Mobility(r)));
    }
    for r in pieces() {
        let name = format!("MobilityEg{}", role_word(r));
        t.push((spec(name, 0, -100, 100), Slot::MobilityEg(r)));
    }
    for stage in Stage::BOTH {
        for i in 0..PASSED_ROWS {
            let name = format!("PassedRow{}{}", stage.word(), i + 1);
            t.push((spec(name, 0, -300, 300), Slot::Passed(stage, i)));
        }
    }
    for &r in roles {
        for stage in Stage::BOTH {
            for i in 0..PLACEMENT_RANKS {
                let name = format!("Rank{}{}{i}", role_word(r), stage.word());
                t.push((spec(name, 0, -300, 300), Slot::Rank(r, stage, i)));
            }
            for i in 0..PLACEMENT_FILES {
                let name = format!("File{}{}{i}", role_word(r), stage.word());
                t.push((spec(name, 0, -300, 300), Slot::File(r, stage, i)));
            }
        }
    }
    t
}

/// One game's weight table and an index from slot to table position.
struct GameTable {
    entries: Vec<(ParamSpec, Slot)>,
    index: HashMap<Slot, usize>,
}

/// The tables of every game, indexed by [`Variant::index`].
fn tables() -> &'static [GameTable] {
    static TABLES: OnceLock<Vec<GameTable>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut vs = Variant::ALL.to_vec();
        vs.sort_by_key(|v| v.index());
        vs.into_iter()
            .map(|v| {
                let entries = build_table(v);
                let index = entries
                    .iter()
                    .enumerate()
                    .map(|(i, (_, slot))| (*slot, i))
                    .collect();
                GameTable { entries, index }
            })
            .collect()
    })
}

/// Every weight of `variant`'s game: spec and slot, in file order.
pub fn table(variant: Variant) -> &'static [(ParamSpec, Slot)] {
    &tables()[variant.index()].entries
}

/// The position of `slot` in `variant`'s table, if the game has that weight.
pub fn index_of(variant: Variant, slot: Slot) -> Option<usize> {
    tables()[variant.index()].index.get(&slot).copied()
}

/// Why a weight could not be set or a weights file not loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightError {
    /// No weight of the game has this name.
    #[error("unknown weight '{name}' (for {variant})")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The game whose weights were asked.
        variant: Variant,
    },
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

/// Tuned weight sets shipped with the engine, one per game (`engine/tuned/<variant>.weights`),
/// each holding every weight of its game. A set is shipped only after it passed an SPRT against
/// the one before at `tc=2+0.02` or longer (`docs/strength.md`).
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

/// The spec of a weight some game has, by name (case-insensitive), whichever game it is.
pub fn find_in_any_game(name: &str) -> Option<&'static ParamSpec> {
    tables().iter().find_map(|t| {
        t.entries
            .iter()
            .find(|(s, _)| s.name.eq_ignore_ascii_case(name))
            .map(|(s, _)| s)
    })
}

impl Weights {
    /// The built-in weights of `variant`'s game (see the module documentation).
    pub fn defaults(variant: Variant) -> Weights {
        let mut w = Weights {
            variant,
            scalars: [0; Scalar::COUNT],
            material: [0; Role::COUNT],
            hand_ninja: DEFAULT_HAND_NINJA,
            center: [0; Role::COUNT],
            mobility: [0; Role::COUNT],
            mobility_eg: [0; Role::COUNT],
            passed: [[0; PASSED_ROWS]; 2],
            rank: [[[0; PLACEMENT_RANKS]; 2]; Role::COUNT],
            file: [[[0; PLACEMENT_FILES]; 2]; Role::COUNT],
        };
        for &s in Scalar::ALL {
            w.scalars[s as usize] = s.spec().1;
        }
        for &(r, val) in default_material(variant) {
            w.material[r.index()] = val;
        }
        for r in Role::ALL {
            if has_center(r) {
                w.center[r.index()] = default_center(r);
            }
            if has_mobility(r) {
                w.mobility[r.index()] = default_mobility(r);
            }
        }
        w
    }

    /// The weights `variant` plays with unless told otherwise: its shipped tuned set
    /// (`engine/tuned/<variant>.weights`) over the built-in defaults. Each set is parsed once
    /// per process, then cloned.
    pub fn for_variant(variant: Variant) -> Weights {
        static PARSED: OnceLock<Vec<Weights>> = OnceLock::new();
        let sets = PARSED.get_or_init(|| {
            let mut vs = Variant::ALL.to_vec();
            vs.sort_by_key(|v| v.index());
            vs.into_iter()
                .map(|v| {
                    let d = Weights::defaults(v);
                    // A shipped file that does not parse is caught by a test; the defaults
                    // stand in.
                    SHIPPED
                        .iter()
                        .find(|(s, _)| *s == v)
                        .and_then(|(_, text)| d.parse_text(text).ok())
                        .unwrap_or(d)
                })
                .collect()
        });
        sets[variant.index()].clone()
    }

    /// The game these weights are for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// A scalar weight.
    #[inline]
    pub fn scalar(&self, s: Scalar) -> i32 {
        self.scalars[s as usize]
    }

    /// Every weight of this game: spec and slot, in file order.
    pub fn table(&self) -> &'static [(ParamSpec, Slot)] {
        table(self.variant)
    }

    /// The value in a slot.
    pub fn get(&self, slot: Slot) -> i32 {
        match slot {
            Slot::Scalar(s) => self.scalars[s as usize],
            Slot::Material(r) => self.material[r.index()],
            Slot::HandNinja => self.hand_ninja,
            Slot::Center(r) => self.center[r.index()],
            Slot::Mobility(r) => self.mobility[r.index()],
            Slot::MobilityEg(r) => self.mobility_eg[r.index()],
            Slot::Passed(s, i) => self.passed[s.index()][i],
            Slot::Rank(r, s, i) => self.rank[r.index()][s.index()][i],
            Slot::File(r, s, i) => self.file[r.index()][s.index()][i],
        }
    }

    fn slot_mut(&mut self, slot: Slot) -> Option<&mut i32> {
        match slot {
            Slot::Scalar(s) => Some(&mut self.scalars[s as usize]),
            Slot::Material(r) => Some(&mut self.material[r.index()]),
            Slot::HandNinja => Some(&mut self.hand_ninja),
            Slot::Center(r) => Some(&mut self.center[r.index()]),
            Slot::Mobility(r) => Some(&mut self.mobility[r.index()]),
            Slot::MobilityEg(r) => Some(&mut self.mobility_eg[r.index()]),
            Slot::Passed(s, i) => self.passed[s.index()].get_mut(i),
            Slot::Rank(r, s, i) => self.rank[r.index()][s.index()].get_mut(i),
            Slot::File(r, s, i) => self.file[r.index()][s.index()].get_mut(i),
        }
    }

    /// Finds a weight of this game by name (case-insensitive).
    pub fn find(&self, name: &str) -> Option<&'static (ParamSpec, Slot)> {
        self.table()
            .iter()
            .find(|(s, _)| s.name.eq_ignore_ascii_case(name))
    }

    /// Sets a weight of this game by name, checking its range.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), WeightError> {
        let (spec, slot) = self.find(name).ok_or_else(|| WeightError::Unknown {
            name: shorten(name),
            variant: self.variant,
        })?;
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

    /// Every weight of this game as `name = value` lines.
    pub fn to_text(&self) -> String {
        let mut out = format!("# Shuriken evaluation weights: {}\n", self.variant.name());
        for (spec, slot) in self.table() {
            let _ = writeln!(out, "{} = {}", spec.name, self.get(*slot));
        }
        out
    }

    /// A 64-bit fingerprint of every weight (FNV-1a of [`Weights::to_text`]): a network
    /// trained as a correction to these tables ([`crate::nnue::network::Base::Tables`]) names
    /// it.
    pub fn fingerprint(&self) -> u64 {
        self.to_text().bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
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
    fn the_fingerprint_tells_games_and_edited_weights_apart() {
        let titan = Weights::for_variant(Variant::Titan);
        assert_eq!(
            titan.fingerprint(),
            Weights::for_variant(Variant::Titan).fingerprint()
        );
        let mut fingerprints: Vec<u64> = Variant::ALL
            .iter()
            .map(|&v| Weights::for_variant(v).fingerprint())
            .collect();
        fingerprints.sort_unstable();
        fingerprints.dedup();
        assert_eq!(fingerprints.len(), Variant::ALL.len());
        let mut edited = titan.clone();
        let (spec, slot) = &edited.table()[0];
        edited
            .set(&spec.name, i64::from(titan.get(*slot)) + 1)
            .unwrap();
        assert_ne!(edited.fingerprint(), titan.fingerprint());
    }

    #[test]
    fn names_are_unique_and_defaults_in_range() {
        for v in Variant::ALL {
            let t = table(v);
            let mut names: Vec<_> = t.iter().map(|(s, _)| s.name.to_ascii_lowercase()).collect();
            names.sort();
            let n = names.len();
            names.dedup();
            assert_eq!(n, names.len(), "{v}");
            let w = Weights::defaults(v);
            for (i, (s, slot)) in t.iter().enumerate() {
                assert!(!s.name.contains(' '), "{}", s.name);
                assert_eq!(w.get(*slot), s.default, "{v} {}", s.name);
                assert!(s.min <= s.default && s.default <= s.max, "{}", s.name);
                assert_eq!(index_of(v, *slot), Some(i), "{v} {}", s.name);
            }
        }
        let titan = Weights::defaults(Variant::Titan);
        assert!(titan.find("MatTitanQuadBomber").is_some());
        assert!(titan.find("MobilityEgQuadBomber").is_some());
        assert!(titan.find("NinjaAdvanceEg").is_some());
        let hadean = Weights::defaults(Variant::Hadean);
        assert!(hadean.find("MatHadeanNinja").is_some());
        assert!(hadean.find("MobilityFerzKnight").is_some());
        assert_eq!(
            titan.find("RankPawnEg6").map(|(_, s)| *s),
            Some(Slot::Rank(Role::Pawn, Stage::Endgame, 6))
        );
        assert_eq!(
            titan.find("FileKingMg1").map(|(_, s)| *s),
            Some(Slot::File(Role::King, Stage::Middlegame, 1))
        );
        assert_eq!(
            titan.find("PassedRowEg1").map(|(_, s)| *s),
            Some(Slot::Passed(Stage::Endgame, 0))
        );
        assert!(Weights::defaults(Variant::Octopus)
            .find("MatOctopusHandNinja")
            .is_some());
    }

    #[test]
    fn a_game_has_no_weights_for_pieces_it_lacks_nor_deleted_terms() {
        let chess = Weights::defaults(Variant::Chess);
        for name in [
            "MatTitanQueen",
            "CenterWarrior",
            "RankNinjaMg3",
            "FileGuardEg0",
            "NinjaAdvanceMg",
            "MatChessHandNinja",
            "MobilityEgSnake",
        ] {
            assert!(chess.find(name).is_none(), "{name}");
            assert!(matches!(
                chess.clone().set(name, 0),
                Err(WeightError::Unknown { .. })
            ));
        }
        assert!(chess.find("MatChessQueen").is_some());
        for v in Variant::ALL {
            let w = Weights::defaults(v);
            for name in [
                "LowMobilityMg",
                "PhalanxEg",
                "CenterQueen",
                "CenterGuard",
                "CenterBomber",
                "MobilityQuadRaptor",
            ] {
                assert!(w.find(name).is_none(), "{v} {name}");
            }
        }
        // Chess: 40 scalars (no ninja ones), 5 materials, 3 centres (no queen), 4
        // mobilities, 4 endgame mobilities, 16 passed rows, and 6 roles x 36 placements.
        assert_eq!(
            table(Variant::Chess).len(),
            40 + 5 + 3 + 4 + 4 + 16 + 6 * 36
        );
    }

    #[test]
    fn text_round_trips_and_errors_are_reported() {
        let mut w = Weights::defaults(Variant::Raptor);
        w.set("Tempo", 33).unwrap();
        w.set("MatRaptorBomber", 500).unwrap();
        let back = Weights::defaults(Variant::Raptor)
            .parse_text(&w.to_text())
            .unwrap();
        assert_eq!(back, w);
        assert!(matches!(w.set("Nope", 1), Err(WeightError::Unknown { .. })));
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
    fn shipped_sets_hold_exactly_their_games_weights() {
        for (v, text) in SHIPPED {
            let tuned = Weights::defaults(*v)
                .parse_text(text)
                .expect("shipped set parses");
            assert_eq!(Weights::for_variant(*v), tuned, "{v}");
            assert_ne!(
                tuned,
                Weights::defaults(*v),
                "{v}: a shipped set changes something"
            );
            // Every weight of the game, once, in table order: the file is what `to_text` writes.
            let names: Vec<&str> = text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .filter_map(|l| l.split('=').next().map(str::trim))
                .collect();
            let expected: Vec<&str> = table(*v).iter().map(|(s, _)| s.name.as_str()).collect();
            assert_eq!(names, expected, "{v}");
        }
        assert_eq!(SHIPPED.len(), Variant::ALL.len());
    }
}

//! Variants as data: one [`VariantSpec`] table per game, validated once (see
//! [`VariantSpec::problems`]) into [`Rules`].

use crate::family::{king_zone_extra, AttackPlan};
use crate::specialise::{CHESS_ROLES, HADEAN_ROLES, OCTOPUS_ROLES, RAPTOR_ROLES, TITAN_ROLES};
use crate::tables::Tables;
use crate::{Bitboard, Color, Role, Square};
use std::sync::OnceLock;

/// The games Shuriken plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// Standard chess, the calibration variant.
    Chess,
    /// Titan Chess, 12x12.
    Titan,
    /// Hadean Chess, 12x12.
    Hadean,
    /// Raptor Chess, 10x10 plus e0/f0/e11/f11.
    Raptor,
    /// Octopus Chess, 10x10 with ninja-pawn drops.
    Octopus,
}

/// An unknown variant name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant '{0}' (expected one of: titan, hadean, raptor, octopus, chess)")]
pub struct VariantError(pub String);

impl Variant {
    /// The variant every command uses when none is named: Titan, the flagship game.
    pub const DEFAULT: Variant = Variant::Titan;

    /// The default variant's name, for command-line defaults.
    pub const DEFAULT_NAME: &'static str = Variant::DEFAULT.name();

    /// Every variant.
    pub const ALL: [Variant; 5] = [
        Variant::Titan,
        Variant::Hadean,
        Variant::Raptor,
        Variant::Octopus,
        Variant::Chess,
    ];

    /// Parses a variant name (case-insensitive).
    pub fn from_name(name: &str) -> Result<Variant, VariantError> {
        Variant::ALL
            .iter()
            .copied()
            .find(|v| v.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| VariantError(name.chars().take(64).collect()))
    }

    /// Lower-case name as used by UCI_Variant.
    pub const fn name(self) -> &'static str {
        self.spec().name
    }

    /// Index 0..5.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The variant's data table.
    pub const fn spec(self) -> &'static VariantSpec {
        match self {
            Variant::Chess => &CHESS,
            Variant::Titan => &TITAN,
            Variant::Hadean => &HADEAN,
            Variant::Raptor => &RAPTOR,
            Variant::Octopus => &OCTOPUS,
        }
    }

    /// The validated rules with precomputed tables (built on first use).
    pub fn rules(self) -> &'static Rules {
        static RULES: [OnceLock<Rules>; 5] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        RULES[self.index()].get_or_init(|| Rules::build(self))
    }
}

impl core::fmt::Display for Variant {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Variant {
    type Err = VariantError;
    fn from_str(s: &str) -> Result<Variant, VariantError> {
        Variant::from_name(s)
    }
}

/// Board shape.
#[derive(Debug)]
pub struct GeometrySpec {
    /// Number of files (from `a`).
    pub files: i32,
    /// Number of grid rows used (raptor: 12, ranks 0..11).
    pub rows: i32,
    /// Rank number printed for row 0.
    pub rank_base: i32,
    /// Rows `(first, last)` that are full width.
    pub full_rows: (i32, i32),
    /// Squares `(file, row)` outside the full rows that exist.
    pub extra_squares: &'static [(i32, i32)],
}

/// Pawn rules (RULES.md section 6), in printed rank numbers.
#[derive(Debug)]
pub struct PawnSpec {
    /// Middle rank of white and black.
    pub middle_rank: [i32; 2],
    /// Promotion rank of white and black.
    pub promotion_rank: [i32; 2],
    /// May an ordinary pawn in the enemy half move two squares (octopus)?
    pub pawn_double_in_enemy_half: bool,
    /// May a ninja pawn in the enemy half move two squares (titan, octopus)?
    pub ninja_double_in_enemy_half: bool,
}

/// Castling options (RULES.md section 6).
#[derive(Debug)]
pub struct CastlingSpec {
    /// File of the king's home square (same for both sides).
    pub king_file: i32,
    /// Files of the queen-side (lower) and king-side (higher) rook.
    pub rook_files: [i32; 2],
    /// King destination files, queen side then king side.
    pub king_destinations: [&'static [i32]; 2],
}

/// Drops (octopus).
#[derive(Debug)]
pub struct DropSpec {
    /// The role held in hand.
    pub role: Role,
    /// Rank onto which each side drops (white, black).
    pub drop_rank: [i32; 2],
}

/// One variant, as plain data.
#[derive(Debug)]
pub struct VariantSpec {
    /// Name as used by UCI_Variant.
    pub name: &'static str,
    /// Board shape.
    pub geometry: GeometrySpec,
    /// Roles that may stand on this board, in generation order (the built-in games' lists
    /// live with their per-game code paths, in `specialise.rs`).
    pub roles: &'static [Role],
    /// Start position FEN.
    pub start_fen: &'static str,
    /// Promotion choices, in the order moves are generated.
    pub promotion: &'static [Role],
    /// Castling.
    pub castling: CastlingSpec,
    /// Pawns.
    pub pawns: PawnSpec,
    /// Drops, if the variant has a hand.
    pub drops: Option<DropSpec>,
}

use Role::*;

const CHESS: VariantSpec = VariantSpec {
    name: "chess",
    geometry: GeometrySpec {
        files: 8,
        rows: 8,
        rank_base: 1,
        full_rows: (0, 7),
        extra_squares: &[],
    },
    roles: CHESS_ROLES,
    start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    promotion: &[Queen, Rook, Bishop, Knight],
    castling: CastlingSpec {
        king_file: 4,
        rook_files: [0, 7],
        king_destinations: [&[2], &[6]],
    },
    pawns: PawnSpec {
        middle_rank: [4, 5],
        promotion_rank: [8, 1],
        pawn_double_in_enemy_half: false,
        ninja_double_in_enemy_half: false,
    },
    drops: None,
};

const TITAN: VariantSpec = VariantSpec {
    name: "titan",
    geometry: GeometrySpec { files: 12, rows: 12, rank_base: 1, full_rows: (0, 11), extra_squares: &[] },
    roles: TITAN_ROLES,
    start_fen: "fragyqkugarf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRAGYQKUGARF w KQkq - 0 1",
    promotion: &[Queen, Rook, Bishop, Knight, Warrior, Guard, Bomber, Raptor, QuadBomber, QuadRaptor],
    castling: CastlingSpec {
        king_file: 6,
        rook_files: [1, 10],
        king_destinations: [&[5, 4, 3, 2, 1], &[7, 8, 9, 10]],
    },
    pawns: PawnSpec {
        middle_rank: [6, 7],
        promotion_rank: [12, 1],
        pawn_double_in_enemy_half: false,
        ninja_double_in_enemy_half: true,
    },
    drops: None,
};

const HADEAN: VariantSpec = VariantSpec {
    name: "hadean",
    geometry: GeometrySpec { files: 12, rows: 12, rank_base: 1, full_rows: (0, 11), extra_squares: &[] },
    roles: HADEAN_ROLES,
    start_fen: "rzmehqklemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEHQKLEMSR w KQkq - 0 1",
    promotion: &[
        Queen, Rook, Bishop, Warmachine, Elephant, FerzSorcerer, WazirSorcerer, FerzKnight,
        WazirKnight,
    ],
    castling: CastlingSpec {
        king_file: 6,
        rook_files: [0, 11],
        king_destinations: [&[5, 4, 3, 2, 1], &[7, 8, 9, 10]],
    },
    pawns: PawnSpec {
        middle_rank: [6, 7],
        promotion_rank: [12, 1],
        pawn_double_in_enemy_half: false,
        ninja_double_in_enemy_half: false,
    },
    drops: None,
};

const RAPTOR: VariantSpec = VariantSpec {
    name: "raptor",
    geometry: GeometrySpec {
        files: 10,
        rows: 12,
        rank_base: 0,
        full_rows: (1, 10),
        extra_squares: &[(4, 0), (5, 0), (4, 11), (5, 11)],
    },
    roles: RAPTOR_ROLES,
    start_fen: "****ff****/rnbaqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w KQkq - 0 1",
    promotion: &[Queen, Rook, Bishop, Knight, Raptor, Bomber],
    castling: CastlingSpec {
        king_file: 5,
        rook_files: [0, 9],
        king_destinations: [&[4, 3, 2, 1], &[6, 7, 8]],
    },
    pawns: PawnSpec {
        middle_rank: [5, 6],
        promotion_rank: [10, 1],
        pawn_double_in_enemy_half: false,
        ninja_double_in_enemy_half: false,
    },
    drops: None,
};

const OCTOPUS: VariantSpec = VariantSpec {
    name: "octopus",
    geometry: GeometrySpec {
        files: 10,
        rows: 10,
        rank_base: 1,
        full_rows: (0, 9),
        extra_squares: &[],
    },
    roles: OCTOPUS_ROLES,
    start_fen:
        "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[JJJJJjjjjj] w KQkq - 0 1",
    promotion: &[Queen, Rook, Bishop, WazirKnight, FerzKnight, Snake, Octopus],
    castling: CastlingSpec {
        king_file: 5,
        rook_files: [0, 9],
        king_destinations: [&[4, 3, 2, 1], &[6, 7, 8]],
    },
    pawns: PawnSpec {
        middle_rank: [5, 6],
        promotion_rank: [10, 1],
        pawn_double_in_enemy_half: true,
        ninja_double_in_enemy_half: true,
    },
    drops: Some(DropSpec {
        role: Ninja,
        drop_rank: [2, 9],
    }),
};

/// A variant's rules, validated and with every table the hot path needs.
#[derive(Debug)]
pub struct Rules {
    /// Which variant.
    pub variant: Variant,
    /// The data it was built from.
    pub spec: &'static VariantSpec,
    /// Squares that exist.
    pub exists: Bitboard,
    /// Roles allowed, as a membership array.
    pub role_allowed: [bool; Role::COUNT],
    /// Middle row per colour.
    pub middle_row: [i32; 2],
    /// Promotion row per colour.
    pub promotion_row: [i32; 2],
    /// Squares of each colour's promotion row.
    pub promotion_zone: [Bitboard; 2],
    /// Per colour: rows strictly below the middle row (own half, from the back edge).
    pub below_middle: [Bitboard; 2],
    /// Per colour: rows beyond the middle row (the enemy half).
    pub enemy_half: [Bitboard; 2],
    /// Drop squares per colour (empty without drops).
    pub drop_zone: [Bitboard; 2],
    /// King home square per colour.
    pub king_home: [Square; 2],
    /// Rook home squares per colour, `[queen side, king side]`.
    pub rook_home: [[Square; 2]; 2],
    /// Precomputed attack and step tables.
    pub(crate) tables: Tables,
    /// The piece families this variant has, in the order the attack test tries them.
    pub(crate) plan: AttackPlan,
    /// Squares near a king whose occupancy can decide an attack on it besides its lines up to
    /// the first piece: warmachine/elephant pair squares (two away on a line) and snake paths
    /// (knight squares and diagonal squares two away). Empty in variants without those pieces.
    pub extra_zone: Vec<Bitboard>,
}

impl Rules {
    /// The rules of a built-in game. Its table is constant data, checked by a unit test, so a
    /// problem here is a defect of this crate, reported with every problem at once.
    fn build(variant: Variant) -> Rules {
        if let Err(e) = variant.spec().validate() {
            panic!("{e}");
        }
        let mut rules = Rules::build_plain(variant);
        let t = &rules.tables;
        rules.extra_zone = (0..Square::COUNT)
            .map(|i| king_zone_extra(t, &rules.plan, Square::new_unchecked(i as u8)))
            .collect();
        rules
    }

    fn build_plain(variant: Variant) -> Rules {
        let spec = variant.spec();
        let g = &spec.geometry;
        let mut exists = Bitboard::EMPTY;
        for row in 0..g.rows {
            for file in 0..g.files {
                let full = row >= g.full_rows.0 && row <= g.full_rows.1;
                let extra = g.extra_squares.contains(&(file, row));
                if full || extra {
                    if let Some(sq) = Square::from_coords(file, row) {
                        exists = exists.with(sq);
                    }
                }
            }
        }
        let row_of = |rank: i32| rank - g.rank_base;
        let row_mask = |pred: &dyn Fn(i32) -> bool| -> Bitboard {
            exists.iter().filter(|s| pred(s.row())).collect()
        };
        let middle_row = [
            row_of(spec.pawns.middle_rank[0]),
            row_of(spec.pawns.middle_rank[1]),
        ];
        let promotion_row = [
            row_of(spec.pawns.promotion_rank[0]),
            row_of(spec.pawns.promotion_rank[1]),
        ];
        let mut role_allowed = [false; Role::COUNT];
        for r in spec.roles {
            role_allowed[r.index()] = true;
        }
        let back_row = [row_of(1), row_of(spec.pawns.promotion_rank[0])];
        let home = |c: usize, file: i32| {
            Square::from_coords(file, back_row[c]).expect("castling squares lie on the grid")
        };
        let drop_zone = match &spec.drops {
            Some(d) => [
                row_mask(&|r| r == row_of(d.drop_rank[0])),
                row_mask(&|r| r == row_of(d.drop_rank[1])),
            ],
            None => [Bitboard::EMPTY; 2],
        };
        let c = &spec.castling;
        Rules {
            variant,
            spec,
            exists,
            role_allowed,
            middle_row,
            promotion_row,
            promotion_zone: [
                row_mask(&|r| r == promotion_row[0]),
                row_mask(&|r| r == promotion_row[1]),
            ],
            below_middle: [
                row_mask(&|r| r < middle_row[0]),
                row_mask(&|r| r > middle_row[1]),
            ],
            enemy_half: [
                row_mask(&|r| r > middle_row[0]),
                row_mask(&|r| r < middle_row[1]),
            ],
            drop_zone,
            king_home: [home(0, c.king_file), home(1, c.king_file)],
            rook_home: [
                [home(0, c.rook_files[0]), home(0, c.rook_files[1])],
                [home(1, c.rook_files[0]), home(1, c.rook_files[1])],
            ],
            tables: Tables::build(exists),
            plan: AttackPlan::new(spec.roles),
            extra_zone: Vec::new(),
        }
    }

    /// Printed rank number of a row.
    pub fn rank_of_row(&self, row: i32) -> i32 {
        row + self.spec.geometry.rank_base
    }

    /// Row of a printed rank number.
    pub fn row_of_rank(&self, rank: i32) -> i32 {
        rank - self.spec.geometry.rank_base
    }

    /// Does `sq` exist on this board?
    #[inline]
    pub fn has(&self, sq: Square) -> bool {
        self.exists.has(sq)
    }

    /// The square `(df, dr)` from `sq`, if it exists on this board.
    #[inline]
    pub fn offset(&self, sq: Square, df: i32, dr: i32) -> Option<Square> {
        sq.offset(df, dr).filter(|s| self.exists.has(*s))
    }

    /// Square name such as `e0` or `a12`.
    pub fn square_name(&self, sq: Square) -> String {
        let file = (b'a' + sq.file() as u8) as char;
        format!("{}{}", file, self.rank_of_row(sq.row()))
    }

    /// Parses a square name; it must exist on this board.
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.len() == 2 && digits.starts_with('0') {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        let sq = Square::from_coords(f as i32 - 'a' as i32, self.row_of_rank(rank))?;
        self.exists.has(sq).then_some(sq)
    }

    /// Is the piece's row in its own half below the middle rank?
    #[inline]
    pub fn is_below_middle(&self, color: Color, sq: Square) -> bool {
        self.below_middle[color.index()].has(sq)
    }
}

//! Validation of a [`VariantSpec`] before [`crate::Rules`] are built from it.
//!
//! [`VariantSpec::problems`] lists every inconsistency it finds, not only the first one, so that
//! a new or edited variant table is corrected in one pass. [`crate::Rules`] are only ever built
//! from a spec without problems.

use crate::{Role, Square, VariantSpec};

/// One inconsistency in a variant's data table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecProblem {
    /// The grid does not fit the 12x12 bitboard, or has no square.
    #[error("board of {files} files and {rows} rows does not fit 1..=12 by 1..=12")]
    GridSize {
        /// Files of the spec.
        files: i32,
        /// Rows of the spec.
        rows: i32,
    },
    /// The full-width rows are empty or outside the grid.
    #[error("full rows {0}..={1} are not a range inside the grid")]
    FullRows(i32, i32),
    /// A protruding square lies outside the grid or inside a full row.
    #[error("extra square (file {0}, row {1}) is outside the grid or inside a full row")]
    ExtraSquare(i32, i32),
    /// Printed ranks would be negative.
    #[error("rank base {0} is negative")]
    RankBase(i32),
    /// A required role is missing from the roles.
    #[error("the roles lack the {0}")]
    MissingRole(&'static str),
    /// A role is listed twice.
    #[error("the {0} is listed twice in {1}")]
    Duplicate(&'static str, &'static str),
    /// There is nothing to promote to.
    #[error("no promotion choices")]
    NoPromotion,
    /// A promotion choice is not a piece of this game, or is a king or a pawn.
    #[error("promotion to the {0}: not a piece of this game, or a king or pawn")]
    BadPromotion(&'static str),
    /// A castling file lies outside the board, or the rooks are not on both sides of the king.
    #[error("castling files: king {king}, rooks {rooks:?} (rooks must stand on both sides of the king, inside the board)")]
    CastlingFiles {
        /// King file.
        king: i32,
        /// Rook files.
        rooks: [i32; 2],
    },
    /// A castling destination of the king is not between its file and that side's rook.
    #[error("king castling destination file {0} is not between the king and that side's rook")]
    CastlingDestination(i32),
    /// A castling side has no destination.
    #[error("a castling side has no destination")]
    NoCastlingDestination,
    /// A pawn rank (middle or promotion) is not a row of the board.
    #[error("{what} rank {rank} is not a rank of this board")]
    PawnRank {
        /// Which rank.
        what: &'static str,
        /// Its printed number.
        rank: i32,
    },
    /// The promotion ranks are not beyond the middle ranks, each seen from its own side.
    #[error("promotion ranks {promotion:?} do not lie beyond the middle ranks {middle:?}")]
    PawnDirection {
        /// Middle ranks (white, black).
        middle: [i32; 2],
        /// Promotion ranks (white, black).
        promotion: [i32; 2],
    },
    /// The piece held in hand is not a piece of this game.
    #[error("dropped piece, the {0}, is not a piece of this game")]
    DropRole(&'static str),
    /// A drop rank is not a rank of the board.
    #[error("drop rank {0} is not a rank of this board")]
    DropRank(i32),
    /// The start position does not have one FEN row per board row.
    #[error("start FEN has {fen} rows, the board has {board}")]
    StartRows {
        /// Rows in the FEN.
        fen: usize,
        /// Rows of the board.
        board: i32,
    },
    /// The start position names a piece that is not a piece of this game.
    #[error("start FEN letter '{0}' is not a piece of this game")]
    StartPiece(char),
}

/// Every problem of one spec, in the order found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("variant '{name}': {}", list(.problems))]
pub struct SpecErrors {
    /// The spec's name.
    pub name: &'static str,
    /// What is wrong, at least one item.
    pub problems: Vec<SpecProblem>,
}

fn list(problems: &[SpecProblem]) -> String {
    problems
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

impl VariantSpec {
    /// Every inconsistency of this table (empty when it is sound).
    pub fn problems(&self) -> Vec<SpecProblem> {
        let mut out = Vec::new();
        self.check_geometry(&mut out);
        self.check_roles(&mut out);
        self.check_castling(&mut out);
        self.check_pawns(&mut out);
        self.check_start(&mut out);
        out
    }

    /// `Ok` when the table is sound, otherwise all its problems at once.
    pub fn validate(&self) -> Result<(), SpecErrors> {
        let problems = self.problems();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(SpecErrors {
                name: self.name,
                problems,
            })
        }
    }

    fn has_role(&self, r: Role) -> bool {
        self.roles.contains(&r)
    }

    /// Is this printed rank one of the board's rows (full or with extra squares)?
    fn rank_exists(&self, rank: i32) -> bool {
        let g = &self.geometry;
        let row = rank - g.rank_base;
        (row >= g.full_rows.0 && row <= g.full_rows.1)
            || g.extra_squares.iter().any(|&(_, r)| r == row)
    }

    fn check_geometry(&self, out: &mut Vec<SpecProblem>) {
        let g = &self.geometry;
        let side = 1..=Square::WIDTH;
        if !side.contains(&g.files) || !side.contains(&g.rows) {
            out.push(SpecProblem::GridSize {
                files: g.files,
                rows: g.rows,
            });
        }
        let (first, last) = g.full_rows;
        if first < 0 || first > last || last >= g.rows {
            out.push(SpecProblem::FullRows(first, last));
        }
        for &(file, row) in g.extra_squares {
            let outside = file < 0 || file >= g.files || row < 0 || row >= g.rows;
            if outside || (row >= first && row <= last) {
                out.push(SpecProblem::ExtraSquare(file, row));
            }
        }
        if g.rank_base < 0 {
            out.push(SpecProblem::RankBase(g.rank_base));
        }
    }

    fn check_roles(&self, out: &mut Vec<SpecProblem>) {
        for required in [Role::King, Role::Pawn] {
            if !self.has_role(required) {
                out.push(SpecProblem::MissingRole(required.name()));
            }
        }
        for (what, list) in [
            ("the roles", self.roles),
            ("the promotions", self.promotion),
        ] {
            for (i, r) in list.iter().enumerate() {
                if list[..i].contains(r) {
                    out.push(SpecProblem::Duplicate(r.name(), what));
                }
            }
        }
        if self.promotion.is_empty() {
            out.push(SpecProblem::NoPromotion);
        }
        for &r in self.promotion {
            if !self.has_role(r) || r == Role::King || r.is_pawnlike() {
                out.push(SpecProblem::BadPromotion(r.name()));
            }
        }
        if let Some(d) = &self.drops {
            if !self.has_role(d.role) {
                out.push(SpecProblem::DropRole(d.role.name()));
            }
            for rank in d.drop_rank {
                if !self.rank_exists(rank) {
                    out.push(SpecProblem::DropRank(rank));
                }
            }
        }
    }

    fn check_castling(&self, out: &mut Vec<SpecProblem>) {
        let c = &self.castling;
        let files = self.geometry.files;
        let [low, high] = c.rook_files;
        if !(0 <= low && low < c.king_file && c.king_file < high && high < files) {
            out.push(SpecProblem::CastlingFiles {
                king: c.king_file,
                rooks: c.rook_files,
            });
            return;
        }
        for (side, dests) in c.king_destinations.iter().enumerate() {
            if dests.is_empty() {
                out.push(SpecProblem::NoCastlingDestination);
            }
            let range = if side == 0 {
                low..=c.king_file - 1
            } else {
                c.king_file + 1..=high
            };
            for &d in dests.iter().filter(|d| !range.contains(d)) {
                out.push(SpecProblem::CastlingDestination(d));
            }
        }
    }

    fn check_pawns(&self, out: &mut Vec<SpecProblem>) {
        let p = &self.pawns;
        for (what, ranks) in [("middle", p.middle_rank), ("promotion", p.promotion_rank)] {
            for rank in ranks {
                if !self.rank_exists(rank) {
                    out.push(SpecProblem::PawnRank { what, rank });
                }
            }
        }
        let [mw, mb] = p.middle_rank;
        let [pw, pb] = p.promotion_rank;
        if !(pw > mw && pb < mb) {
            out.push(SpecProblem::PawnDirection {
                middle: p.middle_rank,
                promotion: p.promotion_rank,
            });
        }
    }

    fn check_start(&self, out: &mut Vec<SpecProblem>) {
        let board = self.start_fen.split_whitespace().next().unwrap_or("");
        let board = board.split('[').next().unwrap_or("");
        let rows = board.split('/').count();
        if rows != self.geometry.rows as usize {
            out.push(SpecProblem::StartRows {
                fen: rows,
                board: self.geometry.rows,
            });
        }
        let mut seen: Vec<char> = Vec::new();
        for ch in board.chars().filter(|c| c.is_ascii_alphabetic()) {
            let known =
                Role::from_letter(ch.to_ascii_uppercase()).is_some_and(|r| self.has_role(r));
            if !known && !seen.contains(&ch) {
                seen.push(ch);
                out.push(SpecProblem::StartPiece(ch));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CastlingSpec, DropSpec, GeometrySpec, PawnSpec, Variant};

    #[test]
    fn every_built_in_game_is_sound() {
        for v in Variant::ALL {
            assert_eq!(v.spec().validate(), Ok(()), "{v}");
        }
    }

    #[test]
    fn a_broken_table_reports_every_problem_at_once() {
        let broken = VariantSpec {
            name: "broken",
            geometry: GeometrySpec {
                files: 8,
                rows: 8,
                rank_base: 1,
                full_rows: (0, 7),
                extra_squares: &[(3, 4)],
            },
            roles: &[Role::Pawn, Role::Knight, Role::Knight],
            start_fen: "8/8/8/8/8/8/8/3QK3 w - - 0 1",
            promotion: &[Role::Knight, Role::Queen],
            castling: CastlingSpec {
                king_file: 4,
                rook_files: [0, 7],
                king_destinations: [&[2], &[4]],
            },
            pawns: PawnSpec {
                middle_rank: [4, 5],
                promotion_rank: [9, 1],
                pawn_double_in_enemy_half: false,
                ninja_double_in_enemy_half: false,
            },
            drops: Some(DropSpec {
                role: Role::Ninja,
                drop_rank: [2, 0],
            }),
        };
        let problems = broken.validate().unwrap_err().problems;
        assert_eq!(
            problems,
            vec![
                SpecProblem::ExtraSquare(3, 4),
                SpecProblem::MissingRole(Role::King.name()),
                SpecProblem::Duplicate(Role::Knight.name(), "the roles"),
                SpecProblem::BadPromotion(Role::Queen.name()),
                SpecProblem::DropRole(Role::Ninja.name()),
                SpecProblem::DropRank(0),
                SpecProblem::CastlingDestination(4),
                SpecProblem::PawnRank {
                    what: "promotion",
                    rank: 9
                },
                SpecProblem::StartPiece('Q'),
                SpecProblem::StartPiece('K'),
            ]
        );
    }

    #[test]
    fn the_error_names_the_variant_and_lists_the_problems() {
        let e = SpecErrors {
            name: "x",
            problems: vec![SpecProblem::NoPromotion, SpecProblem::RankBase(-1)],
        };
        assert_eq!(
            e.to_string(),
            "variant 'x': no promotion choices; rank base -1 is negative"
        );
    }
}

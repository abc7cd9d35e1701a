//! The network's inputs, derived from a game's [`VariantSpec`](movegen::VariantSpec) rather than
//! written per game.
//!
//! A view (White's or Black's) sees the board from its own first row: rows count up from its
//! own side. Its inputs are, in order:
//! 1. own pieces, by role (the game's roles in their spec order), then by square (every square
//!    the board really has, row by row from the view's side, file by file);
//! 2. the enemy's pieces, laid out the same way;
//! 3. for a game with drops, the own hand, then the enemy's, as count slots: slot `i` is on when
//!    at least `i + 1` pieces are held.
//!
//! Chess therefore has the classic 768 inputs (2 × 6 roles × 64 squares), titan 3,744
//! (2 × 13 × 144), hadean 3,456, raptor 1,664 (2 × 8 × 104: ten full rows and four protruding
//! squares) and octopus 2,010 (2 × 10 × 100 and 2 × 5 hand slots).
//!
//! A network may also have 4 *king buckets* ([`FeatureSet::king_inputs`]): one copy of the
//! inputs per region of the board where a view's own king stands, a view whose king is on the
//! right half seeing the board mirrored left to right.

use movegen::{Color, Piece, Position, Role, Square, Variant};
use std::sync::OnceLock;

/// Most roles a game has (titan's 13); piece sets are kept in arrays of this size.
pub const MAX_ROLES: usize = 13;

/// King-bucket counts a network may have: 1 (one input set whatever the king's square) or 4.
pub const KING_BUCKET_COUNTS: [usize; 2] = [1, 4];

/// Marks a grid square the board does not have in [`FeatureSet`]'s square tables.
const OFF_BOARD: u16 = u16::MAX;

/// Which of the network's input sets a view uses, chosen by where that side's own king stands:
/// the set's first input and whether the view sees the board mirrored left to right.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KingInputs {
    offset: usize,
    mirrored: bool,
}

/// The inputs of one game (see the module documentation).
#[derive(Debug)]
pub struct FeatureSet {
    variant: Variant,
    roles: &'static [Role],
    /// The role's place in `roles`, or `u8::MAX` for a role the game does not have.
    role_slot: [u8; Role::COUNT],
    squares: usize,
    files: i32,
    /// The first full row, counted from either side (the boards are symmetric).
    first_row: i32,
    /// The dense square index of each grid square, by view and by mirroring.
    square_index: [[[u16; Square::COUNT]; 2]; 2],
    hand_slots: usize,
    /// Pieces on the board and in hand in the start position.
    start_material: usize,
}

impl FeatureSet {
    /// The inputs of `variant` (derived once).
    pub fn of(variant: Variant) -> &'static FeatureSet {
        static SETS: [OnceLock<FeatureSet>; 5] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        SETS[variant.index()].get_or_init(|| FeatureSet::derive(variant))
    }

    fn derive(variant: Variant) -> FeatureSet {
        let spec = variant.spec();
        let rules = variant.rules();
        let roles = spec.roles;
        assert!(
            roles.len() <= MAX_ROLES,
            "{variant}: more than {MAX_ROLES} roles"
        );
        let mut role_slot = [u8::MAX; Role::COUNT];
        for (i, r) in roles.iter().enumerate() {
            role_slot[r.index()] = i as u8;
        }
        let (files, rows) = (spec.geometry.files, spec.geometry.rows);
        let mut square_index = [[[OFF_BOARD; Square::COUNT]; 2]; 2];
        let mut squares = 0;
        for (v, view) in Color::BOTH.into_iter().enumerate() {
            for (m, mirrored) in [false, true].into_iter().enumerate() {
                let mut next = 0u16;
                for view_row in 0..rows {
                    for view_file in 0..files {
                        let row = if view == Color::White {
                            view_row
                        } else {
                            rows - 1 - view_row
                        };
                        let file = if mirrored {
                            files - 1 - view_file
                        } else {
                            view_file
                        };
                        let sq = Square::from_coords(file, row).expect("inside the grid");
                        if rules.exists.has(sq) {
                            square_index[v][m][sq.index()] = next;
                            next += 1;
                        }
                    }
                }
                squares = usize::from(next);
            }
        }
        let start = Position::startpos(variant);
        let hand_slots = if spec.drops.is_some() {
            usize::from(start.hand(Color::White).max(start.hand(Color::Black)))
        } else {
            0
        };
        let start_material = start.board().occupied().count() as usize
            + Color::BOTH
                .map(|c| usize::from(start.hand(c)))
                .iter()
                .sum::<usize>();
        FeatureSet {
            variant,
            roles,
            role_slot,
            squares,
            files,
            first_row: spec.geometry.full_rows.0,
            square_index,
            hand_slots,
            start_material,
        }
    }

    /// The game these inputs are for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The game's roles, in the order of the inputs.
    pub fn roles(&self) -> &'static [Role] {
        self.roles
    }

    /// Squares the board has.
    pub fn squares(&self) -> usize {
        self.squares
    }

    /// Hand slots per side (0 without drops).
    pub fn hand_slots(&self) -> usize {
        self.hand_slots
    }

    /// Inputs of one view (per king bucket).
    pub fn inputs(&self) -> usize {
        2 * self.roles.len() * self.squares + 2 * self.hand_slots
    }

    /// The output bucket of `pos` for a network of `buckets` output buckets: the pieces on the
    /// board and in hand, from 2 to the start position's count, split evenly, fewest first.
    /// Chess with 8 buckets: 2-5 pieces use bucket 0, 6-9 bucket 1, ..., 30-32 bucket 7.
    #[inline]
    pub fn output_bucket(&self, pos: &Position, buckets: usize) -> usize {
        let material = pos.board().occupied().count() as usize
            + usize::from(pos.hand(Color::White))
            + usize::from(pos.hand(Color::Black));
        self.bucket_of_material(material, buckets)
    }

    /// [`Self::output_bucket`] of a position with `material` pieces on the board and in hand
    /// (the count of a view's active inputs).
    #[inline]
    pub fn bucket_of_material(&self, material: usize, buckets: usize) -> usize {
        (material.saturating_sub(2) * buckets / (self.start_material - 1)).min(buckets - 1)
    }

    /// The input set of `view` in `pos` for a network of `king_buckets` king buckets
    /// ([`KING_BUCKET_COUNTS`]). With one: the only set, never mirrored. With 4, a view whose
    /// king stands on the right half of the board sees it mirrored, so that its king is always
    /// on the left half; the king's row and file (from the view's side) then pick the set: the
    /// first row on the outer quarter (a castled king), the rest of the first row, the second
    /// row, or any row beyond.
    #[inline]
    pub fn king_inputs(&self, pos: &Position, view: Color, king_buckets: usize) -> KingInputs {
        if king_buckets <= 1 {
            return KingInputs::default();
        }
        let Some(king) = pos.board().pieces(view, Role::King).into_iter().next() else {
            return KingInputs::default();
        };
        let rows = self.variant.spec().geometry.rows;
        let row = if view == Color::White {
            king.row()
        } else {
            rows - 1 - king.row()
        } - self.first_row;
        let mirrored = king.file() >= self.files / 2;
        let file = if mirrored {
            self.files - 1 - king.file()
        } else {
            king.file()
        };
        let bucket = match row {
            0 if file < self.files / 4 => 0,
            0 => 1,
            1 => 2,
            _ => 3,
        };
        KingInputs {
            offset: bucket * self.inputs(),
            mirrored,
        }
    }

    /// The input of `piece` on `sq` in the view of `view`, whose input set is `king`; `None`
    /// for a role the game does not have or a square its board lacks.
    #[inline]
    pub fn piece(&self, view: Color, piece: Piece, sq: Square, king: KingInputs) -> Option<usize> {
        let role = self.role_slot[piece.role.index()];
        let square = self.square_index[view.index()][usize::from(king.mirrored)][sq.index()];
        if role == u8::MAX || square == OFF_BOARD {
            return None;
        }
        let side = usize::from(piece.color != view);
        Some(
            king.offset
                + (side * self.roles.len() + usize::from(role)) * self.squares
                + usize::from(square),
        )
    }

    /// The input of hand slot `slot` (on when `holder` holds at least `slot + 1` pieces) in the
    /// view of `view`, whose input set is `king`.
    #[inline]
    pub fn hand(&self, view: Color, holder: Color, slot: usize, king: KingInputs) -> usize {
        debug_assert!(slot < self.hand_slots);
        let side = usize::from(holder != view);
        king.offset + 2 * self.roles.len() * self.squares + side * self.hand_slots + slot
    }

    /// The hand slots `holder`'s count of `count` turns on (at most [`Self::hand_slots`]).
    #[inline]
    pub fn slots_on(&self, count: u8) -> usize {
        usize::from(count).min(self.hand_slots)
    }

    /// Every active input of `pos` in the view of `view`, for a network of `king_buckets` king
    /// buckets: the pieces in board order, then the hand slots.
    pub fn active(&self, pos: &Position, view: Color, king_buckets: usize) -> Vec<usize> {
        let king = self.king_inputs(pos, view, king_buckets);
        let mut out: Vec<usize> = pos
            .board()
            .occupied()
            .into_iter()
            .filter_map(|sq| pos.piece_at(sq).and_then(|p| self.piece(view, p, sq, king)))
            .collect();
        for holder in Color::BOTH {
            for slot in 0..self.slots_on(pos.hand(holder)) {
                out.push(self.hand(view, holder, slot, king));
            }
        }
        out
    }

    /// The input each input becomes when the board is mirrored left to right (hand slots stay),
    /// for one input set: a permutation of `0..inputs()`. Training shows a position mirrored
    /// with it.
    pub fn mirror_table(&self) -> Vec<u16> {
        let mut table: Vec<u16> = (0..self.inputs() as u16).collect();
        let plain = &self.square_index[0][0];
        let flipped = &self.square_index[0][1];
        for sq in 0..Square::COUNT {
            if plain[sq] == OFF_BOARD {
                continue;
            }
            for block in 0..2 * self.roles.len() {
                let base = block * self.squares;
                table[base + usize::from(plain[sq])] = (base + usize::from(flipped[sq])) as u16;
            }
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn input_counts_follow_each_game_by_hand() {
        let count = |v| FeatureSet::of(v).inputs();
        assert_eq!(count(Variant::Chess), 768);
        assert_eq!(count(Variant::Titan), 2 * 13 * 144);
        assert_eq!(count(Variant::Hadean), 2 * 12 * 144);
        assert_eq!(count(Variant::Raptor), 2 * 8 * 104);
        assert_eq!(count(Variant::Octopus), 2 * 10 * 100 + 2 * 5);
    }

    #[test]
    fn chess_inputs_are_the_classic_768_by_hand() {
        let fs = FeatureSet::of(Variant::Chess);
        let pos = Position::startpos(Variant::Chess);
        let e1 = Square::from_coords(4, 0).unwrap();
        let king = pos.piece_at(e1).unwrap();
        let one = KingInputs::default();
        // White's king on e1: own, role 5, row 0, file 4.
        assert_eq!(fs.piece(Color::White, king, e1, one), Some(5 * 64 + 4));
        // Black sees it as an enemy king on its eighth row: 384 + 320 + 7 * 8 + 4.
        assert_eq!(
            fs.piece(Color::Black, king, e1, one),
            Some(384 + 5 * 64 + 56 + 4)
        );
        let off_board = Square::from_coords(9, 0).unwrap();
        assert_eq!(fs.piece(Color::White, king, off_board, one), None);
    }

    #[test]
    fn the_start_positions_have_mirrored_views() {
        for v in Variant::ALL {
            let fs = FeatureSet::of(v);
            let pos = Position::startpos(v);
            let mut white = fs.active(&pos, Color::White, 1);
            let mut black = fs.active(&pos, Color::Black, 1);
            let pieces = pos.board().occupied().count() as usize;
            assert_eq!(white.len(), pieces + 2 * fs.hand_slots(), "{v}");
            white.sort_unstable();
            black.sort_unstable();
            // Every start position is symmetric between the colours: each side sees the same.
            assert_eq!(white, black, "{v}");
            assert!(white.iter().all(|&i| i < fs.inputs()), "{v}");
        }
    }

    #[test]
    fn raptor_protruding_squares_and_octopus_hands_by_hand() {
        let fs = FeatureSet::of(Variant::Raptor);
        // Row 0 has only e0 and f0: they are squares 0 and 1, row 1 starts at 2.
        let e0 = Square::from_coords(4, 0).unwrap();
        let a1 = Square::from_coords(0, 1).unwrap();
        let f11 = Square::from_coords(5, 11).unwrap();
        let pawn = Piece::new(Color::White, Role::Pawn);
        let one = KingInputs::default();
        assert_eq!(fs.piece(Color::White, pawn, e0, one), Some(0));
        assert_eq!(fs.piece(Color::White, pawn, a1, one), Some(2));
        // Black's first row is row 11, where f11 is the second square (after e11): a White
        // pawn there is an enemy pawn on square 1, 8 * 104 + 1.
        assert_eq!(fs.piece(Color::Black, pawn, f11, one), Some(8 * 104 + 1));
        assert_eq!(
            fs.piece(Color::White, pawn, Square::from_coords(0, 0).unwrap(), one),
            None
        );

        let fs = FeatureSet::of(Variant::Octopus);
        let fen = "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[JJj] w KQkq - 0 1";
        let pos = Position::from_fen(Variant::Octopus, fen).unwrap();
        let base = 2 * 10 * 100;
        let hands = |view| -> Vec<usize> {
            fs.active(&pos, view, 1)
                .into_iter()
                .filter(|&i| i >= base)
                .collect()
        };
        // White holds 2 (own slots 0 and 1), Black 1 (enemy slot 0 for White).
        assert_eq!(hands(Color::White), vec![base, base + 1, base + 5]);
        assert_eq!(hands(Color::Black), vec![base + 5, base + 6, base]);
    }

    #[test]
    fn chess_king_buckets_by_hand() {
        let fs = FeatureSet::of(Variant::Chess);
        let pos = |fen: &str| Position::from_fen(Variant::Chess, fen).unwrap();
        let sets = |fen: &str| {
            let p = pos(fen);
            Color::BOTH.map(|c| fs.king_inputs(&p, c, 4))
        };
        let set = |bucket: usize, mirrored: bool| KingInputs {
            offset: bucket * 768,
            mirrored,
        };
        // Kings at home on e1 and e8: files e-h are mirrored, so both stand on "d1".
        assert_eq!(sets(START), [set(1, true), set(1, true)]);
        // White castled short (g1 -> b1 mirrored), Black's king on b7 (its second row).
        let castled = "8/1k6/8/8/8/8/8/6K1 w - - 0 1";
        assert_eq!(sets(castled), [set(0, true), set(2, false)]);
        assert_eq!(
            sets("8/8/8/8/3K4/8/8/2k5 w - - 0 1"),
            [set(3, false), set(3, false)]
        );
        // The mirrored view of White's king on g1 puts it on b1 of the set: 320 + 1.
        let p = pos(castled);
        let g1 = Square::from_coords(6, 0).unwrap();
        let king = p.piece_at(g1).unwrap();
        assert_eq!(
            fs.piece(Color::White, king, g1, set(0, true)),
            Some(5 * 64 + 1)
        );
        // A position and its mirror image have the same inputs with 4 king buckets.
        let mirror = "8/6k1/8/8/8/8/8/1K6 w - - 0 1";
        for c in Color::BOTH {
            let sorted = |fen: &str| {
                let mut f = fs.active(&pos(fen), c, 4);
                f.sort_unstable();
                f
            };
            assert_eq!(sorted(castled), sorted(mirror));
        }
    }

    #[test]
    fn the_mirror_table_maps_a_position_to_its_mirror_image() {
        let fs = FeatureSet::of(Variant::Chess);
        let table = fs.mirror_table();
        let pos = |fen: &str| Position::from_fen(Variant::Chess, fen).unwrap();
        let a = pos("8/1k6/8/2n5/8/8/P7/6K1 w - - 0 1");
        let b = pos("8/6k1/8/5n2/8/8/7P/1K6 w - - 0 1");
        for c in Color::BOTH {
            let mut mapped: Vec<usize> = fs
                .active(&a, c, 1)
                .into_iter()
                .map(|i| usize::from(table[i]))
                .collect();
            let mut direct = fs.active(&b, c, 1);
            mapped.sort_unstable();
            direct.sort_unstable();
            assert_eq!(mapped, direct);
        }
        // On chess's board the mirror is the classic file flip.
        assert!((0..768).all(|i| usize::from(table[i]) == i ^ 7));
    }

    #[test]
    fn output_buckets_span_each_games_material() {
        let fs = FeatureSet::of(Variant::Chess);
        let bucket =
            |fen: &str| fs.output_bucket(&Position::from_fen(Variant::Chess, fen).unwrap(), 8);
        assert_eq!(bucket(START), 7);
        assert_eq!(bucket("8/8/8/8/8/8/8/K6k w - - 0 1"), 0);
        // 6 pieces: (6 - 2) * 8 / 31 = 1.
        assert_eq!(bucket("8/8/8/8/8/pp6/PP6/K6k w - - 0 1"), 1);
        for v in Variant::ALL {
            let fs = FeatureSet::of(v);
            assert_eq!(fs.output_bucket(&Position::startpos(v), 4), 3, "{v}");
        }
    }
}

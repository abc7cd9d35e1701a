//! Static evaluation: material, formula-generated piece-square tables with fitted placement
//! tables (by rows and by files) on top, mobility (squares no enemy pawn attacks), pawn and
//! ninja-pawn advancement, pawn structure, pawn threats and open files, king placement and
//! safety (shelter, king-zone attacks, safe checks), and ninja pawns in hand.
//!
//! Every weight comes from [`Weights`]; an [`Evaluator`] bakes them into per-variant tables once
//! (when the weights or the variant change), so evaluating a position only sums table entries and
//! counts destinations.

pub mod pawn_cache;
pub mod pawns;
pub mod trace;
pub mod weights;

use crate::nnue::{self, Network};
use movegen::{Bitboard, Color, Piece, Position, Role, Square, Variant};
pub use pawn_cache::PawnCache;
use pawns::{PawnFacts, StructureCounts, StructureMasks};
use std::sync::Arc;
pub use trace::EvalTrace;
pub use weights::Weights;
use weights::{Scalars, Stage};

/// Largest absolute value [`Evaluator::evaluate`] returns (below every mate score).
pub const EVAL_LIMIT: i32 = 20_000;

/// Full phase: every non-pawn, non-king piece of the start position still on the board.
const PHASE_MAX: i32 = 256;

/// Evaluation tables of one variant, built from a set of [`Weights`].
#[derive(Clone, Debug)]
pub struct Evaluator {
    variant: Variant,
    /// Middlegame piece-square values including material, per piece index and square.
    pst_mg: Vec<[i32; Square::COUNT]>,
    /// Endgame piece-square values including material.
    pst_eg: Vec<[i32; Square::COUNT]>,
    /// Mobility weight per role, in centipawns x4: middlegame, endgame.
    mobility: [(i32, i32); Role::COUNT],
    /// Material per role.
    material: [i32; Role::COUNT],
    hand_ninja: i32,
    /// Non-pawn, non-king pieces in the start position (both sides).
    phase_total: i32,
    tempo: i32,
    bishop_pair: i32,
    king_shelter: i32,
    king_attack: i32,
    /// Piece-threat weight (middlegame, endgame).
    piece_threat: (i32, i32),
    /// Safe-check weight (middlegame, endgame).
    safe_check: (i32, i32),
    /// Which piece is "cheaper" for a piece threat: the built-in material values, fixed so that
    /// the feature does not depend on the weights (the Texel trace needs it linear).
    threat_value: [i32; Role::COUNT],
    /// The scalar weights (pawn-structure terms read them directly).
    scalars: Scalars,
    /// Passed-pawn table per stage by rows left to promotion.
    passed: [[i32; weights::PASSED_ROWS]; 2],
    /// File and front-span masks for the pawn-structure terms.
    structure: StructureMasks,
    /// A learned network that evaluates instead of the tables (chess only; see
    /// [`Evaluator::with_network`]).
    network: Option<Arc<Network>>,
}

/// The pieces of `c` a piece threat can hit: everything but pawns, ninja pawns and the king.
fn threat_targets(pos: &Position, c: Color) -> Bitboard {
    let board = pos.board();
    board.color(c)
        & !board.pieces(c, Role::Pawn)
        & !board.pieces(c, Role::Ninja)
        & !Bitboard::from_square(pos.king(c))
}

/// Safe squares a piece needs not to count as nearly trapped.
const FREE_SQUARES: i32 = 3;

/// How nearly trapped a piece with `safe` safe squares is: the squares it lacks of
/// [`FREE_SQUARES`], the coefficient of `LowMobilityMg`/`LowMobilityEg`.
#[inline]
fn low_mobility_of(safe: i32) -> i32 {
    (FREE_SQUARES - safe).max(0)
}

/// Does a piece of `role` attack a square exactly from the squares it could move to from that
/// square (leapers, the ninja warrior and guard, and chess sliders)? Only these count safe
/// checks: the squares they would check the king from are their moves from the king's square.
/// Fly-over, crooked and paired pieces attack in ways a reversed move does not describe.
fn checks_by_mirror(role: Role) -> bool {
    use Role::*;
    matches!(
        role,
        Knight
            | Bishop
            | Rook
            | Queen
            | Warrior
            | Guard
            | FerzSorcerer
            | WazirSorcerer
            | FerzKnight
            | WazirKnight
    )
}

/// The squares from which a piece of each mirror role (see [`checks_by_mirror`]) would attack
/// one king, computed once per role on first use.
struct CheckSquares<'a> {
    rules: &'a movegen::Rules,
    king: Square,
    occ: Bitboard,
    known: u32,
    sets: [Bitboard; Role::COUNT],
}

impl<'a> CheckSquares<'a> {
    fn new(rules: &'a movegen::Rules, king: Square, occ: Bitboard) -> CheckSquares<'a> {
        CheckSquares {
            rules,
            king,
            occ,
            known: 0,
            sets: [Bitboard::EMPTY; Role::COUNT],
        }
    }

    /// Safe checks of one piece of `role` whose moves are `moves`: those of its moves from
    /// which it would attack the king, within `safe` (squares no enemy pawn attacks).
    fn count(&mut self, role: Role, moves: Bitboard, safe: Bitboard) -> i32 {
        if !checks_by_mirror(role) {
            return 0;
        }
        let bit = 1 << role.index();
        if self.known & bit == 0 {
            self.sets[role.index()] =
                self.rules
                    .destinations(role, self.king, self.occ, Bitboard::EMPTY);
            self.known |= bit;
        }
        (moves & safe & self.sets[role.index()]).count() as i32
    }
}

/// Geometry helpers for the formulas: the full rectangle of the board.
struct Shape {
    files: i32,
    lo: i32,
    hi: i32,
}

impl Shape {
    fn of(v: Variant) -> Shape {
        let g = &v.spec().geometry;
        Shape {
            files: g.files,
            lo: g.full_rows.0,
            hi: g.full_rows.1,
        }
    }

    /// File centrality in half steps: 0 on the edge files, files-1 (rounded) in the middle.
    fn file_center(&self, sq: Square) -> i32 {
        (self.files - 1) - (2 * sq.file() - (self.files - 1)).abs()
    }

    /// Row centrality in half steps (0 on the back rows and outside them).
    fn row_center(&self, sq: Square) -> i32 {
        let rows = self.hi - self.lo + 1;
        ((rows - 1) - (2 * (sq.row() - self.lo) - (rows - 1)).abs()).max(0)
    }

    /// Rows advanced from the colour's back rank (0 on it; negative squares behind it clamp to 0).
    fn advance(&self, c: Color, sq: Square) -> i32 {
        match c {
            Color::White => (sq.row() - self.lo).max(0),
            Color::Black => (self.hi - sq.row()).max(0),
        }
    }

    /// Placement-table row of a piece of colour `c` on `sq`: rows from its back rank.
    fn rank_index(&self, c: Color, sq: Square) -> usize {
        (self.advance(c, sq) as usize).min(weights::PLACEMENT_RANKS - 1)
    }

    /// Placement-table column of `sq`: files from the nearer edge file.
    fn file_index(&self, sq: Square) -> usize {
        let f = sq.file().min(self.files - 1 - sq.file()).max(0);
        (f as usize).min(weights::PLACEMENT_FILES - 1)
    }

    /// Rows from the back rank to the promotion rank.
    fn depth(&self) -> i32 {
        self.hi - self.lo
    }
}

impl Evaluator {
    /// Builds the tables of `variant` from `w`.
    pub fn new(w: &Weights, variant: Variant) -> Evaluator {
        let s = &w.scalars;
        let material = w.material[variant.index()];
        let shape = Shape::of(variant);
        let rules = variant.rules();
        let mut pst_mg = vec![[0; Square::COUNT]; Piece::COUNT];
        let mut pst_eg = vec![[0; Square::COUNT]; Piece::COUNT];
        for c in Color::BOTH {
            for role in Role::ALL {
                let p = Piece::new(c, role);
                for sq in rules.exists {
                    let center = shape.file_center(sq) + shape.row_center(sq);
                    let adv = shape.advance(c, sq);
                    let left = shape.depth() - adv;
                    let near = (4 - left).max(0).pow(2);
                    let base = material[role.index()];
                    let (mg, eg) = match role {
                        Role::Pawn => (
                            s.pawn_advance_mg * adv
                                + s.pawn_near_mg * near
                                + s.pawn_center_file * shape.file_center(sq) / 4,
                            s.pawn_advance_eg * adv + s.pawn_near_eg * near,
                        ),
                        Role::Ninja => (
                            s.ninja_advance_mg * adv
                                + s.ninja_near_mg * near
                                + s.pawn_center_file * shape.file_center(sq) / 4,
                            s.ninja_advance_eg * adv + s.ninja_near_eg * near,
                        ),
                        Role::King => (-s.king_home_mg * adv, s.king_center_eg * center / 4),
                        r => {
                            let v = w.center[r.index()] * center / 4;
                            (v, v)
                        }
                    };
                    let (ri, fi) = (shape.rank_index(c, sq), shape.file_index(sq));
                    let place = |s: Stage| {
                        w.rank[role.index()][s.index()][ri] + w.file[role.index()][s.index()][fi]
                    };
                    pst_mg[p.index()][sq.index()] = base + mg + place(Stage::Middlegame);
                    pst_eg[p.index()][sq.index()] = base + eg + place(Stage::Endgame);
                }
            }
        }
        let mut mobility = [(0, 0); Role::COUNT];
        for r in Role::ALL {
            let mg = w.mobility[r.index()];
            let eg = mg + w.mobility_eg[r.index()];
            mobility[r.index()] = (mg * s.mobility_scale / 100, eg * s.mobility_scale / 100);
        }
        let start = Position::startpos(variant);
        let phase_total = start
            .board()
            .occupied()
            .iter()
            .filter(|sq| {
                start
                    .piece_at(*sq)
                    .is_some_and(|p| !p.role.is_pawnlike() && p.role != Role::King)
            })
            .count()
            .max(1) as i32;
        Evaluator {
            variant,
            pst_mg,
            pst_eg,
            mobility,
            material,
            hand_ninja: w.hand_ninja,
            phase_total,
            tempo: s.tempo,
            bishop_pair: s.bishop_pair,
            king_shelter: s.king_shelter,
            king_attack: s.king_attack,
            piece_threat: (s.piece_threat_mg, s.piece_threat_eg),
            safe_check: (s.safe_check_mg, s.safe_check_eg),
            threat_value: Weights::default().material[variant.index()],
            scalars: s.clone(),
            passed: w.passed,
            structure: StructureMasks::new(rules),
            network: None,
        }
    }

    /// These tables with `network` evaluating instead of them. A network evaluates chess only:
    /// for any other variant it is ignored.
    pub fn with_network(mut self, network: Option<Arc<Network>>) -> Evaluator {
        self.network = network.filter(|_| self.variant == nnue::VARIANT);
        self
    }

    /// The network that evaluates instead of the tables, if any.
    #[inline]
    pub fn network(&self) -> Option<&Network> {
        self.network.as_deref()
    }

    /// The variant these tables are for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Material value of a role (for move ordering and pruning margins).
    #[inline]
    pub fn material(&self, role: Role) -> i32 {
        self.material[role.index()]
    }

    /// The largest material value of a promotion choice of this variant.
    pub fn best_promotion(&self) -> Option<Role> {
        self.variant
            .spec()
            .promotion
            .iter()
            .copied()
            .max_by_key(|r| self.material(*r))
    }

    /// Evaluates `pos` from the side to move's point of view, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        if let Some(net) = self.network() {
            return net.evaluate(pos).clamp(-EVAL_LIMIT, EVAL_LIMIT);
        }
        let facts = Color::BOTH.map(|c| self.structure.pawn_facts(pos, c));
        self.evaluate_with(pos, &facts)
    }

    /// [`Evaluator::evaluate`], with the pawn-only structure features looked up in `cache`
    /// (the same value, faster).
    pub fn evaluate_cached(&self, pos: &Position, cache: &mut PawnCache) -> i32 {
        if self.network.is_some() {
            return self.evaluate(pos);
        }
        let facts = cache.facts(&self.structure, pos);
        self.evaluate_with(pos, &facts)
    }

    /// The evaluation, given the pawn-only structure features of White and Black in `pos`.
    fn evaluate_with(&self, pos: &Position, facts: &[PawnFacts; 2]) -> i32 {
        let board = pos.board();
        let rules = pos.rules();
        let occ = board.occupied();
        let kings = [pos.king(Color::White), pos.king(Color::Black)];
        let zones = kings.map(|k| rules.king_steps(k).with(k));
        let mut mg = [0i32; 2];
        let mut eg = [0i32; 2];
        let mut attack_units = [0i32; 2];
        let mut attackers = [0i32; 2];
        let mut pieces = 0;
        let threats_weighed = self.piece_threat != (0, 0);
        let checks_weighed = self.safe_check != (0, 0);
        for c in Color::BOTH {
            let ci = c.index();
            let own = board.color(c);
            let enemy_zone = zones[1 - ci];
            let area = !facts[1 - ci].attacks;
            let targets = if threats_weighed {
                threat_targets(pos, c.opposite())
            } else {
                Bitboard::EMPTY
            };
            let mut threats = 0;
            let mut checks = CheckSquares::new(rules, kings[1 - ci], occ);
            let mut safe_checks = 0;
            let mut low_mobility = 0;
            for sq in own {
                let Some(p) = pos.piece_at(sq) else { continue };
                mg[ci] += self.pst_mg[p.index()][sq.index()];
                eg[ci] += self.pst_eg[p.index()][sq.index()];
                if p.role.is_pawnlike() || p.role == Role::King {
                    continue;
                }
                pieces += 1;
                let d = rules.destinations(p.role, sq, occ, own);
                let safe = (d & area).count() as i32;
                let (m_mg, m_eg) = self.mobility[p.role.index()];
                mg[ci] += safe * m_mg / 4;
                eg[ci] += safe * m_eg / 4;
                low_mobility += low_mobility_of(safe);
                let units = (d & enemy_zone).count() as i32;
                attack_units[ci] += units;
                attackers[ci] += (units > 0) as i32;
                if threats_weighed {
                    threats += self.threats_by(pos, p.role, d & targets);
                }
                if checks_weighed {
                    safe_checks += checks.count(p.role, d, area);
                }
            }
            mg[ci] += threats * self.piece_threat.0 + safe_checks * self.safe_check.0;
            eg[ci] += threats * self.piece_threat.1 + safe_checks * self.safe_check.1;
            mg[ci] -= low_mobility * self.scalars.low_mobility_mg;
            eg[ci] -= low_mobility * self.scalars.low_mobility_eg;
            if board.pieces(c, Role::Bishop).count() >= 2 {
                mg[ci] += self.bishop_pair;
                eg[ci] += self.bishop_pair;
            }
            let hand = pos.hand(c) as i32 * self.hand_ninja;
            mg[ci] += hand;
            eg[ci] += hand;
            mg[ci] += self.king_shelter * self.shelter(pos, c, kings[ci]);
            let (smg, seg) = self.structure_score(&self.structure.count_with(pos, c, &facts[ci]));
            mg[ci] += smg;
            eg[ci] += seg;
        }
        let phase = (pieces.min(self.phase_total) * PHASE_MAX) / self.phase_total;
        for c in 0..2 {
            // King-zone attacks by the other side cost middlegame points.
            let u = attack_units[1 - c];
            mg[c] -= u * u * self.king_attack / 16;
            mg[c] -= attackers[1 - c] * u * self.scalars.king_attackers / 16;
        }
        let white = ((mg[0] - mg[1]) * phase + (eg[0] - eg[1]) * (PHASE_MAX - phase)) / PHASE_MAX;
        let stm = match pos.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        };
        (stm + self.tempo).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// Middlegame and endgame value of one side's pawn-structure counts.
    fn structure_score(&self, n: &StructureCounts) -> (i32, i32) {
        let w = &self.scalars;
        let table = |s: Stage| -> i32 {
            let row = &self.passed[s.index()];
            row.iter().zip(n.passed_rows).map(|(v, k)| v * k).sum()
        };
        let mg = table(Stage::Middlegame) + w.passed_mg * n.passed
            - w.isolated_mg * n.isolated
            - w.doubled_mg * n.doubled
            + w.supported_mg * n.supported
            + w.outpost_mg * n.outposts
            + w.rook_open_mg * n.rook_open
            + w.rook_half_open_mg * n.rook_half_open
            + w.pawn_threat_mg * n.pawn_threats
            + w.phalanx_mg * n.phalanx
            - w.bad_bishop_mg * n.bad_bishop
            - w.pawn_storm_mg * n.storm
            - w.king_open_file_mg * n.king_open_files
            + w.minor_behind_pawn_mg * n.minors_behind_pawns;
        let eg = table(Stage::Endgame)
            + w.passed_eg * n.passed
            + w.passed_free_eg * n.passed_free
            + w.passed_king_eg * n.passed_king
            - w.isolated_eg * n.isolated
            - w.doubled_eg * n.doubled
            + w.supported_eg * n.supported
            + w.pawn_threat_eg * n.pawn_threats
            + w.outpost_eg * n.outposts
            + w.phalanx_eg * n.phalanx
            - w.bad_bishop_eg * n.bad_bishop;
        (mg, eg)
    }

    /// How many of the pieces on `attacked` (enemy pieces a piece of role `attacker` can move
    /// to) are worth more than the attacker by the built-in material values: the piece-threat
    /// feature. A fly-over capture's victim stands before the landing square and is not counted.
    fn threats_by(&self, pos: &Position, attacker: Role, attacked: Bitboard) -> i32 {
        let value = self.threat_value[attacker.index()];
        attacked
            .iter()
            .filter(|&sq| {
                pos.piece_at(sq)
                    .is_some_and(|v| self.threat_value[v.role.index()] > value)
            })
            .count() as i32
    }

    /// Own pawns and ninja pawns on the three squares in front of the king, one and two rows
    /// ahead.
    fn shelter(&self, pos: &Position, c: Color, king: Square) -> i32 {
        let rules = pos.rules();
        let pawns = pos.board().pieces(c, Role::Pawn) | pos.board().pieces(c, Role::Ninja);
        let mut n = 0;
        for dr in [1, 2] {
            for df in [-1, 0, 1] {
                if rules
                    .offset(king, df, dr * c.forward())
                    .is_some_and(|s| pawns.has(s))
                {
                    n += 1;
                }
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_are_balanced() {
        let w = Weights::default();
        for v in Variant::ALL {
            let e = Evaluator::new(&w, v);
            let pos = Position::startpos(v);
            let s = e.evaluate(&pos);
            assert_eq!(s, w.scalars.tempo, "{v}: start position evaluates to {s}");
        }
    }

    /// The change the weights `settings` make to the evaluation of a chess position, against
    /// the built-in defaults.
    fn chess_gain(settings: &[(&str, i64)]) -> impl Fn(&str) -> i32 {
        let mut w = Weights::default();
        let plain = Evaluator::new(&w, Variant::Chess);
        for &(name, value) in settings {
            w.set(name, value).unwrap();
        }
        let changed = Evaluator::new(&w, Variant::Chess);
        move |fen: &str| {
            let pos = Position::from_fen(Variant::Chess, fen).unwrap();
            changed.evaluate(&pos) - plain.evaluate(&pos)
        }
    }

    #[test]
    fn a_piece_attacked_by_a_cheaper_piece_is_a_threat() {
        let gain = chess_gain(&[("PieceThreatMg", 50), ("PieceThreatEg", 50)]);
        // White's knight on e5 attacks Black's rook on d7: one threat for White.
        assert_eq!(gain("4k3/3r4/8/4N3/8/8/8/4K3 w - - 0 1"), 50);
        // Black's rook on d7 attacks White's knight on d5: not a cheaper attacker.
        assert_eq!(gain("4k3/3r4/8/3N4/8/8/8/4K3 w - - 0 1"), 0);
        // Black's knight on c5 attacks White's queen on d3 and rook on b3: two threats for Black.
        assert_eq!(gain("4k3/8/8/2n5/8/1R1Q4/8/4K3 w - - 0 1"), -100);
        // Pawns are not threat targets.
        assert_eq!(gain("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1"), 0);
    }

    #[test]
    fn placement_tables_count_rows_from_the_own_back_rank_and_files_from_the_edge() {
        let gain = chess_gain(&[
            ("RankKnightMg3", 40),
            ("RankKnightEg3", 40),
            ("FileKnightMg3", 8),
            ("FileKnightEg3", 8),
            ("FileKnightMg0", -100),
            ("FileKnightEg0", -100),
        ]);
        // A white knight on d4: three rows up, three files from the a-file edge.
        assert_eq!(gain("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"), 48);
        // A black knight on e5 is three rows down from its back rank, three files from the h-file.
        assert_eq!(gain("4k3/8/8/4n3/8/8/8/4K3 w - - 0 1"), -48);
        // A white knight on h4 stands on an edge file.
        assert_eq!(gain("4k3/8/8/8/7N/8/8/4K3 w - - 0 1"), 40 - 100);
        // Other roles are untouched.
        assert_eq!(gain("4k3/8/8/8/3B4/8/8/4K3 w - - 0 1"), 0);
    }

    #[test]
    fn passed_pawn_table_counts_rows_left_and_endgame_mobility_only_the_endgame() {
        let gain = chess_gain(&[
            ("PassedRowMg2", 30),
            ("PassedRowEg2", 50),
            ("MobilityEgKnight", 40),
        ]);
        // Kings and pawns only: the endgame values count whole. A white pawn on d6 is passed
        // with two rows left; a black one on d3 too; a white pawn on d5 has three.
        assert_eq!(gain("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1"), 50);
        assert_eq!(gain("4k3/8/8/8/8/3p4/8/4K3 w - - 0 1"), -50);
        assert_eq!(gain("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1"), 0);
        // A black pawn on e7 guards d7: the d6 pawn is not passed.
        assert_eq!(gain("4k3/4p3/3P4/8/8/8/8/4K3 w - - 0 1"), 0);
        // In the start position (full phase) neither term counts.
        assert_eq!(gain(Variant::Chess.spec().start_fen), 0);
        // A lone knight on a1 reaches b3 and c2: 2 squares x 40 / 4 = 20 in the endgame, blended
        // with a phase of 1/14 of the full 256 (the blend rounds towards zero).
        let knight = gain("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
        assert!((18..=19).contains(&knight), "{knight}");
    }

    #[test]
    fn safe_checks_are_moves_to_squares_that_attack_the_king_and_no_enemy_pawn_guards() {
        let gain = chess_gain(&[("SafeCheckMg", 16), ("SafeCheckEg", 16)]);
        // The queen on d1 can check the king on e8 from d8, d7, a4, h5 and e2: 5 x 16 (the
        // phase blend may round the difference by one).
        let queen = gain("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!((79..=81).contains(&queen), "{queen}");
        // A black pawn on f3 guards e2 and blocks the way to h5: d8, d7 and a4 are left.
        let guarded = gain("4k3/8/8/8/8/5p2/8/3QK3 w - - 0 1");
        assert!((47..=49).contains(&guarded), "{guarded}");
        // Black's checks count against White: the rook on a8 can check the king on e1 from a1
        // only (its own king on d8 keeps it off the e file): 1 x 16.
        let rook = gain("r2k4/8/8/8/8/8/8/4K3 w - - 0 1");
        assert!((-17..=-15).contains(&rook), "{rook}");
    }

    #[test]
    fn material_counts() {
        let w = Weights::default();
        let e = Evaluator::new(&w, Variant::Chess);
        let pos = Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(e.evaluate(&pos) > 800);
        let pos = Position::from_fen(Variant::Chess, "3qk3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(e.evaluate(&pos) < -800);
    }
}

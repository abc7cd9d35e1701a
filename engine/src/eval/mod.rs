//! Static evaluation: material, formula-generated piece-square tables with fitted placement
//! tables (by rows and by files) on top, mobility (squares no enemy pawn attacks), pawn and
//! ninja-pawn advancement, pawn structure, pawn threats and open files, king placement and
//! safety (shelter, king-zone attacks, safe checks), and ninja pawns in hand.
//!
//! The evaluation is written once: [`Evaluator::emit`] walks the position and sends every
//! contribution to a [`Sink`]. The search's integer sum ([`Evaluator::evaluate`]) and the
//! Texel trace ([`Evaluator::trace`]) are two sinks of the same pass; the counted features and
//! their weights are declared in one table ([`Term`]), the piece-square terms in one function
//! (`psqt::square_terms`). Every weight comes from the game's [`Weights`]; an [`Evaluator`]
//! bakes them into tables once (when the weights or the game change), so evaluating a position
//! only sums table entries and counts destinations.

pub mod evaluation;
pub mod pawn_cache;
pub mod pawns;
pub mod psqt;
pub mod scalars;
pub mod sink;
pub mod terms;
pub mod trace;
pub mod weights;

use crate::nnue::Network;
pub use evaluation::Evaluation;
use movegen::{Bitboard, Color, Piece, Position, Role, Square, Variant};
pub use pawn_cache::PawnCache;
use pawns::{PawnFacts, StructureMasks};
use psqt::Shape;
pub use sink::{Sink, Tally};
use std::sync::Arc;
pub use terms::Term;
pub use trace::EvalTrace;
pub use weights::Weights;
use weights::{Scalar, Slot, Stage, PASSED_ROWS};

/// Largest absolute value [`Evaluator::evaluate`] returns (below every mate score).
pub const EVAL_LIMIT: i32 = 20_000;

/// Full phase: every non-pawn, non-king piece of the start position still on the board.
pub(crate) const PHASE_MAX: i32 = 256;

/// Evaluation tables of one game, built from its [`Weights`].
#[derive(Clone, Debug)]
pub struct Evaluator {
    variant: Variant,
    /// Middlegame piece-square values including material, per piece index and square.
    pst_mg: Vec<[i32; Square::COUNT]>,
    /// Endgame piece-square values including material.
    pst_eg: Vec<[i32; Square::COUNT]>,
    /// Mobility weight per role, in centipawns x4: middlegame, endgame.
    mobility: [(i32, i32); Role::COUNT],
    /// Signed value of one occurrence of each [`Term`]: middlegame, endgame.
    terms: [(i32, i32); Term::COUNT],
    /// Passed-pawn table per stage by rows left to promotion.
    passed: [[i32; PASSED_ROWS]; 2],
    /// King-zone attack weights: by units squared, and by attackers times units (both /16).
    king_attack: (i32, i32),
    tempo: i32,
    /// Non-pawn, non-king pieces in the start position (both sides).
    phase_total: i32,
    /// Which piece is "cheaper" for a piece threat: the built-in material values, fixed so that
    /// the feature does not depend on the weights (the Texel trace needs it linear).
    threat_value: [i32; Role::COUNT],
    /// File and front-span masks for the pawn-structure terms.
    structure: StructureMasks,
    /// A learned network of the same game that evaluates instead of the tables (see
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
/// [`FREE_SQUARES`], the count of [`Term::LowMobility`].
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

impl Evaluator {
    /// Builds the tables of `w`'s game.
    pub fn new(w: &Weights) -> Evaluator {
        let variant = w.variant();
        let shape = Shape::of(variant);
        let rules = variant.rules();
        let mut pst_mg = vec![[0; Square::COUNT]; Piece::COUNT];
        let mut pst_eg = vec![[0; Square::COUNT]; Piece::COUNT];
        for c in Color::BOTH {
            for role in Role::ALL {
                let p = Piece::new(c, role);
                for sq in rules.exists {
                    for t in psqt::square_terms(&shape, c, role, sq) {
                        let v = w.get(t.slot);
                        pst_mg[p.index()][sq.index()] += v * t.mg / t.divisor;
                        pst_eg[p.index()][sq.index()] += v * t.eg / t.divisor;
                    }
                }
            }
        }
        let scale = w.scalar(Scalar::MobilityScale);
        let mut mobility = [(0, 0); Role::COUNT];
        for r in Role::ALL {
            let mg = w.mobility[r.index()];
            let eg = mg + w.mobility_eg[r.index()];
            mobility[r.index()] = (mg * scale / 100, eg * scale / 100);
        }
        let weight = |slot: Option<Slot>, sign: i32| slot.map_or(0, |s| sign * w.get(s));
        let mut terms = [(0, 0); Term::COUNT];
        for &t in Term::ALL {
            let (mg, eg, sign) = t.weights();
            terms[t as usize] = (weight(mg, sign), weight(eg, sign));
        }
        let start = Position::startpos(variant);
        let phase_total = start
            .board()
            .occupied()
            .iter()
            .filter(|sq| {
                start
                    .piece_at(*sq)
                    .is_some_and(|p| weights::is_piece(p.role))
            })
            .count()
            .max(1) as i32;
        Evaluator {
            variant,
            pst_mg,
            pst_eg,
            mobility,
            terms,
            passed: w.passed,
            king_attack: (
                w.scalar(Scalar::KingAttack),
                w.scalar(Scalar::KingAttackers),
            ),
            tempo: w.scalar(Scalar::Tempo),
            phase_total,
            threat_value: Role::ALL.map(|r| weights::default_material_of(variant, r)),
            structure: StructureMasks::new(rules),
            network: None,
        }
    }

    /// These tables with `network` evaluating instead of them. A network of another game than
    /// these tables' is ignored.
    pub fn with_network(mut self, network: Option<Arc<Network>>) -> Evaluator {
        self.network = network.filter(|n| n.variant() == self.variant);
        self
    }

    /// The network that evaluates instead of the tables, if any.
    #[inline]
    pub fn network(&self) -> Option<&Network> {
        self.network.as_deref()
    }

    /// The game these tables are for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Evaluates `pos` from the side to move's point of view, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let facts = || Color::BOTH.map(|c| self.structure.pawn_facts(pos, c));
        match self.network() {
            Some(net) => {
                let base = match net.base() {
                    crate::nnue::network::Base::None => 0,
                    crate::nnue::network::Base::Tables(_) => self.evaluate_with(pos, &facts()),
                };
                (base + net.evaluate(pos)).clamp(-EVAL_LIMIT, EVAL_LIMIT)
            }
            None => self.evaluate_with(pos, &facts()),
        }
    }

    /// The tables' evaluation of `pos` (never the network's), with the pawn-only structure
    /// features looked up in `cache` (the same value as without the cache, faster).
    pub fn evaluate_tables(&self, pos: &Position, cache: &mut PawnCache) -> i32 {
        let facts = cache.facts(&self.structure, pos);
        self.evaluate_with(pos, &facts)
    }

    /// The integer evaluation, given the pawn-only structure features of White and Black.
    fn evaluate_with(&self, pos: &Position, facts: &[PawnFacts; 2]) -> i32 {
        let mut sum = Sum {
            ev: self,
            mg: [0; 2],
            eg: [0; 2],
        };
        let phase = self.emit(pos, facts, &mut sum);
        let white = ((sum.mg[0] - sum.mg[1]) * phase
            + (sum.eg[0] - sum.eg[1]) * (PHASE_MAX - phase))
            / PHASE_MAX;
        let stm = match pos.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        };
        (stm + self.tempo).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The evaluation pass: sends every contribution of `pos` (but the tempo bonus, which
    /// counts for the side to move after the phase blend) to `sink`, given the pawn-only
    /// structure features of White and Black. Returns the game phase, 0 (endgame) ..=
    /// `PHASE_MAX`.
    pub fn emit<S: Sink>(&self, pos: &Position, facts: &[PawnFacts; 2], sink: &mut S) -> i32 {
        let board = pos.board();
        let rules = pos.rules();
        let occ = board.occupied();
        let kings = [pos.king(Color::White), pos.king(Color::Black)];
        let zones = kings.map(|k| rules.king_steps(k).with(k));
        let mut attack_units = [0i32; 2];
        let mut attackers = [0i32; 2];
        let mut pieces = 0;
        let threats_weighed = sink.wants(Term::PieceThreat);
        let checks_weighed = sink.wants(Term::SafeCheck);
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
                sink.piece(c, p, sq);
                if !weights::is_piece(p.role) {
                    continue;
                }
                pieces += 1;
                let d = rules.destinations(p.role, sq, occ, own);
                let safe = (d & area).count() as i32;
                sink.mobility(c, p.role, safe);
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
            sink.count(c, Term::PieceThreat, threats);
            sink.count(c, Term::SafeCheck, safe_checks);
            sink.count(c, Term::LowMobility, low_mobility);
            if board.pieces(c, Role::Bishop).count() >= 2 {
                sink.count(c, Term::BishopPair, 1);
            }
            sink.count(c, Term::HandNinja, pos.hand(c) as i32);
            sink.count(c, Term::KingShelter, shelter(pos, c, kings[ci]));
            self.structure.emit(pos, c, &facts[ci], sink);
        }
        for c in Color::BOTH {
            // King-zone attacks by the other side cost middlegame points.
            let other = 1 - c.index();
            sink.king_danger(c, attack_units[other], attackers[other]);
        }
        (pieces.min(self.phase_total) * PHASE_MAX) / self.phase_total
    }

    /// The pawn-only structure features of White and Black in `pos`.
    pub(crate) fn pawn_facts(&self, pos: &Position) -> [PawnFacts; 2] {
        Color::BOTH.map(|c| self.structure.pawn_facts(pos, c))
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
}

/// The integer sum the search uses: the evaluator's baked tables, per side and stage.
struct Sum<'a> {
    ev: &'a Evaluator,
    mg: [i32; 2],
    eg: [i32; 2],
}

impl Sink for Sum<'_> {
    #[inline]
    fn wants(&self, term: Term) -> bool {
        self.ev.terms[term as usize] != (0, 0)
    }

    #[inline]
    fn piece(&mut self, side: Color, piece: Piece, sq: Square) {
        self.mg[side.index()] += self.ev.pst_mg[piece.index()][sq.index()];
        self.eg[side.index()] += self.ev.pst_eg[piece.index()][sq.index()];
    }

    #[inline]
    fn mobility(&mut self, side: Color, role: Role, safe: i32) {
        let (mg, eg) = self.ev.mobility[role.index()];
        self.mg[side.index()] += safe * mg / 4;
        self.eg[side.index()] += safe * eg / 4;
    }

    #[inline]
    fn count(&mut self, side: Color, term: Term, n: i32) {
        let (mg, eg) = self.ev.terms[term as usize];
        self.mg[side.index()] += n * mg;
        self.eg[side.index()] += n * eg;
    }

    #[inline]
    fn passed_row(&mut self, side: Color, row: usize, n: i32) {
        self.mg[side.index()] += n * self.ev.passed[Stage::Middlegame.index()][row];
        self.eg[side.index()] += n * self.ev.passed[Stage::Endgame.index()][row];
    }

    #[inline]
    fn king_danger(&mut self, side: Color, units: i32, attackers: i32) {
        let (by_units, by_attackers) = self.ev.king_attack;
        self.mg[side.index()] -= units * units * by_units / 16;
        self.mg[side.index()] -= attackers * units * by_attackers / 16;
    }
}

/// Own pawns and ninja pawns on the three squares in front of `c`'s king, one and two rows
/// ahead.
fn shelter(pos: &Position, c: Color, king: Square) -> i32 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_are_balanced() {
        for v in Variant::ALL {
            for w in [Weights::defaults(v), Weights::for_variant(v)] {
                let e = Evaluator::new(&w);
                let pos = Position::startpos(v);
                let s = e.evaluate(&pos);
                assert_eq!(
                    s,
                    w.scalar(Scalar::Tempo),
                    "{v}: start position evaluates to {s}"
                );
            }
        }
    }

    /// The change the weights `settings` (`name=value` words) make to the evaluation of a chess
    /// position, against the built-in defaults.
    fn chess_gain(settings: &str) -> impl Fn(&str) -> i32 {
        let mut w = Weights::defaults(Variant::Chess);
        let plain = Evaluator::new(&w);
        for word in settings.split_whitespace() {
            let (name, value) = word.split_once('=').unwrap();
            w.set(name, value.parse().unwrap()).unwrap();
        }
        let changed = Evaluator::new(&w);
        move |fen: &str| {
            let pos = Position::from_fen(Variant::Chess, fen).unwrap();
            changed.evaluate(&pos) - plain.evaluate(&pos)
        }
    }

    #[test]
    fn weights_count_as_their_features_say() {
        const THREAT: &str = "PieceThreatMg=50 PieceThreatEg=50";
        const PLACE: &str = "RankKnightMg3=40 RankKnightEg3=40 FileKnightMg3=8 FileKnightEg3=8 \
                             FileKnightMg0=-100 FileKnightEg0=-100";
        const PASSED: &str = "PassedRowMg2=30 PassedRowEg2=50 MobilityEgKnight=40";
        let start = Variant::Chess.spec().start_fen;
        for (settings, fen, expected) in [
            // A piece attacked by a cheaper piece is a threat. White's knight on e5 attacks
            // Black's rook on d7: one threat for White.
            (THREAT, "4k3/3r4/8/4N3/8/8/8/4K3 w - - 0 1", 50),
            // Black's rook on d7 attacks White's knight on d5: not a cheaper attacker.
            (THREAT, "4k3/3r4/8/3N4/8/8/8/4K3 w - - 0 1", 0),
            // Black's knight on c5 attacks White's queen on d3 and rook on b3: two threats.
            (THREAT, "4k3/8/8/2n5/8/1R1Q4/8/4K3 w - - 0 1", -100),
            // Pawns are not threat targets.
            (THREAT, "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", 0),
            // Placement tables count rows from the own back rank and files from the edge. A
            // white knight on d4: three rows up, three files from the a-file edge.
            (PLACE, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", 48),
            // A black knight on e5: three rows down from its back rank, three files from h.
            (PLACE, "4k3/8/8/4n3/8/8/8/4K3 w - - 0 1", -48),
            // A white knight on h4 stands on an edge file.
            (PLACE, "4k3/8/8/8/7N/8/8/4K3 w - - 0 1", 40 - 100),
            // Other roles are untouched.
            (PLACE, "4k3/8/8/8/3B4/8/8/4K3 w - - 0 1", 0),
            // The passed-pawn table counts rows left. Kings and pawns only: the endgame values
            // count whole. A white pawn on d6 is passed with two rows left; a black one on d3
            // too; a white pawn on d5 has three.
            (PASSED, "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1", 50),
            (PASSED, "4k3/8/8/8/8/3p4/8/4K3 w - - 0 1", -50),
            (PASSED, "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", 0),
            // A black pawn on e7 guards d7: the d6 pawn is not passed.
            (PASSED, "4k3/4p3/3P4/8/8/8/8/4K3 w - - 0 1", 0),
            // In the start position (full phase) neither term counts.
            (PASSED, start, 0),
        ] {
            assert_eq!(chess_gain(settings)(fen), expected, "{settings}: {fen}");
        }
        // Endgame mobility counts only in the endgame. A lone knight on a1 reaches b3 and c2:
        // 2 squares x 40 / 4 = 20 in the endgame, blended with a phase of 1/14 of the full 256
        // (the blend rounds towards zero).
        let knight = chess_gain(PASSED)("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
        assert!((18..=19).contains(&knight), "{knight}");
    }

    #[test]
    fn safe_checks_are_moves_to_squares_that_attack_the_king_and_no_enemy_pawn_guards() {
        let gain = chess_gain("SafeCheckMg=16 SafeCheckEg=16");
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
        let e = Evaluator::new(&Weights::defaults(Variant::Chess));
        let pos = Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(e.evaluate(&pos) > 800);
        let pos = Position::from_fen(Variant::Chess, "3qk3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(e.evaluate(&pos) < -800);
    }
}

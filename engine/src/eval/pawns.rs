//! Pawn structure and files: passed pawns (ordinary and ninja pawns alike), isolated, doubled and
//! supported pawns, pieces threatened by pawns, minor pieces on outposts, and rooks on open and
//! half-open files.
//!
//! [`StructureMasks`] holds the file and front-span masks of one variant, built once;
//! [`StructureMasks::emit`] sends the terms of one side to the evaluation's sink, so each
//! feature is defined here only.
//!
//! Ordinary and ninja pawns are counted together as "pawns": both capture diagonally forward, both
//! stop an enemy pawn on its file or take it from the next one, and both promote. Only doubled
//! pawns are ordinary pawns alone: a ninja pawn steps sideways out of a file.

use super::sink::Sink;
use super::terms::Term;
use super::weights::PASSED_ROWS;
use movegen::{Bitboard, Color, Position, Role, Rules, Square};

/// A passed pawn's weight grows with the square of how close it is to promotion: `(REACH -
/// rows left)²`, zero from `REACH` rows away.
const REACH: i32 = 7;

/// Largest king-distance difference that counts for a passed pawn.
const KING_DISTANCE_CAP: i32 = 4;

/// File and front-span masks of one variant.
#[derive(Clone, Debug)]
pub struct StructureMasks {
    /// Every existing square of each file.
    file: Vec<Bitboard>,
    /// Every existing square of the files next to each file.
    neighbours: Vec<Bitboard>,
    /// Per colour and square: the squares ahead on the same file.
    ahead: [Vec<Bitboard>; 2],
    /// Per colour and square: the squares ahead on the same and the neighbouring files (an enemy
    /// pawn there stops or can take a pawn on its way).
    span: [Vec<Bitboard>; 2],
    /// Per colour and square: the squares ahead on the neighbouring files only (an enemy pawn
    /// there may one day attack the square).
    flank: [Vec<Bitboard>; 2],
    /// The light squares: those whose file plus row is odd (`b1`, `a2`, ...).
    light: Bitboard,
}

/// The features of one side that depend only on where the pawns and ninja pawns of both sides
/// stand (and on the variant): the part of the structure terms a pawn cache can keep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnFacts {
    /// Pawns without an own pawn on a neighbouring file.
    pub isolated: i32,
    /// Ordinary pawns with an own ordinary pawn ahead on the same file.
    pub doubled: i32,
    /// Pawns defended by an own pawn diagonally behind them.
    pub supported: i32,
    /// Adjacent pairs of own pawns on one row: pawns with an own pawn one file to the right.
    pub phalanx: i32,
    /// The passed pawns: no enemy pawn ahead on the same or a neighbouring file.
    pub passed: Bitboard,
    /// The squares this side's pawns attack ([`pawn_attacks`]).
    pub attacks: Bitboard,
}

/// The squares `c`'s pawns attack: one square diagonally forward for ordinary and ninja pawns,
/// and one square sideways for ninja pawns in the enemy half. May hold squares the variant
/// lacks.
pub fn pawn_attacks(pos: &Position, c: Color) -> Bitboard {
    let board = pos.board();
    let ninjas = board.pieces(c, Role::Ninja);
    let pawns = board.pieces(c, Role::Pawn) | ninjas;
    let advanced = ninjas & pos.rules().enemy_half[c.index()];
    diagonally_forward(pawns, c) | advanced.left() | advanced.right()
}

/// The squares one step diagonally forward, for `c`, of the squares of `b`.
fn diagonally_forward(b: Bitboard, c: Color) -> Bitboard {
    match c {
        Color::White => b.up_left() | b.up_right(),
        Color::Black => b.down_left() | b.down_right(),
    }
}

/// The squares one row behind, for `c`, of the squares of `b`.
fn one_row_back(b: Bitboard, c: Color) -> Bitboard {
    match c {
        Color::White => b.down(),
        Color::Black => b.up(),
    }
}

/// Chebyshev distance between two squares (king moves).
fn distance(a: Square, b: Square) -> i32 {
    (a.file() - b.file()).abs().max((a.row() - b.row()).abs())
}

impl StructureMasks {
    /// Builds the masks of the board `rules` describes.
    pub fn new(rules: &Rules) -> StructureMasks {
        let files = Square::WIDTH as usize;
        let mut file = vec![Bitboard::EMPTY; files];
        for sq in rules.exists {
            file[sq.file() as usize] = file[sq.file() as usize].with(sq);
        }
        let neighbours = (0..files)
            .map(|f| {
                let left = f.checked_sub(1).map_or(Bitboard::EMPTY, |l| file[l]);
                let right = file.get(f + 1).copied().unwrap_or(Bitboard::EMPTY);
                left | right
            })
            .collect();
        let ahead_of = |c: Color, sq: Square, files: &[i32]| {
            let mut b = Bitboard::EMPTY;
            for s in rules.exists {
                let in_front = (s.row() - sq.row()) * c.forward() > 0;
                if in_front && files.contains(&(s.file() - sq.file())) {
                    b = b.with(s);
                }
            }
            b
        };
        let table = |files: &[i32]| {
            Color::BOTH.map(|c| {
                (0..Square::COUNT)
                    .map(|i| ahead_of(c, Square::new_unchecked(i as u8), files))
                    .collect::<Vec<_>>()
            })
        };
        StructureMasks {
            file,
            neighbours,
            ahead: table(&[0]),
            span: table(&[-1, 0, 1]),
            flank: table(&[-1, 1]),
            light: rules
                .exists
                .iter()
                .filter(|s| (s.file() + s.row()) % 2 == 1)
                .fold(Bitboard::EMPTY, Bitboard::with),
        }
    }

    /// The features of `us` that depend on the pawns alone (what [`super::pawn_cache`] keeps).
    pub fn pawn_facts(&self, pos: &Position, us: Color) -> PawnFacts {
        let board = pos.board();
        let pawns_of = |c| board.pieces(c, Role::Pawn) | board.pieces(c, Role::Ninja);
        let ours = pawns_of(us);
        let ordinary = board.pieces(us, Role::Pawn);
        let theirs = pawns_of(us.opposite());
        let mut facts = PawnFacts {
            supported: (ours & diagonally_forward(ours, us)).count() as i32,
            phalanx: (ours & ours.right()).count() as i32,
            attacks: pawn_attacks(pos, us),
            ..PawnFacts::default()
        };
        for sq in ours {
            if (self.neighbours[sq.file() as usize] & ours).is_empty() {
                facts.isolated += 1;
            }
            if ordinary.has(sq) && (self.ahead[us.index()][sq.index()] & ordinary).any() {
                facts.doubled += 1;
            }
            if (self.span[us.index()][sq.index()] & theirs).is_empty() {
                facts.passed = facts.passed.with(sq);
            }
        }
        facts
    }

    /// Sends the pawn-structure terms of `us` in `pos` to `sink`, given the pawn-only features
    /// `facts` of `us` in `pos` (from [`StructureMasks::pawn_facts`] or a cache of it).
    pub fn emit<S: Sink>(&self, pos: &Position, us: Color, facts: &PawnFacts, sink: &mut S) {
        let board = pos.board();
        let rules = pos.rules();
        let them = us.opposite();
        let theirs = board.pieces(them, Role::Pawn) | board.pieces(them, Role::Ninja);
        let ours = board.pieces(us, Role::Pawn) | board.pieces(us, Role::Ninja);
        let own_king = pos.king(us);
        let enemy_king = pos.king(them);
        let promotion_row = rules.promotion_row[us.index()];
        sink.count(us, Term::Isolated, facts.isolated);
        sink.count(us, Term::Doubled, facts.doubled);
        sink.count(us, Term::Supported, facts.supported);
        sink.count(us, Term::Phalanx, facts.phalanx);
        let (mut passed, mut passed_free, mut passed_king) = (0, 0, 0);
        for sq in facts.passed {
            let left = (promotion_row - sq.row()).abs();
            sink.passed_row(us, (left.max(1) as usize - 1).min(PASSED_ROWS - 1), 1);
            let reach = (REACH - left).max(0);
            passed += reach * reach;
            if let Some(stop) = rules.offset(sq, 0, us.forward()) {
                if !board.occupied().has(stop) {
                    passed_free += reach * reach;
                }
                let closer = (distance(enemy_king, stop) - distance(own_king, stop))
                    .clamp(-KING_DISTANCE_CAP, KING_DISTANCE_CAP);
                passed_king += closer * reach;
            }
        }
        sink.count(us, Term::Passed, passed);
        sink.count(us, Term::PassedFree, passed_free);
        sink.count(us, Term::PassedKing, passed_king);
        let their_pieces = board.color(them) & !theirs & !Bitboard::from_square(enemy_king);
        let defended = facts.attacks;
        sink.count(
            us,
            Term::PawnThreat,
            (defended & their_pieces).count() as i32,
        );
        let minors = board.pieces(us, Role::Knight)
            | board.pieces(us, Role::FerzKnight)
            | board.pieces(us, Role::WazirKnight)
            | board.pieces(us, Role::Bishop);
        let behind = (minors & one_row_back(ours, us)).count() as i32;
        sink.count(us, Term::MinorBehindPawn, behind);
        let king_file = own_king.file();
        let mut open_files = 0;
        for f in (king_file - 1).max(0)..=(king_file + 1) {
            if let Some(&file) = self.file.get(f as usize) {
                if file.any() && (file & ours).is_empty() {
                    open_files += 1;
                }
            }
        }
        sink.count(us, Term::KingOpenFile, open_files);
        let mut outposts = 0;
        for sq in minors & defended & rules.enemy_half[us.index()] {
            if (self.flank[us.index()][sq.index()] & theirs).is_empty() {
                outposts += 1;
            }
        }
        sink.count(us, Term::Outpost, outposts);
        let ordinary = board.pieces(us, Role::Pawn);
        let (light_pawns, dark_pawns) = (
            (ordinary & self.light).count() as i32,
            (ordinary & !self.light).count() as i32,
        );
        let mut bad_bishop = 0;
        for sq in board.pieces(us, Role::Bishop) {
            bad_bishop += if self.light.has(sq) {
                light_pawns
            } else {
                dark_pawns
            };
        }
        sink.count(us, Term::BadBishop, bad_bishop);
        let mut storm = 0;
        for sq in theirs {
            let rows_ahead = (sq.row() - own_king.row()) * us.forward();
            if (sq.file() - own_king.file()).abs() <= 1 && (1..=3).contains(&rows_ahead) {
                storm += 4 - rows_ahead;
            }
        }
        sink.count(us, Term::PawnStorm, storm);
        let all_pawns = ours | theirs;
        let (mut open, mut half_open) = (0, 0);
        for sq in board.pieces(us, Role::Rook) {
            let file = self.file[sq.file() as usize];
            if (file & all_pawns).is_empty() {
                open += 1;
            } else if (file & ours).is_empty() {
                half_open += 1;
            }
        }
        sink.count(us, Term::RookOpen, open);
        sink.count(us, Term::RookHalfOpen, half_open);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::sink::Tally;
    use movegen::Variant;

    /// The pawn-structure terms of one side, by name.
    struct Counts {
        tally: Tally,
        side: Color,
    }

    impl Counts {
        fn get(&self, t: Term) -> i32 {
            self.tally.get(self.side, t)
        }
        fn of(&self, terms: &[Term]) -> Vec<i32> {
            terms.iter().map(|t| self.get(*t)).collect()
        }
        fn passed_rows(&self) -> [i32; PASSED_ROWS] {
            self.tally.passed_rows[self.side.index()]
        }
    }

    fn counts(variant: Variant, fen: &str, c: Color) -> Counts {
        let pos = Position::from_fen(variant, fen).unwrap();
        count_of(&StructureMasks::new(pos.rules()), &pos, c)
    }

    fn count_of(masks: &StructureMasks, pos: &Position, c: Color) -> Counts {
        let mut tally = Tally::default();
        masks.emit(pos, c, &masks.pawn_facts(pos, c), &mut tally);
        Counts { tally, side: c }
    }

    #[test]
    fn start_positions_have_no_passed_isolated_or_doubled_pawns() {
        for v in Variant::ALL {
            let pos = Position::startpos(v);
            let masks = StructureMasks::new(pos.rules());
            for c in Color::BOTH {
                let n = count_of(&masks, &pos, c);
                assert_eq!(
                    n.of(&[Term::Passed, Term::Isolated, Term::Doubled]),
                    [0, 0, 0],
                    "{v} {c:?}"
                );
                assert_eq!(
                    n.of(&[Term::RookOpen, Term::RookHalfOpen]),
                    [0, 0],
                    "{v} {c:?}"
                );
            }
        }
    }

    #[test]
    fn chess_structure_by_hand() {
        // White pawns a2, c4, c5, d4; black pawns b7, h6; white rooks a1 and h1.
        let fen = "4k3/1p6/7p/2P5/2PP4/8/P7/R3K2R w - - 0 1";
        let w = counts(Variant::Chess, fen, Color::White);
        assert_eq!(w.get(Term::Isolated), 1, "a2: nothing on the b file");
        assert_eq!(w.get(Term::Doubled), 1, "c4, with c5 ahead");
        assert_eq!(w.get(Term::Supported), 1, "c5, defended by d4");
        // b7 stands ahead of a2, c4 and c5 on a neighbouring file; only d4 is passed: four rows
        // from promotion, reach 3, 9; d5 is empty. Its stop square d5 is 3 king steps from e8
        // and 4 from e1: -1 times reach 3.
        assert_eq!(
            w.of(&[Term::Passed, Term::PassedFree, Term::PassedKing]),
            [9, 9, -3]
        );
        assert_eq!(
            w.passed_rows(),
            [0, 0, 0, 1, 0, 0, 0, 0],
            "d4: four rows left"
        );
        // The a file holds White's own a2 pawn; the h file only Black's h6.
        assert_eq!(w.of(&[Term::RookOpen, Term::RookHalfOpen]), [0, 1]);
        let b = counts(Variant::Chess, fen, Color::Black);
        // h6 is passed, five rows from promotion: reach 2, 4. b7 has a2, c4 and c5 ahead.
        assert_eq!(b.get(Term::Passed), 4);
        assert_eq!(
            b.passed_rows(),
            [0, 0, 0, 0, 1, 0, 0, 0],
            "h6: five rows left"
        );
        assert_eq!(b.get(Term::Isolated), 2, "b7 and h6");
        assert_eq!(b.of(&[Term::Doubled, Term::Supported]), [0, 0]);
    }

    #[test]
    fn phalanxes_bad_bishops_and_storms_by_hand() {
        // White: king g1, bishops c1 (dark: file 2 + row 0 is even) and f1 (light), pawns
        // d4, e4 (a phalanx), a3 and h2. Black: king e8, pawns g3 and h4 (storming White's
        // king), f6.
        let fen = "4k3/8/5p2/8/3PP2p/P5p1/7P/2B2BK1 w - - 0 1";
        let w = counts(Variant::Chess, fen, Color::White);
        assert_eq!(
            w.get(Term::Phalanx),
            1,
            "d4-e4; a3 and h2 have no pawn beside them"
        );
        // Light squares (file + row odd): d4 (3+3) no, e4 (4+3) yes, a3 (0+2) no, h2 (7+1)
        // no. Dark-squared c1 sees d4, a3, h2: 3; light-squared f1 sees e4: 1.
        assert_eq!(w.get(Term::BadBishop), 4);
        // g3 is on the king's file two rows ahead (2), h4 on the next file three rows ahead
        // (1); f6 is five rows ahead.
        assert_eq!(w.get(Term::PawnStorm), 3);
        // f, g and h: only h holds a white pawn.
        assert_eq!(w.get(Term::KingOpenFile), 2);
        assert_eq!(w.get(Term::MinorBehindPawn), 0);
        let b = counts(Variant::Chess, fen, Color::Black);
        assert_eq!(b.of(&[Term::Phalanx, Term::BadBishop]), [0, 0]);
        // In front of Black's king e8 (downwards): d4 and e4 are four rows away; nothing
        // storms.
        assert_eq!(b.get(Term::PawnStorm), 0);
        // d, e and f: f6 is Black's.
        assert_eq!(b.get(Term::KingOpenFile), 2);
        // A knight behind its pawn (c2, c3) for White; a bishop behind its pawn (e7, e6) for
        // Black, whose "in front" is downwards; the knight b1 and bishop g7 have none.
        let minors = "4k3/4b1b1/4p3/8/8/2P5/2N5/1N2K3 w - - 0 1";
        let w = counts(Variant::Chess, minors, Color::White);
        let b = counts(Variant::Chess, minors, Color::Black);
        assert_eq!(
            (w.get(Term::MinorBehindPawn), b.get(Term::MinorBehindPawn)),
            (1, 1)
        );
    }

    #[test]
    fn a_ninja_pawn_can_be_passed_and_stops_enemy_pawns() {
        // Titan: a white ninja pawn on e9, three rows from promotion (row 12): reach 4, 16; e10
        // is empty. Black's king g12 is 2 king steps from e10, White's g1 is 9: capped at -4,
        // times reach 4.
        let alone = "6k5/p11/12/4J7/12/12/12/12/12/12/12/6K5 w - - 0 1";
        let w = counts(Variant::Titan, alone, Color::White);
        assert_eq!(
            w.of(&[Term::Passed, Term::PassedFree, Term::PassedKing]),
            [16, 16, -16]
        );
        assert_eq!(w.get(Term::Isolated), 1);
        assert_eq!(w.passed_rows(), [0, 0, 1, 0, 0, 0, 0, 0]);
        // Black's a11 pawn is passed but ten rows from promotion: it counts nothing in the
        // formula, and in the table's last entry (eight rows or more).
        let b = counts(Variant::Titan, alone, Color::Black);
        assert_eq!(b.get(Term::Passed), 0);
        assert_eq!(b.passed_rows(), [0, 0, 0, 0, 0, 0, 0, 1]);
        // A black pawn on f11 guards e10: the ninja pawn is no longer passed, and the ninja
        // pawn on the neighbouring file stops the f11 pawn in turn.
        let guarded = "6k5/p4p6/12/4J7/12/12/12/12/12/12/12/6K5 w - - 0 1";
        assert_eq!(
            counts(Variant::Titan, guarded, Color::White).get(Term::Passed),
            0
        );
        let b = counts(Variant::Titan, guarded, Color::Black);
        assert_eq!(b.of(&[Term::Passed, Term::Isolated]), [0, 2]);
    }

    #[test]
    fn outposts_are_defended_enemy_half_squares_no_enemy_pawn_can_attack() {
        use Color::{Black, White};
        for (fen, side, outposts) in [
            // White knight on d5 defended by e4, black pawns on a7 and h7 only: an outpost.
            ("4k3/p6p/8/3N4/4P3/8/8/4K3 w - - 0 1", White, 1),
            // A black pawn on c7 can come to c6 and attack d5: no outpost.
            ("4k3/2p4p/8/3N4/4P3/8/8/4K3 w - - 0 1", White, 0),
            // Undefended, or in its own half: no outpost. Rooks never count.
            ("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", White, 0),
            ("4k3/8/8/8/3N4/4P3/8/4K3 w - - 0 1", White, 0),
            ("4k3/8/8/3R4/4P3/8/8/4K3 w - - 0 1", White, 0),
            // Black's bishop on e4, defended by d5, with no white pawn on d or f: an outpost.
            ("4k3/8/8/3p4/4b3/8/P7/4K3 b - - 0 1", Black, 1),
        ] {
            let n = counts(Variant::Chess, fen, side).get(Term::Outpost);
            assert_eq!(n, outposts, "{fen}");
        }
    }

    #[test]
    fn pawns_threaten_pieces_diagonally_and_ninja_pawns_sideways_in_the_enemy_half() {
        let knight_on_d6 = "4k3/8/3n4/2P5/8/8/8/4K3 w - - 0 1";
        let chess = Color::BOTH.map(|c| counts(Variant::Chess, knight_on_d6, c));
        assert_eq!(chess.map(|n| n.get(Term::PawnThreat)), [1, 0]);
        // Titan: a white ninja pawn beside a black knight, in the enemy half (row 8) and in its
        // own half (row 5).
        let titan = [
            "6k5/12/12/12/4Jn6/12/12/12/12/12/12/6K5 w - - 0 1",
            "6k5/12/12/12/12/12/12/4Jn6/12/12/12/6K5 w - - 0 1",
        ]
        .map(|fen| counts(Variant::Titan, fen, Color::White).get(Term::PawnThreat));
        assert_eq!(titan, [1, 0]);
    }
}

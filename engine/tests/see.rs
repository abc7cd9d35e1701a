//! Static exchange evaluation: the fast `see` against a slow exchange played with the real move
//! generator, on random positions of every variant, plus hand-built positions for each special
//! case with the value worked out by hand.

use engine::eval::{Evaluator, Weights};
use engine::search::see::{see, see_ge};
use movegen::{Color, Move, MoveList, Piece, Position, Role, Square, Variant};

/// A tiny deterministic generator so a failing case is reproduced by its seed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Capturer order of the module documentation: material, the king above everything.
fn order_value(eval: &Evaluator, r: Role) -> (bool, i32) {
    (r == Role::King, eval.material(r))
}

/// What a move of `pos` gains at once: its victims plus the promotion gain.
fn immediate_gain(pos: &Position, m: Move, eval: &Evaluator) -> i32 {
    let victims: i32 = pos
        .captures(m)
        .iter()
        .flatten()
        .map(|(_, p)| eval.material(p.role))
        .sum();
    let promo = m.promotion().map_or(0, |r| {
        eval.material(r) - eval.material(pos.moved_piece(m).role)
    });
    victims + promo
}

/// Does some pseudo-legal move of the side to move remove the piece on `sq`?
fn capturable(pos: &Position, sq: Square) -> bool {
    let mut list = MoveList::new();
    pos.generate_pseudo_legal(&mut list);
    list.iter()
        .any(|&m| pos.captures(m).iter().flatten().any(|(s, _)| *s == sq))
}

/// Order of candidate captures: (mover value, minus gain, origin, landing).
type CaptureKey = ((bool, i32), i32, usize, usize);

/// The exchange of the module documentation, played with the generator and make/unmake: at
/// each step every pseudo-legal move that removes the piece at risk is a candidate; the one
/// with the least (king last, material) mover value, then the largest gain, then the lowest
/// origin and landing square is made.
fn reference_see(pos: &Position, m: Move, eval: &Evaluator) -> i32 {
    let mut p = pos.clone();
    let first = immediate_gain(&p, m, eval);
    let mut at_risk = m.promotion().unwrap_or(p.moved_piece(m).role);
    let mut target = m.to();
    p.make_move(m);
    let mut gains = Vec::new();
    while at_risk != Role::King {
        let mut list = MoveList::new();
        p.generate_pseudo_legal(&mut list);
        let mut best: Option<(CaptureKey, Move)> = None;
        for &c in list.iter() {
            let victims = p.captures(c);
            let victims: Vec<_> = victims.iter().flatten().collect();
            if !victims.iter().any(|(s, _)| *s == target)
                || victims.iter().any(|(_, v)| v.role == Role::King)
            {
                continue;
            }
            let key = (
                order_value(eval, p.moved_piece(c).role),
                -immediate_gain(&p, c, eval),
                c.from().index(),
                c.to().index(),
            );
            if best.as_ref().is_none_or(|b| key < b.0) {
                best = Some((key, c));
            }
        }
        let Some(((_, neg_gain, _, _), c)) = best else {
            break;
        };
        let mover = p.moved_piece(c).role;
        p.make_move(c);
        if mover == Role::King && capturable(&p, c.to()) {
            break;
        }
        gains.push(-neg_gain);
        target = c.to();
        at_risk = c.promotion().unwrap_or(mover);
    }
    let mut s = 0;
    for g in gains.iter().rev() {
        s = (g - s).max(0);
    }
    first - s
}

/// A position reached by a random playout from the start, preferring captures half the time.
fn random_playout(v: Variant, rng: &mut Rng) -> Position {
    let mut pos = Position::startpos(v);
    let plies = rng.below(160);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let captures: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| pos.is_capture(*m))
            .collect();
        let m = if !captures.is_empty() && rng.below(2) == 0 {
            captures[rng.below(captures.len())]
        } else {
            moves.as_slice()[rng.below(moves.len())]
        };
        pos.make_move(m);
    }
    pos
}

/// Every pseudo-legal move of random positions of `v`: `see` equals the reference, and
/// `see_ge` agrees with `see` at thresholds around the value.
fn fast_equals_reference(v: Variant, seed: u64, positions: usize) {
    let eval = Evaluator::new(&Weights::default(), v);
    let mut rng = Rng(seed);
    let (mut moves, mut captures, mut nonzero) = (0, 0, 0);
    for i in 0..positions {
        let pos = random_playout(v, &mut rng);
        let mut list = MoveList::new();
        pos.generate_pseudo_legal(&mut list);
        for &m in list.iter() {
            let fast = see(&pos, m, &eval);
            let slow = reference_see(&pos, m, &eval);
            assert_eq!(
                fast,
                slow,
                "{v:?} position {i} {} move {}",
                pos.to_fen(),
                pos.move_to_uci(m)
            );
            let r = rng.below(400) as i32 - 200;
            for t in [fast - 1, fast, fast + 1, 0, r] {
                assert_eq!(
                    see_ge(&pos, m, &eval, t),
                    fast >= t,
                    "see_ge {t} {v:?} {} move {} (see {fast})",
                    pos.to_fen(),
                    pos.move_to_uci(m)
                );
            }
            moves += 1;
            captures += pos.is_capture(m) as usize;
            nonzero += (fast != 0) as usize;
        }
    }
    eprintln!("{v:?}: {positions} positions, {moves} moves ({captures} captures), {nonzero} with see != 0");
    assert!(
        captures > 1000 && nonzero > 1000,
        "too few interesting cases"
    );
}

#[test]
fn see_matches_reference_titan() {
    fast_equals_reference(Variant::Titan, 1, 1500);
}

#[test]
fn see_matches_reference_hadean() {
    fast_equals_reference(Variant::Hadean, 2, 1500);
}

#[test]
fn see_matches_reference_raptor() {
    fast_equals_reference(Variant::Raptor, 3, 1500);
}

#[test]
fn see_matches_reference_octopus() {
    fast_equals_reference(Variant::Octopus, 4, 1500);
}

#[test]
fn see_matches_reference_chess() {
    fast_equals_reference(Variant::Chess, 5, 2000);
}

/// A position of `v` from piece placements such as `"Wd4"` (upper case white, lower case
/// black), with `side` to move, no castling rights, `ep` as the en-passant field and `hand` as
/// octopus's hand field.
fn place(v: Variant, side: Color, pieces: &[&str], ep: &str, hand: &str) -> Position {
    let rules = v.rules();
    let mut cells = vec![None; Square::COUNT];
    for p in pieces {
        let mut chars = p.chars();
        let letter = chars.next().expect("piece letter");
        let piece = Piece::from_letter(letter).expect("known letter");
        let sq = rules.parse_square(chars.as_str()).expect("square");
        cells[sq.index()] = Some(piece);
    }
    let g = &v.spec().geometry;
    let mut rows = Vec::new();
    for row in (0..g.rows).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for file in 0..g.files {
            let c = match Square::from_coords(file, row).filter(|s| rules.has(*s)) {
                None => Some('*'),
                Some(sq) => cells[sq.index()].map(|p: Piece| p.letter()),
            };
            match c {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        rows.push(s);
    }
    let side = if side == Color::White { 'w' } else { 'b' };
    let fen = format!("{}{hand} {side} - {ep} 0 1", rows.join("/"));
    Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Checks `see`, the reference and `see_ge` on the move `uci` of `pos` against `expected`.
fn expect(pos: &Position, uci: &str, expected: i32) {
    let eval = Evaluator::new(&Weights::default(), pos.variant());
    let mut list = MoveList::new();
    pos.generate_pseudo_legal(&mut list);
    let m = *list
        .iter()
        .find(|m| pos.move_to_uci(**m) == uci)
        .unwrap_or_else(|| panic!("{uci} is not a move of {}", pos.to_fen()));
    assert_eq!(
        see(pos, m, &eval),
        expected,
        "see {uci} in {}",
        pos.to_fen()
    );
    assert_eq!(reference_see(pos, m, &eval), expected, "reference {uci}");
    assert!(see_ge(pos, m, &eval, expected));
    assert!(!see_ge(pos, m, &eval, expected + 1));
}

const W: Color = Color::White;

// Titan values: P 100, J 150, N 300, W 325, A 375, B 425, Y 425, G 475, F 525, U 550, R 625,
// Q 1200. Hadean: B 425, E 375, M 475, S 400, R 625. Octopus: J 150, B 375, C 425, R 575.
// Chess: P 100, N 320, R 500, Q 950.

#[test]
fn double_capture_gains_both_pieces() {
    // Warrior d4 leaps to d6 over the knight d5: knight 300 + rook 625 = 925. Nothing recaptures
    // on d6: 925.
    let base = ["Ka1", "kl12", "Wd4", "nd5", "rd6"];
    expect(&place(Variant::Titan, W, &base, "-", ""), "d4d6", 925);
    // A black pawn on e7 takes the warrior on d6 (325); white has nothing left: 925 - 325 = 600.
    let mut with_pawn = base.to_vec();
    with_pawn.push("pe7");
    expect(&place(Variant::Titan, W, &with_pawn, "-", ""), "d4d6", 600);
}

#[test]
fn double_capture_as_a_reply() {
    // Nd3xe5 wins a pawn (100). Black's warrior e4 leaps over e5 to e6, taking the knight (300)
    // and the bishop standing on e6 (425) = 725; nothing recaptures on e6.
    // 100 - 725 = -625. (Stepping onto e5 instead would gain only 300.)
    let pos = place(
        Variant::Titan,
        W,
        &["Ka1", "kl12", "Nd3", "pe5", "we4", "Be6"],
        "-",
        "",
    );
    expect(&pos, "d3e5", -625);
}

#[test]
fn fly_over_capture_lands_behind_its_victim() {
    // Bomber a4 flies over the rook d4 (625) and lands on e4. The pawn c5 defends d4, not e4,
    // so it cannot recapture: 625.
    let base = ["Ka1", "kl12", "Fa4", "rd4", "pc5"];
    expect(&place(Variant::Titan, W, &base, "-", ""), "a4e4", 625);
    // A pawn on f5 does attack e4: it takes the bomber (525): 625 - 525 = 100.
    let mut guarded = base.to_vec();
    guarded.push("pf5");
    expect(&place(Variant::Titan, W, &guarded, "-", ""), "a4e4", 100);
}

#[test]
fn fly_over_reply_is_recaptured_on_its_landing_square() {
    // Ra5xe5 wins a knight (300). Black's bomber e9 flies over the rook on e5 (625) and lands on
    // e4, where the pawn d3 takes it (525); the pawn f4, which guards e5, is no help.
    // Steps: 300, 625, 525: s3 = 525, s2 = 625 - 525 = 100, see = 300 - 100 = 200.
    let base = ["Ka1", "kl12", "Ra5", "ne5", "fe9", "Pf4"];
    let mut with_d3 = base.to_vec();
    with_d3.push("Pd3");
    expect(&place(Variant::Titan, W, &with_d3, "-", ""), "a5e5", 200);
    // Without d3 the bomber keeps the rook: 300 - 625 = -325.
    expect(&place(Variant::Titan, W, &base, "-", ""), "a5e5", -325);
}

#[test]
fn warmachine_hops_over_two_occupied_squares() {
    // Ra7xd7 wins a ferz-sorcerer (400). Black's warmachine d10 (d9, d8 empty) takes the rook
    // (625). White's warmachine d4 reaches d7 because d5 and d6 are both occupied: it takes the
    // black warmachine (475). s3 = 475, s2 = 625 - 475 = 150, see = 400 - 150 = 250.
    let base = ["Ka1", "kl12", "Ra7", "sd7", "md10", "Md4", "Pd5"];
    let mut both = base.to_vec();
    both.push("pd6");
    expect(&place(Variant::Hadean, W, &both, "-", ""), "a7d7", 250);
    // With d6 empty exactly one of d5/d6 is occupied, so d7 is out of reach:
    // 400 - 625 = -225.
    expect(&place(Variant::Hadean, W, &base, "-", ""), "a7d7", -225);
}

#[test]
fn snake_recaptures_only_along_an_open_path() {
    // Re1xe5 wins a bishop (375). The snake c4 reaches e5 through d5 (path A) or d4 (path B).
    // Both blocked: no recapture, 375.
    let base = ["Kj2", "ka10", "Re1", "be5", "cc4", "pd5"];
    let mut blocked = base.to_vec();
    blocked.push("pd4");
    expect(
        &place(Variant::Octopus, W, &blocked, "-", "[]"),
        "e1e5",
        375,
    );
    // d4 open: the snake takes the rook (575): 375 - 575 = -200.
    expect(&place(Variant::Octopus, W, &base, "-", "[]"), "e1e5", -200);
}

#[test]
fn en_passant_reply_and_en_passant_move() {
    // e2e4 passes e3; the pawn d4 takes it en passant (100) and nothing recaptures on e3:
    // 0 - 100 = -100.
    let pos = place(Variant::Chess, W, &["Ka1", "kh8", "Pe2", "pd4"], "-", "");
    expect(&pos, "e2e4", -100);
    // With a pawn on f2 guarding e3 the en-passant capture is answered (100): 0 - max(0, 0) = 0.
    let pos = place(
        Variant::Chess,
        W,
        &["Ka1", "kh8", "Pe2", "Pf2", "pd4"],
        "-",
        "",
    );
    expect(&pos, "e2e4", 0);
    // e5xd6 en passant wins the d5 pawn (100); c7 recaptures on d6 (100): 100 - 100 = 0.
    let pos = place(
        Variant::Chess,
        W,
        &["Ka1", "kh8", "Pe5", "pd5", "pc7"],
        "d6",
        "",
    );
    expect(&pos, "e5d6", 0);
}

#[test]
fn promotion_counts_the_promotion_gain() {
    // b7xa8=Q: rook 500 + queen 950 - pawn 100 = 1350; the knight b6 takes the queen (950):
    // 1350 - 950 = 400.
    let pos = place(
        Variant::Chess,
        W,
        &["Kh1", "kh6", "Pb7", "ra8", "nb6"],
        "-",
        "",
    );
    expect(&pos, "b7a8q", 400);
    // b7b8=Q without capture: 850; the rook a8 takes the queen (950), and nothing recaptures:
    // 850 - 950 = -100.
    expect(&pos, "b7b8q", -100);
}

#[test]
fn king_recaptures_only_when_safe() {
    // Qa4xd7 (pawn 100); the king e8 takes the queen (950): 100 - 950 = -850.
    let base = ["Kh1", "ke8", "Qa4", "pd7"];
    expect(&place(Variant::Chess, W, &base, "-", ""), "a4d7", -850);
    // With a rook on d1 the king may not take: 100.
    let mut guarded = base.to_vec();
    guarded.push("Rd1");
    expect(&place(Variant::Chess, W, &guarded, "-", ""), "a4d7", 100);
}

#[test]
fn drop_puts_the_ninja_pawn_at_risk() {
    // J@e2e5 (pushed to the middle rank 5) gains nothing; the pawn d6 takes it (150): -150.
    let pos = place(Variant::Octopus, W, &["Kj1", "ka10", "pd6"], "-", "[J]");
    expect(&pos, "J@e2e5", -150);
    // Dropped on e2 it is out of reach: 0.
    expect(&pos, "J@e2", 0);
}

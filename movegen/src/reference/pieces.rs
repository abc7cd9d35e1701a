//! How each piece moves and captures: RULES.md section 6 (pawns, ninja pawns) and section 7.
//!
//! Everything here is a pseudo-move: the mover's own king safety is not looked at. Castling and
//! drops are in `rules`, because they never remove a piece and so never attack anything.
//!
//! Words used below, as in section 7: `s` is the piece's square, `d` a direction, `s+kd` the square
//! k steps away. "Empty" means the square exists and nothing stands on it; a square that does not
//! exist is never empty, never occupied and never enemy, so no piece lands on it, slides through it
//! or jumps over it.

use super::board::{Color, Kind, Square};
use super::RefPosition;

/// One move as the rules describe it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Move {
    /// Where the moving piece starts; `None` for a drop.
    pub(super) from: Option<Square>,
    /// Where the moving piece (the king, when castling) ends.
    pub(super) to: Square,
    /// Every enemy piece the move removes (on the landing square, flown over, jumped over, or
    /// taken en passant).
    pub(super) removes: Vec<Square>,
    /// The new piece type of a promoting pawn or ninja pawn.
    pub(super) promotion: Option<Kind>,
    /// A drop: the square the ninja pawn is placed on (it may then be pushed to `to`).
    pub(super) drop_at: Option<Square>,
    /// Castling: the rook's origin and destination.
    pub(super) castle_rook: Option<(Square, Square)>,
}

impl Move {
    /// A move of the piece on `from` to `to`, removing `removes`.
    fn plain(from: Square, to: Square, removes: Vec<Square>) -> Move {
        Move {
            from: Some(from),
            to,
            removes,
            promotion: None,
            drop_at: None,
            castle_rook: None,
        }
    }
}

/// The four orthogonal directions.
const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
/// The four diagonal directions.
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The eight king directions.
const ALL_DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// Knight leaps, (1,2).
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// Camel leaps, (3,1) (the Leaping Ninja Guard's extended knight leap).
const CAMEL: [(i32, i32); 8] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];
/// Zebra leaps, (3,2) (the sorcerers' leap).
const ZEBRA: [(i32, i32); 8] = [
    (2, 3),
    (3, 2),
    (3, -2),
    (2, -3),
    (-2, -3),
    (-3, -2),
    (-3, 2),
    (-2, 3),
];

/// Collects the pseudo-moves of one side on one position.
struct Generator<'a> {
    /// The position looked at.
    pos: &'a RefPosition,
    /// The side whose moves are generated.
    color: Color,
    /// The moves found so far.
    moves: Vec<Move>,
    /// Index in `moves` of the first move of the piece being looked at.
    piece_start: usize,
}

/// All pseudo-moves of the pieces of `color` on `pos` (no castling, no drops). En-passant
/// captures are included only when `color` is the side to move, since the rights belong to the
/// very next move.
pub(super) fn piece_moves(pos: &RefPosition, color: Color) -> Vec<Move> {
    let mut generator = Generator {
        pos,
        color,
        moves: Vec::new(),
        piece_start: 0,
    };
    for s in pos.variant.squares() {
        let Some(piece) = pos.get(s) else { continue };
        if piece.color != color {
            continue;
        }
        generator.piece(s, piece.kind);
    }
    generator.moves
}

impl Generator<'_> {
    /// Does `sq` exist?
    fn exists(&self, sq: Square) -> bool {
        self.pos.variant.exists(sq)
    }

    /// Does `sq` exist with nothing on it?
    fn empty(&self, sq: Square) -> bool {
        self.exists(sq) && self.pos.get(sq).is_none()
    }

    /// Does a piece (of either colour) stand on `sq`?
    fn occupied(&self, sq: Square) -> bool {
        self.pos.get(sq).is_some()
    }

    /// Does an enemy piece stand on `sq`?
    fn enemy(&self, sq: Square) -> bool {
        self.pos.get(sq).is_some_and(|p| p.color != self.color)
    }

    /// Records a move.
    fn add(&mut self, from: Square, to: Square, removes: Vec<Square>) {
        self.moves.push(Move::plain(from, to, removes));
    }

    /// Records a move unless the same move (same from and to) is already there. Used where two
    /// rules of one piece describe the same move.
    fn add_once(&mut self, from: Square, to: Square, removes: Vec<Square>) {
        if let Some(known) = self.moves[self.piece_start..]
            .iter()
            .find(|m| m.from == Some(from) && m.to == to)
        {
            debug_assert_eq!(
                known.removes, removes,
                "two rules give one move two meanings"
            );
            return;
        }
        self.add(from, to, removes);
    }

    /// "Moves to an empty square or captures an enemy by landing on it."
    fn land(&mut self, from: Square, to: Square) {
        if self.empty(to) {
            self.add(from, to, Vec::new());
        } else if self.enemy(to) {
            self.add(from, to, vec![to]);
        }
    }

    /// A chess slide from `from` along `d`: every empty square, then the first piece if enemy.
    fn slide(&mut self, from: Square, d: (i32, i32)) {
        let mut sq = from.offset(d.0, d.1);
        while self.empty(sq) {
            self.add(from, sq, Vec::new());
            sq = sq.offset(d.0, d.1);
        }
        if self.enemy(sq) {
            self.add(from, sq, vec![sq]);
        }
    }

    /// A flying path from the piece on `from`, starting at `start` and going on along `d`:
    /// each empty square is a destination; when the first occupied square is an enemy and the
    /// square after it on the path is empty, the piece lands there and captures it (fly-over).
    /// Shared by the Flying Bomber, Raptor, Quad Bomber and Quad Raptor.
    fn fly(&mut self, from: Square, start: Square, d: (i32, i32)) {
        let mut sq = start;
        while self.empty(sq) {
            self.add_once(from, sq, Vec::new());
            sq = sq.offset(d.0, d.1);
        }
        let after = sq.offset(d.0, d.1);
        if self.enemy(sq) && self.empty(after) {
            self.add_once(from, after, vec![sq]);
        }
    }

    /// Dispatches on the piece type.
    fn piece(&mut self, s: Square, kind: Kind) {
        self.piece_start = self.moves.len();
        match kind {
            Kind::King => {
                for (dx, dy) in ALL_DIRECTIONS {
                    self.land(s, s.offset(dx, dy));
                }
            }
            Kind::Queen => {
                for d in ALL_DIRECTIONS {
                    self.slide(s, d);
                }
            }
            Kind::Rook => {
                for d in ORTHOGONAL {
                    self.slide(s, d);
                }
            }
            Kind::Bishop => {
                for d in DIAGONAL {
                    self.slide(s, d);
                }
            }
            Kind::Knight => self.leaps(s, &KNIGHT),
            Kind::Pawn => self.pawn(s),
            Kind::NinjaPawn => self.ninja_pawn(s),
            Kind::NinjaWarrior => self.warrior(s, &ORTHOGONAL),
            Kind::LeapingNinjaGuard => {
                self.warrior(s, &DIAGONAL);
                self.leaps(s, &CAMEL);
            }
            Kind::FlyingBomber => self.bomber(s, &ORTHOGONAL),
            Kind::Raptor => self.bomber(s, &DIAGONAL),
            Kind::QuadBomber => self.quad(s, &DIAGONAL),
            Kind::QuadRaptor => self.quad(s, &ORTHOGONAL),
            Kind::FlyingWarmachine => self.warmachine(s, &ORTHOGONAL),
            Kind::FlyingElephant => self.warmachine(s, &DIAGONAL),
            Kind::FerzSorcerer => {
                self.steps(s, &DIAGONAL);
                self.leaps(s, &ZEBRA);
            }
            Kind::WazirSorcerer => {
                self.steps(s, &ORTHOGONAL);
                self.leaps(s, &ZEBRA);
            }
            Kind::FerzKnight => {
                self.steps(s, &DIAGONAL);
                self.leaps(s, &KNIGHT);
            }
            Kind::WazirKnight => {
                self.steps(s, &ORTHOGONAL);
                self.leaps(s, &KNIGHT);
            }
            Kind::SorcererSnake => self.snake(s),
            Kind::Octopus => self.octopus(s),
        }
    }

    /// One step in each direction, capturing on landing.
    fn steps(&mut self, s: Square, directions: &[(i32, i32)]) {
        for &(dx, dy) in directions {
            self.land(s, s.offset(dx, dy));
        }
    }

    /// A plain leaper: only the landing square must exist; what it jumps over does not matter.
    fn leaps(&mut self, s: Square, leaps: &[(i32, i32)]) {
        for &(dx, dy) in leaps {
            self.land(s, s.offset(dx, dy));
        }
    }

    /// Ninja Warrior (orthogonal) and the Leaping Ninja Guard's diagonal part:
    /// step to `s+d` (move or capture); leap to `s+2d` if that square is empty or enemy, whatever
    /// stands on `s+d`; an enemy on `s+d` is captured as well (mandatory).
    fn warrior(&mut self, s: Square, directions: &[(i32, i32)]) {
        for &(dx, dy) in directions {
            let s1 = s.offset(dx, dy);
            let s2 = s.offset(2 * dx, 2 * dy);
            // A jump over a non-existent square is impossible.
            if !self.exists(s1) {
                continue;
            }
            self.land(s, s1);
            if self.empty(s2) || self.enemy(s2) {
                let removes = [s1, s2].into_iter().filter(|q| self.enemy(*q)).collect();
                self.add(s, s2, removes);
            }
        }
    }

    /// Flying Bomber (orthogonal) and Raptor (diagonal), rules 1 to 4 of section 7.
    fn bomber(&mut self, s: Square, directions: &[(i32, i32)]) {
        for &(dx, dy) in directions {
            let s1 = s.offset(dx, dy);
            let s2 = s.offset(2 * dx, 2 * dy);
            // 1. slides over empty squares without capturing, and
            // 2. fly-over capture of the first occupied square when it is an enemy and the
            //    square after it is empty.
            self.fly(s, s1, (dx, dy));
            // 3. two-square jump: `s+d` occupied (any colour), land on `s+2d` when empty or
            //    enemy; every enemy on `s+d` and `s+2d` is captured. (With an enemy on `s+d` and
            //    `s+2d` empty this is the same move as rule 2 with k = 1.)
            if self.occupied(s1) && (self.empty(s2) || self.enemy(s2)) {
                let removes = [s1, s2].into_iter().filter(|q| self.enemy(*q)).collect();
                self.add_once(s, s2, removes);
            }
            // 4. `s+d` empty and an enemy on `s+2d`: capture it by landing on it.
            if self.empty(s1) && self.enemy(s2) {
                self.add_once(s, s2, vec![s2]);
            }
        }
    }

    /// Quad Bomber (first step diagonal, then the two outward orthogonals) and Quad Raptor (first
    /// step orthogonal, then the two outward diagonals). The first step must be onto an empty
    /// square `f`, which is not a destination; along each leg the piece flies: it moves over
    /// empty squares and captures only by flying over the first piece when it is an enemy and
    /// the square after it on the leg is empty. It never captures by landing on a piece.
    fn quad(&mut self, s: Square, first_steps: &[(i32, i32)]) {
        for &(dx, dy) in first_steps {
            let f = s.offset(dx, dy);
            if !self.empty(f) {
                continue;
            }
            for o in outward(dx, dy) {
                self.fly(s, f.offset(o.0, o.1), o);
            }
        }
    }

    /// Flying Warmachine (orthogonal) and Flying Elephant (diagonal): `s1` and `s2` are always
    /// reachable; `s3` only when `s1` and `s2` are both empty or both occupied. Moves to a
    /// reachable empty square or captures an enemy on a reachable square by landing on it.
    /// Pieces jumped over are never affected.
    fn warmachine(&mut self, s: Square, directions: &[(i32, i32)]) {
        for &(dx, dy) in directions {
            let s1 = s.offset(dx, dy);
            let s2 = s.offset(2 * dx, 2 * dy);
            let s3 = s.offset(3 * dx, 3 * dy);
            if !self.exists(s1) {
                continue;
            }
            self.land(s, s1);
            // Reaching s2 jumps over s1, which exists (checked above).
            if !self.exists(s2) {
                continue;
            }
            self.land(s, s2);
            if self.occupied(s1) == self.occupied(s2) {
                self.land(s, s3);
            }
        }
    }

    /// Sorcerer Snake: reaches a knight square or a (3,2) square only along one of two paths of
    /// empty intermediate squares; captures on landing.
    fn snake(&mut self, s: Square) {
        for (dx, dy) in KNIGHT.into_iter().chain(ZEBRA) {
            let (sx, sy) = (dx.signum(), dy.signum());
            // One orthogonal step along the long axis.
            let long = if dx.abs() > dy.abs() {
                (sx, 0)
            } else {
                (0, sy)
            };
            let (path_a, path_b): (Vec<Square>, Vec<Square>) = if dx.abs() + dy.abs() == 3 {
                // Knight square: A = one diagonal step then one orthogonal step outward,
                // B = one orthogonal step along the long axis then one diagonal step.
                (vec![s.offset(sx, sy)], vec![s.offset(long.0, long.1)])
            } else {
                // (3,2) square: A = one orthogonal step along the long axis then two diagonal
                // steps, B = two diagonal steps then one orthogonal step along the long axis.
                (
                    vec![s.offset(long.0, long.1), s.offset(long.0 + sx, long.1 + sy)],
                    vec![s.offset(sx, sy), s.offset(2 * sx, 2 * sy)],
                )
            };
            let open = |path: &[Square]| path.iter().all(|q| self.empty(*q));
            if open(&path_a) || open(&path_b) {
                self.land(s, s.offset(dx, dy));
            }
        }
    }

    /// Octopus: one diagonal step then two or more orthogonal steps outward, or one orthogonal
    /// step then two or more diagonal steps outward, every square before the destination empty.
    /// The square after one outward step is passed through but is not a destination. Captures
    /// on landing only.
    fn octopus(&mut self, s: Square) {
        for (dx, dy) in DIAGONAL.into_iter().chain(ORTHOGONAL) {
            let f = s.offset(dx, dy);
            if !self.empty(f) {
                continue;
            }
            for (ox, oy) in outward(dx, dy) {
                let passed = f.offset(ox, oy);
                if !self.empty(passed) {
                    continue;
                }
                let mut sq = passed.offset(ox, oy);
                while self.empty(sq) {
                    self.add(s, sq, Vec::new());
                    sq = sq.offset(ox, oy);
                }
                if self.enemy(sq) {
                    self.add(s, sq, vec![sq]);
                }
            }
        }
    }

    /// Adds a pawn or ninja-pawn move, as one move per promotion choice when it reaches the
    /// promotion rank (promotion is mandatory).
    fn pawn_move(&mut self, from: Square, to: Square, removes: Vec<Square>) {
        let variant = self.pos.variant;
        if to.rank == variant.promotion_rank(self.color) {
            for &kind in variant.promotion_choices() {
                let mut m = Move::plain(from, to, removes.clone());
                m.promotion = Some(kind);
                self.moves.push(m);
            }
        } else {
            self.add(from, to, removes);
        }
    }

    /// Forward moves onto empty squares shared by both pawns: from the own half below the middle
    /// rank, any number of squares up to and including the middle rank; otherwise one square,
    /// or also two when `two_in_enemy_half` and the pawn is in the enemy half. All squares on the
    /// way must be empty.
    fn pawn_pushes(&mut self, s: Square, two_in_enemy_half: bool) {
        let variant = self.pos.variant;
        let forward = self.color.forward();
        let max_steps = if variant.below_middle(self.color, s.rank) {
            (variant.middle_rank(self.color) - s.rank).abs()
        } else if two_in_enemy_half && variant.in_enemy_half(self.color, s.rank) {
            2
        } else {
            1
        };
        for k in 1..=max_steps {
            let to = s.offset(0, k * forward);
            if !self.empty(to) {
                break;
            }
            self.pawn_move(s, to, Vec::new());
        }
    }

    /// Ordinary pawn (section 6).
    fn pawn(&mut self, s: Square) {
        let forward = self.color.forward();
        self.pawn_pushes(s, self.pos.variant.pawn_two_steps_in_enemy_half());
        for dx in [-1, 1] {
            let to = s.offset(dx, forward);
            if self.enemy(to) {
                // Captures one square diagonally forward.
                self.pawn_move(s, to, vec![to]);
            } else if self.color == self.pos.side
                && self.empty(to)
                && self.pos.en_passant.contains(&to)
            {
                // En passant: a square the enemy pawn passed over on the last move; that pawn
                // stands just beyond the last passed-over square, in its direction of travel.
                if let Some(last) = self.pos.en_passant.last() {
                    let victim = last.offset(0, -forward);
                    let is_enemy_pawn = self
                        .pos
                        .get(victim)
                        .is_some_and(|p| p.color != self.color && p.kind == Kind::Pawn);
                    if is_enemy_pawn {
                        self.pawn_move(s, to, vec![victim]);
                    }
                }
            }
        }
    }

    /// Ninja pawn (section 6). Never takes en passant.
    fn ninja_pawn(&mut self, s: Square) {
        let variant = self.pos.variant;
        let forward = self.color.forward();
        let enemy_half = variant.in_enemy_half(self.color, s.rank);
        // Always one square forward onto an empty square; from its own half below the middle
        // rank any number up to and including the middle rank; in the enemy half (titan and
        // octopus) also two squares.
        self.pawn_pushes(s, variant.ninja_two_steps_in_enemy_half());
        for dx in [-1, 1] {
            // Always one square sideways onto an empty square; in the enemy half it also
            // captures one square sideways.
            let side = s.offset(dx, 0);
            if self.empty(side) {
                self.pawn_move(s, side, Vec::new());
            } else if enemy_half && self.enemy(side) {
                self.pawn_move(s, side, vec![side]);
            }
            // Always captures one square diagonally forward.
            let diagonal = s.offset(dx, forward);
            if self.enemy(diagonal) {
                self.pawn_move(s, diagonal, vec![diagonal]);
            }
        }
    }
}

/// The two outward directions after a first step `(dx, dy)`: for a diagonal step, its two
/// orthogonal components; for an orthogonal step, the two diagonals that continue it.
fn outward(dx: i32, dy: i32) -> [(i32, i32); 2] {
    if dx != 0 && dy != 0 {
        [(dx, 0), (0, dy)]
    } else if dx == 0 {
        [(1, dy), (-1, dy)]
    } else {
        [(dx, 1), (dx, -1)]
    }
}

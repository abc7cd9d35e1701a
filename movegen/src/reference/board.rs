//! Boards, squares, colours and pieces: RULES.md sections 1 and 2.

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Color {
    /// Moves up (towards higher ranks).
    White,
    /// Moves down.
    Black,
}

impl Color {
    /// The other side.
    pub(super) fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for white, 1 for black (hands, castling rights).
    pub(super) fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    /// The rank step of "forward": white moves up, black down.
    pub(super) fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

/// A piece type (section 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Kind {
    /// K
    King,
    /// Q
    Queen,
    /// R
    Rook,
    /// B
    Bishop,
    /// N
    Knight,
    /// P, the ordinary pawn.
    Pawn,
    /// J
    NinjaPawn,
    /// W
    NinjaWarrior,
    /// G
    LeapingNinjaGuard,
    /// F (called Bird in raptor)
    FlyingBomber,
    /// A
    Raptor,
    /// U
    QuadBomber,
    /// Y
    QuadRaptor,
    /// M
    FlyingWarmachine,
    /// E
    FlyingElephant,
    /// S
    FerzSorcerer,
    /// Z
    WazirSorcerer,
    /// H
    FerzKnight,
    /// L
    WazirKnight,
    /// C
    SorcererSnake,
    /// O
    Octopus,
}

/// Section 2's table: letter and piece type.
const LETTERS: [(char, Kind); 21] = [
    ('K', Kind::King),
    ('Q', Kind::Queen),
    ('R', Kind::Rook),
    ('B', Kind::Bishop),
    ('N', Kind::Knight),
    ('P', Kind::Pawn),
    ('J', Kind::NinjaPawn),
    ('W', Kind::NinjaWarrior),
    ('G', Kind::LeapingNinjaGuard),
    ('F', Kind::FlyingBomber),
    ('A', Kind::Raptor),
    ('U', Kind::QuadBomber),
    ('Y', Kind::QuadRaptor),
    ('M', Kind::FlyingWarmachine),
    ('E', Kind::FlyingElephant),
    ('S', Kind::FerzSorcerer),
    ('Z', Kind::WazirSorcerer),
    ('H', Kind::FerzKnight),
    ('L', Kind::WazirKnight),
    ('C', Kind::SorcererSnake),
    ('O', Kind::Octopus),
];

impl Kind {
    /// The upper-case letter of section 2.
    pub(super) fn letter(self) -> char {
        LETTERS
            .iter()
            .find(|(_, kind)| *kind == self)
            .map_or('?', |(letter, _)| *letter)
    }

    /// The piece type of an upper-case letter.
    pub(super) fn from_letter(letter: char) -> Option<Kind> {
        LETTERS
            .iter()
            .find(|(l, _)| *l == letter)
            .map(|(_, kind)| *kind)
    }
}

/// A piece: a type and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Piece {
    /// Its side.
    pub(super) color: Color,
    /// Its type.
    pub(super) kind: Kind,
}

impl Piece {
    /// FEN letter: upper case white, lower case black.
    pub(super) fn letter(self) -> char {
        match self.color {
            Color::White => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// The piece of a FEN letter.
    pub(super) fn from_letter(letter: char) -> Option<Piece> {
        let kind = Kind::from_letter(letter.to_ascii_uppercase())?;
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }
}

/// A square: file 0 = `a`, rank as written (raptor has ranks 0 and 11).
/// Squares off the board can be represented; `Variant::exists` says which are real.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Square {
    /// 0 for `a`, 1 for `b`, ...
    pub(super) file: i32,
    /// The rank number as written.
    pub(super) rank: i32,
}

impl Square {
    /// The square `file`, `rank`.
    pub(super) fn new(file: i32, rank: i32) -> Square {
        Square { file, rank }
    }

    /// `s + (dx, dy)`.
    pub(super) fn offset(self, dx: i32, dy: i32) -> Square {
        Square::new(self.file + dx, self.rank + dy)
    }

    /// File letter and rank number, `e4`, `e0`, `a12`.
    pub(super) fn name(self) -> String {
        let file = u8::try_from(self.file)
            .ok()
            .filter(|f| *f < 26)
            .map_or('?', |f| char::from(b'a' + f));
        format!("{file}{}", self.rank)
    }

    /// Reads a square name at the start of `text`; returns it and the rest of the text.
    pub(super) fn parse_prefix(text: &str) -> Option<(Square, &str)> {
        let mut chars = text.char_indices();
        let (_, file_char) = chars.next()?;
        if !file_char.is_ascii_lowercase() {
            return None;
        }
        let file = i32::from(u8::try_from(file_char).ok()? - b'a');
        let digits: String = text[1..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        if digits.is_empty() || digits.len() > 2 {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        Some((Square::new(file, rank), &text[1 + digits.len()..]))
    }
}

/// The two castling sides. `King` is the rook on the higher file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CastleSide {
    /// The rook on the higher file (`K`, `k`).
    King,
    /// The rook on the lower file (`Q`, `q`).
    Queen,
}

/// The five variants the reference knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Variant {
    /// Standard chess, the calibration variant.
    Chess,
    /// Titan chess, 12x12.
    Titan,
    /// Hadean chess, 12x12.
    Hadean,
    /// Raptor chess, 10x10 plus e0, f0, e11, f11.
    Raptor,
    /// Octopus chess, 10x10 with drops.
    Octopus,
}

impl Variant {
    /// The variant named `name`.
    pub(super) fn from_name(name: &str) -> Result<Variant, String> {
        match name {
            "chess" => Ok(Variant::Chess),
            "titan" => Ok(Variant::Titan),
            "hadean" => Ok(Variant::Hadean),
            "raptor" => Ok(Variant::Raptor),
            "octopus" => Ok(Variant::Octopus),
            _ => Err(format!(
                "unknown variant {name:?} (expected chess, titan, hadean, raptor or octopus)"
            )),
        }
    }

    /// Number of files.
    pub(super) fn files(self) -> i32 {
        match self {
            Variant::Chess => 8,
            Variant::Titan | Variant::Hadean => 12,
            Variant::Raptor | Variant::Octopus => 10,
        }
    }

    /// The lowest rank number on which some square exists.
    pub(super) fn lowest_rank(self) -> i32 {
        match self {
            Variant::Raptor => 0,
            _ => 1,
        }
    }

    /// The highest rank number on which some square exists.
    pub(super) fn highest_rank(self) -> i32 {
        match self {
            Variant::Chess => 8,
            Variant::Titan | Variant::Hadean => 12,
            Variant::Raptor => 11,
            Variant::Octopus => 10,
        }
    }

    /// The last rank of the rectangle of ranks 1..n: black's back rank, white's promotion rank.
    pub(super) fn last_rank(self) -> i32 {
        match self {
            Variant::Chess => 8,
            Variant::Titan | Variant::Hadean => 12,
            Variant::Raptor | Variant::Octopus => 10,
        }
    }

    /// Does `sq` exist? Raptor's rows 0 and 11 only hold files e and f (section 1).
    pub(super) fn exists(self, sq: Square) -> bool {
        if sq.file < 0
            || sq.file >= self.files()
            || sq.rank < self.lowest_rank()
            || sq.rank > self.highest_rank()
        {
            return false;
        }
        match self {
            Variant::Raptor => (1..=10).contains(&sq.rank) || sq.file == 4 || sq.file == 5,
            _ => true,
        }
    }

    /// Every existing square, rank by rank from the lowest.
    pub(super) fn squares(self) -> Vec<Square> {
        let mut squares = Vec::new();
        for rank in self.lowest_rank()..=self.highest_rank() {
            for file in 0..self.files() {
                let sq = Square::new(file, rank);
                if self.exists(sq) {
                    squares.push(sq);
                }
            }
        }
        squares
    }

    /// The middle rank of a side (section 1's table; chess: 4 and 5).
    pub(super) fn middle_rank(self, color: Color) -> i32 {
        match (self, color) {
            (Variant::Chess, Color::White) => 4,
            (Variant::Chess, Color::Black) => 5,
            (Variant::Titan | Variant::Hadean, Color::White) => 6,
            (Variant::Titan | Variant::Hadean, Color::Black) => 7,
            (Variant::Raptor | Variant::Octopus, Color::White) => 5,
            (Variant::Raptor | Variant::Octopus, Color::Black) => 6,
        }
    }

    /// Is `rank` in `color`'s own half and below (behind) its middle rank?
    pub(super) fn below_middle(self, color: Color, rank: i32) -> bool {
        match color {
            Color::White => rank < self.middle_rank(color),
            Color::Black => rank > self.middle_rank(color),
        }
    }

    /// Is `rank` in `color`'s enemy half (beyond its middle rank)?
    pub(super) fn in_enemy_half(self, color: Color, rank: i32) -> bool {
        match color {
            Color::White => rank > self.middle_rank(color),
            Color::Black => rank < self.middle_rank(color),
        }
    }

    /// The promotion rank of a side: white's last rank, black's rank 1.
    pub(super) fn promotion_rank(self, color: Color) -> i32 {
        match color {
            Color::White => self.last_rank(),
            Color::Black => 1,
        }
    }

    /// Is `rank` on or beyond `color`'s promotion rank?
    pub(super) fn on_or_beyond_promotion(self, color: Color, rank: i32) -> bool {
        match color {
            Color::White => rank >= self.promotion_rank(color),
            Color::Black => rank <= self.promotion_rank(color),
        }
    }

    /// The back rank (king and rooks): 1 for white, the last rank for black.
    pub(super) fn back_rank(self, color: Color) -> i32 {
        match color {
            Color::White => 1,
            Color::Black => self.last_rank(),
        }
    }

    /// The king's home file (section 6 table; chess e).
    pub(super) fn king_file(self) -> i32 {
        match self {
            Variant::Chess => 4,
            Variant::Titan | Variant::Hadean => 6,
            Variant::Raptor | Variant::Octopus => 5,
        }
    }

    /// The castling rook's home file.
    pub(super) fn rook_file(self, side: CastleSide) -> i32 {
        match (self, side) {
            (Variant::Chess, CastleSide::Queen) => 0,
            (Variant::Chess, CastleSide::King) => 7,
            (Variant::Titan, CastleSide::Queen) => 1,
            (Variant::Titan, CastleSide::King) => 10,
            (Variant::Hadean, CastleSide::Queen) => 0,
            (Variant::Hadean, CastleSide::King) => 11,
            (Variant::Raptor | Variant::Octopus, CastleSide::Queen) => 0,
            (Variant::Raptor | Variant::Octopus, CastleSide::King) => 9,
        }
    }

    /// The king's castling destination files (section 6 table).
    pub(super) fn castle_destinations(self, side: CastleSide) -> &'static [i32] {
        match (self, side) {
            // g / c
            (Variant::Chess, CastleSide::King) => &[6],
            (Variant::Chess, CastleSide::Queen) => &[2],
            // h, i, j, k / f, e, d, c, b
            (Variant::Titan | Variant::Hadean, CastleSide::King) => &[7, 8, 9, 10],
            (Variant::Titan | Variant::Hadean, CastleSide::Queen) => &[5, 4, 3, 2, 1],
            // g, h, i / e, d, c, b
            (Variant::Raptor | Variant::Octopus, CastleSide::King) => &[6, 7, 8],
            (Variant::Raptor | Variant::Octopus, CastleSide::Queen) => &[4, 3, 2, 1],
        }
    }

    /// Promotion choices (section 6, ordinary pawn).
    pub(super) fn promotion_choices(self) -> &'static [Kind] {
        use Kind::*;
        match self {
            Variant::Chess => &[Queen, Rook, Bishop, Knight],
            Variant::Titan => &[
                Queen,
                Rook,
                Bishop,
                Knight,
                NinjaWarrior,
                LeapingNinjaGuard,
                FlyingBomber,
                Raptor,
                QuadBomber,
                QuadRaptor,
            ],
            Variant::Hadean => &[
                Queen,
                Rook,
                Bishop,
                FlyingWarmachine,
                FlyingElephant,
                FerzSorcerer,
                WazirSorcerer,
                FerzKnight,
                WazirKnight,
            ],
            Variant::Raptor => &[Queen, Rook, Bishop, Knight, Raptor, FlyingBomber],
            Variant::Octopus => &[
                Queen,
                Rook,
                Bishop,
                WazirKnight,
                FerzKnight,
                SorcererSnake,
                Octopus,
            ],
        }
    }

    /// Does the piece type belong to this variant (section 2's table)?
    pub(super) fn has_kind(self, kind: Kind) -> bool {
        use Kind::*;
        match kind {
            King | Queen | Rook | Bishop | Pawn => true,
            Knight => matches!(self, Variant::Chess | Variant::Titan | Variant::Raptor),
            NinjaPawn => matches!(self, Variant::Titan | Variant::Hadean | Variant::Octopus),
            NinjaWarrior | LeapingNinjaGuard | QuadBomber | QuadRaptor => self == Variant::Titan,
            FlyingBomber | Raptor => matches!(self, Variant::Titan | Variant::Raptor),
            FlyingWarmachine | FlyingElephant | FerzSorcerer | WazirSorcerer => {
                self == Variant::Hadean
            }
            FerzKnight | WazirKnight => matches!(self, Variant::Hadean | Variant::Octopus),
            SorcererSnake | Octopus => self == Variant::Octopus,
        }
    }

    /// Octopus is the one variant with drops (and a hand).
    pub(super) fn has_drops(self) -> bool {
        self == Variant::Octopus
    }

    /// Octopus only: an ordinary pawn in the enemy half may also move two squares.
    pub(super) fn pawn_two_steps_in_enemy_half(self) -> bool {
        self == Variant::Octopus
    }

    /// Titan and octopus only: a ninja pawn in the enemy half may also move two squares.
    pub(super) fn ninja_two_steps_in_enemy_half(self) -> bool {
        matches!(self, Variant::Titan | Variant::Octopus)
    }

    /// The rank a side drops onto: its second rank (white 2, black 9 in octopus).
    pub(super) fn drop_rank(self, color: Color) -> i32 {
        match color {
            Color::White => 2,
            Color::Black => self.last_rank() - 1,
        }
    }
}

//! The glossary types: [`Square`], [`Color`], [`Role`] (colourless piece kind) and [`Piece`].

/// A square of the 12x12 grid: `row * 12 + file`, both from 0.
///
/// Row 0 is the lowest row of the board. How rows map to printed rank numbers depends on the
/// variant (raptor's rows are ranks 0..11, the others' rows are ranks 1..).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// Number of squares in the grid.
    pub const COUNT: usize = 144;
    /// Width of the grid (files).
    pub const WIDTH: i32 = 12;

    /// A square from a grid index; the caller guarantees `i < 144`.
    #[inline]
    pub const fn new_unchecked(i: u8) -> Square {
        debug_assert!((i as usize) < Square::COUNT);
        Square(i)
    }

    /// A square from file and row, if both lie on the 12x12 grid.
    #[inline]
    pub const fn from_coords(file: i32, row: i32) -> Option<Square> {
        if file >= 0 && file < 12 && row >= 0 && row < 12 {
            Some(Square((row * 12 + file) as u8))
        } else {
            None
        }
    }

    /// Grid index 0..144.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..12 (`a` is 0).
    #[inline]
    pub const fn file(self) -> i32 {
        (self.0 % 12) as i32
    }

    /// Row 0..12 from the bottom of the grid.
    #[inline]
    pub const fn row(self) -> i32 {
        (self.0 / 12) as i32
    }

    /// The square `(df, dr)` away, if it lies on the grid (existence on a board is checked
    /// separately).
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::from_coords(self.file() + df, self.row() + dr)
    }
}

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// Moves first, up the board.
    White = 0,
    /// Moves second, down the board.
    Black = 1,
}

impl Color {
    /// Both colours, white first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for white, 1 for black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Row direction of this side's pawns: +1 for white, -1 for black.
    #[inline]
    pub const fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

macro_rules! roles {
    ($( $(#[$doc:meta])* $name:ident = $letter:literal, $title:literal; )*) => {
        /// A colourless piece kind. Letters follow RULES.md section 2.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub enum Role { $( $(#[$doc])* $name, )* }

        impl Role {
            /// Every role, in index order.
            pub const ALL: [Role; Role::COUNT] = [ $( Role::$name, )* ];
            /// Upper-case FEN letters, in index order.
            const LETTERS: [u8; Role::COUNT] = [ $( $letter, )* ];
            /// Names as the rule texts use them, in index order.
            const NAMES: [&'static str; Role::COUNT] = [ $( $title, )* ];
        }
    };
}

roles! {
    /// Ordinary pawn.
    Pawn = b'P', "Pawn";
    /// Ninja pawn: sideways steps, sideways captures in the enemy half, never en passant.
    Ninja = b'J', "Ninja Pawn";
    /// Chess knight.
    Knight = b'N', "Knight";
    /// Chess bishop.
    Bishop = b'B', "Bishop";
    /// Chess rook.
    Rook = b'R', "Rook";
    /// Chess queen.
    Queen = b'Q', "Queen";
    /// Chess king.
    King = b'K', "King";
    /// Ninja Warrior: orthogonal step or two-square leap capturing what it jumps.
    Warrior = b'W', "Ninja Warrior";
    /// Leaping Ninja Guard: the warrior on diagonals plus a (3,1) leap.
    Guard = b'G', "Leaping Ninja Guard";
    /// Flying Bomber (Bird): rook slide, fly-over capture, two-square jump.
    Bomber = b'F', "Flying Bomber";
    /// Raptor: the bomber on diagonals.
    Raptor = b'A', "Raptor";
    /// Quad Bomber: diagonal step then outward orthogonal slide, captures by flying over.
    QuadBomber = b'U', "Quad Bomber";
    /// Quad Raptor: orthogonal step then outward diagonal slide, captures by flying over.
    QuadRaptor = b'Y', "Quad Raptor";
    /// Flying Warmachine: up to three orthogonal squares with the pair rule for the third.
    Warmachine = b'M', "Flying Warmachine";
    /// Flying Elephant: the warmachine on diagonals.
    Elephant = b'E', "Flying Elephant";
    /// Ferz-Sorcerer: ferz plus (3,2) leap.
    FerzSorcerer = b'S', "Ferz-Sorcerer";
    /// Wazir-Sorcerer: wazir plus (3,2) leap.
    WazirSorcerer = b'Z', "Wazir-Sorcerer";
    /// Ferz-Knight: ferz plus knight.
    FerzKnight = b'H', "Ferz-Knight";
    /// Wazir-Knight: wazir plus knight.
    WazirKnight = b'L', "Wazir-Knight";
    /// Sorcerer Snake: knight and (3,2) squares along two crooked paths of empty squares.
    Snake = b'C', "Sorcerer Snake";
    /// Octopus: crooked slider, captures on landing.
    Octopus = b'O', "Octopus";
}

impl Role {
    /// Number of roles.
    pub const COUNT: usize = 21;

    /// Index 0..COUNT.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Role from its index.
    #[inline]
    pub const fn from_index(i: usize) -> Role {
        Role::ALL[i]
    }

    /// Upper-case letter.
    pub const fn upper(self) -> char {
        Role::LETTERS[self as usize] as char
    }

    /// Lower-case letter.
    pub const fn lower(self) -> char {
        Role::LETTERS[self as usize].to_ascii_lowercase() as char
    }

    /// Role of a letter of either case.
    pub fn from_letter(c: char) -> Option<Role> {
        let u = c.to_ascii_uppercase();
        Role::ALL.iter().copied().find(|r| r.upper() == u)
    }

    /// The piece's name as written in the rule texts.
    pub const fn name(self) -> &'static str {
        Role::NAMES[self as usize]
    }

    /// Is this an ordinary or a ninja pawn?
    #[inline]
    pub const fn is_pawnlike(self) -> bool {
        matches!(self, Role::Pawn | Role::Ninja)
    }
}

/// A role with a colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Owner.
    pub color: Color,
    /// Kind.
    pub role: Role,
}

impl Piece {
    /// Number of distinct pieces.
    pub const COUNT: usize = 2 * Role::COUNT;

    /// A piece.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// Index 0..COUNT (colour-major).
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * Role::COUNT + self.role.index()
    }

    /// FEN letter: upper case for white.
    pub const fn letter(self) -> char {
        match self.color {
            Color::White => self.role.upper(),
            Color::Black => self.role.lower(),
        }
    }

    /// Piece of a FEN letter.
    pub fn from_letter(c: char) -> Option<Piece> {
        let role = Role::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

//! What XBoard is told about each game: the `feature variants` list, the `setup` line (board
//! size, piece-to-character table, start position) and one `piece` line per fairy piece.
//!
//! XBoard 4.9.1 gives every piece type a slot in its piece-to-character table; a 22-letter
//! table per colour (`PNBRQFEACWMOHIJGDVLSUK`, the last slot the king) selects the types. Each
//! game puts its letters into those slots and leaves the others `.` (absent). The slot decides
//! only the picture XBoard draws; how a piece moves comes from its `piece` line.
//!
//! The `piece` descriptions are XBetza strings that XBoard 4.9.1 parses. They are used for
//! XBoard's own target marking and SAN only: none of the four games can be described exactly
//! (multi-square pawn pushes, fly-over captures at any distance, the warmachine's pair rule,
//! castling over one to five squares, en passant over several squares, drop-and-push), so
//! XBoard runs these games with legality testing off and the engine, which answers every
//! `lift` with the exact legal targets (`highlight`), is the rules authority. See
//! `docs/xboard.md`.

use movegen::{Role, Variant};

/// XBoard's piece-type slots, in table order; the last one is the king.
const SLOTS: usize = 22;

/// The names of the games in the `feature variants` list (`normal` is chess).
pub fn feature_names() -> String {
    Variant::ALL
        .iter()
        .map(|v| xboard_name(*v))
        .collect::<Vec<_>>()
        .join(",")
}

/// XBoard's name of a game.
pub fn xboard_name(v: Variant) -> &'static str {
    match v {
        Variant::Chess => "normal",
        other => other.name(),
    }
}

/// The game XBoard's variant name stands for.
pub fn from_xboard_name(name: &str) -> Option<Variant> {
    match name {
        "normal" | "chess" => Some(Variant::Chess),
        other => Variant::from_name(other).ok(),
    }
}

/// Slot of each role in XBoard's table. The ordinary pawn uses the pawn slot except in
/// octopus, where the ninja pawn must be in the pawn slot to live in XBoard's holdings (which
/// only hold the first piece types); the octopus pawn then takes the lance slot (18), which
/// XBoard also treats as a pawn that promotes.
fn slot(variant: Variant, role: Role) -> usize {
    match role {
        Role::Pawn if variant == Variant::Octopus => 18,
        Role::Pawn => 0,
        Role::Ninja if variant == Variant::Octopus => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::Bomber => 5,
        Role::Elephant => 6,
        Role::Raptor => 7,
        Role::Snake => 8,
        Role::Warrior => 9,
        Role::Warmachine => 10,
        Role::Octopus => 11,
        Role::FerzKnight => 12,
        Role::QuadRaptor => 13,
        Role::Ninja => 14,
        Role::Guard => 15,
        Role::FerzSorcerer => 16,
        Role::WazirSorcerer => 17,
        Role::WazirKnight => 20,
        Role::QuadBomber => 19,
        Role::King => 21,
    }
}

/// The piece-to-character table of a game (white's 22 letters, then black's).
pub fn piece_to_char(variant: Variant) -> String {
    let mut white = ['.'; SLOTS];
    for &role in variant.spec().roles {
        white[slot(variant, role)] = role.upper();
    }
    let black: String = white.iter().map(|c| c.to_ascii_lowercase()).collect();
    white.iter().collect::<String>() + &black
}

/// XBoard's board height of a game (raptor's board is 12 rows tall, the missing squares
/// written `*`).
pub fn board_height(variant: Variant) -> i32 {
    variant.spec().geometry.rows
}

/// The `setup` line answered to `variant` (none for chess, which XBoard knows).
pub fn setup_line(variant: Variant) -> Option<String> {
    if variant == Variant::Chess {
        return None;
    }
    let g = &variant.spec().geometry;
    let holdings = usize::from(variant.spec().drops.is_some());
    Some(format!(
        "setup ({}) {}x{}+{}_fairy {}",
        piece_to_char(variant),
        g.files,
        g.rows,
        holdings,
        variant.spec().start_fen
    ))
}

/// The XBetza description sent for a piece, and whether XBoard 4.9.1 sees exactly the piece's
/// targets with it (board-shape limits aside). Every string was tested against XBoard 4.9.1's
/// legality test (`scripts/xboard-xbetza.sh`); 4.9.1's legality test compares only a move's
/// from- and to-square, so victims elsewhere (the `a` legs below) describe XBoard's move entry
/// but are not checked by it.
pub fn xbetza(role: Role) -> Option<(&'static str, bool)> {
    Some(match role {
        // Pawns: one step and the diagonal capture; the longer own-half pushes depend on the
        // rank and are given by the engine's highlights.
        Role::Pawn => ("fmWfceF", false),
        Role::Ninja => ("fsmWfcF", false),
        // Step; leap two squares over an empty square or a friend (`tp`: hop over a friend
        // only), or capture the enemy on the first square and land on the second (`ca`).
        Role::Warrior => ("WmafmcWcafmcWtpafmcW", true),
        Role::Guard => ("FmafmcFcafmcFtpafmcFC", true),
        // Slide without capture; fly-over capture at any distance (`cyafmR`: slide to an enemy,
        // capture it, one more step onto an empty square); the two-square jump over a piece and
        // the capture two squares away. XBoard's legality test also takes the first leg of a
        // fly-over (landing on the victim) as a move, which the rules do not allow.
        Role::Bomber => ("mRcyafmRcafmcWtpafmcWmafcW", false),
        Role::Raptor => ("mBcyafmBcafmcFtpafmcFmafcF", false),
        // One step onto an empty square, then an outward slide. XBoard also lets the first
        // step pass a friend, and the fly-over captures of the slide are not described.
        Role::QuadBomber => ("mafsmR", false),
        Role::QuadRaptor => ("mafsmB", false),
        // The third square depends on the pair rule: not expressible.
        Role::Warmachine => ("WDH", false),
        Role::Elephant => ("FAG", false),
        Role::FerzSorcerer => ("FZ", true),
        Role::WazirSorcerer => ("WZ", true),
        Role::FerzKnight => ("FN", true),
        Role::WazirKnight => ("WN", true),
        // Lame leaps: 4.9.1 blocks a lame leap on one path square only, the snake has two paths.
        Role::Snake => ("nNnZ", false),
        Role::Octopus => ("mafsRcafsR", false),
        Role::Queen | Role::Rook | Role::Bishop | Role::Knight => return None,
        // The king is described only for its castling: see `king_description`.
        Role::King => return None,
    })
}

/// The king's `piece` description in a game: a king step plus XBetza castling atoms (`On`: the
/// king moves n squares toward a rook in the corner, `jOn`: toward a rook one square in from
/// the corner). XBoard 4.9.1 moves the rook of a castle sent as the king's move through the
/// rook's square (`g1k1,k1i1`) to the square next to the king's destination, on the side of
/// its origin, exactly as the rules do, only when the king's description has an `O`; without
/// one it applies its own castling rules, which differ for one-square castles and castles onto
/// the rook's square. The atoms over-mark one step on the king side, where the king moves one
/// square less far than on the queen side; the engine's highlights are exact.
pub fn king_description(variant: Variant) -> Option<String> {
    let rules_max = match variant {
        Variant::Chess => return None,
        Variant::Titan | Variant::Hadean => 5,
        Variant::Raptor | Variant::Octopus => 4,
    };
    let inset = if variant == Variant::Titan { "j" } else { "" };
    let atoms: String = (1..=rules_max).map(|n| format!("{inset}O{n}")).collect();
    Some(format!("K{atoms}"))
}

/// The `piece` lines answered to `variant` (one per fairy piece of the game).
pub fn piece_lines(variant: Variant) -> Vec<String> {
    if variant == Variant::Chess {
        return Vec::new();
    }
    let mut lines: Vec<String> = variant
        .spec()
        .roles
        .iter()
        .filter_map(|&r| xbetza(r).map(|(d, _)| format!("piece {}& {d}", r.upper())))
        .collect();
    lines.extend(king_description(variant).map(|d| format!("piece K& {d}")));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_letter_has_its_own_slot() {
        // The white half holds each role's letter in a slot of its own, the king's last; the
        // black half is the same in lower case (so the table is 2 * SLOTS long).
        for (v, table) in Variant::ALL.map(|v| (v, piece_to_char(v))) {
            let (white, black) = table.split_at(SLOTS);
            assert_eq!(black, white.to_ascii_lowercase(), "{v}");
            let mut letters: Vec<char> = white.chars().filter(|c| *c != '.').collect();
            letters.sort_unstable();
            let mut roles: Vec<char> = v.spec().roles.iter().map(|r| r.upper()).collect();
            roles.sort_unstable();
            assert_eq!(letters, roles, "{v}");
            assert!(white.ends_with('K'), "{v}");
        }
    }

    #[test]
    fn setup_lines() {
        assert_eq!(
            setup_line(Variant::Raptor).unwrap(),
            "setup (PNBRQF.A.............Kpnbrqf.a.............k) 10x12+0_fairy \
             ****ff****/rnbaqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w KQkq - 0 1"
        );
        assert!(setup_line(Variant::Octopus)
            .unwrap()
            .starts_with("setup (J.BRQ...C..OH.....P.LKj.brq...c..oh.....p.lk) 10x10+1_fairy "));
        assert!(setup_line(Variant::Chess).is_none());
    }
}

//! Legality, castling, drops, playing a move, and move notation: RULES.md sections 5 and 6.

use super::board::{CastleSide, Color, Kind, Piece, Square};
use super::pieces::{piece_moves, Move};
use super::RefPosition;

/// The castling-right slots in FEN order `K`, `Q`, `k`, `q`.
pub(super) const RIGHTS: [(Color, CastleSide); 4] = [
    (Color::White, CastleSide::King),
    (Color::White, CastleSide::Queen),
    (Color::Black, CastleSide::King),
    (Color::Black, CastleSide::Queen),
];

/// The slot in `RefPosition::castling` of one right.
pub(super) fn right_index(color: Color, side: CastleSide) -> usize {
    RIGHTS
        .iter()
        .position(|right| *right == (color, side))
        .unwrap_or(0)
}

/// The king's home square of `color`.
pub(super) fn king_home(pos: &RefPosition, color: Color) -> Square {
    Square::new(pos.variant.king_file(), pos.variant.back_rank(color))
}

/// The home square of `color`'s castling rook on `side`.
pub(super) fn rook_home(pos: &RefPosition, color: Color, side: CastleSide) -> Square {
    Square::new(pos.variant.rook_file(side), pos.variant.back_rank(color))
}

/// Is `color`'s king attacked (section 6)? A side without a king is never attacked.
pub(super) fn king_attacked(pos: &RefPosition, color: Color) -> bool {
    pos.king_square(color)
        .is_some_and(|king| square_attacked(pos, color, king))
}

/// Would some move of `color`'s enemy, ignoring the enemy's own king safety, remove the piece of
/// `color` on `sq` (by landing on it, flying over it or jumping over it)? Castling and drops
/// never remove a piece, so the enemy's piece moves are all that can.
fn square_attacked(pos: &RefPosition, color: Color, sq: Square) -> bool {
    piece_moves(pos, color.other())
        .iter()
        .any(|m| m.removes.contains(&sq))
}

/// All legal moves of the side to move, with their notation and resulting positions.
pub(super) fn legal_moves(pos: &RefPosition) -> Vec<(String, RefPosition)> {
    let mover = pos.side;
    let mut candidates = piece_moves(pos, mover);
    candidates.extend(drops(pos));
    let mut legal: Vec<(String, RefPosition)> = candidates
        .into_iter()
        .filter_map(|m| {
            let next = play_move(pos, &m);
            // Legal: the move does not leave the mover's king attacked.
            (!king_attacked(&next, mover)).then(|| (notation(&m), next))
        })
        .collect();
    legal.extend(castling(pos));
    legal
}

/// Drops (octopus): a ninja pawn from the hand onto an empty square of the mover's second rank,
/// optionally pushed straight forward in the same move over empty squares, as its own-half
/// forward move allows (up to and including the middle rank). A drop never captures.
fn drops(pos: &RefPosition) -> Vec<Move> {
    let variant = pos.variant;
    let color = pos.side;
    let mut moves = Vec::new();
    if !variant.has_drops() || pos.hand[color.index()] == 0 {
        return moves;
    }
    let rank = variant.drop_rank(color);
    for file in 0..variant.files() {
        let at = Square::new(file, rank);
        if !variant.exists(at) || pos.get(at).is_some() {
            continue;
        }
        let drop_to = |to: Square| Move {
            from: None,
            to,
            removes: Vec::new(),
            promotion: None,
            drop_at: Some(at),
            castle_rook: None,
        };
        moves.push(drop_to(at));
        if variant.below_middle(color, rank) {
            let steps = (variant.middle_rank(color) - rank).abs();
            for k in 1..=steps {
                let to = at.offset(0, k * color.forward());
                if !variant.exists(to) || pos.get(to).is_some() {
                    break;
                }
                moves.push(drop_to(to));
            }
        }
    }
    moves
}

/// Legal castling moves of the side to move (section 6, "Castling").
fn castling(pos: &RefPosition) -> Vec<(String, RefPosition)> {
    let variant = pos.variant;
    let color = pos.side;
    let king = Piece {
        color,
        kind: Kind::King,
    };
    let rook = Piece {
        color,
        kind: Kind::Rook,
    };
    let king_from = king_home(pos, color);
    let back = king_from.rank;
    let mut moves = Vec::new();
    for side in [CastleSide::King, CastleSide::Queen] {
        // The king and the chosen rook must not have moved (castling right).
        let rook_from = rook_home(pos, color, side);
        if !pos.castling[right_index(color, side)]
            || pos.get(king_from) != Some(king)
            || pos.get(rook_from) != Some(rook)
        {
            continue;
        }
        // Every square strictly between them must be empty.
        if !strictly_between(king_from.file, rook_from.file)
            .all(|file| pos.get(Square::new(file, back)).is_none())
        {
            continue;
        }
        // The king must not be attacked.
        if square_attacked(pos, color, king_from) {
            continue;
        }
        for &dest_file in variant.castle_destinations(side) {
            let king_to = Square::new(dest_file, back);
            // For each square the king passes over, the king standing there instead (rook
            // still on its origin, nothing else changed) must not be attacked.
            let transit_safe = strictly_between(king_from.file, dest_file).all(|file| {
                let transit = Square::new(file, back);
                let mut probe = pos.clone();
                probe.set(king_from, None);
                probe.set(transit, Some(king));
                !square_attacked(&probe, color, transit)
            });
            if !transit_safe {
                continue;
            }
            // The rook lands next to the king's destination, on the side of the king's origin.
            let toward_rook = (dest_file - king_from.file).signum();
            let rook_to = king_to.offset(-toward_rook, 0);
            let m = Move {
                from: Some(king_from),
                to: king_to,
                removes: Vec::new(),
                promotion: None,
                drop_at: None,
                castle_rook: Some((rook_from, rook_to)),
            };
            let next = play_move(pos, &m);
            // After the move the king must not be attacked (ordinary legality).
            if !king_attacked(&next, color) {
                moves.push((notation(&m), next));
            }
        }
    }
    moves
}

/// The files strictly between `a` and `b`.
fn strictly_between(a: i32, b: i32) -> impl Iterator<Item = i32> {
    (a.min(b) + 1)..a.max(b)
}

/// The position after `m` (which must be a pseudo-move of the side to move).
pub(super) fn play_move(pos: &RefPosition, m: &Move) -> RefPosition {
    let mover = pos.side;
    let mut next = pos.clone();
    // Squares whose content changes: castling rights die with them.
    let mut touched: Vec<Square> = m.removes.clone();
    let moved_kind = match (m.from, m.drop_at, m.castle_rook) {
        (Some(king_from), _, Some((rook_from, rook_to))) => {
            let king = next.get(king_from);
            let rook = next.get(rook_from);
            next.set(king_from, None);
            next.set(rook_from, None);
            next.set(m.to, king);
            next.set(rook_to, rook);
            touched.extend([king_from, rook_from]);
            Some(Kind::King)
        }
        (Some(from), _, None) => {
            let piece = next.get(from);
            for &removed in &m.removes {
                next.set(removed, None);
            }
            next.set(from, None);
            let landing = match m.promotion {
                Some(kind) => Some(Piece { color: mover, kind }),
                None => piece,
            };
            next.set(m.to, landing);
            touched.extend([from, m.to]);
            piece.map(|p| p.kind)
        }
        (None, _, _) => {
            next.set(
                m.to,
                Some(Piece {
                    color: mover,
                    kind: Kind::NinjaPawn,
                }),
            );
            let hand = &mut next.hand[mover.index()];
            *hand = hand.saturating_sub(1);
            Some(Kind::NinjaPawn)
        }
    };
    // Castling rights: lost when the king moves (its home square is touched), when a piece
    // moves from or is captured on the rook's home square, or the rook moves.
    for (index, &(color, side)) in RIGHTS.iter().enumerate() {
        if touched.contains(&king_home(pos, color))
            || touched.contains(&rook_home(pos, color, side))
        {
            next.castling[index] = false;
        }
    }
    // En passant: every square passed over by an ordinary pawn moving two or more squares
    // without promoting, in the order passed.
    next.en_passant = Vec::new();
    if let (Some(Kind::Pawn), Some(from), None) = (moved_kind, m.from, m.promotion) {
        let distance = m.to.rank - from.rank;
        if distance.abs() >= 2 && m.to.file == from.file {
            let step = distance.signum();
            next.en_passant = (1..distance.abs())
                .map(|k| from.offset(0, k * step))
                .collect();
        }
    }
    // Clocks: the halfmove clock restarts after a capture, a pawn or ninja-pawn move, or a
    // drop; the fullmove number grows after black's move.
    let resets =
        !m.removes.is_empty() || matches!(moved_kind, Some(Kind::Pawn) | Some(Kind::NinjaPawn));
    next.halfmove = if resets {
        0
    } else {
        pos.halfmove.saturating_add(1)
    };
    if mover == Color::Black {
        next.fullmove = pos.fullmove.saturating_add(1);
    }
    next.side = mover.other();
    next
}

/// Section 5's notation of a move.
pub(super) fn notation(m: &Move) -> String {
    match (m.from, m.drop_at, m.castle_rook) {
        (None, Some(at), _) if at == m.to => format!("J@{}", at.name()),
        (None, Some(at), _) => format!("J@{}{}", at.name(), m.to.name()),
        (Some(from), _, Some((rook_from, _))) => {
            // A one-square castle would read like a king step: add the rook's square.
            if (m.to.file - from.file).abs() == 1 {
                format!("{}{}{}", from.name(), m.to.name(), rook_from.name())
            } else {
                format!("{}{}", from.name(), m.to.name())
            }
        }
        (Some(from), _, None) => {
            let promotion = m
                .promotion
                .map(|kind| kind.letter().to_ascii_lowercase().to_string())
                .unwrap_or_default();
            format!("{}{}{promotion}", from.name(), m.to.name())
        }
        (None, None, _) => String::from("?"),
    }
}

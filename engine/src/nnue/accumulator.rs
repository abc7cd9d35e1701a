//! The hidden layer kept up to date along a search, one entry per ply.
//!
//! Each entry holds both views' hidden layers together with the piece sets they were summed
//! for. To evaluate a position, the entry of its ply is brought to the position from whichever
//! is closer, the entry itself (last used by a sibling) or its parent's: only the pieces whose
//! squares differ are subtracted and added. The pair (hidden layers, piece sets) is always
//! consistent, so a stale entry costs time, never correctness. When more pieces differ than a
//! summation from scratch would touch, the entry is refreshed instead; so is a view whose king
//! moved into another king bucket (its every input changed).

use super::avx2::Kernel;
use super::features::{FeatureSet, KingInputs, MAX_ROLES};
use super::network::{add_row, dot_clamped, sub_row, Network};
use movegen::{Bitboard, Color, Piece, Position};

/// What the inputs of a position depend on: its piece sets by colour and role (`[colour][role]`,
/// roles in the game's order) and the hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PieceSets {
    sets: [[Bitboard; MAX_ROLES]; 2],
    hands: [u8; 2],
}

impl PieceSets {
    const EMPTY: PieceSets = PieceSets {
        sets: [[Bitboard::EMPTY; MAX_ROLES]; 2],
        hands: [0; 2],
    };

    #[inline(always)]
    fn of(pos: &Position, fs: &FeatureSet) -> PieceSets {
        let board = pos.board();
        let mut out = PieceSets::EMPTY;
        for c in Color::BOTH {
            for (r, &role) in fs.roles().iter().enumerate() {
                out.sets[c.index()][r] = board.pieces(c, role);
            }
            out.hands[c.index()] = pos.hand(c);
        }
        out
    }

    /// How many inputs differ between two positions' sets (a piece that moved counts twice).
    #[inline(always)]
    fn changes(&self, other: &PieceSets, fs: &FeatureSet) -> u32 {
        let roles = fs.roles().len();
        let mut n = 0;
        for c in 0..2 {
            for r in 0..roles {
                n += (self.sets[c][r] ^ other.sets[c][r]).count();
            }
            let (a, b) = (fs.slots_on(self.hands[c]), fs.slots_on(other.hands[c]));
            n += a.abs_diff(b) as u32;
        }
        n
    }
}

/// Both views' hidden layers for the piece sets `sets`.
#[derive(Clone, Debug)]
struct Entry {
    /// White's view, then Black's view, `hidden` values each.
    hidden: Vec<i16>,
    sets: PieceSets,
    /// Each view's input set (White's, then Black's) the hidden layers were summed in.
    kings: [KingInputs; 2],
    valid: bool,
}

/// Hidden layers for a search: one entry per ply.
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    entries: Vec<Entry>,
    size: usize,
    kernel: Kernel,
}

impl AccumulatorStack {
    /// A stack of `plies` entries for `net`, all unused.
    pub fn new(net: &Network, plies: usize) -> AccumulatorStack {
        let size = net.hidden();
        AccumulatorStack {
            entries: vec![
                Entry {
                    hidden: vec![0; 2 * size],
                    sets: PieceSets::EMPTY,
                    kings: [KingInputs::default(); 2],
                    valid: false,
                };
                plies
            ],
            size,
            kernel: Kernel::detect(),
        }
    }

    /// The same stack, evaluating with `kernel` (to compare kernels).
    pub fn with_kernel(mut self, kernel: Kernel) -> AccumulatorStack {
        self.kernel = kernel;
        self
    }

    /// Forgets every entry (for a new network or a new search).
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| e.valid = false);
    }

    /// The evaluation of `pos`, the position at `ply` of the search, in centipawns for the side
    /// to move. `net` must be the network the stack was made for.
    pub fn evaluate(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        self.kernel.evaluate(self, net, pos, ply)
    }

    /// [`Self::evaluate`] as the build compiles it; [`Kernel`] compiles it again for AVX2.
    #[inline(always)]
    pub(super) fn evaluate_portable(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        self.evaluate_with(net, pos, ply, dot_clamped)
    }

    /// [`Self::evaluate`], with `dot` computing the output's sums as [`dot_clamped`] does.
    #[inline(always)]
    pub(super) fn evaluate_with(
        &mut self,
        net: &Network,
        pos: &Position,
        ply: usize,
        dot: impl Fn(&[i16], &[i16]) -> i32,
    ) -> i32 {
        debug_assert_eq!(net.hidden(), self.size);
        let fs = net.features();
        let sets = PieceSets::of(pos, fs);
        let kings = Color::BOTH.map(|view| net.king_inputs(pos, view));
        let pieces = pos.board().occupied().count()
            + u32::from(pos.hand(Color::White))
            + u32::from(pos.hand(Color::Black));
        let (before, rest) = self.entries.split_at_mut(ply);
        let entry = &mut rest[0];
        let own = if entry.valid {
            entry.sets.changes(&sets, fs)
        } else {
            u32::MAX
        };
        let parent = before.last().filter(|p| p.valid);
        let from_parent = parent.map_or(u32::MAX, |p| p.sets.changes(&sets, fs));
        if own.min(from_parent) >= pieces {
            let (white, black) = entry.hidden.split_at_mut(self.size);
            net.refresh(pos, Color::White, white);
            net.refresh(pos, Color::Black, black);
        } else {
            if from_parent < own {
                let p = parent.expect("a parent with a finite change count");
                entry.hidden.copy_from_slice(&p.hidden);
                entry.sets = p.sets;
                entry.kings = p.kings;
            }
            apply_changes(net, &entry.sets, &sets, &mut entry.hidden, self.size, kings);
            // A view whose input set changed is summed again (the update above was wasted on
            // it; a king changes buckets rarely, and never with one king bucket).
            if entry.kings != kings {
                let (white, black) = entry.hidden.split_at_mut(self.size);
                let halves = Color::BOTH.into_iter().zip([white, black]);
                for ((view, half), was) in halves.zip(entry.kings) {
                    if was != kings[view.index()] {
                        net.refresh(pos, view, half);
                    }
                }
            }
        }
        entry.sets = sets;
        entry.kings = kings;
        entry.valid = true;
        let (white, black) = entry.hidden.split_at(self.size);
        let bucket = fs.bucket_of_material(pieces as usize, net.buckets());
        match pos.side_to_move() {
            Color::White => net.output_with(white, black, bucket, dot),
            Color::Black => net.output_with(black, white, bucket, dot),
        }
    }
}

/// Moves `hidden` (both views, summed for `old` in the input sets `kings`) to the piece sets
/// `new`.
#[inline(always)]
fn apply_changes(
    net: &Network,
    old: &PieceSets,
    new: &PieceSets,
    hidden: &mut [i16],
    size: usize,
    kings: [KingInputs; 2],
) {
    let fs = net.features();
    let (white, black) = hidden.split_at_mut(size);
    for (c, color) in Color::BOTH.into_iter().enumerate() {
        for (r, &role) in fs.roles().iter().enumerate() {
            let (was, now) = (old.sets[c][r], new.sets[c][r]);
            if was == now {
                continue;
            }
            let piece = Piece::new(color, role);
            let rows = |sq| {
                Some((
                    fs.piece(Color::White, piece, sq, kings[0])?,
                    fs.piece(Color::Black, piece, sq, kings[1])?,
                ))
            };
            // Direct calls, so that the row loops are inlined (and compiled for AVX2 there).
            for (w, b) in (was & !now).into_iter().filter_map(rows) {
                sub_row(white, net.row(w));
                sub_row(black, net.row(b));
            }
            for (w, b) in (now & !was).into_iter().filter_map(rows) {
                add_row(white, net.row(w));
                add_row(black, net.row(b));
            }
        }
        let (was, now) = (fs.slots_on(old.hands[c]), fs.slots_on(new.hands[c]));
        let slot_rows = |slot| {
            (
                fs.hand(Color::White, color, slot, kings[0]),
                fs.hand(Color::Black, color, slot, kings[1]),
            )
        };
        for (w, b) in (now..was).map(slot_rows) {
            sub_row(white, net.row(w));
            sub_row(black, net.row(b));
        }
        for (w, b) in (was..now).map(slot_rows) {
            add_row(white, net.row(w));
            add_row(black, net.row(b));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::network::tests::sample_for;
    use super::*;
    use movegen::Variant;

    /// Walks pseudo-random games, evaluating at every ply through the stack (with unmakes
    /// and sibling moves so that stale entries are reused), and compares with evaluation from
    /// scratch; with the portable kernel and with the CPU's own (AVX2 where it has it).
    #[test]
    fn incremental_evaluation_equals_evaluation_from_scratch() {
        for variant in Variant::ALL {
            for kernel in [Kernel::portable(), Kernel::detect()] {
                for king_buckets in [1, 4] {
                    walk_and_compare(variant, kernel, king_buckets);
                }
            }
        }
    }

    fn walk_and_compare(variant: Variant, kernel: Kernel, king_buckets: usize) {
        // 40 neurons: the vector loops run whole vectors and a remainder. With king buckets,
        // each set of inputs gets its own weights.
        let mut float = sample_for(variant, 40, 8)
            .with_king_buckets(king_buckets)
            .unwrap();
        for (i, w) in float.w1.iter_mut().enumerate() {
            *w += (i / (FeatureSet::of(variant).inputs() * 40)) as f32 * 0.01;
        }
        let net = float.quantize();
        let mut stack = AccumulatorStack::new(&net, 64).with_kernel(kernel);
        let mut seed = 0x2545_F491_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut checked = 0;
        for _game in 0..8 {
            let mut pos = Position::startpos(variant);
            let mut ply = 0;
            stack.clear();
            for _step in 0..300 {
                assert_eq!(
                    stack.evaluate(&net, &pos, ply),
                    net.evaluate(&pos),
                    "{variant} {}",
                    pos.to_fen()
                );
                checked += 1;
                let list = pos.legal_moves();
                // Go back a ply now and then (a sibling reuses the entry), else forward.
                if ply > 0 && (list.is_empty() || next(4) == 0 || ply >= 60) {
                    pos.unmake_move();
                    ply -= 1;
                    continue;
                }
                if list.is_empty() {
                    break;
                }
                pos.make_move(list.as_slice()[next(list.len())]);
                ply += 1;
            }
        }
        assert!(checked > 1000);
    }
}

//! Rook and bishop reach by BMI2 `pext`/`pdep` on the 144-bit board, chosen once at run time.
//!
//! A line through a square (its rank, file, diagonal or anti-diagonal) is cut to the run of
//! existing squares around the square, the same squares the ray tables of `tables` hold,
//! so holes and missing corners of the raptor and octopus boards end a line exactly where they end
//! a ray. The run, without the square itself, is kept as one mask per 64-bit word of
//! `Bitboard::words`. To find the reach:
//!
//! 1. `pext` gathers the occupancy of the run from the three words into one small index (at most
//!    11 bits: the squares below the slider in its low bits, the squares above it above them);
//! 2. two bit tricks turn the index into the reached part of the run (see `run_reach`): upward
//!    every square up to and including the first blocker, downward the same toward the bottom;
//! 3. `pdep` scatters the reached run back into the three words.
//!
//! No reach table is needed: step 2 is arithmetic on the gathered index, so the only data are the
//! masks (40 bytes per square and line).
//!
//! The BMI2 path is used when the processor reports BMI2 (checked once) and the environment
//! variable [`NO_BMI2_ENV`] is not set; otherwise rook and bishop reach come from today's ray
//! lookups ([`LineBackend::Rays`]). Both give the same sets for every square, occupancy and board
//! (the tests below, and `movegen/tests/line_backend.rs` for the switch).
//!
//! Calling a `#[target_feature(enable = "bmi2")]` function is `unsafe`; that call happens only in
//! `Bmi2Lines`, a value that can only be made after the processor was seen to support BMI2.
#![allow(unsafe_code)]

use crate::Bitboard;
use crate::Square;
use std::sync::OnceLock;

/// Name of the environment variable that forces the portable ray path for line attacks.
///
/// Set to any non-empty value other than `0` (CI uses `SHURIKEN_NO_BMI2=1`), it makes every
/// variant built afterwards in the process compute rook and bishop reach from the ray tables, even
/// on a processor with BMI2. It is read once, the first time [`line_backend`] runs or a variant's
/// rules are built.
pub const NO_BMI2_ENV: &str = "SHURIKEN_NO_BMI2";

/// The implementation that computes rook and bishop reach in this process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineBackend {
    /// BMI2 `pext`/`pdep` over the three words of the board.
    Bmi2,
    /// The portable path: the first blocker along each of the four rays.
    Rays,
}

/// Which implementation computes rook and bishop reach in this process (decided once: BMI2 when
/// the processor has it and [`NO_BMI2_ENV`] does not forbid it).
pub fn line_backend() -> LineBackend {
    static BACKEND: OnceLock<LineBackend> = OnceLock::new();
    *BACKEND.get_or_init(|| {
        let forced_off = std::env::var_os(NO_BMI2_ENV).is_some_and(|v| !v.is_empty() && v != "0");
        if !forced_off && bmi2_detected() {
            LineBackend::Bmi2
        } else {
            LineBackend::Rays
        }
    })
}

/// Does the processor support BMI2?
fn bmi2_detected() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// One line through one square: the run of existing squares around it, without the square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LineMask {
    /// The run as [`Bitboard::words`].
    words: [u64; 3],
    /// Squares of the run in word 0 (where word 1's squares start in the gathered index).
    shift1: u32,
    /// Squares of the run in words 0 and 1 (where word 2's squares start).
    shift2: u32,
    /// Squares of the run below the square (its position in the gathered index).
    below: u32,
}

impl LineMask {
    /// The mask of `run` (existing squares of one line around `sq`, `sq` excluded).
    pub(crate) fn new(run: Bitboard, sq: Square) -> LineMask {
        debug_assert!(!run.has(sq));
        let words = run.words();
        let below = run.iter().filter(|s| s.index() < sq.index()).count() as u32;
        LineMask {
            words,
            shift1: words[0].count_ones(),
            shift2: words[0].count_ones() + words[1].count_ones(),
            below,
        }
    }
}

/// The two lines of one slider kind through every square: rank and file, or both diagonals.
pub(crate) type LinePairs = [[LineMask; 2]; Square::COUNT];

/// Builds the line pairs of every square from the ray tables: `pairs[k]` is the line made of the
/// rays `dirs[k].0` and `dirs[k].1` (opposite directions).
pub(crate) fn line_pairs(
    ray: &[[Bitboard; Square::COUNT]; 8],
    dirs: [(usize, usize); 2],
) -> Box<LinePairs> {
    let mut out = Box::new([[LineMask::default(); 2]; Square::COUNT]);
    for (i, pair) in out.iter_mut().enumerate() {
        let sq = Square::new_unchecked(i as u8);
        for (k, &(a, b)) in dirs.iter().enumerate() {
            pair[k] = LineMask::new(ray[a][i] | ray[b][i], sq);
        }
    }
    out
}

/// The reached part of a run, as gathered bits: `occ` is the run's occupancy gathered (the
/// square's own position `below` is not part of it: bits `0..below` lie below the slider, bits
/// `below..` above it).
///
/// Upward: `x ^ (x - 1)` of the occupancy above keeps every bit up to and including its lowest
/// set bit (all bits when nothing blocks; `pdep` drops the bits past the run's end). Downward:
/// every bit below the slider from the highest blocker up (from bit 0 when nothing blocks).
#[inline(always)]
pub(crate) fn run_reach(occ: u64, below: u32) -> u64 {
    let above = occ >> below;
    let up = (above ^ above.wrapping_sub(1)) << below;
    let below_mask = (1u64 << below) - 1;
    let blockers_below = occ & below_mask;
    let highest = 63 - (blockers_below | 1).leading_zeros();
    let down = below_mask & !((1u64 << highest) - 1);
    up | down
}

/// The reach along one line with the given `pext`/`pdep` (a macro so that the BMI2 instance
/// compiles inside its `#[target_feature]` function).
macro_rules! line_reach {
    ($pext:expr, $pdep:expr, $m:expr, $w:expr) => {{
        let m: &LineMask = $m;
        let w: [u64; 3] = $w;
        let occ = $pext(w[0], m.words[0])
            | $pext(w[1], m.words[1]) << m.shift1
            | $pext(w[2], m.words[2]) << m.shift2;
        let reach = run_reach(occ, m.below);
        [
            $pdep(reach, m.words[0]),
            $pdep(reach >> m.shift1, m.words[1]),
            $pdep(reach >> m.shift2, m.words[2]),
        ]
    }};
}

/// The reach along both lines of `pair` with the given `pext`/`pdep`.
macro_rules! pair_reach {
    ($pext:expr, $pdep:expr, $pair:expr, $occ:expr) => {{
        let pair: &[LineMask; 2] = $pair;
        let w = $occ.words();
        let a = line_reach!($pext, $pdep, &pair[0], w);
        let b = line_reach!($pext, $pdep, &pair[1], w);
        Bitboard::from_words([a[0] | b[0], a[1] | b[1], a[2] | b[2]])
    }};
}

/// `pext` in software: the bits of `x` selected by `mask`, packed toward bit 0.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn soft_pext(x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if x & low != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        mask ^= low;
    }
    out
}

/// `pdep` in software: the low bits of `x` spread onto the set bits of `mask`, low to high.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn soft_pdep(x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if (x >> bit) & 1 != 0 {
            out |= low;
        }
        bit += 1;
        mask ^= low;
    }
    out
}

/// The pext/pdep method with software `pext`/`pdep` (for tests on any processor).
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn soft_pair_reach(pair: &[LineMask; 2], occ: Bitboard) -> Bitboard {
    pair_reach!(soft_pext, soft_pdep, pair, occ)
}

#[cfg(target_arch = "x86_64")]
mod bmi2 {
    use super::{run_reach, LineMask};
    use crate::Bitboard;
    use core::arch::x86_64::{_pdep_u64, _pext_u64};

    /// The reach along both lines of `pair` with the BMI2 instructions.
    ///
    /// # Safety
    /// The processor must support BMI2 (see [`super::Bmi2Lines`]).
    #[target_feature(enable = "bmi2")]
    pub(super) fn pair_reach(pair: &[LineMask; 2], occ: Bitboard) -> Bitboard {
        pair_reach!(_pext_u64, _pdep_u64, pair, occ)
    }
}

/// The line masks of a variant for the BMI2 path. Only made when BMI2 is present, so holding one
/// is the proof that its `pext`/`pdep` may run.
#[derive(Debug)]
pub(crate) struct Bmi2Lines {
    /// Rank and file through every square.
    rook: Box<LinePairs>,
    /// Both diagonals through every square.
    bishop: Box<LinePairs>,
}

impl Bmi2Lines {
    /// The BMI2 line masks built from a variant's ray tables, when [`line_backend`] chose BMI2.
    pub(crate) fn for_this_process(ray: &[[Bitboard; Square::COUNT]; 8]) -> Option<Bmi2Lines> {
        if line_backend() == LineBackend::Bmi2 {
            Bmi2Lines::build(ray)
        } else {
            None
        }
    }

    /// The BMI2 line masks, whenever the processor has BMI2 (whatever [`NO_BMI2_ENV`] says).
    pub(crate) fn build(ray: &[[Bitboard; Square::COUNT]; 8]) -> Option<Bmi2Lines> {
        if !bmi2_detected() {
            return None;
        }
        Some(Bmi2Lines {
            // Rank = east + west, file = north + south (indices of `tables::DIRS`).
            rook: line_pairs(ray, [(1, 3), (0, 2)]),
            // Diagonal = (1,1) + (-1,-1), anti-diagonal = (1,-1) + (-1,1).
            bishop: line_pairs(ray, [(4, 6), (5, 7)]),
        })
    }

    /// Rook reach from `sq` over `occ`.
    #[inline]
    pub(crate) fn rook(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.pair(&self.rook[sq.index()], occ)
    }

    /// Bishop reach from `sq` over `occ`.
    #[inline]
    pub(crate) fn bishop(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.pair(&self.bishop[sq.index()], occ)
    }

    /// The line masks of rank and file (for tests of the masks with software `pext`).
    #[cfg(test)]
    pub(crate) fn rook_pair(&self, sq: Square) -> &[LineMask; 2] {
        &self.rook[sq.index()]
    }

    /// The line masks of both diagonals (for tests of the masks with software `pext`).
    #[cfg(test)]
    pub(crate) fn bishop_pair(&self, sq: Square) -> &[LineMask; 2] {
        &self.bishop[sq.index()]
    }

    #[inline]
    fn pair(&self, pair: &[LineMask; 2], occ: Bitboard) -> Bitboard {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Bmi2Lines` is only built by `Bmi2Lines::build`, after
            // `is_x86_feature_detected!("bmi2")` returned true, so the processor running this
            // has the `pext` and `pdep` instructions that `bmi2::pair_reach` is compiled with.
            unsafe { bmi2::pair_reach(pair, occ) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            // Never built off x86-64 (`bmi2_detected` is false there).
            soft_pair_reach(pair, occ)
        }
    }
}

/// The processor has no BMI2, so [`LineAttacks::new`] cannot use [`LineBackend::Bmi2`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("this processor has no BMI2 (pext/pdep); use LineBackend::Rays")]
pub struct Bmi2Unavailable;

/// Rook and bishop reach of one variant with a chosen backend, whatever this process uses for
/// move generation: for benchmarks and for tests that compare the two paths in one process.
#[derive(Debug)]
pub struct LineAttacks {
    /// The variant's tables (rays).
    rules: &'static crate::Rules,
    /// The BMI2 masks when [`LineBackend::Bmi2`] was asked for.
    bmi2: Option<Bmi2Lines>,
}

impl LineAttacks {
    /// Line attacks of `variant` computed by `backend`; an error when BMI2 is asked for on a
    /// processor without it.
    pub fn new(
        variant: crate::Variant,
        backend: LineBackend,
    ) -> Result<LineAttacks, Bmi2Unavailable> {
        let rules = variant.rules();
        let bmi2 = match backend {
            LineBackend::Rays => None,
            LineBackend::Bmi2 => Some(Bmi2Lines::build(&rules.tables.ray).ok_or(Bmi2Unavailable)?),
        };
        Ok(LineAttacks { rules, bmi2 })
    }

    /// Squares a rook on `sq` reaches over `occ`: empty squares and the first occupied one on
    /// each orthogonal ray (existing squares only; empty from a square the board lacks).
    #[inline]
    pub fn rook(&self, sq: Square, occ: Bitboard) -> Bitboard {
        match &self.bmi2 {
            Some(lines) => lines.rook(sq, occ),
            None => self.rules.tables.rook_rays(sq, occ),
        }
    }

    /// Squares a bishop on `sq` reaches over `occ` (as [`LineAttacks::rook`], diagonally).
    #[inline]
    pub fn bishop(&self, sq: Square, occ: Bitboard) -> Bitboard {
        match &self.bmi2 {
            Some(lines) => lines.bishop(sq, occ),
            None => self.rules.tables.bishop_rays(sq, occ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, Variant};

    /// A small deterministic generator (xorshift64*), so a failure names its occupancy.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        /// A random set of grid squares with about one in `sparse` bits set (any of the 144, so
        /// occupancies off the board are covered too).
        fn board(&mut self, sparse: u32) -> Bitboard {
            let mut w = [!0u64; 3];
            for _ in 1..sparse {
                for x in w.iter_mut() {
                    *x &= self.next();
                }
            }
            Bitboard::from_words([self.next() & w[0], self.next() & w[1], self.next() & w[2]])
        }
    }

    /// Square by square from coordinates: every existing square up to and including the first
    /// occupied one, for each of `dirs`. Empty from a square that does not exist.
    fn naive_walk(r: &Rules, sq: Square, dirs: &[(i32, i32)], occ: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        if !r.has(sq) {
            return out;
        }
        for &(df, dr) in dirs {
            let (mut f, mut row) = (sq.file() + df, sq.row() + dr);
            while let Some(t) = Square::from_coords(f, row).filter(|t| r.has(*t)) {
                out = out.with(t);
                if occ.has(t) {
                    break;
                }
                f += df;
                row += dr;
            }
        }
        out
    }

    const ROOK_DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

    /// Every square of every variant (existing or not), empty, full and random occupancies of
    /// three densities: naive walk == rays == software pext == BMI2 pext (when the processor
    /// has BMI2), and no result holds a square the board lacks.
    #[test]
    fn every_path_equals_the_naive_walk_on_every_square_of_every_variant() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut checked_bmi2 = 0u64;
        for v in Variant::ALL {
            let r = v.rules();
            let t = &r.tables;
            let lines = Bmi2Lines::build(&t.ray);
            let masks = super::line_pairs(&t.ray, [(1, 3), (0, 2)]);
            let diag_masks = super::line_pairs(&t.ray, [(4, 6), (5, 7)]);
            let mut occs = vec![Bitboard::EMPTY, Bitboard::FULL, r.exists];
            for k in 0..300 {
                let occ = rng.board([1, 2, 4][k % 3]);
                occs.push(occ);
                occs.push(occ & r.exists);
            }
            for i in 0..Square::COUNT {
                let sq = Square::new_unchecked(i as u8);
                for &occ in &occs {
                    let rook = naive_walk(r, sq, &ROOK_DIRS, occ);
                    let bishop = naive_walk(r, sq, &BISHOP_DIRS, occ);
                    let ctx = format!("{v:?} square {i} occ {:?}", occ.words());
                    assert_eq!(rook & !r.exists, Bitboard::EMPTY, "{ctx}");
                    assert_eq!(t.rook_rays(sq, occ), rook, "rays, rook, {ctx}");
                    assert_eq!(t.bishop_rays(sq, occ), bishop, "rays, bishop, {ctx}");
                    assert_eq!(soft_pair_reach(&masks[i], occ), rook, "soft, rook, {ctx}");
                    assert_eq!(
                        soft_pair_reach(&diag_masks[i], occ),
                        bishop,
                        "soft, bishop, {ctx}"
                    );
                    assert_eq!(t.rook(sq, occ), rook, "active, rook, {ctx}");
                    assert_eq!(t.bishop(sq, occ), bishop, "active, bishop, {ctx}");
                    if let Some(lines) = &lines {
                        assert_eq!(lines.rook_pair(sq), &masks[i]);
                        assert_eq!(lines.bishop_pair(sq), &diag_masks[i]);
                        assert_eq!(lines.rook(sq, occ), rook, "bmi2, rook, {ctx}");
                        assert_eq!(lines.bishop(sq, occ), bishop, "bmi2, bishop, {ctx}");
                        checked_bmi2 += 1;
                    }
                }
            }
        }
        if bmi2_detected() {
            assert!(checked_bmi2 > 400_000, "{checked_bmi2}");
        } else {
            eprintln!("no BMI2 on this processor: the BMI2 path was not run (software pext was)");
        }
    }

    #[test]
    fn software_pext_and_pdep_gather_and_scatter_in_bit_order() {
        assert_eq!(soft_pext(0b1011_0110, 0b1111_0000), 0b1011);
        assert_eq!(soft_pext(0b1011_0110, 0b1010_1010), 0b1101);
        assert_eq!(soft_pdep(0b1011, 0b1111_0000), 0b1011_0000);
        assert_eq!(soft_pdep(0b1001, 0b1010_1010), 0b1000_0010);
        assert_eq!(soft_pdep(u64::MAX, 0b101), 0b101);
        assert_eq!(soft_pext(u64::MAX, 0), 0);
    }

    /// `run_reach` against a hand-written twin on every run of up to 12 squares.
    #[test]
    fn run_reach_stops_at_the_first_blocker_each_way() {
        for len in 1..=12u32 {
            for below in 0..len {
                for occ in 0..1u64 << (len - 1) {
                    let mut want = 0u64;
                    for b in (0..below).rev() {
                        want |= 1 << b;
                        if occ >> b & 1 == 1 {
                            break;
                        }
                    }
                    for b in below..len - 1 {
                        want |= 1 << b;
                        if occ >> b & 1 == 1 {
                            break;
                        }
                    }
                    let run = (1u64 << (len - 1)) - 1;
                    assert_eq!(run_reach(occ, below) & run, want, "len {len} below {below}");
                }
            }
        }
    }

    #[test]
    fn a_rook_in_the_corner_of_an_empty_titan_board_reaches_22_squares() {
        let r = Variant::Titan.rules();
        let a1 = Square::from_coords(0, 0).unwrap();
        if let Some(lines) = Bmi2Lines::build(&r.tables.ray) {
            assert_eq!(lines.rook(a1, Bitboard::EMPTY).count(), 22);
            assert_eq!(lines.bishop(a1, Bitboard::EMPTY).count(), 11);
        }
        let pair = super::line_pairs(&r.tables.ray, [(1, 3), (0, 2)]);
        assert_eq!(soft_pair_reach(&pair[0], Bitboard::EMPTY).count(), 22);
    }
}

//! The network's evaluation compiled a second time for AVX2, chosen at run time.
//!
//! A build for x86-64-v2 (SSE4.2; the portable build, see `.cargo/config.toml`) runs the
//! network's loops over 16-bit hidden values 8 lanes wide. On a CPU with AVX2 the same code,
//! compiled with AVX2 enabled, runs them 16 wide. (The default build targets the compiling
//! CPU; on an AVX2 CPU both compilations then use AVX2.) Measured by alternating the two over
//! the chess bench positions at depth 12 (the same nodes): see `docs/nnue.md`, *Speed*.
//!
//! This is the engine's one module with `unsafe`: calling a `#[target_feature]` function is
//! `unsafe` because it would be undefined on a CPU without the feature. A [`Kernel`] that uses
//! AVX2 comes only from [`Kernel::detect`], which asks the CPU first.
#![allow(unsafe_code)]

use super::accumulator::AccumulatorStack;
use super::network::{Network, QA};
use movegen::Position;

/// Which compilation of the evaluation runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernel {
    avx2: bool,
}

/// Name of the environment variable that forces the portable compilation: set to any
/// non-empty value other than `0`, as in `SHURIKEN_NO_AVX2=1 shuriken bench`, to compare the two.
pub const NO_AVX2_ENV: &str = "SHURIKEN_NO_AVX2";

impl Kernel {
    /// The fastest compilation this CPU runs, unless [`NO_AVX2_ENV`] forbids AVX2.
    pub fn detect() -> Kernel {
        let forced_off = std::env::var_os(NO_AVX2_ENV).is_some_and(|v| !v.is_empty() && v != "0");
        Kernel {
            avx2: !forced_off && avx2_detected(),
        }
    }

    /// The compilation for the build's own target features.
    pub fn portable() -> Kernel {
        Kernel { avx2: false }
    }

    /// [`AccumulatorStack::evaluate_portable`], in this kernel's compilation.
    #[inline]
    pub(super) fn evaluate(
        self,
        stack: &mut AccumulatorStack,
        net: &Network,
        pos: &Position,
        ply: usize,
    ) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is true only when `detect` found AVX2 on this CPU.
            return unsafe { evaluate_avx2(stack, net, pos, ply) };
        }
        stack.evaluate_portable(net, pos, ply)
    }
}

#[cfg(target_arch = "x86_64")]
fn avx2_detected() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
fn avx2_detected() -> bool {
    false
}

/// The evaluation with AVX2 enabled: `evaluate_with` and the row loops it calls are
/// `#[inline(always)]`, so they are compiled again here, for AVX2, and the output's sums use
/// [`dot_clamped_avx2`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn evaluate_avx2(stack: &mut AccumulatorStack, net: &Network, pos: &Position, ply: usize) -> i32 {
    // The closure inherits this function's AVX2, so it calls `dot_clamped_avx2` safely.
    stack.evaluate_with(net, pos, ply, |acc, w| dot_clamped_avx2(acc, w))
}

/// [`dot_clamped`](super::network::dot_clamped) 16 lanes at a time: clamp to `0..=QA`, then
/// `vpmaddwd` multiplies and adds pairs into 32-bit sums (the compiler's own vectorization
/// of the portable loop stays at 8 lanes).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn dot_clamped_avx2(acc: &[i16], w: &[i16]) -> i32 {
    use std::arch::x86_64::*;
    let (acc16, w16) = (acc.chunks_exact(16), w.chunks_exact(16));
    let tail: i32 = acc16
        .remainder()
        .iter()
        .zip(w16.remainder())
        .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
        .sum();
    let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi16(QA as i16));
    let mut sum = _mm256_setzero_si256();
    for (a, w) in acc16.zip(w16) {
        // SAFETY: each chunk holds 16 `i16`, the 32 bytes read; `loadu` needs no alignment.
        let (a, w) = unsafe {
            (
                _mm256_loadu_si256(a.as_ptr().cast()),
                _mm256_loadu_si256(w.as_ptr().cast()),
            )
        };
        let clamped = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(clamped, w));
    }
    let half = _mm_add_epi32(
        _mm256_castsi256_si128(sum),
        _mm256_extracti128_si256::<1>(sum),
    );
    let pairs = _mm_add_epi32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
    let all = _mm_add_epi32(pairs, _mm_shuffle_epi32::<0b10_11_00_01>(pairs));
    _mm_cvtsi128_si32(all) + tail
}

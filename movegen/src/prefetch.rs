//! A cache prefetch hint, for hash tables that are probed soon after their key is known (the
//! search's transposition table is probed one move later).
//!
//! This is the crate's one place with `unsafe` besides the BMI2 line lookups: the intrinsic is
//! marked `unsafe` only because it is tied to the `sse` target feature, which every x86-64
//! processor has.
#![allow(unsafe_code)]

/// Hints the processor to load the cache line holding `value` into all cache levels. Has no
/// effect on results, and none at all on processors other than x86-64.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let line = value as *const T as *const i8;
        // SAFETY: `_mm_prefetch` needs SSE, which is part of the x86-64 baseline, so every
        // processor this code runs on has it. A prefetch reads nothing into the program and
        // cannot fault, and `line` points into a live value besides.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(line) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

//! A small deterministic random number generator (SplitMix64) whose whole state is one `u64`,
//! so tuner checkpoints can store it and resumed runs draw the same numbers.

use serde::{Deserialize, Serialize};

/// SplitMix64 generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitMix64 {
    /// The generator state.
    pub state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        runner::rng::splitmix64_next(&mut self.state)
    }

    /// +1.0 or -1.0 with equal probability.
    pub fn sign(&mut self) -> f64 {
        if self.next_u64() >> 63 == 0 {
            1.0
        } else {
            -1.0
        }
    }

    /// A uniform number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

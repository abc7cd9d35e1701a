//! The network's weights, their quantized form, the file format, and evaluation from scratch.
//!
//! Training works in floating point ([`FloatNetwork`]); the engine evaluates with integers
//! ([`Network`]): hidden-layer weights and biases times [`QA`], output weights times [`QB`],
//! the output biases times `QA * QB`. A clipped ReLU keeps each hidden value in `0..=QA`.
//!
//! The output layer may have several *buckets*, one chosen by the number of pieces on the board
//! ([`output_bucket`]): an opening and an endgame weigh the same hidden values differently.
//!
//! The input layer may have several *king buckets*: one set of 768 inputs per region of the
//! board where a view's own king stands ([`king_inputs`]).
//!
//! File format (little-endian): the 8 bytes `SHKNNUE3`; `u32` inputs per king bucket (768);
//! `u32` hidden size `H`; `u32` output buckets `B`; `u32` king buckets `K`; the input weights as
//! `K * 768 * H` `i16`, input by input; the hidden biases, `H` `i16`; the output weights,
//! `B * 2 * H` `i16`, bucket by bucket (in each, the side to move's half first); the output
//! biases, `B` `i32`; and an FNV-1a 64-bit checksum (`u64`) of every byte before it. Files of
//! the earlier formats (`SHKNNUE1`, `SHKNNUE2`) are refused: no network of theirs passed its
//! SPRT.

use super::{feature, king_inputs, KingInputs, INPUTS, KING_BUCKET_COUNTS, VARIANT};
use movegen::{Color, Position};
use thiserror::Error;

/// Quantization of the hidden layer: a float weight of 1.0 is stored as `QA`.
pub const QA: i32 = 255;
/// Quantization of the output weights: a float weight of 1.0 is stored as `QB`.
pub const QB: i32 = 256;
/// Centipawns per unit of the network's float output.
pub const SCALE: i32 = 400;
/// Largest float weight that survives quantization without overflow (training clips to it).
pub const WEIGHT_LIMIT: f32 = 1.98;

/// The first eight bytes of a network file.
pub const MAGIC: &[u8; 8] = b"SHKNNUE3";
/// Bytes before the weights: the magic and four `u32` counts.
const HEADER: usize = 24;
/// Largest hidden size a file may declare.
const MAX_HIDDEN: usize = 4096;
/// Most output buckets a network may have.
pub const MAX_BUCKETS: usize = 16;

/// The output bucket of a position with `pieces` pieces on the board (kings included), for a
/// network of `buckets` buckets: the range 2..=32 split evenly, fewest pieces first. With 8
/// buckets, 2–5 pieces use bucket 0, 6–9 bucket 1, …, 30–32 bucket 7.
#[inline]
pub fn output_bucket(pieces: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(2) * buckets / 31).min(buckets - 1)
}

/// Why a network file could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetError {
    /// The bytes do not start with `SHKNNUE3`.
    #[error(
        "not a Shuriken network file of the current format (the magic bytes SHKNNUE3 are missing)"
    )]
    BadMagic,
    /// The input count, hidden size or a bucket count is not one this engine evaluates.
    #[error("unsupported network shape: {inputs} inputs, {hidden} hidden neurons, {buckets} output buckets, {king_buckets} king buckets (want 768 inputs, 1 to 4096 hidden, 1 to 16 output buckets, 1 or 4 king buckets)")]
    BadShape {
        /// Inputs (per king bucket) the file declares.
        inputs: u32,
        /// Hidden neurons the file declares.
        hidden: u32,
        /// Output buckets the file declares.
        buckets: u32,
        /// King buckets the file declares.
        king_buckets: u32,
    },
    /// The file is shorter or longer than its shape says.
    #[error("network file has {found} bytes, its shape needs {expected} (truncated or padded)")]
    BadLength {
        /// Bytes the shape needs.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// The checksum does not match the contents.
    #[error("network file checksum mismatch (the file is corrupt)")]
    Checksum,
}

/// A network in floating point, as the trainer holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    /// Hidden neurons per view.
    pub hidden: usize,
    /// Output buckets ([`output_bucket`]).
    pub buckets: usize,
    /// King buckets ([`king_inputs`]): the input weights hold this many sets of [`INPUTS`].
    pub king_buckets: usize,
    /// Input weights, input by input: input `i`'s row is `w1[i * hidden..(i + 1) * hidden]`.
    pub w1: Vec<f32>,
    /// Hidden biases.
    pub b1: Vec<f32>,
    /// Output weights, bucket by bucket, `2 * hidden` each: the side to move's hidden values
    /// first, then the other side's.
    pub w2: Vec<f32>,
    /// Output biases, one per bucket.
    pub b2: Vec<f32>,
}

impl FloatNetwork {
    /// A network of `hidden` neurons per view, `buckets` output buckets and `king_buckets`
    /// king buckets, every weight 0.
    pub fn zeros(hidden: usize, buckets: usize, king_buckets: usize) -> FloatNetwork {
        FloatNetwork {
            hidden,
            buckets,
            king_buckets,
            w1: vec![0.0; king_buckets * INPUTS * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; 2 * hidden * buckets],
            b2: vec![0.0; buckets],
        }
    }

    /// The output weights of bucket `b` (`2 * hidden`, the side to move's half first).
    #[inline]
    pub fn output_weights(&self, b: usize) -> &[f32] {
        &self.w2[2 * self.hidden * b..2 * self.hidden * (b + 1)]
    }

    /// The same function with `buckets` output buckets, each a copy of this network's only
    /// one; `None` unless this network has exactly one bucket (or already `buckets`).
    pub fn with_buckets(&self, buckets: usize) -> Option<FloatNetwork> {
        if self.buckets == buckets {
            return Some(self.clone());
        }
        (self.buckets == 1).then(|| FloatNetwork {
            buckets,
            w2: self.w2.repeat(buckets),
            b2: self.b2.repeat(buckets),
            ..self.clone()
        })
    }

    /// The same function with `king_buckets` king buckets, each a copy of this network's
    /// only input set; `None` unless this network has exactly one king bucket (or already
    /// `king_buckets`). The function is the same up to mirroring: a view whose king stands on
    /// files e-h sees the board mirrored (see [`king_inputs`]).
    pub fn with_king_buckets(&self, king_buckets: usize) -> Option<FloatNetwork> {
        if self.king_buckets == king_buckets {
            return Some(self.clone());
        }
        (self.king_buckets == 1).then(|| FloatNetwork {
            king_buckets,
            w1: self.w1.repeat(king_buckets),
            ..self.clone()
        })
    }

    /// The integer network: every weight scaled, rounded and clipped to [`WEIGHT_LIMIT`].
    pub fn quantize(&self) -> Network {
        debug_assert_eq!(self.w1.len(), self.king_buckets * INPUTS * self.hidden);
        let q = |v: f32, scale: i32| {
            (v.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT) * scale as f32).round() as i16
        };
        Network {
            hidden: self.hidden,
            buckets: self.buckets,
            king_buckets: self.king_buckets,
            w1: self.w1.iter().map(|&v| q(v, QA)).collect(),
            b1: self.b1.iter().map(|&v| q(v, QA)).collect(),
            w2: self.w2.iter().map(|&v| q(v, QB)).collect(),
            b2: self
                .b2
                .iter()
                .map(|&v| (v * (QA * QB) as f32).round() as i32)
                .collect(),
        }
    }
}

/// A quantized network, as the engine evaluates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    buckets: usize,
    king_buckets: usize,
    w1: Vec<i16>,
    b1: Vec<i16>,
    w2: Vec<i16>,
    b2: Vec<i32>,
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl Network {
    /// Hidden neurons per view.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Output buckets.
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// King buckets.
    pub fn king_buckets(&self) -> usize {
        self.king_buckets
    }

    /// The input set of `view` in `pos` ([`king_inputs`]).
    #[inline(always)]
    pub fn king_inputs(&self, pos: &Position, view: Color) -> KingInputs {
        king_inputs(pos, view, self.king_buckets)
    }

    /// The hidden biases (the accumulator of an empty board).
    pub fn biases(&self) -> &[i16] {
        &self.b1
    }

    /// The float network this one was quantized from, as closely as the integers tell: every
    /// weight divided by its scale. Quantizing the result gives this network back. Training
    /// starts from it to refine a shipped network.
    pub fn dequantize(&self) -> FloatNetwork {
        let f = |v: &i16, scale: i32| f32::from(*v) / scale as f32;
        FloatNetwork {
            hidden: self.hidden,
            buckets: self.buckets,
            king_buckets: self.king_buckets,
            w1: self.w1.iter().map(|v| f(v, QA)).collect(),
            b1: self.b1.iter().map(|v| f(v, QA)).collect(),
            w2: self.w2.iter().map(|v| f(v, QB)).collect(),
            b2: self
                .b2
                .iter()
                .map(|&v| v as f32 / (QA * QB) as f32)
                .collect(),
        }
    }

    /// The input weights of input `i`.
    #[inline]
    pub fn row(&self, i: usize) -> &[i16] {
        &self.w1[i * self.hidden..(i + 1) * self.hidden]
    }

    /// Reads a network from the bytes of a network file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.get(..8) != Some(MAGIC.as_slice()) || bytes.len() < HEADER {
            return Err(NetError::BadMagic);
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        let (inputs, hidden) = (u32_at(8), u32_at(12));
        let (buckets, king_buckets, header) = (u32_at(16), u32_at(20), HEADER);
        if inputs as usize != INPUTS
            || !(1..=MAX_HIDDEN).contains(&(hidden as usize))
            || !(1..=MAX_BUCKETS).contains(&(buckets as usize))
            || !KING_BUCKET_COUNTS.contains(&(king_buckets as usize))
        {
            return Err(NetError::BadShape {
                inputs,
                hidden,
                buckets,
                king_buckets,
            });
        }
        let (h, b, k) = (hidden as usize, buckets as usize, king_buckets as usize);
        let expected = header + 2 * (k * INPUTS * h + h + 2 * h * b) + 4 * b + 8;
        if bytes.len() != expected {
            return Err(NetError::BadLength {
                expected,
                found: bytes.len(),
            });
        }
        let body = &bytes[..expected - 8];
        let sum = u64::from_le_bytes(bytes[expected - 8..].try_into().unwrap());
        if fnv1a(body) != sum {
            return Err(NetError::Checksum);
        }
        let mut at = header;
        let mut i16s = |n: usize| -> Vec<i16> {
            let v = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let w1 = i16s(k * INPUTS * h);
        let b1 = i16s(h);
        let w2 = i16s(2 * h * b);
        let b2 = bytes[expected - 8 - 4 * b..expected - 8]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok(Network {
            hidden: h,
            buckets: b,
            king_buckets: k,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// The bytes of this network's file (the `SHKNNUE3` format).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(24 + 2 * (self.w1.len() + self.b1.len() + self.w2.len()));
        out.extend_from_slice(MAGIC);
        for n in [INPUTS, self.hidden, self.buckets, self.king_buckets] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.b2 {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// The output for hidden layers `us` (the side to move's view) and `them` of a position
    /// with `pieces` pieces on the board, in centipawns from the side to move's point of view.
    #[inline(always)]
    pub fn output(&self, us: &[i16], them: &[i16], pieces: usize) -> i32 {
        self.output_with(us, them, pieces, dot_clamped)
    }

    /// [`Self::output`], with `dot` computing each half's sum as [`dot_clamped`] does.
    #[inline(always)]
    pub(crate) fn output_with(
        &self,
        us: &[i16],
        them: &[i16],
        pieces: usize,
        dot: impl Fn(&[i16], &[i16]) -> i32,
    ) -> i32 {
        let h = self.hidden;
        let bucket = output_bucket(pieces, self.buckets);
        let w = &self.w2[2 * h * bucket..2 * h * (bucket + 1)];
        let sum = dot(us, &w[..h]) + dot(them, &w[h..]) + self.b2[bucket];
        (i64::from(sum) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The hidden layer of `view` for `pos`, summed from scratch into `acc` (`hidden` long).
    #[inline(always)]
    pub fn refresh(&self, pos: &Position, view: Color, acc: &mut [i16]) {
        acc.copy_from_slice(&self.b1);
        let king = self.king_inputs(pos, view);
        for sq in pos.board().occupied() {
            if let Some(f) = pos.piece_at(sq).and_then(|p| feature(view, p, sq, king)) {
                add_row(acc, self.row(f));
            }
        }
    }

    /// The evaluation of `pos` from scratch, in centipawns for the side to move. Only chess
    /// positions have a meaning; pieces chess does not have are ignored.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        debug_assert_eq!(pos.variant(), VARIANT);
        let mut white = vec![0; self.hidden];
        let mut black = vec![0; self.hidden];
        self.refresh(pos, Color::White, &mut white);
        self.refresh(pos, Color::Black, &mut black);
        let pieces = pos.board().occupied().count() as usize;
        match pos.side_to_move() {
            Color::White => self.output(&white, &black, pieces),
            Color::Black => self.output(&black, &white, pieces),
        }
    }
}

/// One half of the output neuron's sum: `Σ clamp(acc[i], 0, QA) × w[i]`.
#[inline(always)]
pub(crate) fn dot_clamped(acc: &[i16], w: &[i16]) -> i32 {
    acc.iter()
        .zip(w)
        .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
        .sum()
}

/// Adds one input's weight row to a hidden layer.
#[inline(always)]
pub(crate) fn add_row(acc: &mut [i16], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

/// Subtracts one input's weight row from a hidden layer.
#[inline(always)]
pub(crate) fn sub_row(acc: &mut [i16], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(w);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A small network with varied weights (a fixed pseudo-random pattern).
    pub(crate) fn sample(hidden: usize) -> FloatNetwork {
        sample_bucketed(hidden, 1)
    }

    /// Like [`sample`], with `buckets` output buckets of different weights.
    pub(crate) fn sample_bucketed(hidden: usize, buckets: usize) -> FloatNetwork {
        let mut net = FloatNetwork::zeros(hidden, buckets, 1);
        let mut s = 0x9E37_79B9_u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s % 2001) as f32 - 1000.0) / 4000.0
        };
        net.w1.iter_mut().for_each(|w| *w = next());
        net.b1.iter_mut().for_each(|w| *w = next());
        net.w2.iter_mut().for_each(|w| *w = next());
        net.b2.iter_mut().for_each(|w| *w = next());
        net
    }

    #[test]
    fn files_round_trip_and_damage_is_reported() {
        let net = sample(16).quantize();
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetError::BadLength {
                expected: bytes.len(),
                found: bytes.len() - 1
            })
        );
        let mut flipped = bytes.clone();
        flipped[100] ^= 1;
        assert_eq!(Network::from_bytes(&flipped), Err(NetError::Checksum));
        assert_eq!(Network::from_bytes(b"garbage"), Err(NetError::BadMagic));
        let mut wide = bytes;
        wide[12..16].copy_from_slice(&5000u32.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&wide),
            Err(NetError::BadShape { hidden: 5000, .. })
        ));
        let mut many = net.to_bytes();
        many[16..20].copy_from_slice(&17u32.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&many),
            Err(NetError::BadShape { buckets: 17, .. })
        ));
    }

    #[test]
    fn files_of_the_earlier_formats_are_refused() {
        // A one-bucket network written in the first (`SHKNNUE1`: no bucket counts) and the
        // second (`SHKNNUE2`: no king-bucket count) format, checksum and all.
        let v3 = sample(16).quantize().to_bytes();
        for (magic, kept) in [(b"SHKNNUE1", 8..16), (b"SHKNNUE2", 8..20)] {
            let mut old = magic.to_vec();
            old.extend_from_slice(&v3[kept]);
            old.extend_from_slice(&v3[24..v3.len() - 8]);
            let sum = fnv1a(&old);
            old.extend_from_slice(&sum.to_le_bytes());
            assert_eq!(Network::from_bytes(&old), Err(NetError::BadMagic));
        }
        assert_eq!(Network::from_bytes(&v3[..20]), Err(NetError::BadMagic));
    }

    #[test]
    fn king_buckets_round_trip() {
        let kings = sample_bucketed(16, 8)
            .with_king_buckets(4)
            .unwrap()
            .quantize();
        assert_eq!(kings.king_buckets(), 4);
        assert_eq!(Network::from_bytes(&kings.to_bytes()), Ok(kings.clone()));
        let mut three = kings.to_bytes();
        three[20..24].copy_from_slice(&3u32.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&three),
            Err(NetError::BadShape {
                king_buckets: 3,
                ..
            })
        ));
    }

    #[test]
    fn copied_king_buckets_keep_the_function_up_to_mirroring() {
        let one = sample_bucketed(16, 8);
        // Make the one-bucket network exactly symmetric left to right, as training with
        // --mirror makes it nearly so: then mirroring changes nothing and the copies evaluate
        // exactly as the original.
        let mut sym = one.clone();
        for i in 0..INPUTS {
            let j = i ^ 7;
            for n in 0..16 {
                let avg = (one.w1[i * 16 + n] + one.w1[j * 16 + n]) / 2.0;
                sym.w1[i * 16 + n] = avg;
            }
        }
        let four = sym.with_king_buckets(4).unwrap();
        assert_eq!(four.w1.len(), 4 * INPUTS * 16);
        assert!(four.with_king_buckets(1).is_none());
        let (a, b) = (sym.quantize(), four.quantize());
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/1k6/8/8/3Q4/8/8/6K1 b - - 0 1",
            "6k1/5ppp/8/8/8/8/1PP5/1K6 w - - 0 1",
        ] {
            let pos = Position::from_fen(VARIANT, fen).unwrap();
            assert_eq!(a.evaluate(&pos), b.evaluate(&pos), "{fen}");
        }
    }

    #[test]
    fn buckets_follow_the_piece_count() {
        let eight: Vec<usize> = (2..=32).map(|n| output_bucket(n, 8)).collect();
        // 2-5 pieces in bucket 0, then four pieces a bucket, 30-32 in bucket 7.
        assert_eq!(&eight[..4], &[0; 4]);
        assert_eq!(&eight[4..8], &[1; 4]);
        assert_eq!(&eight[28..], &[7; 3]);
        assert!(eight.windows(2).all(|w| w[0] <= w[1]));
        assert!((0..=40).all(|n| output_bucket(n, 1) == 0));
        assert_eq!(output_bucket(40, 8), 7);
    }

    #[test]
    fn each_bucket_scores_with_its_own_weights_and_widening_keeps_the_function() {
        let one = sample(16);
        let pos = |fen: &str| Position::from_fen(VARIANT, fen).unwrap();
        let full = pos("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let ending = pos("8/5k2/8/8/3Q4/8/5K2/8 w - - 0 1");
        // Copies of the one bucket evaluate exactly as the original.
        let wide = one.with_buckets(8).unwrap();
        assert_eq!(wide.w2.len(), 8 * 32);
        for p in [&full, &ending] {
            assert_eq!(wide.quantize().evaluate(p), one.quantize().evaluate(p));
        }
        assert!(wide.with_buckets(4).is_none());
        // Changing the bias of the endgame bucket moves only the endgame's score.
        let mut shifted = wide.clone();
        shifted.b2[output_bucket(3, 8)] += 0.25;
        let (a, b) = (wide.quantize(), shifted.quantize());
        assert_eq!(a.evaluate(&full), b.evaluate(&full));
        // 0.25 x 400 = 100 centipawns, give or take the rounding of the final division.
        let moved = b.evaluate(&ending) - a.evaluate(&ending);
        assert!((99..=101).contains(&moved), "{moved}");
    }

    #[test]
    fn dequantizing_then_quantizing_gives_the_network_back() {
        let net = sample(16).quantize();
        let float = net.dequantize();
        assert_eq!(float.quantize(), net);
        assert!(float.w1.iter().any(|&w| w != 0.0) && float.b2[0] != 0.0);
        let bucketed = sample_bucketed(16, 4).quantize();
        assert_eq!(bucketed.dequantize().quantize(), bucketed);
    }

    #[test]
    fn evaluation_matches_the_float_network_and_is_colour_symmetric() {
        let float = sample(32);
        let net = float.quantize();
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let pos = Position::from_fen(VARIANT, fen).unwrap();
        // The same sum in floats, by hand from the definition.
        let hidden = |view: Color| -> Vec<f32> {
            let mut acc = float.b1.clone();
            for f in super::super::features(&pos, view, 1) {
                for (a, w) in acc.iter_mut().zip(&float.w1[f * 32..(f + 1) * 32]) {
                    *a += w;
                }
            }
            acc.iter().map(|v| v.clamp(0.0, 1.0)).collect()
        };
        let (us, them) = (hidden(Color::White), hidden(Color::Black));
        let out: f32 = us
            .iter()
            .zip(&float.w2[..32])
            .map(|(a, w)| a * w)
            .sum::<f32>()
            + them
                .iter()
                .zip(&float.w2[32..])
                .map(|(a, w)| a * w)
                .sum::<f32>()
            + float.b2[0];
        let want = out * SCALE as f32;
        let got = net.evaluate(&pos) as f32;
        // Rounding each weight to 1/255 or 1/64 moves the sum by a few centipawns.
        assert!((got - want).abs() <= 15.0, "quantized {got}, float {want}");
        // The colour-flipped position (mirrored ranks, colours swapped, Black to move) looks
        // the same from the side to move.
        let mirrored = "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4";
        let m = Position::from_fen(VARIANT, mirrored).unwrap();
        assert_eq!(net.evaluate(&m), net.evaluate(&pos));
    }
}

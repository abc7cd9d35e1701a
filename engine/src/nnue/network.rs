//! The network's weights, their quantized form, the file format, and evaluation from scratch.
//!
//! Training works in floating point ([`FloatNetwork`]); the engine evaluates with integers
//! ([`Network`]): hidden-layer weights and biases times [`QA`], output weights times [`QB`],
//! the output bias times `QA * QB`. A clipped ReLU keeps each hidden value in `0..=QA`.
//!
//! File format (little-endian): the 8 bytes `SHKNNUE1`; `u32` inputs (768); `u32` hidden size
//! `H`; the input weights as `768 * H` `i16`, input by input; the hidden biases, `H` `i16`; the
//! output weights, `2 * H` `i16` (the side to move's half first); the output bias, `i32`; and
//! an FNV-1a 64-bit checksum (`u64`) of every byte before it.

use super::{feature, INPUTS, VARIANT};
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
pub const MAGIC: &[u8; 8] = b"SHKNNUE1";
/// Largest hidden size a file may declare.
const MAX_HIDDEN: usize = 4096;

/// Why a network file could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetError {
    /// The bytes do not start with `SHKNNUE1`.
    #[error("not a Shuriken network file (the magic bytes SHKNNUE1 are missing)")]
    BadMagic,
    /// The input count or hidden size is not one this engine evaluates.
    #[error("unsupported network shape: {inputs} inputs, {hidden} hidden neurons (want 768 inputs, 1 to 4096 hidden)")]
    BadShape {
        /// Inputs the file declares.
        inputs: u32,
        /// Hidden neurons the file declares.
        hidden: u32,
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
    /// Input weights, input by input: input `i`'s row is `w1[i * hidden..(i + 1) * hidden]`.
    pub w1: Vec<f32>,
    /// Hidden biases.
    pub b1: Vec<f32>,
    /// Output weights: the side to move's hidden values first, then the other side's.
    pub w2: Vec<f32>,
    /// Output bias.
    pub b2: f32,
}

impl FloatNetwork {
    /// A network of `hidden` neurons per view with every weight 0.
    pub fn zeros(hidden: usize) -> FloatNetwork {
        FloatNetwork {
            hidden,
            w1: vec![0.0; INPUTS * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; 2 * hidden],
            b2: 0.0,
        }
    }

    /// The integer network: every weight scaled, rounded and clipped to [`WEIGHT_LIMIT`].
    pub fn quantize(&self) -> Network {
        let q = |v: f32, scale: i32| {
            (v.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT) * scale as f32).round() as i16
        };
        Network {
            hidden: self.hidden,
            w1: self.w1.iter().map(|&v| q(v, QA)).collect(),
            b1: self.b1.iter().map(|&v| q(v, QA)).collect(),
            w2: self.w2.iter().map(|&v| q(v, QB)).collect(),
            b2: (self.b2 * (QA * QB) as f32).round() as i32,
        }
    }
}

/// A quantized network, as the engine evaluates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    w1: Vec<i16>,
    b1: Vec<i16>,
    w2: Vec<i16>,
    b2: i32,
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
            w1: self.w1.iter().map(|v| f(v, QA)).collect(),
            b1: self.b1.iter().map(|v| f(v, QA)).collect(),
            w2: self.w2.iter().map(|v| f(v, QB)).collect(),
            b2: self.b2 as f32 / (QA * QB) as f32,
        }
    }

    /// The input weights of input `i`.
    #[inline]
    pub fn row(&self, i: usize) -> &[i16] {
        &self.w1[i * self.hidden..(i + 1) * self.hidden]
    }

    /// Reads a network from the bytes of a network file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < 16 || &bytes[..8] != MAGIC {
            return Err(NetError::BadMagic);
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        let (inputs, hidden) = (u32_at(8), u32_at(12));
        if inputs as usize != INPUTS || hidden == 0 || hidden as usize > MAX_HIDDEN {
            return Err(NetError::BadShape { inputs, hidden });
        }
        let h = hidden as usize;
        let expected = 16 + 2 * (INPUTS * h + h + 2 * h) + 4 + 8;
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
        let mut at = 16;
        let mut i16s = |n: usize| -> Vec<i16> {
            let v = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let w1 = i16s(INPUTS * h);
        let b1 = i16s(h);
        let w2 = i16s(2 * h);
        let b2 = i32::from_le_bytes(bytes[expected - 12..expected - 8].try_into().unwrap());
        Ok(Network {
            hidden: h,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// The bytes of this network's file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 2 * (self.w1.len() + 3 * self.hidden) + 12);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(INPUTS as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// The output for hidden layers `us` (the side to move's view) and `them`, in centipawns
    /// from the side to move's point of view.
    #[inline]
    pub fn output(&self, us: &[i16], them: &[i16]) -> i32 {
        let h = self.hidden;
        let half = |acc: &[i16], w: &[i16]| -> i32 {
            acc.iter()
                .zip(w)
                .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
                .sum()
        };
        let sum = half(us, &self.w2[..h]) + half(them, &self.w2[h..]) + self.b2;
        (i64::from(sum) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The hidden layer of `view` for `pos`, summed from scratch into `acc` (`hidden` long).
    pub fn refresh(&self, pos: &Position, view: Color, acc: &mut [i16]) {
        acc.copy_from_slice(&self.b1);
        for sq in pos.board().occupied() {
            if let Some(f) = pos.piece_at(sq).and_then(|p| feature(view, p, sq)) {
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
        match pos.side_to_move() {
            Color::White => self.output(&white, &black),
            Color::Black => self.output(&black, &white),
        }
    }
}

/// Adds one input's weight row to a hidden layer.
#[inline]
pub(crate) fn add_row(acc: &mut [i16], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

/// Subtracts one input's weight row from a hidden layer.
#[inline]
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
        let mut net = FloatNetwork::zeros(hidden);
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
        net.b2 = next();
        net
    }

    #[test]
    fn files_round_trip_and_damage_is_reported() {
        let net = sample(16).quantize();
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes), Ok(net));
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
    }

    #[test]
    fn dequantizing_then_quantizing_gives_the_network_back() {
        let net = sample(16).quantize();
        let float = net.dequantize();
        assert_eq!(float.quantize(), net);
        assert!(float.w1.iter().any(|&w| w != 0.0) && float.b2 != 0.0);
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
            for f in super::super::features(&pos, view) {
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
            + float.b2;
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

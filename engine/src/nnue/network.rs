//! The network's weights, their quantized form, the file format, and evaluation from scratch.
//!
//! Training works in floating point ([`FloatNetwork`]); the engine evaluates with integers
//! ([`Network`]): hidden-layer weights and biases times [`QA`], output weights times [`QB`],
//! the output biases times `QA * QB`. A clipped ReLU keeps each hidden value in `0..=QA`.
//!
//! A network belongs to one game: its inputs are that game's [`FeatureSet`]. The output layer
//! may have several *buckets*, one chosen by the material on the board and in hand
//! ([`FeatureSet::output_bucket`]); the input layer may have several *king buckets*
//! ([`FeatureSet::king_inputs`]).
//!
//! A network either is the whole evaluation or learned a correction to the game's tables
//! ([`Base`]): then the evaluation is the tables' value plus the network's.
//!
//! File format (little-endian): the 8 bytes `SHKNNUE5`; the game's name, 16 bytes of ASCII
//! padded with zeros; the feature set as four `u32`: roles, squares, hand slots per side, inputs
//! per king bucket (`I`, which must equal `2 × roles × squares + 2 × hand slots`); `u32` hidden
//! size `H`; `u32` output buckets `B`; `u32` king buckets `K`; the base as a `u32` kind (0 none,
//! 1 the tables) and the `u64` fingerprint of the tables' weights (0 for none); the input weights as `K * I * H`
//! `i16`, input by input; the hidden biases, `H` `i16`; the output weights, `B * 2 * H` `i16`,
//! bucket by bucket (in each, the side to move's half first); the output biases, `B` `i32`; and
//! an FNV-1a 64-bit checksum (`u64`) of every byte before it. A file whose game or feature set
//! differs from the engine's derivation for that game is refused. Files of earlier formats are
//! refused.

use super::features::{FeatureSet, KingInputs, KING_BUCKET_COUNTS};
use movegen::{Color, Position, Variant};
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
pub const MAGIC: &[u8; 8] = b"SHKNNUE5";
/// Bytes of the game's name in a network file.
const NAME_BYTES: usize = 16;
/// Bytes before the weights: the magic, the name, seven `u32` counts, the base's kind (`u32`)
/// and its fingerprint (`u64`).
const HEADER: usize = 8 + NAME_BYTES + 7 * 4 + Base::BYTES;
/// Largest hidden size a file may declare.
pub const MAX_HIDDEN: usize = 4096;
/// Most output buckets a network may have.
pub const MAX_BUCKETS: usize = 16;

/// Why a network file could not be read or used.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetError {
    /// The bytes do not start with `SHKNNUE5`.
    #[error(
        "not a Shuriken network file of the current format (the magic bytes SHKNNUE5 are missing)"
    )]
    BadMagic,
    /// The network learned a correction to other tables than the game's built-in ones.
    #[error("the network file corrects {game}'s tables of fingerprint {found:016x}, but this engine's {game} tables have {expected:016x}: retrain it over the current tables")]
    OtherTables {
        /// The file's game.
        game: Variant,
        /// The fingerprint the file names.
        found: u64,
        /// The fingerprint of the engine's built-in weights for the game.
        expected: u64,
    },
    /// The file's base (what its output is added to) is not one this engine knows.
    #[error("the network file's base kind {0} is unknown (0: none, 1: the game's tables)")]
    UnknownBase(u32),
    /// The file names no game Shuriken plays.
    #[error("the network file is for an unknown game '{0}'")]
    UnknownGame(String),
    /// The file's inputs are not those the engine derives for its game.
    #[error("the network file's inputs ({found}) are not {game}'s ({expected}): it was made for another layout")]
    OtherFeatures {
        /// The file's game.
        game: Variant,
        /// The file's feature set, as roles/squares/hand slots/inputs.
        found: String,
        /// The engine's feature set for the game, the same way.
        expected: String,
    },
    /// The file is for another game than the one it is asked for.
    #[error("the network file is for {found}, not for {wanted} (set UCI_Variant first, or load {found}'s network while playing {found})")]
    OtherGame {
        /// The file's game.
        found: Variant,
        /// The game being played.
        wanted: Variant,
    },
    /// The hidden size or a bucket count is not one this engine evaluates.
    #[error("unsupported network shape: {hidden} hidden neurons, {buckets} output buckets, {king_buckets} king buckets (want 1 to 4096 hidden, 1 to 16 output buckets, 1 or 4 king buckets)")]
    BadShape {
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

/// What a network's output is added to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// Nothing: the network is the whole evaluation.
    None,
    /// The game's tables: the network learned a correction to the tables whose weights have
    /// this fingerprint ([`crate::eval::Weights::fingerprint`]), and the evaluation is the
    /// tables' value plus the network's.
    Tables(u64),
}

impl Base {
    /// Bytes of a base in a file: its `u32` kind and `u64` fingerprint.
    pub const BYTES: usize = 12;

    /// The base as files hold it: a `u32` kind (0 none, 1 the tables), then the tables'
    /// `u64` fingerprint (0 for none).
    pub fn to_bytes(self) -> [u8; Base::BYTES] {
        let (kind, fingerprint) = match self {
            Base::None => (0u32, 0u64),
            Base::Tables(f) => (1, f),
        };
        let mut out = [0; Base::BYTES];
        out[..4].copy_from_slice(&kind.to_le_bytes());
        out[4..].copy_from_slice(&fingerprint.to_le_bytes());
        out
    }

    /// Reads [`Base::to_bytes`]'s layout from the start of `bytes` (at least
    /// [`Base::BYTES`] long); an unknown kind is an error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Base, NetError> {
        let kind = u32::from_le_bytes(bytes[..4].try_into().expect("4 bytes"));
        match kind {
            0 => Ok(Base::None),
            1 => Ok(Base::Tables(u64::from_le_bytes(
                bytes[4..12].try_into().expect("8 bytes"),
            ))),
            other => Err(NetError::UnknownBase(other)),
        }
    }

    /// The base as `tune nnue train --base` names it: `none` or `tables`.
    pub fn name(self) -> &'static str {
        match self {
            Base::None => "none",
            Base::Tables(_) => "tables",
        }
    }
}

/// A network in floating point, as the trainer holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    /// The game whose inputs ([`FeatureSet`]) the network reads.
    pub variant: Variant,
    /// Hidden neurons per view.
    pub hidden: usize,
    /// Output buckets ([`FeatureSet::output_bucket`]).
    pub buckets: usize,
    /// King buckets ([`FeatureSet::king_inputs`]): the input weights hold this many sets.
    pub king_buckets: usize,
    /// What the output is added to.
    pub base: Base,
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
    /// A network for `variant` of `hidden` neurons per view, `buckets` output buckets and
    /// `king_buckets` king buckets, every weight 0.
    pub fn zeros(
        variant: Variant,
        hidden: usize,
        buckets: usize,
        king_buckets: usize,
    ) -> FloatNetwork {
        let inputs = FeatureSet::of(variant).inputs();
        FloatNetwork {
            variant,
            hidden,
            buckets,
            king_buckets,
            base: Base::None,
            w1: vec![0.0; king_buckets * inputs * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; 2 * hidden * buckets],
            b2: vec![0.0; buckets],
        }
    }

    /// The inputs the network reads.
    pub fn features(&self) -> &'static FeatureSet {
        FeatureSet::of(self.variant)
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
    /// the right half sees the board mirrored (see [`FeatureSet::king_inputs`]).
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
        debug_assert_eq!(
            self.w1.len(),
            self.king_buckets * self.features().inputs() * self.hidden
        );
        let q = |v: f32, scale: i32| {
            (v.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT) * scale as f32).round() as i16
        };
        Network {
            features: self.features(),
            hidden: self.hidden,
            buckets: self.buckets,
            king_buckets: self.king_buckets,
            base: self.base,
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
#[derive(Clone, Debug)]
pub struct Network {
    features: &'static FeatureSet,
    hidden: usize,
    buckets: usize,
    king_buckets: usize,
    base: Base,
    w1: Vec<i16>,
    b1: Vec<i16>,
    w2: Vec<i16>,
    b2: Vec<i32>,
}

impl PartialEq for Network {
    fn eq(&self, other: &Network) -> bool {
        self.variant() == other.variant()
            && (self.hidden, self.buckets, self.king_buckets, self.base)
                == (other.hidden, other.buckets, other.king_buckets, other.base)
            && (&self.w1, &self.b1, &self.w2, &self.b2)
                == (&other.w1, &other.b1, &other.w2, &other.b2)
    }
}

impl Eq for Network {}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A feature set's description as a file holds it: roles, squares, hand slots, inputs.
fn describe(fs: &FeatureSet) -> [u32; 4] {
    [fs.roles().len(), fs.squares(), fs.hand_slots(), fs.inputs()].map(|n| n as u32)
}

impl Network {
    /// The game the network evaluates.
    pub fn variant(&self) -> Variant {
        self.features.variant()
    }

    /// The inputs the network reads.
    #[inline(always)]
    pub fn features(&self) -> &'static FeatureSet {
        self.features
    }

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

    /// What the output is added to.
    pub fn base(&self) -> Base {
        self.base
    }

    /// Bytes of the network's file.
    pub fn file_size(&self) -> usize {
        HEADER + 2 * (self.w1.len() + self.b1.len() + self.w2.len()) + 4 * self.b2.len() + 8
    }

    /// The input set of `view` in `pos` ([`FeatureSet::king_inputs`]).
    #[inline(always)]
    pub fn king_inputs(&self, pos: &Position, view: Color) -> KingInputs {
        self.features.king_inputs(pos, view, self.king_buckets)
    }

    /// The output bucket of `pos` ([`FeatureSet::output_bucket`]).
    #[inline(always)]
    pub fn output_bucket(&self, pos: &Position) -> usize {
        self.features.output_bucket(pos, self.buckets)
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
            variant: self.variant(),
            hidden: self.hidden,
            buckets: self.buckets,
            king_buckets: self.king_buckets,
            base: self.base,
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

    /// Reads a network for `variant` from the bytes of a network file: refused when the file
    /// is for another game, or corrects other tables than the game's built-in ones.
    pub fn from_bytes_for(bytes: &[u8], variant: Variant) -> Result<Network, NetError> {
        let net = Network::from_bytes(bytes)?;
        if net.variant() != variant {
            return Err(NetError::OtherGame {
                found: net.variant(),
                wanted: variant,
            });
        }
        if let Base::Tables(found) = net.base {
            let expected = crate::eval::Weights::for_variant(variant).fingerprint();
            if found != expected {
                return Err(NetError::OtherTables {
                    game: variant,
                    found,
                    expected,
                });
            }
        }
        Ok(net)
    }

    /// Reads a network from the bytes of a network file, for the game the file names.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.get(..8) != Some(MAGIC.as_slice()) || bytes.len() < HEADER {
            return Err(NetError::BadMagic);
        }
        let name_bytes = &bytes[8..8 + NAME_BYTES];
        let name: String = name_bytes
            .iter()
            .take_while(|&&b| b != 0)
            .map(|&b| if b.is_ascii_graphic() { b as char } else { '?' })
            .collect();
        let variant = Variant::from_name(&name).map_err(|_| NetError::UnknownGame(name))?;
        let features = FeatureSet::of(variant);
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        let at = 8 + NAME_BYTES;
        let found = [u32_at(at), u32_at(at + 4), u32_at(at + 8), u32_at(at + 12)];
        let expected = describe(features);
        if found != expected {
            let text = |d: [u32; 4]| {
                format!(
                    "{} roles, {} squares, {} hand slots, {} inputs",
                    d[0], d[1], d[2], d[3]
                )
            };
            return Err(NetError::OtherFeatures {
                game: variant,
                found: text(found),
                expected: text(expected),
            });
        }
        let (hidden, buckets, king_buckets) = (u32_at(at + 16), u32_at(at + 20), u32_at(at + 24));
        if !(1..=MAX_HIDDEN).contains(&(hidden as usize))
            || !(1..=MAX_BUCKETS).contains(&(buckets as usize))
            || !KING_BUCKET_COUNTS.contains(&(king_buckets as usize))
        {
            return Err(NetError::BadShape {
                hidden,
                buckets,
                king_buckets,
            });
        }
        let base = Base::from_bytes(&bytes[at + 28..])?;
        let (h, b, k) = (hidden as usize, buckets as usize, king_buckets as usize);
        let inputs = features.inputs();
        let expected = HEADER + 2 * (k * inputs * h + h + 2 * h * b) + 4 * b + 8;
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
        let mut at = HEADER;
        let mut i16s = |n: usize| -> Vec<i16> {
            let v = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let w1 = i16s(k * inputs * h);
        let b1 = i16s(h);
        let w2 = i16s(2 * h * b);
        let b2 = bytes[expected - 8 - 4 * b..expected - 8]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok(Network {
            features,
            hidden: h,
            buckets: b,
            king_buckets: k,
            base,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// The bytes of this network's file (the `SHKNNUE5` format).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.file_size());
        out.extend_from_slice(MAGIC);
        let mut name = [0u8; NAME_BYTES];
        let game = self.variant().name().as_bytes();
        name[..game.len()].copy_from_slice(game);
        out.extend_from_slice(&name);
        for n in describe(self.features) {
            out.extend_from_slice(&n.to_le_bytes());
        }
        for n in [self.hidden, self.buckets, self.king_buckets] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        out.extend_from_slice(&self.base.to_bytes());
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

    /// The output for hidden layers `us` (the side to move's view) and `them` in output bucket
    /// `bucket`, in centipawns from the side to move's point of view.
    #[inline(always)]
    pub fn output(&self, us: &[i16], them: &[i16], bucket: usize) -> i32 {
        self.output_with(us, them, bucket, dot_clamped)
    }

    /// [`Self::output`], with `dot` computing each half's sum as [`dot_clamped`] does.
    #[inline(always)]
    pub(crate) fn output_with(
        &self,
        us: &[i16],
        them: &[i16],
        bucket: usize,
        dot: impl Fn(&[i16], &[i16]) -> i32,
    ) -> i32 {
        let h = self.hidden;
        let w = &self.w2[2 * h * bucket..2 * h * (bucket + 1)];
        let sum = dot(us, &w[..h]) + dot(them, &w[h..]) + self.b2[bucket];
        (i64::from(sum) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The hidden layer of `view` for `pos`, summed from scratch into `acc` (`hidden` long).
    #[inline(always)]
    pub fn refresh(&self, pos: &Position, view: Color, acc: &mut [i16]) {
        acc.copy_from_slice(&self.b1);
        let fs = self.features;
        let king = self.king_inputs(pos, view);
        for sq in pos.board().occupied() {
            if let Some(f) = pos.piece_at(sq).and_then(|p| fs.piece(view, p, sq, king)) {
                add_row(acc, self.row(f));
            }
        }
        if fs.hand_slots() > 0 {
            for holder in Color::BOTH {
                for slot in 0..fs.slots_on(pos.hand(holder)) {
                    add_row(acc, self.row(fs.hand(view, holder, slot, king)));
                }
            }
        }
    }

    /// The evaluation of `pos` from scratch, in centipawns for the side to move. `pos` must be
    /// a position of the network's game.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        debug_assert_eq!(pos.variant(), self.variant());
        let mut white = vec![0; self.hidden];
        let mut black = vec![0; self.hidden];
        self.refresh(pos, Color::White, &mut white);
        self.refresh(pos, Color::Black, &mut black);
        let bucket = self.output_bucket(pos);
        match pos.side_to_move() {
            Color::White => self.output(&white, &black, bucket),
            Color::Black => self.output(&black, &white, bucket),
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
        sample_for(Variant::Chess, hidden, buckets)
    }

    /// Like [`sample_bucketed`], for `variant`'s inputs.
    pub(crate) fn sample_for(variant: Variant, hidden: usize, buckets: usize) -> FloatNetwork {
        let mut net = FloatNetwork::zeros(variant, hidden, buckets, 1);
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
        wide[40..44].copy_from_slice(&5000u32.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&wide),
            Err(NetError::BadShape { hidden: 5000, .. })
        ));
        let mut many = net.to_bytes();
        many[44..48].copy_from_slice(&17u32.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&many),
            Err(NetError::BadShape { buckets: 17, .. })
        ));
    }

    #[test]
    fn files_of_the_earlier_format_and_of_other_games_are_refused() {
        let v5 = sample(16).quantize().to_bytes();
        // The third format (`SHKNNUE3`: no game, no feature set), checksum and all.
        let mut old = b"SHKNNUE3".to_vec();
        for n in [768u32, 16, 1, 1] {
            old.extend_from_slice(&n.to_le_bytes());
        }
        old.extend_from_slice(&v5[HEADER..v5.len() - 8]);
        let sum = fnv1a(&old);
        old.extend_from_slice(&sum.to_le_bytes());
        assert_eq!(Network::from_bytes(&old), Err(NetError::BadMagic));
        assert_eq!(Network::from_bytes(&v5[..20]), Err(NetError::BadMagic));
        // The fourth format: the same header without the base.
        let mut v4 = b"SHKNNUE4".to_vec();
        v4.extend_from_slice(&v5[8..HEADER - 12]);
        v4.extend_from_slice(&v5[HEADER..v5.len() - 8]);
        let sum = fnv1a(&v4);
        v4.extend_from_slice(&sum.to_le_bytes());
        assert_eq!(Network::from_bytes(&v4), Err(NetError::BadMagic));
        // A chess network is refused for titan, with both games named.
        let err = Network::from_bytes_for(&v5, Variant::Titan).unwrap_err();
        assert_eq!(
            err,
            NetError::OtherGame {
                found: Variant::Chess,
                wanted: Variant::Titan
            }
        );
        assert!(err.to_string().contains("for chess, not for titan"));
        // A file naming chess with another layout (as if chess had 7 roles) is refused.
        let mut other = v5.clone();
        other[24..28].copy_from_slice(&7u32.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&other),
            Err(NetError::OtherFeatures { .. })
        ));
        let mut unknown = v5;
        unknown[8..14].copy_from_slice(b"shogi\0");
        assert_eq!(
            Network::from_bytes(&unknown),
            Err(NetError::UnknownGame("shogi".into()))
        );
    }

    #[test]
    fn a_network_of_every_game_round_trips_and_evaluates_its_start_position() {
        for v in Variant::ALL {
            let mut float = FloatNetwork::zeros(v, 8, 2, 1);
            float.b2[1] = 0.25;
            let net = float.quantize();
            let bytes = net.to_bytes();
            assert_eq!(bytes.len(), net.file_size());
            assert_eq!(Network::from_bytes_for(&bytes, v), Ok(net.clone()));
            // Only the start position's bucket (the last) has a bias: 0.25 x 400 = 100.
            assert_eq!(net.evaluate(&Position::startpos(v)), 100, "{v}");
        }
    }

    /// `bytes` with its checksum made right again after an edit.
    fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
        let body = bytes.len() - 8;
        let sum = fnv1a(&bytes[..body]);
        bytes[body..].copy_from_slice(&sum.to_le_bytes());
        bytes
    }

    #[test]
    fn a_network_over_the_tables_names_them_and_other_tables_are_refused() {
        let v = Variant::Titan;
        let fingerprint = crate::eval::Weights::for_variant(v).fingerprint();
        let mut float = sample_for(v, 8, 1);
        float.base = Base::Tables(fingerprint);
        let net = float.quantize();
        let bytes = net.to_bytes();
        let read = Network::from_bytes_for(&bytes, v).unwrap();
        assert_eq!(read.base(), Base::Tables(fingerprint));
        assert_eq!(read, net);
        // Tables of other weights: the network corrects something this engine does not have.
        float.base = Base::Tables(fingerprint ^ 1);
        let err = Network::from_bytes_for(&float.quantize().to_bytes(), v).unwrap_err();
        assert!(
            matches!(
                err,
                NetError::OtherTables {
                    game: Variant::Titan,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err
            .to_string()
            .contains("retrain it over the current tables"));
        // An unknown kind of base.
        let mut strange = bytes;
        strange[HEADER - 12..HEADER - 8].copy_from_slice(&7u32.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&resealed(strange)),
            Err(NetError::UnknownBase(7))
        );
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
        three[48..52].copy_from_slice(&3u32.to_le_bytes());
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
        for i in 0..768 {
            let j = i ^ 7;
            for n in 0..16 {
                let avg = (one.w1[i * 16 + n] + one.w1[j * 16 + n]) / 2.0;
                sym.w1[i * 16 + n] = avg;
            }
        }
        let four = sym.with_king_buckets(4).unwrap();
        assert_eq!(four.w1.len(), 4 * 768 * 16);
        assert!(four.with_king_buckets(1).is_none());
        let (a, b) = (sym.quantize(), four.quantize());
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/1k6/8/8/3Q4/8/8/6K1 b - - 0 1",
            "6k1/5ppp/8/8/8/8/1PP5/1K6 w - - 0 1",
        ] {
            let pos = Position::from_fen(Variant::Chess, fen).unwrap();
            assert_eq!(a.evaluate(&pos), b.evaluate(&pos), "{fen}");
        }
    }

    #[test]
    fn each_bucket_scores_with_its_own_weights_and_widening_keeps_the_function() {
        let one = sample(16);
        let pos = |fen: &str| Position::from_fen(Variant::Chess, fen).unwrap();
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
        shifted.b2[0] += 0.25;
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
        let pos = Position::from_fen(Variant::Chess, fen).unwrap();
        // The same sum in floats, by hand from the definition.
        let hidden = |view: Color| -> Vec<f32> {
            let mut acc = float.b1.clone();
            for f in FeatureSet::of(Variant::Chess).active(&pos, view, 1) {
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
        let m = Position::from_fen(Variant::Chess, mirrored).unwrap();
        assert_eq!(net.evaluate(&m), net.evaluate(&pos));
    }
}

//! The NNUE trainer: fits [`engine::nnue`]'s network of any game to the data generator's
//! positions (`shuriken tune nnue train`; [`data`] reads them, [`convert`] turns older text data
//! into them).
//!
//! Each position's target, in the side to move's view, blends the search score and the game
//! result: `t = λ σ(score / scale) + (1 − λ) result`, with `σ(x) = 1 / (1 + e^-x)` and the
//! result as 1, ½ or 0. The scale is fitted per game to the data ([`data::fit_scale`]) unless
//! given. The
//! prediction is `p = σ(out · SCALE / scale)` for the network's float output `out`, and the
//! loss is the mean of `(p − t)²`. Training is mini-batch Adam on the exact gradient
//! ([`model`]), batches split over the rayon pool, the training positions shuffled every epoch
//! with a seeded generator; after every step `w1`, `b1` and `w2` are clipped to
//! [`engine::nnue::network::WEIGHT_LIMIT`] so that quantization loses nothing to saturation. The learning rate drops
//! tenfold after epoch `lr_drop_epoch`.
//!
//! **Alike for either side to move.** The data's scores come from short searches by the side
//! to move, which run about 80 centipawns above the tables' static value in quiet positions
//! (raptor). A network free to tell the side to move from the other learns that as a bonus for
//! having the move, and in the search such a bonus costs plies: a null move hands it to the
//! opponent, so null-move cutoffs fail, and the evaluation swings by twice the bonus from a
//! node to its child. Raptor's correction over the tables carried a 100 cp bonus and needed 3.2
//! times the tables' nodes to reach depth 10. So the trainer keeps every network symmetric
//! ([`model::make_symmetric`] after every step, and on the starting network): its value with
//! the other side to move is its negative, plus the tables' `Tempo` for a network without a
//! base (a correction's base already adds it) ([`move_bonus`]).
//!
//! After every epoch the quantized network goes to `--out` and the float network to
//! `--out` + `.float` (both written to a temporary file and renamed). The float checkpoint is
//! little-endian: the 8 bytes `SHKFLT05`, the game's name (16 bytes of ASCII padded with zeros),
//! `u32` inputs per king bucket `I` (the game's, [`engine::nnue::FeatureSet::inputs`]), `u32`
//! hidden size `H`, `u32` output buckets `B`, `u32` king buckets `K`, the base as in a network
//! file (`u32` kind, `u64` tables fingerprint), then `f32`s: `w1`
//! (`K * I * H`, input by input), `b1` (`H`), `w2` (`B * 2 * H`, bucket by bucket, the side to
//! move's half first) and `b2` (`B`). Checkpoints of earlier formats are refused. `--resume-from` starts from such a file, or from a quantized network file, dequantized
//! (with fresh Adam moments); `--output-buckets` and `--king-buckets` can widen a one-bucket
//! start into copies.

pub mod convert;
pub mod data;
pub mod model;

use crate::rng::SplitMix64;
use anyhow::{bail, Context, Result};
use data::{sigmoid, Positions};
use engine::nnue::network::{Base, MAX_BUCKETS, SCALE};
use engine::nnue::{FeatureSet, FloatNetwork, NetError, Network, KING_BUCKET_COUNTS};
use model::{Adam, Gradient};
use movegen::{Position, Variant};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Magic bytes of a float checkpoint.
const FLOAT_MAGIC: &[u8; 8] = b"SHKFLT05";
/// Bytes of the game's name in a float checkpoint.
const NAME_BYTES: usize = 16;
/// Bytes before the weights of a float checkpoint: the magic, the name, four `u32` counts, the
/// base's kind (`u32`) and fingerprint (`u64`), as in a network file.
const FLOAT_HEADER: usize = 8 + NAME_BYTES + 16 + Base::BYTES;
/// Largest hidden size the network file format accepts.
pub const MAX_HIDDEN: usize = 4096;

/// Settings of a training run.
#[derive(Clone, Copy, Debug)]
pub struct TrainOptions {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per Adam step.
    pub batch: usize,
    /// Adam's learning rate.
    pub lr: f32,
    /// Epochs after this one run at a tenth of `lr`.
    pub lr_drop_epoch: usize,
    /// Centipawns per unit of the logistic's argument.
    pub scale: f32,
    /// Seed of the shuffles (and of the mirroring).
    pub seed: u64,
    /// Learn each position mirrored left to right in about half the epochs
    /// ([`model::Mirror`]).
    pub mirror: bool,
}

impl TrainOptions {
    /// `SCALE / scale`: the logistic's argument per unit of float output.
    pub fn k(&self) -> f32 {
        SCALE as f32 / self.scale
    }

    /// The learning rate of epoch `epoch` (from 1).
    pub fn lr_at(&self, epoch: usize) -> f32 {
        if epoch > self.lr_drop_epoch {
            self.lr * 0.1
        } else {
            self.lr
        }
    }
}

/// What one epoch did.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// Epoch number, from 1.
    pub epoch: usize,
    /// Mean loss over the epoch's batches (each before its step).
    pub train_loss: f64,
    /// Loss on the validation positions after the epoch (`None` without any).
    pub valid_loss: Option<f64>,
    /// Learning rate of the epoch.
    pub lr: f32,
    /// Seconds of training (without validation).
    pub train_seconds: f64,
    /// Seconds of the whole epoch.
    pub seconds: f64,
}

/// The bonus for having the move a network of this base gives, in float output units: the
/// tables' `Tempo` weight without a base, none over the tables (which already add it).
pub fn move_bonus(net: &FloatNetwork) -> f32 {
    match net.base {
        Base::Tables(_) => 0.0,
        Base::None => {
            let w = engine::eval::Weights::for_variant(net.variant);
            w.scalar(engine::eval::scalars::Scalar::Tempo) as f32 / SCALE as f32
        }
    }
}

/// Trains `net` on `train`, calling `after_epoch` after every epoch (to report and save). The
/// network is kept symmetric ([`model::make_symmetric`] with [`move_bonus`]) from the start.
pub fn train(
    net: &mut FloatNetwork,
    train: &Positions,
    valid: &Positions,
    opts: &TrainOptions,
    mut after_epoch: impl FnMut(&EpochReport, &FloatNetwork) -> Result<()>,
) -> Result<()> {
    if train.is_empty() {
        bail!("no training positions");
    }
    let n = u32::try_from(train.len()).context("over 4 billion training positions")?;
    let mut order: Vec<u32> = (0..n).collect();
    let mut rng = SplitMix64::new(opts.seed);
    if opts.mirror && net.base != Base::None {
        bail!("mirroring is for networks without the tables as base: the tables may tell a position from its mirror image");
    }
    if opts.mirror && net.king_buckets > 1 {
        bail!(
            "mirroring is for networks of one king bucket: with {} the inputs already see a \
             position and its mirror image alike",
            net.king_buckets
        );
    }
    let bonus = move_bonus(net);
    model::make_symmetric(net, bonus);
    let mut adam = Adam::new(net);
    let mut grads = vec![Gradient::zeros(net); rayon::current_num_threads().max(1)];
    let table = net.features().mirror_table();
    let k = opts.k();
    for epoch in 1..=opts.epochs {
        let t = Instant::now();
        shuffle(&mut order, &mut rng);
        let lr = opts.lr_at(epoch);
        // With mirroring, each position is seen mirrored in about half the epochs, decided by
        // a seeded hash of (seed, epoch, position).
        let salt = SplitMix64::new(opts.seed ^ 0x4D49_5252).next_u64() ^ (epoch as u64) << 40;
        let mirror = |i: u32| -> bool {
            opts.mirror && SplitMix64::new(salt ^ u64::from(i)).next_u64() & 1 == 1
        };
        let mut loss = 0.0;
        for batch in order.chunks(opts.batch.max(1)) {
            model::batch_gradient(net, train, batch, k, &mirror, &table, &mut grads);
            loss += grads.iter().map(|g| g.loss).sum::<f64>();
            adam.step(net, &grads, batch.len(), lr);
            model::make_symmetric(net, bonus);
        }
        let train_seconds = t.elapsed().as_secs_f64();
        let valid_loss = (!valid.is_empty()).then(|| model::mean_loss(net, valid, k));
        let report = EpochReport {
            epoch,
            train_loss: loss / train.len() as f64,
            valid_loss,
            lr,
            train_seconds,
            seconds: t.elapsed().as_secs_f64(),
        };
        after_epoch(&report, net)?;
    }
    Ok(())
}

/// Mean loss of the tables alone over `data`: `(σ(tables / scale) − t)²` (0 when empty), the
/// yardstick a network must beat.
pub fn tables_loss(data: &Positions, scale: f32) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let sum: f64 = (0..data.len())
        .into_par_iter()
        .map(|i| {
            let d = sigmoid(f32::from(data.tables(i)) / scale) - data.target(i);
            f64::from(d * d)
        })
        .sum();
    sum / data.len() as f64
}

/// Fisher–Yates shuffle.
fn shuffle(v: &mut [u32], rng: &mut SplitMix64) {
    for i in (1..v.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
}

/// The path of the float checkpoint that goes with network file `out`: `out` + `.float`.
pub fn float_path(out: &Path) -> PathBuf {
    let mut s = out.as_os_str().to_owned();
    s.push(".float");
    PathBuf::from(s)
}

/// Writes `bytes` to `path` through a temporary file and a rename, so that an interrupted run
/// never leaves a truncated file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path)
        .with_context(|| format!("cannot rename {} to {}", tmp.display(), path.display()))
}

/// The bytes of a float checkpoint (format in the module documentation).
pub fn float_to_bytes(net: &FloatNetwork) -> Vec<u8> {
    let floats = net.w1.len() + net.b1.len() + net.w2.len() + net.b2.len();
    let mut out = Vec::with_capacity(FLOAT_HEADER + 4 * floats);
    out.extend_from_slice(FLOAT_MAGIC);
    let mut name = [0u8; NAME_BYTES];
    let game = net.variant.name().as_bytes();
    name[..game.len()].copy_from_slice(game);
    out.extend_from_slice(&name);
    for n in [
        net.features().inputs(),
        net.hidden,
        net.buckets,
        net.king_buckets,
    ] {
        out.extend_from_slice(&(n as u32).to_le_bytes());
    }
    out.extend_from_slice(&net.base.to_bytes());
    for v in net.w1.iter().chain(&net.b1).chain(&net.w2).chain(&net.b2) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// Reads a float checkpoint.
pub fn float_from_bytes(bytes: &[u8]) -> Result<FloatNetwork> {
    if bytes.get(..8) != Some(FLOAT_MAGIC.as_slice()) || bytes.len() < FLOAT_HEADER {
        bail!("not a float network checkpoint of the current format (the magic bytes SHKFLT05 are missing)");
    }
    let name: String = bytes[8..8 + NAME_BYTES]
        .iter()
        .take_while(|&&b| b != 0)
        .map(|&b| if b.is_ascii_graphic() { b as char } else { '?' })
        .collect();
    let variant = Variant::from_name(&name)
        .with_context(|| format!("checkpoint of an unknown game '{name}'"))?;
    let want = FeatureSet::of(variant).inputs();
    let u32_at =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let at = 8 + NAME_BYTES;
    let (inputs, hidden) = (u32_at(at) as usize, u32_at(at + 4) as usize);
    let (buckets, king_buckets, header) = (
        u32_at(at + 8) as usize,
        u32_at(at + 12) as usize,
        FLOAT_HEADER,
    );
    let base =
        Base::from_bytes(&bytes[at + 16..]).map_err(|e| anyhow::anyhow!("checkpoint: {e}"))?;
    if inputs != want
        || !(1..=MAX_HIDDEN).contains(&hidden)
        || !(1..=MAX_BUCKETS).contains(&buckets)
        || !KING_BUCKET_COUNTS.contains(&king_buckets)
    {
        bail!(
            "unsupported checkpoint shape: {inputs} inputs ({variant} has {want}), {hidden} hidden \
             neurons, {buckets} output buckets, {king_buckets} king buckets"
        );
    }
    let expected =
        header + 4 * (king_buckets * want * hidden + hidden + 2 * hidden * buckets + buckets);
    if bytes.len() != expected {
        bail!(
            "checkpoint has {} bytes, its shape needs {expected} (truncated or padded)",
            bytes.len()
        );
    }
    let mut floats = bytes[header..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
    let mut take = |n: usize| -> Vec<f32> { floats.by_ref().take(n).collect() };
    let net = FloatNetwork {
        variant,
        hidden,
        buckets,
        king_buckets,
        base,
        w1: take(king_buckets * want * hidden),
        b1: take(hidden),
        w2: take(2 * hidden * buckets),
        b2: take(buckets),
    };
    if !net
        .w1
        .iter()
        .chain(&net.b1)
        .chain(&net.w2)
        .chain(&net.b2)
        .all(|v| v.is_finite())
    {
        bail!("checkpoint holds a weight that is not a finite number");
    }
    Ok(net)
}

/// Reads the starting point of a training run at `path`: a quantized network file (such as
/// the built-in network), dequantized, or else a float checkpoint.
pub fn load_float(path: &Path) -> Result<FloatNetwork> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    match Network::from_bytes(&bytes) {
        Ok(net) => Ok(net.dequantize()),
        Err(NetError::BadMagic) => {
            float_from_bytes(&bytes).with_context(|| format!("{} is not usable", path.display()))
        }
        Err(e) => {
            Err(e).with_context(|| format!("{} is not a usable network file", path.display()))
        }
    }
}

/// Writes the quantized network to `out` and the float one next to it ([`float_path`]).
pub fn save(net: &FloatNetwork, out: &Path) -> Result<()> {
    write_atomically(out, &net.quantize().to_bytes())?;
    write_atomically(&float_path(out), &float_to_bytes(net))
}

/// Losses on a sample of the validation positions: the float network's and the quantized
/// network's as the engine evaluates it ([`Network::evaluate`] from the FEN).
#[derive(Clone, Copy, Debug)]
pub struct QuantizedCheck {
    /// Positions evaluated.
    pub positions: usize,
    /// Mean loss of the float network.
    pub float_loss: f64,
    /// Mean loss of the quantized network.
    pub quantized_loss: f64,
    /// Mean absolute difference of the two evaluations, in centipawns.
    pub mean_abs_cp: f64,
}

/// Evaluates up to `limit` validation positions (evenly spread) with the float network and with
/// the quantized network read back from its bytes.
pub fn check_quantized(
    net: &FloatNetwork,
    valid: &Positions,
    fens: &[String],
    scale: f32,
    limit: usize,
) -> Result<QuantizedCheck> {
    let quantized = Network::from_bytes(&net.quantize().to_bytes())?;
    let n = valid.len().min(fens.len());
    let picks: Vec<usize> = (0..n.min(limit)).map(|j| j * n / n.min(limit)).collect();
    let k = SCALE as f32 / scale;
    let sums = picks
        .par_iter()
        .map_init(
            || model::Scratch::new(net.hidden),
            |s, &i| -> Result<(f64, f64, f64)> {
                let pos = Position::from_fen(net.variant, &fens[i])
                    .map_err(|e| anyhow::anyhow!("validation FEN {}: {e}", fens[i]))?;
                let cp = (quantized.evaluate(&pos) + model::base_cp(net, valid, i)) as f32;
                let out = model::forward(net, valid, i, s);
                let t = valid.target(i);
                let dq = sigmoid(cp / scale) - t;
                let df = sigmoid(out * k) - t;
                let cp_diff = (cp - out * SCALE as f32).abs();
                Ok((f64::from(df * df), f64::from(dq * dq), f64::from(cp_diff)))
            },
        )
        .try_reduce(
            || (0.0, 0.0, 0.0),
            |a, b| Ok((a.0 + b.0, a.1 + b.1, a.2 + b.2)),
        )?;
    let m = picks.len().max(1) as f64;
    Ok(QuantizedCheck {
        positions: picks.len(),
        float_loss: sums.0 / m,
        quantized_loss: sums.1 / m,
        mean_abs_cp: sums.2 / m,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn features(pos: &Position, view: movegen::Color, king_buckets: usize) -> Vec<usize> {
        FeatureSet::of(Variant::Chess).active(pos, view, king_buckets)
    }

    /// About `n` positions from seeded random games, labelled by material balance; the
    /// "tables" value of each is half its material balance.
    fn material_positions(n: usize) -> Positions {
        material_positions_with(n, 0).0
    }

    /// [`material_positions`] whose scores give the side to move `bonus` centipawns more, and
    /// the positions themselves.
    fn material_positions_with(n: usize, bonus: i32) -> (Positions, Vec<Position>) {
        let mut rng = SplitMix64::new(3);
        let mut data = Positions::default();
        let mut positions = Vec::new();
        while data.len() < n {
            let mut pos = Position::startpos(Variant::Chess);
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() || data.len() >= n {
                    break;
                }
                pos.make_move(moves[(rng.next_u64() % moves.len() as u64) as usize]);
                let stm = pos.side_to_move();
                let material: i32 = features(&pos, stm, 1)
                    .iter()
                    .map(|&f| {
                        let value = [100, 300, 300, 500, 900, 0][(f % 384) / 64];
                        if f < 384 {
                            value
                        } else {
                            -value
                        }
                    })
                    .sum();
                data.push(
                    &features(&pos, stm, 1),
                    &features(&pos, stm.opposite(), 1),
                    (material + bonus) as i16,
                    0,
                    (material / 2) as i16,
                );
                positions.push(pos.clone());
            }
        }
        // Targets from the score alone: σ(material / 400).
        data.set_targets(1.0, 400.0);
        (data, positions)
    }

    #[test]
    fn a_trained_network_judges_alike_for_either_side_to_move() {
        // Scores 100 cp above the material for the side to move: a free network would learn a
        // bonus for having the move; the trained one gives only the tables' (none over them).
        let (data, positions) = material_positions_with(300, 100);
        let tempo = engine::eval::Weights::for_variant(Variant::Chess)
            .scalar(engine::eval::scalars::Scalar::Tempo);
        for base in [Base::None, Base::Tables(42)] {
            let mut net = model::init(Variant::Chess, 8, 2, 1);
            net.base = base;
            let mut saved = Vec::new();
            train(&mut net, &data, &data, &small_run(), |_, played| {
                saved.push(played.quantize());
                Ok(())
            })
            .unwrap();
            let own = if base == Base::None { tempo } else { 0 };
            for (epoch, q) in saved.iter().enumerate() {
                for pos in &positions {
                    let mut passed = pos.clone();
                    passed.make_null_move();
                    let sum = q.evaluate(pos) + q.evaluate(&passed);
                    // Each half rounds on its own: within 2 cp of twice the bonus.
                    assert!(
                        (sum - 2 * own).abs() <= 2,
                        "{base:?}, epoch {}: {sum} for {}",
                        epoch + 1,
                        pos.to_fen()
                    );
                }
            }
            // The network still learns the material (the rest of the scores).
            let c = model::mean_loss(&net, &data, small_run().k());
            assert!(c < 0.01, "{base:?}: {c}");
        }
    }

    /// A short run with a high rate, for the material-balance positions.
    fn small_run() -> TrainOptions {
        TrainOptions {
            epochs: 30,
            batch: 32,
            lr: 0.01,
            lr_drop_epoch: 25,
            scale: 400.0,
            seed: 1,
            mirror: false,
        }
    }

    #[test]
    fn training_lowers_the_loss_on_material_balance() {
        let data = material_positions(200);
        let mut net = model::init(Variant::Chess, 8, 2, 1);
        let opts = small_run();
        let before = model::mean_loss(&net, &data, opts.k());
        let mut losses = Vec::new();
        train(&mut net, &data, &data, &opts, |r, _| {
            losses.push(r.valid_loss.unwrap());
            Ok(())
        })
        .unwrap();
        let after = *losses.last().unwrap();
        assert!(before > 0.01, "the task is not trivial: {before}");
        assert!(after < before * 0.3, "loss {before} -> {after}");
        assert!(losses[4] < before, "{losses:?}");
    }

    #[test]
    fn a_network_over_the_tables_starts_at_their_loss_and_learns_the_rest() {
        let data = material_positions(200);
        let mut net = model::init(Variant::Chess, 8, 1, 1);
        net.base = Base::Tables(42);
        net.w2.fill(0.0);
        let opts = small_run();
        // With a silent network the evaluation is the tables' value.
        let tables = tables_loss(&data, opts.scale);
        let before = model::mean_loss(&net, &data, opts.k());
        assert!((before - tables).abs() < 1e-9, "{before} vs {tables}");
        assert!(
            tables > 0.002,
            "the tables miss half the material: {tables}"
        );
        let mut last = 0.0;
        train(&mut net, &data, &data, &opts, |r, _| {
            last = r.valid_loss.unwrap();
            Ok(())
        })
        .unwrap();
        assert!(last < tables * 0.3, "loss {tables} -> {last}");
        // The base survives a checkpoint and quantization.
        assert_eq!(float_from_bytes(&float_to_bytes(&net)).unwrap(), net);
        assert_eq!(net.quantize().base(), Base::Tables(42));
        // Mirroring would teach a position the tables' value of another one.
        let mirrored = TrainOptions {
            mirror: true,
            ..opts
        };
        assert!(train(&mut net, &data, &data, &mirrored, |_, _| Ok(())).is_err());
    }

    #[test]
    fn checkpoints_round_trip_and_damage_is_refused() {
        let mut net = model::init(Variant::Chess, 4, 3, 9);
        net.b1[2] = 0.25;
        net.b2 = vec![-0.5, 0.125, 0.0];
        let bytes = float_to_bytes(&net);
        assert_eq!(float_from_bytes(&bytes).unwrap(), net);
        assert!(float_from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(float_from_bytes(b"SHKNNUE1........").is_err());
        // A checkpoint of the third format (no game name) is refused.
        let one = model::init(Variant::Chess, 4, 1, 9);
        let v4 = float_to_bytes(&one);
        let mut old = b"SHKFLT03".to_vec();
        old.extend_from_slice(&v4[24..]);
        let err = float_from_bytes(&old).unwrap_err().to_string();
        assert!(err.contains("current format"), "{err}");
        // A titan checkpoint round-trips with its game.
        let titan = model::init(Variant::Titan, 4, 2, 9);
        assert_eq!(float_from_bytes(&float_to_bytes(&titan)).unwrap(), titan);
        // King buckets round-trip; a count without a layout is refused.
        let kings = net.with_king_buckets(4).unwrap();
        let bytes = float_to_bytes(&kings);
        assert_eq!(float_from_bytes(&bytes).unwrap(), kings);
        let mut three = bytes;
        three[36..40].copy_from_slice(&3u32.to_le_bytes());
        assert!(float_from_bytes(&three).is_err());
        let dir = std::env::temp_dir().join(format!("nnue-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("t.nnue");
        save(&net, &out).unwrap();
        assert_eq!(load_float(&float_path(&out)).unwrap(), net);
        let q = Network::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
        assert_eq!(q, net.quantize());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_quantized_network_agrees_with_the_float_one() {
        let data = material_positions(50);
        let mut fens = Vec::new();
        let mut valid = Positions::default();
        for fen in [
            "r1bqkb1r/p1ppppp1/p7/5n1p/8/NPP1P3/P2P1PPP/R1BQK1NR w KQkq - 0 6",
            "4k3/8/8/3q4/8/8/3PP3/3QK3 b - - 0 1",
        ] {
            let pos = Position::from_fen(Variant::Chess, fen).unwrap();
            let stm = pos.side_to_move();
            valid.push(
                &features(&pos, stm, 1),
                &features(&pos, stm.opposite(), 1),
                0,
                0,
                0,
            );
            fens.push(fen.to_string());
        }
        valid.set_targets(1.0, 400.0);
        let mut net = model::init(Variant::Chess, 16, 4, 2);
        let opts = TrainOptions {
            epochs: 5,
            batch: 16,
            lr: 0.01,
            lr_drop_epoch: 5,
            scale: 400.0,
            seed: 1,
            mirror: false,
        };
        train(&mut net, &data, &valid, &opts, |_, _| Ok(())).unwrap();
        let c = check_quantized(&net, &valid, &fens, 400.0, 50_000).unwrap();
        assert_eq!(c.positions, 2);
        assert!(c.mean_abs_cp < 10.0, "{c:?}");
        assert!((c.float_loss - c.quantized_loss).abs() < 1e-3, "{c:?}");
    }
}

//! The network's forward and backward pass in floating point, the batch gradient over a rayon
//! pool, and the Adam step.
//!
//! For a position with active inputs `F_us` (side to move's view) and `F_them`, and output
//! bucket `b` (from its material, [`engine::nnue::FeatureSet::bucket_of_material`]):
//!
//! ```text
//! acc_v = b1 + Σ_{f ∈ F_v} w1[f],   h_v = clamp(acc_v, 0, 1)
//! out   = w2_b[..H]·h_us + w2_b[H..]·h_them + b2_b
//! p     = σ(out · k),   k = SCALE / scale,   loss = (p − t)²
//! ```
//!
//! and back: `∂loss/∂out = 2 (p − t) p (1 − p) k`; `∂/∂w2_b = g h`; `∂/∂b2_b = g`;
//! `∂/∂acc_v[j] = g w2_v[j]` where `0 < acc_v[j] < 1` and 0 elsewhere (the clipped ReLU); each
//! active input's row of `w1`, and `b1`, receive the gradient of their accumulators.

use super::data::{sigmoid, Positions};
use crate::rng::SplitMix64;
use engine::nnue::network::{Base, SCALE, WEIGHT_LIMIT};
use engine::nnue::FloatNetwork;
use movegen::Variant;
use rayon::prelude::*;

/// The range of a new input weight: uniform in `±0.5 / sqrt(32)`.
fn input_weight_range() -> f32 {
    0.5 / 32f32.sqrt()
}

/// A seeded random weight, uniform in `±range`.
fn uniform(rng: &mut SplitMix64, range: f32) -> f32 {
    (rng.unit() as f32 * 2.0 - 1.0) * range
}

/// A network for `variant` of `hidden` neurons and `buckets` output buckets with small seeded
/// random weights: `w1` uniform in `±0.5 / sqrt(32)`, `w2` uniform in `±1 / sqrt(2 hidden)`,
/// biases 0.
pub fn init(variant: Variant, hidden: usize, buckets: usize, seed: u64) -> FloatNetwork {
    let mut rng = SplitMix64::new(seed ^ 0x4E4E_5545);
    let mut net = FloatNetwork::zeros(variant, hidden, buckets, 1);
    let (r1, r2) = (input_weight_range(), 1.0 / ((2 * hidden) as f32).sqrt());
    net.w1.iter_mut().for_each(|w| *w = uniform(&mut rng, r1));
    net.w2.iter_mut().for_each(|w| *w = uniform(&mut rng, r2));
    net
}

/// `net` with `hidden` neurons per view (at least its own): its neurons keep their weights,
/// and each new one gets seeded random input weights (as [`init`] draws them), a zero bias and
/// zero output weights, so the wider network computes the same function and training can put
/// the new neurons to use.
pub fn widen(net: &FloatNetwork, hidden: usize, seed: u64) -> FloatNetwork {
    assert!(hidden >= net.hidden, "widen cannot drop neurons");
    let mut rng = SplitMix64::new(seed ^ 0x5749_4445);
    let (old, range) = (net.hidden, input_weight_range());
    let mut wide = FloatNetwork::zeros(net.variant, hidden, net.buckets, net.king_buckets);
    for (new_row, old_row) in wide.w1.chunks_mut(hidden).zip(net.w1.chunks(old)) {
        new_row[..old].copy_from_slice(old_row);
        for w in &mut new_row[old..] {
            *w = uniform(&mut rng, range);
        }
    }
    wide.b1[..old].copy_from_slice(&net.b1);
    // Each output half (side to move, then the other side) keeps its old weights first.
    for (new_half, old_half) in wide.w2.chunks_mut(hidden).zip(net.w2.chunks(old)) {
        new_half[..old].copy_from_slice(old_half);
    }
    wide.b2.copy_from_slice(&net.b2);
    wide
}

/// Per-thread work space: both views' accumulators.
#[derive(Clone, Debug)]
pub struct Scratch {
    us: Vec<f32>,
    them: Vec<f32>,
}

impl Scratch {
    /// Work space for `hidden` neurons.
    pub fn new(hidden: usize) -> Scratch {
        Scratch {
            us: vec![0.0; hidden],
            them: vec![0.0; hidden],
        }
    }
}

/// `acc = b1 + Σ w1[f]` over `inputs`.
#[inline]
fn accumulate(net: &FloatNetwork, inputs: &[u16], mirror: Mirror<'_>, acc: &mut [f32]) {
    let h = net.hidden;
    acc.copy_from_slice(&net.b1);
    for &f in inputs {
        let f = mirror.map_or(f, |t| t[usize::from(f)]);
        let row = &net.w1[f as usize * h..(f as usize + 1) * h];
        acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
    }
}

/// `w · clamp(acc, 0, 1)`.
#[inline]
fn half(acc: &[f32], w: &[f32]) -> f32 {
    acc.iter().zip(w).map(|(a, w)| a.clamp(0.0, 1.0) * w).sum()
}

/// The output bucket of position `i` (each view has one input per piece on the board and
/// per piece in hand).
#[inline]
pub fn bucket(net: &FloatNetwork, data: &Positions, i: usize) -> usize {
    net.features()
        .bucket_of_material(data.views(i).0.len(), net.buckets)
}

/// How a position is learnt: as is (`None`), or mirrored left to right through the game's
/// mirror table ([`engine::nnue::FeatureSet::mirror_table`]). The network sees no castling
/// rights, so a position and its mirror image have the same value to it: training on either
/// is the same lesson, and the mirror image is a free extra example.
pub type Mirror<'a> = Option<&'a [u16]>;

/// What position `i`'s evaluation adds to the network's output, in centipawns: the tables'
/// value for a network with the tables as base, else 0.
#[inline]
pub fn base_cp(net: &FloatNetwork, data: &Positions, i: usize) -> i32 {
    match net.base {
        Base::None => 0,
        Base::Tables(_) => i32::from(data.tables(i)),
    }
}

/// The float evaluation (`centipawns / SCALE`) of position `i`: the network's output plus its
/// base; leaves the accumulators in `s`.
#[inline]
pub fn forward(net: &FloatNetwork, data: &Positions, i: usize, s: &mut Scratch) -> f32 {
    forward_mirrored(net, data, i, None, s)
}

/// [`forward`] of position `i`, mirrored as `mirror` says.
#[inline]
fn forward_mirrored(
    net: &FloatNetwork,
    data: &Positions,
    i: usize,
    mirror: Mirror<'_>,
    s: &mut Scratch,
) -> f32 {
    let h = net.hidden;
    let (us, them) = data.views(i);
    accumulate(net, us, mirror, &mut s.us);
    accumulate(net, them, mirror, &mut s.them);
    let b = bucket(net, data, i);
    let w2 = net.output_weights(b);
    let base = base_cp(net, data, i) as f32 / SCALE as f32;
    half(&s.us, &w2[..h]) + half(&s.them, &w2[h..]) + net.b2[b] + base
}

/// A gradient being summed (not yet divided by the batch size), with the loss sum.
#[derive(Clone, Debug)]
pub struct Gradient {
    /// Of the input weights, laid out like [`FloatNetwork::w1`].
    pub w1: Vec<f32>,
    /// Of the hidden biases.
    pub b1: Vec<f32>,
    /// Of the output weights, laid out like [`FloatNetwork::w2`].
    pub w2: Vec<f32>,
    /// Of the output biases.
    pub b2: Vec<f64>,
    /// Sum of the losses.
    pub loss: f64,
}

impl Gradient {
    /// A zero gradient for `net`'s shape.
    pub fn zeros(net: &FloatNetwork) -> Gradient {
        let (hidden, buckets) = (net.hidden, net.buckets);
        Gradient {
            w1: vec![0.0; net.w1.len()],
            b1: vec![0.0; hidden],
            w2: vec![0.0; 2 * hidden * buckets],
            b2: vec![0.0; buckets],
            loss: 0.0,
        }
    }

    /// Sets every entry back to 0.
    pub fn clear(&mut self) {
        self.w1.fill(0.0);
        self.b1.fill(0.0);
        self.w2.fill(0.0);
        self.b2.fill(0.0);
        self.loss = 0.0;
    }

    /// Adds the loss `(σ(out k) − t)²` of position `i` and its gradient (`k = SCALE / scale`).
    /// `mirror` says whether to learn from the position's mirror image instead.
    pub fn add(
        &mut self,
        net: &FloatNetwork,
        data: &Positions,
        (i, mirror): (usize, Mirror<'_>),
        k: f32,
        s: &mut Scratch,
    ) {
        let h = net.hidden;
        let out = forward_mirrored(net, data, i, mirror, s);
        let p = sigmoid(out * k);
        let d = p - data.target(i);
        self.loss += f64::from(d * d);
        let g = 2.0 * d * p * (1.0 - p) * k;
        let b = bucket(net, data, i);
        self.b2[b] += f64::from(g);
        let (us, them) = data.views(i);
        let w2 = net.output_weights(b);
        let base = 2 * h * b;
        for (view, acc, w2, gw2) in [
            (us, &mut s.us, &w2[..h], base),
            (them, &mut s.them, &w2[h..], base + h),
        ] {
            // The accumulator turns into its own gradient.
            for (j, a) in acc.iter_mut().enumerate() {
                let hv = a.clamp(0.0, 1.0);
                self.w2[gw2 + j] += g * hv;
                *a = if *a > 0.0 && *a < 1.0 { g * w2[j] } else { 0.0 };
            }
            self.b1
                .iter_mut()
                .zip(acc.iter())
                .for_each(|(b, d)| *b += d);
            for &f in view {
                let f = mirror.map_or(f, |t| t[usize::from(f)]);
                let row = &mut self.w1[f as usize * h..(f as usize + 1) * h];
                row.iter_mut().zip(acc.iter()).for_each(|(w, d)| *w += d);
            }
        }
    }
}

/// Sums the gradient of the positions `batch` into `grads`, one buffer per part of the batch
/// (run in parallel on the current rayon pool); returns nothing, the sums are in `grads`.
/// `mirror(i)` says whether position `i` is learnt mirrored, through `table`.
#[allow(clippy::too_many_arguments)]
pub fn batch_gradient(
    net: &FloatNetwork,
    data: &Positions,
    batch: &[u32],
    k: f32,
    mirror: &(dyn Fn(u32) -> bool + Sync),
    table: &[u16],
    grads: &mut [Gradient],
) {
    let parts = grads.len();
    grads.par_iter_mut().enumerate().for_each(|(t, g)| {
        g.clear();
        let mut s = Scratch::new(net.hidden);
        let range = t * batch.len() / parts..(t + 1) * batch.len() / parts;
        for &i in &batch[range] {
            g.add(
                net,
                data,
                (i as usize, mirror(i).then_some(table)),
                k,
                &mut s,
            );
        }
    });
}

/// Mean loss of `net` over `data` (0 when empty).
pub fn mean_loss(net: &FloatNetwork, data: &Positions, k: f32) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let sum: f64 = (0..data.len())
        .into_par_iter()
        .with_min_len(1024)
        .map_init(
            || Scratch::new(net.hidden),
            |s, i| {
                let d = sigmoid(forward(net, data, i, s) * k) - data.target(i);
                f64::from(d * d)
            },
        )
        .sum();
    sum / data.len() as f64
}

/// Makes `net` judge a position alike whichever side is to move, but for the sign, plus
/// `bonus` (float output units) for having the move. Passing the move swaps the inputs of the
/// output weights' two halves (the side to move's view and the other's) and keeps the bucket,
/// so with the halves `d` and `−d` the output goes from `d·(h_us − h_them) + bonus` to its
/// negative plus `bonus`. Each bucket's halves `(a, c)` become `±(a − c)/2`, the part of the
/// output that changes sign with the move, and its bias becomes `bonus`.
pub fn make_symmetric(net: &mut FloatNetwork, bonus: f32) {
    let h = net.hidden;
    for (w2, b2) in net.w2.chunks_exact_mut(2 * h).zip(&mut net.b2) {
        let (us, them) = w2.split_at_mut(h);
        for (a, c) in us.iter_mut().zip(them) {
            let d = 0.5 * (*a - *c);
            *a = d;
            *c = -d;
        }
        *b2 = bonus;
    }
}

/// Adam's moment estimates, laid out like the network.
#[derive(Clone, Debug)]
pub struct Adam {
    m: FloatNetwork,
    v: FloatNetwork,
    steps: i32,
}

/// Adam's β1.
const BETA1: f32 = 0.9;
/// Adam's β2.
const BETA2: f32 = 0.999;
/// Adam's ε.
const EPSILON: f32 = 1e-8;

/// One step's constants: learning rate and bias corrections.
#[derive(Clone, Copy)]
struct Step {
    lr: f32,
    c1: f32,
    c2: f32,
}

impl Step {
    /// Updates one parameter with gradient `g`; returns the new value.
    #[inline]
    fn apply(self, w: f32, m: &mut f32, v: &mut f32, g: f32) -> f32 {
        *m = BETA1 * *m + (1.0 - BETA1) * g;
        *v = BETA2 * *v + (1.0 - BETA2) * g * g;
        w - self.lr * (*m / self.c1) / ((*v / self.c2).sqrt() + EPSILON)
    }
}

impl Adam {
    /// Fresh moments for `hidden` neurons, `buckets` output buckets and `king_buckets` king
    /// buckets.
    pub fn new(net: &FloatNetwork) -> Adam {
        let zeros = || FloatNetwork::zeros(net.variant, net.hidden, net.buckets, net.king_buckets);
        Adam {
            m: zeros(),
            v: zeros(),
            steps: 0,
        }
    }

    /// One step with the mean of the summed gradients `grads` over `count` positions; then
    /// clips `w1`, `b1` and `w2` to `±WEIGHT_LIMIT` (the output bias is stored as an `i32` and
    /// is not clipped).
    pub fn step(&mut self, net: &mut FloatNetwork, grads: &[Gradient], count: usize, lr: f32) {
        self.steps += 1;
        let step = Step {
            lr,
            c1: 1.0 - BETA1.powi(self.steps),
            c2: 1.0 - BETA2.powi(self.steps),
        };
        let inv = 1.0 / count.max(1) as f32;
        let clip = |w: f32| w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
        let chunk = 16 * net.hidden;
        net.w1
            .par_chunks_mut(chunk)
            .zip(self.m.w1.par_chunks_mut(chunk))
            .zip(self.v.w1.par_chunks_mut(chunk))
            .enumerate()
            .for_each(|(c, ((w, m), v))| {
                for j in 0..w.len() {
                    let g: f32 = grads.iter().map(|g| g.w1[c * chunk + j]).sum::<f32>() * inv;
                    w[j] = clip(step.apply(w[j], &mut m[j], &mut v[j], g));
                }
            });
        let small =
            |w: &mut [f32], m: &mut [f32], v: &mut [f32], pick: &dyn Fn(&Gradient) -> &[f32]| {
                for j in 0..w.len() {
                    let g: f32 = grads.iter().map(|g| pick(g)[j]).sum::<f32>() * inv;
                    w[j] = clip(step.apply(w[j], &mut m[j], &mut v[j], g));
                }
            };
        small(&mut net.b1, &mut self.m.b1, &mut self.v.b1, &|g| &g.b1);
        small(&mut net.w2, &mut self.m.w2, &mut self.v.w2, &|g| &g.w2);
        for b in 0..net.b2.len() {
            let g = (grads.iter().map(|g| g.b2[b]).sum::<f64>() as f32) * inv;
            net.b2[b] = step.apply(net.b2[b], &mut self.m.b2[b], &mut self.v.b2[b], g);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::nnue::FeatureSet;
    use movegen::{Color, Position};

    fn features(pos: &Position, view: Color, king_buckets: usize) -> Vec<usize> {
        FeatureSet::of(Variant::Chess).active(pos, view, king_buckets)
    }

    /// Appends `fen` with target `t`, given as the score whose σ(score / 400) it is.
    fn push_target(data: &mut Positions, fen: &str, t: f32) {
        let pos = Position::from_fen(Variant::Chess, fen).unwrap();
        let stm = pos.side_to_move();
        let score = (400.0 * (t / (1.0 - t)).ln()).round() as i16;
        data.push(
            &features(&pos, stm, 1),
            &features(&pos, stm.opposite(), 1),
            score,
            0,
            0,
        );
    }

    /// A few positions of varied material, and their targets.
    fn positions() -> Positions {
        let fens = [
            (
                "r1bqkb1r/p1ppppp1/p7/5n1p/8/NPP1P3/P2P1PPP/R1BQK1NR w KQkq - 0 6",
                0.7,
            ),
            ("4k3/8/8/3q4/8/8/3PP3/3QK3 b - - 0 1", 0.2),
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                0.5,
            ),
            ("8/5k2/8/8/2R5/8/1K6/8 w - - 0 1", 0.95),
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 0.4),
            ("r2qk2r/ppp2ppp/8/8/8/8/PPP2PPP/R2QK2R w KQkq - 0 1", 0.55),
        ];
        let mut data = Positions::default();
        for (fen, t) in fens {
            push_target(&mut data, fen, t);
        }
        data.set_targets(1.0, 400.0);
        data
    }

    /// The loss of position `i` in f64, straight from the definition, with the parameters of
    /// `net` as f64 and one of them changed by `delta` (`which` picks it).
    fn loss64(net: &FloatNetwork, data: &Positions, i: usize, k: f64, tweak: (Param, f64)) -> f64 {
        let h = net.hidden;
        let get = |p: Param| -> f64 {
            let base = match p {
                Param::W1(j) => net.w1[j],
                Param::B1(j) => net.b1[j],
                Param::W2(j) => net.w2[j],
                Param::B2(b) => net.b2[b],
            };
            f64::from(base) + if p == tweak.0 { tweak.1 } else { 0.0 }
        };
        let (us, them) = data.views(i);
        let hidden = |view: &[u16]| -> Vec<f64> {
            (0..h)
                .map(|j| {
                    let acc = get(Param::B1(j))
                        + view
                            .iter()
                            .map(|&f| get(Param::W1(f as usize * h + j)))
                            .sum::<f64>();
                    acc.clamp(0.0, 1.0)
                })
                .collect()
        };
        let (hu, ht) = (hidden(us), hidden(them));
        // The bucket by hand: (pieces - 2) * 3 / 31 is 0 for 2-12 pieces, 1 for 13-22, else 2.
        assert_eq!(net.buckets, 3);
        let b = match us.len() {
            ..=12 => 0,
            13..=22 => 1,
            _ => 2,
        };
        let o = 2 * h * b;
        let out = (0..h)
            .map(|j| hu[j] * get(Param::W2(o + j)) + ht[j] * get(Param::W2(o + h + j)))
            .sum::<f64>()
            + get(Param::B2(b));
        let p = 1.0 / (1.0 + (-out * k).exp());
        (p - f64::from(data.target(i))).powi(2)
    }

    #[derive(Clone, Copy, PartialEq, Debug)]
    enum Param {
        W1(usize),
        B1(usize),
        W2(usize),
        B2(usize),
    }

    #[test]
    fn the_backward_pass_matches_finite_differences() {
        let hidden = 6;
        let buckets = 3;
        let mut net = init(Variant::Chess, hidden, buckets, 7);
        // Larger weights than the initialisation, so some neurons clip at 0 and some at 1.
        net.w1.iter_mut().for_each(|w| *w *= 3.0);
        net.b1 = vec![0.3, -0.2, 0.5, 0.1, 0.9, -0.4];
        net.w2.iter_mut().for_each(|w| *w *= 8.0);
        net.b2 = vec![0.05, -0.1, 0.2];
        let data = positions();
        let k = 1.3f32;
        // No accumulator may sit near a clip boundary, or the numeric gradient is meaningless.
        let mut s = Scratch::new(hidden);
        let (mut clipped, mut inside) = (0, 0);
        for i in 0..data.len() {
            forward(&net, &data, i, &mut s);
            for &a in s.us.iter().chain(&s.them) {
                assert!(a.abs() > 1e-3 && (a - 1.0).abs() > 1e-3, "accumulator {a}");
                if (0.0..1.0).contains(&a) {
                    inside += 1;
                } else {
                    clipped += 1;
                }
            }
        }
        assert!(
            clipped > 5 && inside > 5,
            "{clipped} clipped, {inside} inside"
        );
        let mut g = Gradient::zeros(&net);
        for i in 0..data.len() {
            g.add(&net, &data, (i, None), k, &mut s);
        }
        // Every bucket is used by some position.
        let used: std::collections::BTreeSet<usize> =
            (0..data.len()).map(|i| bucket(&net, &data, i)).collect();
        assert_eq!(used.len(), buckets);
        let mut params: Vec<Param> = (0..buckets).map(Param::B2).collect();
        for j in 0..hidden {
            params.push(Param::B1(j));
        }
        params.extend((0..2 * hidden * buckets).map(Param::W2));
        // Rows of inputs that are active (own king, enemy king, ...) and one that is not.
        for i in 0..data.len() {
            let (us, them) = data.views(i);
            for &f in us.iter().take(2).chain(them.iter().take(2)) {
                params.push(Param::W1(f as usize * hidden + i % hidden));
            }
        }
        params.push(Param::W1(0));
        let eps = 1e-5;
        for p in params {
            let numeric: f64 = (0..data.len())
                .map(|i| {
                    (loss64(&net, &data, i, f64::from(k), (p, eps))
                        - loss64(&net, &data, i, f64::from(k), (p, -eps)))
                        / (2.0 * eps)
                })
                .sum();
            let analytic = match p {
                Param::W1(j) => f64::from(g.w1[j]),
                Param::B1(j) => f64::from(g.b1[j]),
                Param::W2(j) => f64::from(g.w2[j]),
                Param::B2(b) => g.b2[b],
            };
            let tol = 1e-4 + 1e-3 * numeric.abs();
            assert!(
                (analytic - numeric).abs() <= tol,
                "{p:?}: analytic {analytic}, numeric {numeric}"
            );
        }
        let loss: f64 = (0..data.len())
            .map(|i| loss64(&net, &data, i, f64::from(k), (Param::B2(0), 0.0)))
            .sum();
        assert!((g.loss - loss).abs() < 1e-5, "{} vs {loss}", g.loss);
    }

    #[test]
    fn adam_moves_against_the_gradient_and_clips() {
        let mut net = FloatNetwork::zeros(Variant::Chess, 2, 2, 1);
        net.w1[0] = 1.979;
        let mut g = Gradient::zeros(&net);
        g.w1[0] = -1.0;
        g.w2[1] = 2.0;
        g.b2[1] = -3.0;
        let mut adam = Adam::new(&net);
        adam.step(&mut net, &[g.clone(), g], 2, 0.01);
        assert_eq!(net.w1[0], WEIGHT_LIMIT);
        assert!((net.w2[1] + 0.01).abs() < 1e-6, "{}", net.w2[1]);
        assert!((net.b2[1] - 0.01).abs() < 1e-6, "{}", net.b2[1]);
        assert_eq!(net.b2[0], 0.0);
        assert_eq!(net.w1[1], 0.0);
    }

    #[test]
    fn widening_keeps_the_function_and_gives_new_neurons_random_inputs() {
        let data = positions();
        let net = init(Variant::Chess, 8, 2, 5);
        let wide = widen(&net, 12, 9);
        assert_eq!((wide.hidden, wide.buckets), (12, 2));
        let (mut s, mut sw) = (Scratch::new(8), Scratch::new(12));
        for i in 0..data.len() {
            let (a, b) = (
                forward(&net, &data, i, &mut s),
                forward(&wide, &data, i, &mut sw),
            );
            assert!((a - b).abs() < 1e-5, "position {i}: {a} vs {b}");
        }
        // The new neurons' input weights are random, not zero: their activations reach the
        // output weights' gradient, so training can use them.
        assert!(wide
            .w1
            .chunks(12)
            .any(|row| row[8..].iter().any(|&w| w != 0.0)));
        assert!(wide
            .w2
            .chunks(12)
            .all(|half| half[8..].iter().all(|&w| w == 0.0)));
    }

    /// A FEN mirrored left to right (castling rights and en passant dropped).
    fn mirrored_fen(fen: &str) -> String {
        let mut fields = fen.split(' ');
        let board: Vec<String> = fields
            .next()
            .unwrap()
            .split('/')
            .map(|rank| rank.chars().rev().collect())
            .collect();
        let side = fields.next().unwrap();
        format!("{} {side} - - 0 1", board.join("/"))
    }

    #[test]
    fn learning_a_mirrored_position_is_learning_its_mirror_image() {
        let fen = "r1bqkb1r/p1ppppp1/p7/5n1p/8/NPP1P3/P2P1PPP/R1BQK1NR w KQkq - 0 6";
        let mut data = Positions::default();
        push_target(&mut data, fen, 0.7);
        push_target(&mut data, &mirrored_fen(fen), 0.7);
        data.set_targets(1.0, 400.0);
        let table = FeatureSet::of(Variant::Chess).mirror_table();
        let mut net = init(Variant::Chess, 6, 2, 5);
        net.w1.iter_mut().for_each(|w| *w *= 3.0);
        let mut s = Scratch::new(6);
        let mut flipped = Gradient::zeros(&net);
        flipped.add(&net, &data, (0, Some(&table)), 1.0, &mut s);
        let mut image = Gradient::zeros(&net);
        image.add(&net, &data, (1, None), 1.0, &mut s);
        // Equal but for the order of the float sums (the inputs come in another order).
        let close = |a: &[f32], b: &[f32]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-6);
        assert!((flipped.loss - image.loss).abs() < 1e-9);
        assert!(close(&flipped.w1, &image.w1));
        assert!(close(&flipped.w2, &image.w2));
        assert!(flipped.w1.iter().filter(|&&g| g != 0.0).count() > 20);
        // And the position as is teaches something else: the network is not symmetric.
        let mut plain = Gradient::zeros(&net);
        plain.add(&net, &data, (0, None), 1.0, &mut s);
        assert!(!close(&plain.w1, &image.w1));
    }
}

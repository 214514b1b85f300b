//! The trainer behind `tauler train` (`docs/train.md`): a float copy of the
//! network, fitted by minibatch AdamW to a blend of the game's result and
//! the search's score, then quantised.
//!
//! Hand-written rather than built on a tensor crate (the comparison is in
//! `docs/train.md`): the first layer is sparse — some fifty active inputs
//! of three thousand — so a forward pass is a sum of fifty columns, and
//! its gradient touches only those columns.
//!
//! Reproducible: the same samples, configuration and seed give
//! bit-identical weights. The initial weights and the order of the
//! samples come from one seeded generator; a minibatch is cut into chunks
//! of a fixed size whose gradients are computed in parallel (rayon) and
//! summed in chunk order, so the floating-point sums never depend on the
//! threads' timing or number.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use thiserror::Error;

use super::{FeatureSet, Network, QA, QB};
use crate::splitmix::splitmix64;

/// Samples in one chunk of a minibatch, whose gradient one task computes.
const CHUNK: usize = 128;
/// Every weight stays within ±`CLIP`, so that quantised sums fit `i16`.
const CLIP: f32 = 1.98;

/// One training position: its active features from each seat's
/// perspective, the seat to move and its labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Active features from the first seat's perspective, then the second's.
    pub features: [Vec<u16>; 2],
    /// The seat to move, 0 or 1.
    pub side: u8,
    /// The search score from the side to move's view, centipawns.
    pub score: i16,
    /// The game's result for the side to move, in quarter points (0..=4).
    pub result: u8,
    /// The game it comes from (the validation split keeps games whole).
    pub game: u32,
    /// The evaluation a residual network corrects (the classic one, side
    /// to move's view, centipawns): the prediction is `sigmoid((base +
    /// output · scale) / scale)`. 0 for a network that evaluates alone.
    pub base: i16,
    /// A reflection of a recorded position (`tauler train --reflect`):
    /// trained on, never validated on, so that the validation positions
    /// are the recorded ones whatever the flag.
    pub reflection: bool,
}

/// The trainer's settings (the flags of `tauler train`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// The accumulator's width (a multiple of 16).
    pub hidden: usize,
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions a minibatch.
    pub batch: usize,
    /// AdamW's learning rate (decayed by a cosine to a tenth).
    pub learning_rate: f32,
    /// AdamW's decoupled weight decay.
    pub weight_decay: f32,
    /// The search score's share of the target (the game result's is
    /// `1 − lambda`).
    pub lambda: f32,
    /// Centipawns per sigmoid unit: the target of a score `s` is
    /// `sigmoid(s / scale)`, and the network's output times `scale` is
    /// its evaluation.
    pub scale: f32,
    /// The share of games held out for validation.
    pub validation: f32,
    /// The seed of the initial weights, the order and the split.
    pub seed: u64,
}

/// One epoch's losses (mean squared error of the sigmoid outputs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// From 1.
    pub epoch: u32,
    /// Over the training positions, as they were fitted.
    pub train_loss: f64,
    /// Over the held-out positions after the epoch (NaN without any).
    pub validation_loss: f64,
}

/// Why training could not run.
#[derive(Debug, Error, PartialEq)]
pub enum TrainError {
    /// Nothing to train on.
    #[error("no training positions (the validation split took all {0})")]
    NoTrainingData(usize),
    /// A feature beyond the network's inputs.
    #[error("a sample has feature {feature}, the network has {inputs} inputs")]
    Feature {
        /// The feature.
        feature: u16,
        /// Inputs a perspective.
        inputs: usize,
    },
    /// A hidden width the quantised kernels cannot take.
    #[error("hidden width {0} is not a multiple of 16")]
    Hidden(usize),
}

/// The network in floating point, as trained.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    /// Inputs of one perspective.
    pub inputs: usize,
    /// Cells of the board: input `f`'s man, whatever its cell, is the
    /// factor row `inputs + f / cells`.
    pub cells: usize,
    /// The accumulator's width.
    pub hidden: usize,
    /// Feature-major first layer: a row per input, then a factor row per
    /// kind of man and side (`(inputs + inputs / cells) × hidden`).
    pub w1: Vec<f32>,
    /// First-layer biases.
    pub b1: Vec<f32>,
    /// Output weights: the side to move's half, then the other's.
    pub w2: Vec<f32>,
    /// Output bias.
    pub b2: f32,
}

/// The logistic function.
#[must_use]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Sample {
    /// The training target: `lambda · sigmoid(score / scale) + (1 −
    /// lambda) · result`.
    #[must_use]
    pub fn target(&self, lambda: f32, scale: f32) -> f32 {
        lambda * sigmoid(f32::from(self.score) / scale)
            + (1.0 - lambda) * f32::from(self.result) / 4.0
    }

    /// The base in sigmoid units.
    fn offset(&self, scale: f32) -> f32 {
        f32::from(self.base) / scale
    }

    fn ours(&self) -> (&[u16], &[u16]) {
        let side = usize::from(self.side & 1);
        (&self.features[side], &self.features[side ^ 1])
    }
}

/// The gradient of a chunk, or of a minibatch.
struct Gradient {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
    loss: f64,
}

impl Gradient {
    fn zero(net: &FloatNetwork) -> Self {
        Gradient {
            w1: vec![0.0; net.w1.len()],
            b1: vec![0.0; net.hidden],
            w2: vec![0.0; 2 * net.hidden],
            b2: 0.0,
            loss: 0.0,
        }
    }

    fn add(&mut self, other: &Gradient) {
        let pairs = self
            .w1
            .iter_mut()
            .zip(&other.w1)
            .chain(self.b1.iter_mut().zip(&other.b1))
            .chain(self.w2.iter_mut().zip(&other.w2));
        for (a, b) in pairs {
            *a += b;
        }
        self.b2 += other.b2;
        self.loss += other.loss;
    }
}

impl FloatNetwork {
    /// Random initial weights for `set`'s inputs from `seed` (the factor
    /// rows start at zero).
    #[must_use]
    pub fn new(set: &FeatureSet, hidden: usize, seed: u64) -> Self {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let spread = 1.0 / (2.0 * hidden as f32).sqrt();
        let inputs = set.inputs();
        let factors = inputs / set.cells.max(1);
        FloatNetwork {
            inputs,
            cells: set.cells.max(1),
            hidden,
            w1: (0..inputs * hidden)
                .map(|_| rng.gen_range(-0.1..0.1))
                .chain(std::iter::repeat_n(0.0, factors * hidden))
                .collect(),
            b1: vec![0.0; hidden],
            w2: (0..2 * hidden)
                .map(|_| rng.gen_range(-spread..spread))
                .collect(),
            b2: 0.0,
        }
    }

    /// The rows of the first layer input `f` activates: its own and its
    /// man's factor row, shared by every cell. The factor learns what a
    /// man is worth wherever it stands, from every position it appears
    /// in, and the cells' rows only how a cell differs; quantising folds
    /// it into each cell's column (the "factoriser" of NNUE trainers).
    fn rows(&self, f: u16) -> [usize; 2] {
        let f = usize::from(f);
        [f, self.inputs + f / self.cells]
    }

    /// One perspective's accumulator: the biases plus the active columns.
    fn accumulate(&self, features: &[u16]) -> Vec<f32> {
        let mut acc = self.b1.clone();
        for row in features.iter().flat_map(|&f| self.rows(f)) {
            let column = &self.w1[row * self.hidden..][..self.hidden];
            for (a, w) in acc.iter_mut().zip(column) {
                *a += w;
            }
        }
        acc
    }

    /// The output (sigmoid units; times the scale, centipawns) from the
    /// side to move's active features `us` and the other's `them`.
    #[must_use]
    pub fn evaluate(&self, us: &[u16], them: &[u16]) -> f32 {
        let (w_us, w_them) = self.w2.split_at(self.hidden);
        let half = |features: &[u16], weights: &[f32]| -> f32 {
            self.accumulate(features)
                .iter()
                .zip(weights)
                .map(|(a, w)| a.clamp(0.0, 1.0) * w)
                .sum()
        };
        half(us, w_us) + half(them, w_them) + self.b2
    }

    /// The most the quantised network's evaluation of a position can
    /// differ from this one's, in centipawns, for a position whose
    /// perspectives have `us` and `them` active features: each rounded
    /// weight is off by at most half a step, so an accumulator by
    /// `(n + 1) / 2QA`, the output by the sum over both halves of `|w2| ·`
    /// that plus `h / 2QB` for each clipped value `h` (at most 1 each),
    /// plus half a step of the bias; one more centipawn for the integer
    /// division.
    #[must_use]
    pub fn quantisation_bound(&self, us: usize, them: usize, scale: f32) -> f32 {
        let (w_us, w_them) = self.w2.split_at(self.hidden);
        let step = |n: usize| (n as f32 + 1.0) / (2.0 * QA as f32);
        let weights = |w: &[f32]| w.iter().map(|w| w.abs()).sum::<f32>();
        let output = weights(w_us) * step(us)
            + weights(w_them) * step(them)
            + (2 * self.hidden) as f32 / (2.0 * QB as f32)
            + 1.0 / (2.0 * (QA * QB) as f32);
        scale * output + 1.0
    }

    /// Adds the gradient of the squared error on `sample` to `grad`.
    fn backward(&self, sample: &Sample, config: &TrainConfig, grad: &mut Gradient) {
        let target = sample.target(config.lambda, config.scale);
        let (us, them) = sample.ours();
        let acc = [self.accumulate(us), self.accumulate(them)];
        let (w_us, w_them) = self.w2.split_at(self.hidden);
        let out: f32 = acc[0]
            .iter()
            .zip(w_us)
            .chain(acc[1].iter().zip(w_them))
            .map(|(a, w)| a.clamp(0.0, 1.0) * w)
            .sum::<f32>()
            + self.b2
            + sample.offset(config.scale);
        let predicted = sigmoid(out);
        let error = predicted - target;
        grad.loss += f64::from(error * error);
        let g = 2.0 * error * predicted * (1.0 - predicted);
        grad.b2 += g;
        for (half, (features, acc)) in [us, them].into_iter().zip(&acc).enumerate() {
            let weights = &self.w2[half * self.hidden..][..self.hidden];
            let mut delta = vec![0.0f32; self.hidden];
            for i in 0..self.hidden {
                let a = acc[i];
                grad.w2[half * self.hidden + i] += g * a.clamp(0.0, 1.0);
                if a > 0.0 && a < 1.0 {
                    delta[i] = g * weights[i];
                }
            }
            for (b, d) in grad.b1.iter_mut().zip(&delta) {
                *b += d;
            }
            for row in features.iter().flat_map(|&f| self.rows(f)) {
                let column = &mut grad.w1[row * self.hidden..][..self.hidden];
                for (c, d) in column.iter_mut().zip(&delta) {
                    *c += d;
                }
            }
        }
    }

    /// The quantised network (see [`super::format`] for the scales), each
    /// input's column with its factor row folded in; `residual` when it
    /// was trained on samples with a base (a correction of the classic
    /// evaluation).
    #[must_use]
    pub fn quantise(&self, set: &FeatureSet, scale: f32, residual: bool) -> Network {
        let round = |v: f32, by: i32| (v * by as f32).round() as i16;
        let w1 = (0..self.inputs * self.hidden).map(|i| {
            let (f, unit) = (i / self.hidden, i % self.hidden);
            let factor = self.inputs + f / self.cells;
            round(self.w1[i] + self.w1[factor * self.hidden + unit], QA)
        });
        Network {
            game: set.game.to_string(),
            features: set.name.to_string(),
            inputs: self.inputs,
            hidden: self.hidden,
            scale: scale.round() as i32,
            w1: w1.collect(),
            b1: self.b1.iter().map(|&b| round(b, QA)).collect(),
            w2: self.w2.iter().map(|&w| round(w, QB)).collect(),
            b2: (self.b2 * (QA * QB) as f32).round() as i32,
            residual,
        }
    }
}

/// The mean loss of `net` over `samples`.
fn mean_loss(net: &FloatNetwork, samples: &[&Sample], config: &TrainConfig) -> f64 {
    let total: f64 = samples
        .par_chunks(CHUNK)
        .map(|chunk| {
            chunk
                .iter()
                .map(|s| {
                    let (us, them) = s.ours();
                    let predicted = sigmoid(net.evaluate(us, them) + s.offset(config.scale));
                    f64::from((predicted - s.target(config.lambda, config.scale)).powi(2))
                })
                .sum::<f64>()
        })
        .collect::<Vec<_>>()
        .into_iter()
        .sum();
    total / samples.len().max(1) as f64
}

/// Whether `sample` is a validation position: a recorded position (not
/// a reflection) of a held-out game.
#[must_use]
pub fn validates(sample: &Sample, config: &TrainConfig) -> bool {
    !sample.reflection && held_out(sample.game, config)
}

/// Whether `game` is held out for validation.
#[must_use]
pub fn held_out(game: u32, config: &TrainConfig) -> bool {
    let (_, draw) = splitmix64(config.seed ^ splitmix64(u64::from(game)).1);
    ((draw >> 11) as f64 / (1u64 << 53) as f64) < f64::from(config.validation)
}

/// AdamW's moments.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    steps: i32,
}

impl Adam {
    fn step(&mut self, weights: &mut [&mut f32], grads: &[f32], lr: f32, decay: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.steps += 1;
        let c1 = 1.0 - B1.powi(self.steps);
        let c2 = 1.0 - B2.powi(self.steps);
        for (((w, &g), m), v) in weights
            .iter_mut()
            .zip(grads)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            let update = (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            **w = (**w - lr * (update + decay * **w)).clamp(-CLIP, CLIP);
        }
    }
}

/// Trains a network on `samples` for `set` and reports each epoch; returns
/// the weights of the epoch with the least validation loss (the last
/// epoch's without validation positions).
///
/// # Errors
/// No training positions left after the split, a feature out of range, a
/// bad hidden width.
pub fn train(
    samples: &[Sample],
    set: &FeatureSet,
    config: &TrainConfig,
    mut report: impl FnMut(EpochReport),
) -> Result<FloatNetwork, TrainError> {
    if config.hidden == 0 || !config.hidden.is_multiple_of(16) {
        return Err(TrainError::Hidden(config.hidden));
    }
    let inputs = set.inputs();
    if let Some(&feature) = samples
        .iter()
        .flat_map(|s| s.features.iter().flatten())
        .find(|&&f| usize::from(f) >= inputs)
    {
        return Err(TrainError::Feature { feature, inputs });
    }
    let validation: Vec<&Sample> = samples.iter().filter(|s| validates(s, config)).collect();
    let mut training: Vec<&Sample> = samples
        .iter()
        .filter(|s| !held_out(s.game, config))
        .collect();
    if training.is_empty() {
        return Err(TrainError::NoTrainingData(samples.len()));
    }
    let mut net = FloatNetwork::new(set, config.hidden, config.seed);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(splitmix64(config.seed).1);
    let parameters = net.w1.len() + net.b1.len() + net.w2.len() + 1;
    let mut adam = Adam {
        m: vec![0.0; parameters],
        v: vec![0.0; parameters],
        steps: 0,
    };
    let mut flat = vec![0.0f32; parameters];
    let mut best: Option<(f64, FloatNetwork)> = None;
    for epoch in 1..=config.epochs {
        let progress = f64::from(epoch - 1) / f64::from(config.epochs.max(1));
        let lr = config.learning_rate
            * (0.1 + 0.9 * 0.5 * (1.0 + (std::f64::consts::PI * progress).cos())) as f32;
        training.shuffle(&mut rng);
        let mut loss = 0.0;
        for batch in training.chunks(config.batch) {
            let chunks: Vec<Gradient> = batch
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut grad = Gradient::zero(&net);
                    for sample in chunk {
                        net.backward(sample, config, &mut grad);
                    }
                    grad
                })
                .collect();
            let mut chunks = chunks.into_iter();
            let Some(mut total) = chunks.next() else {
                continue;
            };
            for chunk in chunks {
                total.add(&chunk);
            }
            loss += total.loss;
            let n = batch.len() as f32;
            for (slot, g) in flat.iter_mut().zip(
                total
                    .w1
                    .iter()
                    .chain(&total.b1)
                    .chain(&total.w2)
                    .chain(std::iter::once(&total.b2)),
            ) {
                *slot = g / n;
            }
            let mut weights: Vec<&mut f32> = net
                .w1
                .iter_mut()
                .chain(net.b1.iter_mut())
                .chain(net.w2.iter_mut())
                .chain(std::iter::once(&mut net.b2))
                .collect();
            adam.step(&mut weights, &flat, lr, config.weight_decay);
        }
        let validation_loss = if validation.is_empty() {
            f64::NAN
        } else {
            mean_loss(&net, &validation, config)
        };
        if best
            .as_ref()
            .is_none_or(|(loss, _)| validation_loss < *loss)
        {
            best = Some((validation_loss, net.clone()));
        }
        report(EpochReport {
            epoch,
            train_loss: loss / training.len() as f64,
            validation_loss,
        });
    }
    Ok(match best {
        Some((_, kept)) if !validation.is_empty() => kept,
        _ => net,
    })
}

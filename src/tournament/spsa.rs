//! SPSA (simultaneous perturbation stochastic approximation) as fishtest
//! runs it, the algorithm alone: at iteration `k` (from 1) every parameter
//! is perturbed by `±c_k` (a Rademacher sign per parameter), the two
//! perturbed players meet, and each parameter moves by
//! `a_k / c_k · result · sign`, where `result` is the games the `+` side
//! won minus those it lost; values stay within `[min, max]`.
//!
//! The gains follow fishtest: `c_k = c / k^γ`, `a_k = a / (A + k)^α` with
//! `γ = 0.101`, `α = 0.602` and `A` a tenth of the iterations; `c` and `a`
//! are set from each parameter's end-of-run perturbation `c_end` and
//! learning rate `r_end` (`a_end = r_end · c_end²`), so that iteration `N`
//! has exactly those.

use crate::engine::Tunable;

use super::seeds::{derive, Stream};

/// The decay exponent of the perturbation.
pub const GAMMA: f64 = 0.101;
/// The decay exponent of the step.
pub const ALPHA: f64 = 0.602;

/// The gains of one parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Gains {
    c: f64,
    a: f64,
    min: f64,
    max: f64,
}

/// The schedule of a run: the parameters' gains over `iterations`.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    gains: Vec<Gains>,
    iterations: u32,
    stability: f64,
    seed: u64,
}

/// One iteration's perturbation and the two points played.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration, from 1.
    pub iteration: u32,
    /// `+1` or `−1` per parameter.
    pub signs: Vec<f64>,
    /// `θ + c_k·signs`, within the bounds.
    pub plus: Vec<f64>,
    /// `θ − c_k·signs`, within the bounds.
    pub minus: Vec<f64>,
}

impl Spsa {
    /// The schedule for `tunables` over `iterations` (at least 1), its
    /// perturbations drawn from `seed`.
    #[must_use]
    pub fn new(tunables: &[Tunable], iterations: u32, seed: u64) -> Self {
        let n = f64::from(iterations.max(1));
        let stability = 0.1 * n;
        let gains = tunables
            .iter()
            .map(|t| {
                let range = t.range;
                let a_end = range.r_end * range.c_end * range.c_end;
                Gains {
                    c: range.c_end * n.powf(GAMMA),
                    a: a_end * (stability + n).powf(ALPHA),
                    min: range.min,
                    max: range.max,
                }
            })
            .collect();
        Self {
            gains,
            iterations: iterations.max(1),
            stability,
            seed,
        }
    }

    /// The iterations of the run.
    #[must_use]
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// The perturbation size `c_k` of each parameter at iteration `k`.
    #[must_use]
    pub fn c_k(&self, k: u32) -> Vec<f64> {
        let k = f64::from(k.max(1));
        self.gains.iter().map(|g| g.c / k.powf(GAMMA)).collect()
    }

    /// The step gain `a_k` of each parameter at iteration `k`.
    #[must_use]
    pub fn a_k(&self, k: u32) -> Vec<f64> {
        let k = f64::from(k.max(1));
        self.gains
            .iter()
            .map(|g| g.a / (self.stability + k).powf(ALPHA))
            .collect()
    }

    /// The Rademacher signs of iteration `k`, one per parameter, from the
    /// run's seed (the same on every run and resume).
    #[must_use]
    pub fn signs(&self, k: u32) -> Vec<f64> {
        let mut bits = derive(self.seed, Stream::Spsa, u64::from(k));
        (0..self.gains.len())
            .map(|i| {
                if i > 0 && i % 64 == 0 {
                    bits = derive(bits, Stream::Spsa, i as u64);
                }
                if bits >> (i % 64) & 1 == 1 {
                    1.0
                } else {
                    -1.0
                }
            })
            .collect()
    }

    /// The points iteration `k` plays around `theta`.
    #[must_use]
    pub fn perturb(&self, theta: &[f64], k: u32) -> Perturbation {
        let signs = self.signs(k);
        let c = self.c_k(k);
        let shifted = |direction: f64| -> Vec<f64> {
            self.gains
                .iter()
                .zip(theta)
                .zip(signs.iter().zip(&c))
                .map(|((g, &t), (&s, &c))| (t + direction * c * s).clamp(g.min, g.max))
                .collect()
        };
        Perturbation {
            iteration: k,
            plus: shifted(1.0),
            minus: shifted(-1.0),
            signs,
        }
    }

    /// `theta` after iteration `k`, whose `+` side won `result` games more
    /// than it lost.
    #[must_use]
    pub fn update(&self, theta: &[f64], perturbation: &Perturbation, result: f64) -> Vec<f64> {
        let k = perturbation.iteration;
        let (a, c) = (self.a_k(k), self.c_k(k));
        self.gains
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let step = a[i] / c[i] * result * perturbation.signs[i];
                (theta[i] + step).clamp(g.min, g.max)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::TuneRange;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn tunable(name: &str, start: f64, min: f64, max: f64, c_end: f64) -> Tunable {
        Tunable {
            name: name.into(),
            start,
            integer: false,
            range: TuneRange {
                min,
                max,
                c_end,
                r_end: 0.02,
            },
        }
    }

    #[test]
    fn the_last_iteration_has_the_end_gains() {
        let tunables = [tunable("x", 100.0, 0.0, 300.0, 10.0)];
        let spsa = Spsa::new(&tunables, 500, 1);
        let (c, a) = (spsa.c_k(500)[0], spsa.a_k(500)[0]);
        assert!((c - 10.0).abs() < 1e-9, "{c}");
        assert!((a - 0.02 * 100.0).abs() < 1e-9, "{a}");
        assert!(spsa.c_k(1)[0] > c && spsa.a_k(1)[0] > a, "gains decay");
    }

    #[test]
    fn signs_are_balanced_and_reproducible() {
        let tunables: Vec<Tunable> = (0..70)
            .map(|i| tunable(&format!("p{i}"), 0.0, -1.0, 1.0, 0.1))
            .collect();
        let spsa = Spsa::new(&tunables, 100, 9);
        assert_eq!(spsa.signs(3), Spsa::new(&tunables, 100, 9).signs(3));
        assert_ne!(spsa.signs(3), spsa.signs(4));
        let plus: usize = (1..=100)
            .map(|k| spsa.signs(k).iter().filter(|&&s| s > 0.0).count())
            .sum();
        assert!((3000..4000).contains(&plus), "{plus} of 7000 signs are +1");
    }

    #[test]
    fn perturbations_and_steps_stay_within_bounds() {
        let tunables = [tunable("x", 1.0, 0.0, 2.0, 5.0)];
        let spsa = Spsa::new(&tunables, 10, 3);
        let p = spsa.perturb(&[1.0], 1);
        assert_eq!(
            (p.plus[0].max(p.minus[0]), p.plus[0].min(p.minus[0])),
            (2.0, 0.0)
        );
        let after = spsa.update(&[1.0], &p, 1000.0);
        assert!(after[0] == 0.0 || after[0] == 2.0, "{after:?}");
    }

    /// A noisy match between two settings of three parameters: the `+`
    /// side wins a game with a probability that grows with how much closer
    /// to the optimum it is (a logistic model of Elo), draws being likely;
    /// SPSA must walk from a far start to near the optimum.
    #[test]
    fn spsa_converges_on_a_noisy_objective() {
        let optimum = [120.0, 30.0, 8.0];
        let scale = [60.0, 20.0, 5.0];
        let tunables = [
            tunable("a", 40.0, 0.0, 300.0, 8.0),
            tunable("b", 70.0, 0.0, 100.0, 3.0),
            tunable("c", 1.0, 0.0, 20.0, 0.8),
        ];
        let strength = |theta: &[f64]| -> f64 {
            -theta
                .iter()
                .zip(optimum.iter().zip(&scale))
                .map(|(t, (o, s))| ((t - o) / s).powi(2))
                .sum::<f64>()
        };
        let iterations = 2000;
        let spsa = Spsa::new(&tunables, iterations, 11);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut theta: Vec<f64> = tunables.iter().map(|t| t.start).collect();
        let start_error = -strength(&theta);
        for k in 1..=iterations {
            let p = spsa.perturb(&theta, k);
            let edge = strength(&p.plus) - strength(&p.minus);
            let win = 1.0 / (1.0 + (-edge).exp());
            // Two games: each a win, a loss or (half the time) a draw.
            let result: f64 = (0..2)
                .map(|_| {
                    if rng.gen_bool(0.5) {
                        0.0
                    } else if rng.gen_bool(win) {
                        1.0
                    } else {
                        -1.0
                    }
                })
                .sum();
            theta = spsa.update(&theta, &p, result);
        }
        let end_error = -strength(&theta);
        assert!(
            end_error < 0.05 * start_error && end_error < 0.5,
            "from {start_error:.2} to {end_error:.2}: {theta:?}"
        );
    }
}

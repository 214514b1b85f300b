//! The generalized sequential probability ratio test (GSPRT): given the
//! score distribution so far, the log-likelihood ratio of H1 (the Elo
//! difference is `elo1`) against H0 (it is `elo0`), each hypothesis
//! represented by the maximum-likelihood distribution with that strength.
//!
//! Two models: logistic Elo, and normalized Elo (the default of fastchess
//! and OpenBench), which measures strength in standard deviations and so
//! does not depend on the draw rate.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::distribution::{mean_of, variance_of, ScoreDistribution};
use super::elo::{expected_score, NELO_SCALE};
use crate::bounds::{self, OutOfRange};

/// Empty cells are counted as this many samples, so that every cell keeps
/// some probability under both hypotheses.
pub const REGULARIZATION: f64 = 1e-3;

/// How the hypotheses' Elo bounds are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtModel {
    /// Normalized Elo (`(s − ½)/σ · 800/ln 10`).
    #[default]
    Normalized,
    /// Logistic Elo (`−400·log10(1/s − 1)`).
    Logistic,
}

impl SprtModel {
    /// Every model with its name (as written in files and on the command line).
    pub const ALL: &'static [(SprtModel, &'static str)] = &[
        (SprtModel::Normalized, "normalized"),
        (SprtModel::Logistic, "logistic"),
    ];

    /// The model's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(model, _)| *model == self)
            .map_or("", |(_, name)| name)
    }
}

/// A name that is no SPRT model's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown SPRT model `{0}` (known: normalized, logistic)")]
pub struct UnknownModel(pub String);

impl std::str::FromStr for SprtModel {
    type Err = UnknownModel;

    fn from_str(name: &str) -> Result<Self, UnknownModel> {
        Self::ALL
            .iter()
            .find(|(_, known)| *known == name)
            .map(|(model, _)| *model)
            .ok_or_else(|| UnknownModel(name.to_string()))
    }
}

/// What the test concludes so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SprtDecision {
    /// The LLR reached the lower bound: H0 accepted (H1 rejected).
    AcceptH0,
    /// The LLR reached the upper bound: H1 accepted (H0 rejected).
    AcceptH1,
    /// Neither bound reached: play on.
    Continue,
}

impl SprtDecision {
    /// `H0 accepted`, `H1 accepted` or `continue`.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            SprtDecision::AcceptH0 => "H0 accepted",
            SprtDecision::AcceptH1 => "H1 accepted",
            SprtDecision::Continue => "continue",
        }
    }
}

/// A test: two hypotheses and the error rates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// H0's Elo difference.
    pub elo0: f64,
    /// H1's Elo difference.
    pub elo1: f64,
    /// The false-positive rate (accepting H1 when H0 holds).
    pub alpha: f64,
    /// The false-negative rate (accepting H0 when H1 holds).
    pub beta: f64,
    /// How the Elo bounds are read.
    pub model: SprtModel,
}

/// The state of a test after some samples.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtState {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// Wald's lower bound `ln(β/(1−α))`.
    pub lower: f64,
    /// Wald's upper bound `ln((1−β)/α)`.
    pub upper: f64,
    /// The conclusion.
    pub decision: SprtDecision,
}

/// Why a test cannot be run.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum SprtError {
    /// An Elo bound is not a number or beyond the range.
    #[error(transparent)]
    Elo(#[from] OutOfRange),
    /// H0 is not below H1.
    #[error("{prefix}elo0 ({elo0}) must be below {prefix}elo1 ({elo1})")]
    Order {
        /// `--` for flags, nothing for file keys.
        prefix: String,
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
    /// An error rate outside `(0, ½)`.
    #[error("{key}: {value} is out of range (allowed strictly between 0 and 0.5)")]
    Rate {
        /// `alpha` or `beta`, as written.
        key: String,
        /// The value given.
        value: f64,
    },
}

impl Sprt {
    /// Checks the test: finite Elo bounds within ±1000 with `elo0 < elo1`,
    /// and error rates strictly between 0 and ½ (so that Wald's bounds lie
    /// on either side of 0). `prefix` is put before the key names (`--` for
    /// flags).
    pub fn check(&self, prefix: &str) -> Result<(), SprtError> {
        bounds::ELO.check(&format!("{prefix}elo0"), self.elo0)?;
        bounds::ELO.check(&format!("{prefix}elo1"), self.elo1)?;
        if self.elo0 >= self.elo1 {
            return Err(SprtError::Order {
                prefix: prefix.to_string(),
                elo0: self.elo0,
                elo1: self.elo1,
            });
        }
        for (key, value) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtError::Rate {
                    key: format!("{prefix}{key}"),
                    value,
                });
            }
        }
        Ok(())
    }

    /// Wald's bounds `(ln(β/(1−α)), ln((1−β)/α))`.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for `distribution`.
    #[must_use]
    pub fn llr(&self, distribution: &ScoreDistribution) -> f64 {
        if distribution.total() <= 0.0 {
            return 0.0;
        }
        let regular = distribution.regularized(REGULARIZATION);
        let observed = regular.probabilities();
        let values = regular.values();
        let (p0, p1) = match self.model {
            SprtModel::Logistic => (
                mle_logistic(values, &observed, expected_score(self.elo0)),
                mle_logistic(values, &observed, expected_score(self.elo1)),
            ),
            SprtModel::Normalized => {
                let per_sample = f64::from(regular.games_per_sample()).sqrt() / NELO_SCALE;
                (
                    mle_normalized(values, &observed, self.elo0 * per_sample),
                    mle_normalized(values, &observed, self.elo1 * per_sample),
                )
            }
        };
        let per_sample: f64 = observed
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(p, (q0, q1))| p * (q1 / q0).ln())
            .sum();
        regular.total() * per_sample
    }

    /// The LLR, the bounds and the decision for `distribution`. While the
    /// samples fall in fewer than two cells (one pair lost, or every pair
    /// drawn) their variance is nil and the GSPRT's estimate means nothing,
    /// so the test goes on whatever the LLR says: one lost first pair must
    /// not accept H0.
    #[must_use]
    pub fn state(&self, distribution: &ScoreDistribution) -> SprtState {
        let (lower, upper) = self.bounds();
        let llr = self.llr(distribution);
        let cells = distribution
            .probabilities()
            .iter()
            .filter(|&&p| p > 0.0)
            .count();
        let decision = if cells < 2 {
            SprtDecision::Continue
        } else if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        };
        SprtState {
            llr,
            lower,
            upper,
            decision,
        }
    }
}

/// The distribution closest to `observed` (maximum likelihood) with mean
/// `score`: `p_i = p̂_i / (1 + θ(a_i − s))`.
fn mle_logistic(values: &[f64], observed: &[f64], score: f64) -> Vec<f64> {
    let phi: Vec<f64> = values.iter().map(|a| a - score).collect();
    tilt(observed, &phi)
}

/// The maximum-likelihood distribution with `(μ − ½)/σ = t`, found by
/// fixed-point iteration from the observed distribution.
fn mle_normalized(values: &[f64], observed: &[f64], t: f64) -> Vec<f64> {
    let mut p = observed.to_vec();
    for _ in 0..100 {
        let mu = mean_of(values, &p);
        let sigma = variance_of(values, &p).sqrt();
        if sigma <= 0.0 {
            break;
        }
        let phi: Vec<f64> = values
            .iter()
            .map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)))
            .collect();
        let next = tilt(observed, &phi);
        let change = next
            .iter()
            .zip(&p)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    p
}

/// `p_i = p̂_i / (1 + θφ_i)` with θ solving `Σ p̂_i φ_i / (1 + θφ_i) = 0`
/// (by bisection; the sum falls strictly in θ between the poles).
fn tilt(observed: &[f64], phi: &[f64]) -> Vec<f64> {
    let sum = |theta: f64| -> f64 {
        observed
            .iter()
            .zip(phi)
            .map(|(p, f)| p * f / (1.0 + theta * f))
            .sum()
    };
    let mut low = f64::NEG_INFINITY;
    let mut high = f64::INFINITY;
    for &f in phi {
        if f > 0.0 {
            low = low.max(-1.0 / f);
        } else if f < 0.0 {
            high = high.min(-1.0 / f);
        }
    }
    // A hypothesis outside the observed range: the closest edge of the domain.
    let (mut low, mut high) = (low.max(-1e12), high.min(1e12));
    let span = high - low;
    low += span * 1e-15;
    high -= span * 1e-15;
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if sum(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let theta = 0.5 * (low + high);
    observed
        .iter()
        .zip(phi)
        .map(|(p, f)| p / (1.0 + theta * f))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn models_parse_by_name_and_unknown_names_list_the_known() {
        for &(model, name) in SprtModel::ALL {
            assert_eq!(name.parse::<SprtModel>(), Ok(model));
            assert_eq!(model.name(), name);
        }
        assert_eq!(
            "bayes".parse::<SprtModel>().unwrap_err().to_string(),
            "unknown SPRT model `bayes` (known: normalized, logistic)"
        );
    }

    #[test]
    fn samples_in_one_cell_decide_nothing() {
        for model in [SprtModel::Normalized, SprtModel::Logistic] {
            let sprt = Sprt {
                elo1: 20.0,
                ..test(model)
            };
            for counts in [[1, 0, 0, 0, 0], [0, 0, 4, 0, 0], [0, 0, 0, 0, 3]] {
                let state = sprt.state(&ScoreDistribution::pentanomial(counts));
                assert_eq!(
                    state.decision,
                    SprtDecision::Continue,
                    "{counts:?}: {state:?}"
                );
            }
            let lost = sprt.state(&ScoreDistribution::pentanomial([40, 5, 10, 0, 0]));
            assert_eq!(lost.decision, SprtDecision::AcceptH0);
        }
    }

    fn test(model: SprtModel) -> Sprt {
        Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
            model,
        }
    }

    #[test]
    fn tilted_distributions_have_the_asked_mean() {
        let values = [0.0, 0.5, 1.0];
        let observed = [0.2, 0.5, 0.3];
        let p = mle_logistic(&values, &observed, 0.6);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!((mean_of(&values, &p) - 0.6).abs() < 1e-9);
    }

    #[test]
    fn normalized_fixed_point_has_the_asked_t() {
        let values = [0.0, 0.25, 0.5, 0.75, 1.0];
        let observed = [0.05, 0.2, 0.5, 0.2, 0.05];
        let p = mle_normalized(&values, &observed, 0.1);
        let t = (mean_of(&values, &p) - 0.5) / variance_of(&values, &p).sqrt();
        assert!((t - 0.1).abs() < 1e-6, "{t}");
    }

    #[test]
    fn sprt_elo0_above_elo1_nan_or_coin_flip_rates_are_refused() {
        let good = test(SprtModel::Normalized);
        assert_eq!(good.check("--"), Ok(()));
        for (sprt, message) in [
            (
                Sprt {
                    elo0: 10.0,
                    elo1: 0.0,
                    ..good
                },
                "--elo0 (10) must be below --elo1 (0)",
            ),
            (
                Sprt {
                    elo1: f64::NAN,
                    ..good
                },
                "--elo1: NaN is out of range (allowed -1000 to 1000)",
            ),
            (
                Sprt {
                    elo0: f64::NEG_INFINITY,
                    ..good
                },
                "--elo0: -inf is out of range (allowed -1000 to 1000)",
            ),
            (
                Sprt { alpha: 0.5, ..good },
                "--alpha: 0.5 is out of range (allowed strictly between 0 and 0.5)",
            ),
            (
                Sprt {
                    beta: f64::NAN,
                    ..good
                },
                "--beta: NaN is out of range (allowed strictly between 0 and 0.5)",
            ),
        ] {
            assert_eq!(sprt.check("--").unwrap_err().to_string(), message);
        }
    }

    #[test]
    fn no_games_no_evidence() {
        let state = test(SprtModel::Normalized).state(&ScoreDistribution::pentanomial([0; 5]));
        assert_eq!(state.llr, 0.0);
        assert_eq!(state.decision, SprtDecision::Continue);
    }

    #[test]
    fn overwhelming_results_decide() {
        for model in [SprtModel::Normalized, SprtModel::Logistic] {
            let good = test(model).state(&ScoreDistribution::pentanomial([10, 100, 500, 300, 90]));
            assert_eq!(good.decision, SprtDecision::AcceptH1, "{model:?}");
            let bad = test(model).state(&ScoreDistribution::pentanomial([90, 300, 500, 100, 10]));
            assert_eq!(bad.decision, SprtDecision::AcceptH0, "{model:?}");
        }
    }
}

//! Elo from a score distribution: the logistic Elo with its 95% confidence
//! interval, the normalized Elo and the likelihood of superiority.

use super::distribution::ScoreDistribution;

/// The two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Normalized Elo per unit of `(s − ½)/σ`: `800 / ln 10`.
pub const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;

/// The logistic Elo difference that scores `score` on average:
/// `−400·log10(1/s − 1)` (±∞ at 1 and 0).
#[must_use]
pub fn logistic_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of an Elo difference: `1 / (1 + 10^(−elo/400))`.
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal cumulative distribution `Φ(x)`.
#[must_use]
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * (1.0 + libm::erf(x / std::f64::consts::SQRT_2))
}

/// What a score distribution says about the strength difference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The mean score per game.
    pub score: f64,
    /// The logistic Elo difference.
    pub elo: f64,
    /// Half the width of the 95% confidence interval of `elo`.
    pub margin: f64,
    /// The normalized Elo (`(s − ½)/σ_game · 800/ln 10`).
    pub nelo: f64,
    /// Likelihood of superiority, `Φ((s − ½)/se)`.
    pub los: f64,
    /// The standard error of the mean score.
    pub standard_error: f64,
}

impl EloEstimate {
    /// The estimate from `distribution` (`None` without samples).
    ///
    /// For game pairs the variance is that of the pair score; the normalized
    /// Elo divides by `√2·σ_pair`, the per-game deviation it stands for.
    #[must_use]
    pub fn from_distribution(distribution: &ScoreDistribution) -> Option<Self> {
        let score = distribution.mean()?;
        let variance = distribution.variance()?;
        let samples = distribution.total();
        let sigma = variance.sqrt();
        let standard_error = sigma / samples.sqrt();
        let elo = logistic_elo(score);
        let margin = (logistic_elo(score + Z95 * standard_error)
            - logistic_elo(score - Z95 * standard_error))
            / 2.0;
        let per_game_sigma = sigma * f64::from(distribution.games_per_sample()).sqrt();
        let nelo = (score - 0.5) / per_game_sigma * NELO_SCALE;
        let los = normal_cdf((score - 0.5) / standard_error);
        Some(Self {
            score,
            elo,
            margin,
            nelo,
            los,
            standard_error,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-300.0, -12.5, 0.0, 50.0, 400.0] {
            assert!((logistic_elo(expected_score(elo)) - elo).abs() < 1e-9);
        }
        assert_eq!(logistic_elo(0.5), 0.0);
        assert!(logistic_elo(1.0).is_infinite());
    }

    #[test]
    fn normal_cdf_known_points() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-15);
        assert!((normal_cdf(Z95) - 0.975).abs() < 1e-12);
    }

    #[test]
    fn an_even_match_is_zero_elo_and_a_coin_toss() {
        let e = EloEstimate::from_distribution(&ScoreDistribution::trinomial(5, 10, 5)).unwrap();
        assert_eq!(e.elo, 0.0);
        assert_eq!(e.los, 0.5);
        assert!(e.margin > 0.0);
    }
}

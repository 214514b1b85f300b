//! Score distributions: how often each score occurred, per game
//! (trinomial: loss, draw, win) or per game pair (pentanomial: LL, LD,
//! DD+WL, WD, WW). Every statistic of the tournament is computed from one.

/// Scores and how often each occurred.
///
/// Counts are `f64` so that empty cells can be regularized (GSPRT) and so
/// that games scoring between a draw and a win (C'escacs' ¾ stalemate) fit.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreDistribution {
    /// The distinct scores, each in `[0, 1]`.
    values: Vec<f64>,
    /// How often each score occurred.
    counts: Vec<f64>,
    /// Games behind one sample: 1 for single games, 2 for game pairs.
    games_per_sample: u32,
}

/// Pair scores of the pentanomial cells LL, LD, DD+WL, WD, WW.
pub const PENTANOMIAL_VALUES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Game scores of the trinomial cells L, D, W.
pub const TRINOMIAL_VALUES: [f64; 3] = [0.0, 0.5, 1.0];

impl ScoreDistribution {
    /// A distribution of `(score, count)` cells; a sample stands for
    /// `games_per_sample` games (its score is their average).
    #[must_use]
    pub fn new(cells: &[(f64, f64)], games_per_sample: u32) -> Self {
        Self {
            values: cells.iter().map(|&(value, _)| value).collect(),
            counts: cells.iter().map(|&(_, count)| count).collect(),
            games_per_sample: games_per_sample.max(1),
        }
    }

    /// Losses, draws and wins of single games.
    #[must_use]
    pub fn trinomial(losses: u64, draws: u64, wins: u64) -> Self {
        let counts = [losses, draws, wins];
        Self::new(
            &std::array::from_fn::<_, 3, _>(|i| (TRINOMIAL_VALUES[i], counts[i] as f64)),
            1,
        )
    }

    /// Game-pair counts LL, LD, DD+WL, WD, WW.
    #[must_use]
    pub fn pentanomial(counts: [u64; 5]) -> Self {
        Self::new(
            &std::array::from_fn::<_, 5, _>(|i| (PENTANOMIAL_VALUES[i], counts[i] as f64)),
            2,
        )
    }

    /// The distribution of individual sample scores (each in `[0, 1]`),
    /// cells merged when equal.
    #[must_use]
    pub fn from_scores(scores: &[f64], games_per_sample: u32) -> Self {
        let mut distribution = Self::new(&[], games_per_sample);
        for &score in scores {
            distribution.add(score);
        }
        distribution
    }

    /// Counts one more sample scoring `score`: in the cell of an equal
    /// score, or in a new cell kept in score order. The cells do not depend
    /// on the order the samples come in.
    pub fn add(&mut self, score: f64) {
        match self.values.iter().position(|v| (v - score).abs() < 1e-9) {
            Some(cell) => self.counts[cell] += 1.0,
            None => {
                let at = self.values.partition_point(|v| *v < score);
                self.values.insert(at, score);
                self.counts.insert(at, 1.0);
            }
        }
    }

    /// The scores of the cells.
    #[must_use]
    pub fn values(&self) -> &[f64] {
        &self.values
    }

    /// The counts of the cells.
    #[must_use]
    pub fn counts(&self) -> &[f64] {
        &self.counts
    }

    /// Games behind one sample (2 for pairs).
    #[must_use]
    pub fn games_per_sample(&self) -> u32 {
        self.games_per_sample
    }

    /// The number of samples.
    #[must_use]
    pub fn total(&self) -> f64 {
        self.counts.iter().sum()
    }

    /// The same distribution with every empty cell set to `epsilon`.
    #[must_use]
    pub fn regularized(&self, epsilon: f64) -> Self {
        let mut copy = self.clone();
        for count in &mut copy.counts {
            if *count <= 0.0 {
                *count = epsilon;
            }
        }
        copy
    }

    /// The cells' relative frequencies (empty when there are no samples).
    #[must_use]
    pub fn probabilities(&self) -> Vec<f64> {
        let total = self.total();
        if total <= 0.0 {
            return Vec::new();
        }
        self.counts.iter().map(|count| count / total).collect()
    }

    /// The mean score `s` (`None` without samples).
    #[must_use]
    pub fn mean(&self) -> Option<f64> {
        let p = self.probabilities();
        (!p.is_empty()).then(|| mean_of(&self.values, &p))
    }

    /// The variance of one sample's score, `Σ p_i (a_i − s)²`.
    #[must_use]
    pub fn variance(&self) -> Option<f64> {
        let p = self.probabilities();
        (!p.is_empty()).then(|| variance_of(&self.values, &p))
    }
}

/// `Σ p_i a_i`.
#[must_use]
pub fn mean_of(values: &[f64], probabilities: &[f64]) -> f64 {
    values.iter().zip(probabilities).map(|(a, p)| a * p).sum()
}

/// `Σ p_i (a_i − μ)²`.
#[must_use]
pub fn variance_of(values: &[f64], probabilities: &[f64]) -> f64 {
    let mean = mean_of(values, probabilities);
    values
        .iter()
        .zip(probabilities)
        .map(|(a, p)| p * (a - mean).powi(2))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trinomial_mean_and_variance() {
        let d = ScoreDistribution::trinomial(10, 20, 30);
        assert!((d.mean().unwrap() - 40.0 / 60.0).abs() < 1e-12);
        // p = (1/6, 1/3, 1/2), s = 2/3.
        let expected = (4.0 / 9.0) / 6.0 + (1.0 / 36.0) / 3.0 + (1.0 / 9.0) / 2.0;
        assert!((d.variance().unwrap() - expected).abs() < 1e-12);
    }

    #[test]
    fn empty_distributions_have_no_mean() {
        assert_eq!(ScoreDistribution::trinomial(0, 0, 0).mean(), None);
        assert_eq!(ScoreDistribution::pentanomial([0; 5]).variance(), None);
    }

    #[test]
    fn scores_merge_into_cells() {
        let d = ScoreDistribution::from_scores(&[1.0, 0.5, 1.0, 0.75], 1);
        assert_eq!(d.values(), &[0.5, 0.75, 1.0]);
        assert_eq!(d.counts(), &[1.0, 1.0, 2.0]);
    }

    #[test]
    fn regularizing_fills_only_empty_cells() {
        let d = ScoreDistribution::pentanomial([0, 2, 0, 1, 0]).regularized(1e-3);
        assert_eq!(d.counts(), &[1e-3, 2.0, 1e-3, 1.0, 1e-3]);
    }
}

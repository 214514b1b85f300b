//! Bradley–Terry ratings for several players from their head-to-head
//! results, by the minorization–maximization algorithm (Hunter 2004), on
//! the Elo scale (a 400-point gap means 10:1 odds).

use super::crosstable::Crosstable;

/// The Elo ratings maximizing the Bradley–Terry likelihood of `table`'s
/// results (a draw counts as half a win for each side), centred on 0.
///
/// `prior_draws` virtual draws are added to every pair that met, so that a
/// player who won (or lost) every game still gets a finite rating; with 0
/// the plain maximum-likelihood estimate is returned (infinite in that case).
#[must_use]
pub fn bradley_terry(table: &Crosstable, prior_draws: f64) -> Vec<f64> {
    let n = table.players();
    let games = |i: usize, j: usize| {
        let played = table.games(i, j) as f64;
        if played > 0.0 {
            played + prior_draws
        } else {
            0.0
        }
    };
    let wins: Vec<f64> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&j| j != i && table.games(i, j) > 0)
                .map(|j| table.score(i, j) + prior_draws / 2.0)
                .sum()
        })
        .collect();
    let mut gamma = vec![1.0_f64; n];
    for _ in 0..10_000 {
        let mut next = gamma.clone();
        for i in 0..n {
            let denominator: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| games(i, j) / (gamma[i] + gamma[j]))
                .sum();
            next[i] = if denominator > 0.0 {
                wins[i] / denominator
            } else {
                1.0
            };
        }
        let log_mean = next
            .iter()
            .filter(|g| **g > 0.0 && g.is_finite())
            .map(|g| g.ln())
            .sum::<f64>()
            / n as f64;
        for g in &mut next {
            *g /= log_mean.exp();
        }
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .filter(|c| c.is_finite())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    gamma.iter().map(|g| 400.0 * g.log10()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::stats::elo::{expected_score, logistic_elo};

    #[test]
    fn two_players_match_the_logistic_elo() {
        let mut table = Crosstable::new(vec!["a".into(), "b".into()]);
        for score in [1.0, 1.0, 1.0, 0.5, 0.0, 1.0, 0.5, 0.0] {
            table.add(0, 1, score);
        }
        let ratings = bradley_terry(&table, 0.0);
        let expected = logistic_elo(5.0 / 8.0);
        assert!((ratings[0] - ratings[1] - expected).abs() < 1e-6);
        assert!((ratings[0] + ratings[1]).abs() < 1e-9);
    }

    #[test]
    fn ratings_satisfy_the_likelihood_equations() {
        let mut table = Crosstable::new(vec!["a".into(), "b".into(), "c".into()]);
        let results = [
            (0, 1, 7.0, 10),
            (0, 2, 9.0, 10),
            (1, 2, 6.5, 10),
            (2, 0, 1.5, 2),
        ];
        for (i, j, score, games) in results {
            for k in 0..games {
                table.add(i, j, if f64::from(k) < score { 1.0 } else { 0.0 });
            }
        }
        let ratings = bradley_terry(&table, 0.0);
        for i in 0..3 {
            let actual: f64 = (0..3).filter(|&j| j != i).map(|j| table.score(i, j)).sum();
            let expected: f64 = (0..3)
                .filter(|&j| j != i)
                .map(|j| table.games(i, j) as f64 * expected_score(ratings[i] - ratings[j]))
                .sum();
            assert!((actual - expected).abs() < 1e-6, "player {i}");
        }
        assert!(ratings[0] > ratings[1] && ratings[1] > ratings[2]);
    }

    #[test]
    fn a_prior_keeps_a_perfect_score_finite() {
        let mut table = Crosstable::new(vec!["a".into(), "b".into()]);
        for _ in 0..4 {
            table.add(0, 1, 1.0);
        }
        let plain = bradley_terry(&table, 0.0);
        assert!((plain[0] - plain[1]).is_infinite());
        let ratings = bradley_terry(&table, 1.0);
        assert!((ratings[0] - ratings[1] - logistic_elo(4.5 / 5.0)).abs() < 1e-6);
    }
}

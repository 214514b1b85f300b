//! Bradley–Terry ratings for several players from their head-to-head
//! results, by the minorization–maximization algorithm (Hunter 2004), on
//! the Elo scale (a 400-point gap means 10:1 odds); and the same ratings
//! with one player fixed at 0 and 95% intervals from the likelihood's
//! curvature.

use super::crosstable::Crosstable;
use super::elo::Z95;

/// A rating with its 95% interval, another player fixed at 0.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct AnchoredRating {
    /// The Elo rating.
    pub rating: f64,
    /// The 95% interval's half-width (0 for the anchor).
    pub margin: f64,
}

/// [`bradley_terry`]'s ratings shifted so that player `anchor` has 0, each
/// with a 95% interval: ±1.96 standard errors from the inverse of the
/// Fisher information of the log-likelihood in the other players' log
/// strengths (the anchor's held at 0), on the Elo scale. Every game counts
/// as one Bernoulli trial (a draw as half a win), so draws and game pairs'
/// correlation are not credited: the intervals are, if anything, wide. A
/// player not connected to the anchor by games gets an infinite margin.
#[must_use]
pub fn anchored_bradley_terry(
    table: &Crosstable,
    prior_draws: f64,
    anchor: usize,
) -> Vec<AnchoredRating> {
    let elo = bradley_terry(table, prior_draws);
    let n = elo.len();
    let shift = elo[anchor];
    let ratings: Vec<f64> = elo.iter().map(|r| r - shift).collect();
    let per_natural = 400.0 / std::f64::consts::LN_10;
    let others: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
    let m = others.len();
    // The information matrix over the non-anchor players.
    let mut info = vec![vec![0.0; m]; m];
    for (a, &i) in others.iter().enumerate() {
        for j in (0..n).filter(|&j| j != i) {
            let games = table.games(i, j);
            if games == 0 {
                continue;
            }
            let weight = games as f64 + prior_draws;
            let p = 1.0 / (1.0 + (-(ratings[i] - ratings[j]) / per_natural).exp());
            let w = weight * p * (1.0 - p);
            info[a][a] += w;
            if let Some(b) = others.iter().position(|&k| k == j) {
                info[a][b] -= w;
            }
        }
    }
    let variances = inverse_diagonal(info);
    let mut out = Vec::with_capacity(n);
    let mut k = 0;
    for (i, &rating) in ratings.iter().enumerate() {
        let margin = if i == anchor {
            0.0
        } else {
            k += 1;
            Z95 * variances[k - 1].sqrt() * per_natural
        };
        out.push(AnchoredRating { rating, margin });
    }
    out
}

/// The diagonal of the inverse of the symmetric matrix `a` by Gauss–Jordan
/// elimination; infinite where `a` is singular.
fn inverse_diagonal(mut a: Vec<Vec<f64>>) -> Vec<f64> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..n {
        let Some(pivot) = (col..n)
            .filter(|&r| a[r][col].abs() > 1e-12)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
        else {
            return vec![f64::INFINITY; n];
        };
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for j in 0..n {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for r in (0..n).filter(|&r| r != col) {
            let f = a[r][col];
            if f != 0.0 {
                for j in 0..n {
                    a[r][j] -= f * a[col][j];
                    inv[r][j] -= f * inv[col][j];
                }
            }
        }
    }
    (0..n).map(|i| inv[i][i]).collect()
}

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
    fn anchored_intervals_match_a_hand_computed_case() {
        // 100 games, 75 points: the winner is 400·log10(3) = 190.85 Elo
        // above the anchor; the variance of the natural log-odds is
        // 1 / (n·p·(1−p)) = 1/18.75, so the margin is
        // 1.96 · (400 / ln 10) / √18.75 = 78.63 Elo.
        let mut table = Crosstable::new(vec!["a".into(), "b".into()]);
        for k in 0..100 {
            table.add(0, 1, if k < 75 { 1.0 } else { 0.0 });
        }
        let rated = anchored_bradley_terry(&table, 0.0, 1);
        assert_eq!(rated[1].rating, 0.0);
        assert_eq!(rated[1].margin, 0.0);
        assert!((rated[0].rating - 190.849).abs() < 0.01, "{rated:?}");
        assert!((rated[0].margin - 78.63).abs() < 0.01, "{rated:?}");
    }

    #[test]
    fn a_chain_widens_with_distance_from_the_anchor() {
        // a–b and b–c each 60 of 100; a never meets c.
        let mut table = Crosstable::new(vec!["a".into(), "b".into(), "c".into()]);
        for k in 0..100 {
            table.add(0, 1, if k < 60 { 1.0 } else { 0.0 });
            table.add(1, 2, if k < 60 { 1.0 } else { 0.0 });
        }
        let rated = anchored_bradley_terry(&table, 0.0, 2);
        let step = logistic_elo(0.6);
        assert!((rated[1].rating - step).abs() < 1e-6, "{rated:?}");
        assert!((rated[0].rating - 2.0 * step).abs() < 1e-6, "{rated:?}");
        // Variances add along the chain: a's margin is √2 times b's.
        assert!((rated[0].margin / rated[1].margin - 2f64.sqrt()).abs() < 1e-6);
        // A player nobody met is unbounded.
        let lone = Crosstable::new(vec!["a".into(), "b".into()]);
        assert!(anchored_bradley_terry(&lone, 0.0, 1)[0]
            .margin
            .is_infinite());
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

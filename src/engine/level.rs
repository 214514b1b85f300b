//! The level rule: how a weakened engine picks its move, so that it loses
//! the way people do (a plausible move that misses a tactic) and not the
//! way a crippled machine does (a random move now and then).
//!
//! A level's profile carries a `[choice]` table:
//!
//! ```toml
//! [choice]
//! temperature = 60
//! ```
//!
//! and limits that keep its search short (a depth or a node budget). The
//! search scores the root moves; the level then draws its move from the
//! **softmax** of those scores:
//!
//! ```text
//! P(move i) = exp((s_i − s_best) / T) / Σ_j exp((s_j − s_best) / T)
//! ```
//!
//! - **Alpha-beta** (C'escacs, Camelot, plain chess): `s_i` is move `i`'s
//!   score in centipawn-like units from the searcher's multi-PV lines
//!   (the profile's `multipv`: every root move with a large value, the few
//!   best with a small one; moves outside the lines are never drawn), and
//!   `T` is in the same units. A move 3·T below the best is drawn about
//!   e⁻³ ≈ 5% as often as the best; a blunder of a piece at a low `T` is
//!   practically never drawn, but the short search may not see that a move
//!   is one.
//! - **Expectimax** (card chess): `s_i` is root action `i`'s expected
//!   value at the level's depth, every legal action valued by its own
//!   child search (a move by the best reply, the draw by the mean over the
//!   cards it may bring), in the same centipawn-like units as `T`; an
//!   action more than 12·T below the best gets a fail-low bound instead of
//!   its value (it is drawn at most e⁻¹² as often as the best anyway).
//! - **The visit-counting searchers** (MCTS, PIMC, ISMCTS): `s_i = ln(visits
//!   of move i)` and `T` has no unit: `T = 1` draws each move in
//!   proportion to its visits, smaller `T` sharpens the choice towards the
//!   most visited move (AlphaZero's temperature), larger flattens it among
//!   the moves the search looked at. A move the search never visited is
//!   never drawn.
//!
//! The draw comes from the engine's own seeded generator, so a level plays
//! differently from game to game (sessions and tables seed engines from
//! the operating system unless a seed is given; tournaments from their
//! seed) and the same way again under the same seed.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Deserialize;

use crate::bounds::{self, OutOfRange};
use crate::knowledge::policy::softmax;

/// A profile's `[choice]`: the softmax temperature of the level rule.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// The softmax temperature: centipawn-like units for alpha-beta, none
    /// for the visit-counting searchers (see the module text).
    pub temperature: f64,
}

impl Choice {
    /// Checks the temperature's range.
    pub fn check(&self) -> Result<(), OutOfRange> {
        bounds::TEMPERATURE.check("temperature", self.temperature)?;
        Ok(())
    }
}

/// The softmax weights of `scores` at `temperature` (they sum to 1; the
/// best score has the largest weight). Scores far below the best get
/// weights that underflow to 0, never NaN.
#[must_use]
pub fn softmax_weights(scores: &[f64], temperature: f64) -> Vec<f64> {
    let raw: Vec<f64> = softmax(scores, temperature).collect();
    let total: f64 = raw.iter().sum();
    raw.into_iter().map(|w| w / total).collect()
}

/// Draws root moves by the level rule with a seeded generator.
#[derive(Clone, Debug)]
pub struct LevelChooser {
    temperature: f64,
    rng: Xoshiro256PlusPlus,
}

impl LevelChooser {
    /// A chooser at `choice`'s temperature, drawing from `seed`.
    #[must_use]
    pub fn new(choice: Choice, seed: u64) -> Self {
        Self {
            temperature: choice.temperature,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15),
        }
    }

    /// The temperature it draws at.
    #[must_use]
    pub fn temperature(&self) -> f64 {
        self.temperature
    }

    /// The index drawn among `scores` (none when empty).
    pub fn pick(&mut self, scores: &[f64]) -> Option<usize> {
        if scores.len() <= 1 {
            return (!scores.is_empty()).then_some(0);
        }
        let weights = softmax_weights(scores, self.temperature);
        let mut left = self.rng.gen::<f64>();
        for (index, weight) in weights.iter().enumerate() {
            left -= weight;
            if left < 0.0 {
                return Some(index);
            }
        }
        // Rounding left a sliver: the best move takes it.
        weights
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map(|(index, _)| index)
    }

    /// The index drawn among the visit counts of a visit-counting search
    /// (scores `ln visits`; unvisited moves are never drawn), none when no
    /// move was visited.
    pub fn pick_by_visits(&mut self, visits: &[u64]) -> Option<usize> {
        let visited: Vec<usize> = (0..visits.len()).filter(|&i| visits[i] > 0).collect();
        let scores: Vec<f64> = visited.iter().map(|&i| (visits[i] as f64).ln()).collect();
        self.pick(&scores).map(|k| visited[k])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chooser(temperature: f64, seed: u64) -> LevelChooser {
        LevelChooser::new(Choice { temperature }, seed)
    }

    #[test]
    fn weights_follow_the_rule() {
        let w = softmax_weights(&[100.0, 40.0, -900.0], 60.0);
        assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // exp(-60/60) = e^-1 relative to the best.
        assert!((w[1] / w[0] - (-1.0_f64).exp()).abs() < 1e-12);
        // A move 1000 below the best at T = 60: below 1e-7.
        assert!(w[2] < 1e-7, "{w:?}");
        // Mate-sized gaps underflow to zero, never NaN.
        let w = softmax_weights(&[30_000.0, -30_000.0], 1.0);
        assert_eq!(w, vec![1.0, 0.0]);
    }

    #[test]
    fn a_move_far_below_the_best_is_rarely_drawn() {
        // Every level's rule: a move 3 temperatures below the best gets at
        // most e^-3 of the best's weight, whatever the other moves.
        for temperature in [5.0, 20.0, 60.0, 150.0, 300.0] {
            let mut scores = vec![0.0; 30];
            scores[0] = 3.0 * temperature;
            let w = softmax_weights(&scores, temperature);
            assert!(w[1] <= (-3.0_f64).exp() * w[0] + 1e-12);
            assert!(w[1] < 0.05 / 29.0 * 29.0);
        }
    }

    #[test]
    fn a_seed_repeats_and_seeds_differ() {
        let scores = [10.0, 5.0, 0.0, -5.0, -10.0, 8.0];
        let draws = |seed| {
            let mut c = chooser(20.0, seed);
            (0..64)
                .map(|_| c.pick(&scores).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(draws(7), draws(7));
        assert_ne!(draws(7), draws(8));
    }

    #[test]
    fn a_low_temperature_plays_the_best() {
        let mut c = chooser(0.01, 3);
        for _ in 0..100 {
            assert_eq!(c.pick(&[-5.0, 12.0, 11.0, 3.0]), Some(1));
        }
        assert_eq!(c.pick(&[]), None);
        assert_eq!(c.pick(&[4.0]), Some(0));
    }

    #[test]
    fn visits_are_drawn_in_proportion_at_temperature_one() {
        let mut c = chooser(1.0, 11);
        let mut counts = [0u32; 3];
        for _ in 0..20_000 {
            counts[c.pick_by_visits(&[300, 0, 100]).unwrap()] += 1;
        }
        assert_eq!(counts[1], 0, "an unvisited move is never drawn");
        let share = f64::from(counts[0]) / 20_000.0;
        assert!((share - 0.75).abs() < 0.02, "{counts:?}");
        assert_eq!(c.pick_by_visits(&[0, 0]), None);
    }
}

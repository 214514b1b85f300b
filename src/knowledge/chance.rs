//! The one chance sampler: every player, searcher and referee that resolves
//! a chance event by its probability draws through [`draw_outcome`], so the
//! same random stream gives the same outcomes everywhere.

use rand::RngCore;

/// Draws one of `outcomes` (non-empty, probabilities summing to 1) by its
/// probability: a uniform number in `[0, 1)` from the top 53 bits of one
/// `next_u64` ([`unit_interval`]), placed by [`outcome_at`].
///
/// # Panics
/// If `outcomes` is empty.
pub fn draw_outcome<A: Copy>(outcomes: &[(A, f64)], rng: &mut dyn RngCore) -> A {
    outcome_at(outcomes, unit_interval(rng.next_u64())).expect("a chance event has outcomes")
}

/// The outcome the uniform number `u` in `[0, 1)` picks: the outcomes are
/// walked in order, each taking its probability's share (the last outcome
/// if rounding leaves `u` over); `None` when there is no outcome.
#[must_use]
pub fn outcome_at<A: Copy>(outcomes: &[(A, f64)], u: f64) -> Option<A> {
    let mut x = u;
    for &(action, p) in outcomes {
        if x < p {
            return Some(action);
        }
        x -= p;
    }
    outcomes.last().map(|&(action, _)| action)
}

/// A uniform number in `[0, 1)` from the top 53 bits of `bits`.
#[must_use]
pub fn unit_interval(bits: u64) -> f64 {
    (bits >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn outcomes_come_in_proportion_to_their_probabilities() {
        let outcomes = [('a', 0.5), ('b', 0.25), ('c', 0.25)];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut counts = [0u32; 3];
        for _ in 0..40_000 {
            counts[(draw_outcome(&outcomes, &mut rng) as u8 - b'a') as usize] += 1;
        }
        assert!((19_000..21_000).contains(&counts[0]), "{counts:?}");
        assert!((9_300..10_700).contains(&counts[1]), "{counts:?}");
        assert!((9_300..10_700).contains(&counts[2]), "{counts:?}");
    }

    #[test]
    fn it_uses_the_same_arithmetic_as_a_standard_f64_draw() {
        use rand::Rng;
        let outcomes = [(0u8, 0.3), (1, 0.7)];
        let mut a = Xoshiro256PlusPlus::seed_from_u64(9);
        let mut b = a.clone();
        for _ in 0..1000 {
            let x: f64 = b.gen();
            assert_eq!(draw_outcome(&outcomes, &mut a), u8::from(x >= 0.3));
        }
    }
}

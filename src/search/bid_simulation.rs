//! Bidding by simulation: the expected score of each call legal now, over
//! worlds sampled from the seat's observation ([`HiddenInfo::sample_world`]),
//! each call followed by a simulated rest of the hand (the rest of the
//! auction and the play) in which every seat plays a fast policy (the game's
//! rule-based policy with its default parameters) from its own observation
//! of that world. The call with the best mean is made.
//!
//! Every call is tried on the same worlds with the same chance draws, so
//! the differences between calls are not blurred by the luck of the
//! sampling. The auction so far is respected through the observation
//! (calls are only those legal after it, and the hidden hands are sampled
//! consistently with what it shows); the samples do not weigh worlds by how
//! likely they make the other seats' bids. Worlds run in parallel on rayon.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::game::{HiddenInfo, Turn};
use crate::knowledge::{draw_outcome, Policy, RuleBasedGame};

use super::world_mcts::{merge_stats, ActionStats};

/// Plays `state` to the end with `policy` at every seat (each seeing only
/// its own observation; the first legal action if the policy fails) and
/// chance drawn from `rng`; returns `seat`'s return.
fn rollout<G: HiddenInfo>(
    mut state: G,
    seat: usize,
    policy: &mut dyn Policy<G>,
    rng: &mut Xoshiro256PlusPlus,
) -> f64 {
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    loop {
        match state.turn() {
            Turn::Terminal => {
                return state
                    .returns()
                    .and_then(|r| r.get(seat).copied())
                    .unwrap_or(0.0)
            }
            Turn::Chance => {
                state.chance_outcomes(&mut outcomes);
                state.apply(draw_outcome(&outcomes, rng));
            }
            Turn::Player(mover) => {
                state.legal_actions(&mut legal);
                let action = policy
                    .choose(&state.observation(mover), &legal)
                    .filter(|a| legal.contains(a))
                    .unwrap_or(legal[0]);
                state.apply(action);
            }
        }
    }
}

/// For each of `calls` (actions legal for the seat to move in
/// `observation`), the seat's summed return over `worlds` sampled worlds
/// and the number of worlds (as `visits`): the mean is the call's expected
/// hand score.
#[must_use]
pub fn simulate_calls<G: RuleBasedGame>(
    observation: &G::Observation,
    calls: &[G::Action],
    worlds: u32,
    seed: u64,
) -> Vec<ActionStats<G::Action>> {
    let results: Vec<Vec<ActionStats<G::Action>>> = (0..worlds.max(1))
        .into_par_iter()
        .map(|i| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(
                seed ^ (u64::from(i) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            );
            let world = G::sample_world(observation, &mut rng);
            let Turn::Player(seat) = world.turn() else {
                return Vec::new();
            };
            let mut policy = G::policy(&G::PolicyParams::default());
            calls
                .iter()
                .map(|&call| {
                    let mut state = world.clone();
                    state.apply(call);
                    let mut chance = rng.clone();
                    ActionStats {
                        action: call,
                        visits: 1,
                        total: rollout(state, seat, &mut policy, &mut chance),
                    }
                })
                .collect()
        })
        .collect();
    let mut merged = Vec::new();
    for r in &results {
        merge_stats(&mut merged, r);
    }
    merged
}

/// The call with the best mean among `legal` (the first legal call if none
/// was simulated).
#[must_use]
pub fn best_call<A: Copy + PartialEq>(stats: &[ActionStats<A>], legal: &[A]) -> Option<A> {
    stats
        .iter()
        .filter(|s| legal.contains(&s.action))
        .max_by(|a, b| a.mean().total_cmp(&b.mean()))
        .map(|s| s.action)
        .or_else(|| legal.first().copied())
}

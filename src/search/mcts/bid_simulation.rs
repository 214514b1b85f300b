//! Bidding by simulation: the expected score of each call legal now, over
//! worlds sampled from the seat's observation ([`HiddenInfo::sample_world`],
//! or drawn from an inference pool, [`Belief`]),
//! each call followed by a simulated rest of the hand (the rest of the
//! auction and the play) in which every seat plays a fast policy (the game's
//! rule-based policy with its default parameters) from its own observation
//! of that world. The call with the best mean is made.
//!
//! Every call is tried on the same worlds with the same chance draws, so
//! the differences between calls are not blurred by the luck of the
//! sampling. The auction so far is respected through the observation
//! (calls are only those legal after it, and the hidden hands are sampled
//! consistently with what it shows). Uniform samples do not weigh worlds by
//! how likely they make the other seats' calls; with an [`Inference`] the
//! worlds are drawn from its pool, which does (a pass of a rule-based seat
//! then says its hand is weak). Worlds run in parallel on rayon.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::game::{HiddenInfo, Turn};
use crate::knowledge::{draw_outcome, Policy, RuleBasedGame};

use super::modelling::{Belief, Inference};
use super::uct::{info_of, merge_stats, rank, teams_of, ActionStats, Objective, UctResult};
use crate::search::control::Control;
use crate::search::info::{PvLine, SearchInfo};
use crate::search::limits::Limits;
use crate::search::score::Score;
use crate::search::SearchError;

/// How the calls are simulated: where the worlds come from and what the
/// seat maximises.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Simulation {
    /// The inference whose pool the worlds are drawn from; `None`: sampled
    /// uniformly from the observation.
    pub inference: Option<Inference>,
    /// The seat's own hand score, or its margin over the other teams.
    pub objective: Objective,
}

/// Plays `state` to the end with `policy` at every seat (each seeing only
/// its own observation; the first legal action if the policy fails) and
/// chance drawn from `rng`; returns `seat`'s value by `objective`.
fn rollout<G: HiddenInfo>(
    mut state: G,
    seat: usize,
    objective: Objective,
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
                    .map(|r| objective.values(&teams_of(&state), r))
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

/// The calls' statistics from world `index` (drawn from `belief`, else
/// sampled uniformly): each call applied to the same world and played out
/// with the same chance draws.
fn simulate_world<G: RuleBasedGame>(
    observation: &G::Observation,
    belief: Option<&Belief<G>>,
    objective: Objective,
    calls: &[G::Action],
    seed: u64,
    index: u64,
) -> Vec<ActionStats<G::Action>> {
    let mut rng =
        Xoshiro256PlusPlus::seed_from_u64(seed ^ (index + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let world = belief
        .and_then(|b| b.draw(&mut rng))
        .unwrap_or_else(|| G::sample_world(observation, &mut rng));
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
                total: rollout(state, seat, objective, &mut policy, &mut chance),
            }
        })
        .collect()
}

/// Worlds simulated in the first batch between progress reports; the
/// batch doubles up to [`MAX_BATCH`].
const FIRST_BATCH: u64 = 8;
const MAX_BATCH: u64 = 256;

/// For each of `calls` (actions legal for the seat to move in
/// `observation`), the seat's summed return over the sampled worlds and
/// their number (as `visits`): the mean is the call's expected hand score
/// (or margin, as `simulation.objective` says). The worlds are sampled
/// uniformly from the observation, or with `simulation.inference` drawn
/// from its pool ([`Belief::sample`], built once from the seed). `limits.nodes` is the number of worlds (none: until `stop` is
/// set or the time is up); `on_info` hears the best call so far after each
/// batch. The calls come ranked best first (the best mean; ties to the
/// earlier call), and depend only on the seed and the worlds simulated.
pub fn simulate_calls<G: RuleBasedGame>(
    observation: &G::Observation,
    calls: &[G::Action],
    simulation: &Simulation,
    limits: &Limits,
    stop: &Arc<AtomicBool>,
    seed: u64,
    on_info: &mut dyn FnMut(&SearchInfo<G::Action>),
) -> Result<UctResult<G::Action>, SearchError> {
    if calls.is_empty() {
        return Err(SearchError::NoLegalAction);
    }
    let control = Control::new(limits, Arc::clone(stop));
    let belief = simulation
        .inference
        .map(|inference| Belief::<G>::sample(observation, &inference, seed, stop));
    let worlds = limits.nodes.unwrap_or(u64::MAX).max(1);
    let mut stats = Vec::new();
    let mut done = 0u64;
    let mut batch = FIRST_BATCH;
    loop {
        let end = done.saturating_add(batch).min(worlds);
        let results: Vec<Option<Vec<ActionStats<G::Action>>>> = (done..end)
            .into_par_iter()
            .map(|index| {
                (!control.stopped() && !control.publish(1)).then(|| {
                    simulate_world::<G>(
                        observation,
                        belief.as_ref(),
                        simulation.objective,
                        calls,
                        seed,
                        index,
                    )
                })
            })
            .collect();
        let results: Vec<_> = results.into_iter().map_while(|r| r).collect();
        done += results.len() as u64;
        for r in &results {
            merge_stats(&mut stats, r);
        }
        let ranked = rank(&stats, calls);
        let result = UctResult {
            best: ranked[0].action,
            lines: vec![PvLine {
                score: Score((ranked[0].mean() * 100.0).round() as i32),
                pv: vec![ranked[0].action],
            }],
            stats: ranked,
            iterations: done,
            time: control.elapsed(),
        };
        on_info(&info_of(&result));
        if control.stopped() || done >= worlds {
            return Ok(result);
        }
        batch = (batch * 2).min(MAX_BATCH);
    }
}

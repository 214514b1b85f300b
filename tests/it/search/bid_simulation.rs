//! Bidding by simulation on Muzicando deals: every call is tried on the
//! same worlds, the best mean wins, the figures follow the seed, and with
//! an inference the worlds come from its pool.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use tauler::game::{Game, HiddenInfo, Turn};
use tauler::games::muzicando::{Action, Bid, GameType, Muzicando, Observation, Options};
use tauler::knowledge::PolicyModel;
use tauler::search::bid_simulation::{simulate_calls, Simulation};
use tauler::search::modelling::{Inference, Sampler, Weighed};
use tauler::search::uct::Objective;
use tauler::search::uct::{ActionStats, UctResult};
use tauler::search::Limits;

fn simulate(
    observation: &Observation,
    calls: &[Action],
    worlds: u64,
    seed: u64,
) -> UctResult<Action> {
    simulate_from(observation, calls, None, worlds, seed)
}

fn simulate_from(
    observation: &Observation,
    calls: &[Action],
    inference: Option<&Inference>,
    worlds: u64,
    seed: u64,
) -> UctResult<Action> {
    simulate_calls::<Muzicando>(
        observation,
        calls,
        &Simulation {
            inference: inference.copied(),
            ..Simulation::default()
        },
        &Limits::nodes(worlds),
        &Arc::new(AtomicBool::new(false)),
        seed,
        &mut |_| {},
    )
    .expect("calls to simulate")
}

#[test]
fn every_call_is_tried_on_every_world_and_the_best_mean_is_chosen() {
    let state = Muzicando::seeded_deal(&Options::default(), 7);
    let Turn::Player(seat) = state.turn() else {
        panic!("the auction has begun");
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let result = simulate(&state.observation(seat), &legal, 6, 3);
    assert_eq!(result.stats.len(), legal.len());
    assert!(result.stats.iter().all(|s| s.visits == 6));
    assert_eq!(result.iterations, 6);
    let top = result
        .stats
        .iter()
        .map(ActionStats::mean)
        .fold(f64::MIN, f64::max);
    assert_eq!(result.value(), top);
    assert_eq!(result.best, result.stats[0].action);
    let again = simulate(&state.observation(seat), &legal, 6, 3);
    assert_eq!(
        again.stats, result.stats,
        "the same seed gives the same figures"
    );
}

#[test]
fn a_bid_that_ends_the_auction_scores_within_the_contracts_range() {
    // 4M ends the auction at once, so its simulated score is the mean
    // of 4M hands declared by this seat's team: placement points 3..=7
    // plus or minus 8.
    let state = Muzicando::seeded_deal(&Options::default(), 2);
    let top = Action::Bid(Bid::new(4, GameType::Muzicando).expect("4M"));
    let result = simulate(&state.observation(1), &[top], 4, 9);
    let mean = result.value();
    assert!((-5.0..=15.0).contains(&mean), "{mean}");
    // As a margin over the other team, whose placements make up the
    // rest of 10: 4M made with places 1 and 2 is 15 against 3, failed
    // with places 3 and 4 is -5 against 7.
    let margin = simulate_calls::<Muzicando>(
        &state.observation(1),
        &[top],
        &Simulation {
            objective: Objective::Margin,
            ..Simulation::default()
        },
        &Limits::nodes(4),
        &Arc::new(AtomicBool::new(false)),
        9,
        &mut |_| {},
    )
    .expect("a call to simulate")
    .value();
    assert!((-12.0..=12.0).contains(&margin), "{margin}");
    assert_ne!(margin, mean);
}

#[test]
fn with_an_inference_the_worlds_come_from_its_pool() {
    // A pool of one world: every simulated world is that one, and the
    // rest of the hand is played by the deterministic rule-based player,
    // so each call scores the same on all of them and its mean does not
    // move with the number of worlds; uniform worlds do differ.
    let mut state = Muzicando::seeded_deal(&Options::default(), 11);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    state.apply(*legal.iter().find(|a| **a == Action::Pass).expect("a pass"));
    let Turn::Player(seat) = state.turn() else {
        panic!("the auction goes on");
    };
    state.legal_actions(&mut legal);
    let observation = state.observation(seat);
    let one = Inference {
        worlds: 1,
        model: PolicyModel::default(),
        sampler: Sampler::Importance,
        seats: Weighed::Others,
    };
    let means = |inference: Option<&Inference>, worlds| {
        let result = simulate_from(&observation, &legal, inference, worlds, 5);
        assert!(result.stats.iter().all(|s| s.visits == worlds));
        let mut means: Vec<(Action, f64)> =
            result.stats.iter().map(|s| (s.action, s.mean())).collect();
        means.sort_by_key(|&(action, _)| legal.iter().position(|&a| a == action));
        means
    };
    assert_eq!(means(Some(&one), 1), means(Some(&one), 8));
    assert_ne!(means(None, 1), means(None, 8));
}

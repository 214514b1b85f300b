//! Bidding by simulation on Muzicando deals: every call is tried on the
//! same worlds, the best mean wins, the figures follow the seed.

use tauler::game::{Game, HiddenInfo, Turn};
use tauler::games::muzicando::{Action, Bid, GameType, Muzicando, Options};
use tauler::search::bid_simulation::{best_call, simulate_calls};
use tauler::search::world_mcts::ActionStats;

#[test]
fn every_call_is_tried_on_every_world_and_the_best_mean_is_chosen() {
    let state = Muzicando::seeded_deal(&Options::default(), 7);
    let Turn::Player(seat) = state.turn() else {
        panic!("the auction has begun");
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let stats = simulate_calls::<Muzicando>(&state.observation(seat), &legal, 6, 3);
    assert_eq!(stats.len(), legal.len());
    assert!(stats.iter().all(|s| s.visits == 6));
    let best = best_call(&stats, &legal).expect("a call");
    let top = stats.iter().map(ActionStats::mean).fold(f64::MIN, f64::max);
    assert_eq!(
        stats
            .iter()
            .find(|s| s.action == best)
            .map(ActionStats::mean),
        Some(top)
    );
    let again = simulate_calls::<Muzicando>(&state.observation(seat), &legal, 6, 3);
    assert_eq!(again, stats, "the same seed gives the same figures");
}

#[test]
fn a_bid_that_ends_the_auction_scores_within_the_contracts_range() {
    // 4M ends the auction at once, so its simulated score is the mean
    // of 4M hands declared by this seat's team: placement points 3..=7
    // plus or minus 8.
    let state = Muzicando::seeded_deal(&Options::default(), 2);
    let top = Action::Bid(Bid::new(4, GameType::Muzicando).expect("4M"));
    let stats = simulate_calls::<Muzicando>(&state.observation(1), &[top], 4, 9);
    let mean = stats[0].mean();
    assert!((-5.0..=15.0).contains(&mean), "{mean}");
}

//! The rule-based player ([`HeuristicPlayer`], default parameters) as a
//! model of how the other seats play, for the searches that sample worlds:
//! how likely a sampled world makes the calls and plays the other seats
//! actually made (inference), and a playout move drawn from it. Both read
//! only the world they are given, through [`Situation::in_world`], which
//! shows the seat what its own observation would.

use rand::RngCore;

use super::heuristic::{HeuristicPlayer, Situation};
use super::{Action, Muzicando};
use crate::game::{Game, Seat, Turn};
use crate::knowledge::PolicyModel;

/// The log-probability that `model` (the rule-based player made
/// stochastic) takes the decisions of every seat but `observer` found in
/// `world`'s history, replayed from its deal. Decisions with one legal
/// action count 1; an action the rules would not allow there (never, in
/// a world the observer's sampler built) makes the world impossible.
#[must_use]
pub fn history_log_likelihood(world: &Muzicando, observer: Seat, model: &PolicyModel) -> f64 {
    let policy = HeuristicPlayer::new();
    let mut state = Muzicando::new(&world.options);
    let mut legal = Vec::new();
    let mut preferences = Vec::new();
    let mut total = 0.0;
    for &(_, action) in world.history() {
        if let Turn::Player(seat) = state.turn() {
            if seat != observer {
                state.legal_actions(&mut legal);
                if legal.len() > 1 {
                    let Some(index) = legal.iter().position(|&a| a == action) else {
                        return f64::NEG_INFINITY;
                    };
                    let situation = Situation::in_world(&state, seat as u8);
                    policy.preferences(&situation, &legal, &mut preferences);
                    total += model.probability(&preferences, index).ln();
                }
            }
        }
        state.apply(action);
    }
    total
}

/// The action `model` takes for the seat to move in `state`, drawn with
/// `rng`; `None` if nobody is to move or nothing is legal.
pub fn model_action(
    state: &Muzicando,
    model: &PolicyModel,
    rng: &mut dyn RngCore,
) -> Option<Action> {
    let Turn::Player(seat) = state.turn() else {
        return None;
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    match legal.len() {
        0 => None,
        1 => Some(legal[0]),
        _ => {
            let mut preferences = Vec::with_capacity(legal.len());
            let situation = Situation::in_world(state, seat as u8);
            HeuristicPlayer::new().preferences(&situation, &legal, &mut preferences);
            Some(legal[model.draw(&preferences, rng)])
        }
    }
}

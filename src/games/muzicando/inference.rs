//! The rule-based player ([`HeuristicPlayer`], default parameters) as a
//! model of how the other seats play, for the searches that sample worlds:
//! how likely a sampled world makes the calls and plays the other seats
//! actually made (inference; a searcher's partner, played by the same
//! engine, may be weighed by [`engine_model`] instead), the moves of the
//! Markov chains that sample worlds by that likelihood, and a playout move
//! drawn from it. All read
//! only the world they are given, through [`Situation::in_world`], which
//! shows the seat what its own observation would.

use arrayvec::ArrayVec;
use rand::RngCore;

use super::cards::{cards_of, Card};
use super::engine_model::{self, ENGINE_MODEL};
use super::heuristic::{HeuristicPlayer, Situation};
use super::observation::{replay_deal, Observation};
use super::{Action, Muzicando};
use crate::game::{Game, HiddenInfo, Returns, Turn};
use crate::knowledge::PolicyModel;

/// The log-probability that `model` (the rule-based player made
/// stochastic) takes the decisions found in `world`'s history, replayed
/// from its deal, of each seat in `seats` (bit per seat), by seat (0 for
/// the others); the seats also in `engine_seats` are weighed by the model
/// of tauler's own engine instead ([`engine_model`]). Decisions with one
/// legal action count 1; an action the
/// rules would not allow there (never, in a world a sampler built) makes
/// the world impossible. A seat's decisions depend only on its own cards
/// and the public history, so a world that moves hidden cards between two
/// seats changes only their terms.
#[must_use]
pub fn seat_log_likelihoods(
    world: &Muzicando,
    seats: u8,
    engine_seats: u8,
    model: &PolicyModel,
) -> Returns {
    let policy = HeuristicPlayer::new();
    let mut state = Muzicando::new(&world.options);
    let mut legal = Vec::new();
    let mut preferences = Vec::new();
    let mut totals: Returns = (0..world.seats()).map(|_| 0.0).collect();
    for &(_, action) in world.history() {
        if let Turn::Player(seat) = state.turn() {
            if seats & 1 << seat != 0 {
                state.legal_actions(&mut legal);
                if legal.len() > 1 {
                    let Some(index) = legal.iter().position(|&a| a == action) else {
                        totals[seat] = f64::NEG_INFINITY;
                        state.apply(action);
                        continue;
                    };
                    let probability = if engine_seats & 1 << seat != 0 {
                        engine_model::preferences(&state, seat, &legal, &mut preferences);
                        ENGINE_MODEL.probability(&preferences, index)
                    } else {
                        let situation = Situation::in_world(&state, seat as u8);
                        policy.preferences(&situation, &legal, &mut preferences);
                        model.probability(&preferences, index)
                    };
                    totals[seat] += probability.ln();
                }
            }
        }
        state.apply(action);
    }
    totals
}

/// A world near `world` with the same observation for `observation`'s
/// seat (team game): two hidden cards of two other seats swapped, or three
/// of the three other seats passed round, the seats, cards and direction
/// drawn uniformly, so that the proposal is symmetric; with the seats that
/// changed (bit per seat). `None` when a card would go to a seat whose
/// passes ruled it out, or a chosen hand is empty (the chain stays). The
/// individual game (draws, a stock) has no such move: a fresh world.
pub fn propose_world(
    world: &Muzicando,
    observation: &Observation,
    rng: &mut dyn RngCore,
) -> Option<(Muzicando, u8)> {
    let all = ((1u16 << world.seats()) - 1) as u8;
    if !world.is_team_game() {
        return Some((Muzicando::sample_world(observation, rng), all));
    }
    let below =
        |rng: &mut dyn RngCore, n: usize| ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize;
    let me = observation.seat;
    let others: ArrayVec<u8, 3> = (0..4).filter(|&s| s != me).collect();
    // A ring of two seats (a swap, one of three pairs) or of all three
    // (either direction): each gives one hidden card to the next.
    let ring: ArrayVec<u8, 3> = match below(rng, 5) {
        k @ 0..=2 => others
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != k)
            .map(|(_, &s)| s)
            .collect(),
        3 => others.clone(),
        _ => others.iter().rev().copied().collect(),
    };
    let mut cards = ArrayVec::<Card, 3>::new();
    for &seat in &ring {
        let hand: ArrayVec<Card, 14> = cards_of(world.hand(usize::from(seat))).collect();
        if hand.is_empty() {
            return None;
        }
        cards.push(hand[below(rng, hand.len())]);
    }
    let n = ring.len();
    if (0..n).any(|i| observation.ruled_out(ring[(i + 1) % n]) & cards[i].bit() != 0) {
        return None;
    }
    let mut dealt: [Vec<Card>; 8] = Default::default();
    for &(seat, action) in world.history() {
        if let Action::Deal(card) = action {
            let given = (0..n)
                .find(|&i| cards[i] == card)
                .map_or(card, |i| cards[(i + n - 1) % n]);
            dealt[usize::from(seat)].push(given);
        }
    }
    let changed = ring.iter().fold(0, |m, &s| m | 1 << s);
    Some((replay_deal(observation, dealt), changed))
}

/// The action `model` takes for the seat to move in `state`, drawn with
/// `rng`; `None` if nobody is to move or nothing is legal.
pub fn model_action(
    state: &Muzicando,
    model: &PolicyModel,
    rng: &mut dyn RngCore,
) -> Option<Action> {
    drawn_action(state, model, rng, |seat, legal, preferences| {
        let situation = Situation::in_world(state, seat);
        HeuristicPlayer::new().preferences(&situation, legal, preferences);
    })
}

/// The action `model` takes for the seat to move in `state` when the
/// rule-based player reads every hand of the world
/// ([`HeuristicPlayer::informed_preferences`]), drawn with `rng`; `None`
/// if nobody is to move or nothing is legal.
pub fn informed_action(
    state: &Muzicando,
    model: &PolicyModel,
    rng: &mut dyn RngCore,
) -> Option<Action> {
    drawn_action(state, model, rng, |seat, legal, preferences| {
        HeuristicPlayer::new().informed_preferences(state, seat, legal, preferences);
    })
}

/// The action drawn by `model` over the preferences `prefer` gives the
/// legal actions of the seat to move in `state`.
fn drawn_action(
    state: &Muzicando,
    model: &PolicyModel,
    rng: &mut dyn RngCore,
    prefer: impl FnOnce(u8, &[Action], &mut Vec<f64>),
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
            prefer(seat as u8, &legal, &mut preferences);
            Some(legal[model.draw(&preferences, rng)])
        }
    }
}

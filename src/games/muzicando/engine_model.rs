//! How tauler's own Muzicando engine plays, as a model for inference: a
//! searcher's partner is played by the same engine, not by the rule-based
//! player, and reading the partner's plays through the rule-based player
//! predicts them worse than chance.
//!
//! The model is a linear preference over [`FEATURES`] features of each
//! legal placement, read from the player's own hand and the public table
//! only (what the engine itself knows), made stochastic by
//! [`ENGINE_MODEL`]. The weights are a conditional-logit fit to the
//! default ISMCTS's recorded plays, as it played before it read its
//! partner this way: the first 20,000 decisions with a choice in its fair
//! games of the recovery tournament (seed 20261124) against the
//! rule-based team, the fit reproduced by the ignored test
//! `muzicando_engine_model::fit_the_engine_model_to_recorded_plays`. On
//! held-out decisions of those games it gives the played action a mean
//! log-probability of −0.97, where choosing uniformly gives −1.07 and the
//! rule-based model of the other seats −1.41. Calls are not fitted (the
//! engine calls by simulation): they are read through the rule-based
//! player's preferences by the same [`ENGINE_MODEL`].

use super::cards::cards_of;
use super::heuristic::{HeuristicPlayer, Situation};
use super::{Action, Muzicando};
use crate::knowledge::PolicyModel;

/// How many features a placement has.
pub const FEATURES: usize = 15;

/// The fitted weight of each feature of [`features`], in its order.
pub const WEIGHTS: [f64; FEATURES] = [
    0.09, 0.08, 0.22, 0.12, 0.17, 0.09, -0.69, -0.47, -0.14, 1.29, 0.38, 0.53, 0.04, -0.02, -0.27,
];

/// The engine's preferences made stochastic: the fitted logits as they are
/// (temperature 1), with a small floor under every legal action.
pub const ENGINE_MODEL: PolicyModel = PolicyModel {
    temperature: 1.0,
    epsilon: 0.02,
};

/// The features of `action` for `seat` in `state`, from its own hand and
/// the public table: a pass; whether the action empties the hand; one per
/// symbol kind (sharp, natural, flat, pause); and for a note: that it is a
/// note, how many of the seat's own notes it newly makes placeable, how
/// many notes it makes placeable for the others, its step (Do 0 … Si 1),
/// how many notes of its colour the seat keeps, how many of them lie
/// above it, whether the seat keeps its colour's symbol, whether it is a
/// Do, and the hand's size (in fourteenths).
#[must_use]
pub fn features(state: &Muzicando, seat: usize, action: Action) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    let hand = state.hand(seat);
    let table = state.table();
    match action {
        Action::Pass => f[0] = 1.0,
        Action::Place(card, cell) => {
            let rest = hand & !card.bit();
            f[1] = f64::from(u8::from(rest == 0));
            match card.symbol_kind() {
                Some(symbol) => f[2 + symbol as usize] = 1.0,
                None => {
                    let before = table.playable_notes();
                    let after = table.playable_notes_after(card, cell);
                    let same_colour = || {
                        cards_of(rest).filter(move |c| c.colour() == card.colour() && c.is_note())
                    };
                    f[6] = 1.0;
                    f[7] = f64::from((after & rest).count_ones())
                        - f64::from((before & rest).count_ones());
                    f[8] = f64::from((after & !before & !hand).count_ones());
                    f[9] = f64::from(card.step().unwrap_or(0)) / 6.0;
                    f[10] = same_colour().count() as f64;
                    f[11] = same_colour().filter(|c| c.step() > card.step()).count() as f64;
                    f[12] = f64::from(u8::from(
                        cards_of(rest).any(|c| c.colour() == card.colour() && !c.is_note()),
                    ));
                    f[13] = f64::from(u8::from(card.step() == Some(0)));
                    f[14] = f64::from(hand.count_ones()) / 14.0;
                }
            }
        }
        Action::Deal(_) | Action::Draw(_) | Action::Bid(_) | Action::Choose(_) => {}
    }
    f
}

/// The engine's preferences over `legal` for `seat` in `state`, into
/// `out`: the fitted linear preference of each placement or pass once the
/// hand is in play, the rule-based player's preferences for calls.
pub fn preferences(state: &Muzicando, seat: usize, legal: &[Action], out: &mut Vec<f64>) {
    if state.contract().is_none() {
        let situation = Situation::in_world(state, seat as u8);
        HeuristicPlayer::new().preferences(&situation, legal, out);
        return;
    }
    out.clear();
    out.extend(legal.iter().map(|&action| {
        features(state, seat, action)
            .iter()
            .zip(WEIGHTS)
            .map(|(x, w)| x * w)
            .sum::<f64>()
    }));
}

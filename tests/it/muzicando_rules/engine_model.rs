//! The model of tauler's own engine (a searcher's partner): the features
//! it reads from a placement, and that inference weighs only the seats
//! named as played by the engine with it.

use super::{options, played};
use tauler::game::{Game, Notation, Turn};
use tauler::games::muzicando::engine_model::{features, preferences, ENGINE_MODEL};
use tauler::games::muzicando::inference::seat_log_likelihoods;
use tauler::games::muzicando::{Action, Muzicando};
use tauler::knowledge::PolicyModel;

/// The deck dealt in index order from dealer 0: seat 1 holds every Do and
/// every Sol, seat 2 every Re and La, seat 3 every Mi and Si, seat 0 every
/// Fa and symbol; seat 1 then declares 4M and must open with a Do.
const INDEX_ORDER_4M: &str = "0/R1R2R3R4R5R6R7RxO1O2O3O4O5O6O7OxY1Y2Y3Y4Y5Y6Y7YxG1G2G3G4G5G6G7GxB1B2B3B4B5B6B7BxP1P2P3P4P5P6P7PxV1V2V3V4V5V6V7Vx/4M";

#[test]
fn a_placement_is_read_from_the_own_hand_and_the_table() {
    let state = Muzicando::parse_position(INDEX_ORDER_4M, &options(&[])).unwrap();
    assert_eq!(state.turn(), Turn::Player(1));
    let red_do = state.parse_action("R-Do").unwrap();
    // A note; it opens R-Re for another seat and none of its own; a Do
    // (step 0); one red note kept (R-Sol), above it; no red symbol kept;
    // a full hand.
    let expected = [
        0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0,
    ];
    assert_eq!(features(&state, 1, red_do), expected);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert_eq!(legal.len(), 7, "the seven Dos");
    let mut prefs = Vec::new();
    preferences(&state, 1, &legal, &mut prefs);
    assert!(
        prefs.iter().all(|&p| p == prefs[0]),
        "seven Dos alike in every feature are alike to the model: {prefs:?}"
    );
    let p = ENGINE_MODEL.probability(&prefs, 3);
    assert!((p - 1.0 / 7.0).abs() < 1e-12);
}

#[test]
fn the_engine_model_weighs_only_the_seats_named_for_it() {
    let model = PolicyModel::default();
    let mut compared = 0;
    for seed in 0..8 {
        let world = played(seed, (seed % 4) as u8, 40);
        let Turn::Player(observer) = world.turn() else {
            continue;
        };
        let partner = (observer + 2) % 4;
        let others = 0b1111 & !(1u8 << observer);
        let by_policy = seat_log_likelihoods(&world, others, 0, &model);
        let by_engine = seat_log_likelihoods(&world, others, 1 << partner, &model);
        for seat in (0..4).filter(|&s| s != observer && s != partner) {
            assert_eq!(
                by_policy[seat], by_engine[seat],
                "seat {seat} of hand {seed}"
            );
        }
        assert!(by_engine[partner].is_finite(), "hand {seed}");
        assert_ne!(by_policy[partner], by_engine[partner], "hand {seed}");
        compared += 1;
    }
    assert!(compared >= 6);
    let hand = played(0, 0, 40);
    assert!(matches!(
        hand.history().last(),
        Some((_, Action::Place(..) | Action::Pass))
    ));
}

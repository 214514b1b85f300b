//! The deck and the deal (§1, §2.1): 56 cards dealt one at a time as chance
//! actions, 14 each round the table from the player after the dealer.

use super::options;
use tauler::game::{Game, Notation, Turn};
use tauler::games::muzicando::{Action, Muzicando, Options, Phase};

#[test]
fn the_deal_is_56_chance_actions_each_uniform_over_the_undealt_cards() {
    let mut state = Muzicando::new(&options(&["dealer=2"]));
    let mut outcomes = Vec::new();
    for dealt in 0..56 {
        assert_eq!(state.turn(), Turn::Chance);
        assert_eq!(
            usize::from(state.next_recipient()),
            (3 + dealt) % 4,
            "round from the player after the dealer"
        );
        state.chance_outcomes(&mut outcomes);
        assert_eq!(outcomes.len(), 56 - dealt);
        let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert!(outcomes.iter().all(|&(a, _)| matches!(a, Action::Deal(_))));
        state.apply(outcomes[dealt % outcomes.len()].0);
    }
    assert_eq!(state.phase(), Phase::Auction);
    for seat in 0..4 {
        assert_eq!(state.hand(seat).count_ones(), 14);
    }
    assert_eq!(
        state.turn(),
        Turn::Player(3),
        "the first player served speaks first"
    );
}

#[test]
fn a_seeded_deal_replays_exactly() {
    let a = Muzicando::seeded_deal(&Options::default(), 2026);
    let b = Muzicando::seeded_deal(&Options::default(), 2026);
    assert_eq!(a.history(), b.history());
    assert_eq!(a.hash(), b.hash());
    let c = Muzicando::seeded_deal(&Options::default(), 2027);
    assert_ne!(a.history(), c.history());
    // The record of the deal replays to the same hands.
    let replayed = Muzicando::parse_position(&a.format_position(), &Options::default()).unwrap();
    for seat in 0..4 {
        assert_eq!(replayed.hand(seat), a.hand(seat));
    }
}

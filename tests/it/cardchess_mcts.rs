//! MCTS on card chess: legal actions in any card state, a forced mate,
//! and root parallelism that runs every iteration.

use crate::support::cardchess_states as states;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use states::random_states;
use tauler::game::{Game, Notation};
use tauler::games::cardchess::{Action, CardChess, CardChessEval, CardChessOptions};
use tauler::search::uct::{self, Leaf, Opponents, UctConfig, UctResult, Worlds};
use tauler::search::Limits;

/// UCT with evaluation leaves on `state`: `trees` root-parallel trees under
/// `limits`.
fn mcts(state: &CardChess, limits: Limits, trees: usize) -> UctResult<Action> {
    let config = UctConfig {
        exploration: 1.0,
        trees,
        ..UctConfig::default()
    };
    uct::search(
        Worlds::Fixed(state),
        Leaf::Evaluation(&CardChessEval::DEFAULT),
        Opponents::Search,
        &config,
        &limits,
        &Arc::new(AtomicBool::new(false)),
        1,
        &mut |_| {},
    )
    .expect("a decision")
}

#[test]
fn never_proposes_an_illegal_action() {
    let mut actions = Vec::new();
    for state in random_states(40, 5) {
        let result = mcts(&state, Limits::nodes(300), 1);
        state.legal_actions(&mut actions);
        assert!(
            actions.contains(&result.best),
            "{:?} in {}",
            result.best,
            state.format_position()
        );
    }
}

#[test]
fn takes_a_forced_mate() {
    let options = CardChessOptions::default();
    let state = CardChess::parse_position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &options)
        .expect("position");
    let result = mcts(&state, Limits::nodes(3000), 1);
    assert_eq!(state.format_action(result.best), "Ra8#");
    assert!(result.value() > 0.9);
}

#[test]
fn two_threads_run_all_iterations_and_agree_on_the_mate() {
    let options = CardChessOptions::default();
    let state = CardChess::parse_position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &options)
        .expect("position");
    let result = mcts(&state, Limits::nodes(4000), 2);
    assert_eq!(result.iterations, 4000);
    assert_eq!(state.format_action(result.best), "Ra8#");
    let visits: u64 = result.stats.iter().map(|a| a.visits).sum();
    assert_eq!(visits, 4000);
}

#[test]
fn a_fixed_deck_order_can_be_hidden_from_the_players() {
    let mut state = CardChess::new(&CardChessOptions::default());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    state.fix_deck_order(&mut rng);
    state.apply(state.parse_action("draw").expect("draw"));
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 1, "the referee knows the next card");
    state.without_deck_order().chance_outcomes(&mut outcomes);
    assert!(outcomes.len() > 10, "a player does not");
}

#[test]
fn a_search_out_of_time_still_returns_a_legal_action() {
    let start = CardChess::new(&CardChessOptions::default());
    let result = mcts(&start, Limits::movetime(std::time::Duration::ZERO), 1);
    let mut actions = Vec::new();
    start.legal_actions(&mut actions);
    assert!(actions.contains(&result.best));
}

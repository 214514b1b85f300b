//! Checks every game must pass, written once against the contract.

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, HiddenInfo, Notation, Turn};

/// How much random play to check.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Number of random games.
    pub playouts: usize,
    /// A game longer than this fails the "playouts terminate" check.
    pub max_plies: usize,
    /// Seed of the first playout; playout `i` uses `seed + i`.
    pub seed: u64,
}

/// Plays random games from `start`, checking at every state: the incremental
/// hash equals the hash from scratch, the position text round-trips, every
/// legal action's text round-trips and the action applies, chance
/// probabilities are positive and sum to 1, returns exist exactly at terminal
/// states with one entry per seat and equal entries for partners, and every
/// game ends within the budget.
pub fn random_playouts<G: Notation>(start: &G, budget: Budget) {
    for game in 0..budget.playouts {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(budget.seed + game as u64);
        let mut state = start.clone();
        let mut plies = 0;
        loop {
            check_state(&state);
            match state.turn() {
                Turn::Terminal => {
                    check_returns(&state);
                    break;
                }
                Turn::Chance => {
                    assert!(state.returns().is_none(), "returns before the end");
                    let action = sample_chance(&state, &mut rng);
                    state.apply(action);
                }
                Turn::Player(seat) => {
                    assert!(seat < state.seats(), "seat {seat} out of range");
                    assert!(state.returns().is_none(), "returns before the end");
                    let actions = check_actions(&state);
                    let action = actions[rng.gen_range(0..actions.len())];
                    state.apply(action);
                }
            }
            plies += 1;
            assert!(
                plies <= budget.max_plies,
                "playout {game} did not end within {} plies: {}",
                budget.max_plies,
                state.format_position()
            );
        }
    }
}

/// Reads each position text (edge cases: nothing to draw, missing kings,
/// too many men, …): it must be refused with an error, or give a state that
/// passes every check of a random playout's state and can go on: a chance
/// node has at least one outcome, a seat to move has a legal action, a
/// finished game has its returns. Returns how many texts were refused.
pub fn refused_or_playable<G: Notation>(options: &G::Options, texts: &[&str]) -> usize {
    let mut refused = 0;
    for text in texts {
        let state = match G::parse_position(text, options) {
            Ok(state) => state,
            Err(e) => {
                assert!(!e.to_string().is_empty(), "`{text}`: an empty error");
                refused += 1;
                continue;
            }
        };
        check_state(&state);
        match state.turn() {
            Turn::Terminal => check_returns(&state),
            Turn::Chance => {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
                let mut child = state.clone();
                child.apply(sample_chance(&state, &mut rng));
            }
            Turn::Player(seat) => {
                assert!(seat < state.seats(), "`{text}`: seat {seat} out of range");
                check_actions(&state);
            }
        }
    }
    refused
}

fn check_state<G: Notation>(state: &G) {
    assert_eq!(
        state.hash(),
        state.hash_from_scratch(),
        "incremental hash differs from scratch at {}",
        state.format_position()
    );
    let text = state.format_position();
    let parsed = G::parse_position(&text, state.options())
        .unwrap_or_else(|e| panic!("own position text `{text}` does not parse: {e}"));
    assert_eq!(
        parsed.format_position(),
        text,
        "position text does not round-trip"
    );
    assert_eq!(
        parsed.hash(),
        state.hash(),
        "reparsed `{text}` hashes differently"
    );
}

fn check_actions<G: Notation>(state: &G) -> Vec<G::Action> {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    let position = state.format_position();
    assert!(
        !actions.is_empty(),
        "no legal action at a non-terminal state {position}"
    );
    let distinct: HashSet<_> = actions.iter().collect();
    assert_eq!(
        distinct.len(),
        actions.len(),
        "duplicate actions at {position}"
    );
    for &action in &actions {
        let text = state.format_action(action);
        let parsed = state.parse_action(&text).unwrap_or_else(|e| {
            panic!("own action text `{text}` does not parse at {position}: {e}")
        });
        assert_eq!(
            parsed, action,
            "action text `{text}` does not round-trip at {position}"
        );
        let mut child = state.clone();
        child.apply(action);
        assert_eq!(
            child.hash(),
            child.hash_from_scratch(),
            "hash after `{text}` from {position} differs from scratch"
        );
    }
    actions
}

fn sample_chance<G: Game>(state: &G, rng: &mut impl Rng) -> G::Action {
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    assert!(!outcomes.is_empty(), "a chance node without outcomes");
    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    assert!(
        (total - 1.0).abs() < 1e-9,
        "chance probabilities sum to {total}"
    );
    assert!(
        outcomes.iter().all(|&(_, p)| p > 0.0),
        "a chance outcome with probability 0"
    );
    let distinct: HashSet<_> = outcomes.iter().map(|(a, _)| a).collect();
    assert_eq!(distinct.len(), outcomes.len(), "duplicate chance outcomes");
    let mut pick = rng.gen::<f64>();
    for &(action, p) in &outcomes {
        if pick < p {
            return action;
        }
        pick -= p;
    }
    outcomes[outcomes.len() - 1].0
}

fn check_returns<G: Game>(state: &G) {
    let returns = state.returns().expect("a terminal state without returns");
    assert_eq!(returns.len(), state.seats(), "one return per seat");
    for a in 0..state.seats() {
        for b in 0..state.seats() {
            if state.team_of(a) == state.team_of(b) {
                assert_eq!(
                    returns[a], returns[b],
                    "partners {a} and {b} scored differently"
                );
            }
        }
    }
}

/// Checks that worlds sampled from each seat's observation show that seat the
/// same observation, along random playouts from `start`.
pub fn sampled_worlds_agree<G: HiddenInfo>(start: &G, budget: Budget) {
    for game in 0..budget.playouts {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(budget.seed + game as u64);
        let mut state = start.clone();
        for _ in 0..budget.max_plies {
            for seat in 0..state.seats() {
                let observation = state.observation(seat);
                let world = G::sample_world(&observation, &mut rng);
                assert_eq!(
                    world.observation(seat),
                    observation,
                    "sampled world contradicts seat {seat}"
                );
            }
            let action = match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => sample_chance(&state, &mut rng),
                Turn::Player(_) => {
                    let mut actions = Vec::new();
                    state.legal_actions(&mut actions);
                    actions[rng.gen_range(0..actions.len())]
                }
            };
            state.apply(action);
        }
    }
}

//! Plain minimax over the game contract, with no evaluation: which actions
//! force a win within a number of plies. This is the proof each tactics
//! position is checked against.

use tauler::game::{Game, Seat, Turn};

/// Whether `attacker` can force a terminal state it wins outright (return
/// 1) within `plies` plies from `state`, whatever the other seat does.
pub fn forced_win<G: Game>(state: &G, attacker: Seat, plies: u32) -> bool {
    match state.turn() {
        Turn::Terminal => state.returns().is_some_and(|r| r[attacker] >= 1.0),
        Turn::Chance => false,
        Turn::Player(_) if plies == 0 => false,
        Turn::Player(seat) => {
            let mut actions = Vec::new();
            state.legal_actions(&mut actions);
            let wins = |&action: &G::Action| {
                let mut child = state.clone();
                child.apply(action);
                forced_win(&child, attacker, plies - 1)
            };
            if seat == attacker {
                actions.iter().any(wins)
            } else {
                actions.iter().all(wins)
            }
        }
    }
}

/// The actions of the seat to move after which it forces a win within
/// `plies` plies in all (the action included).
pub fn winning_actions<G: Game>(state: &G, plies: u32) -> Vec<G::Action> {
    let Turn::Player(attacker) = state.turn() else {
        return Vec::new();
    };
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions
        .into_iter()
        .filter(|&action| {
            let mut child = state.clone();
            child.apply(action);
            forced_win(&child, attacker, plies - 1)
        })
        .collect()
}

/// The fewest moves `n` (up to `max_moves`) within which the side to move
/// forces a win, in its own moves (a win in `n` takes `2n - 1` plies), with
/// the actions that do it.
pub fn fastest_win<G: Game>(state: &G, max_moves: u32) -> Option<(u32, Vec<G::Action>)> {
    (1..=max_moves).find_map(|moves| {
        let winners = winning_actions(state, 2 * moves - 1);
        (!winners.is_empty()).then_some((moves, winners))
    })
}

//! Plain reference searches to compare the alpha-beta searcher against: an
//! exhaustive memoized solver and a fixed-depth minimax, both written as
//! simply as possible, with the same score conventions.

use std::collections::HashMap;

use tauler::game::{Game, Seat, Turn};
use tauler::search::score::{terminal_score, EVAL_LIMIT};
use tauler::search::Evaluator;

/// A score one ply further from the root: results lose one ply of distance.
fn shift(score: i32) -> i32 {
    if score > EVAL_LIMIT {
        score - 1
    } else if score < -EVAL_LIMIT {
        score + 1
    } else {
        score
    }
}

/// The value of `child` for `mover`, who just acted, one ply below the node.
fn child_value<G: Game>(child: &G, mover: Seat, value_of: &mut impl FnMut(&G) -> i32) -> i32 {
    match child.turn() {
        Turn::Terminal => terminal_score(&child.returns().expect("terminal returns"), mover, 1),
        Turn::Player(seat) if seat == mover => shift(value_of(child)),
        Turn::Player(_) => shift(-value_of(child)),
        Turn::Chance => panic!("reference searches have no chance nodes"),
    }
}

/// The exact value of a non-terminal `state` for the seat to move, with the
/// distance to the end counted as the searcher does (memoized by hash).
pub fn solve<G: Game>(state: &G, memo: &mut HashMap<u64, i32>) -> i32 {
    if let Some(&value) = memo.get(&state.hash()) {
        return value;
    }
    let Turn::Player(mover) = state.turn() else {
        panic!("solve needs a player to move");
    };
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    let value = actions
        .iter()
        .map(|&action| {
            let mut child = state.clone();
            child.apply(action);
            child_value(&child, mover, &mut |next: &G| solve(next, memo))
        })
        .max()
        .expect("a player has an action");
    memo.insert(state.hash(), value);
    value
}

/// The exact value of each action of `state`, from the mover's view.
pub fn solve_actions<G: Game>(state: &G) -> Vec<(G::Action, i32)> {
    let Turn::Player(mover) = state.turn() else {
        panic!("solve needs a player to move");
    };
    let mut memo = HashMap::new();
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions
        .iter()
        .map(|&action| {
            let mut child = state.clone();
            child.apply(action);
            (
                action,
                child_value(&child, mover, &mut |next: &G| solve(next, &mut memo)),
            )
        })
        .collect()
}

/// Fixed-depth minimax with static evaluation (clamped) at the leaves.
pub fn minimax<G: Game, E: Evaluator<G>>(state: &G, depth: u32, evaluator: &E) -> i32 {
    if depth == 0 {
        return evaluator.evaluate(state).clamp(-EVAL_LIMIT, EVAL_LIMIT);
    }
    let Turn::Player(mover) = state.turn() else {
        panic!("minimax needs a player to move");
    };
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions
        .iter()
        .map(|&action| {
            let mut child = state.clone();
            child.apply(action);
            child_value(&child, mover, &mut |next: &G| {
                minimax(next, depth - 1, evaluator)
            })
        })
        .max()
        .expect("a player has an action")
}

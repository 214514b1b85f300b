//! Small games with known perfect-play values, written against the contract
//! to test the searchers (and bench them) exactly.

pub mod connect4;
pub mod nim;
pub mod tictactoe;
pub mod tree;

use thiserror::Error;

/// The parse error of the test games.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read `{0}`")]
pub struct BadText(pub String);

/// A Zobrist key: splitmix64 of `index`.
#[must_use]
pub fn zobrist(index: u64) -> u64 {
    let mut z = index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// An evaluator that knows nothing: every non-terminal state is even.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zero;

impl<G: tauler::game::Game> tauler::search::Evaluator<G> for Zero {
    fn evaluate(&self, _state: &G) -> i32 {
        0
    }
}

/// Plays `plies` random legal actions from `state` (fewer if it ends).
pub fn random_walk<G: tauler::game::Game>(state: &G, plies: usize, rng: &mut impl rand::Rng) -> G {
    let mut state = state.clone();
    let mut actions = Vec::new();
    for _ in 0..plies {
        state.legal_actions(&mut actions);
        if actions.is_empty() {
            break;
        }
        state.apply(actions[rng.gen_range(0..actions.len())]);
    }
    state
}

//! Card chess decision states reached by random play, shared by the
//! engine tests.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Turn};
use tauler::games::cardchess::{CardChess, CardChessOptions};

/// Decision states reached by random play from the start (cards on).
pub fn random_states(count: usize, seed: u64) -> Vec<CardChess> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let options = CardChessOptions::default();
    let mut states = Vec::new();
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    while states.len() < count {
        let mut state = CardChess::new(&options);
        let plies = rng.gen_range(2..40);
        for _ in 0..plies {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    state.chance_outcomes(&mut outcomes);
                    let mut x: f64 = rng.gen();
                    let mut pick = outcomes[0].0;
                    for &(a, p) in &outcomes {
                        pick = a;
                        x -= p;
                        if x <= 0.0 {
                            break;
                        }
                    }
                    state.apply(pick);
                }
                Turn::Player(_) => {
                    state.legal_actions(&mut actions);
                    let a = actions[rng.gen_range(0..actions.len())];
                    state.apply(a);
                }
            }
        }
        if matches!(state.turn(), Turn::Player(_)) {
            states.push(state);
        }
    }
    states
}

//! The generic searcher on Camelot with a zero evaluation:
//! legal moves from random positions, alone and with two threads.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Turn};
use tauler::games::camelot::{Camelot, Options};
use tauler::search::{AlphaBeta, Limits, SearchConfig};

use crate::search::exact::exact_config;
use crate::search::games::{random_walk, Zero};

#[test]
fn random_camelot_positions_get_legal_moves() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    for threads in [1, 2] {
        let config = SearchConfig {
            threads,
            ..exact_config()
        };
        let mut searcher = AlphaBeta::new(Zero, config);
        for _ in 0..4 {
            let state = random_walk(
                &Camelot::new(&Options::default()),
                rng.gen_range(0..60),
                &mut rng,
            );
            if state.turn() == Turn::Terminal {
                continue;
            }
            let result = searcher.search(&state, &Limits::depth(3)).unwrap();
            let mut actions = Vec::new();
            state.legal_actions(&mut actions);
            assert!(actions.contains(&result.best));
        }
    }
}

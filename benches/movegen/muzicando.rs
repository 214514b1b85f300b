//! Muzicando speed: random playouts of whole team hands (deal, auction,
//! play) through the game contract, one bench per game type. The auction
//! policy passes or bids the bench's type at random, so every hand is
//! played under that type. Throughput is reported in hands per second.

use criterion::{Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Turn};
use tauler::games::muzicando::{Action, GameType, Muzicando, Options};

/// Plays one random team hand whose contract has type `game_type`; returns
/// the number of actions (so the work cannot be optimised away).
fn random_hand(
    game_type: GameType,
    rng: &mut Xoshiro256PlusPlus,
    actions: &mut Vec<Action>,
) -> usize {
    let mut state = Muzicando::new(&Options::default());
    let mut outcomes = Vec::with_capacity(56);
    let mut plies = 0;
    loop {
        match state.turn() {
            Turn::Terminal => return plies,
            Turn::Chance => {
                state.chance_outcomes(&mut outcomes);
                let (action, _) = outcomes[rng.gen_range(0..outcomes.len())];
                state.apply(action);
            }
            Turn::Player(_) => {
                state.legal_actions(actions);
                actions.retain(|a| !matches!(a, Action::Bid(b) if b.game_type() != game_type));
                let action = actions[rng.gen_range(0..actions.len())];
                state.apply(action);
            }
        }
        plies += 1;
    }
}

/// Registers the per-type hand playout benches.
pub fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("muzicando_team_hands");
    group.throughput(Throughput::Elements(1));
    for game_type in GameType::ALL {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut actions = Vec::with_capacity(64);
        group.bench_function(game_type.to_string(), |b| {
            b.iter(|| random_hand(game_type, &mut rng, &mut actions));
        });
    }
    group.finish();
}

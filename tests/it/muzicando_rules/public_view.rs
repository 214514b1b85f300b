//! The public view rebuilt from an observation matches the true state's
//! public parts (auction, contract, table, players still in) at every turn
//! of random hands, team and individual.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::options;
use tauler::game::{Game, HiddenInfo, Turn};
use tauler::games::muzicando::Muzicando;

fn check_random_hands(pairs: &[&str], hands: u64) {
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for seed in 0..hands {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut state = Muzicando::new(&options(pairs));
        loop {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    state.chance_outcomes(&mut outcomes);
                    let i = rng.gen_range(0..outcomes.len());
                    state.apply(outcomes[i].0);
                }
                Turn::Player(seat) => {
                    let view = state.observation(seat).public_view();
                    assert_eq!(view.auction, *state.auction());
                    assert_eq!(view.contract, state.contract());
                    assert_eq!(view.table.cards(), state.table().cards());
                    assert_eq!(view.table.playable_notes(), state.table().playable_notes());
                    assert_eq!(view.table.game_type(), state.table().game_type());
                    assert_eq!(view.active, state.active());
                    state.legal_actions(&mut legal);
                    let i = rng.gen_range(0..legal.len());
                    state.apply(legal[i]);
                }
            }
        }
    }
}

#[test]
fn the_public_view_matches_the_team_game() {
    check_random_hands(&[], 30);
}

#[test]
fn the_public_view_matches_the_individual_game() {
    for players in ["players=2", "players=5", "players=8"] {
        check_random_hands(&[players], 20);
    }
}

#[test]
fn the_public_view_follows_the_wider_glissando_rows() {
    check_random_hands(&["glissando_rows=any"], 20);
    check_random_hands(&["glissando_rows=any", "players=3"], 20);
}

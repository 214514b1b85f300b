//! Muzicando through the generic conformance suite: the team game under
//! each contract type and the individual game at several table sizes, from
//! the very start (dealing included).

use tauler::game::{Game, GameOptions};
use tauler::games::muzicando::{Muzicando, Options};

use crate::suite::{random_playouts, sampled_worlds_agree, Budget};

fn options(pairs: &[&str]) -> Options {
    Options::from_pairs(pairs.iter().copied()).expect("valid options")
}

#[test]
fn team_game_random_playouts() {
    let start = Muzicando::new(&Options::default());
    random_playouts(
        &start,
        Budget {
            playouts: 40,
            max_plies: 600,
            seed: 1,
        },
    );
}

#[test]
fn team_game_variants_random_playouts() {
    for pairs in [&["pause=until-pass"][..], &["finish=full", "dealer=2"][..]] {
        let start = Muzicando::new(&options(pairs));
        random_playouts(
            &start,
            Budget {
                playouts: 20,
                max_plies: 600,
                seed: 100,
            },
        );
    }
}

#[test]
fn individual_game_random_playouts() {
    for players in 2..=8 {
        let start = Muzicando::new(&options(&[&format!("players={players}")]));
        random_playouts(
            &start,
            Budget {
                playouts: 10,
                max_plies: 2000,
                seed: 7,
            },
        );
    }
}

#[test]
fn team_game_sampled_worlds_agree() {
    let start = Muzicando::new(&Options::default());
    sampled_worlds_agree(
        &start,
        Budget {
            playouts: 6,
            max_plies: 400,
            seed: 3,
        },
    );
}

#[test]
fn individual_game_sampled_worlds_agree() {
    for players in [2, 3, 5, 8] {
        let start = Muzicando::new(&options(&[&format!("players={players}")]));
        sampled_worlds_agree(
            &start,
            Budget {
                playouts: 3,
                max_plies: 1000,
                seed: 11,
            },
        );
    }
}

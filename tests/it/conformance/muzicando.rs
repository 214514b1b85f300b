//! Muzicando through the generic conformance suite: the team game under
//! each contract type and the individual game at several table sizes, from
//! the very start (dealing included).

use tauler::game::{Game, GameOptions};
use tauler::games::muzicando::{Muzicando, Options};

use crate::conformance::suite::{
    random_playouts, refused_or_playable, sampled_worlds_agree, Budget,
};

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

#[test]
fn edge_positions_are_refused_or_playable() {
    // Positions replay the hand from the deal, so an impossible deal (a
    // card dealt twice, a dealer who is not at the table) is refused, and
    // every partial deal is a chance node with the undealt cards to come.
    let full = "0/R1R2R3R4R5R6R7RxO1O2O3O4O5O6O7OxY1Y2Y3Y4Y5Y6Y7YxG1G2G3G4G5G6G7GxB1B2B3B4B5B6B7BxP1P2P3P4P5P6P7PxV1V2V3V4V5V6V7Vx/";
    let texts = ["0//", "0/R1R2/", "0/R1R1/", "9//", "0/R1R2R/", full];
    assert_eq!(
        refused_or_playable::<Muzicando>(&Options::default(), &texts),
        3
    );
    let individual = options(&["players=3"]);
    assert_eq!(
        refused_or_playable::<Muzicando>(&individual, &["0//", "1/R1/", "3//"]),
        1
    );
}

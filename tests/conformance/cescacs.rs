//! C'escacs in the generic conformance suite.

use tauler::game::{Game, Notation};
use tauler::games::cescacs::{Cescacs, Options};

use crate::suite::{random_playouts, Budget};

#[test]
fn random_games_from_the_start() {
    let start = Cescacs::new(&Options::default());
    random_playouts(
        &start,
        Budget {
            playouts: 4,
            max_plies: 3000,
            seed: 1,
        },
    );
}

#[test]
fn random_games_without_castling() {
    let options = Options {
        castling: false,
        ..Options::default()
    };
    random_playouts(
        &Cescacs::new(&options),
        Budget {
            playouts: 2,
            max_plies: 3000,
            seed: 100,
        },
    );
}

#[test]
fn random_games_from_the_oracle_positions() {
    let lines = include_str!("../data/cescacs-perft.txt").lines();
    for line in lines.filter(|l| !l.starts_with('#')) {
        let Some((_, rest)) = line.split_once(';') else {
            continue;
        };
        let pdtl = rest.split(';').next().unwrap().trim();
        let state = Cescacs::parse_position(pdtl, &Options::default()).unwrap();
        random_playouts(
            &state,
            Budget {
                playouts: 1,
                max_plies: 3000,
                seed: 7,
            },
        );
    }
}

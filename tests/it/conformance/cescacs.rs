//! C'escacs in the generic conformance suite.

use tauler::game::{Game, Notation};
use tauler::games::cescacs::{Cescacs, Options};

use crate::conformance::suite::{random_playouts, refused_or_playable, Budget};

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
    let lines = include_str!("../../data/cescacs-perft.txt").lines();
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

#[test]
fn edge_positions_are_refused_or_playable() {
    let texts = [
        // Bare kings; a king missing (refused); three rooks (refused); the
        // side not to move in check (refused).
        "/19:7k/9:K7/ w - - 0 1",
        "/9:K7/ w - - 0 1",
        "/19:7k/9:K7/5:rrr3/ w - - 0 1",
        "/19:7k/17:7D/9:K7/ w - - 0 1",
    ];
    let refused = refused_or_playable::<Cescacs>(&Options::default(), &texts);
    assert_eq!(refused, 3);
}

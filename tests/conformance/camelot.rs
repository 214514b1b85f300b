//! Camelot against the generic contract checks.

use tauler::game::{Game, Notation};
use tauler::games::camelot::{Camelot, Options};

use crate::suite::{random_playouts, Budget};

#[test]
fn random_playouts_from_the_start() {
    random_playouts(
        &Camelot::new(&Options),
        Budget {
            playouts: 12,
            max_plies: 2000,
            seed: 3,
        },
    );
}

#[test]
fn random_playouts_from_castle_and_capture_positions() {
    for position in [
        "2/8/10/12/7m4/2kmmmm1m3/3km1mmk3/5m1k4/12/2MKMM1MK3/2KM1MM1MK2/3M2M5/12/10/8/2 b 0,0",
        "M1/5M2/10/5k6/12/12/12/12/12/12/3K2K5/12/12/10/8/m1 w 0,1",
        "2/8/10/12/12/12/9km1/12/12/12/12/4M7/2m9/10/2M1m3/K1 w 0,0",
    ] {
        let state = Camelot::parse_position(position, &Options).expect("a valid position");
        random_playouts(
            &state,
            Budget {
                playouts: 6,
                max_plies: 2000,
                seed: 11,
            },
        );
    }
}

//! Camelot against the generic contract checks.

use tauler::game::{Game, Notation};
use tauler::games::camelot::{Camelot, Options};

use crate::conformance::suite::{random_playouts, refused_or_playable, Budget};

#[test]
fn random_playouts_from_the_start() {
    random_playouts(
        &Camelot::new(&Options::default()),
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
        let state =
            Camelot::parse_position(position, &Options::default()).expect("a valid position");
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

#[test]
fn edge_positions_are_refused_or_playable() {
    let texts = [
        // A bare board, one side without pieces, a lone piece each.
        "2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 w 0,0",
        "2/8/10/12/12/12/12/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 b 0,0",
        "2/8/10/12/12/12/6m5/12/12/5M6/12/12/12/10/8/2 w 0,0",
        // Five knights (refused), fifteen pieces (refused).
        "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMKK2/12/12/10/8/2 w 0,0",
        "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/5M6/12/10/8/2 w 0,0",
    ];
    assert_eq!(
        refused_or_playable::<Camelot>(&Options::default(), &texts),
        2
    );
}

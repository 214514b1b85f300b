//! Card chess through the generic conformance suite: with the default
//! deck, the basic deck, the harsher options, and as plain chess.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, GameOptions};
use tauler::games::cardchess::{CardChess, CardChessOptions};

use std::sync::Arc;

use tauler::games::cardchess::Deck;

use crate::conformance::suite::{random_playouts, refused_or_playable, Budget};

fn start(pairs: &[&str]) -> CardChess {
    let options = CardChessOptions::from_pairs(pairs.iter().copied()).expect("options");
    CardChess::new(&options)
}

#[test]
fn default_deck_playouts() {
    random_playouts(
        &start(&[]),
        Budget {
            playouts: 12,
            max_plies: 4000,
            seed: 1,
        },
    );
}

#[test]
fn fixed_deck_order_playouts() {
    let mut state = start(&[]);
    state.fix_deck_order(&mut Xoshiro256PlusPlus::seed_from_u64(9));
    random_playouts(
        &state,
        Budget {
            playouts: 4,
            max_plies: 4000,
            seed: 50,
        },
    );
}

#[test]
fn basic_deck_and_options_playouts() {
    for pairs in [
        &["deck=basic"][..],
        &["mandatory_card=on", "king_capture=on"],
        &["first_edition=on", "bomb=cruel"],
        &["bomb=fierce"],
        &["bomb=mad", "mandatory_card=on"],
    ] {
        random_playouts(
            &start(pairs),
            Budget {
                playouts: 4,
                max_plies: 4000,
                seed: 100,
            },
        );
    }
}

#[test]
fn plain_chess_playouts() {
    random_playouts(
        &start(&["cards=off"]),
        Budget {
            playouts: 20,
            max_plies: 1000,
            seed: 7,
        },
    );
}

#[test]
fn a_chance_node_always_has_a_card_to_draw() {
    let options = CardChessOptions::default();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let texts = [
        format!("{start} | phase=drawing pile=- discard=-"),
        format!("{start} | phase=drawing pile=-"),
        format!("{start} | phase=drawing"),
    ];
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    assert_eq!(refused_or_playable::<CardChess>(&options, &texts), 1);

    // A deck whose only card is held: nothing can be drawn, and a state
    // waiting for a card is refused.
    let held_only = CardChessOptions {
        deck: Arc::new(Deck::parse("1 veto").expect("deck")),
        ..CardChessOptions::default()
    };
    let texts = [
        format!("{start} | held0=veto phase=drawing"),
        format!("{start} | held0=veto pile=- discard=- phase=drawing"),
        format!("{start} | held0=veto"),
    ];
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    assert_eq!(refused_or_playable::<CardChess>(&held_only, &texts), 2);
}

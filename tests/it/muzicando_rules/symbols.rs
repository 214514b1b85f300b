//! Symbol effects (§2.4): who is skipped, over the players still in the
//! hand, without accumulating; the pause's extra turn, its `until-pass`
//! option, and the pause as a last card.

use super::{accepts, deal, legal, options, play, to_move};
use tauler::game::Game;
use tauler::games::muzicando::cards::Card;
use tauler::games::muzicando::{Action, Muzicando};

/// Seat 0 declares Muzicando holding the red, yellow, blue and violet Dos
/// and their symbols (plus the rest of the red suit); seat 2 holds the
/// orange Do, the blue flat's partner symbol and some notes.
fn muzicando_hand(extra: &[&str]) -> Muzicando {
    let mut state = deal(
        &options(&[&["dealer=3"], extra].concat()),
        &[
            "R-Do Y-Do B-Do V-Do R-# Y-nat B-b V-pause",
            "O-Re O-Mi",
            "O-Do P-b",
        ],
    );
    play(&mut state, "1M pass pass pass");
    state
}

/// The first legal action that is not a symbol (a note or a pass).
fn plain(state: &mut Muzicando) {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    let action = actions
        .into_iter()
        .find(|a| !matches!(a, Action::Place(c, _) if !c.is_note()))
        .expect("a note or a pass");
    state.apply(action);
}

/// Seat 0 opens with a Do and the others play round back to seat 0.
fn open(state: &mut Muzicando, note: &str) {
    assert_eq!(to_move(state), 0);
    play(state, note);
    while to_move(state) != 0 {
        plain(state);
    }
}

#[test]
fn symbols_are_optional() {
    let mut state = muzicando_hand(&[]);
    open(&mut state, "R-Do");
    assert!(legal(&state).contains(&"R-#".to_string()));
    assert!(
        legal(&state).contains(&"R-Re".to_string()),
        "a note instead"
    );
    assert!(!accepts(&state, "pass"), "notes are compulsory");
}

#[test]
fn sharp_skips_the_next_player() {
    let mut state = muzicando_hand(&[]);
    open(&mut state, "R-Do");
    play(&mut state, "R-#");
    assert_eq!(to_move(&state), 2, "seat 1 skipped");
    plain(&mut state);
    plain(&mut state);
    plain(&mut state);
    assert_eq!(to_move(&state), 1, "the skip lasted one turn");
}

#[test]
fn natural_skips_the_next_and_the_previous_player() {
    let mut state = muzicando_hand(&[]);
    open(&mut state, "Y-Do");
    play(&mut state, "Y-nat");
    assert_eq!(to_move(&state), 2, "seat 1 skipped");
    plain(&mut state);
    assert_eq!(to_move(&state), 0, "seat 3 skipped");
    plain(&mut state);
    assert_eq!(to_move(&state), 1, "each skipped once");
}

#[test]
fn flat_skips_the_previous_player() {
    let mut state = muzicando_hand(&[]);
    open(&mut state, "B-Do");
    play(&mut state, "B-b");
    assert_eq!(to_move(&state), 1);
    plain(&mut state);
    plain(&mut state);
    assert_eq!(to_move(&state), 0, "seat 3 skipped");
}

#[test]
fn pause_gives_its_player_one_extra_turn_symbols_included() {
    let mut state = muzicando_hand(&[]);
    open(&mut state, "V-Do");
    open(&mut state, "R-Do");
    play(&mut state, "V-pause");
    assert_eq!(to_move(&state), 0, "everyone else skipped");
    assert!(accepts(&state, "R-#"), "any card, symbols included");
    play(&mut state, "R-Re");
    assert_eq!(to_move(&state), 1, "one extra turn only");
}

#[test]
fn pause_until_pass_lets_its_player_play_on_until_he_passes() {
    let mut state = muzicando_hand(&["pause=until-pass"]);
    open(&mut state, "V-Do");
    open(&mut state, "R-Do");
    play(&mut state, "V-pause R-Re R-Mi R-Fa");
    assert_eq!(to_move(&state), 0, "still playing on");
    play(&mut state, "R-Sol R-La R-Si Y-Do B-Do");
    assert_eq!(to_move(&state), 0);
    while !accepts(&state, "pass") {
        plain(&mut state);
        assert_eq!(to_move(&state), 0);
    }
    play(&mut state, "pass");
    assert_eq!(to_move(&state), 1, "the run ends with his pass");
}

#[test]
fn blocks_do_not_accumulate() {
    // Seat 2's flat blocks seat 1; seat 0's sharp blocks seat 1 again before
    // seat 1's turn comes: seat 1 misses one turn, not two.
    let mut state = muzicando_hand(&[]);
    open(&mut state, "R-Do");
    play(&mut state, "R-Re");
    plain(&mut state);
    assert_eq!(to_move(&state), 2);
    play(&mut state, "P-b");
    assert_eq!(state.blocked(), 0b0010, "seat 2's flat blocks seat 1");
    plain(&mut state);
    play(&mut state, "R-#");
    assert_eq!(to_move(&state), 2, "seat 1 skipped once");
    plain(&mut state);
    plain(&mut state);
    plain(&mut state);
    assert_eq!(to_move(&state), 1, "and not a second time");
}

/// Seat 0 to move in a Muzicando hand with the violet, red and blue piles
/// open, holding only `cards`, with seat `gone` already out of the hand.
fn crafted(cards: &[&str], gone: Option<usize>, extra: &[&str]) -> Muzicando {
    let mut state = muzicando_hand(extra);
    open(&mut state, "V-Do");
    open(&mut state, "R-Do");
    open(&mut state, "B-Do");
    let cards = cards
        .iter()
        .fold(0, |m, n| m | Card::parse(n).unwrap().bit());
    state.set_hand(0, cards);
    if let Some(seat) = gone {
        state.set_hand(seat, 0);
    }
    state
}

#[test]
fn pause_as_last_card_hands_the_turn_to_the_partner() {
    let mut state = crafted(&["V-pause"], None, &[]);
    play(&mut state, "V-pause");
    assert_eq!(state.shed(), [0]);
    assert_eq!(to_move(&state), 2, "partner plays next");
    assert_eq!(state.blocked(), 0);
    plain(&mut state);
    assert_eq!(to_move(&state), 3, "then the rotation goes on");
}

#[test]
fn pause_as_last_card_with_the_partner_out_goes_to_the_next_player() {
    let mut state = crafted(&["V-pause"], Some(2), &["finish=full"]);
    play(&mut state, "V-pause");
    assert_eq!(to_move(&state), 1);
}

#[test]
fn skips_count_over_the_players_still_in_the_hand() {
    // Seat 1 is out: the sharp skips seat 2, the next player still in.
    let mut state = crafted(&["R-#", "R-Re"], Some(1), &[]);
    play(&mut state, "R-#");
    assert_eq!(to_move(&state), 3);
    // Seat 3 is out: the flat skips seat 2, the previous player still in.
    let mut state = crafted(&["B-b", "R-Re"], Some(3), &[]);
    play(&mut state, "B-b");
    assert_eq!(to_move(&state), 1);
    plain(&mut state);
    assert_eq!(to_move(&state), 0, "seat 2 skipped, seat 3 not counted");
    // Two players left: the natural's next and previous are the same player,
    // skipped once.
    let mut state = crafted(&["Y-nat", "Y-Do", "R-Re"], Some(1), &["finish=full"]);
    state.set_hand(3, 0);
    play(&mut state, "Y-Do");
    assert_eq!(to_move(&state), 2);
    plain(&mut state);
    play(&mut state, "Y-nat");
    assert_eq!(to_move(&state), 0, "the sole other player misses one turn");
    assert_eq!(state.blocked(), 0);
    plain(&mut state);
    assert_eq!(to_move(&state), 2, "only one");
}

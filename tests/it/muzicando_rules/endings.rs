//! How a team hand ends (§2.3): places taken by shedding, the deadlock after
//! a full round of passes, and the stop once the score is decided.

use super::{deal, options, play, to_move};
use tauler::game::{Game, Turn};
use tauler::games::muzicando::cards::Card;
use tauler::games::muzicando::{Muzicando, Phase};

/// A Muzicando hand declared by seat 0 with the red pile at Do, then the
/// hands replaced by the given cards (a crafted end-game).
fn end_game(hands: [&str; 4], extra: &[&str]) -> Muzicando {
    let mut state = deal(
        &options(&[&["dealer=3"], extra].concat()),
        &["R-Do O-Do Y-Do G-Do B-Do P-Do V-Do"],
    );
    play(&mut state, "1M pass pass pass R-Do");
    while to_move(&state) != 0 {
        play(&mut state, "pass");
    }
    for (seat, names) in hands.iter().enumerate() {
        let cards = names
            .split_whitespace()
            .fold(0, |m, n| m | Card::parse(n).unwrap().bit());
        state.set_hand(seat, cards);
    }
    state
}

#[test]
fn shedding_the_last_card_takes_the_next_place_and_leaves_the_rotation() {
    let mut state = end_game(
        ["R-Re", "R-Mi O-Re", "R-Fa", "R-Sol O-Mi"],
        &["finish=full"],
    );
    play(&mut state, "R-Re");
    assert_eq!(state.shed(), [0], "first place");
    assert_eq!(state.active(), 0b1110);
    play(&mut state, "R-Mi R-Fa");
    assert_eq!(state.shed(), [0, 2]);
    play(&mut state, "R-Sol");
    assert_eq!(to_move(&state), 1, "seats 0 and 2 are no longer served");
    play(&mut state, "pass pass");
    assert_eq!(state.phase(), Phase::Over, "every player left passed");
    assert_eq!(state.ranking(), [0, 2, 1, 3]);
}

#[test]
fn a_full_round_of_passes_ends_the_hand_and_ranks_by_cards_left() {
    // Nobody holds R-Re: the red pile is stuck at Do.
    let mut state = end_game(["R-Mi R-Fa", "R-Sol", "R-La R-Si", "R-# O-Sol"], &[]);
    play(&mut state, "pass pass pass");
    assert_eq!(to_move(&state), 3);
    play(&mut state, "R-#");
    assert_eq!(
        state.phase(),
        Phase::Play,
        "a placement starts the count again"
    );
    assert_eq!(
        to_move(&state),
        1,
        "seat 0 skipped by the sharp: a skip is not a pass"
    );
    play(&mut state, "pass pass pass");
    assert_eq!(to_move(&state), 0);
    play(&mut state, "pass");
    assert_eq!(state.phase(), Phase::Over);
    // Cards left: seat 1 one, seat 3 one, seats 0 and 2 two; ties in turn
    // order from the player after seat 3, the last to place a card.
    assert_eq!(state.ranking(), [1, 3, 0, 2]);
}

#[test]
fn the_hand_stops_once_the_players_left_are_all_on_one_team() {
    let mut state = end_game(["R-Re", "R-Mi O-Re", "R-Fa", "R-Sol O-Mi O-Fa"], &[]);
    play(&mut state, "R-Re R-Mi R-Fa");
    assert_eq!(
        state.turn(),
        Turn::Terminal,
        "north-south both out: 3rd and 4th go to east-west"
    );
    assert_eq!(state.ranking(), [0, 2, 1, 3], "seat 1 has fewer cards left");
    let points = state.points().unwrap();
    assert_eq!(points[0], 4 + 3 + 5, "1M won by north-south");
    assert_eq!(points[1], 2 + 1);
}

#[test]
fn with_finish_full_the_last_players_play_on() {
    let mut state = end_game(
        ["R-Re", "R-Mi O-Re", "R-Fa", "R-Sol O-Mi O-Fa"],
        &["finish=full"],
    );
    play(&mut state, "R-Re R-Mi R-Fa");
    assert_eq!(state.phase(), Phase::Play);
    play(&mut state, "R-Sol pass pass");
    assert_eq!(state.phase(), Phase::Over);
    assert_eq!(state.ranking(), [0, 2, 1, 3]);
}

#[test]
fn returns_are_the_team_points_for_both_partners() {
    let mut state = end_game(["R-Re", "R-Mi O-Re", "R-Fa", "R-Sol O-Mi O-Fa"], &[]);
    play(&mut state, "R-Re R-Mi R-Fa");
    let returns = state.returns().unwrap();
    assert_eq!(returns.as_slice(), [12.0, 3.0, 12.0, 3.0]);
}

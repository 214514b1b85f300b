//! The auction (§2.2) and the declarer's first play (§2.3).

use super::{accepts, deal, legal, options, play, to_move};
use tauler::game::Game;
use tauler::games::muzicando::auction::Bid;
use tauler::games::muzicando::layouts::GameType;
use tauler::games::muzicando::Phase;

fn start() -> tauler::games::muzicando::Muzicando {
    deal(&options(&["dealer=3"]), &[])
}

#[test]
fn bids_rank_1s_to_4m_and_values_are_level_plus_type() {
    let names: Vec<String> = Bid::all().map(|b| b.to_string()).collect();
    assert_eq!(
        names.join(" "),
        "1S 1G 1P 1M 2S 2G 2P 2M 3S 3G 3P 3M 4S 4G 4P 4M"
    );
    let value = |t: &str| Bid::parse(t).unwrap().value();
    assert_eq!(value("1M"), 5);
    assert_eq!(value("2S"), 3, "value is not monotone in rank");
    assert_eq!(value("4M"), 8);
    assert_eq!(value("1S"), 2);
}

#[test]
fn first_player_served_speaks_first_and_calls_go_round() {
    let mut state = start();
    assert_eq!(state.phase(), Phase::Auction);
    assert_eq!(to_move(&state), 0, "dealer 3: seat 0 is served first");
    play(&mut state, "pass");
    assert_eq!(to_move(&state), 1);
    play(&mut state, "1S");
    assert_eq!(to_move(&state), 2);
}

#[test]
fn a_call_is_a_higher_bid_or_a_pass() {
    let mut state = start();
    play(&mut state, "2P");
    assert!(!accepts(&state, "2P"), "an equal bid");
    assert!(!accepts(&state, "2G"), "a lower bid");
    assert!(!accepts(&state, "1M"), "a lower level");
    assert!(accepts(&state, "2M"));
    assert!(accepts(&state, "3S"));
    assert!(accepts(&state, "pass"));
    assert_eq!(legal(&state).len(), 1 + 9, "pass and 2M..4M");
}

#[test]
fn a_player_who_passed_may_bid_later() {
    let mut state = start();
    play(&mut state, "pass 1S pass pass");
    assert_eq!(to_move(&state), 0);
    assert!(accepts(&state, "1G"), "seat 0 passed before and re-enters");
    play(&mut state, "1G pass pass pass");
    let contract = state.contract().expect("auction over");
    assert_eq!(
        (contract.bid.unwrap().to_string(), contract.declarer),
        ("1G".to_string(), 0)
    );
}

#[test]
fn three_passes_after_a_bid_end_it_and_the_declarer_plays_first() {
    let mut state = start();
    play(&mut state, "pass 2G pass pass");
    assert_eq!(state.phase(), Phase::Auction, "two passes do not end it");
    play(&mut state, "pass");
    assert_eq!(state.phase(), Phase::Play);
    let contract = state.contract().unwrap();
    assert_eq!(contract.declarer, 1);
    assert_eq!(contract.game_type, GameType::Glissando);
    assert_eq!(to_move(&state), 1, "the declarer plays first");
}

#[test]
fn a_4m_bid_ends_it_at_once() {
    let mut state = start();
    play(&mut state, "pass 1S 4M");
    assert_eq!(state.phase(), Phase::Play);
    let contract = state.contract().unwrap();
    assert_eq!((contract.bid, contract.declarer), (Bid::parse("4M"), 2));
    assert_eq!(to_move(&state), 2);
}

#[test]
fn four_opening_passes_force_the_first_player_served_to_name_a_contract() {
    let mut state = start();
    play(&mut state, "pass pass pass");
    assert_eq!(state.phase(), Phase::Auction);
    play(&mut state, "pass");
    assert_eq!(to_move(&state), 0, "back to the first player served");
    assert!(!accepts(&state, "pass"), "he may not pass");
    assert_eq!(legal(&state).len(), 16, "any bid");
    play(&mut state, "1S");
    assert_eq!(
        state.phase(),
        Phase::Play,
        "naming the contract ends the auction"
    );
    assert_eq!(state.contract().unwrap().declarer, 0);
}

#[test]
fn the_first_card_is_the_openers_only() {
    // Seat 0 declares Muzicando holding R-Do and O-Do: only Dos may open.
    let mut state = deal(&options(&["dealer=3"]), &["R-Do O-Do R-Re O-Mi"]);
    play(&mut state, "1M pass pass pass");
    assert_eq!(legal(&state), vec!["R-Do", "O-Do"]);
    // Parada and Glissando open with a circled note.
    let mut state = deal(&options(&["dealer=3"]), &["R-Do O-Re O-Do Y-Fa"]);
    play(&mut state, "1P pass pass pass");
    assert_eq!(legal(&state), vec!["R-Do", "O-Re"]);
    // Sarabanda opens with any Do at the centre.
    let mut state = deal(&options(&["dealer=3"]), &["R-Do O-Re G-Do Y-Fa"]);
    play(&mut state, "1S pass pass pass");
    assert_eq!(legal(&state), vec!["R-Do@0,0", "O-Do@0,0", "G-Do@0,0"]);
}

#[test]
fn a_declarer_without_an_opener_passes_and_the_next_who_can_open_must() {
    // Seat 0 holds no Do; seat 1 none either; seat 2 holds the Dos.
    let dos = "R-Do O-Do Y-Do G-Do B-Do P-Do V-Do";
    let mut state = deal(&options(&["dealer=3"]), &["", "", dos]);
    play(&mut state, "1M pass pass pass");
    assert_eq!(legal(&state), vec!["pass"]);
    play(&mut state, "pass");
    assert_eq!(legal(&state), vec!["pass"]);
    play(&mut state, "pass");
    assert_eq!(to_move(&state), 2);
    assert!(!accepts(&state, "pass"), "he can open, so he must");
    assert!(legal(&state).iter().all(|a| a.ends_with("-Do")));
    play(&mut state, "G-Do");
    assert_eq!(state.table().cards().count_ones(), 1);
    assert!(state.returns().is_none());
}

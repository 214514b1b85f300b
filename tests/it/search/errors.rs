//! Games alpha-beta cannot search are refused with a typed error.

use tauler::game::{Game, GameOptions, Notation};
use tauler::search::{AlphaBeta, Limits, SearchError};

use crate::search::exact::exact_config;
use crate::search::games::nim::{Nim, NimOptions};
use crate::search::games::tictactoe::{NoOptions, TicTacToe};
use crate::search::games::Zero;

fn nim(option: &str) -> Nim {
    Nim::new(&NimOptions::from_pairs([option]).unwrap())
}

#[test]
fn three_players_are_refused() {
    let error = AlphaBeta::new(Zero, exact_config()).search(&nim("seats=3"), &Limits::depth(3));
    assert_eq!(error.unwrap_err(), SearchError::NotTwoPlayer(3));
}

#[test]
fn a_chance_node_at_the_root_is_refused() {
    let error = AlphaBeta::new(Zero, exact_config()).search(&nim("chance_at=0"), &Limits::depth(3));
    assert_eq!(error.unwrap_err(), SearchError::Chance);
}

#[test]
fn a_chance_node_inside_the_tree_is_refused() {
    let error = AlphaBeta::new(Zero, exact_config()).search(&nim("chance_at=2"), &Limits::depth(4));
    assert_eq!(error.unwrap_err(), SearchError::Chance);
}

#[test]
fn a_finished_game_is_refused() {
    let over = TicTacToe::parse_position("xxxoo.... o", &NoOptions).unwrap();
    let error = AlphaBeta::new(Zero, exact_config()).search(&over, &Limits::depth(3));
    assert_eq!(error.unwrap_err(), SearchError::GameOver);
}

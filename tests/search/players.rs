//! Players: random, human (scripted input), alpha-beta, and profiles.

use std::io::Cursor;

use tauler::engine::{build_player, EngineProfile, HumanPlayer, Player, PlayerError, RandomPlayer};
use tauler::game::{Game, Turn};

use crate::games::tictactoe::{NoOptions, TicTacToe};
use crate::games::Zero;

fn start() -> TicTacToe {
    TicTacToe::new(&NoOptions)
}

const ENGINE: &str = "game = \"tictactoe\"\nsearcher = \"alphabeta\"\n[parameters]\nhash_mb = 1\n[limits]\ndepth = 9\n";

#[test]
fn the_random_player_is_legal_and_reproducible() {
    let play = |seed| {
        let mut player = RandomPlayer::new(seed);
        let mut state = start();
        let mut actions = Vec::new();
        while state.turn() != Turn::Terminal {
            let action = Player::<TicTacToe>::choose(&mut player, &state).unwrap();
            state.legal_actions(&mut actions);
            assert!(actions.contains(&action));
            state.apply(action);
            actions.push(action);
        }
        state
    };
    assert_eq!(play(4), play(4));
}

#[test]
fn a_human_is_told_about_bad_moves_and_asked_again() {
    let mut output = Vec::new();
    let mut human = HumanPlayer::new("me", Cursor::new("bogus\n\n9\n4\n"), &mut output);
    assert_eq!(
        Player::<TicTacToe>::choose(&mut human, &start()).unwrap(),
        4
    );
    drop(human);
    let text = String::from_utf8(output).unwrap();
    assert_eq!(text.matches("your move: ").count(), 4);
    assert!(text.contains("`bogus` is not a legal move here"), "{text}");
    assert!(text.contains("`9` is not a legal move here"), "{text}");
}

#[test]
fn a_human_may_resign_or_leave() {
    let mut human = HumanPlayer::new("me", Cursor::new("resign\n"), Vec::new());
    assert!(matches!(
        Player::<TicTacToe>::choose(&mut human, &start()),
        Err(PlayerError::Resigned)
    ));
    let mut human = HumanPlayer::new("me", Cursor::new(""), Vec::new());
    assert!(matches!(
        Player::<TicTacToe>::choose(&mut human, &start()),
        Err(PlayerError::InputClosed)
    ));
}

#[test]
fn a_profile_builds_its_player() {
    let profile = EngineProfile::parse("perfect", ENGINE).unwrap();
    let player = build_player::<TicTacToe, Zero>(&profile, Zero, 1).unwrap();
    assert_eq!(player.name(), "perfect");
    let wrong = EngineProfile::parse("other", "game = \"chess\"\nsearcher = \"random\"\n").unwrap();
    assert!(build_player::<TicTacToe, Zero>(&wrong, Zero, 1).is_err());
}

#[test]
fn the_engine_never_loses_to_the_random_mover() {
    let profile = EngineProfile::parse("perfect", ENGINE).unwrap();
    let mut engine = build_player::<TicTacToe, Zero>(&profile, Zero, 0).unwrap();
    for game in 0..40u64 {
        let mut random = RandomPlayer::new(game);
        engine.new_game();
        let engine_seat = (game % 2) as usize;
        let mut state = start();
        while let Turn::Player(seat) = state.turn() {
            let action = if seat == engine_seat {
                engine.choose(&state).unwrap()
            } else {
                Player::<TicTacToe>::choose(&mut random, &state).unwrap()
            };
            state.apply(action);
        }
        let returns = state.returns().unwrap();
        assert!(returns[engine_seat] >= 0.5, "game {game} lost");
    }
}

//! Players: random, alpha-beta from a profile, and a game through the match loop.

use tauler::engine::{
    ask, evaluated_player, play_out, EngineProfile, Occupant, Player, RandomPlayer, SeededChance,
};
use tauler::game::{Game, Turn};
use tauler::search::Limits;

use crate::search::games::tictactoe::{NoOptions, TicTacToe};
use crate::search::games::Zero;

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
            let action = ask(&mut player, &state, &Limits::default()).unwrap().action;
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
fn a_profile_builds_its_player() {
    let profile = EngineProfile::parse("perfect", ENGINE).unwrap();
    let player = evaluated_player::<TicTacToe, Zero>(&profile, Zero, 1).unwrap();
    assert_eq!(player.name(), "perfect");
    let rules =
        EngineProfile::parse("rules", "game = \"tictactoe\"\nsearcher = \"rules\"\n").unwrap();
    assert!(evaluated_player::<TicTacToe, Zero>(&rules, Zero, 1).is_err());
}

#[test]
fn the_engine_never_loses_to_the_random_mover() {
    let profile = EngineProfile::parse("perfect", ENGINE).unwrap();
    for game in 0..40u64 {
        let engine = evaluated_player::<TicTacToe, Zero>(&profile, Zero, 0).unwrap();
        let random: Box<dyn Player<TicTacToe>> = Box::new(RandomPlayer::new(game));
        let engine_seat = (game % 2) as usize;
        let mut seats = vec![Occupant::Engine(random)];
        seats.insert(engine_seat, Occupant::Engine(engine));
        let (ending, _) = play_out(
            start(),
            &mut seats,
            Box::new(SeededChance::new(game)),
            profile.limits.limits(),
        );
        assert!(ending.fault.is_none(), "{ending:?}");
        assert!(ending.result[engine_seat] >= 0.5, "game {game} lost");
    }
}

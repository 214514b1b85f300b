//! The greedy profiles of C'escacs and Camelot are one-ply greedy capturers:
//! on positions from seeded random games, whenever material can be won the
//! greedy player takes the most valuable capture (up to the positional
//! terms of the evaluation) or wins at once, and its tie-breaks follow its
//! seed. (C'escacs evaluations rarely tie, so there the tournament's random
//! opening plies are what make games against it differ.)

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::engine::{ask, build_player, EngineProfile, Playable, Player};
use tauler::game::{Game, Turn};
use tauler::search::Limits;
use tauler::search::{AlphaBetaGame, Evaluator};

/// Positions along seeded random games, `plies` of them at most per game.
fn positions<G: Game>(options: &G::Options, games: u64, plies: usize) -> Vec<G> {
    let mut out = Vec::new();
    let mut actions = Vec::new();
    for seed in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut state = G::new(options);
        for _ in 0..plies {
            if !matches!(state.turn(), Turn::Player(_)) {
                break;
            }
            out.push(state.clone());
            state.legal_actions(&mut actions);
            state.apply(actions[rng.gen_range(0..actions.len())]);
        }
    }
    out
}

/// The material `action` wins by the game's evaluator (0 for a quiet move).
fn gain<G: AlphaBetaGame>(eval: &G::Evaluator, state: &G, action: G::Action) -> i32 {
    if eval.is_noisy(state, action) {
        eval.capture_gain(state, action).unwrap_or(0)
    } else {
        0
    }
}

/// Among `states` where material can be won: how many there were, and in how
/// many the greedy profile `name` took the most valuable capture (or won at
/// once); panics if it ever forgoes more than `slack` of material but to win.
fn greedy_captures<G: AlphaBetaGame + Playable>(
    name: &str,
    states: &[G],
    slack: i32,
) -> (usize, usize) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("engines");
    let profile = EngineProfile::load_from(&dir, name).unwrap();
    let mut player = build_player::<G>(&profile, 1).unwrap();
    let eval = G::Evaluator::default();
    let mut actions = Vec::new();
    let (mut chances, mut taken) = (0, 0);
    for state in states {
        state.legal_actions(&mut actions);
        let best = actions
            .iter()
            .map(|&a| gain(&eval, state, a))
            .max()
            .unwrap_or(0);
        if best <= 0 {
            continue;
        }
        let chosen = ask(player.as_mut(), state, &Limits::default())
            .unwrap()
            .action;
        assert!(actions.contains(&chosen), "{name} chose an illegal action");
        let got = gain(&eval, state, chosen);
        let mut child = state.clone();
        child.apply(chosen);
        let wins_at_once = child.turn() == Turn::Terminal;
        assert!(
            wins_at_once || got >= best - slack,
            "{name} won {got} where {best} was available"
        );
        chances += 1;
        taken += usize::from(wins_at_once || got == best);
    }
    (chances, taken)
}

/// Whether two seeds of profile `name` ever choose differently on `states`,
/// and whether one seed always chooses the same.
fn tie_breaks_follow_the_seed<G: AlphaBetaGame + Playable>(
    name: &str,
    states: &[G],
) -> (bool, bool) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("engines");
    let profile = EngineProfile::load_from(&dir, name).unwrap();
    let choices = |seed| {
        let mut player: Box<dyn Player<G>> = build_player::<G>(&profile, seed).unwrap();
        states
            .iter()
            .map(|s| ask(player.as_mut(), s, &Limits::default()).unwrap().action)
            .collect::<Vec<_>>()
    };
    let first = choices(1);
    (first != choices(2), first == choices(1))
}

#[test]
fn the_cescacs_greedy_player_takes_the_most_valuable_capture() {
    use tauler::games::cescacs::{Cescacs, Options};
    let states = positions::<Cescacs>(&Options::default(), 6, 120);
    let (chances, taken) = greedy_captures("cescacs-greedy", &states, 150);
    println!("cescacs-greedy took the most valuable capture in {taken} of {chances}");
    assert!(chances >= 50, "only {chances} positions with a capture");
    assert!(taken * 10 >= chances * 9, "{taken} of {chances}");
}

#[test]
fn the_camelot_greedy_player_takes_the_most_valuable_capture() {
    use tauler::games::camelot::{Camelot, Options};
    let states = positions::<Camelot>(&Options::default(), 10, 120);
    let (chances, taken) = greedy_captures("camelot-greedy", &states, 150);
    println!("camelot-greedy took the most valuable capture in {taken} of {chances}");
    assert!(chances >= 50, "only {chances} positions with a capture");
    assert!(taken * 10 >= chances * 9, "{taken} of {chances}");
}

#[test]
fn the_greedy_players_break_ties_by_seed() {
    use tauler::games::camelot::{Camelot, Options as CamelotOptions};
    use tauler::games::cescacs::{Cescacs, Options};
    let states = positions::<Cescacs>(&Options::default(), 2, 30);
    assert!(tie_breaks_follow_the_seed("cescacs-greedy", &states).1);
    let states = positions::<Camelot>(&CamelotOptions::default(), 2, 30);
    assert_eq!(
        tie_breaks_follow_the_seed("camelot-greedy", &states),
        (true, true)
    );
}

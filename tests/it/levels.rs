//! The playing levels' move choice (src/engine/level.rs) through real
//! level profiles: a seed repeats a level's moves, different seeds vary
//! them, every move is legal, and at a temperature near zero a level plays
//! exactly its search's best move.

use tauler::engine::{ask, build_player, Catalogue, EngineProfile, Playable};
use tauler::game::{Game, GameOptions};
use tauler::games::camelot::Camelot;
use tauler::games::cardchess::CardChess;

fn profile(name: &str) -> EngineProfile {
    Catalogue::built_in().get(name).unwrap()
}

/// The first `plies` moves `profile` plays against itself from `start`,
/// its players seeded `seed`.
fn self_play<G: Playable>(
    profile: &EngineProfile,
    start: &G,
    seed: u64,
    plies: usize,
) -> Vec<String> {
    let mut players = [
        build_player::<G>(profile, seed).unwrap(),
        build_player::<G>(profile, seed + 1).unwrap(),
    ];
    let limits = profile.limits.limits();
    let mut state = start.clone();
    let mut moves = Vec::new();
    for ply in 0..plies {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        let decision = ask(players[ply % 2].as_mut(), &state, &limits).unwrap();
        assert!(
            legal.contains(&decision.action),
            "{}: illegal",
            profile.name
        );
        moves.push(state.format_action(decision.action));
        state.apply(decision.action);
    }
    moves
}

fn varies_by_seed_only<G: Playable>(name: &str, start: &G) {
    let profile = profile(name);
    let first = self_play(&profile, start, 1, 6);
    assert_eq!(
        first,
        self_play(&profile, start, 1, 6),
        "{name}: a seed repeats"
    );
    let games: std::collections::BTreeSet<Vec<String>> = (2..8)
        .map(|seed| self_play(&profile, start, seed, 6))
        .collect();
    assert!(games.len() > 1, "{name}: seeds vary the play");
}

#[test]
fn alpha_beta_levels_repeat_by_seed_and_vary_without() {
    varies_by_seed_only("camelot-level-1", &Camelot::new(&Default::default()));
    let chess = CardChess::new(&GameOptions::from_pairs(["cards=off"]).unwrap());
    varies_by_seed_only("chess-level-2", &chess);
}

#[test]
fn expectimax_levels_repeat_by_seed_and_vary_without() {
    varies_by_seed_only("cardchess-level-1", &CardChess::new(&Default::default()));
}

#[test]
fn visit_counting_levels_repeat_by_seed_and_vary_without() {
    let mut level = profile("cardchess-mcts-weak");
    level.choice = Some(tauler::engine::level::Choice { temperature: 1.0 });
    level.limits.nodes = Some(50);
    let start = CardChess::new(&Default::default());
    let moves = |seed| self_play(&level, &start, seed, 6);
    assert_eq!(moves(1), moves(1), "a seed repeats");
    let games: std::collections::BTreeSet<Vec<String>> = (2..8).map(moves).collect();
    assert!(games.len() > 1, "seeds vary the play");
}

/// A card chess level at a temperature near zero plays an action its
/// search values best: the value the plain expectimax search finds, from
/// the root actions it values one by one (the draw among them).
#[test]
fn near_zero_temperature_expectimax_plays_the_best() {
    let level = profile("cardchess-level-3");
    let mut cold = level.clone();
    cold.choice.as_mut().unwrap().temperature = 0.001;
    let mut plain = level.clone();
    plain.choice = None;
    let limits = level.limits.limits();
    let mut state = CardChess::new(&Default::default());
    let mut plies = 0;
    while plies < 6 {
        if state.turn() == tauler::game::Turn::Chance {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            state.apply(outcomes[0].0);
            continue;
        }
        let mut a = build_player::<CardChess>(&cold, 9).unwrap();
        let mut b = build_player::<CardChess>(&plain, 9).unwrap();
        let chosen = ask(a.as_mut(), &state, &limits).unwrap();
        let best = ask(b.as_mut(), &state, &limits).unwrap();
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        assert_eq!(chosen.lines.len(), legal.len(), "every root action scored");
        assert_eq!(chosen.score, best.score);
        assert_eq!(chosen.score, Some(chosen.lines[0].score.0));
        state.apply(best.action);
        plies += 1;
    }
}

#[test]
fn near_zero_temperature_plays_the_search_s_best() {
    for name in ["camelot-level-3", "chess-level-4", "cescacs-level-2"] {
        let level = profile(name);
        let mut cold = level.clone();
        cold.choice.as_mut().unwrap().temperature = 0.001;
        let mut plain = level.clone();
        plain.choice = None;
        let limits = level.limits.limits();
        tauler::with_game!(
            tauler::games::GameId::ALL
                .iter()
                .copied()
                .find(|g| g.name() == level.game)
                .unwrap(),
            G => {
                let mut state = G::new(&plain.game_options().unwrap());
                for _ in 0..4 {
                    let mut a = build_player::<G>(&cold, 9).unwrap();
                    let mut b = build_player::<G>(&plain, 9).unwrap();
                    let chosen = ask(a.as_mut(), &state, &limits).unwrap();
                    let best = ask(b.as_mut(), &state, &limits).unwrap();
                    assert!(best.lines.len() > 1, "{name} scores several root moves");
                    // The same search: the best line's move, or one scored
                    // exactly as well (a tie is drawn between).
                    assert_eq!(chosen.score, best.score, "{name}");
                    let line = best
                        .lines
                        .iter()
                        .find(|line| line.pv[0] == chosen.action)
                        .unwrap();
                    assert_eq!(line.score, best.lines[0].score, "{name}");
                    state.apply(best.action);
                }
            }
        );
    }
}

#[test]
fn a_budget_spent_before_depth_one_still_draws_among_scored_moves() {
    let mut level = profile("cescacs-level-3");
    level.limits.nodes = Some(1);
    let state = tauler::games::cescacs::Cescacs::new(&Default::default());
    let mut player = build_player(&level, 3).unwrap();
    let decision = ask(player.as_mut(), &state, &level.limits.limits()).unwrap();
    assert!(decision.stats.depth >= 1, "depth {}", decision.stats.depth);
    assert!(decision.lines.len() > 1, "the level scores several moves");
    assert!(decision
        .lines
        .iter()
        .any(|line| line.pv[0] == decision.action));
}

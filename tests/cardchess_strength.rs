//! Card chess strength by duplicate pairs: each pair plays two games on the
//! same deck order with colours swapped, so luck of the draw cancels out.
//! Slow: `cargo test --release --test cardchess_strength -- --ignored --nocapture`
//! (`PAIRS=N` sets the number of pairs, 200 by default).

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use tauler::engine::{ExpectimaxPlayer, GreedyPlayer, MctsPlayer, Player, RandomPlayer};
use tauler::game::{Game, Turn};
use tauler::games::cardchess::{CardChess, CardChessEval, CardChessOptions};
use tauler::search::expectimax::Pruning;
use tauler::search::mcts::MctsConfig;
use tauler::search::Limits;

/// Games longer than this many decisions are scored as draws.
const MAX_DECISIONS: usize = 400;

type Maker = fn(u64) -> Box<dyn Player<CardChess>>;

/// Plays one game on a deck order fixed by `seed`; `players[seat]` moves
/// for `seat` and sees the state without the deck order. Returns seat 0's
/// points.
fn play(players: &mut [Box<dyn Player<CardChess>>; 2], seed: u64) -> f64 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = CardChess::new(&CardChessOptions::default());
    state.fix_deck_order(&mut rng);
    let mut outcomes = Vec::new();
    let mut decisions = 0;
    loop {
        match state.turn() {
            Turn::Terminal => return state.returns().map_or(0.5, |r| r[0]),
            Turn::Chance => {
                state.chance_outcomes(&mut outcomes);
                let mut x: f64 = rng.gen();
                let mut pick = outcomes[outcomes.len() - 1].0;
                for &(a, p) in &outcomes {
                    x -= p;
                    if x <= 0.0 {
                        pick = a;
                        break;
                    }
                }
                state.apply(pick);
            }
            Turn::Player(seat) => {
                decisions += 1;
                if decisions > MAX_DECISIONS {
                    return 0.5;
                }
                let seen = state.without_deck_order();
                let action = players[seat].choose(&seen).expect("an action");
                state.apply(action);
            }
        }
    }
}

/// The score share of `a` against `b` over duplicate pairs.
fn duplicate_match(a: Maker, b: Maker, pairs: u64) -> f64 {
    let mut points = 0.0;
    for pair in 0..pairs {
        let seed = 1000 + pair;
        let mut first = [a(seed), b(seed)];
        points += play(&mut first, seed);
        let mut second = [b(seed), a(seed)];
        points += 1.0 - play(&mut second, seed);
    }
    points / (2 * pairs) as f64
}

fn pairs() -> u64 {
    std::env::var("PAIRS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200)
}

fn expectimax(_: u64) -> Box<dyn Player<CardChess>> {
    Box::new(ExpectimaxPlayer::new(
        "expectimax",
        CardChessEval,
        Pruning::Star2,
        16,
        Limits::depth(2),
    ))
}

fn mcts(seed: u64) -> Box<dyn Player<CardChess>> {
    Box::new(MctsPlayer::new(
        "mcts",
        CardChessEval,
        MctsConfig {
            iterations: 300,
            seed,
            ..MctsConfig::default()
        },
    ))
}

fn random(seed: u64) -> Box<dyn Player<CardChess>> {
    Box::new(RandomPlayer::new(seed))
}

fn greedy(_: u64) -> Box<dyn Player<CardChess>> {
    Box::new(GreedyPlayer::new(CardChessEval))
}

#[test]
#[ignore = "slow: cargo test --release --test cardchess_strength -- --ignored --nocapture"]
fn expectimax_beats_the_random_mover() {
    let share = duplicate_match(expectimax, random, pairs());
    println!("expectimax depth 2 vs random: {:.1}%", share * 100.0);
    assert!(share >= 0.95);
}

#[test]
#[ignore = "slow: cargo test --release --test cardchess_strength -- --ignored --nocapture"]
fn mcts_beats_the_random_mover() {
    let share = duplicate_match(mcts, random, pairs());
    println!("mcts 300 iterations vs random: {:.1}%", share * 100.0);
    assert!(share >= 0.95);
}

#[test]
#[ignore = "slow: cargo test --release --test cardchess_strength -- --ignored --nocapture"]
fn expectimax_beats_the_greedy_player() {
    let share = duplicate_match(expectimax, greedy, pairs());
    println!("expectimax depth 2 vs greedy: {:.1}%", share * 100.0);
    assert!(share >= 0.80);
}

#[test]
#[ignore = "slow: cargo test --release --test cardchess_strength -- --ignored --nocapture"]
fn mcts_beats_the_greedy_player() {
    let share = duplicate_match(mcts, greedy, pairs());
    println!("mcts 300 iterations vs greedy: {:.1}%", share * 100.0);
    assert!(share >= 0.80);
}

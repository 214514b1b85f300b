//! Noisy-only move generation (what quiescence searches) against the full
//! legal list filtered by `is_noisy`, over random games: the same actions in
//! the same order, and the same answer to "is there a quiet action too?".
//! C'escacs always generates them; card chess does at the start of a turn
//! under the plain move rules (all of plain chess, most card chess turns)
//! and leaves the rest (cards being carried out, super-powers, prizes) to
//! the searcher's filter.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Notation, Turn};
use tauler::games::cardchess::{CardChess, CardChessOptions};
use tauler::games::cescacs::{Cescacs, Options, RuleSet};
use tauler::knowledge::EvaluatedGame;
use tauler::search::{Evaluator, NoisyActions};

/// Checks one state; returns whether the generator answered and found a
/// noisy action.
fn agrees<G: EvaluatedGame>(state: &G, eval: &G::Evaluator) -> (bool, bool) {
    let mut all = Vec::new();
    state.legal_actions(&mut all);
    let expected: Vec<G::Action> = all
        .iter()
        .copied()
        .filter(|&action| eval.is_noisy(state, action))
        .collect();
    let mut noisy = all.clone();
    let found = eval.noisy_actions(state, &mut noisy);
    let position = state.format_position();
    if found == NoisyActions::Unsupported {
        assert!(noisy.is_empty(), "output left in {position}");
        return (false, false);
    }
    assert_eq!(noisy, expected, "noisy actions of {position}");
    assert_eq!(
        found,
        NoisyActions::Generated {
            quiet: expected.len() < all.len()
        },
        "quiet action in {position}"
    );
    (true, !noisy.is_empty())
}

/// What random games saw: positions checked, positions the generator
/// answered, and those of them with a noisy action.
#[derive(Debug, Default)]
struct Seen {
    checked: usize,
    generated: usize,
    with_noisy: usize,
}

/// Random games from `start` (chance outcomes drawn too), checking every
/// position where a seat is to act.
fn random_games<G: EvaluatedGame>(start: &G, games: usize, max_plies: usize, seed: u64) -> Seen {
    let eval = G::Evaluator::default();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut seen = Seen::default();
    for _ in 0..games {
        let mut state = start.clone();
        for _ in 0..max_plies {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    state.chance_outcomes(&mut outcomes);
                    let (outcome, _) = *outcomes.choose(&mut rng).expect("an outcome");
                    state.apply(outcome);
                    continue;
                }
                Turn::Player(_) => {}
            }
            let (generated, noisy) = agrees(&state, &eval);
            seen.checked += 1;
            seen.generated += usize::from(generated);
            seen.with_noisy += usize::from(noisy);
            state.legal_actions(&mut actions);
            state.apply(*actions.choose(&mut rng).expect("a legal action"));
        }
    }
    seen
}

/// Random games from `start` where the generator must answer everywhere,
/// with noisy actions in at least a quarter of `min_checked` or more
/// positions.
fn generated_everywhere<G: EvaluatedGame>(start: &G, games: usize, seed: u64, min_checked: usize) {
    let seen = random_games(start, games, 400, seed);
    assert!(seen.checked > min_checked, "{seen:?}");
    assert_eq!(seen.generated, seen.checked, "{seen:?}");
    assert!(seen.with_noisy > seen.checked / 4, "{seen:?}");
}

#[test]
fn cescacs_noisy_moves_match_the_filtered_legal_moves_from_the_start() {
    generated_everywhere(&Cescacs::new(&Options::default()), 12, 7, 2000);
}

#[test]
fn cescacs_noisy_moves_match_under_the_classic_rules() {
    let options = Options {
        rules: RuleSet::Classic,
        ..Options::default()
    };
    let seen = random_games(&Cescacs::new(&options), 4, 400, 13);
    assert!(seen.checked > 800, "{seen:?}");
}

#[test]
fn cescacs_noisy_moves_match_without_castling() {
    let options = Options {
        castling: false,
        ..Options::default()
    };
    let seen = random_games(&Cescacs::new(&options), 4, 400, 11);
    assert!(seen.checked > 800, "{seen:?}");
}

#[test]
fn cescacs_noisy_moves_match_from_the_oracle_positions() {
    let lines = include_str!("../data/cescacs-perft.txt").lines();
    let mut positions = 0;
    for line in lines.filter(|l| !l.starts_with('#')) {
        let Some((_, rest)) = line.split_once(';') else {
            continue;
        };
        let pdtl = rest.split(';').next().expect("a PDTL field").trim();
        let state = Cescacs::parse_position(pdtl, &Options::default()).expect("the PDTL parses");
        random_games(&state, 3, 200, 3);
        positions += 1;
    }
    assert!(positions >= 6, "{positions}");
}

#[test]
fn plain_chess_noisy_moves_match_the_filtered_legal_moves() {
    let options = CardChessOptions {
        cards: false,
        ..CardChessOptions::default()
    };
    generated_everywhere(&CardChess::new(&options), 40, 5, 4000);
}

#[test]
fn card_chess_turn_starts_are_generated_and_card_phases_filtered() {
    let seen = random_games(&CardChess::new(&CardChessOptions::default()), 10, 200, 9);
    assert!(seen.checked > 500, "{seen:?}");
    assert!(seen.generated > seen.checked / 3, "{seen:?}");
    assert!(seen.generated < seen.checked, "{seen:?}");
    assert!(seen.with_noisy > seen.generated / 10, "{seen:?}");
}

#[test]
fn card_chess_noisy_actions_match_with_a_compulsory_draw_and_capturable_kings() {
    for (options, seed) in [
        (
            CardChessOptions {
                mandatory_card: true,
                ..CardChessOptions::default()
            },
            13,
        ),
        (
            CardChessOptions {
                king_capture: true,
                ..CardChessOptions::default()
            },
            17,
        ),
    ] {
        let seen = random_games(&CardChess::new(&options), 6, 200, seed);
        assert!(seen.checked > 300, "{seen:?}");
    }
}

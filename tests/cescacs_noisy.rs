//! C'escacs' noisy-only move generation (what quiescence searches) against
//! the full legal move list filtered by `is_noisy`, over random games: the
//! same moves in the same order, and the same answer to "is there a quiet
//! move too?".

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Notation, Turn};
use tauler::games::cescacs::{Cescacs, Move, Options};
use tauler::search::{Evaluator, NoisyActions};

/// Checks one state; returns whether it had a noisy move.
fn agrees(
    state: &Cescacs,
    eval: &<Cescacs as tauler::knowledge::EvaluatedGame>::Evaluator,
) -> bool {
    let mut all = Vec::new();
    state.legal_actions(&mut all);
    let expected: Vec<Move> = all
        .iter()
        .copied()
        .filter(|&mv| eval.is_noisy(state, mv))
        .collect();
    let mut noisy = vec![Move::castle(tauler::games::cescacs::Color::White, 0)];
    let found = eval.noisy_actions(state, &mut noisy);
    let position = state.format_position();
    assert_eq!(noisy, expected, "noisy moves of {position}");
    assert_eq!(
        found,
        NoisyActions::Generated {
            quiet: expected.len() < all.len()
        },
        "quiet move in {position}"
    );
    !noisy.is_empty()
}

/// Random games from `start`, checking every position on the way; returns
/// (positions checked, positions with a noisy move).
fn random_games(start: &Cescacs, games: usize, max_plies: usize, seed: u64) -> (usize, usize) {
    let eval = <Cescacs as tauler::knowledge::EvaluatedGame>::Evaluator::default();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut actions = Vec::new();
    let (mut checked, mut with_noisy) = (0, 0);
    for _ in 0..games {
        let mut state = start.clone();
        for _ in 0..max_plies {
            if state.turn() == Turn::Terminal {
                break;
            }
            checked += 1;
            with_noisy += usize::from(agrees(&state, &eval));
            state.legal_actions(&mut actions);
            state.apply(*actions.choose(&mut rng).expect("a legal move"));
        }
    }
    (checked, with_noisy)
}

#[test]
fn noisy_moves_match_the_filtered_legal_moves_from_the_start() {
    let start = Cescacs::new(&Options::default());
    let (checked, with_noisy) = random_games(&start, 12, 400, 7);
    assert!(checked > 2000, "{checked}");
    assert!(with_noisy > checked / 4, "{with_noisy} of {checked}");
}

#[test]
fn noisy_moves_match_without_castling() {
    let options = Options {
        castling: false,
        ..Options::default()
    };
    let (checked, _) = random_games(&Cescacs::new(&options), 4, 400, 11);
    assert!(checked > 800, "{checked}");
}

#[test]
fn noisy_moves_match_from_the_oracle_positions() {
    let lines = include_str!("data/cescacs-perft.txt").lines();
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

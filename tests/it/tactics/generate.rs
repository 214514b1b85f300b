//! The programs that found the tactics positions: seeded games, kept at
//! every position where the side to move has exactly one move winning in
//! one, and at the position two plies before it when that one has exactly
//! one move winning in two. They print candidate lines for the data files.
//!
//! C'escacs games are uniformly random; Camelot games pick the move with the
//! best static evaluation seven times in ten (and a random one otherwise),
//! which marches pieces to the castles where random play seldom goes.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Notation, Turn};
use tauler::games::camelot::eval::CamelotEval;
use tauler::games::camelot::Camelot;
use tauler::games::cescacs::Cescacs;
use tauler::search::Evaluator;

use crate::tactics::exhaustive::fastest_win;

/// Candidates wanted per win length.
const WANTED: usize = 15;

/// How a game chooses its next action.
type Policy<G> = fn(&G, &[<G as Game>::Action], &mut Xoshiro256PlusPlus) -> usize;

fn uniform<G: Game>(_: &G, actions: &[G::Action], rng: &mut Xoshiro256PlusPlus) -> usize {
    rng.gen_range(0..actions.len())
}

fn camelot_greedy(
    state: &Camelot,
    actions: &[<Camelot as Game>::Action],
    rng: &mut Xoshiro256PlusPlus,
) -> usize {
    if rng.gen_bool(0.3) {
        return rng.gen_range(0..actions.len());
    }
    let eval = CamelotEval::default();
    let score = |index: &usize| {
        let mut child = state.clone();
        child.apply(actions[*index]);
        match child.turn() {
            Turn::Terminal => i32::MAX,
            _ => -eval.evaluate(&child),
        }
    };
    (0..actions.len()).max_by_key(score).unwrap_or(0)
}

/// Prints up to [`WANTED`] lines per win length (1 and 2) from seeded games.
fn generate<G: Notation>(policy: Policy<G>, max_plies: usize, seeds: u64) {
    let mut found = [0usize; 2];
    let mut actions = Vec::new();
    for seed in 0..seeds {
        if found.iter().all(|&n| n >= WANTED) {
            break;
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut history: Vec<G> = Vec::new();
        let mut state = G::new(&G::Options::default());
        for ply in 0..max_plies {
            if state.turn() == Turn::Terminal {
                break;
            }
            if let Some((1, winners)) = fastest_win(&state, 1) {
                if winners.len() == 1 && found[0] < WANTED {
                    found[0] += 1;
                    print_line(&state, winners[0], 1, seed, ply);
                }
                if let Some(earlier) = history.len().checked_sub(2).map(|i| &history[i]) {
                    if let Some((2, winners)) = fastest_win(earlier, 2) {
                        if winners.len() == 1 && found[1] < WANTED {
                            found[1] += 1;
                            print_line(earlier, winners[0], 2, seed, ply - 2);
                        }
                    }
                }
                break;
            }
            state.legal_actions(&mut actions);
            let index = policy(&state, &actions, &mut rng);
            history.push(state.clone());
            state.apply(actions[index]);
        }
    }
    eprintln!("{}: found {found:?}", G::NAME);
}

fn print_line<G: Notation>(state: &G, key: G::Action, moves: u32, seed: u64, ply: usize) {
    let side = match state.turn() {
        Turn::Player(0) => "White",
        _ => "Black",
    };
    println!(
        "{} ; {} ; win in {moves} ({side} to move) ; seed {seed} ply {ply}",
        state.format_position(),
        state.format_action(key)
    );
}

#[test]
#[ignore = "prints candidates for tests/data/cescacs-tactics.txt"]
fn generate_cescacs() {
    generate::<Cescacs>(uniform::<Cescacs>, 600, 2000);
}

#[test]
#[ignore = "prints candidates for tests/data/camelot-tactics.txt"]
fn generate_camelot() {
    generate::<Camelot>(camelot_greedy, 400, 2000);
}

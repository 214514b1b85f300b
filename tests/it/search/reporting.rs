//! The info stream, its text, and multi-PV lines.

use std::collections::HashMap;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::cli::search_text::{analyse, bestmove_line, info_line};
use tauler::game::{Game, Notation, Turn};
use tauler::search::{AlphaBeta, Limits, SearchConfig};

use crate::search::exact::exact_config;
use crate::search::games::connect4::{ConnectFour, Size, WindowEval};
use crate::search::games::tictactoe::{NoOptions, TicTacToe};
use crate::search::games::{random_walk, Zero};
use crate::search::reference::solve_actions;

#[test]
fn one_info_per_iteration_ending_with_the_result() {
    let start = ConnectFour::new(&Size::default());
    let mut infos = Vec::new();
    let result = AlphaBeta::new(WindowEval, exact_config())
        .search_with(&start, &Limits::depth(6), |info| infos.push(info.clone()))
        .unwrap();
    let depths: Vec<u32> = infos.iter().map(|info| info.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
    let last = infos.last().unwrap();
    assert_eq!(last.line.pv, result.pv());
    assert_eq!(last.line.score, result.score());
    assert_eq!(result.pv()[0], result.best);
    assert!(infos.windows(2).all(|pair| pair[0].nodes <= pair[1].nodes));
    let text = info_line(&start, last);
    assert!(text.starts_with("info depth 6 seldepth "), "{text}");
    assert!(text.contains(" multipv 1 score cp "), "{text}");
    assert!(
        text.contains(" nodes ") && text.contains(" nps ") && text.contains(" time "),
        "{text}"
    );
    let pv_text = text.split(" pv ").nth(1).unwrap();
    assert_eq!(pv_text.split(' ').count(), result.pv().len());
    assert!(bestmove_line(&start, &result).starts_with(&format!("bestmove {}", result.best + 1)));
}

#[test]
fn a_mate_is_reported_in_moves() {
    let state = TicTacToe::parse_position("xoo.x.... x", &NoOptions).unwrap();
    let mut lines = Vec::new();
    let result = AlphaBeta::new(Zero, exact_config())
        .search_with(&state, &Limits::depth(9), |info| {
            lines.push(info_line(&state, info))
        })
        .unwrap();
    assert!(
        lines.last().unwrap().contains(" score mate 1 "),
        "{lines:?}"
    );
    assert!(lines.last().unwrap().ends_with(" pv 8"), "{lines:?}");
    assert_eq!(bestmove_line(&state, &result), "bestmove 8");
}

fn check_multipv<G: Notation>(state: &G, result_lines: &[tauler::search::PvLine<G::Action>]) {
    let exact: HashMap<G::Action, i32> = solve_actions(state).into_iter().collect();
    let scores: Vec<i32> = result_lines.iter().map(|line| line.score.0).collect();
    assert!(
        scores.windows(2).all(|pair| pair[0] >= pair[1]),
        "{scores:?}"
    );
    let mut best_values: Vec<i32> = exact.values().copied().collect();
    best_values.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(
        scores,
        best_values[..scores.len()],
        "at {}",
        state.format_position()
    );
    for line in result_lines {
        assert_eq!(
            exact[&line.pv[0]], line.score.0,
            "line score of its first action"
        );
    }
    let mut firsts: Vec<G::Action> = result_lines.iter().map(|line| line.pv[0]).collect();
    firsts.dedup();
    assert_eq!(
        firsts.len(),
        result_lines.len(),
        "lines start with distinct actions"
    );
}

#[test]
fn multipv_lines_are_the_best_actions_in_order_with_exact_scores() {
    let config = SearchConfig {
        multipv: 3,
        ..exact_config()
    };
    for text in [
        "xoo.x.... x",
        "x...o...x o",
        "x........ o",
        "......... x",
        ".o..x.... x",
    ] {
        let state = TicTacToe::parse_position(text, &NoOptions).unwrap();
        let result = AlphaBeta::new(Zero, config.clone())
            .search(&state, &Limits::depth(9))
            .unwrap();
        assert_eq!(result.lines.len(), 3);
        check_multipv(&state, &result.lines);
    }
    let options = Size {
        width: 5,
        height: 4,
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    for _ in 0..5 {
        let state = random_walk(&ConnectFour::new(&options), 8, &mut rng);
        if state.turn() == Turn::Terminal {
            continue;
        }
        let result = AlphaBeta::new(WindowEval, config.clone())
            .search(&state, &Limits::depth(20))
            .unwrap();
        check_multipv(&state, &result.lines);
    }
}

#[test]
fn multipv_reports_every_line_each_iteration() {
    let config = SearchConfig {
        multipv: 4,
        ..exact_config()
    };
    let start = ConnectFour::new(&Size::default());
    let mut seen = Vec::new();
    AlphaBeta::new(WindowEval, config)
        .search_with(&start, &Limits::depth(3), |info| {
            seen.push((info.depth, info.multipv))
        })
        .unwrap();
    let expected: Vec<(u32, usize)> = (1..=3)
        .flat_map(|depth| (1..=4).map(move |line| (depth, line)))
        .collect();
    assert_eq!(seen, expected);
}

#[test]
fn analyse_streams_info_lines_then_bestmove() {
    let start = ConnectFour::new(&Size::default());
    let mut searcher = AlphaBeta::new(WindowEval, exact_config());
    let mut out = Vec::new();
    let result = analyse(&mut searcher, &start, &Limits::depth(4), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    for (depth, line) in lines[..4].iter().enumerate() {
        assert!(
            line.starts_with(&format!("info depth {} ", depth + 1)),
            "{line}"
        );
    }
    assert_eq!(lines[4], bestmove_line(&start, &result));
}

//! The alpha-beta searcher on plain chess with the techniques the chess
//! profile turns on (null move, check extension, every evasion searched in
//! check at the horizon, exchange pruning): tactics are still found, and the
//! selective settings shrink the tree.

use tauler::game::Notation;
use tauler::games::cardchess::{Action, CardChess, CardChessEval, CardChessOptions};
use tauler::search::{AlphaBeta, Limits, SearchConfig};

/// The settings of `engines/chess.toml`.
fn chess_config() -> SearchConfig {
    SearchConfig {
        futility_depth: 3,
        lmp_depth: 3,
        null_move: true,
        check_extension: true,
        check_evasions: true,
        see_pruning: true,
        ..SearchConfig::default()
    }
}

fn plain(fen: &str) -> CardChess {
    let options = CardChessOptions {
        cards: false,
        ..CardChessOptions::default()
    };
    CardChess::parse_position(fen, &options).expect("position")
}

fn best(config: SearchConfig, state: &CardChess, depth: u32) -> (Action, u64, Option<i32>) {
    let mut searcher = AlphaBeta::new(CardChessEval::DEFAULT, config);
    let result = searcher
        .search(state, &Limits::depth(depth))
        .expect("search");
    (result.best, result.nodes, result.score().mate_plies())
}

#[test]
fn a_mate_in_two_behind_a_sacrifice_is_found() {
    let state = plain("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1");
    let (action, _, mate) = best(chess_config(), &state, 4);
    assert_eq!(action, state.parse_action("Nf6").expect("move"));
    assert_eq!(mate, Some(3));
}

#[test]
fn a_hanging_queen_is_taken() {
    let state = plain("r1b1kbnr/pppp1ppp/2n5/4p1q1/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 0 4");
    let (action, _, _) = best(chess_config(), &state, 5);
    let takes = [
        state.parse_action("Nxg5").expect("move"),
        state.parse_action("Bxg5").expect("move"),
    ];
    assert!(takes.contains(&action), "{}", state.format_action(action));
}

#[test]
fn null_move_and_exchange_pruning_shrink_the_tree() {
    let state = plain("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9");
    let without = SearchConfig {
        null_move: false,
        see_pruning: false,
        ..chess_config()
    };
    let (_, full, _) = best(without, &state, 7);
    let (_, pruned, _) = best(chess_config(), &state, 7);
    assert!(pruned < full, "{pruned} nodes with, {full} without");
}

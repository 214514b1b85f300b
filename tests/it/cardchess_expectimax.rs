//! Expectimax on card chess: Star2 agrees with plain expectimax and prunes,
//! it never proposes an illegal action, and it takes a forced mate.

use crate::support::cardchess_states as states;

use states::random_states;
use tauler::game::{Game, Notation};
use tauler::games::cardchess::{Action, CardChess, CardChessEval, CardChessOptions};
use tauler::search::expectimax::{Expectimax, Pruning};
use tauler::search::Limits;
fn searcher(pruning: Pruning) -> Expectimax<CardChess, CardChessEval> {
    Expectimax::new(CardChessEval::DEFAULT, pruning, 16)
}

#[test]
fn star1_and_star2_match_plain_expectimax_with_fewer_nodes() {
    let states = random_states(30, 7);
    let mut plain = searcher(Pruning::None);
    let mut star1 = searcher(Pruning::Star1);
    let mut star2 = searcher(Pruning::Star2);
    let (mut plain_nodes, mut star1_nodes, mut star2_nodes) = (0u64, 0u64, 0u64);
    for state in &states {
        let (v0, n0) = plain.value_at_depth(state, 2);
        let (v1, n1) = star1.value_at_depth(state, 2);
        let (v2, n2) = star2.value_at_depth(state, 2);
        let text = state.format_position();
        assert!((v0 - v1).abs() < 1e-6, "star1 {v1} vs {v0} in {text}");
        assert!((v0 - v2).abs() < 1e-6, "star2 {v2} vs {v0} in {text}");
        plain_nodes += n0;
        star1_nodes += n1;
        star2_nodes += n2;
    }
    println!(
        "depth 2, 30 positions: plain {plain_nodes} star1 {star1_nodes} star2 {star2_nodes} nodes"
    );
    assert!(star1_nodes < plain_nodes && star2_nodes < plain_nodes);
}

#[test]
#[ignore = "slow in the test profile: cargo test --release --test it cardchess_expectimax:: -- --ignored --nocapture"]
fn star2_matches_plain_expectimax_at_depth_three_with_half_the_nodes() {
    let states = random_states(30, 11);
    let mut plain = searcher(Pruning::None);
    let mut star2 = searcher(Pruning::Star2);
    let (mut plain_nodes, mut star2_nodes) = (0u64, 0u64);
    for state in &states {
        let (v0, n0) = plain.value_at_depth(state, 3);
        let (v2, n2) = star2.value_at_depth(state, 3);
        assert!(
            (v0 - v2).abs() < 1e-6,
            "star2 {v2} vs {v0} in {}",
            state.format_position()
        );
        plain_nodes += n0;
        star2_nodes += n2;
    }
    println!("depth 3, 30 positions: plain {plain_nodes} star2 {star2_nodes} nodes");
    assert!(star2_nodes * 2 <= plain_nodes);
}

/// Quiescence below the horizon keeps Star2 exact: it agrees with plain
/// expectimax searching the same quiescence with no window (two noisy
/// plies: plain expectimax searches every capture sequence in full).
#[test]
fn star2_matches_plain_expectimax_with_quiescence() {
    let states = random_states(20, 7);
    let mut plain = searcher(Pruning::None).with_quiescence(2);
    let mut star2 = searcher(Pruning::Star2).with_quiescence(2);
    for state in &states {
        for depth in 1..=2 {
            let (v0, _) = plain.value_at_depth(state, depth);
            let (v2, _) = star2.value_at_depth(state, depth);
            let text = state.format_position();
            assert!(
                (v0 - v2).abs() < 1e-6,
                "star2 {v2} vs {v0} at depth {depth} in {text}"
            );
        }
    }
}

/// At depth 1 the static horizon takes a defended pawn (Nxe5, answered by
/// Nxe5); quiescence sees the recapture and refuses the trade of a knight
/// for a pawn.
#[test]
fn quiescence_sees_the_recapture_beyond_the_horizon() {
    let options = CardChessOptions::default();
    let state = CardChess::parse_position(
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        &options,
    )
    .expect("position");
    let depth_one = |plies| {
        let mut engine = searcher(Pruning::Star2).with_quiescence(plies);
        let result = engine
            .search(&state, &Limits::depth(1))
            .expect("a decision");
        state.format_action(result.best)
    };
    assert_eq!(depth_one(0), "Nxe5");
    assert_ne!(depth_one(8), "Nxe5");
}

#[test]
fn never_proposes_an_illegal_action() {
    let mut engine = searcher(Pruning::Star2);
    let mut actions = Vec::new();
    for state in random_states(40, 3) {
        let result = engine
            .search(&state, &Limits::depth(2))
            .expect("a decision");
        state.legal_actions(&mut actions);
        assert!(
            actions.contains(&result.best),
            "{:?} in {}",
            result.best,
            state.format_position()
        );
    }
}

#[test]
fn takes_a_forced_mate() {
    let options = CardChessOptions::default();
    let state = CardChess::parse_position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &options)
        .expect("position");
    let mut engine = searcher(Pruning::Star2);
    let result = engine
        .search(&state, &Limits::depth(3))
        .expect("a decision");
    assert_eq!(state.format_action(result.best), "Ra8#");
    assert!(result.value > 30_000.0);
}

/// The engine draws exactly when drawing's expected value beats the best
/// normal move, and the expected value is the mean of the card outcomes.
fn draws_exactly_when_it_pays(state: &CardChess, depth: u32) -> bool {
    let mut engine = searcher(Pruning::Star2);
    let chosen = engine
        .search(state, &Limits::depth(depth))
        .expect("a decision");
    let breakdown = engine
        .breakdown(state, depth, &Limits::depth(depth), Some(chosen.best))
        .expect("a decision")
        .expect("a depth limit never stops the breakdown");
    assert_eq!(breakdown.depth, depth);
    if let Some((action, _)) = breakdown.best_sure.filter(|_| chosen.best != Action::Draw) {
        assert_eq!(action, chosen.best, "the search's choice wins ties");
    }
    let sure = breakdown.best_sure.map_or(f64::NEG_INFINITY, |(_, v)| v);
    let mut best_gamble = f64::NEG_INFINITY;
    for gamble in &breakdown.gambles {
        let mean: f64 = gamble.outcomes.iter().map(|(_, p, v)| p * v).sum();
        assert!((mean - gamble.expected).abs() < 1e-6);
        best_gamble = best_gamble.max(gamble.expected);
    }
    assert!((chosen.value - sure.max(best_gamble)).abs() < 1e-6);
    let drew = chosen.best == Action::Draw;
    assert_eq!(drew, best_gamble > sure, "in {}", state.format_position());
    drew
}

#[test]
fn draws_a_card_exactly_when_the_expected_value_favours_it() {
    let options = CardChessOptions::default();
    let hanging_queen =
        CardChess::parse_position("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", &options).expect("position");
    assert!(
        !draws_exactly_when_it_pays(&hanging_queen, 2),
        "takes the queen"
    );
    let lost =
        CardChess::parse_position("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", &options).expect("position");
    assert!(
        draws_exactly_when_it_pays(&lost, 2),
        "a bare king can only hope for a card"
    );
    for state in random_states(10, 21) {
        draws_exactly_when_it_pays(&state, 2);
    }
}

/// The breakdown after a search keeps to its own budget: asked for depth
/// 12 under 3,000 nodes it answers a shallower finished depth, and under a
/// budget too small for depth 1, nothing.
#[test]
fn the_breakdown_stops_within_its_budget() {
    let state = CardChess::new(&CardChessOptions::default());
    let mut engine = searcher(Pruning::Star2);
    let chosen = engine
        .search(&state, &Limits::depth(2))
        .expect("a decision");
    let bounded = engine
        .breakdown(&state, 12, &Limits::nodes(3000), Some(chosen.best))
        .expect("a decision")
        .expect("depth 1 fits in 3000 nodes");
    assert!((1..12).contains(&bounded.depth), "{}", bounded.depth);
    let starved = engine
        .breakdown(&state, 12, &Limits::nodes(1), Some(chosen.best))
        .expect("a decision");
    assert_eq!(starved, None);
}

/// The value of `state`'s root action `action` from the mover's view, by a
/// search of the child alone at `depth - 1` (a fresh table).
fn child_value(
    engine: &mut Expectimax<CardChess, CardChessEval>,
    state: &CardChess,
    action: Action,
    depth: u32,
) -> f64 {
    let mut child = state.clone();
    child.apply(action);
    let (value, _) = engine.value_at_depth(&child, depth - 1);
    let tauler::game::Turn::Player(seat) = state.turn() else {
        unreachable!("a decision state")
    };
    if state.team_of(seat) == state.team_of(0) {
        value
    } else {
        -value
    }
}

/// The level rule's scores: every root action (moves and the draw alike)
/// valued as a search of its child alone values it, the best of them the
/// value the whole search finds.
#[test]
fn root_values_match_a_direct_child_search() {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut draws = 0;
    for state in random_states(12, 5) {
        let mut engine = searcher(Pruning::Star2).with_quiescence(2);
        let root = engine
            .root_values(&state, &Limits::depth(2), &stop, f64::INFINITY)
            .expect("values");
        assert_eq!(root.depth, 2);
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        assert_eq!(root.values.len(), actions.len(), "every root action");
        assert!(
            root.values.windows(2).all(|w| w[0].1 >= w[1].1),
            "best first"
        );
        let mut direct = searcher(Pruning::Star2).with_quiescence(2);
        for &(action, value) in &root.values {
            let mut child = state.clone();
            child.apply(action);
            draws += usize::from(child.turn() == tauler::game::Turn::Chance);
            let expected = child_value(&mut direct, &state, action, 2);
            // Equal, but for mates: the child searched alone counts a mate
            // from itself, one ply (one point) nearer than from the root,
            // and a value averages its lines' mates by their probabilities.
            assert!(
                (value - expected).abs() <= 1.0 + 1e-6,
                "{} valued {value}, its child {expected} in {}",
                state.format_action(action),
                state.format_position()
            );
        }
        let whole = searcher(Pruning::Star2)
            .with_quiescence(2)
            .search(&state, &Limits::depth(2))
            .expect("a decision");
        assert!((root.values[0].1 - whole.value).abs() < 1e-6);
    }
    assert!(draws > 0, "the draw is among the valued actions");
}

/// With a margin, the actions within it of the best keep their values and
/// the others get a bound at least the margin below the best.
#[test]
fn root_values_below_the_margin_are_bounds() {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let margin = 120.0;
    for state in random_states(12, 9) {
        let mut exact = searcher(Pruning::Star2);
        let full = exact
            .root_values(&state, &Limits::depth(2), &stop, f64::INFINITY)
            .expect("values");
        let mut windowed = searcher(Pruning::Star2);
        let cut = windowed
            .root_values(&state, &Limits::depth(2), &stop, margin)
            .expect("values");
        let best = full.values[0].1;
        assert!((cut.values[0].1 - best).abs() < 1e-6);
        for &(action, value) in &cut.values {
            let (_, truth) = *full.values.iter().find(|(a, _)| *a == action).unwrap();
            if truth > best - margin {
                assert!((value - truth).abs() < 1e-6, "{value} vs {truth}");
            } else {
                assert!(value <= best - margin + 1e-6 && value >= truth - 1e-6);
            }
        }
    }
}

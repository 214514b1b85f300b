//! Every searcher, started with no limit on another thread, stops when the
//! shared flag is set and answers a legal action. The bound is generous
//! (it checks that the search stops at all, not how fast).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use tauler::game::{Game, HiddenInfo, Turn};
use tauler::games::cardchess::{CardChess, CardChessEval, CardChessOptions};
use tauler::games::muzicando::{Muzicando, Options};
use tauler::search::bid_simulation::{simulate_calls, Simulation};
use tauler::search::expectimax::{Expectimax, Pruning};
use tauler::search::modelling::{search_worlds, Determinization, Modelling};
use tauler::search::uct::{self, Leaf, Opponents, UctConfig, Worlds};
use tauler::search::{AlphaBeta, Limits, SearchConfig};

use crate::search::games::connect4::{ConnectFour, Size, WindowEval};

/// How long the searcher runs before the flag is set.
const RUN: Duration = Duration::from_millis(150);
/// The generous bound on the time from the flag to the answer.
const BOUND: Duration = Duration::from_secs(20);

/// Runs `search` (given the stop flag) on another thread, sets the flag
/// after [`RUN`], and returns its answer and the time it took to stop.
fn stopped<T: Send + 'static>(
    search: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
) -> (T, Duration) {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let handle = thread::spawn(move || search(flag));
    thread::sleep(RUN);
    let set = Instant::now();
    stop.store(true, Ordering::Relaxed);
    let answer = handle.join().expect("the search thread");
    let took = set.elapsed();
    assert!(took < BOUND, "stopped only after {took:?}");
    (answer, took)
}

fn legal<G: Game>(state: &G) -> Vec<G::Action> {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions
}

fn muzicando_play() -> (Muzicando, usize) {
    let state: Muzicando =
        tauler::game::Notation::parse_position("seed:7 1M - - -", &Options::default())
            .expect("a position");
    let Turn::Player(seat) = state.turn() else {
        panic!("play has begun");
    };
    (state, seat)
}

#[test]
fn alpha_beta_stops_on_the_flag() {
    let start = ConnectFour::new(&Size::default());
    let state = start.clone();
    let (best, _) = stopped(move |stop| {
        let mut searcher = AlphaBeta::new(WindowEval, SearchConfig::default());
        searcher
            .run(&state, &Limits::default(), &stop, &mut |_| {})
            .expect("a result")
            .best
    });
    assert!(legal(&start).contains(&best));
}

#[test]
fn expectimax_stops_on_the_flag() {
    let start = CardChess::new(&CardChessOptions::default());
    let state = start.clone();
    let (best, _) = stopped(move |stop| {
        let mut searcher = Expectimax::new(CardChessEval::DEFAULT, Pruning::Star2, 16);
        searcher
            .run(&state, &Limits::default(), &stop, &mut |_| {})
            .expect("a result")
            .best
    });
    assert!(legal(&start).contains(&best));
}

#[test]
fn card_chess_mcts_stops_on_the_flag() {
    let start = CardChess::new(&CardChessOptions::default());
    let state = start.clone();
    let (result, _) = stopped(move |stop| {
        uct::search(
            Worlds::Fixed(&state),
            Leaf::Evaluation(&CardChessEval::DEFAULT),
            Opponents::Search,
            &UctConfig {
                exploration: 1.0,
                trees: 2,
                ..UctConfig::default()
            },
            &Limits::default(),
            &stop,
            1,
            &mut |_| {},
        )
        .expect("a result")
    });
    assert!(legal(&start).contains(&result.best));
    assert!(result.iterations > 0);
}

/// An unlimited ISMCTS with `modelling`, from a Muzicando play decision,
/// stops on the flag with a legal action.
fn ismcts_stops_with(modelling: Modelling) {
    let (state, seat) = muzicando_play();
    let observation = state.observation(seat);
    let (best, _) = stopped(move |stop| {
        search_worlds::<Muzicando>(
            &observation,
            Determinization::PerPlayout,
            &UctConfig::default(),
            &modelling,
            &Limits::default(),
            &stop,
            1,
            &mut |_| {},
        )
        .expect("a result")
        .best
    });
    assert!(legal(&state).contains(&best));
}

#[test]
fn ismcts_stops_on_the_flag() {
    ismcts_stops_with(Modelling::default());
}

#[test]
fn pimc_stops_on_the_flag() {
    let (state, seat) = muzicando_play();
    let observation = state.observation(seat);
    let (best, _) = stopped(move |stop| {
        search_worlds::<Muzicando>(
            &observation,
            Determinization::PerTree,
            &UctConfig::default(),
            &Modelling::default(),
            &Limits::default(),
            &stop,
            1,
            &mut |_| {},
        )
        .expect("a result")
        .best
    });
    assert!(legal(&state).contains(&best));
}

#[test]
fn bidding_by_simulation_stops_on_the_flag() {
    let state = Muzicando::seeded_deal(&Options::default(), 7);
    let Turn::Player(seat) = state.turn() else {
        panic!("the auction has begun");
    };
    let observation = state.observation(seat);
    let calls = legal(&state);
    let offered = calls.clone();
    let (best, _) = stopped(move |stop| {
        simulate_calls::<Muzicando>(
            &observation,
            &offered,
            &Simulation::default(),
            &Limits::default(),
            &stop,
            1,
            &mut |_| {},
        )
        .expect("a result")
        .best
    });
    assert!(calls.contains(&best));
}

#[test]
fn progress_is_reported_while_searching() {
    let (state, seat) = muzicando_play();
    let observation = state.observation(seat);
    let mut reports = Vec::new();
    let result = search_worlds::<Muzicando>(
        &observation,
        Determinization::PerPlayout,
        &UctConfig::default(),
        &Modelling::default(),
        &Limits::nodes(2000),
        &Arc::new(AtomicBool::new(false)),
        1,
        &mut |info| reports.push((info.iterations, info.line.pv[0])),
    )
    .expect("a result");
    assert!(reports.len() > 1, "{} reports", reports.len());
    let counts: Vec<u64> = reports.iter().map(|r| r.0.expect("playouts")).collect();
    assert!(counts.windows(2).all(|w| w[0] < w[1]), "{counts:?}");
    assert_eq!(counts.last(), Some(&result.iterations));
    assert_eq!(reports.last().map(|r| r.1), Some(result.best));
}

#[test]
fn informed_ismcts_stops_on_the_flag() {
    ismcts_stops_with(Modelling {
        inference: Some(tauler::search::modelling::Inference {
            worlds: 100_000,
            model: tauler::knowledge::PolicyModel::default(),
            sampler: tauler::search::modelling::Sampler::Importance,
            seats: tauler::search::modelling::Weighed::Others,
        }),
        playout: Some(tauler::search::modelling::PlayoutModel {
            model: tauler::knowledge::PolicyModel::default(),
            informed: true,
        }),
        opponents: Some(tauler::knowledge::PolicyModel::default()),
    });
}

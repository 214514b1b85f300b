//! Sampling searches that model the other seats (`search::modelling`):
//! the inference pool holds only worlds consistent with the seat's
//! observation, depends only on its seed, stops on the flag, the informed
//! searches answer legal actions reproducibly, and a tree whose opponents
//! are modelled grows only along the model's moves for them.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use tauler::game::{Game, HiddenInfo, Notation, Turn};
use tauler::games::muzicando::heuristic::{HeuristicPlayer, Situation};
use tauler::games::muzicando::{Muzicando, Options};
use tauler::knowledge::PolicyModel;
use tauler::search::ismcts::ismcts_search;
use tauler::search::modelling::{Belief, Inference, Modelling};
use tauler::search::pimc::pimc_search;
use tauler::search::uct::{self, Leaf, Opponents, Parallelism, UctConfig, Worlds};
use tauler::search::Limits;

/// A hand in play, some tricks in, with passes and symbols behind it.
fn midgame() -> (Muzicando, usize) {
    let mut state: Muzicando =
        Notation::parse_position("seed:7 1M - - -", &Options::default()).expect("a position");
    let mut legal = Vec::new();
    for _ in 0..14 {
        state.legal_actions(&mut legal);
        state.apply(*legal.last().expect("a legal action"));
    }
    let Turn::Player(seat) = state.turn() else {
        panic!("still in play");
    };
    (state, seat)
}

fn inference(worlds: usize) -> Inference {
    Inference {
        worlds,
        model: PolicyModel::default(),
    }
}

fn informed() -> Modelling {
    Modelling {
        inference: Some(inference(64)),
        playout: Some(PolicyModel::default()),
        opponents: Some(PolicyModel::default()),
    }
}

#[test]
fn the_pool_holds_only_worlds_the_seat_could_be_in() {
    let (state, seat) = midgame();
    let observation = state.observation(seat);
    let belief =
        Belief::<Muzicando>::sample(&observation, &inference(300), 5, &AtomicBool::new(false));
    let mut total = 0.0;
    let mut count = 0;
    for (world, weight) in belief.weighted() {
        assert!(world.agrees_with(&observation), "{}", world.record());
        assert_eq!(world.hand(seat), state.hand(seat));
        for other in (0..4).filter(|&s| s != seat) {
            assert_eq!(world.hand(other) & observation.hand, 0);
            assert_eq!(world.hand(other) & observation.table, 0);
        }
        total += weight;
        count += 1;
    }
    assert_eq!(count, 300);
    assert!((total - 1.0).abs() < 1e-9);
    let ess = belief.effective_size();
    assert!((1.0..300.0).contains(&ess), "effective size {ess}");
}

#[test]
fn the_pool_depends_only_on_its_seed() {
    let (state, seat) = midgame();
    let observation = state.observation(seat);
    let stop = AtomicBool::new(false);
    let pool = |seed| {
        Belief::<Muzicando>::sample(&observation, &inference(100), seed, &stop)
            .weighted()
            .map(|(w, p)| (w.record(), p))
            .collect::<Vec<_>>()
    };
    assert_eq!(pool(9), pool(9));
    assert_ne!(pool(9), pool(10));
}

#[test]
fn a_set_flag_stops_the_pool() {
    let (state, seat) = midgame();
    let observation = state.observation(seat);
    let belief =
        Belief::<Muzicando>::sample(&observation, &inference(1000), 1, &AtomicBool::new(true));
    assert_eq!(belief.weighted().count(), 0);
    let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(1);
    assert!(belief.draw(&mut rng).is_none());
}

#[test]
fn informed_searches_answer_legal_actions_reproducibly() {
    let (state, seat) = midgame();
    let observation = state.observation(seat);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let config = UctConfig {
        trees: 2,
        ..UctConfig::default()
    };
    let stop = Arc::new(AtomicBool::new(false));
    for search in [ismcts_search::<Muzicando>, pimc_search::<Muzicando>] {
        let run = || {
            search(
                &observation,
                &config,
                &informed(),
                &Limits::nodes(400),
                &stop,
                3,
                &mut |_| {},
            )
            .expect("a result")
        };
        let (a, b) = (run(), run());
        assert!(legal.contains(&a.best));
        assert_eq!(a.stats, b.stats);
        assert_eq!(a.iterations, 400);
    }
}

/// The rule-based player's choice for the seat to move in `state`.
fn rule_based(state: &Muzicando) -> Option<tauler::games::muzicando::Action> {
    let Turn::Player(seat) = state.turn() else {
        return None;
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    Some(HeuristicPlayer::new().decide(&Situation::in_world(state, seat as u8), &legal))
}

#[test]
fn modelled_opponents_move_only_as_the_model_says_in_the_tree() {
    let (state, seat) = midgame();
    let model = |s: &Muzicando, _: &mut rand_xoshiro::Xoshiro256PlusPlus| rule_based(s);
    for parallelism in [Parallelism::Root, Parallelism::Tree] {
        let config = UctConfig {
            trees: 2,
            parallelism,
            ..UctConfig::default()
        };
        let result = uct::search(
            Worlds::Fixed(&state),
            Leaf::Playout,
            Opponents::Model(&model),
            &config,
            &Limits::nodes(600),
            &Arc::new(AtomicBool::new(false)),
            4,
            &mut |_| {},
        )
        .expect("a result");
        let line = &result.lines[0].pv;
        let mut replay = state.clone();
        let mut opponent_moves = 0;
        for &action in line {
            let Turn::Player(mover) = replay.turn() else {
                break;
            };
            if replay.team_of(mover) != replay.team_of(seat) {
                assert_eq!(Some(action), rule_based(&replay), "{}", replay.record());
                opponent_moves += 1;
            }
            replay.apply(action);
        }
        assert!(opponent_moves >= 2, "{parallelism:?}: line {line:?}");
    }
}

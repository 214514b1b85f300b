//! Sampling searches that model the other seats (`search::modelling`):
//! the inference pool holds only worlds consistent with the seat's
//! observation, depends only on its seed, stops on the flag, the
//! Metropolis pool breaks no hard constraint and puts more weight on the
//! true holders of the cards than the importance-weighted pool when the
//! calls say much, the informed searches answer legal actions
//! reproducibly, and a tree whose opponents are modelled grows only along
//! the model's moves for them.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use proptest::prelude::*;

use tauler::game::{Game, HiddenInfo, Notation, Turn};
use tauler::games::muzicando::cards::{cards_of, Card, ALL_CARDS};
use tauler::games::muzicando::heuristic::{HeuristicPlayer, Situation};
use tauler::games::muzicando::{Muzicando, Options};
use tauler::knowledge::{PolicyModel, RuleBasedGame};
use tauler::search::modelling::{
    search_worlds, Belief, Chains, Determinization, Inference, Modelling, PlayoutModel, Sampler,
    Weighed,
};
use tauler::search::uct::{self, Leaf, Opponents, UctConfig, Worlds};
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
        sampler: Sampler::Importance,
        seats: Weighed::Others,
    }
}

fn metropolis(worlds: usize, chains: usize, burn_in: usize, thin: usize) -> Inference {
    Inference {
        worlds,
        model: PolicyModel::default(),
        sampler: Sampler::Metropolis(Chains {
            chains,
            burn_in,
            thin,
        }),
        seats: Weighed::Others,
    }
}

fn informed() -> Modelling {
    Modelling {
        inference: Some(inference(64)),
        playout: Some(PlayoutModel {
            model: PolicyModel::default(),
            informed: true,
        }),
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

/// The hand of deal `seed` (dealer `seed % 4`) after `decisions` calls
/// and plays of the rule-based player at every seat (or at its end).
fn rule_based_hand(seed: u64, decisions: usize) -> Muzicando {
    let options = Options {
        dealer: (seed % 4) as u8,
        ..Options::default()
    };
    let mut state = Muzicando::seeded_deal(&options, seed);
    for _ in 0..decisions {
        match rule_based(&state) {
            Some(action) => state.apply(action),
            None => break,
        }
    }
    state
}

/// The mean probability `belief` gives the true holder (in `truth`) of
/// each card hidden from `observer`.
fn true_holder_probability(belief: &Belief<Muzicando>, truth: &Muzicando, observer: usize) -> f64 {
    let hidden: Vec<(Card, usize)> = (0..4)
        .filter(|&s| s != observer)
        .flat_map(|s| cards_of(truth.hand(s)).map(move |c| (c, s)))
        .collect();
    let total: f64 = hidden
        .iter()
        .map(|&(card, holder)| {
            belief
                .weighted()
                .filter(|(world, _)| world.hand(holder) & card.bit() != 0)
                .map(|(_, w)| w)
                .sum::<f64>()
        })
        .sum();
    total / hidden.len() as f64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_metropolis_pool_breaks_no_hard_constraint(
        seed in 0u64..10_000,
        decisions in 4usize..50,
        pool_seed in any::<u64>(),
    ) {
        let state = rule_based_hand(seed, decisions);
        let Turn::Player(seat) = state.turn() else {
            return Ok(());
        };
        let observation = state.observation(seat);
        let belief = Belief::<Muzicando>::sample(
            &observation,
            &metropolis(24, 3, 6, 2),
            pool_seed,
            &AtomicBool::new(false),
        );
        prop_assert_eq!(belief.weighted().count(), 24);
        for (world, _) in belief.weighted() {
            prop_assert!(world.agrees_with(&observation), "{}", world.record());
            prop_assert_eq!(world.hand(seat), state.hand(seat));
            let mut held = observation.hand | observation.table;
            for other in (0..4).filter(|&s| s != seat) {
                let hand = world.hand(other);
                prop_assert_eq!(hand.count_ones(), state.hand(other).count_ones());
                prop_assert_eq!(hand & held, 0, "a card held twice");
                prop_assert_eq!(hand & observation.ruled_out(other as u8), 0, "a note its passes ruled out");
                held |= hand;
            }
            prop_assert_eq!(held, ALL_CARDS);
            let others = 0b1111 & !(1 << seat);
            let ll = Muzicando::seat_log_likelihoods(world, others, 0, &PolicyModel::default());
            prop_assert!(ll.iter().all(|l| l.is_finite()), "an impossible world");
        }
    }
}

/// A model close to the rule-based player itself (which plays its best
/// action): the evidence of each call and play is strong.
fn sharp(pool: Inference) -> Inference {
    Inference {
        model: PolicyModel {
            temperature: 0.1,
            epsilon: 0.005,
        },
        ..pool
    }
}

#[test]
fn the_metropolis_pool_finds_the_holders_strong_evidence_reveals() {
    // Late in hands the rule-based player plays at every seat, under a
    // sharp model: few uniform worlds explain every play, so the
    // importance pool rests on the least unlikely of them, while the
    // chains move to worlds that explain the plays.
    let stop = AtomicBool::new(false);
    let (mut importance, mut chains, mut positions) = (0.0, 0.0, 0.0);
    for seed in 0..8 {
        let state = rule_based_hand(seed, 36);
        let Turn::Player(observer) = state.turn() else {
            continue;
        };
        let observation = state.observation(observer);
        let pool = |inference: Inference| {
            let belief = Belief::<Muzicando>::sample(&observation, &sharp(inference), seed, &stop);
            true_holder_probability(&belief, &state, observer)
        };
        importance += pool(inference(256));
        chains += pool(metropolis(256, 8, 256, 4));
        positions += 1.0;
    }
    let (importance, chains) = (importance / positions, chains / positions);
    assert!(positions >= 6.0, "{positions} positions");
    assert!(
        chains > importance + 0.015,
        "true holder: chains {chains:.3}, importance {importance:.3}"
    );
}

/// The inference diagnostic (slow: run with `cargo test --release --test
/// search modelling::inference_diagnostic -- --ignored --nocapture`): on
/// mid-hand positions of hands the rule-based player plays at every seat,
/// the mean probability each pool gives the hidden cards' true holders,
/// beside its effective size (importance: Kish's; chains: the distinct
/// worlds) and its likelihood evaluations.
#[test]
#[ignore = "a measurement: run it by name with --ignored --nocapture"]
fn inference_diagnostic() {
    let positions: Vec<(Muzicando, usize)> = (0..60)
        .filter_map(|seed| {
            let state = rule_based_hand(1000 + seed, 16 + (seed as usize % 24));
            match state.turn() {
                Turn::Player(seat) => Some((state, seat)),
                _ => None,
            }
        })
        .collect();
    let stop = AtomicBool::new(false);
    let flat = Inference {
        model: PolicyModel {
            temperature: 100.0,
            epsilon: 0.99,
        },
        ..inference(256)
    };
    let with_model = |pool: Inference, temperature, epsilon| Inference {
        model: PolicyModel {
            temperature,
            epsilon,
        },
        ..pool
    };
    let pools: Vec<(&str, Inference)> = vec![
        ("flat model 256", flat),
        ("importance 256", inference(256)),
        ("importance 8192", inference(8192)),
        ("chains 8x(256+32x4)", metropolis(256, 8, 256, 4)),
        ("chains 4x(2048+64x8)", metropolis(256, 4, 2048, 8)),
        (
            "importance 256, T .3 e .02",
            with_model(inference(256), 0.3, 0.02),
        ),
        (
            "importance 8192, T .3 e .02",
            with_model(inference(8192), 0.3, 0.02),
        ),
        (
            "chains 8x(256+32x4), T .3 e .02",
            with_model(metropolis(256, 8, 256, 4), 0.3, 0.02),
        ),
        (
            "chains 4x(2048+64x8), T .3 e .02",
            with_model(metropolis(256, 4, 2048, 8), 0.3, 0.02),
        ),
    ];
    println!("{} positions", positions.len());
    for (name, pool) in pools {
        let (mut truth, mut size) = (0.0, 0.0);
        for (index, (state, seat)) in positions.iter().enumerate() {
            let observation = state.observation(*seat);
            let belief = Belief::<Muzicando>::sample(&observation, &pool, index as u64, &stop);
            truth += true_holder_probability(&belief, state, *seat);
            size += match pool.sampler {
                Sampler::Importance => belief.effective_size(),
                Sampler::Metropolis(_) => {
                    let mut records: Vec<String> =
                        belief.weighted().map(|(w, _)| w.record()).collect();
                    records.sort();
                    records.dedup();
                    records.len() as f64
                }
            };
        }
        let evaluations = match pool.sampler {
            Sampler::Importance => pool.worlds,
            Sampler::Metropolis(c) => c.chains * (1 + c.burn_in) + pool.worlds * c.thin,
        };
        let n = positions.len() as f64;
        println!(
            "{name:32} true holder {:.3}  size {:.1}  evaluations {evaluations}",
            truth / n,
            size / n
        );
    }
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
    for determinization in [Determinization::PerPlayout, Determinization::PerTree] {
        let run = || {
            search_worlds::<Muzicando>(
                &observation,
                determinization,
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
    let config = UctConfig {
        trees: 2,
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
    assert!(opponent_moves >= 2, "line {line:?}");
}

//! Sampled worlds (§6): never contradict the observation, respect every
//! pass, and spread unseen cards in the exact proportions when no pass
//! constrains them.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::options;
use tauler::game::{Game, HiddenInfo, Turn};
use tauler::games::muzicando::cards::cards_of;
use tauler::games::muzicando::{Action, Muzicando, Observation, Options};

/// Whether every action of the world's history was legal when taken (so
/// no passer held a placeable note, no card was played unheld).
fn legal_history(world: &Muzicando) -> bool {
    let mut replay = Muzicando::new(world.options());
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    for &(_, action) in world.history() {
        let legal = match replay.turn() {
            Turn::Terminal => false,
            Turn::Chance => {
                replay.chance_outcomes(&mut outcomes);
                outcomes.iter().any(|&(a, _)| a == action)
            }
            Turn::Player(_) => {
                replay.legal_actions(&mut actions);
                actions.contains(&action)
            }
        };
        if !legal {
            return false;
        }
        replay.apply(action);
    }
    true
}

/// A state `plies` random actions into a hand dealt from `seed`.
fn position(options: &Options, seed: u64, plies: usize, rng: &mut Xoshiro256PlusPlus) -> Muzicando {
    let mut state = Muzicando::seeded_deal(options, seed);
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    for _ in 0..plies {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                state.chance_outcomes(&mut outcomes);
                let (a, _) = outcomes[rng.gen_range(0..outcomes.len())];
                state.apply(a);
            }
            Turn::Player(_) => {
                state.legal_actions(&mut actions);
                let a = actions[rng.gen_range(0..actions.len())];
                state.apply(a);
            }
        }
    }
    state
}

fn passes(observation: &Observation) -> usize {
    observation.pass_facts.len()
}

#[test]
fn ten_thousand_sampled_worlds_never_contradict_what_their_seat_saw() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    let mut samples = 0;
    let mut constrained = 0;
    let tables: [&[&str]; 5] = [
        &[],
        &["players=2"],
        &["players=3"],
        &["players=5"],
        &["players=8"],
    ];
    for seed in 0..50u64 {
        let opts = options(tables[seed as usize % tables.len()]);
        let plies = rng.gen_range(0..120);
        let state = position(&opts, seed, plies, &mut rng);
        for seat in 0..state.seats() {
            let observation = state.observation(seat);
            if passes(&observation) > 0 {
                constrained += 1;
            }
            for _ in 0..50 {
                let world = Muzicando::sample_world(&observation, &mut rng);
                assert!(world.agrees_with(&observation), "seed {seed} seat {seat}");
                assert!(
                    legal_history(&world),
                    "seed {seed} seat {seat}: an illegal history\n{}",
                    world.record()
                );
                samples += 1;
            }
        }
    }
    assert!(samples >= 10_000, "{samples} samples");
    assert!(
        constrained >= 20,
        "only {constrained} observations had passes"
    );
}

#[test]
fn unconstrained_unseen_cards_spread_in_exact_proportions() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut checked = 0;
    for seed in 0..4u64 {
        // Early in the play, before any pass.
        let mut state = Muzicando::seeded_deal(&Options::default(), 100 + seed);
        let mut actions = Vec::new();
        while state.turn() != Turn::Terminal
            && state.pass_facts().is_empty()
            && state.history().len() < 56 + 30
        {
            state.legal_actions(&mut actions);
            let choice = actions
                .iter()
                .copied()
                .find(|a| !matches!(a, Action::Pass))
                .unwrap_or(actions[0]);
            let mut probe = state.clone();
            probe.apply(choice);
            if !probe.pass_facts().is_empty() {
                break;
            }
            state = probe;
        }
        let seat = (seed % 4) as usize;
        let observation = state.observation(seat);
        assert!(observation.pass_facts.is_empty());
        let unseen: Vec<_> = cards_of(observation.unseen()).collect();
        let others: Vec<usize> = (0..4).filter(|&s| s != seat).collect();
        let total: u32 = others
            .iter()
            .map(|&s| u32::from(observation.hand_sizes[s]))
            .sum();
        let n = 2500;
        let mut counts = vec![[0u32; 4]; 56];
        for _ in 0..n {
            let world = Muzicando::sample_world(&observation, &mut rng);
            for &s in &others {
                for c in cards_of(world.hand(s)) {
                    counts[usize::from(c.index())][s] += 1;
                }
            }
        }
        for &c in &unseen {
            for &s in &others {
                let p = f64::from(observation.hand_sizes[s]) / f64::from(total);
                let expected = p * f64::from(n);
                let sigma = (expected * (1.0 - p)).sqrt();
                let got = f64::from(counts[usize::from(c.index())][s]);
                assert!(
                    (got - expected).abs() <= 5.0 * sigma + 1.0,
                    "{c} to seat {s}: {got} times, expected {expected:.0} ± {sigma:.0}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 300);
}

#[test]
fn a_pass_keeps_the_notes_it_ruled_out_away_from_the_passer() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let mut seen_fact = false;
    for seed in 0..40u64 {
        let state = position(&Options::default(), seed, 56 + 40, &mut rng);
        for seat in 0..4 {
            let observation = state.observation(seat);
            for other in (0..4u8).filter(|&s| usize::from(s) != seat) {
                let ruled_out = observation.ruled_out(other) & observation.unseen();
                if ruled_out == 0 {
                    continue;
                }
                seen_fact = true;
                for _ in 0..20 {
                    let world = Muzicando::sample_world(&observation, &mut rng);
                    assert_eq!(world.hand(usize::from(other)) & ruled_out, 0);
                }
            }
        }
    }
    assert!(seen_fact);
}

#[test]
fn an_observation_shows_only_its_own_hand_and_public_facts() {
    // Two deals that differ only by a swap between seats 1 and 2.
    let a = super::deal(&options(&["dealer=3"]), &["", "R-Do", "O-Do"]);
    let b = super::deal(&options(&["dealer=3"]), &["", "O-Do", "R-Do"]);
    assert_ne!(a.hand(1), b.hand(1));
    assert_eq!(
        a.observation(0),
        b.observation(0),
        "seat 0 cannot tell them apart"
    );
    assert_eq!(a.observation(3), b.observation(3));
    assert_ne!(
        a.observation(1),
        b.observation(1),
        "seat 1 sees its own hand"
    );
    let observation = a.observation(0);
    assert_eq!(observation.hand, a.hand(0));
    assert_eq!(observation.hand_sizes.as_slice(), [14, 14, 14, 14]);
    let hidden = observation
        .events
        .iter()
        .filter(|(seat, action)| *seat != 0 && action.is_some())
        .count();
    assert_eq!(hidden, 0, "no card dealt to another seat is shown");
    assert_eq!(observation.unseen().count_ones(), 42);
}

/// Slow: `cargo test --lib sampling_stress -- --ignored`.
#[test]
#[ignore = "slow stress run of the individual-game sampler"]
fn sampling_stress_late_individual_positions() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(77);
    for seed in 0..400u64 {
        let players = 2 + seed % 7;
        let opts = options(&[&format!("players={players}")]);
        let plies = rng.gen_range(60..400);
        let state = position(&opts, seed, plies, &mut rng);
        for seat in 0..state.seats() {
            let observation = state.observation(seat);
            for _ in 0..5 {
                let world = Muzicando::sample_world(&observation, &mut rng);
                assert!(world.agrees_with(&observation), "seed {seed} seat {seat}");
                assert!(legal_history(&world), "seed {seed} seat {seat}");
            }
        }
    }
}

#[test]
fn worlds_sampled_with_the_partners_hand_in_sight_give_the_partner_its_true_hand() {
    use tauler::knowledge::RuleBasedGame;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut opponents_varied = 0;
    for seed in 0..30u64 {
        let plies = rng.gen_range(0..110);
        let state = position(&Options::default(), seed, plies, &mut rng);
        if state.turn() == Turn::Terminal {
            continue;
        }
        for seat in 0..4 {
            let partner = (seat + 2) % 4;
            let plain = state.observation(seat);
            let widened = state.observation_with_partner(seat);
            let mut varied = false;
            for _ in 0..40 {
                let world = Muzicando::sample_world(&widened, &mut rng);
                assert!(world.agrees_with(&plain), "seed {seed} seat {seat}");
                assert!(legal_history(&world), "seed {seed} seat {seat}");
                assert_eq!(world.hand(partner), state.hand(partner), "seed {seed}");
                varied |= world.hand((seat + 1) % 4) != state.hand((seat + 1) % 4);
                if let Some((moved, _)) = Muzicando::propose_world(&world, &widened, &mut rng) {
                    assert_eq!(moved.hand(partner), state.hand(partner), "a chain's move");
                    assert!(moved.agrees_with(&plain), "seed {seed} seat {seat}");
                }
            }
            opponents_varied += usize::from(varied);
        }
    }
    assert!(
        opponents_varied >= 60,
        "the opponents' hands stay hidden: they varied for only {opponents_varied} observers"
    );
}

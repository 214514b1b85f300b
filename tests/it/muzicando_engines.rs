//! Muzicando engines at a refereed table: every player type proposes only
//! legal actions, engines receive only their seat's observation, the
//! individual game (2–8 players) is playable by every player type, and a
//! duplicate-deal comparison of the search engines against the rule-based
//! player (`#[ignore]`d; run with
//! `cargo test --release --test it muzicando_engines:: -- --ignored --nocapture`,
//! `MUZ_DEALS=1000` for more deals, `MUZ_ITERS` for playouts per decision,
//! `MUZ_KINDS=ismcts,ismcts+sim` for the player types, a `+sim` suffix
//! bidding by simulation over `MUZ_BID_WORLDS` worlds).

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use tauler::engine::{
    ask, CheatingMcts, Decision, FixedLimits, InfoSink, Match, Occupant, Player, PlayerError,
    PolicyPlayer, Progress, RandomPlayer, SamplingPlayer, SeededChance, SimulationBidder, Stop,
    View,
};
use tauler::game::{Game, GameOptions, HiddenInfo, Returns};
use tauler::games::muzicando::heuristic::{HeuristicParams, HeuristicPlayer};
use tauler::games::muzicando::{Action, Muzicando, Observation, Options};
use tauler::knowledge::Policy;
use tauler::search::uct::UctConfig;
use tauler::search::Limits;

fn options(pairs: &[&str]) -> Options {
    Options::from_pairs(pairs.iter().copied()).expect("valid options")
}

/// A UCT setting and the limits of each decision.
type Sampling = (UctConfig, Limits);

fn small() -> Sampling {
    (
        UctConfig {
            exploration: 6.0,
            trees: 2,
            ..UctConfig::default()
        },
        Limits::nodes(64),
    )
}

/// Every player type, by name.
const KINDS: [&str; 5] = ["random", "heuristic", "pimc", "ismcts", "cheating"];

/// Sampled worlds per contract decision of the `+sim` kinds (`MUZ_BID_WORLDS`).
fn bid_worlds() -> u32 {
    std::env::var("MUZ_BID_WORLDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(32)
}

/// A player type by name; `KIND+sim` is that type with its contract
/// decisions made by simulation over `MUZ_BID_WORLDS` worlds.
fn seat_of(kind: &str, seed: u64, config: Sampling) -> Box<dyn Player<Muzicando>> {
    seat_with_worlds(kind, seed, config, bid_worlds())
}

fn seat_with_worlds(
    kind: &str,
    seed: u64,
    config: Sampling,
    worlds: u32,
) -> Box<dyn Player<Muzicando>> {
    if let Some(play) = kind.strip_suffix("+sim") {
        let inner = seat_of(play, seed, config);
        assert!(!inner.sees_everything(), "{play} cannot bid by simulation");
        return Box::new(SimulationBidder::new(inner, worlds, seed));
    }
    match kind {
        "random" => Box::new(RandomPlayer::new(seed)),
        "heuristic" => Box::new(PolicyPlayer(HeuristicPlayer::new())),
        k if k.starts_with("heuristic:") => {
            let mut it = k[10..].split('/').filter_map(|x| x.parse().ok());
            Box::new(PolicyPlayer(HeuristicPlayer::with(HeuristicParams {
                min_margin: it.next().unwrap_or(1.0),
                level_step: it.next().unwrap_or(1.5),
            })))
        }
        "pimc" => Box::new(SamplingPlayer::pimc(config.0, seed)),
        "ismcts" => Box::new(SamplingPlayer::ismcts(config.0, seed)),
        _ => Box::new(CheatingMcts::new(config.0, seed)),
    }
}

/// Plays `start` to its end through the match loop (the cheating player
/// allowed, for measurements), chance from `seed`, every decision under
/// the limits of [`small`]; the final state.
fn play_to_end(start: Muzicando, seats: Vec<Box<dyn Player<Muzicando>>>, seed: u64) -> Muzicando {
    play_to_end_within(start, seats, seed, small().1)
}

/// As [`play_to_end`], every decision under `limits`.
fn play_to_end_within(
    start: Muzicando,
    seats: Vec<Box<dyn Player<Muzicando>>>,
    seed: u64,
    limits: Limits,
) -> Muzicando {
    let mut seats: Vec<Occupant<Muzicando>> = seats.into_iter().map(Occupant::Engine).collect();
    let mut game = Match::new(start, Box::new(SeededChance::new(seed)), 0).allow_full_view(true);
    match game.advance(&mut seats, &mut FixedLimits(limits)) {
        Progress::Over(ending) => {
            assert!(ending.fault.is_none(), "refereed hand failed: {ending:?}")
        }
        Progress::Waiting(seat) => panic!("seat {seat} has no engine"),
    }
    game.state().clone()
}

fn play(start: Muzicando, seats: Vec<Box<dyn Player<Muzicando>>>, seed: u64) -> Returns {
    play_to_end(start, seats, seed)
        .returns()
        .expect("a finished hand")
}

#[test]
fn every_player_type_plays_legal_team_hands() {
    for (k, kind) in KINDS.iter().enumerate() {
        for hand in 0..2u64 {
            let start = Muzicando::new(&options(&[&format!("dealer={hand}")]));
            let seats: Vec<_> = (0..4)
                .map(|s| {
                    if s % 2 == 0 {
                        seat_of(kind, hand * 10 + s, small())
                    } else {
                        seat_of("heuristic", 0, small())
                    }
                })
                .collect();
            let returns = play(start, seats, 100 + hand + 7 * k as u64);
            assert_eq!(returns.len(), 4, "{kind}");
            assert_eq!(returns[0], returns[2], "{kind}: partners share their score");
        }
    }
}

#[test]
fn the_simulation_bidder_bids_legally_in_both_games() {
    for hand in 0..3u64 {
        let start = Muzicando::new(&options(&[&format!("dealer={hand}")]));
        let seats: Vec<_> = (0..4)
            .map(|s| {
                seat_of(
                    if s % 2 == 0 {
                        "heuristic+sim"
                    } else {
                        "ismcts+sim"
                    },
                    s,
                    small(),
                )
            })
            .collect();
        let end = play_to_end(start, seats, hand);
        assert!(end.contract().is_some());
    }
    for players in [2u8, 5] {
        let start = Muzicando::new(&options(&[&format!("players={players}")]));
        let seats: Vec<_> = (0..u64::from(players))
            .map(|s| seat_with_worlds("pimc+sim", s, small(), 4))
            .collect();
        play(start, seats, u64::from(players));
    }
}

#[test]
fn the_individual_game_is_playable_by_every_player_type_at_2_to_8() {
    for players in 2..=8u8 {
        for (k, kind) in KINDS.iter().enumerate() {
            let start = Muzicando::new(&options(&[&format!("players={players}")]));
            let seats: Vec<_> = (0..u64::from(players))
                .map(|s| {
                    let other = KINDS[(s as usize + k) % KINDS.len()];
                    seat_of(if s == 0 { kind } else { other }, s, small())
                })
                .collect();
            let returns = play(start, seats, u64::from(players) * 10 + k as u64);
            assert_eq!(returns.len(), usize::from(players), "{kind}");
        }
    }
}

/// Records every observation it receives and checks that it is only its own
/// seat's view, then defers to the rule-based player.
struct Spy {
    seen: Vec<Observation>,
    inner: PolicyPlayer<HeuristicPlayer>,
}

impl Player<Muzicando> for Spy {
    fn name(&self) -> &str {
        "spy"
    }

    fn choose(
        &mut self,
        view: &View<'_, Muzicando>,
        limits: &Limits,
        stop: &Stop,
        info: &mut dyn InfoSink<Action>,
    ) -> Result<Decision<Action>, PlayerError> {
        assert!(view.state.is_none(), "a fair seat never gets the state");
        let observation = view.observation;
        assert_eq!(observation.seat as usize, view.seat);
        for &(seat, action) in &observation.events {
            if seat != observation.seat {
                assert!(
                    !matches!(action, Some(Action::Deal(_) | Action::Draw(_))),
                    "another seat's card was visible"
                );
            }
        }
        self.seen.push(observation.clone());
        self.inner.choose(view, limits, stop, info)
    }
}

#[test]
fn engines_receive_only_their_seats_observation() {
    let start = Muzicando::new(&Options::default());
    let seats: Vec<Box<dyn Player<Muzicando>>> = (0..4)
        .map(|_| {
            Box::new(Spy {
                seen: Vec::new(),
                inner: PolicyPlayer(HeuristicPlayer::new()),
            }) as Box<dyn Player<Muzicando>>
        })
        .collect();
    play_to_end(start, seats, 5);
}

#[test]
fn a_decision_depends_only_on_the_observation() {
    // Two worlds that one seat cannot tell apart (the true one and a world
    // sampled from its observation) get the same answer from every engine.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut state = Muzicando::seeded_deal(&Options::default(), 3);
    let mut heuristic = HeuristicPlayer::new();
    let mut legal = Vec::new();
    for _ in 0..20 {
        let seat = match state.turn() {
            tauler::game::Turn::Player(seat) => seat,
            _ => break,
        };
        let observation = state.observation(seat);
        let other = Muzicando::sample_world(&observation, &mut rng);
        assert_eq!(other.observation(seat), observation);
        state.legal_actions(&mut legal);
        let mut other_legal = Vec::new();
        other.legal_actions(&mut other_legal);
        assert_eq!(
            legal, other_legal,
            "legal actions follow from the observation"
        );
        for make in [
            || Box::new(SamplingPlayer::ismcts(small().0, 9)) as Box<dyn Player<Muzicando>>,
            || Box::new(SamplingPlayer::pimc(small().0, 9)) as Box<dyn Player<Muzicando>>,
        ] {
            let limits = small().1;
            let a = ask(make().as_mut(), &state, &limits).expect("an action");
            let b = ask(make().as_mut(), &other, &limits).expect("an action");
            assert_eq!(a.action, b.action);
            assert!(legal.contains(&a.action));
        }
        let action = Policy::choose(&mut heuristic, &observation, &legal).expect("an action");
        assert!(legal.contains(&action));
        state.apply(action);
    }
}

/// Mean and 95% confidence half-width.
fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// Contract statistics per declaring player type and contract type: hands,
/// contracts made, summed declaring-team score.
type ContractStats = std::collections::BTreeMap<(String, char), (u32, u32, f64)>;

/// Plays `deals` deals twice with the teams' seats swapped and returns, per
/// deal, the mean hand-score difference of `kind`'s team over the
/// rule-based team, recording every contract in `stats`.
fn duplicate(kind: &str, deals: u64, config: Sampling, stats: &mut ContractStats) -> Vec<f64> {
    (0..deals)
        .map(|d| {
            let opts = options(&[&format!("dealer={}", d % 4)]);
            let start = Muzicando::seeded_deal(&opts, 1000 + d);
            let mut diff = 0.0;
            for engine_team in 0..2u64 {
                let seats: Vec<_> = (0..4u64)
                    .map(|s| {
                        if s % 2 == engine_team {
                            seat_of(kind, d * 8 + s, config)
                        } else {
                            seat_of("heuristic", 0, config)
                        }
                    })
                    .collect();
                let end = play_to_end_within(start.clone(), seats, d, config.1);
                let r = end.returns().expect("a finished hand");
                let e = engine_team as usize;
                diff += r[e] - r[1 - e];
                if let Some(contract) = end.contract() {
                    let team = usize::from(contract.declarer % 2);
                    let who = if team == e { kind } else { "heuristic" };
                    let entry = stats
                        .entry((who.to_string(), contract.game_type.letter()))
                        .or_default();
                    entry.0 += 1;
                    entry.1 += u32::from(
                        end.ranking()
                            .first()
                            .is_some_and(|&s| usize::from(s % 2) == team),
                    );
                    entry.2 += r[team];
                }
            }
            diff / 2.0
        })
        .collect()
}

#[test]
#[ignore = "slow: run in release with --ignored --nocapture"]
fn duplicate_deals_against_the_rule_based_player() {
    let deals = std::env::var("MUZ_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let iterations = std::env::var("MUZ_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let kinds =
        std::env::var("MUZ_KINDS").unwrap_or_else(|_| "random,pimc,ismcts,cheating".to_string());
    let config = (
        UctConfig {
            exploration: 6.0,
            trees: 4,
            ..UctConfig::default()
        },
        Limits::nodes(iterations),
    );
    let mut per_kind: Vec<(&str, Vec<f64>)> = Vec::new();
    for kind in kinds.split(',') {
        let t = std::time::Instant::now();
        let mut stats = ContractStats::new();
        let diffs = duplicate(kind, deals, config, &mut stats);
        if let Some((_, base)) = kind
            .strip_suffix("+sim")
            .and_then(|b| per_kind.iter().find(|(k, _)| *k == b))
        {
            let paired: Vec<f64> = diffs.iter().zip(base).map(|(a, b)| a - b).collect();
            let (mean, half) = mean_ci(&paired);
            println!(
                "{kind} minus its searching-bid self on the same deals: {mean:+.3} ± {half:.3} (95% CI)"
            );
        }
        per_kind.push((kind, diffs.clone()));
        let (mean, half) = mean_ci(&diffs);
        println!(
            "{kind} ({iterations} playouts) vs heuristic, {deals} duplicate deals: mean hand-score difference {mean:+.3} ± {half:.3} (95% CI) [{:.1}s]",
            t.elapsed().as_secs_f64()
        );
        for ((who, letter), (hands, made, score)) in &stats {
            println!(
                "  declarer {who}, type {letter}: {hands} hands, made {:.1}%, mean declaring-team score {:+.2}",
                100.0 * f64::from(*made) / f64::from(*hands),
                score / f64::from(*hands)
            );
        }
    }
}

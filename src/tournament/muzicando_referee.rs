//! The referee of one Muzicando hand: deals the round's seeded cards with
//! the round's dealer, seats the engines (built from their profiles, each
//! handed only its seat's observation, the cheating kind only when the
//! tournament allows it), resolves the individual game's draws from one
//! fixed stock order per deal, times every decision, and turns a panic, an
//! illegal action, an overrun or an engine that cannot be built into a
//! **breach**: the hand is annulled and the offender's team loses 12 points
//! (the individual game: the offender loses 11), per rules §3 and §5.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::engine::{build_table_seat, EngineProfile, PlayerError, SearcherKind, TableSeat};
use crate::game::{Game, GameOptions, HiddenInfo, Notation, Turn};
use crate::games::muzicando::cards::DECK_SIZE;
use crate::games::muzicando::scoring::{individual_breach, team_breach};
use crate::games::muzicando::{Action, Card, Muzicando, Options, Phase};

use super::config::{FaultInjection, FaultKind, TournamentConfig};
use super::contestant::illegal_action;
use super::record::{FaultRecord, GameRecord};
use super::referee::{GameSpec, Timer};
use super::seeds::{derive, engine_seed, mix, Stream};

/// Everything the hands of a Muzicando tournament share.
pub struct HandSetup {
    options: Options,
    /// Profiles by engine index, the tournament's limits applied.
    profiles: Vec<EngineProfile>,
    faults: Vec<Option<FaultInjection>>,
    seed: u64,
    first_dealer: u8,
    time_margin: Duration,
}

/// How a hand ended.
struct Ending {
    result: Vec<f64>,
    reason: &'static str,
    fault: Option<FaultRecord>,
}

impl HandSetup {
    /// The setup of `config` (a Muzicando tournament) with its engines'
    /// profiles `engines` (in the order of `config.engines`): applies the limit
    /// overrides, refuses cheating profiles unless `allow_cheating` is set.
    pub fn new(config: &TournamentConfig, engines: Vec<EngineProfile>) -> Result<Self> {
        let options = Options::from_pairs(config.options.iter().map(String::as_str))?;
        let mut profiles = Vec::new();
        for mut profile in engines {
            let name = &profile.name;
            profile.expect_game(Muzicando::NAME)?;
            if profile.searcher == SearcherKind::Cheating && !config.allow_cheating {
                bail!(
                    "engine `{name}` is a cheating profile (it sees every hand): tournaments refuse it \
                     unless the file sets `allow_cheating = true`, for measuring what hidden information costs"
                );
            }
            if let Some(limits) = config.limits.get(name) {
                profile.limits = limits.clone();
            }
            build_table_seat::<Muzicando>(&profile, 0)?;
            profiles.push(profile);
        }
        let seats = u64::from(options.seats());
        Ok(Self {
            options,
            faults: config
                .engines
                .iter()
                .map(|e| config.faults.get(e).copied())
                .collect(),
            profiles,
            seed: config.seed,
            first_dealer: (derive(config.seed, Stream::Opening, 0) % seats) as u8,
            time_margin: Duration::from_millis(config.time_margin_ms),
        })
    }

    /// The options of round `round`'s deal: the dealer is drawn from the
    /// tournament seed for round 0 and moves one seat on every round.
    fn round_options(&self, round: u32) -> Options {
        let mut options = self.options;
        let seats = u32::from(options.seats());
        options.dealer = ((u32::from(self.first_dealer) + round % seats) % seats) as u8;
        options
    }

    /// Plays hand `spec` to its end (or its breach) and returns its record.
    #[must_use]
    pub fn play(&self, spec: &GameSpec) -> GameRecord {
        let seed = derive(self.seed, Stream::Game, spec.index as u64);
        let deal_seed = derive(self.seed, Stream::Chance, spec.round.into());
        let mut state = Muzicando::seeded_deal(&self.round_options(spec.round), deal_seed);
        let mut record = GameRecord {
            index: spec.index,
            round: spec.round,
            encounter: spec.encounter,
            engines: spec
                .engines
                .iter()
                .map(|&e| self.profiles[e].name.clone())
                .collect(),
            seed,
            start: state.format_position(),
            opening: Vec::new(),
            actions: Vec::new(),
            result: Vec::new(),
            reason: String::new(),
            fault: None,
            times_ms: Vec::new(),
        };
        let ending = self.run(spec, seed, &stock_order(deal_seed), &mut state, &mut record);
        record.result = ending.result;
        record.reason = ending.reason.to_string();
        record.fault = ending.fault;
        record
    }

    /// The breach of `seat`: the hand annulled, the penalty to its team.
    fn breach(
        &self,
        state: &Muzicando,
        seat: usize,
        reason: &'static str,
        message: String,
        engines: &[String],
    ) -> Ending {
        let result = if state.is_team_game() {
            let teams = team_breach(seat as u8);
            (0..state.seats())
                .map(|s| f64::from(teams[s % 2]))
                .collect()
        } else {
            individual_breach(state.seats() as u8, seat as u8)
                .into_iter()
                .map(f64::from)
                .collect()
        };
        Ending {
            result,
            reason,
            fault: Some(FaultRecord {
                seat,
                engine: engines[seat].clone(),
                message,
                position: state.format_position(),
            }),
        }
    }

    fn run(
        &self,
        spec: &GameSpec,
        seed: u64,
        stock: &[Card],
        state: &mut Muzicando,
        record: &mut GameRecord,
    ) -> Ending {
        let names = record.engines.clone();
        let mut seats = Vec::with_capacity(spec.engines.len());
        for (seat, &engine) in spec.engines.iter().enumerate() {
            match build_table_seat::<Muzicando>(&self.profiles[engine], engine_seed(seed, seat)) {
                Ok(player) => seats.push(player),
                Err(error) => {
                    return self.breach(state, seat, "engine error", error.to_string(), &names)
                }
            }
        }
        let mut timers: Vec<Timer> = spec
            .engines
            .iter()
            .map(|&e| Timer::new(self.profiles[e].limits.clone()))
            .collect();
        let mut moves = vec![0u32; seats.len()];
        let mut legal = Vec::new();
        loop {
            let seat = match state.turn() {
                Turn::Terminal => {
                    return Ending {
                        result: state.returns().map(|r| r.to_vec()).unwrap_or_default(),
                        reason: "game over",
                        fault: None,
                    }
                }
                Turn::Chance => {
                    let action = next_chance(state, stock);
                    record.actions.push(state.format_action(action));
                    record.times_ms.push(0);
                    state.apply(action);
                    continue;
                }
                Turn::Player(seat) => seat,
            };
            state.legal_actions(&mut legal);
            let fault = self.faults[spec.engines[seat]].filter(|f| f.after_moves == moves[seat]);
            moves[seat] += 1;
            let started = Instant::now();
            let answer = catch_unwind(AssertUnwindSafe(|| match fault.map(|f| f.kind) {
                Some(FaultKind::Panic) => panic!("injected fault: the engine panics"),
                Some(FaultKind::Illegal) => Ok(illegal_action(state)
                    .expect("injected fault: no illegal action found, so the engine panics")),
                None => ask(&mut seats[seat], state, seat, &legal),
            }));
            let elapsed = started.elapsed();
            let action = match answer {
                Err(payload) => {
                    let message = payload
                        .downcast_ref::<&str>()
                        .map(ToString::to_string)
                        .or_else(|| payload.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "panic".to_string());
                    return self.breach(state, seat, "panic", message, &names);
                }
                Ok(Err(error)) => {
                    return self.breach(state, seat, "engine error", error.to_string(), &names)
                }
                Ok(Ok(action)) => action,
            };
            if !legal.contains(&action) {
                let message = format!("illegal action {action:?}");
                return self.breach(state, seat, "illegal action", message, &names);
            }
            if !timers[seat].charge(elapsed, self.time_margin) {
                let message = format!("the decision took {} ms", elapsed.as_millis());
                return self.breach(state, seat, "time forfeit", message, &names);
            }
            record.actions.push(state.format_action(action));
            record.times_ms.push(elapsed.as_millis() as u64);
            state.apply(action);
        }
    }
}

/// Asks the seat's engine: a fair engine sees only its observation.
fn ask(
    player: &mut TableSeat<Muzicando>,
    state: &Muzicando,
    seat: usize,
    legal: &[Action],
) -> Result<Action, PlayerError> {
    match player {
        TableSeat::Fair(p) => p.choose(&state.observation(seat), legal),
        TableSeat::Cheating(p) => p.choose(state),
    }
}

/// The order in which a deal's stock is drawn (individual game): one
/// shuffle of the deck per deal, so every rotation of the table draws the
/// same cards in the same order. Each draw is still uniform over the
/// stock, as the rules' chance outcomes are.
fn stock_order(deal_seed: u64) -> Vec<Card> {
    let mut order: Vec<Card> = (0..DECK_SIZE as u8).filter_map(Card::from_index).collect();
    order.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(mix(deal_seed)));
    order
}

/// The chance outcome of `state`: the next stock card in `stock` order.
fn next_chance(state: &Muzicando, stock: &[Card]) -> Action {
    let card = stock
        .iter()
        .copied()
        .find(|c| state.stock() & c.bit() != 0)
        .expect("a draw is asked only while the stock holds cards");
    debug_assert_eq!(state.phase(), Phase::Draw);
    Action::Draw(card)
}

/// The readable record of a Muzicando hand: the deal by seat, then every
/// call and play with its seat, then the ranking and points (a breach
/// leaves the hand unfinished). `None` if the record does not replay.
#[must_use]
pub fn hand_text(record: &GameRecord, options: &[String]) -> Option<String> {
    let options = Options::from_pairs(options.iter().map(String::as_str)).ok()?;
    let mut state = Muzicando::parse_position(&record.start, &options).ok()?;
    for action in &record.actions {
        let action = state.parse_action(action).ok()?;
        state.apply(action);
    }
    Some(state.record())
}

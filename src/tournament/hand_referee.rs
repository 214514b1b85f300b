//! The referee of one hand of a hidden-hand game (Muzicando): deals the
//! round's seeded cards with the round's dealer (the deal moving one seat
//! on each round, as at every table: [`hand_options`]), seats the engines
//! (built from their profiles, each handed only its seat's observation,
//! the cheating kind only when the tournament allows it), resolves the individual game's draws from one
//! fixed stock order per deal, times every decision, and turns a panic, an
//! illegal action, an overrun or an engine that cannot be built into a
//! **breach**, scored by the game's `Game::forfeit` (Muzicando: the hand is
//! annulled and the offender's team loses 12 points, the individual game's
//! offender 11, per rules §3 and §5).

use std::time::Duration;

use anyhow::{bail, Result};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::engine::hand_table::hand_options;
use crate::engine::{
    build_player, ChanceSource, EndReason, Ending, EngineProfile, Playable, Player,
};
use crate::game::{GameOptions, HandGame};

use super::config::{FaultInjection, TournamentConfig};
use super::match_hooks::Refereeing;
use super::match_hooks::Timer;
use super::record::GameRecord;
use super::record::GameSpec;
use super::seeds::{derive, engine_seed, mix, Stream};

/// Everything the hands of a hand-game tournament share.
pub struct HandSetup<G: HandGame> {
    options: G::Options,
    /// Profiles by engine index, the tournament's limits applied.
    profiles: Vec<EngineProfile>,
    faults: Vec<Option<FaultInjection>>,
    allow_cheating: bool,
    seed: u64,
    first_dealer: usize,
    time_margin: Duration,
}

impl<G: HandGame + Playable> HandSetup<G> {
    /// The setup of `config` (a tournament of `G`) with its engines'
    /// profiles `engines` (in the order of `config.engines`): applies the limit
    /// overrides, refuses cheating profiles unless `allow_cheating` is set.
    pub fn new(config: &TournamentConfig, engines: Vec<EngineProfile>) -> Result<Self> {
        let options = G::Options::from_pairs(config.options.iter().map(String::as_str))?;
        let mut profiles = Vec::new();
        for mut profile in engines {
            let name = &profile.name;
            profile.expect_game(G::NAME)?;
            if profile.sees_hidden_cards()? && !config.allow_cheating {
                bail!(
                    "engine `{name}` sees hidden cards (a cheating or partner-sight profile): tournaments refuse it \
                     unless the file sets `allow_cheating = true`, for measuring what hidden information costs"
                );
            }
            if let Some(limits) = config.limits.get(name) {
                profile.limits = limits.clone();
            }
            build_player::<G>(&profile, 0)?;
            profiles.push(profile);
        }
        let seats = G::seats_of(&options) as u64;
        Ok(Self {
            options,
            faults: config
                .engines
                .iter()
                .map(|e| config.faults.get(e).copied())
                .collect(),
            profiles,
            allow_cheating: config.allow_cheating,
            seed: config.seed,
            first_dealer: (derive(config.seed, Stream::Opening, 0) % seats) as usize,
            time_margin: Duration::from_millis(config.time_margin_ms),
        })
    }

    /// Plays hand `spec` to its end (or its breach) and returns its record.
    #[must_use]
    pub fn play(&self, spec: &GameSpec) -> GameRecord {
        let seed = derive(self.seed, Stream::Game, spec.index as u64);
        let deal_seed = derive(self.seed, Stream::Chance, spec.round.into());
        let options = hand_options::<G>(&self.options, self.first_dealer, spec.round as usize);
        let state = G::seeded_deal(&options, deal_seed);
        let engines = spec
            .engines
            .iter()
            .map(|&e| self.profiles[e].name.clone())
            .collect();
        let start = state.format_position();
        let mut record = GameRecord::begun(spec, engines, seed, start, Vec::new());
        let timers = spec
            .engines
            .iter()
            .map(|&e| Timer::new(self.profiles[e].limits.clone()))
            .collect();
        let faults = spec.engines.iter().map(|&e| self.faults[e]).collect();
        let mut hooks = Refereeing::new(&mut record, timers, faults, self.time_margin);
        hooks.decision_word = "decision";
        let mut players: Vec<Box<dyn Player<G>>> = Vec::new();
        for (seat, &engine) in spec.engines.iter().enumerate() {
            match build_player::<G>(&self.profiles[engine], engine_seed(seed, seat)) {
                Ok(player) => players.push(player),
                Err(error) => {
                    let ending =
                        Ending::forfeit(&state, seat, EndReason::EngineError, error.to_string());
                    hooks.finish(&state, ending);
                    return record;
                }
            }
        }
        let chance = StockOrder(stock_order::<G>(deal_seed));
        hooks.play(state, None, players, Box::new(chance), self.allow_cheating);
        record
    }
}

/// The order in which a deal's stock is drawn (Muzicando's individual
/// game): one shuffle of the stock's outcomes per deal, so every rotation
/// of the table draws the same cards in the same order. Each draw is still
/// uniform over the stock, as the rules' chance outcomes are.
fn stock_order<G: HandGame>(deal_seed: u64) -> Vec<G::Action> {
    let mut order = G::stock_draws();
    order.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(mix(deal_seed)));
    order
}

/// The stock's chance stream: each draw takes the next outcome of the
/// deal's stock order that the state still offers.
struct StockOrder<A>(Vec<A>);

impl<G: HandGame> ChanceSource<G> for StockOrder<G::Action> {
    fn draw(&mut self, state: &G, _index: u64) -> Option<G::Action> {
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        self.0
            .iter()
            .copied()
            .find(|draw| outcomes.iter().any(|(outcome, _)| outcome == draw))
    }
}

/// The readable record of a hand ([`HandGame::hand_record`]: the deal by
/// seat, then every call and play with its seat, then the result; a breach
/// leaves the hand unfinished). `None` if the record does not replay.
#[must_use]
pub fn hand_text<G: HandGame>(record: &GameRecord, options: &[String]) -> Option<String> {
    let options = G::Options::from_pairs(options.iter().map(String::as_str)).ok()?;
    let mut state = G::parse_position(&record.start, &options).ok()?;
    for action in &record.actions {
        let action = state.parse_action(action).ok()?;
        state.apply(action);
    }
    Some(state.hand_record())
}

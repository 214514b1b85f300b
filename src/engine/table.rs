//! A table of a hand game (Muzicando) where people and engines sit
//! together for a match of several hands, as a server holds it for a
//! browser, one link per person: a [`HandTable`] (the match of hands every
//! front end drives) with the seats' tokens and event queues.
//!
//! Each person's seat is named by an unguessable token (128 random bits
//! from the operating system's generator, in hex); a token opens that
//! seat and no other. Engines sit at the other seats and are handed
//! exactly the observation a person at their seat gets; they think apart
//! from the table ([`run_engines_unlocked`]), so that people's requests
//! never wait for them.
//!
//! Every seat has its own queue of events, numbered from 0. Each is built
//! from that seat's observation alone ([`HandView::seat_view`]), one after
//! every action, chance outcome included: a card dealt or drawn to another
//! seat is not in the observation and so cannot be in the queue. Only when
//! a hand is over does the queue receive the hand's summary (every hand
//! revealed, the points, the match score, a step-by-step replay); the next
//! hand is then dealt at once, the deal moving one seat on. A queue keeps
//! the events of the last [`KEPT_HANDS`] hands, so a long match holds a
//! bounded memory; events keep their numbers.
//!
//! Hints are computed from the asking seat's observation too: the legal
//! calls or plays ranked by the mean hand score ISMCTS finds, with the
//! simulation bidder's expected values for calls.

use std::any::Any;
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

use rand::rngs::OsRng;
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;
use thiserror::Error;

use crate::bounds::{self, OutOfRange};
use crate::game::{HandView, Seat, Turn};
use crate::knowledge::{Policy, RuleBasedGame};
use crate::search::bid_simulation::{simulate_calls, Simulation};
use crate::search::modelling::{search_worlds, Determinization, Modelling};
use crate::search::uct::{ActionStats, UctConfig};
use crate::search::Limits;

use super::hand_table::{HandStep, HandTable, TableSetup, TableTurn};
use super::playable::Playable;
use super::player::Stop;
use super::session::{Happening, SeatSpec, SessionError};

/// Why a table refused a request. The table is unchanged.
#[derive(Debug, Error)]
pub enum TableError {
    /// No seat of this table has the token.
    #[error("no seat of this table has that token")]
    UnknownToken,
    /// The seat list does not fit the game's options.
    #[error("this table has {expected} seats, not {given}")]
    Seats {
        /// Seats the options give.
        expected: usize,
        /// Seats given.
        given: usize,
    },
    /// Every seat is an engine: nobody could play at the table.
    #[error("a table needs at least one person")]
    NoPerson,
    /// A number out of its range.
    #[error(transparent)]
    Range(#[from] OutOfRange),
    /// The session refused the action (not the seat's turn, not legal), or
    /// an engine could not be built.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// The hint searcher failed.
    #[error("no hint: {0}")]
    Hint(String),
}

/// Something a seat is told, in the order it happened.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case", bound = "")]
pub enum TableEvent<G: HandView> {
    /// The seat's view after an action (the first one after the deal).
    View {
        /// The hand, from 0.
        hand: usize,
        /// Actions since the deal (a call, a play, a card drawn).
        step: usize,
        /// What the seat sees now.
        view: G::SeatView,
    },
    /// A hand is over: everything is shown.
    HandOver {
        /// The hand, from 0.
        hand: usize,
        /// The finished hand.
        summary: G::HandSummary,
        /// The match score so far, per seat.
        totals: Vec<i32>,
    },
    /// The match is over.
    MatchOver {
        /// Each hand's points, per seat.
        hands: Vec<Vec<i32>>,
        /// The final score, per seat.
        totals: Vec<i32>,
    },
}

/// One legal action of a hint, with what the searchers expect of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintLine {
    /// The action in the game's notation.
    pub action: String,
    /// The mean hand score ISMCTS found through it (the seat's points).
    pub mean: Option<f64>,
    /// ISMCTS playouts through it.
    pub samples: u64,
    /// The simulation bidder's expected score (calls only).
    pub simulated: Option<f64>,
}

/// A match of hands at one table, with its people's tokens and every
/// seat's events.
pub struct SeatedTable<G: HandView + Playable> {
    table: HandTable<G>,
    tokens: Vec<Option<String>>,
    /// The hand being shown, and the actions since its deal.
    hand: usize,
    step: usize,
    /// Each seat's events kept: those of the last hands (see
    /// [`KEPT_HANDS`]).
    queues: Vec<VecDeque<TableEvent<G>>>,
    /// Each seat's events dropped from the front of its queue.
    dropped: Vec<usize>,
    last_views: Vec<Option<G::SeatView>>,
}

/// How many of the last hands' events a table keeps (the hand being
/// played included): a page that fell behind still finds the finished
/// hand's views and summary.
pub const KEPT_HANDS: usize = 3;

/// A fresh seat token: 128 bits from the operating system, in hex.
fn new_token() -> String {
    let mut bytes = [0u8; 16];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().fold(String::with_capacity(32), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

impl<G: HandView + Playable> SeatedTable<G> {
    /// Seats the table and deals the first hand; the engines play until a
    /// person is to move (nobody waits for the table yet).
    pub fn new(setup: TableSetup<G>) -> Result<Self, TableError> {
        let tokens = setup
            .seats
            .iter()
            .map(|s| matches!(s, SeatSpec::Person).then(new_token))
            .collect();
        let seats = setup.seats.len();
        let mut table = Self {
            table: HandTable::new(setup)?,
            tokens,
            hand: 0,
            step: 0,
            queues: (0..seats).map(|_| VecDeque::new()).collect(),
            dropped: vec![0; seats],
            last_views: vec![None; seats],
        };
        table.run_engines();
        Ok(table)
    }

    /// The token of each person's seat.
    #[must_use]
    pub fn tokens(&self) -> Vec<(Seat, &str)> {
        self.tokens
            .iter()
            .enumerate()
            .filter_map(|(seat, t)| t.as_deref().map(|t| (seat, t)))
            .collect()
    }

    /// The seat `token` opens.
    pub fn seat_of(&self, token: &str) -> Result<Seat, TableError> {
        self.tokens
            .iter()
            .position(|t| t.as_deref() == Some(token))
            .ok_or(TableError::UnknownToken)
    }

    /// Who sits where.
    #[must_use]
    pub fn seats(&self) -> &[SeatSpec] {
        self.table.seats()
    }

    /// The hand being played (from 0), and the number in the match.
    #[must_use]
    pub fn hand(&self) -> (usize, usize) {
        self.table.hand()
    }

    /// The match score so far, per seat.
    #[must_use]
    pub fn totals(&self) -> &[i32] {
        self.table.totals()
    }

    /// Whether the match is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.table.is_over()
    }

    /// The seat whose engine is out thinking.
    #[must_use]
    pub fn thinking(&self) -> Option<Seat> {
        self.table.thinking()
    }

    /// What `seat` sees of the hand now.
    #[must_use]
    pub fn view(&self, seat: Seat) -> G::SeatView {
        G::seat_view(&self.table.state().observation(seat))
    }

    /// The events of `seat` from number `from` on (numbers count from the
    /// start of the match; the events of hands older than the last
    /// [`KEPT_HANDS`] are no longer kept).
    #[must_use]
    pub fn events(&self, seat: Seat, from: usize) -> Vec<&TableEvent<G>> {
        let (Some(queue), Some(&dropped)) = (self.queues.get(seat), self.dropped.get(seat)) else {
            return Vec::new();
        };
        queue.iter().skip(from.saturating_sub(dropped)).collect()
    }

    /// The number of events `seat` has been sent.
    #[must_use]
    pub fn event_count(&self, seat: Seat) -> usize {
        self.dropped.get(seat).copied().unwrap_or(0)
            + self.queues.get(seat).map_or(0, VecDeque::len)
    }

    /// The person at `seat` plays `text` (in the game's notation); chance
    /// follows, up to the next decision (an engine's is left to
    /// [`SeatedTable::engine_turn`] or [`SeatedTable::run_engines`]).
    pub fn play(&mut self, seat: Seat, text: &str) -> Result<(), TableError> {
        self.table.play_text(seat, text)?;
        self.publish_steps();
        Ok(())
    }

    /// The engines play here and now until a person is to move.
    pub fn run_engines(&mut self) {
        self.table.run_engines();
        self.publish_steps();
    }

    /// The engine to move, taken out to think apart (see
    /// [`HandTable::engine_turn`]).
    pub fn engine_turn(&mut self) -> Option<TableTurn<G>> {
        let turn = self.table.engine_turn();
        self.publish_steps();
        turn
    }

    /// Plays the answer of `turn` if the table has not moved on (see
    /// [`HandTable::conclude`]); whether it did.
    pub fn conclude(&mut self, turn: TableTurn<G>) -> bool {
        let applied = self.table.conclude(turn);
        self.publish_steps();
        applied
    }

    /// Turns the table's new steps into each seat's events.
    fn publish_steps(&mut self) {
        for step in self.table.take_steps() {
            match step {
                HandStep::Dealt { hand, state } => {
                    self.hand = hand;
                    self.forget_old_hands();
                    self.last_views = vec![None; self.queues.len()];
                    self.step = 0;
                    self.publish(&state);
                }
                HandStep::Happened(
                    Happening::Chance { before, action } | Happening::Played { before, action, .. },
                ) => {
                    let mut after = before;
                    after.apply(action);
                    self.step += 1;
                    self.publish(&after);
                }
                HandStep::Happened(_) => {}
                HandStep::HandOver {
                    hand,
                    state,
                    totals,
                    ..
                } => {
                    if let Some(summary) = state.hand_summary() {
                        for queue in &mut self.queues {
                            queue.push_back(TableEvent::HandOver {
                                hand,
                                summary: summary.clone(),
                                totals: totals.clone(),
                            });
                        }
                    }
                }
                HandStep::MatchOver { hands, totals } => {
                    for queue in &mut self.queues {
                        queue.push_back(TableEvent::MatchOver {
                            hands: hands.clone(),
                            totals: totals.clone(),
                        });
                    }
                }
            }
        }
    }

    /// Pushes each seat's view of `state` when it changed.
    fn publish(&mut self, state: &G) {
        for seat in 0..self.queues.len() {
            let view = G::seat_view(&state.observation(seat));
            if self.last_views[seat].as_ref() != Some(&view) {
                self.last_views[seat] = Some(view.clone());
                self.queues[seat].push_back(TableEvent::View {
                    hand: self.hand,
                    step: self.step,
                    view,
                });
            }
        }
    }

    /// Drops the events of the hands older than the last [`KEPT_HANDS`],
    /// so a long match holds a bounded memory.
    fn forget_old_hands(&mut self) {
        for (queue, dropped) in self.queues.iter_mut().zip(&mut self.dropped) {
            while let Some(TableEvent::View { hand, .. } | TableEvent::HandOver { hand, .. }) =
                queue.front()
            {
                if hand + KEPT_HANDS > self.hand {
                    break;
                }
                queue.pop_front();
                *dropped += 1;
            }
        }
    }
}

impl<G: HandView + Playable + RuleBasedGame> SeatedTable<G> {
    /// The legal actions of `seat`, which must be to move, ranked best
    /// first by `playouts` ISMCTS playouts from its observation alone (and,
    /// for a call, the simulation bidder's expected scores over `worlds`
    /// sampled worlds per call).
    pub fn hint(
        &self,
        seat: Seat,
        playouts: u64,
        worlds: u64,
    ) -> Result<Vec<HintLine>, TableError> {
        if self.table.is_over() {
            return Err(TableError::MatchOver);
        }
        if self.table.person_to_move() != Some(seat) {
            return Err(SessionError::NotYourTurn.into());
        }
        let playouts = bounds::PLAYOUTS.check("playouts", playouts)?;
        let worlds = bounds::PLAYOUTS.check("worlds", worlds)?;
        rank_actions::<G>(&self.table.state().observation(seat), playouts, worlds)
    }
}

/// The legal actions of the observing seat, which must be to move, ranked
/// best first from `observation` alone: the mean hand score of `playouts`
/// ISMCTS playouts through each, and for a call the simulation bidder's
/// expected score over `worlds` sampled worlds (which then ranks). Serves
/// [`SeatedTable::hint`] and the analysis of a pasted position.
pub fn rank_actions<G: HandView + Playable + RuleBasedGame>(
    observation: &<G as crate::game::HiddenInfo>::Observation,
    playouts: u64,
    worlds: u64,
) -> Result<Vec<HintLine>, TableError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let world = G::sample_world(observation, &mut rng);
    if !matches!(world.turn(), Turn::Player(_)) {
        return Err(SessionError::NotYourTurn.into());
    }
    let mut legal = Vec::new();
    world.legal_actions(&mut legal);
    let stop = Arc::new(AtomicBool::new(false));
    let failed = |e: crate::search::SearchError| TableError::Hint(e.to_string());
    let simulated: Vec<ActionStats<G::Action>> =
        if legal.len() > 1 && G::is_contract_decision(&legal) {
            simulate_calls::<G>(
                observation,
                &legal,
                &Simulation::default(),
                &Limits::nodes(worlds),
                &stop,
                1,
                &mut |_| {},
            )
            .map_err(failed)?
            .stats
        } else {
            Vec::new()
        };
    let searched = search_worlds::<G>(
        observation,
        Determinization::PerPlayout,
        &UctConfig::default(),
        &Modelling::default(),
        &Limits::nodes(playouts),
        &stop,
        1,
        &mut |_| {},
    )
    .map_err(failed)?
    .stats;
    let of = |stats: &[ActionStats<G::Action>], action| {
        stats
            .iter()
            .find(|s| s.action == action && s.visits > 0)
            .map(|s| (s.mean(), s.visits))
    };
    let mut lines: Vec<HintLine> = legal
        .iter()
        .map(|&action| HintLine {
            action: world.format_action(action),
            mean: of(&searched, action).map(|(m, _)| m),
            samples: of(&searched, action).map_or(0, |(_, v)| v),
            simulated: of(&simulated, action).map(|(m, _)| m),
        })
        .collect();
    let key = |line: &HintLine| line.simulated.or(line.mean).unwrap_or(f64::NEG_INFINITY);
    lines.sort_by(|a, b| key(b).total_cmp(&key(a)));
    Ok(lines)
}

/// A table behind a handle that does not name its game: what a server
/// holds. Views and events come as JSON values, built as
/// [`SeatedTable`]'s are, from each seat's observation.
pub trait AnyTable: Send {
    /// The token of each person's seat.
    fn tokens(&self) -> Vec<(Seat, String)>;
    /// The seat `token` opens.
    fn seat_of(&self, token: &str) -> Result<Seat, TableError>;
    /// Who sits where.
    fn seats(&self) -> &[SeatSpec];
    /// The hand being played (from 0) and the number in the match.
    fn hand(&self) -> (usize, usize);
    /// The match score so far, per seat.
    fn totals(&self) -> Vec<i32>;
    /// Whether the match is over.
    fn is_over(&self) -> bool;
    /// The match's seed (its deals follow from it: show it only once the
    /// match is over).
    fn seed(&self) -> u64;
    /// What `seat` sees of the hand now.
    fn view_json(&self, seat: Seat) -> serde_json::Value;
    /// The events of `seat` from number `from` on.
    fn events_json(&self, seat: Seat, from: usize) -> Vec<serde_json::Value>;
    /// The number of events of `seat` so far.
    fn event_count(&self, seat: Seat) -> usize;
    /// The person at `seat` plays `text`; chance follows, up to the next
    /// decision (the engines' are taken with [`AnyTable::engine_turn`]).
    fn play(&mut self, seat: Seat, text: &str) -> Result<(), TableError>;
    /// The engine to move, taken out to think apart.
    fn engine_turn(&mut self) -> Option<Box<dyn AnyTurn>>;
    /// Plays the answer of `turn` (taken from this table) if the table has
    /// not moved on; whether it did.
    fn conclude(&mut self, turn: Box<dyn AnyTurn>) -> bool;
    /// The seat whose engine is out thinking.
    fn thinking(&self) -> Option<Seat>;
    /// The flag that makes the engine thinking now answer at once.
    fn stop_handle(&self) -> Stop;
    /// The ranked legal actions of `seat` (see [`SeatedTable::hint`]).
    fn hint(&self, seat: Seat, playouts: u64, worlds: u64) -> Result<Vec<HintLine>, TableError>;
    /// The person to move, if one is and the match goes on.
    fn person_to_move(&self) -> Option<Seat>;
    /// The action the game's rule-based policy (default parameters) takes
    /// for `seat`, which must be a person to move, from that seat's
    /// observation alone: what is played for a person whose time ran out.
    fn default_action(&self, seat: Seat) -> Result<String, TableError>;
}

/// An engine's turn taken out of an [`AnyTable`], thinking apart.
pub trait AnyTurn: Send {
    /// The engine thinks (within its limits or until the table's stop flag
    /// is set).
    fn think(&mut self);
    /// The turn, to be handed back to its table.
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

impl<G: Playable + 'static> AnyTurn for TableTurn<G> {
    fn think(&mut self) {
        TableTurn::think(self);
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

/// Lets the engines of `table` play until a person is to move or the
/// match is over, each thinking with the table unlocked: the engine's turn
/// is taken out under the lock, thought about without it, and handed back
/// under it, played only if the table has not moved on meanwhile.
/// `changed` is called, the table locked, after each step that changed it.
pub fn run_engines_unlocked(
    table: &Mutex<Box<dyn AnyTable>>,
    mut changed: impl FnMut(&dyn AnyTable),
) {
    let lock = || table.lock().unwrap_or_else(PoisonError::into_inner);
    loop {
        let taken = {
            let mut table = lock();
            let turn = table.engine_turn();
            changed(table.as_ref());
            turn
        };
        let Some(mut turn) = taken else {
            return;
        };
        turn.think();
        let mut table = lock();
        table.conclude(turn);
        changed(table.as_ref());
    }
}

impl<G: HandView + Playable + RuleBasedGame + 'static> AnyTable for SeatedTable<G> {
    fn tokens(&self) -> Vec<(Seat, String)> {
        SeatedTable::tokens(self)
            .into_iter()
            .map(|(seat, token)| (seat, token.to_string()))
            .collect()
    }

    fn seat_of(&self, token: &str) -> Result<Seat, TableError> {
        SeatedTable::seat_of(self, token)
    }

    fn seats(&self) -> &[SeatSpec] {
        SeatedTable::seats(self)
    }

    fn hand(&self) -> (usize, usize) {
        SeatedTable::hand(self)
    }

    fn totals(&self) -> Vec<i32> {
        SeatedTable::totals(self).to_vec()
    }

    fn is_over(&self) -> bool {
        SeatedTable::is_over(self)
    }

    fn seed(&self) -> u64 {
        self.table.seed()
    }

    fn view_json(&self, seat: Seat) -> serde_json::Value {
        serde_json::to_value(SeatedTable::view(self, seat)).unwrap_or_default()
    }

    fn events_json(&self, seat: Seat, from: usize) -> Vec<serde_json::Value> {
        SeatedTable::events(self, seat, from)
            .into_iter()
            .map(|event| serde_json::to_value(event).unwrap_or_default())
            .collect()
    }

    fn event_count(&self, seat: Seat) -> usize {
        SeatedTable::event_count(self, seat)
    }

    fn play(&mut self, seat: Seat, text: &str) -> Result<(), TableError> {
        SeatedTable::play(self, seat, text)
    }

    fn engine_turn(&mut self) -> Option<Box<dyn AnyTurn>> {
        SeatedTable::engine_turn(self).map(|turn| Box::new(turn) as Box<dyn AnyTurn>)
    }

    fn conclude(&mut self, turn: Box<dyn AnyTurn>) -> bool {
        turn.into_any()
            .downcast::<TableTurn<G>>()
            .is_ok_and(|turn| SeatedTable::conclude(self, *turn))
    }

    fn thinking(&self) -> Option<Seat> {
        SeatedTable::thinking(self)
    }

    fn stop_handle(&self) -> Stop {
        self.table.stop_handle()
    }

    fn hint(&self, seat: Seat, playouts: u64, worlds: u64) -> Result<Vec<HintLine>, TableError> {
        SeatedTable::hint(self, seat, playouts, worlds)
    }

    fn person_to_move(&self) -> Option<Seat> {
        self.table.person_to_move()
    }

    fn default_action(&self, seat: Seat) -> Result<String, TableError> {
        if self.table.person_to_move() != Some(seat) {
            return Err(SessionError::NotYourTurn.into());
        }
        let state = self.table.state();
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let action = G::policy(&G::PolicyParams::default())
            .choose(&state.observation(seat), &legal)
            .ok_or(SessionError::NotYourTurn)?;
        Ok(state.format_action(action))
    }
}

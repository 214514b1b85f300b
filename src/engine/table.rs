//! A table of a hand game (Muzicando) where people and engines sit
//! together for a match of several hands: the table a server holds for a
//! browser, one link per person.
//!
//! Each person's seat is named by an unguessable token (128 random bits
//! from the operating system's generator, in hex); a token opens that
//! seat and no other. Engines sit at the other seats and play through the
//! match loop of a [`Session`], so they are handed exactly the observation
//! a person at their seat gets.
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

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rand::rngs::OsRng;
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;
use thiserror::Error;

use crate::bounds::{self, OutOfRange};
use crate::game::{Game, HandView, Seat, Turn};
use crate::knowledge::{Policy, RuleBasedGame};
use crate::search::bid_simulation::{simulate_calls, Simulation};
use crate::search::modelling::{search_worlds, Determinization, Modelling};
use crate::search::uct::{ActionStats, UctConfig};
use crate::search::Limits;

use super::playable::Playable;
use super::session::{Happening, SeatSpec, Session, SessionError};

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

/// What a table is made of.
#[derive(Clone, Debug)]
pub struct TableSetup<G: Game> {
    /// The rule options (their dealer deals the first hand).
    pub options: G::Options,
    /// Who sits at each seat.
    pub seats: Vec<SeatSpec>,
    /// Hands in the match.
    pub hands: usize,
    /// The deals' and the engines' seed.
    pub seed: u64,
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

/// A match of hands at one table.
pub struct HandTable<G: HandView + Playable> {
    options: G::Options,
    first_dealer: Seat,
    specs: Vec<SeatSpec>,
    tokens: Vec<Option<String>>,
    hands: usize,
    seed: u64,
    hand: usize,
    /// Actions since the deal of the current hand.
    step: usize,
    session: Session<G>,
    totals: Vec<i32>,
    points: Vec<Vec<i32>>,
    /// Each seat's events kept: those of the last hands (see
    /// [`KEPT_HANDS`]).
    queues: Vec<VecDeque<TableEvent<G>>>,
    /// Each seat's events dropped from the front of its queue.
    dropped: Vec<usize>,
    last_views: Vec<Option<G::SeatView>>,
    over: bool,
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

/// The deal seed of hand `hand` of a match seeded `seed`.
#[must_use]
pub fn hand_seed(seed: u64, hand: usize) -> u64 {
    crate::splitmix::splitmix64(seed ^ (hand as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).1
}

impl<G: HandView + Playable> HandTable<G> {
    /// Seats the table, deals the first hand and lets the engines play
    /// until a person is to move.
    pub fn new(setup: TableSetup<G>) -> Result<Self, TableError> {
        let seats = G::seats_of(&setup.options);
        if setup.seats.len() != seats {
            return Err(TableError::Seats {
                expected: seats,
                given: setup.seats.len(),
            });
        }
        if !setup.seats.iter().any(|s| matches!(s, SeatSpec::Person)) {
            return Err(TableError::NoPerson);
        }
        let hands = bounds::HANDS.check("hands", setup.hands)?;
        let first_dealer = G::dealer(&setup.options);
        let deal = G::seeded_deal(&setup.options, hand_seed(setup.seed, 0));
        let session = Session::new(deal, setup.seats.clone(), hand_seed(setup.seed, 0))?;
        let tokens = setup
            .seats
            .iter()
            .map(|s| matches!(s, SeatSpec::Person).then(new_token))
            .collect();
        let mut table = Self {
            options: setup.options,
            first_dealer,
            specs: setup.seats,
            tokens,
            hands,
            seed: setup.seed,
            hand: 0,
            step: 0,
            session,
            totals: vec![0; seats],
            points: Vec::new(),
            queues: (0..seats).map(|_| VecDeque::new()).collect(),
            dropped: vec![0; seats],
            last_views: vec![None; seats],
            over: false,
        };
        table.publish_current();
        table.session.advance();
        table.run();
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
        &self.specs
    }

    /// The hand being played (from 0), and the number in the match.
    #[must_use]
    pub fn hand(&self) -> (usize, usize) {
        (self.hand, self.hands)
    }

    /// The match score so far, per seat.
    #[must_use]
    pub fn totals(&self) -> &[i32] {
        &self.totals
    }

    /// Whether the match is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// What `seat` sees of the hand now.
    #[must_use]
    pub fn view(&self, seat: Seat) -> G::SeatView {
        G::seat_view(&self.session.state().observation(seat))
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

    /// The person at `seat` plays `text` (in the game's notation); the
    /// engines then play until a person is to move.
    pub fn play(&mut self, seat: Seat, text: &str) -> Result<(), TableError> {
        if self.over {
            return Err(TableError::MatchOver);
        }
        if self.session.person_to_move() != Some(seat) {
            return Err(SessionError::NotYourTurn.into());
        }
        self.session.play_text(text)?;
        self.run();
        Ok(())
    }

    /// Publishes what happened, ends hands and deals the next ones, until a
    /// person is to move or the match is over.
    fn run(&mut self) {
        loop {
            for happening in self.session.take_happenings() {
                if let Happening::Chance { before, action }
                | Happening::Played { before, action, .. } = happening
                {
                    let mut after = before;
                    after.apply(action);
                    self.step += 1;
                    self.publish(&after);
                }
            }
            if self.session.ending().is_none() {
                return;
            }
            self.finish_hand();
            if self.over {
                return;
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

    fn publish_current(&mut self) {
        let state = self.session.state().clone();
        self.publish(&state);
    }

    /// Scores the finished hand, tells every seat, and deals the next hand
    /// (or ends the match).
    fn finish_hand(&mut self) {
        let state = self.session.state().clone();
        let points: Vec<i32> = match state.hand_points() {
            Some(points) => points,
            None => self.session.ending().map_or_else(
                || vec![0; self.totals.len()],
                |e| e.result.iter().map(|&r| r.round() as i32).collect(),
            ),
        };
        for (total, p) in self.totals.iter_mut().zip(&points) {
            *total += p;
        }
        self.points.push(points);
        if let Some(summary) = state.hand_summary() {
            for queue in &mut self.queues {
                queue.push_back(TableEvent::HandOver {
                    hand: self.hand,
                    summary: summary.clone(),
                    totals: self.totals.clone(),
                });
            }
        }
        self.hand += 1;
        if self.hand == self.hands {
            self.over = true;
            for queue in &mut self.queues {
                queue.push_back(TableEvent::MatchOver {
                    hands: self.points.clone(),
                    totals: self.totals.clone(),
                });
            }
            return;
        }
        self.forget_old_hands();
        let seats = self.totals.len();
        let mut options = self.options.clone();
        G::set_dealer(&mut options, (self.first_dealer + self.hand) % seats);
        let seed = hand_seed(self.seed, self.hand);
        self.session
            .new_game(G::seeded_deal(&options, seed), Some(seed));
        self.last_views = vec![None; seats];
        self.step = 0;
        self.publish_current();
        self.session.advance();
    }
}

impl<G: HandView + Playable> HandTable<G> {
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

impl<G: HandView + Playable + RuleBasedGame> HandTable<G> {
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
        if self.over {
            return Err(TableError::MatchOver);
        }
        if self.session.person_to_move() != Some(seat) {
            return Err(SessionError::NotYourTurn.into());
        }
        let playouts = bounds::PLAYOUTS.check("playouts", playouts)?;
        let worlds = bounds::PLAYOUTS.check("worlds", worlds)?;
        rank_actions::<G>(&self.session.state().observation(seat), playouts, worlds)
    }
}

/// The legal actions of the observing seat, which must be to move, ranked
/// best first from `observation` alone: the mean hand score of `playouts`
/// ISMCTS playouts through each, and for a call the simulation bidder's
/// expected score over `worlds` sampled worlds (which then ranks). Serves
/// [`HandTable::hint`] and the analysis of a pasted position.
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
/// [`HandTable`]'s are, from each seat's observation.
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
    /// The person at `seat` plays `text`; the engines answer.
    fn play(&mut self, seat: Seat, text: &str) -> Result<(), TableError>;
    /// The ranked legal actions of `seat` (see [`HandTable::hint`]).
    fn hint(&self, seat: Seat, playouts: u64, worlds: u64) -> Result<Vec<HintLine>, TableError>;
    /// The person to move, if one is and the match goes on.
    fn person_to_move(&self) -> Option<Seat>;
    /// The action the game's rule-based policy (default parameters) takes
    /// for `seat`, which must be a person to move, from that seat's
    /// observation alone: what is played for a person whose time ran out.
    fn default_action(&self, seat: Seat) -> Result<String, TableError>;
}

impl<G: HandView + Playable + RuleBasedGame> AnyTable for HandTable<G> {
    fn tokens(&self) -> Vec<(Seat, String)> {
        HandTable::tokens(self)
            .into_iter()
            .map(|(seat, token)| (seat, token.to_string()))
            .collect()
    }

    fn seat_of(&self, token: &str) -> Result<Seat, TableError> {
        HandTable::seat_of(self, token)
    }

    fn seats(&self) -> &[SeatSpec] {
        HandTable::seats(self)
    }

    fn hand(&self) -> (usize, usize) {
        HandTable::hand(self)
    }

    fn totals(&self) -> Vec<i32> {
        HandTable::totals(self).to_vec()
    }

    fn is_over(&self) -> bool {
        HandTable::is_over(self)
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn view_json(&self, seat: Seat) -> serde_json::Value {
        serde_json::to_value(HandTable::view(self, seat)).unwrap_or_default()
    }

    fn events_json(&self, seat: Seat, from: usize) -> Vec<serde_json::Value> {
        HandTable::events(self, seat, from)
            .into_iter()
            .map(|event| serde_json::to_value(event).unwrap_or_default())
            .collect()
    }

    fn event_count(&self, seat: Seat) -> usize {
        HandTable::event_count(self, seat)
    }

    fn play(&mut self, seat: Seat, text: &str) -> Result<(), TableError> {
        HandTable::play(self, seat, text)
    }

    fn hint(&self, seat: Seat, playouts: u64, worlds: u64) -> Result<Vec<HintLine>, TableError> {
        HandTable::hint(self, seat, playouts, worlds)
    }

    fn person_to_move(&self) -> Option<Seat> {
        (!self.over)
            .then(|| self.session.person_to_move())
            .flatten()
    }

    fn default_action(&self, seat: Seat) -> Result<String, TableError> {
        if AnyTable::person_to_move(self) != Some(seat) {
            return Err(SessionError::NotYourTurn.into());
        }
        let state = self.session.state();
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let action = G::policy(&G::PolicyParams::default())
            .choose(&state.observation(seat), &legal)
            .ok_or(SessionError::NotYourTurn)?;
        Ok(state.format_action(action))
    }
}

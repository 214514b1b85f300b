//! The one contract every player implements, whoever or whatever decides:
//! the alpha-beta, expectimax, MCTS, PIMC and ISMCTS engines, the greedy,
//! rule-based and random movers, and the measurement-only cheating player.
//!
//! A player is handed a [`View`]: its seat, the seat's observation and the
//! legal actions. For a perfect-information game the observation is the
//! state itself ([`crate::game::PerfectInfo`]); for a game with secrets it
//! is what the seat may know, so no engine can read another seat's cards.
//! Only a player that declares [`Player::sees_everything`] (the cheating
//! measurement tool) is also handed the full state, and only at a table that
//! allows it.
//!
//! Every player answers under the caller's [`Limits`], stops early when the
//! shared stop flag is set, and streams its progress to an [`InfoSink`].

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

use crate::game::{Observe, Seat, Turn};
use crate::search::{Clock, Limits, PvLine, SearchError, SearchInfo};

/// The flag that stops a running decision when set (from any thread).
pub type Stop = Arc<AtomicBool>;

/// Why a player gave no action.
#[derive(Debug, Error)]
pub enum PlayerError {
    /// There is nothing to choose: no legal action.
    #[error("it is no player's turn")]
    NotAPlayersTurn,
    /// The player needs the full state but the table hands out observations only.
    #[error("this player reads every hand and cannot sit at a fair table")]
    NeedsFullState,
    /// The engine's search refused the state.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// An external engine failed: it crashed, hung past its time, answered
    /// a malformed or illegal move, or wrote garbage (the message says
    /// which, with its last lines of output).
    #[error("{0}")]
    External(String),
}

/// What a seat is shown when it must decide.
pub struct View<'a, G: Observe> {
    /// The seat to move.
    pub seat: Seat,
    /// What the seat may see (the state itself in a perfect-information game).
    pub observation: &'a G::Observation,
    /// The seat's legal actions, never empty.
    pub legal: &'a [G::Action],
    /// The full state: handed only to a player that
    /// [sees everything](Player::sees_everything), at a table that allows it.
    pub state: Option<&'a G>,
    /// The game so far, where every action is public
    /// ([`Observe::PUBLIC_ACTIONS`]) and a referee keeps it.
    pub game: Option<GameSoFar<'a, G>>,
}

/// The game so far, as a referee keeps it: where it started, every action
/// since (chance outcomes included) and each seat's clock. An external
/// engine is sent all of it (`position … moves …`, both clocks), as chess
/// interfaces do, so that it sees repetitions and its opponent's time.
#[derive(Clone, Copy, Debug)]
pub struct GameSoFar<'a, G: Observe> {
    /// The state the game started from.
    pub start: &'a G,
    /// Every action since, in order.
    pub actions: &'a [G::Action],
    /// Each seat's clock (`None`: no clock), by seat.
    pub clocks: &'a [Option<Clock>],
}

/// What a decision cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Depth of the last completed iteration (0 for searchers without depth).
    pub depth: u32,
    /// Nodes, playouts or simulated worlds.
    pub nodes: u64,
    /// Time the decision took.
    pub time: Duration,
}

/// A player's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<A> {
    /// The action chosen.
    pub action: A,
    /// The searcher's score from the mover's view (centipawn-like units),
    /// when it has one.
    pub score: Option<i32>,
    /// The lines the searcher found, best first (empty if it has none).
    pub lines: Vec<PvLine<A>>,
    /// What the decision cost.
    pub stats: Stats,
}

impl<A> Decision<A> {
    /// A bare action, with no score or lines.
    #[must_use]
    pub fn action(action: A) -> Self {
        Self {
            action,
            score: None,
            lines: Vec::new(),
            stats: Stats::default(),
        }
    }
}

/// Receives a searcher's progress while it thinks.
pub trait InfoSink<A> {
    /// One progress report.
    fn info(&mut self, info: &SearchInfo<A>);
}

impl<A, F: FnMut(&SearchInfo<A>)> InfoSink<A> for F {
    fn info(&mut self, info: &SearchInfo<A>) {
        self(info);
    }
}

/// A sink that drops every report.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoInfo;

impl<A> InfoSink<A> for NoInfo {
    fn info(&mut self, _info: &SearchInfo<A>) {}
}

/// Something that chooses actions for its seat.
pub trait Player<G: Observe>: Send {
    /// A short name for records and tables.
    fn name(&self) -> &str;

    /// The action to play in `view`, within `limits`, answering early when
    /// `stop` is set, reporting progress to `info`.
    fn choose(
        &mut self,
        view: &View<'_, G>,
        limits: &Limits,
        stop: &Stop,
        info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError>;

    /// Forgets anything carried over from an earlier game.
    fn new_game(&mut self) {}

    /// Gives back the memory kept between decisions (a transposition
    /// table); the next decision takes it again. A server calls it for an
    /// engine whose person has gone quiet.
    fn release_memory(&mut self) {}

    /// Whether the player needs the full state, hidden cards included (the
    /// cheating measurement tool only). Fair tables refuse such a player.
    fn sees_everything(&self) -> bool {
        false
    }
}

/// Asks `player` for the move of the seat to move in `state`, under
/// `limits`, handing it that seat's observation (and the state only if it
/// sees everything). For one-off questions (a hint, a test); games are
/// played by the match loop.
pub fn ask<G: Observe>(
    player: &mut dyn Player<G>,
    state: &G,
    limits: &Limits,
) -> Result<Decision<G::Action>, PlayerError> {
    let Turn::Player(seat) = state.turn() else {
        return Err(PlayerError::NotAPlayersTurn);
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    if legal.is_empty() {
        return Err(PlayerError::NotAPlayersTurn);
    }
    let observation = state.observe(seat);
    let view = View {
        seat,
        observation: &observation,
        legal: &legal,
        state: player.sees_everything().then_some(state),
        game: None,
    };
    player.choose(&view, limits, &Stop::default(), &mut NoInfo)
}

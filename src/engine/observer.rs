//! The player contract for hidden-information games: an engine is handed its
//! seat's observation and the legal actions, never the state, so it cannot
//! read another seat's cards.
//!
//! The referee side ([`play_hidden`]) holds the true state, resolves chance,
//! computes `state.observation(seat)` and the legal actions for the seat to
//! move and checks the answer. The legal actions are passed alongside the
//! observation because a game's observation need not be enough to list them
//! cheaply; for Muzicando they are also derivable (a sampled world lists the
//! same actions, since they depend only on the seat's own hand and the
//! public table).

use rand::RngCore;
use thiserror::Error;

use crate::game::{HiddenInfo, Returns, Seat, Turn};
use crate::knowledge::draw_outcome;

use super::player::{Player, PlayerError};

/// Something that chooses actions seeing only its seat's observation.
pub trait ObservingPlayer<G: HiddenInfo>: Send {
    /// A short name for records and tables.
    fn name(&self) -> &str;

    /// The action to play, given what the seat to move sees and its legal
    /// actions (never empty).
    fn choose(
        &mut self,
        observation: &G::Observation,
        legal: &[G::Action],
    ) -> Result<G::Action, PlayerError>;

    /// Forgets anything carried over from an earlier hand.
    fn new_game(&mut self) {}
}

/// One seat at a hidden-information table: a fair player, or a cheating
/// perfect-information player that receives the full state. The cheating
/// kind exists only to measure what hidden information costs; it must never
/// be entered in a real match.
pub enum TableSeat<G: HiddenInfo> {
    /// Sees only its observation.
    Fair(Box<dyn ObservingPlayer<G>>),
    /// Sees everything (measurement tool only).
    Cheating(Box<dyn Player<G>>),
}

impl<G: HiddenInfo> TableSeat<G> {
    /// The player's name.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            TableSeat::Fair(p) => p.name(),
            TableSeat::Cheating(p) => p.name(),
        }
    }

    fn choose(
        &mut self,
        state: &G,
        seat: Seat,
        legal: &[G::Action],
    ) -> Result<G::Action, PlayerError> {
        match self {
            TableSeat::Fair(p) => p.choose(&state.observation(seat), legal),
            TableSeat::Cheating(p) => p.choose(state),
        }
    }
}

/// Why a refereed hand stopped early.
#[derive(Debug, Error)]
pub enum RefereeError {
    /// A player gave no action.
    #[error("seat {seat} gave no action: {source}")]
    NoAction {
        /// The seat.
        seat: Seat,
        /// Its error.
        source: PlayerError,
    },
    /// A player answered with an action that is not legal.
    #[error("seat {seat} answered the illegal action {action}")]
    Illegal {
        /// The seat.
        seat: Seat,
        /// The action, as debug text.
        action: String,
    },
    /// The table has fewer players than the game has seats.
    #[error("the game has {needed} seats but {given} players were given")]
    Seats {
        /// Seats in the game.
        needed: usize,
        /// Players given.
        given: usize,
    },
}

/// Plays `state` to the end: chance outcomes are drawn from `chance`, each
/// seat to move is asked through its [`TableSeat`], every answer is checked
/// against the legal actions. Returns the final returns.
pub fn play_hidden<G: HiddenInfo>(
    state: G,
    seats: &mut [TableSeat<G>],
    chance: &mut dyn RngCore,
) -> Result<Returns, RefereeError> {
    play_hidden_to_end(state, seats, chance).map(|end| end.returns().unwrap_or_default())
}

/// As [`play_hidden`], returning the terminal state (for statistics such
/// as the contract and the ranking).
pub fn play_hidden_to_end<G: HiddenInfo>(
    mut state: G,
    seats: &mut [TableSeat<G>],
    chance: &mut dyn RngCore,
) -> Result<G, RefereeError> {
    if seats.len() < state.seats() {
        return Err(RefereeError::Seats {
            needed: state.seats(),
            given: seats.len(),
        });
    }
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    loop {
        match state.turn() {
            Turn::Terminal => return Ok(state),
            Turn::Chance => {
                state.chance_outcomes(&mut outcomes);
                let action = draw_outcome(&outcomes, chance);
                state.apply(action);
            }
            Turn::Player(seat) => {
                state.legal_actions(&mut legal);
                let action = seats[seat]
                    .choose(&state, seat, &legal)
                    .map_err(|source| RefereeError::NoAction { seat, source })?;
                if !legal.contains(&action) {
                    return Err(RefereeError::Illegal {
                        seat,
                        action: format!("{action:?}"),
                    });
                }
                state.apply(action);
            }
        }
    }
}

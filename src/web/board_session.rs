//! A session of a board game as the page sees it: [`BoardSession`] is the
//! engine's [`AnySession`] plus what a drawn board needs (the picture, the
//! cells each legal action is clicked by, the record with its words, the
//! position at any earlier ply), behind a handle that does not name the
//! game.

use std::time::Instant;

use serde::Serialize;

use crate::engine::{
    AnySession, ClockView, EndReason, SeatSpec, Session, SessionError, Stop, TimeControl,
};
use crate::game::{Seat, Turn};

use super::picture::{side_name, Picture, Pictured};

/// A legal action and the cells that play it by clicks.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LegalAction {
    /// The action in the game's notation.
    pub text: String,
    /// The cells clicked, in order (empty: a button).
    pub cells: Vec<String>,
    /// The words on its button or choice.
    pub label: String,
}

/// One action of the game so far.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecordEntry {
    /// Its number from 1.
    pub ply: usize,
    /// The seat that played it (`None`: chance).
    pub seat: Option<Seat>,
    /// Whether an engine sits at that seat.
    pub engine: bool,
    /// The action in notation.
    pub text: String,
    /// What it did, in words.
    pub words: String,
    /// The cells it used (for the last-move highlight).
    pub cells: Vec<String>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ending {
    /// Points per seat.
    pub points: Vec<f64>,
    /// The reason as records write it (`game over`, `resigned`).
    pub reason: &'static str,
    /// The ending in words (`checkmate: White wins`).
    pub words: String,
}

/// Everything the page shows of a session.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SessionPage {
    /// The game's command-line name.
    pub game: &'static str,
    /// The current position string.
    pub position: String,
    /// The board.
    pub picture: Picture,
    /// The seat to move (`None` at chance or at the end).
    pub turn: Option<Seat>,
    /// The person to move, if a person is.
    pub person_to_move: Option<Seat>,
    /// The legal actions of the person to move (empty otherwise).
    pub legal: Vec<LegalAction>,
    /// Every action so far.
    pub record: Vec<RecordEntry>,
    /// The end, once reached.
    pub ending: Option<Ending>,
    /// Both clocks, if the game is played on a clock.
    pub clock: Option<ClockView>,
}

/// An earlier position of the game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Earlier {
    /// Its position string.
    pub position: String,
    /// Its board.
    pub picture: Picture,
}

/// A hint: the engine's move and the cells to draw its arrow.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    /// The move in notation.
    pub text: String,
    /// Its cells.
    pub cells: Vec<String>,
}

/// A session of a drawn game, whatever the game.
pub trait BoardSession: AnySession {
    /// What the page shows now.
    fn snapshot(&self) -> SessionPage;
    /// The position after the first `ply` actions, if the game has that many.
    fn position_at(&self, ply: usize) -> Option<Earlier>;
    /// The position string after each ply, the start first, with the
    /// seat to move there (`None`: chance or the end).
    fn positions(&self) -> Vec<(String, Option<Seat>)>;
    /// The engine's suggestion for the person to move, with its cells.
    fn hint_cells(&self) -> Result<Hint, SessionError>;
    /// The flag that stops the engine thinking now.
    fn stop(&self) -> Stop;
    /// Plays on a clock under `control` from now on, both clocks full.
    fn set_clock(&mut self, control: TimeControl);
    /// Ends the game on time if the running clock shows zero now.
    fn flag(&mut self);
}

impl<G: Pictured> BoardSession for Session<G>
where
    G::Action: Send,
{
    fn snapshot(&self) -> SessionPage {
        let state = self.state();
        let legal = if Session::person_to_move(self).is_some() {
            let mut actions = Vec::new();
            state.legal_actions(&mut actions);
            actions
                .into_iter()
                .map(|action| LegalAction {
                    text: state.format_action(action),
                    cells: state.action_cells(action),
                    label: state.action_label(action),
                })
                .collect()
        } else {
            Vec::new()
        };
        let ending = self.ending().map(|ending| Ending {
            points: ending.result.clone(),
            reason: ending.reason.text(),
            words: match &ending.fault {
                Some(fault) if ending.reason == EndReason::Resigned => format!(
                    "{} resigned; {} wins",
                    side_name(fault.seat),
                    side_name(1 - fault.seat)
                ),
                Some(fault) if ending.reason == EndReason::TimeForfeit => format!(
                    "{} lost on time; {} wins",
                    side_name(fault.seat),
                    side_name(1 - fault.seat)
                ),
                Some(fault) => format!("{}: {}", ending.reason.text(), fault.message),
                None => state
                    .ending_words()
                    .unwrap_or_else(|| ending.reason.text().to_string()),
            },
        });
        SessionPage {
            game: G::NAME,
            position: state.format_position(),
            picture: state.picture(),
            turn: match state.turn() {
                Turn::Player(seat) => Some(seat),
                Turn::Chance | Turn::Terminal => None,
            },
            person_to_move: Session::person_to_move(self),
            legal,
            record: record(self),
            ending,
            clock: self.clock_view(Instant::now()),
        }
    }

    fn position_at(&self, ply: usize) -> Option<Earlier> {
        let history = self.history();
        if ply > history.len() {
            return None;
        }
        let mut state = self.start().clone();
        for &action in &history[..ply] {
            state.apply(action);
        }
        Some(Earlier {
            position: state.format_position(),
            picture: state.picture(),
        })
    }

    fn positions(&self) -> Vec<(String, Option<Seat>)> {
        let mut state = self.start().clone();
        let mut positions = Vec::with_capacity(self.history().len() + 1);
        let seat = |state: &G| match state.turn() {
            Turn::Player(seat) => Some(seat),
            Turn::Chance | Turn::Terminal => None,
        };
        positions.push((state.format_position(), seat(&state)));
        for &action in self.history() {
            state.apply(action);
            positions.push((state.format_position(), seat(&state)));
        }
        positions
    }

    fn hint_cells(&self) -> Result<Hint, SessionError> {
        let action = self.engine_hint()?;
        let state = self.state();
        Ok(Hint {
            text: state.format_action(action),
            cells: state.action_cells(action),
        })
    }

    fn stop(&self) -> Stop {
        self.stop_handle()
    }

    fn set_clock(&mut self, control: TimeControl) {
        Session::set_clock(self, Some(control));
    }

    fn flag(&mut self) {
        Session::flag(self, Instant::now());
    }
}

/// The record of `session`: every action with its words and cells.
fn record<G: Pictured>(session: &Session<G>) -> Vec<RecordEntry> {
    let mut state = session.start().clone();
    let mut entries = Vec::with_capacity(session.history().len());
    for (index, &action) in session.history().iter().enumerate() {
        let seat = match state.turn() {
            Turn::Player(seat) => Some(seat),
            Turn::Chance | Turn::Terminal => None,
        };
        let engine =
            seat.is_some_and(|s| matches!(session.seats().get(s), Some(SeatSpec::Engine(_))));
        entries.push(RecordEntry {
            ply: index + 1,
            seat,
            engine,
            text: state.format_action(action),
            words: state.narrate(seat, action),
            cells: state.action_cells(action),
        });
        state.apply(action);
    }
    entries
}

//! What a tournament adds to the match loop ([`crate::engine::match_loop`]):
//! the seats' clocks, score adjudication and a ply limit, injected faults
//! (a test aid), and the game's record, all as [`MatchHooks`].

use std::time::Duration;

use crate::engine::{
    ChanceSource, EndReason, Ending, Event, Match, MatchHooks, Occupant, Player, Progress,
};
use crate::game::{Game, Notation, Observe, Seat, Turn};
use crate::search::{Clock, Limits};

use super::config::{Adjudication, FaultInjection, FaultKind};
use super::live::LiveGames;
use super::record::{FaultRecord, GameRecord};
use super::referee::Timer;

/// Consecutive-move counters for score adjudication.
///
/// Both engines must agree, except that an engine reporting no scores (a
/// random mover) is judged by its opponent's view alone.
#[derive(Default)]
pub(super) struct Adjudicator {
    level: [u32; 2],
    losing: [u32; 2],
    winning: [u32; 2],
    /// Whether the seat's last move came without a score.
    silent: [bool; 2],
}

fn ended(result: Vec<f64>, reason: &'static str) -> Ending {
    Ending {
        result,
        reason: EndReason::Referee(reason),
        fault: None,
    }
}

impl Adjudicator {
    pub(super) fn observe(
        &mut self,
        rules: &Adjudication,
        seat: usize,
        score: Option<i32>,
        ply: u32,
    ) -> Option<Ending> {
        let bump = |counter: &mut u32, holds: bool| *counter = if holds { *counter + 1 } else { 0 };
        self.silent[seat] = score.is_none();
        if self.silent.iter().all(|&s| s) {
            return None;
        }
        if let Some(draw) = rules.draw {
            bump(
                &mut self.level[seat],
                score.is_some_and(|s| s.abs() <= draw.score),
            );
            let level = |s: usize| self.silent[s] || self.level[s] >= draw.move_count;
            if ply >= draw.move_number && level(0) && level(1) {
                return Some(ended(vec![0.5, 0.5], "adjudicated draw"));
            }
        }
        if let Some(resign) = rules.resign {
            bump(
                &mut self.losing[seat],
                score.is_some_and(|s| s <= -resign.score),
            );
            bump(
                &mut self.winning[seat],
                score.is_some_and(|s| s >= resign.score),
            );
            let n = resign.move_count;
            for loser in 0..2 {
                let winner = 1 - loser;
                let loser_agrees =
                    self.losing[loser] >= n || (self.silent[loser] && self.winning[winner] >= n);
                let winner_agrees =
                    self.winning[winner] >= n || (self.silent[winner] && self.losing[loser] >= n);
                if loser_agrees && winner_agrees {
                    let mut result = vec![1.0, 1.0];
                    result[loser] = 0.0;
                    return Some(ended(result, "adjudicated resignation"));
                }
            }
        }
        None
    }
}

/// An action that is not legal in `state`: a reply legal after one of
/// its moves but not now (for fault injection).
pub(super) fn illegal_action<G: Game>(state: &G) -> Option<G::Action> {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut replies = Vec::new();
    legal.iter().find_map(|&action| {
        let mut child = state.clone();
        child.apply(action);
        if !matches!(child.turn(), Turn::Player(_)) {
            return None;
        }
        child.legal_actions(&mut replies);
        replies.iter().copied().find(|reply| !legal.contains(reply))
    })
}

/// A tournament's hooks for one game.
pub(super) struct Refereeing<'r> {
    /// Each seat's clock.
    pub timers: Vec<Timer>,
    /// Allowed overrun of a time budget.
    pub margin: Duration,
    /// What a decision is called in a time-forfeit message ("move", "decision").
    pub decision_word: &'static str,
    /// Injected faults by seat.
    pub faults: Vec<Option<FaultInjection>>,
    /// Score adjudication and the ply limit (two-seat games).
    pub adjudication: Option<Adjudication>,
    /// Where each action is shown to people watching, if anywhere.
    pub live: Option<&'r LiveGames>,
    adjudicator: Adjudicator,
    moves: Vec<u32>,
    ply: u32,
    record: &'r mut GameRecord,
}

impl<'r> Refereeing<'r> {
    /// Hooks writing into `record`, whose opening plies count towards the
    /// ply limit.
    pub(super) fn new(
        record: &'r mut GameRecord,
        timers: Vec<Timer>,
        faults: Vec<Option<FaultInjection>>,
        margin: Duration,
    ) -> Self {
        Self {
            moves: vec![0; timers.len()],
            ply: record.opening.len() as u32,
            timers,
            margin,
            decision_word: "move",
            faults,
            adjudication: None,
            live: None,
            adjudicator: Adjudicator::default(),
            record,
        }
    }

    /// Plays `state` to its end with `players` at the seats (their names
    /// already in the record), chance from `chance`; writes the actions,
    /// times and ending into the record. `history`: the start and the
    /// opening actions that led to `state`, told to engines that take the
    /// whole game. `full_view` lets a cheating (measurement) player sit.
    pub(super) fn play<G: Observe + Notation>(
        mut self,
        state: G,
        history: Option<(G, Vec<G::Action>)>,
        players: Vec<Box<dyn Player<G>>>,
        chance: Box<dyn ChanceSource<G>>,
        full_view: bool,
    ) {
        let mut seats: Vec<Occupant<G>> = players.into_iter().map(Occupant::Engine).collect();
        let mut game = Match::new(state, chance, 0).allow_full_view(full_view);
        if let Some((start, opening)) = history {
            game = game.with_history(start, opening);
        }
        let ending = match game.advance(&mut seats, &mut self) {
            Progress::Over(ending) => ending,
            Progress::Waiting(seat) => Ending::forfeit(
                game.state(),
                seat,
                EndReason::EngineError,
                "no engine at the seat".into(),
            ),
        };
        self.finish(game.state(), ending);
    }

    /// Shows the game so far to people watching.
    fn show(&self) {
        if let Some(live) = self.live {
            live.update(self.record);
        }
    }

    /// Writes `ending`, reached in `state`, into the record.
    pub(super) fn finish<G: Notation>(self, state: &G, ending: Ending) {
        let record = self.record;
        record.result = ending.result;
        record.reason = ending.reason.text().to_string();
        record.fault = ending.fault.map(|fault| FaultRecord {
            engine: record.engines[fault.seat].clone(),
            seat: fault.seat,
            message: fault.message,
            position: state.format_position(),
        });
    }
}

impl<G: Notation> MatchHooks<G> for Refereeing<'_> {
    fn limits(&mut self, seat: Seat) -> Limits {
        self.timers[seat].limits()
    }

    fn clocks(&mut self) -> Vec<Option<Clock>> {
        self.timers
            .iter()
            .map(|timer| timer.limits().clock)
            .collect()
    }

    fn before_turn(&mut self, _state: &G, _ply: u32) -> Option<Ending> {
        let rules = self.adjudication.as_ref()?;
        (self.ply >= rules.max_plies).then(|| ended(vec![0.5, 0.5], "max plies"))
    }

    fn intercept(&mut self, seat: Seat, state: &G) -> Option<G::Action> {
        let move_number = self.moves[seat];
        self.moves[seat] += 1;
        let fault = self.faults[seat].filter(|f| f.after_moves == move_number)?;
        match fault.kind {
            FaultKind::Panic => panic!("injected fault: the engine panics"),
            FaultKind::Illegal => Some(
                illegal_action(state)
                    .expect("injected fault: no illegal action found, so the engine panics"),
            ),
        }
    }

    fn charge(&mut self, seat: Seat, elapsed: Duration) -> Result<(), String> {
        if self.timers[seat].charge(elapsed, self.margin) {
            Ok(())
        } else {
            Err(format!(
                "the {} took {} ms",
                self.decision_word,
                elapsed.as_millis()
            ))
        }
    }

    fn event(&mut self, state: &G, event: &Event<'_, G::Action>) -> Option<Ending> {
        match *event {
            Event::ChanceDrawn { action, .. } => {
                self.record.actions.push(state.format_action(action));
                self.record.times_ms.push(0);
                self.ply += 1;
                self.show();
                None
            }
            Event::ActionPlayed {
                seat,
                action,
                decision,
                elapsed,
            } => {
                self.record.actions.push(state.format_action(action));
                self.record.times_ms.push(elapsed.as_millis() as u64);
                self.ply += 1;
                self.show();
                let rules = self.adjudication.as_ref()?;
                let score = decision.and_then(|d| d.score);
                self.adjudicator.observe(rules, seat, score, self.ply)
            }
            Event::EngineInfo { .. } | Event::GameOver(_) => None,
        }
    }
}

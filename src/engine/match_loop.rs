//! The match loop: the only code that plays a game. Tournaments, sessions
//! (the terminal, later a server) and tests all drive it.
//!
//! It resolves chance from a [`ChanceSource`] fixed when the game starts,
//! asks the seat to move (an engine through the player contract, seeing only
//! its observation; a person's seat makes the loop wait for
//! [`Match::play`]), checks the answer against the legal actions, times it,
//! turns a panic, an error, an illegal answer or an overrun into the game's
//! forfeit rule ([`Game::forfeit`]), and reports every step as a typed
//! [`Event`]. What is particular to a referee (clocks, adjudication, injected
//! faults, records) plugs in through [`MatchHooks`].

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use crate::game::{Game, Observe, Seat, Turn};
use crate::knowledge::{outcome_at, unit_interval};
use crate::search::{Clock, Limits, SearchInfo};
use crate::splitmix::splitmix64;

use super::player::{Decision, GameSoFar, InfoSink, NoInfo, Player, PlayerError, Stop, View};

/// Where a game's chance events come from. The k-th chance event of a game
/// is resolved from the source and `k` alone, so taking moves back and
/// playing on draws the same card again, and a replayed game the same deal.
pub trait ChanceSource<G: Game>: Send {
    /// The outcome of chance event number `index` (from 0) in `state`;
    /// `None` if the state offers no outcome.
    fn draw(&mut self, state: &G, index: u64) -> Option<G::Action>;
}

/// The default chance stream: event `k` of the game seeded `seed` picks its
/// outcome by probability with a uniform number hashed from `(seed, k)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeededChance {
    seed: u64,
}

impl SeededChance {
    /// The chance stream of the game seeded `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self { seed }
    }

    /// The uniform number in `[0, 1)` of chance event `index`.
    #[must_use]
    pub fn uniform(&self, index: u64) -> f64 {
        let (_, key) = splitmix64(self.seed);
        let (_, bits) = splitmix64(key ^ index);
        unit_interval(bits)
    }
}

impl<G: Game> ChanceSource<G> for SeededChance {
    fn draw(&mut self, state: &G, index: u64) -> Option<G::Action> {
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        outcome_at(&outcomes, self.uniform(index))
    }
}

/// Who sits at a seat.
pub enum Occupant<G: Observe> {
    /// An engine, asked through the player contract.
    Engine(Box<dyn Player<G>>),
    /// A person: the loop waits for their action ([`Match::play`]).
    Person,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The rules ended it.
    GameOver,
    /// A seat resigned.
    Resigned,
    /// An engine panicked.
    Panic,
    /// An engine returned an error (or could not be built).
    EngineError,
    /// An engine answered an action that is not legal.
    IllegalAction,
    /// An engine overran its time.
    TimeForfeit,
    /// The state asked for a chance event but offered no outcome.
    NoChanceOutcome,
    /// The referee ended it (adjudication, a ply limit), saying why.
    Referee(&'static str),
}

impl EndReason {
    /// The reason as records write it.
    #[must_use]
    pub fn text(self) -> &'static str {
        match self {
            EndReason::GameOver => "game over",
            EndReason::Resigned => "resigned",
            EndReason::Panic => "panic",
            EndReason::EngineError => "engine error",
            EndReason::IllegalAction => "illegal action",
            EndReason::TimeForfeit => "time forfeit",
            EndReason::NoChanceOutcome => "no chance outcome",
            EndReason::Referee(reason) => reason,
        }
    }
}

/// What went wrong with a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The seat at fault.
    pub seat: Seat,
    /// What happened.
    pub message: String,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    /// Points per seat.
    pub result: Vec<f64>,
    /// Why it ended.
    pub reason: EndReason,
    /// The seat at fault, if one was.
    pub fault: Option<Fault>,
}

impl Ending {
    /// `seat` forfeits by the game's rule for `reason`.
    #[must_use]
    pub fn forfeit<G: Game>(state: &G, seat: Seat, reason: EndReason, message: String) -> Self {
        Self {
            result: state.forfeit(seat).to_vec(),
            reason,
            fault: Some(Fault { seat, message }),
        }
    }
}

/// One step of a game, as the loop reports it. Every event is reported
/// with the state it happened in (before the action is applied), so that a
/// consumer can write it in the game's notation.
#[derive(Debug)]
pub enum Event<'a, A> {
    /// Chance event number `index` came out as `action`.
    ChanceDrawn {
        /// The chance event's number in the game, from 0.
        index: u64,
        /// The outcome.
        action: A,
    },
    /// A seat played `action`.
    ActionPlayed {
        /// The seat.
        seat: Seat,
        /// The action.
        action: A,
        /// The engine's decision (`None` for a person).
        decision: Option<&'a Decision<A>>,
        /// How long the answer took.
        elapsed: Duration,
    },
    /// An engine reported progress while thinking.
    EngineInfo {
        /// The seat thinking.
        seat: Seat,
        /// The report.
        info: &'a SearchInfo<A>,
    },
    /// The game is over.
    GameOver(&'a Ending),
}

/// What a referee adds to the loop: clocks, adjudication, injected faults,
/// records. Every method has a neutral default.
pub trait MatchHooks<G: Game> {
    /// The limits of `seat`'s next decision.
    fn limits(&mut self, seat: Seat) -> Limits;

    /// Called before every turn (chance included) at `ply` plies since the
    /// loop started; an ending stops the game (e.g. a ply limit).
    fn before_turn(&mut self, _state: &G, _ply: u32) -> Option<Ending> {
        None
    }

    /// An answer to force instead of asking the engine (fault injection); it
    /// may panic, as the engine would.
    fn intercept(&mut self, _seat: Seat, _state: &G) -> Option<G::Action> {
        None
    }

    /// Every seat's clock, by seat (told to engines that want the whole
    /// game); empty when the referee keeps none.
    fn clocks(&mut self) -> Vec<Option<Clock>> {
        Vec::new()
    }

    /// Charges `elapsed` to `seat`'s time; an error is a time forfeit.
    fn charge(&mut self, _seat: Seat, _elapsed: Duration) -> Result<(), String> {
        Ok(())
    }

    /// Receives every event; an ending returned after an engine's move stops
    /// the game (adjudication).
    fn event(&mut self, _state: &G, _event: &Event<'_, G::Action>) -> Option<Ending> {
        None
    }
}

/// Hooks that only give every seat the same limits.
#[derive(Clone, Copy, Debug, Default)]
pub struct FixedLimits(pub Limits);

impl<G: Game> MatchHooks<G> for FixedLimits {
    fn limits(&mut self, _seat: Seat) -> Limits {
        self.0
    }
}

/// Where the loop stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum Progress {
    /// A seat is to move that the loop does not ask: a person's, or
    /// an engine's to be asked apart ([`Match::advance_to_engine`]).
    Waiting(Seat),
    /// The game ended.
    Over(Ending),
}

/// Why a person's action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RefusedAction {
    /// It is not that seat's turn.
    #[error("it is not seat {0}'s turn")]
    NotYourTurn(Seat),
    /// The action is not legal now.
    #[error("that action is not legal here")]
    Illegal,
}

/// A game being played: the state, its chance stream and how many chance
/// events have been resolved.
pub struct Match<G: Observe> {
    state: G,
    /// Where the game started, and every action since (chance included).
    start: G,
    actions: Vec<G::Action>,
    chance: Box<dyn ChanceSource<G>>,
    drawn: u64,
    ply: u32,
    full_view: bool,
    stop: Stop,
}

impl<G: Observe> Match<G> {
    /// A game from `state`, its chance events resolved by `chance` starting
    /// at event number `drawn` (0 for a new game).
    #[must_use]
    pub fn new(state: G, chance: Box<dyn ChanceSource<G>>, drawn: u64) -> Self {
        Self {
            start: state.clone(),
            actions: Vec::new(),
            state,
            chance,
            drawn,
            ply: 0,
            full_view: false,
            stop: Stop::default(),
        }
    }

    /// Records that the game began at `start` and reached the current
    /// state by `actions` (an opening played before the loop), so that an
    /// engine told the whole game sees them.
    #[must_use]
    pub fn with_history(mut self, start: G, actions: Vec<G::Action>) -> Self {
        self.start = start;
        self.actions = actions;
        self
    }

    /// Lets players that [see everything](Player::sees_everything) sit at
    /// this table (measurements only); by default such a player forfeits.
    #[must_use]
    pub fn allow_full_view(mut self, allow: bool) -> Self {
        self.full_view = allow;
        self
    }

    /// Shares `stop` as this game's stop flag: a session keeps one flag
    /// across the games it rebuilds (undo, load), so a front end holding it
    /// can always stop the engine thinking.
    #[must_use]
    pub fn with_stop(mut self, stop: Stop) -> Self {
        self.stop = stop;
        self
    }

    /// The current state.
    #[must_use]
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Chance events resolved so far.
    #[must_use]
    pub fn chance_events(&self) -> u64 {
        self.drawn
    }

    /// The flag that stops the engine thinking now (it answers at once).
    #[must_use]
    pub fn stop_handle(&self) -> Stop {
        Stop::clone(&self.stop)
    }

    /// Plays until a person must move or the game ends: chance is drawn,
    /// engines are asked.
    pub fn advance(
        &mut self,
        seats: &mut [Occupant<G>],
        hooks: &mut dyn MatchHooks<G>,
    ) -> Progress {
        self.run(seats, hooks, true)
    }

    /// Plays chance until a person or an engine must move or the game
    /// ends; an engine to move is left to be asked apart
    /// ([`Match::question`]).
    pub fn advance_to_engine(
        &mut self,
        seats: &mut [Occupant<G>],
        hooks: &mut dyn MatchHooks<G>,
    ) -> Progress {
        self.run(seats, hooks, false)
    }

    /// Plays until a decision is due that the loop does not take: a
    /// person's, or an engine's unless `ask_engines`; or the game ends.
    fn run(
        &mut self,
        seats: &mut [Occupant<G>],
        hooks: &mut dyn MatchHooks<G>,
        ask_engines: bool,
    ) -> Progress {
        loop {
            if let Some(returns) = self.state.returns() {
                return self.over(
                    hooks,
                    Ending {
                        result: returns.to_vec(),
                        reason: EndReason::GameOver,
                        fault: None,
                    },
                );
            }
            if let Some(ending) = hooks.before_turn(&self.state, self.ply) {
                return self.over(hooks, ending);
            }
            match self.state.turn() {
                Turn::Terminal => {
                    let ending = Ending {
                        result: self.state.returns().map(|r| r.to_vec()).unwrap_or_default(),
                        reason: EndReason::GameOver,
                        fault: None,
                    };
                    return self.over(hooks, ending);
                }
                Turn::Chance => {
                    if let Err(ending) = self.resolve_chance(hooks) {
                        return self.over(hooks, ending);
                    }
                }
                Turn::Player(seat) => {
                    let Some(Occupant::Engine(player)) = seats.get_mut(seat) else {
                        if seat < seats.len() {
                            return Progress::Waiting(seat);
                        }
                        let message = format!("no one sits at seat {seat}");
                        let ending =
                            Ending::forfeit(&self.state, seat, EndReason::EngineError, message);
                        return self.over(hooks, ending);
                    };
                    if !ask_engines {
                        return Progress::Waiting(seat);
                    }
                    if let Err(ending) = self.ask(seat, player.as_mut(), hooks) {
                        return self.over(hooks, ending);
                    }
                }
            }
        }
    }

    /// Plays a person's `action` at `seat`.
    pub fn play(
        &mut self,
        seat: Seat,
        action: G::Action,
        hooks: &mut dyn MatchHooks<G>,
    ) -> Result<(), RefusedAction> {
        if self.state.turn() != Turn::Player(seat) {
            return Err(RefusedAction::NotYourTurn(seat));
        }
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        if !legal.contains(&action) {
            return Err(RefusedAction::Illegal);
        }
        hooks.event(
            &self.state,
            &Event::ActionPlayed {
                seat,
                action,
                decision: None,
                elapsed: Duration::ZERO,
            },
        );
        self.state.apply(action);
        self.actions.push(action);
        self.ply += 1;
        Ok(())
    }

    fn over(&mut self, hooks: &mut dyn MatchHooks<G>, ending: Ending) -> Progress {
        hooks.event(&self.state, &Event::GameOver(&ending));
        Progress::Over(ending)
    }

    fn resolve_chance(&mut self, hooks: &mut dyn MatchHooks<G>) -> Result<(), Ending> {
        let index = self.drawn;
        let Some(action) = self.chance.draw(&self.state, index) else {
            return Err(Ending {
                result: vec![0.5; self.state.seats()],
                reason: EndReason::NoChanceOutcome,
                fault: None,
            });
        };
        hooks.event(&self.state, &Event::ChanceDrawn { index, action });
        self.state.apply(action);
        self.actions.push(action);
        self.drawn += 1;
        self.ply += 1;
        Ok(())
    }

    /// Asks the engine at `seat`, checks and times its answer, applies it.
    fn ask(
        &mut self,
        seat: Seat,
        player: &mut dyn Player<G>,
        hooks: &mut dyn MatchHooks<G>,
    ) -> Result<(), Ending> {
        if player.sees_everything() && !self.full_view {
            return Err(self.refuse_full_view(seat));
        }
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        let observation = self.state.observe(seat);
        let limits = hooks.limits(seat);
        let clocks = hooks.clocks();
        self.stop.store(false, std::sync::atomic::Ordering::Relaxed);
        let state = &self.state;
        let view = View {
            seat,
            observation: &observation,
            legal: &legal,
            state: player.sees_everything().then_some(state),
            game: G::PUBLIC_ACTIONS.then_some(GameSoFar {
                start: &self.start,
                actions: &self.actions,
                clocks: &clocks,
            }),
        };
        let mut referee = Watching { hooks, state, seat };
        let answer = consult(&mut referee, player, &view, &limits, &self.stop);
        self.conclude(seat, &legal, answer, hooks)
    }

    /// The forfeit of a player that would read every hand at a fair table.
    fn refuse_full_view(&self, seat: Seat) -> Ending {
        Ending::forfeit(
            &self.state,
            seat,
            EndReason::EngineError,
            PlayerError::NeedsFullState.to_string(),
        )
    }

    /// Checks the engine's `answer` at `seat` against `legal`, charges its
    /// time and applies it, or turns a panic, an error, an illegal action or
    /// an overrun into the seat's forfeit.
    fn conclude(
        &mut self,
        seat: Seat,
        legal: &[G::Action],
        answer: Answer<G::Action>,
        hooks: &mut dyn MatchHooks<G>,
    ) -> Result<(), Ending> {
        let state = &self.state;
        let forfeit = |reason, message| Ending::forfeit(state, seat, reason, message);
        let decision = match answer.outcome {
            Err(Failure::Panic(message)) => return Err(forfeit(EndReason::Panic, message)),
            Err(Failure::Error(message)) => return Err(forfeit(EndReason::EngineError, message)),
            Ok(decision) => decision,
        };
        if !legal.contains(&decision.action) {
            let message = format!("illegal action {:?}", decision.action);
            return Err(forfeit(EndReason::IllegalAction, message));
        }
        if let Err(message) = hooks.charge(seat, answer.elapsed) {
            return Err(forfeit(EndReason::TimeForfeit, message));
        }
        let action = decision.action;
        let ending = hooks.event(
            state,
            &Event::ActionPlayed {
                seat,
                action,
                decision: Some(&decision),
                elapsed: answer.elapsed,
            },
        );
        self.state.apply(action);
        self.actions.push(action);
        self.ply += 1;
        ending.map_or(Ok(()), Err)
    }

    /// The decision of the engine to move at `seat`, detached from the game
    /// so that it can be thought about elsewhere (a table's engine thinks
    /// with the table unlocked): what the seat is shown, owned. `Err`: the
    /// game ended instead (a player that reads every hand at a fair table).
    pub fn question(
        &mut self,
        seat: Seat,
        sees_everything: bool,
        hooks: &mut dyn MatchHooks<G>,
    ) -> Result<Question<G>, Progress> {
        if sees_everything && !self.full_view {
            let ending = self.refuse_full_view(seat);
            return Err(self.over(hooks, ending));
        }
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        self.stop.store(false, std::sync::atomic::Ordering::Relaxed);
        Ok(Question {
            seat,
            observation: self.state.observe(seat),
            legal,
            limits: hooks.limits(seat),
            clocks: hooks.clocks(),
            state: sees_everything.then(|| self.state.clone()),
            game: G::PUBLIC_ACTIONS.then(|| (self.start.clone(), self.actions.clone())),
            stop: Stop::clone(&self.stop),
        })
    }

    /// Applies the `answer` to `question` (checked, timed and reported as
    /// [`Match::advance`] does an engine's answer); `Some` if the game ended
    /// by it.
    pub fn answer(
        &mut self,
        question: &Question<G>,
        answer: Answer<G::Action>,
        hooks: &mut dyn MatchHooks<G>,
    ) -> Option<Progress> {
        match self.conclude(question.seat, &question.legal, answer, hooks) {
            Ok(()) => None,
            Err(ending) => Some(self.over(hooks, ending)),
        }
    }
}

/// An engine's decision to make, detached from its game
/// ([`Match::question`]): the seat, its observation, the legal actions and
/// its limits, owned, so the game may be left (unlocked) while it thinks.
pub struct Question<G: Observe> {
    seat: Seat,
    observation: G::Observation,
    legal: Vec<G::Action>,
    limits: Limits,
    clocks: Vec<Option<Clock>>,
    state: Option<G>,
    game: Option<(G, Vec<G::Action>)>,
    stop: Stop,
}

impl<G: Observe> Question<G> {
    /// The seat to move.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// `player`'s answer, timed, a panic caught.
    pub fn think(&self, player: &mut dyn Player<G>) -> Answer<G::Action> {
        let view = View {
            seat: self.seat,
            observation: &self.observation,
            legal: &self.legal,
            state: self.state.as_ref(),
            game: self.game.as_ref().map(|(start, actions)| GameSoFar {
                start,
                actions,
                clocks: &self.clocks,
            }),
        };
        consult(&mut NoInfo, player, &view, &self.limits, &self.stop)
    }
}

/// Why an engine gave no decision.
enum Failure {
    Panic(String),
    Error(String),
}

/// An engine's answer to a [`Question`] and how long it took.
pub struct Answer<A> {
    outcome: Result<Decision<A>, Failure>,
    elapsed: Duration,
}

/// Who follows an engine while it thinks: may force its answer (fault
/// injection) and receives its progress.
trait Referee<G: Observe>: InfoSink<G::Action> {
    /// An answer to force instead of asking the engine; it may panic, as
    /// the engine would.
    fn intercept(&mut self) -> Option<G::Action>;
}

/// A game's hooks following the engine at `seat` in `state`.
struct Watching<'a, G: Observe> {
    hooks: &'a mut dyn MatchHooks<G>,
    state: &'a G,
    seat: Seat,
}

impl<G: Observe> InfoSink<G::Action> for Watching<'_, G> {
    fn info(&mut self, info: &SearchInfo<G::Action>) {
        let seat = self.seat;
        self.hooks
            .event(self.state, &Event::EngineInfo { seat, info });
    }
}

impl<G: Observe> Referee<G> for Watching<'_, G> {
    fn intercept(&mut self) -> Option<G::Action> {
        self.hooks.intercept(self.seat, self.state)
    }
}

/// A detached decision is followed by no one.
impl<G: Observe> Referee<G> for NoInfo {
    fn intercept(&mut self) -> Option<G::Action> {
        None
    }
}

/// Asks `player` for its decision in `view`, timed, a panic caught: the
/// answer the `referee` forces, else the player's, its progress sent to
/// the referee.
fn consult<G: Observe>(
    referee: &mut dyn Referee<G>,
    player: &mut dyn Player<G>,
    view: &View<'_, G>,
    limits: &Limits,
    stop: &Stop,
) -> Answer<G::Action> {
    let started = Instant::now();
    let answer = catch_unwind(AssertUnwindSafe(|| {
        if let Some(action) = referee.intercept() {
            return Ok(Decision::action(action));
        }
        player.choose(view, limits, stop, referee)
    }));
    let outcome = match answer {
        Err(payload) => Err(Failure::Panic(
            payload
                .downcast_ref::<&str>()
                .map(ToString::to_string)
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".to_string()),
        )),
        Ok(Err(error)) => Err(Failure::Error(error.to_string())),
        Ok(Ok(decision)) => Ok(decision),
    };
    Answer {
        outcome,
        elapsed: started.elapsed(),
    }
}

/// Plays `state` to its end with the engines of `seats`, chance from
/// `chance`, every seat under `limits`; returns how it ended and the final
/// state. A person's seat forfeits (there is no one to ask).
pub fn play_out<G: Observe>(
    state: G,
    seats: &mut [Occupant<G>],
    chance: Box<dyn ChanceSource<G>>,
    limits: Limits,
) -> (Ending, G) {
    let mut game = Match::new(state, chance, 0);
    let ending = match game.advance(seats, &mut FixedLimits(limits)) {
        Progress::Over(ending) => ending,
        Progress::Waiting(seat) => Ending::forfeit(
            &game.state,
            seat,
            EndReason::EngineError,
            "no engine at the seat".into(),
        ),
    };
    (ending, game.state)
}

//! A game in progress between people and engines: the start position, the
//! seats, the chance seed and the actions so far, with undo, redo, hint,
//! save, load, resign and new game. Front ends (the terminal, later a
//! server or a protocol loop) render a session; it prints nothing and reads
//! no input itself.
//!
//! The chance stream is fixed when the game starts ([`SeededChance`]): the
//! k-th chance event of the game always comes out the same, so taking moves
//! back and playing on draws the same card again, and a saved game reloaded
//! replays the same deal.
//!
//! [`Session`] is typed by its game; [`AnySession`] is the same behind a
//! type-erased handle that speaks the game's notation.

use std::path::Path;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::game::{Game, Seat, TextBoard, Turn};
use crate::search::{Limits, SearchInfo};

use super::build::build_player;
use super::game_clock::{ClockView, GameClock, TimeControl};
use super::match_loop::{
    Answer, EndReason, Ending, Event, Match, MatchHooks, Occupant, Progress, Question, SeededChance,
};
use super::playable::Playable;
use super::player::{Decision, NoInfo, Player, Stop, View};
use super::profile::{EngineProfile, ProfileError};

/// Who sits at a seat of a session.
#[derive(Clone, Debug)]
pub enum SeatSpec {
    /// A person, whose actions the front end passes in.
    Person,
    /// An engine built from this profile.
    Engine(Box<EngineProfile>),
}

/// Why a session command failed. The session is unchanged.
#[derive(Debug, Error)]
pub enum SessionError {
    /// The text is not a legal action here.
    #[error("`{text}`: {message}")]
    BadAction {
        /// The text as typed.
        text: String,
        /// What is wrong with it.
        message: String,
    },
    /// It is not a person's turn (an engine or chance moves).
    #[error("it is not your turn")]
    NotYourTurn,
    /// The game is over: nothing is to be played or hinted.
    #[error("the game is over")]
    GameOver,
    /// There is no earlier move of a person's to take back.
    #[error("nothing to undo")]
    NothingToUndo,
    /// There is nothing taken back to play again.
    #[error("nothing to redo")]
    NothingToRedo,
    /// An engine could not be built.
    #[error(transparent)]
    Profile(#[from] ProfileError),
    /// A saved game could not be read or written.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// The hint engine gave no answer.
    #[error("no hint: {0}")]
    Hint(String),
}

/// Something that happened in a session, for the front end to show.
#[derive(Clone, Debug)]
pub enum Happening<G: Game> {
    /// A chance event came out (`before` is the state it happened in).
    Chance {
        /// The state before the outcome.
        before: G,
        /// The outcome.
        action: G::Action,
    },
    /// A seat played.
    Played {
        /// The state before the action.
        before: G,
        /// The seat.
        seat: Seat,
        /// The action.
        action: G::Action,
        /// Whether an engine played it.
        engine: bool,
        /// The engine's score, when it has one.
        score: Option<i32>,
    },
    /// An engine's progress while thinking.
    Info {
        /// The seat thinking.
        seat: Seat,
        /// The report.
        info: SearchInfo<G::Action>,
    },
    /// The game ended.
    Over(Ending),
}

/// The session's hooks: every engine under its profile's limits (its
/// move time replaced by its own clock when the game has one), the actions
/// played for the session's history, and every event kept for the front
/// end when it asked for them ([`Session::keep_happenings`]).
struct Recorder<G: Game> {
    limits: Vec<Limits>,
    clock: Option<GameClock>,
    /// Whether the front end reads the happenings: if not, none is kept
    /// (no state cloned a ply, no search report).
    keeping: bool,
    happened: Vec<Happening<G>>,
    /// The actions and chance outcomes played while the session advances.
    played: Vec<G::Action>,
}

impl<G: Game> MatchHooks<G> for Recorder<G> {
    fn limits(&mut self, seat: Seat) -> Limits {
        let mut limits = self.limits.get(seat).copied().unwrap_or_default();
        if let Some(clock) = &self.clock {
            limits.movetime = None;
            limits.clock = Some(clock.search_clock(seat, Instant::now()));
        }
        limits
    }

    fn charge(&mut self, seat: Seat, elapsed: Duration) -> Result<(), String> {
        self.clock
            .as_mut()
            .map_or(Ok(()), |clock| clock.charge(seat, elapsed))
    }

    fn event(&mut self, state: &G, event: &Event<'_, G::Action>) -> Option<Ending> {
        if let Event::ChanceDrawn { action, .. } | Event::ActionPlayed { action, .. } = *event {
            self.played.push(action);
        }
        if !self.keeping {
            return None;
        }
        self.happened.push(match *event {
            Event::ChanceDrawn { action, .. } => Happening::Chance {
                before: state.clone(),
                action,
            },
            Event::ActionPlayed {
                seat,
                action,
                decision,
                ..
            } => Happening::Played {
                before: state.clone(),
                seat,
                action,
                engine: decision.is_some(),
                score: decision.and_then(|d| d.score),
            },
            Event::EngineInfo { seat, info } => Happening::Info {
                seat,
                info: info.clone(),
            },
            Event::GameOver(ending) => Happening::Over(ending.clone()),
        });
        None
    }
}

/// An engine's decision taken out of a session ([`Session::engine_turn`])
/// to be thought about apart: the engine itself, what it is shown, and its
/// answer once it has thought.
pub struct EngineTurn<G: Playable> {
    player: Box<dyn Player<G>>,
    question: Question<G>,
    answer: Option<Answer<G::Action>>,
}

impl<G: Playable> EngineTurn<G> {
    /// The seat to move.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.question.seat()
    }

    /// The engine thinks (within its limits, until the session's stop flag
    /// is set) and keeps its answer.
    pub fn think(&mut self) {
        self.answer = Some(self.question.think(self.player.as_mut()));
    }
}

/// A game in progress.
pub struct Session<G: Playable> {
    start: G,
    seed: u64,
    specs: Vec<SeatSpec>,
    seats: Vec<Occupant<G>>,
    history: Vec<G::Action>,
    /// What each undo took back, last undo last: a person's action and
    /// everything that followed it.
    redo: Vec<Vec<G::Action>>,
    game: Match<G>,
    hooks: Recorder<G>,
    ending: Option<Ending>,
    /// The flag that stops an engine of this session thinking, shared with
    /// every game the session rebuilds.
    stop: Stop,
    /// Whether the owner asks the engines apart
    /// ([`Session::ask_engines_apart`]).
    engines_apart: bool,
}

fn occupants<G: Playable>(
    specs: &[SeatSpec],
    seed: u64,
) -> Result<(Vec<Occupant<G>>, Vec<Limits>), ProfileError> {
    let mut seats = Vec::new();
    let mut limits = Vec::new();
    for (seat, spec) in specs.iter().enumerate() {
        match spec {
            SeatSpec::Person => {
                seats.push(Occupant::Person);
                limits.push(Limits::default());
            }
            SeatSpec::Engine(profile) => {
                let player = build_player::<G>(profile, engine_seed(seed, seat))?;
                if player.sees_everything() {
                    return Err(ProfileError::Invalid {
                        name: profile.name.clone(),
                        message: "it reads every hand (a measurement tool) and cannot sit at a fair table".into(),
                    });
                }
                seats.push(Occupant::Engine(player));
                limits.push(profile.limits.limits());
            }
        }
    }
    Ok((seats, limits))
}

/// The seed of the engine at `seat` in a session seeded `seed`.
fn engine_seed(seed: u64, seat: Seat) -> u64 {
    seed.wrapping_mul(31).wrapping_add(seat as u64)
}

impl<G: Playable> Session<G> {
    /// A session from `start` with `seats` (one per seat of the game), its
    /// chance stream and engines seeded by `seed`. Nothing is played until
    /// [`Session::advance`].
    pub fn new(start: G, seats: Vec<SeatSpec>, seed: u64) -> Result<Self, SessionError> {
        let (occupants, limits) = occupants::<G>(&seats, seed)?;
        let stop = Stop::default();
        Ok(Self {
            game: Match::new(start.clone(), Box::new(SeededChance::new(seed)), 0)
                .with_stop(Stop::clone(&stop)),
            start,
            seed,
            specs: seats,
            seats: occupants,
            history: Vec::new(),
            redo: Vec::new(),
            hooks: Recorder {
                limits,
                clock: None,
                keeping: false,
                happened: Vec::new(),
                played: Vec::new(),
            },
            ending: None,
            stop,
            engines_apart: false,
        })
    }

    /// The current state.
    #[must_use]
    pub fn state(&self) -> &G {
        self.game.state()
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The chance seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The seats.
    #[must_use]
    pub fn seats(&self) -> &[SeatSpec] {
        &self.specs
    }

    /// Every action since the start (chance outcomes included), in order.
    #[must_use]
    pub fn history(&self) -> &[G::Action] {
        &self.history
    }

    /// The flag that makes the engine thinking now answer at once (set it
    /// from any thread; it stays valid across undo, redo, load and new game).
    #[must_use]
    pub fn stop_handle(&self) -> Stop {
        Stop::clone(&self.stop)
    }

    /// How the game ended, once it has.
    #[must_use]
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// The person to move, if a person is to move.
    #[must_use]
    pub fn person_to_move(&self) -> Option<Seat> {
        if self.ending.is_some() {
            return None;
        }
        match self.state().turn() {
            Turn::Player(seat) if matches!(self.specs.get(seat), Some(SeatSpec::Person)) => {
                Some(seat)
            }
            _ => None,
        }
    }

    /// Keeps every happening from now on for [`Session::take_happenings`]
    /// (a front end that narrates them asks; by default none is kept).
    pub fn keep_happenings(&mut self) {
        self.hooks.keeping = true;
    }

    /// Takes what happened since the last call (nothing unless the front
    /// end asked with [`Session::keep_happenings`]).
    pub fn take_happenings(&mut self) -> Vec<Happening<G>> {
        std::mem::take(&mut self.hooks.happened)
    }

    /// Lets chance and the engines play until a person must move or the
    /// game ends.
    pub fn advance(&mut self) {
        if self.ending.is_some() {
            return;
        }
        self.hooks.played.clear();
        let progress = if self.engines_apart {
            self.game
                .advance_to_engine(&mut self.seats, &mut self.hooks)
        } else {
            self.game.advance(&mut self.seats, &mut self.hooks)
        };
        self.settle(Some(progress));
    }

    /// From now on the session stops where an engine is to move, and
    /// its owner asks the engine apart ([`Session::engine_turn`]), so as
    /// not to hold the session (and its lock) while the engine thinks.
    pub fn ask_engines_apart(&mut self) {
        self.engines_apart = true;
    }

    /// The seat whose engine is out thinking ([`Session::engine_turn`]).
    #[must_use]
    pub fn thinking(&self) -> Option<Seat> {
        match self.state().turn() {
            Turn::Player(seat)
                if matches!(self.specs.get(seat), Some(SeatSpec::Engine(_)))
                    && matches!(self.seats.get(seat), Some(Occupant::Person)) =>
            {
                Some(seat)
            }
            _ => None,
        }
    }

    /// The engine to move, taken out of its seat with what it is shown, to
    /// think apart (with whatever lock holds the session released): `None`
    /// if no engine is to move, or it is thinking already. Give it back
    /// with [`Session::conclude`].
    pub fn engine_turn(&mut self) -> Option<EngineTurn<G>> {
        if self.ending.is_some() {
            return None;
        }
        let Turn::Player(seat) = self.state().turn() else {
            return None;
        };
        let seated = self.seats.get_mut(seat)?;
        if !matches!(seated, Occupant::Engine(_)) {
            return None;
        }
        let Occupant::Engine(player) = std::mem::replace(seated, Occupant::Person) else {
            return None;
        };
        self.hooks.played.clear();
        match self
            .game
            .question(seat, player.sees_everything(), &mut self.hooks)
        {
            Ok(question) => Some(EngineTurn {
                player,
                question,
                answer: None,
            }),
            Err(progress) => {
                self.seats[seat] = Occupant::Engine(player);
                self.settle(Some(progress));
                None
            }
        }
    }

    /// Seats the engine of `turn` again and, if `apply`, plays its answer
    /// (checked and timed as the match loop does; a fault ends the game),
    /// then lets chance play on to the next decision. Without `apply` (the
    /// game moved on while it thought) the answer is dropped.
    pub fn conclude(&mut self, turn: EngineTurn<G>, apply: bool) {
        let EngineTurn {
            player,
            question,
            answer,
        } = turn;
        self.seats[question.seat()] = Occupant::Engine(player);
        let Some(answer) = answer.filter(|_| apply && self.ending.is_none()) else {
            return;
        };
        self.hooks.played.clear();
        let ended = self.game.answer(&question, answer, &mut self.hooks);
        self.settle(ended);
        self.advance();
    }

    /// Keeps the actions just played in the history and the ending, if the
    /// game ended; runs the clock of the seat to move.
    fn settle(&mut self, progress: Option<Progress>) {
        self.history.append(&mut self.hooks.played);
        if let Some(Progress::Over(ending)) = progress {
            self.ending = Some(ending);
        }
        self.clock_follows_turn();
    }

    /// Plays the game under `control` from now on (`None`: no clock), both
    /// clocks full.
    pub fn set_clock(&mut self, control: Option<TimeControl>) {
        self.hooks.clock = control.map(|control| GameClock::new(control, self.specs.len()));
        self.clock_follows_turn();
    }

    /// The clock at `now`, if the game has one.
    #[must_use]
    pub fn clock_view(&self, now: Instant) -> Option<ClockView> {
        self.hooks.clock.as_ref().map(|clock| clock.view(now))
    }

    /// Ends the game on time if the clock running at `now` shows zero;
    /// whether it did.
    pub fn flag(&mut self, now: Instant) -> bool {
        let fallen = match (&self.ending, &self.hooks.clock) {
            (None, Some(clock)) => clock.fallen(now),
            _ => None,
        };
        if let Some(seat) = fallen {
            self.lose_on_time(seat, "ran out of time".into());
        }
        fallen.is_some()
    }

    /// `seat` loses on time, saying `message`.
    fn lose_on_time(&mut self, seat: Seat, message: String) {
        let ending = Ending::forfeit(self.state(), seat, EndReason::TimeForfeit, message);
        if self.hooks.keeping {
            self.hooks.happened.push(Happening::Over(ending.clone()));
        }
        self.ending = Some(ending);
        self.clock_follows_turn();
    }

    /// Runs the clock of the seat to move (none at the end, at chance or
    /// while an engine is about to think: its search is timed apart).
    fn clock_follows_turn(&mut self) {
        let person = self.person_to_move();
        let Some(clock) = &mut self.hooks.clock else {
            return;
        };
        let now = Instant::now();
        match person {
            Some(seat) => clock.run(seat, now),
            None => clock.stop(now),
        }
    }

    /// The person to move, or why no person is: the game is over, or an
    /// engine or chance moves.
    fn mover(&self) -> Result<Seat, SessionError> {
        match (&self.ending, self.person_to_move()) {
            (Some(_), _) => Err(SessionError::GameOver),
            (None, Some(seat)) => Ok(seat),
            (None, None) => Err(SessionError::NotYourTurn),
        }
    }

    /// Plays the person's action written `text`, then lets the game go on.
    pub fn play_text(&mut self, text: &str) -> Result<(), SessionError> {
        let seat = self.mover()?;
        let action = self
            .state()
            .parse_action(text)
            .map_err(|e| SessionError::BadAction {
                text: text.to_string(),
                message: e.to_string(),
            })?;
        self.play(seat, action)
    }

    /// Plays the person's `action`, then lets the game go on.
    pub fn play(&mut self, seat: Seat, action: G::Action) -> Result<(), SessionError> {
        if self.person_to_move() != Some(seat) {
            return Err(SessionError::NotYourTurn);
        }
        let now = Instant::now();
        if self.flag(now) {
            return Err(SessionError::GameOver);
        }
        self.game
            .play(seat, action, &mut self.hooks)
            .map_err(|e| SessionError::BadAction {
                text: format!("{action:?}"),
                message: e.to_string(),
            })?;
        self.history.push(action);
        if let Some(Err(message)) = self.hooks.clock.as_mut().map(|c| c.charge_turn(seat, now)) {
            self.redo.clear();
            self.lose_on_time(seat, message);
            return Ok(());
        }
        self.redo.clear();
        self.advance();
        Ok(())
    }

    /// The legal actions of the seat to move, in the game's notation.
    #[must_use]
    pub fn legal_texts(&self) -> Vec<String> {
        let mut actions = Vec::new();
        self.state().legal_actions(&mut actions);
        actions
            .iter()
            .map(|&a| self.state().format_action(a))
            .collect()
    }

    /// Rebuilds the game from the start and `history` (chance stream
    /// continued from the number of chance events in it).
    fn replay(&mut self, history: Vec<G::Action>) {
        let mut state = self.start.clone();
        let mut drawn = 0;
        for &action in &history {
            if state.turn() == Turn::Chance {
                drawn += 1;
            }
            state.apply(action);
        }
        self.game = Match::new(state, Box::new(SeededChance::new(self.seed)), drawn)
            .with_stop(Stop::clone(&self.stop));
        self.history = history;
        self.ending = None;
    }

    /// Takes back the last action of a person and everything after it: the
    /// person is to move again where they were. Fails, changing nothing,
    /// if no person has moved yet.
    pub fn undo(&mut self) -> Result<(), SessionError> {
        let mut state = self.start.clone();
        let mut persons = Vec::new();
        for (index, &action) in self.history.iter().enumerate() {
            if let Turn::Player(seat) = state.turn() {
                if matches!(self.specs.get(seat), Some(SeatSpec::Person)) {
                    persons.push(index);
                }
            }
            state.apply(action);
        }
        let index = *persons.last().ok_or(SessionError::NothingToUndo)?;
        let mut history = self.history.clone();
        self.redo.push(history.split_off(index));
        self.replay(history);
        self.hooks.happened.clear();
        self.clock_follows_turn();
        Ok(())
    }

    /// Restores what the last undo took back: the person's action and the
    /// answers that followed, exactly as they were played.
    pub fn redo(&mut self) -> Result<(), SessionError> {
        let taken = self.redo.pop().ok_or(SessionError::NothingToRedo)?;
        let mut history = self.history.clone();
        history.extend(taken);
        self.replay(history);
        self.advance();
        Ok(())
    }

    /// The decision the engine of `profile` suggests for the person to
    /// move, under `limits`, seeing only that seat's observation.
    pub fn hint(
        &self,
        profile: &EngineProfile,
        limits: &Limits,
    ) -> Result<Decision<G::Action>, SessionError> {
        let seat = self.mover()?;
        let mut player = build_player::<G>(profile, self.seed)?;
        let state = self.state();
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let observation = state.observe(seat);
        let view = View {
            seat,
            observation: &observation,
            legal: &legal,
            state: None,
            game: None,
        };
        player
            .choose(&view, limits, &Stop::default(), &mut NoInfo)
            .map_err(|e| SessionError::Hint(e.to_string()))
    }

    /// The action the first engine seat's profile suggests to the person
    /// to move, under that profile's limits.
    pub fn engine_hint(&self) -> Result<G::Action, SessionError> {
        let profile = self
            .specs
            .iter()
            .find_map(|spec| match spec {
                SeatSpec::Engine(profile) => Some(profile),
                SeatSpec::Person => None,
            })
            .ok_or_else(|| SessionError::Hint("no engine sits at this table".into()))?;
        Ok(Session::hint(self, profile, &profile.limits.limits())?.action)
    }

    /// The person at `seat` resigns: the game ends by the game's forfeit rule.
    pub fn resign(&mut self, seat: Seat) {
        let ending = Ending::forfeit(self.state(), seat, EndReason::Resigned, "resigned".into());
        if self.hooks.keeping {
            self.hooks.happened.push(Happening::Over(ending.clone()));
        }
        self.ending = Some(ending);
        self.clock_follows_turn();
    }

    /// Starts again from `start` with the same seats; the engines forget the
    /// old game. The chance seed stays unless `seed` gives a new one.
    pub fn new_game(&mut self, start: G, seed: Option<u64>) {
        self.start = start;
        if let Some(seed) = seed {
            self.seed = seed;
        }
        for seat in &mut self.seats {
            if let Occupant::Engine(player) = seat {
                player.new_game();
            }
        }
        self.redo.clear();
        self.hooks.happened.clear();
        self.replay(Vec::new());
        if let Some(clock) = &mut self.hooks.clock {
            clock.reset();
        }
    }

    /// The saved game: the start position, the chance seed and every action.
    #[must_use]
    pub fn save_text(&self) -> String {
        let mut text = format!(
            "# tauler {} game\nposition {}\nseed {}\n",
            G::NAME,
            self.start.format_position(),
            self.seed
        );
        let mut state = self.start.clone();
        for &action in &self.history {
            text.push_str(&state.format_action(action));
            text.push('\n');
            state.apply(action);
        }
        text
    }

    /// Writes the saved game to `path`.
    pub fn save(&self, path: &Path) -> Result<(), SessionError> {
        std::fs::write(path, self.save_text()).map_err(|e| SessionError::File {
            path: path.display().to_string(),
            message: e.to_string(),
        })
    }

    /// Replaces the game by the one saved in `text` (the seats stay).
    pub fn load_text(&mut self, text: &str, options: &G::Options) -> Result<(), String> {
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .peekable();
        let position = lines
            .next()
            .and_then(|l| l.strip_prefix("position "))
            .ok_or("the first line must be `position …`")?;
        let start = G::parse_position(position, options).map_err(|e| e.to_string())?;
        let mut seed = self.seed;
        if let Some(value) = lines.peek().and_then(|l| l.strip_prefix("seed ")) {
            seed = value
                .trim()
                .parse()
                .map_err(|_| format!("`seed {value}` is not a number"))?;
            lines.next();
        }
        let mut state = start.clone();
        let mut history = Vec::new();
        for (index, line) in lines.enumerate() {
            let action = state
                .parse_action(line)
                .map_err(|e| format!("move {} `{line}`: {e}", index + 1))?;
            state.apply(action);
            history.push(action);
        }
        self.new_game(start, Some(seed));
        self.replay(history);
        Ok(())
    }

    /// Replaces the game by the one saved in `path`.
    pub fn load(&mut self, path: &Path, options: &G::Options) -> Result<(), SessionError> {
        let file = |message: String| SessionError::File {
            path: path.display().to_string(),
            message,
        };
        let text = crate::user_files::read_to_string(path).map_err(|e| file(e.to_string()))?;
        self.load_text(&text, options).map_err(file)
    }
}

/// What happened in a session, in the game's notation, for a front end
/// that does not name the game.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionEvent {
    /// A chance event came out.
    Chance {
        /// The outcome in notation.
        action: String,
    },
    /// A seat played.
    Played {
        /// The seat.
        seat: Seat,
        /// The action in notation.
        action: String,
        /// Whether an engine played it.
        engine: bool,
        /// The engine's score, when it has one.
        score: Option<i32>,
    },
    /// An engine's progress while thinking.
    Info {
        /// The seat thinking.
        seat: Seat,
        /// Depth of the iteration.
        depth: u32,
        /// Nodes so far.
        nodes: u64,
    },
    /// The game ended.
    Over {
        /// Points per seat.
        result: Vec<f64>,
        /// Why.
        reason: &'static str,
    },
}

/// A session behind a handle that does not name its game: actions and
/// positions in the game's notation, events as [`SessionEvent`]s.
pub trait AnySession: Send {
    /// The game's command-line name.
    fn game(&self) -> &'static str;
    /// The current position string.
    fn position(&self) -> String;
    /// The board drawn for a terminal.
    fn board(&self) -> String;
    /// The person to move, if one is.
    fn person_to_move(&self) -> Option<Seat>;
    /// The legal actions in notation.
    fn legal(&self) -> Vec<String>;
    /// Lets chance and the engines play until a person must move.
    fn advance(&mut self);
    /// What happened since the last call.
    fn events(&mut self) -> Vec<SessionEvent>;
    /// Plays a person's action written in notation.
    fn play(&mut self, text: &str) -> Result<(), SessionError>;
    /// Takes back the last person's action and what followed.
    fn undo(&mut self) -> Result<(), SessionError>;
    /// Restores what the last undo took back.
    fn redo(&mut self) -> Result<(), SessionError>;
    /// The move the first engine seat's profile suggests to the person to
    /// move, under that profile's limits, in notation.
    fn hint(&self) -> Result<String, SessionError>;
    /// The person to move resigns.
    fn resign(&mut self) -> Result<(), SessionError>;
    /// Starts the same game again from its start, with the chance seed
    /// `seed` (`None`: the same seed, the same chance outcomes).
    fn new_game(&mut self, seed: Option<u64>);
    /// The result per seat and the reason, once the game is over.
    fn result(&self) -> Option<(Vec<f64>, &'static str)>;
    /// The saved game text.
    fn save_text(&self) -> String;
    /// Replaces the game by a saved one (the game's options stay).
    fn load_text(&mut self, text: &str) -> Result<(), SessionError>;
    /// Gives back the memory the engines keep between moves (their
    /// transposition tables); their next move takes it again.
    fn release_memory(&mut self);
}

impl<G: Playable + TextBoard> AnySession for Session<G>
where
    G::Action: Send,
{
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn position(&self) -> String {
        self.state().format_position()
    }

    fn board(&self) -> String {
        self.state().draw()
    }

    fn person_to_move(&self) -> Option<Seat> {
        Session::person_to_move(self)
    }

    fn legal(&self) -> Vec<String> {
        self.legal_texts()
    }

    fn advance(&mut self) {
        Session::advance(self);
    }

    fn events(&mut self) -> Vec<SessionEvent> {
        self.take_happenings()
            .into_iter()
            .map(|happening| match happening {
                Happening::Chance { before, action } => SessionEvent::Chance {
                    action: before.format_action(action),
                },
                Happening::Played {
                    before,
                    seat,
                    action,
                    engine,
                    score,
                } => SessionEvent::Played {
                    seat,
                    action: before.format_action(action),
                    engine,
                    score,
                },
                Happening::Info { seat, info } => SessionEvent::Info {
                    seat,
                    depth: info.depth,
                    nodes: info.nodes,
                },
                Happening::Over(ending) => SessionEvent::Over {
                    result: ending.result,
                    reason: ending.reason.text(),
                },
            })
            .collect()
    }

    fn play(&mut self, text: &str) -> Result<(), SessionError> {
        self.play_text(text)
    }

    fn undo(&mut self) -> Result<(), SessionError> {
        Session::undo(self)
    }

    fn redo(&mut self) -> Result<(), SessionError> {
        Session::redo(self)
    }

    fn hint(&self) -> Result<String, SessionError> {
        Ok(self.state().format_action(self.engine_hint()?))
    }

    fn resign(&mut self) -> Result<(), SessionError> {
        let seat = self.mover()?;
        Session::resign(self, seat);
        Ok(())
    }

    fn new_game(&mut self, seed: Option<u64>) {
        let start = self.start.clone();
        Session::new_game(self, start, seed);
        Session::advance(self);
    }

    fn result(&self) -> Option<(Vec<f64>, &'static str)> {
        self.ending
            .as_ref()
            .map(|e| (e.result.clone(), e.reason.text()))
    }

    fn save_text(&self) -> String {
        Session::save_text(self)
    }

    fn release_memory(&mut self) {
        for seat in &mut self.seats {
            if let Occupant::Engine(player) = seat {
                player.release_memory();
            }
        }
    }

    fn load_text(&mut self, text: &str) -> Result<(), SessionError> {
        let options = self.start.options().clone();
        Session::load_text(self, text, &options).map_err(|message| SessionError::File {
            path: "the saved game".into(),
            message,
        })?;
        Session::advance(self);
        Ok(())
    }
}

//! The contract every game implements, and that every searcher, player,
//! referee and front end relies on.
//!
//! Modelled on OpenSpiel's `State`: a state knows whose turn it is (a seat, a
//! chance event or nobody), lists its legal actions or its chance outcomes with
//! their probabilities, applies one action at a time, and reports returns per
//! seat once terminal. Turns need not alternate: one seat may take several
//! decisions in a row. Hidden information is exposed only through
//! [`HiddenInfo::observation`], so an engine can be handed exactly what its
//! seat may see.

use std::fmt::Debug;
use std::hash::Hash;

use arrayvec::ArrayVec;
use rand::RngCore;
use thiserror::Error;

/// A player's place at the table, `0..seats()`.
pub type Seat = usize;

/// The most seats any game has (Muzicando's individual game: 8).
pub const MAX_SEATS: usize = 8;

/// Points per seat at the end of a game, indexed by [`Seat`].
///
/// Two-player games score 1 for a win, 0 for a loss and 0.5 for a draw (other
/// splits such as C'escacs' 3/4 – 1/4 stalemate are possible); card games
/// score their own points. Partners always receive their team's score.
pub type Returns = ArrayVec<f64, MAX_SEATS>;

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The seat that must choose among [`Game::legal_actions`].
    Player(Seat),
    /// Nature draws among [`Game::chance_outcomes`] (a card, a deal).
    Chance,
    /// The game is over; [`Game::returns`] holds the result.
    Terminal,
}

/// A rules option could not be set from `KEY=VALUE` text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// The text had no `=` and names an option that is not on/off.
    #[error("option `{0}` is not of the form KEY=VALUE (only on/off options may be given bare)")]
    Malformed(String),
    /// The game has no option of that name.
    #[error("unknown option `{key}` (known: {known})")]
    UnknownKey {
        /// The key as given.
        key: String,
        /// The game's option keys, comma-separated.
        known: String,
    },
    /// The option exists but the value is not one it accepts.
    #[error("option `{key}` does not accept `{value}` (expected {expected})")]
    BadValue {
        /// The key as given.
        key: String,
        /// The value as given.
        value: String,
        /// The accepted values.
        expected: String,
    },
}

/// A game's rule options (the variants its rules spec names), settable from
/// `KEY=VALUE` text on the command line and in engine or tournament files.
pub trait GameOptions: Default + Clone + Debug + PartialEq + Send + Sync + 'static {
    /// Sets one option from its key and value.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// Builds options from defaults plus `KEY=VALUE` items, in order. A bare
    /// `KEY` switches an on/off option on (`first_edition` is
    /// `first_edition=on`).
    fn from_pairs<'a, I>(pairs: I) -> Result<Self, OptionError>
    where
        I: IntoIterator<Item = &'a str>,
    {
        let mut options = Self::default();
        for pair in pairs {
            match pair.split_once('=') {
                Some((key, value)) => options.set(key.trim(), value.trim())?,
                None => options
                    .set(pair.trim(), "on")
                    .map_err(|error| match error {
                        OptionError::BadValue { .. } => OptionError::Malformed(pair.to_string()),
                        other => other,
                    })?,
            }
        }
        Ok(options)
    }
}

/// Reads the value of an on/off option: `on`, `true`, `yes`, `1` or `off`,
/// `false`, `no`, `0`.
pub fn parse_flag(key: &str, value: &str) -> Result<bool, OptionError> {
    match value {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(OptionError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: "on or off".to_string(),
        }),
    }
}

/// A game state: the rules, and nothing about how to play well.
///
/// `Clone` must be cheap enough for copy-make search. Implementations must
/// never panic on an action taken from `legal_actions` or `chance_outcomes`.
pub trait Game: Clone + Send + Sync + 'static {
    /// One decision or chance outcome.
    type Action: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The rules options from the game's spec.
    type Options: GameOptions;

    /// The short name used on the command line (`cescacs`, `camelot`, …).
    const NAME: &'static str;

    /// The starting state (before the deal, for card games).
    fn new(options: &Self::Options) -> Self;

    /// The options this state was created with.
    fn options(&self) -> &Self::Options;

    /// The number of seats at the table.
    fn seats(&self) -> usize;

    /// The team a seat belongs to; seats of one team share their returns.
    fn team_of(&self, seat: Seat) -> usize {
        seat
    }

    /// Who acts next.
    fn turn(&self) -> Turn;

    /// Replaces `out` with the legal actions of the seat to move (empty at
    /// chance and terminal states).
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Replaces `out` with the chance outcomes and their probabilities, which
    /// sum to 1 (empty unless `turn()` is [`Turn::Chance`]).
    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, f64)>) {
        out.clear();
    }

    /// Applies a legal action or a chance outcome.
    fn apply(&mut self, action: Self::Action);

    /// Points per seat, `Some` exactly when the state is terminal.
    fn returns(&self) -> Option<Returns>;

    /// The Zobrist hash of everything that makes two states the same position
    /// (kept incrementally).
    fn hash(&self) -> u64;

    /// The same hash computed from scratch, to check the incremental one.
    fn hash_from_scratch(&self) -> u64;

    /// The returns when `seat` forfeits (it resigns, breaks the rules or
    /// fails to answer): by default the seat's team scores 0 and every other
    /// team 1. A game whose rules set their own penalty overrides this.
    fn forfeit(&self, seat: Seat) -> Returns {
        (0..self.seats())
            .map(|s| {
                if self.team_of(s) == self.team_of(seat) {
                    0.0
                } else {
                    1.0
                }
            })
            .collect()
    }

    /// Counts the action sequences of length `depth` (chance outcomes count
    /// as plies). Games override this with a faster bulk-counting version.
    fn perft(&self, depth: u32) -> u64 {
        generic_perft(self, depth)
    }
}

/// Replaces `out` with the actions that may follow `state`: the legal
/// actions of the seat to move, or the outcomes of a chance event; none at
/// the end.
pub fn next_actions<G: Game>(state: &G, out: &mut Vec<G::Action>) {
    out.clear();
    match state.turn() {
        Turn::Terminal => {}
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            out.extend(outcomes.into_iter().map(|(a, _)| a));
        }
        Turn::Player(_) => state.legal_actions(out),
    }
}

/// Perft over the contract alone: copy-make, no bulk counting.
pub fn generic_perft<G: Game>(state: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut actions = Vec::new();
    next_actions(state, &mut actions);
    actions
        .into_iter()
        .map(|action| {
            let mut child = state.clone();
            child.apply(action);
            generic_perft(&child, depth - 1)
        })
        .sum()
}

/// What one seat is shown when it must decide: the player contract hands
/// every player its seat's observation and the legal actions, never more.
///
/// A perfect-information game shows the whole state (declare it with
/// [`perfect_information!`]); a game with secrets ([`HiddenInfo`]) shows
/// each seat only what that seat may know.
pub trait Observe: Game {
    /// What one seat may know (the state itself in a perfect-information game).
    type Observation: Clone + Debug + Send + Sync;

    /// What `seat` may see of this state.
    fn observe(&self, seat: Seat) -> Self::Observation;

    /// Whether every action is public, so that the start and the actions
    /// since show a seat nothing beyond its observation (a
    /// perfect-information game). A referee then tells an external engine
    /// the whole game, as chess interfaces do.
    const PUBLIC_ACTIONS: bool = false;
}

/// A perfect-information game: every seat sees the whole state, so its
/// observation is the state itself.
pub trait PerfectInfo: Observe<Observation = Self> {}

impl<G: Observe<Observation = G>> PerfectInfo for G {}

/// Declares a perfect-information game: its observation is the state.
#[macro_export]
macro_rules! perfect_information {
    ($game:ty) => {
        impl $crate::game::Observe for $game {
            type Observation = $game;

            const PUBLIC_ACTIONS: bool = true;

            fn observe(&self, _seat: $crate::game::Seat) -> $game {
                self.clone()
            }
        }
    };
}

/// A game with secrets (hidden hands, unseen deals).
pub trait HiddenInfo: Game {
    /// Everything one seat may know: its own cards, the public table and
    /// history, and nothing else.
    type Observation: Clone + Debug + PartialEq + Send + Sync;

    /// What `seat` may see of this state.
    fn observation(&self, seat: Seat) -> Self::Observation;

    /// A full state consistent with `observation`, hidden parts drawn at
    /// random among those consistent with everything the seat has seen.
    fn sample_world(observation: &Self::Observation, rng: &mut dyn RngCore) -> Self;

    /// MEASUREMENT ONLY: what `seat` would know if it also saw its
    /// partner's hand (a team game), so that every world sampled from it
    /// gives the partner its true cards. What that is worth bounds what
    /// any signalling between partners could gain. Games without partners
    /// answer the plain observation.
    fn observation_with_partner(&self, seat: Seat) -> Self::Observation {
        self.observation(seat)
    }
}

impl<G: HiddenInfo> Observe for G {
    type Observation = <G as HiddenInfo>::Observation;

    fn observe(&self, seat: Seat) -> Self::Observation {
        self.observation(seat)
    }
}

/// Text for actions and positions, in the game's own notation.
///
/// Parsers return typed errors naming what is wrong and never panic.
pub trait Notation: Game {
    /// The game's parse error.
    type ParseError: std::error::Error + Send + Sync + 'static;

    /// Reads an action legal in this state.
    fn parse_action(&self, text: &str) -> Result<Self::Action, Self::ParseError>;

    /// Writes a legal action of this state.
    fn format_action(&self, action: Self::Action) -> String;

    /// A line of actions played one after another from this state (a
    /// principal variation), each written in the state it is played from:
    /// the one way every front end shows a line.
    fn format_line(&self, line: &[Self::Action]) -> Vec<String> {
        let mut state = self.clone();
        line.iter()
            .map(|&action| {
                let text = state.format_action(action);
                state.apply(action);
                text
            })
            .collect()
    }

    /// Reads a position string.
    fn parse_position(text: &str, options: &Self::Options) -> Result<Self, Self::ParseError>;

    /// Writes this state's position string.
    fn format_position(&self) -> String;
}

/// Plays actions written in the game's notation, in order, from `state`.
///
/// Returns the index of the first action that failed with its error.
pub fn apply_text_actions<G: Notation>(
    state: &mut G,
    actions: &[&str],
) -> Result<(), (usize, G::ParseError)> {
    for (index, text) in actions.iter().enumerate() {
        let action = state.parse_action(text).map_err(|e| (index, e))?;
        state.apply(action);
    }
    Ok(())
}

/// A drawing of the state for people at a terminal.
pub trait TextBoard: Game {
    /// The board (and whatever else a player needs to see: side to move,
    /// clocks, held cards), as lines of text with the game's coordinates.
    fn draw(&self) -> String;
}

/// A hidden-hand card game played as a match of hands (Muzicando): what a
/// table, the terminal and the referee need of it beyond the contract.
///
/// One state is one hand. A match deals hand after hand from seeds, the
/// deal moving round the table; it adds up the hands' points per seat
/// (partners score alike); a seat that breaks the rules is scored by the
/// game's [`Game::forfeit`].
pub trait HandGame: HiddenInfo + Notation {
    /// The number of seats `options` give.
    fn seats_of(options: &Self::Options) -> usize;

    /// Whether `options` seat partnerships (the team game).
    fn is_team_game(options: &Self::Options) -> bool;

    /// The seat that deals a hand with `options`.
    fn dealer(options: &Self::Options) -> Seat;

    /// Makes `dealer` deal the hands of `options`.
    fn set_dealer(options: &mut Self::Options, dealer: Seat);

    /// The hand dealt from a generator seeded `seed`, ready for the first
    /// call: the same seed always gives the same deal.
    fn seeded_deal(options: &Self::Options, seed: u64) -> Self;

    /// Every outcome a draw from the stock can have, in the deck's order
    /// (none if the game has no stock). A referee shuffles it once per
    /// deal, so every rotation of the table draws the same cards.
    fn stock_draws() -> Vec<Self::Action>;

    /// Each seat's points for the finished hand (`None` before its end).
    fn hand_points(&self) -> Option<Vec<i32>>;

    /// The readable record of the hand: the deal by seat, every call and
    /// play with its seat, and the result once the hand is over.
    fn hand_record(&self) -> String;

    /// Whether the seat to move calls (an auction, a choice of contract)
    /// rather than plays a card.
    fn is_calling(&self) -> bool;
}

/// A hand game told at a terminal: one seat's view, drawn from its
/// observation, and the table's actions in words.
pub trait HandText: HandGame {
    /// What to type at the prompt, for `help`.
    const HELP: &'static str;

    /// The table `options` describe, for the greeting of a match.
    fn table_text(options: &Self::Options) -> String;

    /// How `seat` is named at a table seen from `me`.
    fn seat_label(options: &Self::Options, seat: Seat, me: Seat) -> String;

    /// The whole view of the observing seat, as lines of text.
    fn draw_view(observation: &Self::Observation) -> String;

    /// The observing seat's own hand, as text.
    fn own_hand(observation: &Self::Observation) -> String;

    /// The hand `seat` holds (shown once the hand is over).
    fn held_text(&self, seat: Seat) -> String;

    /// What `action` of the seat to move does, in words (`bids 1S`).
    fn describe(&self, action: Self::Action) -> String;

    /// A chance outcome as the seat `me` learns of it.
    fn chance_text(&self, action: Self::Action, me: Seat) -> String;

    /// What the table learns once `action` is played, beyond the action
    /// itself (the contract when the auction ends), seen from `me`.
    fn consequence_text(&self, action: Self::Action, me: Seat) -> Option<String>;

    /// When `legal` leaves the seat no choice worth asking about, the
    /// sentence that says why (the action is then played for it).
    fn forced_text(&self, legal: &[Self::Action]) -> Option<&'static str>;

    /// The result of the finished hand beyond the points (the ranking,
    /// whether the contract was made), seen from `me`, line by line.
    fn result_lines(&self, me: Seat) -> Vec<String>;
}

/// A hand game at a browser table: one seat's view of the hand as a payload
/// for a page, built from that seat's observation alone, and the whole hand
/// told once it is over.
///
/// The view is a function of [`HiddenInfo::observation`] and nothing else,
/// so a page is never sent a card its seat may not see; only
/// [`HandView::hand_summary`] reads the state, and only at the end of the
/// hand, when every hand is shown.
pub trait HandView: HandGame {
    /// What one seat is shown: its hand, the calls, the table, every seat's
    /// card count, its legal actions when it is to move.
    type SeatView: serde::Serialize + Clone + Debug + PartialEq + Send + Sync;
    /// The finished hand: every hand, the result and a step-by-step replay.
    type HandSummary: serde::Serialize + Clone + Debug + Send + Sync;

    /// The view of the observing seat.
    fn seat_view(observation: &Self::Observation) -> Self::SeatView;

    /// The finished hand (`None` before its end).
    fn hand_summary(&self) -> Option<Self::HandSummary>;
}

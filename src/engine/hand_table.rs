//! A match of hands of a hidden-hand game (Muzicando): the one loop that
//! plays hands one after another, for every front end — the browser's
//! table ([`super::table`]) and the terminal (`tauler play`); the
//! tournament referee deals its hands by the same rotation
//! ([`hand_options`]).
//!
//! Hand `h` is dealt from `(seed, h)` ([`hand_seed`]), the deal moving one
//! seat on each hand, so a replayed match has the same deals. Each hand is
//! a [`Session`]: engines are handed exactly the observation a person at
//! their seat gets. The table stops wherever an engine is to move; its
//! owner takes the engine's turn out ([`HandTable::engine_turn`]), lets it
//! think — with no lock held, at a shared table — and hands it back
//! ([`HandTable::conclude`]), applied only if the table has not moved on
//! meanwhile. What happened comes out as [`HandStep`]s, in order, for the
//! front end to show.

use crate::bounds;
use crate::game::{HandGame, Seat};

use super::match_loop::Ending;
use super::playable::Playable;
use super::player::Stop;
use super::session::{EngineTurn, Happening, SeatSpec, Session, SessionError};
use super::table::TableError;

/// What a match of hands is made of.
#[derive(Clone, Debug)]
pub struct TableSetup<G: HandGame> {
    /// The rule options (their dealer deals the first hand).
    pub options: G::Options,
    /// Who sits at each seat.
    pub seats: Vec<SeatSpec>,
    /// Hands in the match.
    pub hands: usize,
    /// The deals' and the engines' seed.
    pub seed: u64,
}

/// Something that happened at the table, in order.
#[derive(Clone, Debug)]
pub enum HandStep<G: HandGame> {
    /// Hand `hand` (from 0) was dealt: `state` before any action.
    Dealt {
        /// The hand, from 0.
        hand: usize,
        /// The deal.
        state: G,
    },
    /// A chance outcome or a seat's action (with the state before it).
    Happened(Happening<G>),
    /// Hand `hand` is over.
    HandOver {
        /// The hand, from 0.
        hand: usize,
        /// The final state.
        state: G,
        /// How it ended (a fault breaks a hand off).
        ending: Ending,
        /// Its points, per seat.
        points: Vec<i32>,
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

/// An engine's turn taken out of a table ([`HandTable::engine_turn`]), to
/// think with the table left alone.
pub struct TableTurn<G: Playable> {
    turn: EngineTurn<G>,
    /// The table's version when the turn was taken.
    version: u64,
}

impl<G: Playable> TableTurn<G> {
    /// The seat to move.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.turn.seat()
    }

    /// The engine thinks, within its limits or until the table's stop
    /// flag is set.
    pub fn think(&mut self) {
        self.turn.think();
    }
}

/// A match of hands at one table.
pub struct HandTable<G: HandGame + Playable> {
    options: G::Options,
    first_dealer: Seat,
    hands: usize,
    seed: u64,
    hand: usize,
    session: Session<G>,
    totals: Vec<i32>,
    points: Vec<Vec<i32>>,
    over: bool,
    /// Raised by every change of the table: an engine's answer is applied
    /// only to the version it was asked in.
    version: u64,
    steps: Vec<HandStep<G>>,
}

/// The deal seed of hand `hand` of a match seeded `seed`.
#[must_use]
pub fn hand_seed(seed: u64, hand: usize) -> u64 {
    crate::splitmix::splitmix64(seed ^ (hand as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).1
}

/// The options of hand `hand` of a match whose first hand `first_dealer`
/// deals: the deal moves one seat on each hand.
#[must_use]
pub fn hand_options<G: HandGame>(
    options: &G::Options,
    first_dealer: Seat,
    hand: usize,
) -> G::Options {
    let mut options = options.clone();
    let seats = G::seats_of(&options);
    G::set_dealer(&mut options, (first_dealer + hand % seats) % seats);
    options
}

impl<G: HandGame + Playable> HandTable<G> {
    /// Seats the table and deals the first hand; chance plays until a
    /// seat is to decide.
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
        let seed = hand_seed(setup.seed, 0);
        let deal = G::seeded_deal(&setup.options, seed);
        let mut session = Session::new(deal.clone(), setup.seats, seed)?;
        session.keep_happenings();
        session.ask_engines_apart();
        let mut table = Self {
            options: setup.options,
            first_dealer,
            hands,
            seed: setup.seed,
            hand: 0,
            session,
            totals: vec![0; seats],
            points: Vec::new(),
            over: false,
            version: 0,
            steps: vec![HandStep::Dealt {
                hand: 0,
                state: deal,
            }],
        };
        table.session.advance();
        table.settle();
        Ok(table)
    }

    /// Who sits where.
    #[must_use]
    pub fn seats(&self) -> &[SeatSpec] {
        self.session.seats()
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

    /// The match's seed (its deals follow from it).
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The hand's state now (every hand in it: show a seat only its
    /// observation).
    #[must_use]
    pub fn state(&self) -> &G {
        self.session.state()
    }

    /// The person to move, if one is and the match goes on.
    #[must_use]
    pub fn person_to_move(&self) -> Option<Seat> {
        (!self.over)
            .then(|| self.session.person_to_move())
            .flatten()
    }

    /// The seat whose engine is out thinking ([`HandTable::engine_turn`]).
    #[must_use]
    pub fn thinking(&self) -> Option<Seat> {
        self.session.thinking()
    }

    /// The flag that makes the engine thinking now answer at once.
    #[must_use]
    pub fn stop_handle(&self) -> Stop {
        self.session.stop_handle()
    }

    /// What happened since the last call, in order.
    pub fn take_steps(&mut self) -> Vec<HandStep<G>> {
        std::mem::take(&mut self.steps)
    }

    /// The person at `seat` plays `action`; chance then plays until a seat
    /// is to decide.
    pub fn play(&mut self, seat: Seat, action: G::Action) -> Result<(), TableError> {
        self.check_turn(seat)?;
        self.session.play(seat, action)?;
        self.changed();
        Ok(())
    }

    /// The person at `seat` plays `text` (in the game's notation).
    pub fn play_text(&mut self, seat: Seat, text: &str) -> Result<(), TableError> {
        self.check_turn(seat)?;
        self.session.play_text(text)?;
        self.changed();
        Ok(())
    }

    /// Refuses a person's action when the match is over or it is not
    /// `seat`'s turn.
    fn check_turn(&self, seat: Seat) -> Result<(), TableError> {
        if self.over {
            return Err(TableError::MatchOver);
        }
        if self.session.person_to_move() != Some(seat) {
            return Err(SessionError::NotYourTurn.into());
        }
        Ok(())
    }

    /// The engine to move, taken out with what its seat is shown, to think
    /// apart; `None` if no engine is to move (or it is out already).
    pub fn engine_turn(&mut self) -> Option<TableTurn<G>> {
        if self.over {
            return None;
        }
        let turn = self.session.engine_turn();
        self.settle();
        Some(TableTurn {
            turn: turn?,
            version: self.version,
        })
    }

    /// Seats the engine of `turn` again and plays its answer, if the table
    /// has not moved on since the turn was taken (else the answer is
    /// dropped); chance then plays until a seat is to decide. Whether the
    /// answer was played.
    pub fn conclude(&mut self, turn: TableTurn<G>) -> bool {
        let current = turn.version == self.version && !self.over;
        self.session.conclude(turn.turn, current);
        if current {
            self.changed();
        }
        current
    }

    /// Lets the engines play here and now, one after another, until a
    /// person is to move or the match is over (where no lock is shared:
    /// the terminal, a table being made).
    pub fn run_engines(&mut self) {
        while let Some(mut turn) = self.engine_turn() {
            turn.think();
            self.conclude(turn);
        }
    }

    /// A new version after a change.
    fn changed(&mut self) {
        self.version += 1;
        self.settle();
    }

    /// Turns what the hand's session did into steps; ends hands and deals
    /// the next ones, until a seat is to decide or the match is over.
    fn settle(&mut self) {
        loop {
            for happening in self.session.take_happenings() {
                if matches!(
                    happening,
                    Happening::Chance { .. } | Happening::Played { .. }
                ) {
                    self.steps.push(HandStep::Happened(happening));
                }
            }
            let Some(ending) = self.session.ending().cloned() else {
                return;
            };
            self.finish_hand(ending);
            if self.over {
                return;
            }
        }
    }

    /// Scores the finished hand, and deals the next hand (or ends the
    /// match).
    fn finish_hand(&mut self, ending: Ending) {
        let state = self.session.state().clone();
        let points: Vec<i32> = state
            .hand_points()
            .unwrap_or_else(|| ending.result.iter().map(|&r| r.round() as i32).collect());
        for (total, p) in self.totals.iter_mut().zip(&points) {
            *total += p;
        }
        self.points.push(points.clone());
        self.steps.push(HandStep::HandOver {
            hand: self.hand,
            state,
            ending,
            points,
            totals: self.totals.clone(),
        });
        self.hand += 1;
        self.version += 1;
        if self.hand == self.hands {
            self.over = true;
            self.steps.push(HandStep::MatchOver {
                hands: self.points.clone(),
                totals: self.totals.clone(),
            });
            return;
        }
        let options = hand_options::<G>(&self.options, self.first_dealer, self.hand);
        let seed = hand_seed(self.seed, self.hand);
        let deal = G::seeded_deal(&options, seed);
        self.session.new_game(deal.clone(), Some(seed));
        self.steps.push(HandStep::Dealt {
            hand: self.hand,
            state: deal,
        });
        self.session.advance();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Catalogue;
    use crate::games::muzicando::Muzicando;

    /// An engine's answer is dropped if the table moved on while it
    /// thought (its version changed), and the engine is asked again.
    #[test]
    fn a_stale_answer_is_dropped_and_the_engine_asked_again() {
        let rules = Catalogue::built_in()
            .get("muzicando-rules")
            .expect("a built-in profile");
        let mut seats = vec![SeatSpec::Person; 4];
        let probe = HandTable::<Muzicando>::new(TableSetup {
            options: Default::default(),
            seats: seats.clone(),
            hands: 1,
            seed: 4,
        })
        .expect("a table");
        let first = probe.person_to_move().expect("a person calls first");
        let engine = (first + 1) % 4;
        seats[engine] = SeatSpec::Engine(Box::new(rules));
        let mut table = HandTable::<Muzicando>::new(TableSetup {
            options: Default::default(),
            seats,
            hands: 1,
            seed: 4,
        })
        .expect("a table");
        table.play_text(first, "pass").expect("a pass");
        let mut turn = table.engine_turn().expect("the engine is to move");
        assert!(table.engine_turn().is_none(), "one engine turn at a time");
        assert_eq!(table.thinking(), Some(engine));
        turn.think();
        table.version += 1;
        let history = table.session.history().len();
        assert!(!table.conclude(turn), "the table moved on: dropped");
        assert_eq!(table.session.history().len(), history, "nothing played");
        assert_eq!(table.thinking(), None, "the engine is seated again");
        let mut turn = table.engine_turn().expect("asked again");
        assert_eq!(turn.seat(), engine);
        turn.think();
        assert!(table.conclude(turn), "a current answer is played");
        assert_eq!(table.session.history().len(), history + 1);
    }
}

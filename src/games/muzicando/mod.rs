//! Muzicando: 56 music cards, the four-player team game (auction, then
//! shedding cards onto one of four layouts) and the 2–8 player individual
//! game. Rules: `docs/rules/muzicando.md`.
//!
//! One [`Muzicando`] state is one hand: the deal (chance actions, one card at
//! a time), the auction or the choice of type, and the play; its returns are
//! the hand's points. Matches of several hands, and the breach penalties a
//! referee applies, are in [`scoring`].
//!
//! Files: `cards` (the deck), `options`, `auction`, `layouts/*` (legal
//! placements per type), `symbols` (skip effects), `deal` (chance), `play`
//! (turns, passes, endings), `individual` (seating, stock), `scoring`,
//! `zobrist` (hashing), `observation` (what a seat sees, sampling worlds),
//! `notation` (text), `display` (a seat's view for the terminal), `public_view` (the public part of an observation),
//! `hand_game` (Muzicando as a match of hands, for tables and the referee),
//! `seat_view` (a seat's view and the finished hand as payloads for a page),
//! `heuristic` (the rule-based player), `inference` (it as a model of the
//! other seats, for the searches).

pub mod auction;
pub mod cards;
mod deal;
pub mod display;
pub mod engine_model;
mod hand_game;
pub mod heuristic;
pub mod individual;
pub mod inference;
pub mod layouts;
pub mod notation;
pub mod observation;
pub mod options;
mod play;
pub mod public_view;
pub mod scoring;
pub mod seat_view;
mod symbols;
mod zobrist;

use arrayvec::ArrayVec;

use crate::game::{Game, Returns, Seat, Turn};
pub use auction::{Auction, Bid};
pub use cards::Card;
pub use deal::cards_per_player;
pub use layouts::{Cell, GameType, Layout};
pub use notation::ParseError;
pub use observation::Observation;
pub use options::{Finish, GlissandoRows, Options, PauseRule};

/// One decision or chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Chance: the next card of the deal goes to the next player served.
    Deal(Card),
    /// Chance (individual game): the card a passing player draws from the stock.
    Draw(Card),
    /// An auction bid.
    Bid(Bid),
    /// Individual game: the game type named by the player left of the dealer.
    Choose(GameType),
    /// Lays a card from the hand at a cell.
    Place(Card, Cell),
    /// A pass, in the auction or in play.
    Pass,
}

/// What the hand is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Cards are being dealt.
    Deal,
    /// The team game's auction.
    Auction,
    /// The individual game's choice of type.
    Choose,
    /// Playing cards.
    Play,
    /// The player to move passed and draws from the stock.
    Draw,
    /// The hand is over.
    Over,
}

/// The contract of a hand: its type, and in the team game the bid and the
/// declarer (in the individual game the player who chose the type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    /// The winning bid (team game only).
    pub bid: Option<Bid>,
    /// The game type played.
    pub game_type: GameType,
    /// The declarer (team game) or the chooser (individual game).
    pub declarer: u8,
}

/// A Muzicando hand.
#[derive(Clone, Debug)]
pub struct Muzicando {
    options: Options,
    seats: u8,
    phase: Phase,
    hands: [u64; 8],
    /// Cards not dealt: the undealt deck during the deal, then the stock.
    stock: u64,
    dealt: u8,
    auction: Auction,
    contract: Option<Contract>,
    table: Layout,
    to_move: u8,
    /// Players whose next turn is skipped.
    blocked: u8,
    /// Players still in the hand.
    active: u8,
    /// Players who passed since the last card was placed.
    passed: u8,
    /// The player who last placed a card.
    last_placer: u8,
    /// Under `pause=until-pass`, the player playing on after his pause.
    pause_run: Option<u8>,
    /// Players who shed all their cards, in order.
    shed: ArrayVec<u8, 8>,
    /// Individual game: players who lost the round, in order.
    lost: ArrayVec<u8, 8>,
    /// The final ranking, first place first (set when the hand is over).
    ranking: ArrayVec<u8, 8>,
    /// Every action so far with the seat that took it (the receiving seat
    /// for a dealt or drawn card).
    history: Vec<(u8, Action)>,
    /// What each pass in play proved (public facts).
    pass_facts: Vec<PassFact>,
    zobrist: u64,
}

/// A pass in play proves that the passer held none of the notes that could
/// be placed at that moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PassFact {
    /// The seat that passed.
    pub seat: u8,
    /// The index of the pass in the hand's history.
    pub event: u16,
    /// The note cards that could be placed then, none of them held.
    pub notes: u64,
}

impl Muzicando {
    /// What the hand is waiting for.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// A seat's hand.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> u64 {
        self.hands[seat]
    }

    /// The stock (individual game; during the deal, the undealt cards).
    #[must_use]
    pub fn stock(&self) -> u64 {
        self.stock
    }

    /// The table.
    #[must_use]
    pub fn table(&self) -> &Layout {
        &self.table
    }

    /// The auction so far (team game).
    #[must_use]
    pub fn auction(&self) -> &Auction {
        &self.auction
    }

    /// The contract, once the auction or the choice is over.
    #[must_use]
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// The dealer of this hand.
    #[must_use]
    pub fn dealer(&self) -> u8 {
        self.options.dealer
    }

    /// Every action since the start of the hand, chance outcomes included,
    /// with the seat that took (or received) it.
    #[must_use]
    pub fn history(&self) -> &[(u8, Action)] {
        &self.history
    }

    /// The facts proved by the passes in play so far.
    #[must_use]
    pub fn pass_facts(&self) -> &[PassFact] {
        &self.pass_facts
    }

    /// Players whose next turn will be skipped (bit per seat).
    #[must_use]
    pub fn blocked(&self) -> u8 {
        self.blocked
    }

    /// Players still in the hand (bit per seat).
    #[must_use]
    pub fn active(&self) -> u8 {
        self.active
    }

    /// Sets up a study position (an end-game to analyse, or a rule to
    /// test): `seat` now holds exactly `cards`; a seat left with none has
    /// shed its cards and takes the next place. The passes since the last
    /// card are forgotten. Nothing checks that the cards add up to a deal:
    /// the position is the caller's.
    pub fn set_hand(&mut self, seat: usize, cards: u64) {
        self.hands[seat] = cards;
        if cards == 0 && self.active & (1 << seat) != 0 {
            self.active &= !(1 << seat);
            self.shed.push(seat as u8);
        }
        self.passed = 0;
        self.zobrist = self.card_hash_from_scratch();
    }

    /// Sets up a study position of the individual game: the stock is drawn
    /// out.
    pub fn empty_stock(&mut self) {
        self.stock = 0;
    }

    /// Players who shed all their cards, in finishing order.
    #[must_use]
    pub fn shed(&self) -> &[u8] {
        &self.shed
    }

    /// Individual game: players who lost the round, in the order they went out.
    #[must_use]
    pub fn lost(&self) -> &[u8] {
        &self.lost
    }

    /// The final ranking, first place first (empty until the hand is over).
    #[must_use]
    pub fn ranking(&self) -> &[u8] {
        &self.ranking
    }

    /// Whether this is the team game.
    #[must_use]
    pub fn is_team_game(&self) -> bool {
        self.options.individual.is_none()
    }

    /// The next seat in turn order (the player to the right).
    #[must_use]
    pub fn next_seat(&self, seat: u8) -> u8 {
        (seat + 1) % self.seats
    }

    /// The points of each seat for this hand, once it is over.
    #[must_use]
    pub fn points(&self) -> Option<ArrayVec<i32, 8>> {
        if self.phase != Phase::Over {
            return None;
        }
        let contract = self.contract?;
        Some(match contract.bid {
            Some(bid) => {
                let teams =
                    scoring::team_hand_points(&self.ranking, bid.value(), contract.declarer);
                (0..self.seats).map(|s| teams[usize::from(s % 2)]).collect()
            }
            None => {
                let last_holds_cards = self
                    .ranking
                    .last()
                    .is_some_and(|&s| self.hands[usize::from(s)] != 0);
                scoring::individual_points(&self.ranking, contract.game_type, last_holds_cards)
            }
        })
    }
}

impl Game for Muzicando {
    type Action = Action;
    type Options = Options;

    const NAME: &'static str = "muzicando";

    fn new(options: &Options) -> Self {
        let seats = options.seats();
        let mut state = Muzicando {
            options: *options,
            seats,
            phase: Phase::Deal,
            hands: [0; 8],
            stock: cards::ALL_CARDS,
            dealt: 0,
            auction: Auction::default(),
            contract: None,
            table: Layout::new(GameType::Muzicando, options.glissando_rows),
            to_move: 0,
            blocked: 0,
            active: ((1u16 << seats) - 1) as u8,
            passed: 0,
            last_placer: options.dealer,
            pause_run: None,
            shed: ArrayVec::new(),
            lost: ArrayVec::new(),
            ranking: ArrayVec::new(),
            history: Vec::with_capacity(160),
            pass_facts: Vec::new(),
            zobrist: 0,
        };
        state.zobrist = state.card_hash_from_scratch();
        state
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    fn team_of(&self, seat: Seat) -> usize {
        if self.is_team_game() {
            seat % 2
        } else {
            seat
        }
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Deal | Phase::Draw => Turn::Chance,
            Phase::Over => Turn::Terminal,
            Phase::Auction | Phase::Choose | Phase::Play => Turn::Player(usize::from(self.to_move)),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Auction => self.auction.legal_calls(|call| {
                out.push(call.map_or(Action::Pass, Action::Bid));
            }),
            Phase::Choose => out.extend(GameType::ALL.map(Action::Choose)),
            Phase::Play => self.play_actions(out),
            Phase::Deal | Phase::Draw | Phase::Over => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        self.chance(out);
    }

    fn apply(&mut self, action: Action) {
        let actor = match action {
            Action::Deal(_) => self.next_recipient(),
            _ => self.to_move,
        };
        self.history.push((actor, action));
        match action {
            Action::Deal(card) => self.deal_card(card),
            Action::Draw(card) => self.draw_card(card),
            Action::Bid(bid) => self.call(Some(bid)),
            Action::Pass if self.phase == Phase::Auction => self.call(None),
            Action::Choose(game_type) => self.choose(game_type),
            Action::Place(card, cell) => self.place(card, cell),
            Action::Pass => self.pass(),
        }
    }

    fn returns(&self) -> Option<Returns> {
        self.points()
            .map(|points| points.iter().map(|&p| f64::from(p)).collect())
    }

    /// A breach (rules §3, §5): the hand is annulled and the offender's
    /// team loses 12 points (the individual game: the offender loses 11).
    fn forfeit(&self, seat: Seat) -> Returns {
        if self.is_team_game() {
            let teams = scoring::team_breach(seat as u8);
            (0..self.seats()).map(|s| f64::from(teams[s % 2])).collect()
        } else {
            scoring::individual_breach(self.seats() as u8, seat as u8)
                .into_iter()
                .map(f64::from)
                .collect()
        }
    }

    fn hash(&self) -> u64 {
        self.zobrist ^ self.rules_state_hash()
    }

    fn hash_from_scratch(&self) -> u64 {
        self.card_hash_from_scratch() ^ self.rules_state_hash()
    }
}

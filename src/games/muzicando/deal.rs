//! Dealing and drawing as chance actions, and the seeded deal.
//!
//! The deal gives one card at a time to the players in turn order, starting
//! with the player after the dealer: all 56 cards (14 each) in the team game,
//! 7 each in the individual game with the rest left as the stock. Every
//! undealt card is equally likely next, so a deal is 56 (or 7k) chance
//! actions and a recorded deal replays exactly.

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::cards::{cards_of, Card};
use super::{Action, Game, Muzicando, Options, Phase};

/// Cards dealt to each player: 14 in the team game, 7 in the individual game.
#[must_use]
pub fn cards_per_player(options: &Options) -> u8 {
    if options.individual.is_some() {
        7
    } else {
        14
    }
}

/// A uniform index below `n` from the generator (Lemire's multiply-shift).
fn below(rng: &mut dyn RngCore, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

impl Muzicando {
    /// The seat served by the next card of the deal.
    #[must_use]
    pub fn next_recipient(&self) -> u8 {
        (self.options.dealer + 1 + self.dealt % self.seats) % self.seats
    }

    /// The chance outcomes: every undealt card (deal) or stock card (draw),
    /// equally likely.
    pub(super) fn chance(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        let p = 1.0 / f64::from(self.stock.count_ones());
        match self.phase {
            Phase::Deal => out.extend(cards_of(self.stock).map(|c| (Action::Deal(c), p))),
            Phase::Draw => out.extend(cards_of(self.stock).map(|c| (Action::Draw(c), p))),
            _ => {}
        }
    }

    pub(super) fn deal_card(&mut self, card: Card) {
        let seat = self.next_recipient();
        self.stock &= !card.bit();
        self.hands[usize::from(seat)] |= card.bit();
        self.zobrist ^= super::zobrist::in_hand(card, seat);
        self.dealt += 1;
        if self.dealt == cards_per_player(&self.options) * self.seats {
            self.to_move = self.next_seat(self.options.dealer);
            self.phase = if self.is_team_game() {
                Phase::Auction
            } else {
                Phase::Choose
            };
        }
    }

    pub(super) fn draw_card(&mut self, card: Card) {
        let seat = self.to_move;
        self.stock &= !card.bit();
        self.hands[usize::from(seat)] |= card.bit();
        self.zobrist ^= super::zobrist::in_hand(card, seat);
        self.phase = Phase::Play;
        self.advance_from(seat);
    }

    /// The hand after a deal shuffled by a seeded generator: Fisher–Yates
    /// with `Xoshiro256PlusPlus::seed_from_u64(seed)`, the shuffled deck
    /// dealt from its first card. The same seed always gives the same deal.
    #[must_use]
    pub fn seeded_deal(options: &Options, seed: u64) -> Muzicando {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        Self::random_deal(options, &mut rng)
    }

    /// The hand after a deal shuffled by `rng`.
    pub fn random_deal(options: &Options, rng: &mut dyn RngCore) -> Muzicando {
        let mut deck: Vec<Card> = cards_of(super::cards::ALL_CARDS).collect();
        for i in (1..deck.len()).rev() {
            deck.swap(i, below(rng, i + 1));
        }
        let mut state = Muzicando::new(options);
        let count = usize::from(cards_per_player(options) * options.seats());
        for &card in &deck[..count] {
            state.apply(Action::Deal(card));
        }
        state
    }
}

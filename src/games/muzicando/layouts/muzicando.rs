//! Muzicando: one ascending pile per colour. A Do of a colour not yet open
//! starts that colour's pile; otherwise a note goes on its colour's pile only
//! if it is the next note up. A symbol may be laid once its colour's pile is
//! open.

use super::Cell;
use crate::games::muzicando::cards::{cards_of, cards_of_step, Card, SYMBOL_CARDS};

/// The piles: how many notes each colour's pile holds (0 = not open).
#[derive(Clone, Debug)]
pub struct Piles {
    /// Notes per colour pile.
    pub heights: [u8; 7],
    /// Every card on the table.
    pub cards: u64,
    /// The notes placeable now, kept up to date by [`Piles::place`].
    playable: u64,
}

impl Default for Piles {
    fn default() -> Self {
        Piles {
            heights: [0; 7],
            cards: 0,
            playable: cards_of_step(0),
        }
    }
}

impl Piles {
    /// The cell of a card: its colour's pile, (colour, 0).
    #[must_use]
    pub fn cell_of(card: Card) -> Cell {
        Cell::new(card.colour() as i8, 0)
    }

    /// The next note of every pile, and the Do of every colour not open.
    #[must_use]
    pub fn playable_notes(&self) -> u64 {
        self.playable
    }

    /// Calls `f` for each playable note in `hand`.
    pub fn note_moves(&self, hand: u64, f: &mut impl FnMut(Card, Cell)) {
        for card in cards_of(hand & self.playable_notes()) {
            f(card, Self::cell_of(card));
        }
    }

    /// Calls `f` for each symbol in `hand` whose colour's pile is open.
    pub fn symbol_moves(&self, hand: u64, f: &mut impl FnMut(Card, Cell)) {
        for card in cards_of(hand & SYMBOL_CARDS) {
            if self.heights[usize::from(card.colour())] > 0 {
                f(card, Self::cell_of(card));
            }
        }
    }

    /// Places a card on its pile.
    pub fn place(&mut self, card: Card) {
        self.cards |= card.bit();
        if card.is_note() {
            let colour = usize::from(card.colour());
            self.heights[colour] += 1;
            let height = usize::from(self.heights[colour]);
            self.playable &= !(1 << (colour * 8 + height - 1));
            if height < 7 {
                self.playable |= 1 << (colour * 8 + height);
            }
        }
    }
}

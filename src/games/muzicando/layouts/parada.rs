//! Parada: one column per colour, started by that colour's circled note and
//! growing one note up or down in the same colour, without wrapping. Any
//! circled note may start its column at any time. A symbol is laid on its
//! colour's opener once that column is open.

use super::Cell;
use crate::games::muzicando::cards::{cards_of, Card, CIRCLED, SYMBOL_CARDS};

/// The columns: the lowest and highest step of each open colour.
#[derive(Clone, Debug)]
pub struct Columns {
    /// (lowest, highest) step per colour; `None` if the column is not open.
    pub spans: [Option<(u8, u8)>; 7],
    /// Every card on the table.
    pub cards: u64,
    /// The notes placeable now, kept up to date by [`Columns::place`].
    playable: u64,
}

impl Default for Columns {
    fn default() -> Self {
        Columns {
            spans: [None; 7],
            cards: 0,
            playable: CIRCLED,
        }
    }
}

impl Columns {
    /// The cell of a card: column = colour, line = step; a symbol lies on its
    /// column's opener, (colour, colour).
    #[must_use]
    pub fn cell_of(card: Card) -> Cell {
        let colour = card.colour() as i8;
        Cell::new(colour, card.step().map_or(colour, |s| s as i8))
    }

    /// Every circled note not yet out, and the notes just below and above
    /// each open column.
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

    /// Calls `f` for each symbol in `hand` whose colour's column is open.
    pub fn symbol_moves(&self, hand: u64, f: &mut impl FnMut(Card, Cell)) {
        for card in cards_of(hand & SYMBOL_CARDS) {
            if self.spans[usize::from(card.colour())].is_some() {
                f(card, Self::cell_of(card));
            }
        }
    }

    /// Places a card in its column.
    pub fn place(&mut self, card: Card) {
        self.cards |= card.bit();
        let Some(step) = card.step() else {
            return;
        };
        let colour = usize::from(card.colour());
        let (low, high) = match self.spans[colour] {
            None => (step, step),
            Some((low, high)) => (low.min(step), high.max(step)),
        };
        self.spans[colour] = Some((low, high));
        let base = colour * 8;
        let mut next = 0;
        if low > 0 {
            next |= 1 << (base + usize::from(low) - 1);
        }
        if high < 6 {
            next |= 1 << (base + usize::from(high) + 1);
        }
        self.playable = self.playable & !(0xffu64 << base) | next;
    }
}

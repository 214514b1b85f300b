//! Parada: one column per colour, started by that colour's circled note and
//! growing one note up or down in the same colour, without wrapping. Any
//! circled note may start its column at any time. A symbol is laid on its
//! colour's opener once that column is open.

use super::Cell;
use crate::games::muzicando::cards::{cards_of, Card, SYMBOL_CARDS};

/// The columns: the lowest and highest step of each open colour.
#[derive(Clone, Debug, Default)]
pub struct Columns {
    /// (lowest, highest) step per colour; `None` if the column is not open.
    pub spans: [Option<(u8, u8)>; 7],
    /// Every card on the table.
    pub cards: u64,
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
        let mut mask = 0;
        for (colour, span) in self.spans.iter().enumerate() {
            let base = colour * 8;
            match *span {
                None => mask |= 1 << (base + colour),
                Some((low, high)) => {
                    if low > 0 {
                        mask |= 1 << (base + usize::from(low) - 1);
                    }
                    if high < 6 {
                        mask |= 1 << (base + usize::from(high) + 1);
                    }
                }
            }
        }
        mask & !self.cards
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
        if let Some(step) = card.step() {
            let span = &mut self.spans[usize::from(card.colour())];
            *span = Some(match *span {
                None => (step, step),
                Some((low, high)) => (low.min(step), high.max(step)),
            });
        }
        self.cards |= card.bit();
    }
}

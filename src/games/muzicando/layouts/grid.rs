//! A square grid of cells around the first card, shared by the two layouts
//! whose placements are chosen cells (Glissando, Sarabanda), and the symbol
//! rule those two share.

use std::fmt;

use crate::games::muzicando::cards::{cards_of, Card};

/// A table cell: column `x` (right is +), line `y` (up is +). The first card
/// of Glissando and Sarabanda is at (0, 0); Parada uses (colour, step) and
/// Muzicando (colour, 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Column.
    pub x: i8,
    /// Line.
    pub y: i8,
}

impl Cell {
    /// The cell at (x, y).
    #[must_use]
    pub const fn new(x: i8, y: i8) -> Cell {
        Cell { x, y }
    }

    /// The four orthogonal neighbours: right, left, up, down.
    #[must_use]
    pub fn neighbours(self) -> [Cell; 4] {
        [
            Cell::new(self.x + 1, self.y),
            Cell::new(self.x - 1, self.y),
            Cell::new(self.x, self.y + 1),
            Cell::new(self.x, self.y - 1),
        ]
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// How far from (0, 0) a card can be: 49 notes in a chain reach 48 cells
/// away, and the free cells next to them 49.
pub const RADIUS: i8 = 49;
const WIDTH: usize = 2 * RADIUS as usize + 1;
/// The number of cells of the grid.
pub const CELLS: usize = WIDTH * WIDTH;

/// Which card lies on which cell, both ways.
#[derive(Clone)]
pub struct Grid {
    /// Card index + 1 per cell, 0 for empty.
    cells: [u8; CELLS],
    /// The cell of each card on the table.
    pos: [Cell; 56],
    /// Every card on the table.
    pub cards: u64,
    /// Note cards that carry a symbol.
    pub carriers: u64,
}

impl Default for Grid {
    fn default() -> Self {
        Grid {
            cells: [0; CELLS],
            pos: [Cell::default(); 56],
            cards: 0,
            carriers: 0,
        }
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(cards_of(self.cards).map(|c| (c, self.pos[usize::from(c.index())])))
            .finish()
    }
}

impl Grid {
    /// The array index of an in-range cell.
    #[must_use]
    pub fn index(cell: Cell) -> Option<usize> {
        let inside = |v: i8| (-RADIUS..=RADIUS).contains(&v);
        (inside(cell.x) && inside(cell.y))
            .then(|| (cell.y + RADIUS) as usize * WIDTH + (cell.x + RADIUS) as usize)
    }

    /// The note card on a cell, if any.
    #[must_use]
    pub fn at(&self, cell: Cell) -> Option<Card> {
        let value = self.cells[Self::index(cell)?];
        Card::from_index(value.wrapping_sub(1))
    }

    /// Whether a cell holds a card.
    #[must_use]
    pub fn occupied(&self, cell: Cell) -> bool {
        Self::index(cell).is_some_and(|i| self.cells[i] != 0)
    }

    /// The cell of a card on the table.
    #[must_use]
    pub fn cell_of(&self, card: Card) -> Cell {
        self.pos[usize::from(card.index())]
    }

    /// Puts a note card on an empty in-range cell.
    pub fn put(&mut self, card: Card, cell: Cell) {
        if let Some(index) = Self::index(cell) {
            self.cells[index] = card.index() + 1;
        }
        self.pos[usize::from(card.index())] = cell;
        self.cards |= card.bit();
    }

    /// Symbols in Glissando and Sarabanda: on a note of the symbol's colour
    /// whose four sides are all occupied and which carries no symbol yet.
    pub fn symbol_moves(&self, hand: u64, f: &mut impl FnMut(Card, Cell)) {
        for symbol in cards_of(hand & crate::games::muzicando::cards::SYMBOL_CARDS) {
            let colour_notes = 0x7fu64 << (symbol.colour() * 8);
            for note in cards_of(self.cards & colour_notes & !self.carriers) {
                let cell = self.cell_of(note);
                if cell.neighbours().iter().all(|&n| self.occupied(n)) {
                    f(symbol, cell);
                }
            }
        }
    }

    /// Lays a symbol on the note at `cell`.
    pub fn put_symbol(&mut self, symbol: Card, cell: Cell) {
        if let Some(note) = self.at(cell) {
            self.carriers |= note.bit();
        }
        self.pos[usize::from(symbol.index())] = cell;
        self.cards |= symbol.bit();
    }
}

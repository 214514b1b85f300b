//! The four layouts, one per game type: where a card may be placed on the
//! table, and the table after placing it.
//!
//! Each layout answers the same questions: which note cards could be placed
//! now by anybody ([`Layout::playable_notes`], which is also what a pass
//! proves the passer did not hold), the placements open to a hand (notes and
//! symbols separately, because notes are compulsory and symbols optional),
//! and the table after a placement.

mod glissando;
mod grid;
mod muzicando;
mod parada;
mod sarabanda;

use std::fmt;

use super::cards::Card;
use super::options::GlissandoRows;
pub use glissando::Rows;
pub use grid::{Cell, Grid};
pub use muzicando::Piles;
pub use parada::Columns;
pub use sarabanda::FreeGrid;

/// The game types, in auction rank order within a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameType {
    /// Sarabanda: a free grid started by a Do.
    Sarabanda,
    /// Glissando: wrapping rows started by circled notes.
    Glissando,
    /// Parada: one column per colour, started by its circled note.
    Parada,
    /// Muzicando: one ascending pile per colour, started by its Do.
    Muzicando,
}

impl GameType {
    /// All types, S G P M.
    pub const ALL: [GameType; 4] = [
        GameType::Sarabanda,
        GameType::Glissando,
        GameType::Parada,
        GameType::Muzicando,
    ];

    /// The type value used in scoring: S 1, G 2, P 3, M 4.
    #[must_use]
    pub fn value(self) -> i32 {
        self as i32 + 1
    }

    /// The letter used in bids and text: S, G, P, M.
    #[must_use]
    pub fn letter(self) -> char {
        ['S', 'G', 'P', 'M'][self as usize]
    }

    /// Reads a type letter (case-insensitive).
    #[must_use]
    pub fn from_letter(letter: char) -> Option<GameType> {
        GameType::ALL
            .into_iter()
            .find(|t| t.letter() == letter.to_ascii_uppercase())
    }

    /// Whether the cell of a placement is implied by the card (piles and
    /// columns) rather than chosen (rows and the free grid).
    #[must_use]
    pub fn cell_is_implied(self) -> bool {
        matches!(self, GameType::Parada | GameType::Muzicando)
    }
}

impl fmt::Display for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameType::Sarabanda => "Sarabanda",
            GameType::Glissando => "Glissando",
            GameType::Parada => "Parada",
            GameType::Muzicando => "Muzicando",
        })
    }
}

/// The cards on the table, laid out by the game type's rules.
#[derive(Clone, Debug)]
pub enum Layout {
    /// Muzicando piles.
    Muzicando(Piles),
    /// Parada columns.
    Parada(Columns),
    /// Glissando rows (boxed: a grid).
    Glissando(Box<Rows>),
    /// Sarabanda free grid (boxed: a grid).
    Sarabanda(Box<FreeGrid>),
}

impl Layout {
    /// The empty table for a game type, Glissando rows starting as `rows`
    /// says.
    #[must_use]
    pub fn new(game_type: GameType, rows: GlissandoRows) -> Layout {
        match game_type {
            GameType::Muzicando => Layout::Muzicando(Piles::default()),
            GameType::Parada => Layout::Parada(Columns::default()),
            GameType::Glissando => Layout::Glissando(Box::new(Rows::new(rows))),
            GameType::Sarabanda => Layout::Sarabanda(Box::default()),
        }
    }

    /// The game type this table is laid out for.
    #[must_use]
    pub fn game_type(&self) -> GameType {
        match self {
            Layout::Muzicando(_) => GameType::Muzicando,
            Layout::Parada(_) => GameType::Parada,
            Layout::Glissando(_) => GameType::Glissando,
            Layout::Sarabanda(_) => GameType::Sarabanda,
        }
    }

    /// Every card on the table (notes and symbols).
    #[must_use]
    pub fn cards(&self) -> u64 {
        match self {
            Layout::Muzicando(t) => t.cards,
            Layout::Parada(t) => t.cards,
            Layout::Glissando(t) => t.grid.cards,
            Layout::Sarabanda(t) => t.grid.cards,
        }
    }

    /// The note cards that anybody could place now. A seat that passes held
    /// none of these.
    #[must_use]
    pub fn playable_notes(&self) -> u64 {
        match self {
            Layout::Muzicando(t) => t.playable_notes(),
            Layout::Parada(t) => t.playable_notes(),
            Layout::Glissando(t) => t.playable_notes(),
            Layout::Sarabanda(t) => t.playable_notes(),
        }
    }

    /// What [`Layout::playable_notes`] would give once `card` is placed at
    /// `cell`; the table itself is left as it is.
    #[must_use]
    pub fn playable_notes_after(&self, card: Card, cell: Cell) -> u64 {
        match self {
            Layout::Glissando(t) => t.playable_notes_after(card, cell),
            Layout::Sarabanda(t) => t.playable_notes_after(card, cell),
            _ => {
                let mut table = self.clone();
                table.place(card, cell);
                table.playable_notes()
            }
        }
    }

    /// Calls `f` with every legal placement of a note card from `hand`.
    pub fn note_moves(&self, hand: u64, f: &mut impl FnMut(Card, Cell)) {
        match self {
            Layout::Muzicando(t) => t.note_moves(hand, f),
            Layout::Parada(t) => t.note_moves(hand, f),
            Layout::Glissando(t) => t.note_moves(hand, f),
            Layout::Sarabanda(t) => t.note_moves(hand, f),
        }
    }

    /// Calls `f` with every legal placement of a symbol card from `hand`.
    pub fn symbol_moves(&self, hand: u64, f: &mut impl FnMut(Card, Cell)) {
        match self {
            Layout::Muzicando(t) => t.symbol_moves(hand, f),
            Layout::Parada(t) => t.symbol_moves(hand, f),
            Layout::Glissando(t) => t.grid.symbol_moves(hand, f),
            Layout::Sarabanda(t) => t.grid.symbol_moves(hand, f),
        }
    }

    /// Whether placing `card` at `cell` is legal now (the card being held).
    #[must_use]
    pub fn is_legal(&self, card: Card, cell: Cell) -> bool {
        let mut found = false;
        let mut check = |c: Card, at: Cell| found |= c == card && at == cell;
        if card.is_note() {
            self.note_moves(card.bit(), &mut check);
        } else {
            self.symbol_moves(card.bit(), &mut check);
        }
        found
    }

    /// The cell a card goes to when the layout implies it (piles and
    /// columns); `None` when the player chooses.
    #[must_use]
    pub fn implied_cell(&self, card: Card) -> Option<Cell> {
        match self {
            Layout::Muzicando(_) => Some(Piles::cell_of(card)),
            Layout::Parada(_) => Some(Columns::cell_of(card)),
            Layout::Glissando(_) | Layout::Sarabanda(_) => None,
        }
    }

    /// Places a card (the placement must be legal).
    pub fn place(&mut self, card: Card, cell: Cell) {
        match self {
            Layout::Muzicando(t) => t.place(card),
            Layout::Parada(t) => t.place(card),
            Layout::Glissando(t) => t.place(card, cell),
            Layout::Sarabanda(t) => t.place(card, cell),
        }
    }
}

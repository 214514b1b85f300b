//! Sarabanda: a free grid started by a Do. A note may go on an empty cell
//! orthogonally next to at least one card whose note is one step away,
//! wrapping (Si and Do are one step apart); colour never matters.
//!
//! The free cells next to the cards are kept with the set of steps each
//! accepts, so the moves are read off without scanning the grid.

use arrayvec::ArrayVec;

use super::grid::CELLS;
use super::{Cell, Grid};
use crate::games::muzicando::cards::{cards_of, cards_of_step, wrap_step, Card};

/// At most 49 notes with 4 sides each.
const MAX_FRONTIER: usize = 196;

/// The grid and its free cells that accept a note.
#[derive(Clone)]
pub struct FreeGrid {
    /// Which card is where.
    pub grid: Grid,
    /// Empty cells next to a note, in the order they became so.
    frontier: ArrayVec<Cell, MAX_FRONTIER>,
    /// Per cell: the steps (bit per step) an empty frontier cell accepts.
    accepts: [u8; CELLS],
    /// Per cell: its place in `frontier` plus one (0 when not in it).
    slot: [u8; CELLS],
}

impl std::fmt::Debug for FreeGrid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FreeGrid")
            .field("grid", &self.grid)
            .field("frontier", &self.frontier)
            .finish()
    }
}

impl Default for FreeGrid {
    fn default() -> Self {
        FreeGrid {
            grid: Grid::default(),
            frontier: ArrayVec::new(),
            accepts: [0; CELLS],
            slot: [0; CELLS],
        }
    }
}

/// The note cards of every step set (bit per step), by the set.
const CARDS_OF_STEPS: [u64; 128] = {
    let mut table = [0u64; 128];
    let mut steps = 0;
    while steps < 128 {
        let mut step = 0;
        while step < 7 {
            if steps & (1 << step) != 0 {
                table[steps] |= 0x0001_0101_0101_0101_u64 << step;
            }
            step += 1;
        }
        steps += 1;
    }
    table
};

fn cards_of_steps(steps: u8) -> u64 {
    CARDS_OF_STEPS[usize::from(steps & 0x7f)]
}

/// The steps (bit per step) a free cell next to a note of `step` accepts:
/// one step up or down, wrapping.
fn steps_beside(step: u8) -> u8 {
    (1u8 << wrap_step(step, 1)) | (1u8 << wrap_step(step, -1))
}

impl FreeGrid {
    fn openings(&self, f: &mut impl FnMut(u64, Cell)) {
        if self.grid.cards == 0 {
            f(cards_of_step(0), Cell::new(0, 0));
            return;
        }
        for &cell in &self.frontier {
            if let Some(index) = Grid::index(cell) {
                f(cards_of_steps(self.accepts[index]), cell);
            }
        }
    }

    /// Notes of a step accepted by some free cell.
    #[must_use]
    pub fn playable_notes(&self) -> u64 {
        let mut mask = 0;
        self.openings(&mut |cards, _| mask |= cards);
        mask & !self.grid.cards
    }

    /// What [`FreeGrid::playable_notes`] would give once `card` is placed
    /// at `cell`, read without placing it: the rule-based player weighs
    /// every placement this way, and a copy of the grid (three arrays of
    /// 9801 cells) per placement weighed was most of an inference's time.
    #[must_use]
    pub fn playable_notes_after(&self, card: Card, cell: Cell) -> u64 {
        let Some(step) = card.step() else {
            return self.playable_notes();
        };
        let mut mask = 0;
        for &free in self.frontier.iter().filter(|&&free| free != cell) {
            if let Some(index) = Grid::index(free) {
                mask |= cards_of_steps(self.accepts[index]);
            }
        }
        let accepts = steps_beside(step);
        if cell
            .neighbours()
            .into_iter()
            .any(|n| Grid::index(n).is_some() && !self.grid.occupied(n))
        {
            mask |= cards_of_steps(accepts);
        }
        mask & !(self.grid.cards | card.bit())
    }

    /// Calls `f` for each placement of a note from `hand`.
    pub fn note_moves(&self, hand: u64, f: &mut impl FnMut(Card, Cell)) {
        self.openings(&mut |cards, cell| {
            for card in cards_of(cards & hand) {
                f(card, cell);
            }
        });
    }

    /// Places a note on a free cell (updating its neighbours), or a symbol.
    pub fn place(&mut self, card: Card, cell: Cell) {
        let Some(step) = card.step() else {
            self.grid.put_symbol(card, cell);
            return;
        };
        self.grid.put(card, cell);
        if let Some(index) = Grid::index(cell) {
            if let Some(k) = usize::from(self.slot[index]).checked_sub(1) {
                self.frontier.swap_remove(k);
                if let Some(&moved) = self.frontier.get(k) {
                    if let Some(moved_index) = Grid::index(moved) {
                        self.slot[moved_index] = k as u8 + 1;
                    }
                }
                self.slot[index] = 0;
                self.accepts[index] = 0;
            }
        }
        let accepts = steps_beside(step);
        for neighbour in cell.neighbours() {
            let Some(index) = Grid::index(neighbour) else {
                continue;
            };
            if self.grid.occupied(neighbour) {
                continue;
            }
            if self.accepts[index] == 0 {
                self.frontier.push(neighbour);
                self.slot[index] = self.frontier.len() as u8;
            }
            self.accepts[index] |= accepts;
        }
    }
}

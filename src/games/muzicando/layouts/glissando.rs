//! Glissando: horizontal rows, each started by one circled card. A row is a
//! run ascending left to right one note per step, wrapping (Si and Do may
//! touch); a card extends a row at either end (left: one note below the
//! leftmost; right: one above the rightmost). A new row starts with a
//! circled card placed directly above or below a card of the initial row
//! whose note is one step from it, in a line that holds no row yet: so
//! there are at most three rows, the initial one on line 0 and one each on
//! lines 1 and -1. With `glissando_rows=any` (the wider reading) a new row
//! may start above or below a card of any row, without limit.
//!
//! Rows stay stacked: a new row's line is empty, and the only empty lines
//! next to a row are just above the top row and just below the bottom one.

use super::{Cell, Grid};
use crate::games::muzicando::cards::{cards_of, cards_of_step, wrap_step, Card, CIRCLED};
use crate::games::muzicando::options::GlissandoRows;

/// The rows and the grid they lie on.
#[derive(Clone, Debug, Default)]
pub struct Rows {
    /// Where a new row may start.
    rule: GlissandoRows,
    /// Which card is where.
    pub grid: Grid,
    /// (leftmost x, rightmost x) of each row, indexed by line `y + 7`.
    spans: [(i8, i8); 15],
    /// The lowest and highest line holding a row (`None` on an empty table).
    lines: Option<(i8, i8)>,
}

impl Rows {
    /// An empty table whose new rows start as `rule` says.
    #[must_use]
    pub fn new(rule: GlissandoRows) -> Rows {
        Rows {
            rule,
            ..Rows::default()
        }
    }

    fn step_at(&self, x: i8, y: i8) -> u8 {
        self.grid
            .at(Cell::new(x, y))
            .and_then(Card::step)
            .unwrap_or_default()
    }

    /// Calls `f(step, cell)` for every (note step, empty cell) where a note
    /// of that step may go; circled-only cells (new rows) pass `circled`.
    fn openings(&self, f: &mut impl FnMut(u64, Cell)) {
        openings(
            &self.spans,
            self.lines,
            self.rule,
            |x, y| self.step_at(x, y),
            f,
        );
    }

    /// Notes that fit some row end, and circled notes that could start a row.
    #[must_use]
    pub fn playable_notes(&self) -> u64 {
        let mut mask = 0;
        self.openings(&mut |cards, _| mask |= cards);
        mask & !self.grid.cards
    }

    /// What [`Rows::playable_notes`] would give once `card` is placed at
    /// `cell`, read without placing it: the rule-based player weighs every
    /// placement this way, and a copy of the grid (9801 cells) per
    /// placement weighed was most of an inference's time.
    #[must_use]
    pub fn playable_notes_after(&self, card: Card, cell: Cell) -> u64 {
        let Some(step) = card.step() else {
            return self.playable_notes();
        };
        let mut spans = self.spans;
        let lines = grow(&mut spans, self.lines, cell);
        let step_at = |x: i8, y: i8| {
            if (x, y) == (cell.x, cell.y) {
                step
            } else {
                self.step_at(x, y)
            }
        };
        let mut mask = 0;
        openings(&spans, lines, self.rule, step_at, &mut |cards, _| {
            mask |= cards;
        });
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

    /// Places a note at a row end or as a new row's opener, or a symbol.
    pub fn place(&mut self, card: Card, cell: Cell) {
        if !card.is_note() {
            self.grid.put_symbol(card, cell);
            return;
        }
        self.grid.put(card, cell);
        self.lines = grow(&mut self.spans, self.lines, cell);
    }
}

/// A note placed at `cell`: its row's span grows to take it in, or it
/// starts a row; returns the lines holding a row after it.
fn grow(spans: &mut [(i8, i8); 15], lines: Option<(i8, i8)>, cell: Cell) -> Option<(i8, i8)> {
    let span = &mut spans[(cell.y + 7) as usize];
    match lines {
        Some((bottom, top)) if (bottom..=top).contains(&cell.y) => {
            span.0 = span.0.min(cell.x);
            span.1 = span.1.max(cell.x);
            lines
        }
        Some((bottom, top)) => {
            *span = (cell.x, cell.x);
            Some((bottom.min(cell.y), top.max(cell.y)))
        }
        None => {
            *span = (cell.x, cell.x);
            Some((cell.y, cell.y))
        }
    }
}

/// Calls `f(cards, cell)` for every empty cell where a note may go, with
/// the notes it takes (circled only where a new row would start, as `rule`
/// says), for rows spanning `spans` on `lines` whose cards' steps `step_at`
/// reads.
fn openings(
    spans: &[(i8, i8); 15],
    lines: Option<(i8, i8)>,
    rule: GlissandoRows,
    step_at: impl Fn(i8, i8) -> u8,
    f: &mut impl FnMut(u64, Cell),
) {
    let Some((bottom, top)) = lines else {
        f(CIRCLED, Cell::new(0, 0));
        return;
    };
    let span = |y: i8| spans[(y + 7) as usize];
    for y in bottom..=top {
        let (left, right) = span(y);
        f(
            cards_of_step(wrap_step(step_at(left, y), -1)),
            Cell::new(left - 1, y),
        );
        f(
            cards_of_step(wrap_step(step_at(right, y), 1)),
            Cell::new(right + 1, y),
        );
    }
    // The row a new row starts beside, and the new row's line: the initial
    // row (line 0) while line 1 or -1 is free, or (the wider reading) the
    // top and bottom rows.
    let starts = match rule {
        GlissandoRows::Initial => [(0, 1), (0, -1)],
        GlissandoRows::Any => [(top, top + 1), (bottom, bottom - 1)],
    };
    for (edge, new_line) in starts {
        if (bottom..=top).contains(&new_line) {
            continue;
        }
        let (left, right) = span(edge);
        for x in left..=right {
            let step = step_at(x, edge);
            let circled =
                CIRCLED & (cards_of_step(wrap_step(step, 1)) | cards_of_step(wrap_step(step, -1)));
            f(circled, Cell::new(x, new_line));
        }
    }
}

//! The board as the page draws it: every cell with its place and shade,
//! the men on it, the coordinates round the edge and a legend, built from
//! each game's own geometry. The page's script draws it in SVG and knows
//! nothing of any game: a hex or a square at `(x, y)` (y upwards, in cell
//! units), a figure or letter on it.

use serde::Serialize;

use crate::engine::Playable;
use crate::game::{Seat, TextBoard};

/// The shape of every cell of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// A flat-topped hexagon of circumradius 1, centred on its point.
    Hex,
    /// A unit square centred on its point.
    Square,
}

/// One cell of the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// Its name in the game's notation (`F14`, `e4`).
    pub name: String,
    /// Its centre, in cell units, x to the right.
    pub x: f64,
    /// Its centre, y upwards (White's side low).
    pub y: f64,
    /// Its colour class: 0 dark, 1 light, 2 the third colour of a hex board.
    pub shade: u8,
    /// A region it belongs to (`castle` for Camelot's castles), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<&'static str>,
}

/// A man on a cell.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Man {
    /// The cell's name.
    pub cell: String,
    /// The seat that owns it (0 White, 1 Black).
    pub side: Seat,
    /// The letter drawn on it (the game's notation letter).
    pub letter: char,
}

/// A coordinate written beside the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Label {
    /// The text (`F`, `14`).
    pub text: String,
    /// Where, in the cells' units.
    pub x: f64,
    /// Where, y upwards.
    pub y: f64,
}

/// What a letter on the board stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LegendEntry {
    /// The letter.
    pub letter: char,
    /// The man's name.
    pub name: &'static str,
    /// The figure the page draws for it (`web/figures.js`): `king`,
    /// `queen`, `rook`, `bishop`, `knight`, `pawn`, `elephant`, `wyvern`,
    /// `pegasus` or `man`.
    pub figure: &'static str,
    /// How it moves, in a few words.
    pub moves: &'static str,
}

/// A drawing of one position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Picture {
    /// The shape of the cells.
    pub shape: Shape,
    /// Every cell.
    pub cells: Vec<Cell>,
    /// Every man.
    pub men: Vec<Man>,
    /// The coordinates round the edge.
    pub labels: Vec<Label>,
    /// The letters used, explained.
    pub legend: &'static [LegendEntry],
    /// The cell of a King in check, if one is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
    /// Lines shown beside the board (the card being carried out), empty
    /// for the board games.
    pub notes: Vec<String>,
    /// The cards on the table, for a game played with cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<CardTable>,
}

/// A card as the page draws it: a face with its name, an icon and its
/// rule in one line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardFace {
    /// Its name in words (`Choose two`, `Swap`).
    pub name: String,
    /// The icon drawn on it (`web/cards.js`): `move`, `choose`, `swap`,
    /// `lose`, `remove`, `bomb`, `recover`, `veto`, `objective`, `effect`
    /// or `wildcard`.
    pub icon: &'static str,
    /// The figures of the men it names, if any (`knight`).
    pub figures: Vec<&'static str>,
    /// What it does, in one line.
    pub rule: String,
}

/// The cards one side holds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HeldCards {
    /// The side, in words (`White`).
    pub side: &'static str,
    /// The seat.
    pub seat: Seat,
    /// The cards.
    pub cards: Vec<CardFace>,
}

/// The cards on the table: the one being carried out, the effect in
/// force, the hands and the piles.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardTable {
    /// The card being carried out, if one is.
    pub in_play: Option<CardFace>,
    /// The lasting effect in force and the side it favours, if any.
    pub effect: Option<(CardFace, &'static str)>,
    /// What each side holds.
    pub held: Vec<HeldCards>,
    /// Cards left in the pile.
    pub pile: u32,
    /// Cards on the discard.
    pub discard: u32,
}

/// A game the page can draw and play by clicks.
pub trait Pictured: Playable + TextBoard {
    /// The game's name as people write it (`C'escacs`, `Card chess`).
    const TITLE: &'static str;

    /// The drawing of this position.
    fn picture(&self) -> Picture;

    /// The cells a person clicks, in order, to play `action` (a legal
    /// action here): from and to for a move, every square of a Camelot
    /// path, the one square of a removal. Empty for an action played with
    /// a button (draw a card, veto, stop).
    fn action_cells(&self, action: Self::Action) -> Vec<String>;

    /// The words on the button or choice that plays `action` (a legal
    /// action here); by default its notation.
    fn action_label(&self, action: Self::Action) -> String {
        self.format_action(action)
    }

    /// How the game ended, in words (`checkmate: White wins`), once it has.
    fn ending_words(&self) -> Option<String>;

    /// The line that tells what `action`, played here by `seat` (`None`:
    /// chance), did; by default its notation.
    fn narrate(&self, _seat: Option<Seat>, action: Self::Action) -> String {
        self.format_action(action)
    }
}

/// The name White or Black of a seat of a two-seat board game.
#[must_use]
pub fn side_name(seat: Seat) -> &'static str {
    if seat == 0 {
        "White"
    } else {
        "Black"
    }
}

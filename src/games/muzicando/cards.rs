//! The 56-card deck: seven colours in rainbow order, each with the notes
//! Do..Si and one symbol card, and the compact names used in text.
//!
//! A card is a number `0..56`: `colour * 8 + rank`, where rank `0..7` is the
//! note Do..Si and rank 7 the colour's symbol. Sets of cards are `u64` masks
//! (bit `card`), so hands, the table and "what could be played now" are single
//! words.

use std::fmt;

/// Number of cards in the deck.
pub const DECK_SIZE: usize = 56;
/// Number of colours (and of notes per colour).
pub const COLOURS: u8 = 7;
/// Every card of the deck as a mask.
pub const ALL_CARDS: u64 = (1 << DECK_SIZE) - 1;

/// Colour letters in rainbow order: red, orange, yellow, green, blue, purple, violet.
pub const COLOUR_LETTERS: [char; 7] = ['R', 'O', 'Y', 'G', 'B', 'P', 'V'];
/// Note names, Do = step 0 .. Si = step 6.
pub const NOTE_NAMES: [&str; 7] = ["Do", "Re", "Mi", "Fa", "Sol", "La", "Si"];

/// The four kinds of symbol card and what they skip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    /// ♯ (red, orange): the next player is skipped.
    Sharp,
    /// ♮ (yellow, green): the next and the previous player are skipped.
    Natural,
    /// ♭ (blue, purple): the previous player is skipped.
    Flat,
    /// Pause (violet): every other player is skipped.
    Pause,
}

impl Symbol {
    /// The name used in card names (`R-#`, `Y-nat`, `B-b`, `V-pause`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Symbol::Sharp => "#",
            Symbol::Natural => "nat",
            Symbol::Flat => "b",
            Symbol::Pause => "pause",
        }
    }
}

/// One card of the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card with this index (`0..56`), if it exists.
    #[must_use]
    pub fn from_index(index: u8) -> Option<Card> {
        (usize::from(index) < DECK_SIZE).then_some(Card(index))
    }

    /// The note card of `colour` (`0..7`) and step `note` (`0..7`).
    #[must_use]
    pub fn note(colour: u8, note: u8) -> Card {
        debug_assert!(colour < COLOURS && note < 7);
        Card(colour * 8 + note)
    }

    /// The symbol card of `colour`.
    #[must_use]
    pub fn symbol(colour: u8) -> Card {
        debug_assert!(colour < COLOURS);
        Card(colour * 8 + 7)
    }

    /// The card's index `0..56`.
    #[must_use]
    pub fn index(self) -> u8 {
        self.0
    }

    /// The card as a one-bit mask.
    #[must_use]
    pub fn bit(self) -> u64 {
        1 << self.0
    }

    /// The colour, 0 = red .. 6 = violet.
    #[must_use]
    pub fn colour(self) -> u8 {
        self.0 / 8
    }

    /// The note step Do = 0 .. Si = 6, or `None` for a symbol card.
    #[must_use]
    pub fn step(self) -> Option<u8> {
        let rank = self.0 % 8;
        (rank < 7).then_some(rank)
    }

    /// Whether this is a note card (not a symbol).
    #[must_use]
    pub fn is_note(self) -> bool {
        self.0 % 8 < 7
    }

    /// The symbol kind of a symbol card, `None` for a note.
    #[must_use]
    pub fn symbol_kind(self) -> Option<Symbol> {
        if self.is_note() {
            return None;
        }
        Some(match self.colour() {
            0 | 1 => Symbol::Sharp,
            2 | 3 => Symbol::Natural,
            4 | 5 => Symbol::Flat,
            _ => Symbol::Pause,
        })
    }

    /// Whether the note is circled (an ancient instrument): colour `c` has
    /// note `c` circled.
    #[must_use]
    pub fn is_circled(self) -> bool {
        self.step() == Some(self.colour())
    }

    /// Parses a spec name such as `R-Do`, `V-Si`, `R-#`, `Y-nat`, `B-b`,
    /// `V-pause` (case-insensitive).
    #[must_use]
    pub fn parse(text: &str) -> Option<Card> {
        let (colour, rest) = text.split_once('-')?;
        let mut letters = colour.chars();
        let letter = letters.next()?.to_ascii_uppercase();
        if letters.next().is_some() {
            return None;
        }
        let colour = COLOUR_LETTERS.iter().position(|&c| c == letter)? as u8;
        if let Some(step) = NOTE_NAMES.iter().position(|n| n.eq_ignore_ascii_case(rest)) {
            return Some(Card::note(colour, step as u8));
        }
        let symbol = Card::symbol(colour);
        let kind = symbol.symbol_kind()?;
        kind.name().eq_ignore_ascii_case(rest).then_some(symbol)
    }

    /// The two-character code used in position strings: colour letter and
    /// `1`..`7` for Do..Si or `x` for the symbol (`R1` = R-Do, `Vx` = V-pause).
    #[must_use]
    pub fn code(self) -> [char; 2] {
        let rank = self.0 % 8;
        let second = if rank < 7 {
            char::from(b'1' + rank)
        } else {
            'x'
        };
        [COLOUR_LETTERS[usize::from(self.colour())], second]
    }

    /// Reads a two-character code (see [`Card::code`]).
    #[must_use]
    pub fn from_code(first: char, second: char) -> Option<Card> {
        let colour = COLOUR_LETTERS.iter().position(|&c| c == first)? as u8;
        match second {
            '1'..='7' => Some(Card::note(colour, second as u8 - b'1')),
            'x' => Some(Card::symbol(colour)),
            _ => None,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = COLOUR_LETTERS[usize::from(self.colour())];
        match (self.step(), self.symbol_kind()) {
            (Some(step), _) => write!(f, "{letter}-{}", NOTE_NAMES[usize::from(step)]),
            (None, Some(kind)) => write!(f, "{letter}-{}", kind.name()),
            (None, None) => unreachable!("a card is a note or a symbol"),
        }
    }
}

/// Iterates the cards of a mask in index order.
pub fn cards_of(mut mask: u64) -> impl Iterator<Item = Card> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let index = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(Card(index))
    })
}

/// All note cards (no symbols).
pub const NOTE_CARDS: u64 = {
    let mut mask = 0u64;
    let mut colour = 0;
    while colour < 7 {
        mask |= 0x7f << (colour * 8);
        colour += 1;
    }
    mask
};

/// All symbol cards.
pub const SYMBOL_CARDS: u64 = ALL_CARDS & !NOTE_CARDS;

/// The seven note cards of one step (all colours), e.g. every Do.
#[must_use]
pub fn cards_of_step(step: u8) -> u64 {
    0x0001_0101_0101_0101_u64 << step
}

/// The seven circled notes (red Do, orange Re, …, violet Si).
pub const CIRCLED: u64 = {
    let mut mask = 0u64;
    let mut colour = 0;
    while colour < 7 {
        mask |= 1 << (colour * 9);
        colour += 1;
    }
    mask
};

/// Steps apart on the wrapping scale Do..Si (Si and Do are one step apart).
#[must_use]
pub fn wrap_step(step: u8, delta: i8) -> u8 {
    (i16::from(step) + i16::from(delta)).rem_euclid(7) as u8
}

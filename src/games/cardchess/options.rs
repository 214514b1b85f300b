//! The rules options of card chess (§1–§3 of the spec), settable as
//! `KEY=VALUE`.

use std::sync::Arc;

use crate::game::{parse_flag as flag, GameOptions, OptionError};

use super::deck::Deck;

/// What a bomb removes (`bomb=standard|cruel|fierce|mad`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum BombRule {
    /// One rival piece (not the king) from the zone.
    #[default]
    Standard,
    /// As standard; with no rival piece in the zone, one of one's own.
    Cruel,
    /// Every rival piece in the zone.
    Fierce,
    /// Every piece in the zone, both colours, kings excepted.
    Mad,
}

/// Card chess options.
#[derive(Clone, Debug, PartialEq)]
pub struct CardChessOptions {
    /// `cards=on|off`: off is plain chess under the FIDE Laws.
    pub cards: bool,
    /// `deck=default|basic|TEXT|PATH`: the deck in play (see [`deck_value`]).
    pub deck: Arc<Deck>,
    /// `first_edition=true`: a card that cannot be carried out loses the
    /// turn instead of allowing a free move.
    pub first_edition: bool,
    /// `mandatory_card=true`: a card must be drawn every turn.
    pub mandatory_card: bool,
    /// `king_capture=true`: one's king may be left attacked and capturing
    /// the king wins.
    pub king_capture: bool,
    /// `bomb=standard|cruel|fierce|mad`.
    pub bomb: BombRule,
    /// `free_setup=true`: positions that cannot arise in a game (a side
    /// without its king, more men or promoted pieces than an army has, the
    /// side not to move in check) are accepted as given.
    pub free_setup: bool,
    /// `chess960=true`: Chess960 castling (any start arrangement, castling
    /// written as the king taking its rook), for plain chess over UCI.
    pub chess960: bool,
}

impl Default for CardChessOptions {
    fn default() -> Self {
        CardChessOptions {
            cards: true,
            deck: Arc::new(Deck::default_deck()),
            first_edition: false,
            mandatory_card: false,
            king_capture: false,
            bomb: BombRule::Standard,
            free_setup: false,
            chess960: false,
        }
    }
}

const KEYS: &str =
    "cards, deck, first_edition, mandatory_card, king_capture, bomb, free_setup, chess960";
/// The longest deck text written inline in a `deck=` value, in bytes
/// (a deck of every distinct card the format allows fits many times over).
pub const MAX_INLINE_DECK: usize = 4096;

/// The deck a `deck=` value names: `default`, `basic`, the deck's text
/// inline (any value with a space in it: the deck file's lines joined by
/// `;`, as in `2 move P; 1 move N; 1 swap`), or a deck file's path. A path
/// is read through [`crate::user_files`], which the server's threads
/// refuse: over HTTP a deck is `default`, `basic` or its text.
fn deck_value(key: &str, value: &str) -> Result<Deck, OptionError> {
    let bad = |expected: String| OptionError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        expected,
    };
    let text = match value {
        "default" => return Ok(Deck::default_deck()),
        "basic" => return Ok(Deck::basic_deck()),
        inline if inline.contains(char::is_whitespace) => {
            if inline.len() > MAX_INLINE_DECK {
                return Err(bad(format!(
                    "a deck text of at most {MAX_INLINE_DECK} bytes"
                )));
            }
            inline.replace(';', "\n")
        }
        path => crate::user_files::read_to_string(std::path::Path::new(path)).map_err(|e| {
            bad(format!(
                "default, basic, the deck's lines joined by `;` or a readable deck file ({e})"
            ))
        })?,
    };
    Deck::parse(&text).map_err(|e| bad(format!("a valid deck ({e})")))
}

impl GameOptions for CardChessOptions {
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "cards" => self.cards = flag(key, value)?,
            "first_edition" => self.first_edition = flag(key, value)?,
            "mandatory_card" => self.mandatory_card = flag(key, value)?,
            "king_capture" => self.king_capture = flag(key, value)?,
            "free_setup" => self.free_setup = flag(key, value)?,
            "chess960" => self.chess960 = flag(key, value)?,
            "bomb" => {
                self.bomb = match value {
                    "standard" => BombRule::Standard,
                    "cruel" => BombRule::Cruel,
                    "fierce" => BombRule::Fierce,
                    "mad" => BombRule::Mad,
                    _ => {
                        return Err(OptionError::BadValue {
                            key: key.to_string(),
                            value: value.to_string(),
                            expected: "standard, cruel, fierce or mad".to_string(),
                        })
                    }
                }
            }
            "deck" => self.deck = Arc::new(deck_value(key, value)?),
            _ => {
                return Err(OptionError::UnknownKey {
                    key: key.to_string(),
                    known: KEYS.to_string(),
                })
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deck_is_named_or_written_inline() {
        let basic = CardChessOptions::from_pairs(["deck=basic"]).expect("basic");
        assert_eq!(*basic.deck, Deck::basic_deck());
        let inline =
            CardChessOptions::from_pairs(["deck=2 move P; 1 swap"]).expect("an inline deck");
        assert_eq!(inline.deck.total(), 3);
        let long = format!("deck={}", "1 move P;".repeat(MAX_INLINE_DECK / 8));
        let error = CardChessOptions::from_pairs([long.as_str()]).unwrap_err();
        assert!(error.to_string().contains("at most 4096 bytes"), "{error}");
        let error = CardChessOptions::from_pairs(["deck=2 move X"]).unwrap_err();
        assert!(error.to_string().contains("bad piece list"), "{error}");
    }
}

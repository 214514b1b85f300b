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
    /// `deck=default|basic|PATH`: the deck in play.
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
            "deck" => {
                let deck = match value {
                    "default" => Deck::default_deck(),
                    "basic" => Deck::basic_deck(),
                    path => {
                        let text = crate::user_files::read_to_string(std::path::Path::new(path))
                            .map_err(|e| OptionError::BadValue {
                                key: key.to_string(),
                                value: value.to_string(),
                                expected: format!("default, basic or a readable deck file ({e})"),
                            })?;
                        Deck::parse(&text).map_err(|e| OptionError::BadValue {
                            key: key.to_string(),
                            value: value.to_string(),
                            expected: format!("a valid deck file ({e})"),
                        })?
                    }
                };
                self.deck = Arc::new(deck);
            }
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

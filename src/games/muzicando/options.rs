//! The rules options of the spec: team or individual game, the pause
//! variant, the dealer, whether a hand stops once its score is decided, and
//! where a Glissando row may start.

use crate::game::{GameOptions, OptionError};

/// How long a pause lets its player go on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PauseRule {
    /// One extra turn (the spec's default).
    #[default]
    Once,
    /// The player plays on until he passes (`pause=until-pass`).
    UntilPass,
}

/// When a team hand ends besides everyone shedding or a full round of passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Finish {
    /// As soon as the team scores can no longer change: every player still in
    /// the hand is on one team (the spec's allowance, default).
    #[default]
    Decided,
    /// Play on until every player has shed or a full round passes.
    Full,
}

/// Where a new Glissando row may start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GlissandoRows {
    /// Above or below a card of the initial row (the rulebook's words, the
    /// default): at most three rows.
    #[default]
    Initial,
    /// Above the top row or below the bottom row, by any of its cards
    /// (`glissando_rows=any`, the wider reading): rows without limit.
    Any,
}

/// The Muzicando rules options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// `None` for the team game (4 seats, two teams); `Some(k)` for the
    /// individual game with `k` players, 2..=8 (`players=team` / `players=k`).
    pub individual: Option<u8>,
    /// `pause=once` (default) or `pause=until-pass`.
    pub pause: PauseRule,
    /// `dealer=k`: the seat that deals this hand (default 0).
    pub dealer: u8,
    /// `finish=decided` (default) or `finish=full`.
    pub finish: Finish,
    /// `glissando_rows=initial` (default) or `glissando_rows=any`.
    pub glissando_rows: GlissandoRows,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            individual: None,
            pause: PauseRule::Once,
            dealer: 0,
            finish: Finish::Decided,
            glissando_rows: GlissandoRows::Initial,
        }
    }
}

impl Options {
    /// The number of seats: 4 in the team game, else the player count.
    #[must_use]
    pub fn seats(&self) -> u8 {
        self.individual.unwrap_or(4)
    }
}

impl GameOptions for Options {
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let bad = |expected: &str| OptionError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        };
        match key {
            "players" => {
                self.individual = match value {
                    "team" => None,
                    _ => match value.parse::<u8>() {
                        Ok(k) if (2..=8).contains(&k) => Some(k),
                        _ => return Err(bad("`team` or a player count 2..8")),
                    },
                };
                if self.dealer >= self.seats() {
                    self.dealer = 0;
                }
            }
            "pause" => {
                self.pause = match value {
                    "once" => PauseRule::Once,
                    "until-pass" => PauseRule::UntilPass,
                    _ => return Err(bad("`once` or `until-pass`")),
                }
            }
            "dealer" => match value.parse::<u8>() {
                Ok(d) if d < self.seats() => self.dealer = d,
                _ => return Err(bad("a seat number below the number of players")),
            },
            "finish" => {
                self.finish = match value {
                    "decided" => Finish::Decided,
                    "full" => Finish::Full,
                    _ => return Err(bad("`decided` or `full`")),
                }
            }
            "glissando_rows" => {
                self.glissando_rows = match value {
                    "initial" => GlissandoRows::Initial,
                    "any" => GlissandoRows::Any,
                    _ => return Err(bad("`initial` or `any`")),
                }
            }
            _ => {
                return Err(OptionError::UnknownKey {
                    key: key.to_string(),
                    known: "players, pause, dealer, finish, glissando_rows".to_string(),
                })
            }
        }
        Ok(())
    }
}

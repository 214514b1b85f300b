//! The team game's auction: bids of a level 1–4 and a type, ranked
//! 1S < 1G < 1P < 1M < 2S < … < 4M; a call is a higher bid or a pass, and a
//! player who passed may bid again later. Three passes in a row after a bid
//! end it, as does a 4M bid; if the first four calls are passes, the first
//! player served must name a contract, which ends it.

use std::fmt;

use super::layouts::GameType;

/// A bid: level and game type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bid {
    /// Rank 0..16: `(level - 1) * 4 + type`.
    rank: u8,
}

impl Bid {
    /// The top bid, 4M, which ends the auction at once.
    pub const TOP: Bid = Bid { rank: 15 };

    /// The bid of a level (1..=4) and type.
    #[must_use]
    pub fn new(level: u8, game_type: GameType) -> Option<Bid> {
        (1..=4).contains(&level).then(|| Bid {
            rank: (level - 1) * 4 + game_type as u8,
        })
    }

    /// Every bid in rank order.
    pub fn all() -> impl Iterator<Item = Bid> {
        (0..16).map(|rank| Bid { rank })
    }

    /// The rank 0..16.
    #[must_use]
    pub fn rank(self) -> u8 {
        self.rank
    }

    /// The level 1..=4.
    #[must_use]
    pub fn level(self) -> u8 {
        self.rank / 4 + 1
    }

    /// The game type.
    #[must_use]
    pub fn game_type(self) -> GameType {
        GameType::ALL[usize::from(self.rank % 4)]
    }

    /// The contract value V = level + type value (2..=8).
    #[must_use]
    pub fn value(self) -> i32 {
        i32::from(self.level()) + self.game_type().value()
    }

    /// Reads `1S` … `4M` (type letter case-insensitive).
    #[must_use]
    pub fn parse(text: &str) -> Option<Bid> {
        let mut chars = text.chars();
        let level = chars.next()?.to_digit(10)? as u8;
        let game_type = GameType::from_letter(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Bid::new(level, game_type)
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level(), self.game_type().letter())
    }
}

/// The auction so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Auction {
    /// The highest bid and its bidder.
    pub high: Option<(Bid, u8)>,
    /// Passes since the last bid (or since the start).
    pub passes: u8,
    /// Whether four passes opened the auction, so the first player served
    /// must name a contract.
    pub forced: bool,
}

/// How a call left the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallResult {
    /// The next player calls.
    Continue,
    /// The auction is over: the contract and its declarer.
    Contract(Bid, u8),
}

impl Auction {
    /// The legal calls: every bid above the highest and a pass, or every bid
    /// (no pass) when the contract is forced.
    pub fn legal_calls(&self, mut f: impl FnMut(Option<Bid>)) {
        if !self.forced {
            f(None);
        }
        let floor = self.high.map_or(0, |(bid, _)| bid.rank + 1);
        for bid in Bid::all().filter(|b| b.rank >= floor) {
            f(Some(bid));
        }
    }

    /// Whether a call is legal now.
    #[must_use]
    pub fn is_legal(&self, call: Option<Bid>) -> bool {
        match call {
            None => !self.forced,
            Some(bid) => self.high.is_none_or(|(high, _)| bid > high),
        }
    }

    /// Records a legal call by `seat`.
    pub fn call(&mut self, seat: u8, call: Option<Bid>) -> CallResult {
        match call {
            Some(bid) => {
                self.high = Some((bid, seat));
                self.passes = 0;
                if bid == Bid::TOP || self.forced {
                    return CallResult::Contract(bid, seat);
                }
            }
            None => {
                self.passes += 1;
                match self.high {
                    Some((bid, bidder)) if self.passes == 3 => {
                        return CallResult::Contract(bid, bidder)
                    }
                    None if self.passes == 4 => self.forced = true,
                    _ => {}
                }
            }
        }
        CallResult::Continue
    }
}

impl super::Muzicando {
    /// Records a call of the player to move and, when the auction ends,
    /// fixes the contract and lets the declarer play first.
    pub(super) fn call(&mut self, call: Option<Bid>) {
        let seat = self.to_move;
        match self.auction.call(seat, call) {
            CallResult::Continue => self.to_move = self.next_seat(seat),
            CallResult::Contract(bid, declarer) => {
                self.contract = Some(super::Contract {
                    bid: Some(bid),
                    game_type: bid.game_type(),
                    declarer,
                });
                self.start_play(bid.game_type(), declarer);
            }
        }
    }
}

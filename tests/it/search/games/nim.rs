//! "Bonus Nim", a game whose turns do not alternate: take 1 to 3 stones from
//! one pile; whoever empties a pile (with stones left elsewhere) moves again;
//! whoever takes the last stone wins. Options add a third seat
//! (`seats=3`) or a coin flip at a given ply (`chance_at=N`), which the
//! alpha-beta searcher must refuse.

use tauler::game::{Game, GameOptions, Notation, OptionError, Returns, Seat, Turn};

use super::{zobrist, BadText};

/// The rules' options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimOptions {
    /// Starting piles.
    pub piles: [u8; 3],
    /// Players, 2 or 3.
    pub seats: usize,
    /// A coin is flipped (chance node) before this ply, if set.
    pub chance_at: Option<u32>,
}

impl Default for NimOptions {
    fn default() -> Self {
        Self {
            piles: [3, 4, 5],
            seats: 2,
            chance_at: None,
        }
    }
}

impl GameOptions for NimOptions {
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let bad = |expected: &str| OptionError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        };
        match key {
            "piles" => {
                let piles: Vec<u8> = value
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, _>>()
                    .map_err(|_| bad("three counts"))?;
                self.piles = piles.try_into().map_err(|_| bad("three counts"))?;
            }
            "seats" => {
                self.seats = value
                    .parse()
                    .ok()
                    .filter(|&n| n == 2 || n == 3)
                    .ok_or_else(|| bad("2 or 3"))?
            }
            "chance_at" => self.chance_at = Some(value.parse().map_err(|_| bad("a ply"))?),
            _ => {
                return Err(OptionError::UnknownKey {
                    key: key.to_string(),
                    known: "piles, seats, chance_at".to_string(),
                })
            }
        }
        Ok(())
    }
}

/// The coin's two outcomes: the mover keeps the turn, or passes it.
const COIN_KEEP: u8 = 100;
const COIN_PASS: u8 = 101;

/// A state: piles, seat to move, plies played, and who took last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    piles: [u8; 3],
    to_move: Seat,
    ply: u32,
    last_taker: Seat,
    options: NimOptions,
}

impl Nim {
    fn coin_due(&self) -> bool {
        self.options.chance_at == Some(self.ply)
    }
}

impl Game for Nim {
    /// `pile * 4 + stones` for a take; 100/101 for the coin.
    type Action = u8;
    type Options = NimOptions;
    const NAME: &'static str = "nim";

    fn new(options: &NimOptions) -> Self {
        Self {
            piles: options.piles,
            to_move: 0,
            ply: 0,
            last_taker: 0,
            options: options.clone(),
        }
    }

    fn options(&self) -> &NimOptions {
        &self.options
    }

    fn seats(&self) -> usize {
        self.options.seats
    }

    fn turn(&self) -> Turn {
        if self.piles.iter().all(|&pile| pile == 0) {
            Turn::Terminal
        } else if self.coin_due() {
            Turn::Chance
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_actions(&self, out: &mut Vec<u8>) {
        out.clear();
        if matches!(self.turn(), Turn::Player(_)) {
            for (pile, &stones) in self.piles.iter().enumerate() {
                out.extend((1..=stones.min(3)).map(|take| pile as u8 * 4 + take));
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(u8, f64)>) {
        out.clear();
        if self.turn() == Turn::Chance {
            out.extend([(COIN_KEEP, 0.5), (COIN_PASS, 0.5)]);
        }
    }

    fn apply(&mut self, action: u8) {
        self.ply += 1;
        match action {
            COIN_KEEP => {}
            COIN_PASS => self.to_move = (self.to_move + 1) % self.options.seats,
            _ => {
                let pile = usize::from(action / 4);
                self.piles[pile] -= action % 4;
                self.last_taker = self.to_move;
                let bonus = self.piles[pile] == 0;
                if !bonus {
                    self.to_move = (self.to_move + 1) % self.options.seats;
                }
            }
        }
    }

    fn returns(&self) -> Option<Returns> {
        (self.turn() == Turn::Terminal).then(|| {
            (0..self.options.seats)
                .map(|seat| if seat == self.last_taker { 1.0 } else { 0.0 })
                .collect()
        })
    }

    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash =
            zobrist(500 + self.to_move as u64) ^ if self.coin_due() { zobrist(600) } else { 0 };
        for (pile, &stones) in self.piles.iter().enumerate() {
            hash ^= zobrist(pile as u64 * 64 + u64::from(stones));
        }
        hash
    }
}

impl Notation for Nim {
    type ParseError = BadText;

    /// `P:S`: take S stones from pile P (1-based).
    fn parse_action(&self, text: &str) -> Result<u8, BadText> {
        let bad = || BadText(text.to_string());
        let (pile, take) = text.split_once(':').ok_or_else(bad)?;
        let pile: u8 = pile.parse().map_err(|_| bad())?;
        let take: u8 = take.parse().map_err(|_| bad())?;
        let action = pile
            .checked_sub(1)
            .ok_or_else(bad)?
            .checked_mul(4)
            .ok_or_else(bad)?
            .checked_add(take)
            .ok_or_else(bad)?;
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        legal.contains(&action).then_some(action).ok_or_else(bad)
    }

    fn format_action(&self, action: u8) -> String {
        format!("{}:{}", action / 4 + 1, action % 4)
    }

    /// `A,B,C S`: the piles and the seat to move.
    fn parse_position(text: &str, options: &NimOptions) -> Result<Self, BadText> {
        let bad = || BadText(text.to_string());
        let (piles, seat) = text.split_once(' ').ok_or_else(bad)?;
        let mut with_piles = options.clone();
        with_piles.set("piles", piles).map_err(|_| bad())?;
        let mut state = Self::new(&with_piles);
        state.to_move = seat
            .parse()
            .ok()
            .filter(|&seat| seat < options.seats)
            .ok_or_else(bad)?;
        Ok(state)
    }

    fn format_position(&self) -> String {
        let [a, b, c] = self.piles;
        format!("{a},{b},{c} {}", self.to_move)
    }
}

//! Text: action names, the position string, and readable game records.
//!
//! **Actions** (as `format_action` writes them): a dealt or drawn card
//! `+R-Do`; a bid `1S` … `4M`; `pass`; the individual game's choice of type
//! `S`, `G`, `P` or `M`; a placement by the card's spec name, with its cell
//! when the player chooses it (Glissando, Sarabanda): `R-Re@1,-2`. In
//! Muzicando and Parada the cell is implied (`R-Re`), and may be given.
//!
//! **Position string**: `D/DEAL/ACTIONS`, the whole hand so far, so it
//! round-trips everything, hidden hands and the public history included:
//! - `D` the dealer's seat;
//! - `DEAL` the dealt cards in deal order, two characters each (colour
//!   letter `ROYGBPV`, then `1`..`7` for Do..Si or `x` for the symbol: `R1`
//!   is R-Do, `Vx` V-pause); the first card goes to the player after the
//!   dealer, and so on round the table;
//! - `ACTIONS` the actions after the deal, space-separated: a bid `2M`, a
//!   pass `-`, a choice of type `=M`, a placement `R2` or `R2@1,-2`, a drawn
//!   card `+R2`.
//!
//! The table for the game type and the rules options come from the options
//! given with the string. `seed:N` is short for the hand right after the
//! seeded deal N ([`Muzicando::seeded_deal`]), optionally followed by
//! actions in the same compact code, e.g.
//! `tauler perft muzicando --position "seed:7 1M - - -" --depth 6`
//! (or `--position seed:7 --moves "1M pass pass pass"`).

use std::fmt::Write as _;

use thiserror::Error;

use super::auction::Bid;
use super::cards::{cards_of, Card};
use super::layouts::{Cell, GameType};
use super::{Action, Game, Muzicando, Options, Phase};
use crate::game::{Notation, Turn};

/// Why a Muzicando action or position text was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Nothing was given.
    #[error("empty text")]
    Empty,
    /// A card name or code that names no card.
    #[error("`{0}` is not a card")]
    UnknownCard(String),
    /// A cell that is not `X,Y` with small integers.
    #[error("`{0}` is not a cell (expected X,Y)")]
    BadCell(String),
    /// Text that is no action at all.
    #[error("`{0}` is not an action")]
    UnknownAction(String),
    /// A well-formed action that is not legal here.
    #[error("`{text}` is not legal here: {reason}")]
    Illegal {
        /// The action text.
        text: String,
        /// Why not.
        reason: &'static str,
    },
    /// The position string does not have the three `/`-separated parts.
    #[error("position `{0}` is not DEALER/DEAL/ACTIONS or seed:N")]
    Shape(String),
    /// The dealer is not a seat.
    #[error("dealer `{0}` is not a seat of this game")]
    BadDealer(String),
    /// The seed of `seed:N` is not a number.
    #[error("seed `{0}` is not a number")]
    BadSeed(String),
    /// An action of the position string failed.
    #[error("position action {index} `{text}`: {source}")]
    InPosition {
        /// 1-based index among the deal cards and actions.
        index: usize,
        /// The action text.
        text: String,
        /// What was wrong.
        source: Box<ParseError>,
    },
}

fn parse_cell(text: &str) -> Result<Cell, ParseError> {
    let bad = || ParseError::BadCell(text.to_string());
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: i8 = x.trim().parse().map_err(|_| bad())?;
    let y: i8 = y.trim().parse().map_err(|_| bad())?;
    Ok(Cell::new(x, y))
}

fn card_from_code(code: &str) -> Result<Card, ParseError> {
    let mut chars = code.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(a), Some(b), None) => Card::from_code(a, b),
        _ => None,
    }
    .ok_or_else(|| ParseError::UnknownCard(code.to_string()))
}

fn code_text(card: Card) -> String {
    card.code().iter().collect()
}

impl Muzicando {
    /// Checks that `action` is one of this state's legal actions or chance
    /// outcomes.
    fn check_legal(&self, action: Action, text: &str) -> Result<Action, ParseError> {
        let illegal = |reason| ParseError::Illegal {
            text: text.to_string(),
            reason,
        };
        let legal = match self.turn() {
            Turn::Terminal => return Err(illegal("the hand is over")),
            Turn::Chance => {
                let mut outcomes = Vec::new();
                self.chance_outcomes(&mut outcomes);
                outcomes.iter().any(|&(a, _)| a == action)
            }
            Turn::Player(_) => {
                let mut actions = Vec::new();
                self.legal_actions(&mut actions);
                actions.contains(&action)
            }
        };
        if legal {
            return Ok(action);
        }
        Err(illegal(match (self.phase, action) {
            (Phase::Deal | Phase::Draw, _) => "the card is not in the deck",
            (Phase::Auction, Action::Bid(_)) => "a bid must be higher than the last one",
            (Phase::Auction, Action::Pass) => "the first player served must name a contract",
            (Phase::Auction, _) => "the auction expects a bid or a pass",
            (Phase::Choose, _) => "the player must choose a game type",
            (Phase::Play, Action::Pass) => "a note can be placed",
            (Phase::Play, Action::Place(card, _))
                if self.hands[usize::from(self.to_move)] & card.bit() == 0 =>
            {
                "the player does not hold that card"
            }
            (Phase::Play, Action::Place(..)) => "the card does not fit there",
            _ => "not an action of this phase",
        }))
    }

    /// The placement named by `card` and an optional cell, the cell implied
    /// by the layout when not given.
    fn placement(&self, card: Card, cell: Option<Cell>, text: &str) -> Result<Action, ParseError> {
        let cell = match (cell, self.table.implied_cell(card)) {
            (Some(cell), _) | (None, Some(cell)) => cell,
            (None, None) => {
                return Err(ParseError::Illegal {
                    text: text.to_string(),
                    reason: "this layout needs a cell (CARD@X,Y)",
                })
            }
        };
        Ok(Action::Place(card, cell))
    }

    /// Reads an action in the compact code of the position string.
    fn parse_code(&self, text: &str) -> Result<Action, ParseError> {
        let action = if text == "-" {
            Action::Pass
        } else if let Some(card) = text.strip_prefix('+') {
            let card = card_from_code(card)?;
            if self.phase == Phase::Draw {
                Action::Draw(card)
            } else {
                Action::Deal(card)
            }
        } else if let Some(letter) = text.strip_prefix('=') {
            let mut chars = letter.chars();
            match (chars.next().and_then(GameType::from_letter), chars.next()) {
                (Some(t), None) => Action::Choose(t),
                _ => return Err(ParseError::UnknownAction(text.to_string())),
            }
        } else if let Some(bid) = Bid::parse(text) {
            Action::Bid(bid)
        } else {
            let (card, cell) = match text.split_once('@') {
                Some((card, cell)) => (card, Some(parse_cell(cell)?)),
                None => (text, None),
            };
            self.placement(card_from_code(card)?, cell, text)?
        };
        self.check_legal(action, text)
    }

    /// Plays actions in compact code; an error names the action's 1-based
    /// index, counting from `first + 1`.
    fn apply_codes<'a>(
        &mut self,
        codes: impl Iterator<Item = &'a str>,
        first: usize,
    ) -> Result<(), ParseError> {
        for (index, code) in codes.enumerate() {
            let action = self.parse_code(code).map_err(|e| ParseError::InPosition {
                index: first + index + 1,
                text: code.to_string(),
                source: Box::new(e),
            })?;
            self.apply(action);
        }
        Ok(())
    }

    /// The compact code of an action (see the module docs).
    fn format_code(&self, action: Action) -> String {
        match action {
            Action::Deal(card) | Action::Draw(card) => format!("+{}", code_text(card)),
            Action::Bid(bid) => bid.to_string(),
            Action::Pass => "-".to_string(),
            Action::Choose(t) => format!("={}", t.letter()),
            Action::Place(card, cell) => {
                if self.table.implied_cell(card).is_some() {
                    code_text(card)
                } else {
                    format!("{}@{cell}", code_text(card))
                }
            }
        }
    }

    /// A readable record of the hand: the deal by seat, the calls, the plays
    /// with their cells, and the result.
    #[must_use]
    pub fn record(&self) -> String {
        let mut dealt: Vec<Vec<Card>> = vec![Vec::new(); usize::from(self.seats)];
        let mut out = String::new();
        let mut lines = Vec::new();
        for &(seat, action) in &self.history {
            match action {
                Action::Deal(card) => dealt[usize::from(seat)].push(card),
                _ => lines.push(format!("{seat}: {}", self.format_action(action))),
            }
        }
        let _ = writeln!(out, "dealer {}", self.options.dealer);
        for (seat, cards) in dealt.iter().enumerate() {
            let names: Vec<String> = cards.iter().map(ToString::to_string).collect();
            let _ = writeln!(out, "seat {seat} dealt: {}", names.join(" "));
        }
        for line in lines {
            let _ = writeln!(out, "{line}");
        }
        if let Some(points) = self.points() {
            let ranking: Vec<String> = self.ranking.iter().map(ToString::to_string).collect();
            let points: Vec<String> = points.iter().map(ToString::to_string).collect();
            let _ = writeln!(
                out,
                "ranking {} points {}",
                ranking.join(" "),
                points.join(" ")
            );
        }
        out
    }
}

impl Notation for Muzicando {
    type ParseError = ParseError;

    fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::Empty);
        }
        let action = if text.eq_ignore_ascii_case("pass") {
            Action::Pass
        } else if let Some(card) = text.strip_prefix('+') {
            let card =
                Card::parse(card).ok_or_else(|| ParseError::UnknownCard(card.to_string()))?;
            if self.phase == Phase::Draw {
                Action::Draw(card)
            } else {
                Action::Deal(card)
            }
        } else if let Some(bid) = Bid::parse(text) {
            Action::Bid(bid)
        } else if let Some(t) = GameType::ALL.into_iter().find(|t| {
            text.eq_ignore_ascii_case(&t.letter().to_string())
                || text.eq_ignore_ascii_case(&t.to_string())
        }) {
            Action::Choose(t)
        } else {
            let (name, cell) = match text.split_once('@') {
                Some((name, cell)) => (name, Some(parse_cell(cell)?)),
                None => (text, None),
            };
            let card =
                Card::parse(name).ok_or_else(|| ParseError::UnknownCard(name.to_string()))?;
            self.placement(card, cell, text)?
        };
        self.check_legal(action, text)
    }

    fn format_action(&self, action: Action) -> String {
        match action {
            Action::Deal(card) | Action::Draw(card) => format!("+{card}"),
            Action::Bid(bid) => bid.to_string(),
            Action::Pass => "pass".to_string(),
            Action::Choose(t) => t.letter().to_string(),
            Action::Place(card, cell) => {
                if self.table.implied_cell(card).is_some() {
                    card.to_string()
                } else {
                    format!("{card}@{cell}")
                }
            }
        }
    }

    fn parse_position(text: &str, options: &Options) -> Result<Self, ParseError> {
        let text = text.trim();
        if let Some(rest) = text.strip_prefix("seed:") {
            let mut words = rest.split_whitespace();
            let seed = words.next().unwrap_or_default();
            let seed: u64 = seed
                .parse()
                .map_err(|_| ParseError::BadSeed(seed.to_string()))?;
            let mut state = Muzicando::seeded_deal(options, seed);
            state.apply_codes(words, 0)?;
            return Ok(state);
        }
        let mut parts = text.splitn(3, '/');
        let (Some(dealer), Some(deal), Some(actions)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(ParseError::Shape(text.to_string()));
        };
        let mut options = *options;
        options.dealer = match dealer.trim().parse::<u8>() {
            Ok(d) if d < options.seats() => d,
            _ => return Err(ParseError::BadDealer(dealer.to_string())),
        };
        let mut state = Muzicando::new(&options);
        let deal: Vec<char> = deal.trim().chars().collect();
        if !deal.len().is_multiple_of(2) {
            return Err(ParseError::UnknownCard(deal.iter().collect()));
        }
        let deal: Vec<String> = deal
            .chunks(2)
            .map(|pair| format!("+{}{}", pair[0], pair[1]))
            .collect();
        state.apply_codes(deal.iter().map(String::as_str), 0)?;
        state.apply_codes(actions.split_whitespace(), deal.len())?;
        Ok(state)
    }

    fn format_position(&self) -> String {
        let mut deal = String::new();
        let mut actions = Vec::new();
        for &(_, action) in &self.history {
            match action {
                Action::Deal(card) => deal.extend(card.code()),
                _ => actions.push(self.format_code(action)),
            }
        }
        format!("{}/{deal}/{}", self.options.dealer, actions.join(" "))
    }
}

/// The cards of a mask by their spec names, space-separated.
#[must_use]
pub fn card_list(mask: u64) -> String {
    cards_of(mask)
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

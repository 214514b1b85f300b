//! One seat's view drawn for a terminal: the contract or the auction so far,
//! the table in its layout (piles, columns, rows or the free grid), every
//! seat's card count and the seat's own hand. Drawn from an [`Observation`]
//! alone, so a person at the table never sees what their seat may not.

use std::fmt::Write as _;

use super::auction::{Auction, CallResult};
use super::cards::{cards_of, Card, COLOUR_LETTERS, NOTE_NAMES, SYMBOL_CARDS};
use super::deal::cards_per_player;
use super::layouts::{Cell, Grid, Layout};
use super::observation::Observation;
use super::Action;

/// How a seat is named at a table seen from `me`: its number, and in the
/// team game its compass point and whether it is the partner.
#[must_use]
pub fn seat_label(seat: u8, me: u8, team_game: bool) -> String {
    let mut label = format!("seat {seat}");
    if team_game {
        let _ = write!(label, " ({})", ["N", "E", "S", "W"][usize::from(seat % 4)]);
    }
    if seat == me {
        label.push_str(" you");
    } else if team_game && seat % 2 == me % 2 {
        label.push_str(" partner");
    }
    label
}

/// The calls of the team game's auction so far, in order, with their
/// seats (`None` for a pass).
#[must_use]
pub fn auction_calls(observation: &Observation) -> Vec<(u8, Option<super::Bid>)> {
    let dealt = usize::from(cards_per_player(&observation.options))
        * usize::from(observation.options.seats());
    let mut auction = Auction::default();
    let mut calls = Vec::new();
    for &(seat, action) in observation.events.iter().skip(dealt) {
        let call = match action {
            Some(Action::Bid(bid)) => Some(bid),
            Some(Action::Pass) => None,
            _ => break,
        };
        calls.push((seat, call));
        if let CallResult::Contract(..) = auction.call(seat, call) {
            break;
        }
    }
    calls
}

/// The whole view of `observation`'s seat, as lines of text.
#[must_use]
pub fn draw(observation: &Observation) -> String {
    let view = observation.public_view();
    let me = observation.seat;
    let team_game = observation.options.individual.is_none();
    let mut out = String::new();
    match view.contract {
        Some(contract) => {
            let who = seat_label(contract.declarer, me, team_game);
            let _ = match contract.bid {
                Some(bid) => writeln!(
                    out,
                    "Contract {bid} ({}, value {}) by {who}",
                    contract.game_type,
                    bid.value()
                ),
                None => writeln!(out, "Game type {} chosen by {who}", contract.game_type),
            };
        }
        None if team_game => {
            let calls: Vec<String> = auction_calls(observation)
                .iter()
                .map(|&(seat, call)| {
                    format!(
                        "{seat}:{}",
                        call.map_or("pass".to_string(), |b| b.to_string())
                    )
                })
                .collect();
            let _ = writeln!(
                out,
                "Auction (dealer seat {}): {}",
                observation.options.dealer,
                if calls.is_empty() {
                    "no calls yet".to_string()
                } else {
                    calls.join(" ")
                }
            );
        }
        None => {}
    }
    if view.contract.is_some() {
        out.push_str(&draw_table(&view.table));
    }
    let counts: Vec<String> = observation
        .hand_sizes
        .iter()
        .enumerate()
        .map(|(seat, &n)| format!("{}: {n}", seat_label(seat as u8, me, team_game)))
        .collect();
    let _ = writeln!(out, "Cards held: {}", counts.join(", "));
    if !team_game {
        let _ = writeln!(out, "Stock: {} cards", observation.stock_size);
    }
    let _ = writeln!(out, "Your hand: {}", hand_text(observation.hand));
    out
}

/// A hand grouped by colour: `R: Do Mi #  O: Re …`.
#[must_use]
pub fn hand_text(hand: u64) -> String {
    if hand == 0 {
        return "(empty)".to_string();
    }
    let mut groups = Vec::new();
    for (colour, letter) in COLOUR_LETTERS.iter().enumerate() {
        let cards: Vec<String> = cards_of(hand & (0xff << (colour * 8)))
            .map(short_name)
            .collect();
        if !cards.is_empty() {
            groups.push(format!("{letter}: {}", cards.join(" ")));
        }
    }
    groups.join("  ")
}

/// A card's name without its colour: `Do`, `Sol`, `#`, `pause`.
fn short_name(card: Card) -> String {
    let full = card.to_string();
    full.split_once('-')
        .map_or(full.clone(), |(_, rest)| rest.to_string())
}

/// The table in its layout.
#[must_use]
pub fn draw_table(table: &Layout) -> String {
    let mut out = String::new();
    match table {
        Layout::Muzicando(piles) => {
            let _ = writeln!(out, "Piles (each colour climbs Do→Si):");
            for (colour, letter) in COLOUR_LETTERS.iter().enumerate() {
                let height = usize::from(piles.heights[colour]);
                let notes = if height == 0 {
                    "not open (needs its Do)".to_string()
                } else {
                    let next = NOTE_NAMES
                        .get(height)
                        .map_or("complete".to_string(), |n| format!("next {n}"));
                    format!("{}  ({next})", NOTE_NAMES[..height].join(" "))
                };
                let symbol = symbol_mark(piles.cards, colour);
                let _ = writeln!(out, "  {letter} | {notes}{symbol}");
            }
        }
        Layout::Parada(columns) => {
            let _ = writeln!(
                out,
                "Columns (a colour's circled note opens it; grow up or down):"
            );
            let header: Vec<String> = COLOUR_LETTERS.iter().map(|l| format!("{l:^5}")).collect();
            let _ = writeln!(out, "       {}", header.join(""));
            for step in (0..7u8).rev() {
                let mut line = format!("  {:<4} ", NOTE_NAMES[usize::from(step)]);
                for colour in 0..7u8 {
                    let card = Card::note(colour, step);
                    let mark = if columns.cards & card.bit() != 0 {
                        NOTE_NAMES[usize::from(step)].to_string()
                    } else if card.is_circled() {
                        "(o)".to_string()
                    } else {
                        ".".to_string()
                    };
                    let _ = write!(line, "{mark:^5}");
                }
                let _ = writeln!(out, "{}", line.trim_end());
            }
            let symbols: Vec<String> = (0..7)
                .map(|c| format!("{:^5}", symbol_mark(columns.cards, c).trim()))
                .collect();
            let symbols = symbols.join("");
            if !symbols.trim().is_empty() {
                let _ = writeln!(out, "       {}", symbols.trim_end());
            }
            let _ = writeln!(out, "  (o) = the empty place of a column's opener");
        }
        Layout::Glissando(rows) => {
            let _ = writeln!(
                out,
                "Rows (ascending left to right, Si–Do wraps; cells X,Y):"
            );
            out.push_str(&draw_grid(&rows.grid));
        }
        Layout::Sarabanda(free) => {
            let _ = writeln!(
                out,
                "Grid (a note goes next to a note one step away; cells X,Y):"
            );
            out.push_str(&draw_grid(&free.grid));
        }
    }
    out
}

/// ` [#]` when the colour's symbol card is on the table.
fn symbol_mark(cards: u64, colour: usize) -> String {
    let symbol = Card::symbol(colour as u8);
    if cards & symbol.bit() != 0 {
        format!(" [{}]", short_name(symbol))
    } else {
        String::new()
    }
}

/// The cards of a grid layout with their coordinates, one empty cell of
/// margin around them; a note carrying a symbol is marked `*`.
fn draw_grid(grid: &Grid) -> String {
    let mut out = String::new();
    let notes: Vec<Cell> = cards_of(grid.cards & !SYMBOL_CARDS)
        .map(|c| grid.cell_of(c))
        .collect();
    if notes.is_empty() {
        let _ = writeln!(out, "  (empty: the first card goes at 0,0)");
        return out;
    }
    let min_x = notes.iter().map(|c| c.x).min().unwrap_or(0) - 1;
    let max_x = notes.iter().map(|c| c.x).max().unwrap_or(0) + 1;
    let min_y = notes.iter().map(|c| c.y).min().unwrap_or(0) - 1;
    let max_y = notes.iter().map(|c| c.y).max().unwrap_or(0) + 1;
    let header: Vec<String> = (min_x..=max_x).map(|x| format!("{x:^7}")).collect();
    let _ = writeln!(out, "  y\\x {}", header.join(""));
    for y in (min_y..=max_y).rev() {
        let mut line = format!("  {y:>3} ");
        for x in min_x..=max_x {
            let cell = Cell::new(x, y);
            let text = match grid.at(cell) {
                Some(card) => {
                    let carried = if grid.carriers & card.bit() != 0 {
                        "*"
                    } else {
                        ""
                    };
                    format!("{card}{carried}")
                }
                None => ".".to_string(),
            };
            let _ = write!(line, "{text:^7}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let symbols: Vec<String> = cards_of(grid.cards & SYMBOL_CARDS)
        .map(|s| format!("{s} on {}", grid.cell_of(s)))
        .collect();
    if !symbols.is_empty() {
        let _ = writeln!(out, "  symbols (*): {}", symbols.join(", "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, HiddenInfo, Turn};
    use crate::games::muzicando::{Muzicando, Options};

    /// Plays the first legal action until `stop` holds.
    fn advance(state: &mut Muzicando, stop: impl Fn(&Muzicando) -> bool) {
        let mut legal = Vec::new();
        while !stop(state) && matches!(state.turn(), Turn::Player(_)) {
            state.legal_actions(&mut legal);
            state.apply(legal[0]);
        }
    }

    #[test]
    fn the_view_shows_only_the_seats_own_hand() {
        let state = Muzicando::seeded_deal(&Options::default(), 4);
        let text = draw(&state.observation(1));
        assert!(text.contains(&format!("Your hand: {}", hand_text(state.hand(1)))));
        assert!(!text.contains(&hand_text(state.hand(0))));
        assert!(text.contains("no calls yet"), "{text}");
        assert!(text.contains("seat 3 (W) partner: 14"), "{text}");
    }

    #[test]
    fn every_layout_is_drawn_with_its_cards() {
        for (bid, marker) in [
            ("1M", "Piles"),
            ("1P", "Columns"),
            ("1G", "Rows"),
            ("1S", "Grid"),
        ] {
            let mut state = crate::game::Notation::parse_position(
                &format!("seed:2 {bid} - - -"),
                &Options::default(),
            )
            .expect("a position");
            advance(&mut state, |s| s.table().cards().count_ones() >= 6);
            let text = draw(&state.observation(0));
            assert!(text.contains(marker), "{text}");
            assert!(text.contains("Contract"), "{text}");
            let notes = state.table().cards() & !SYMBOL_CARDS;
            assert!(notes.count_ones() >= 5, "{bid}: {text}");
            for card in cards_of(notes) {
                let shown = match bid {
                    "1M" | "1P" => short_name(card),
                    _ => card.to_string(),
                };
                assert!(text.contains(&shown), "{bid}: {card} missing from\n{text}");
            }
        }
    }

    #[test]
    fn the_auction_so_far_is_listed() {
        let state: Muzicando =
            crate::game::Notation::parse_position("seed:3 - 1G", &Options::default())
                .expect("a position");
        let observation = state.observation(3);
        assert_eq!(auction_calls(&observation).len(), 2);
        assert!(draw(&observation).contains("1:pass 2:1G"));
        let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(1);
        let sampled = Muzicando::sample_world(&observation, &mut rng);
        assert_eq!(draw(&sampled.observation(3)), draw(&observation));
    }
}

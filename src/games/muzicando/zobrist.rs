//! Hashing: a Zobrist key per (card, where it lies) kept incrementally, and
//! the small rules state (phase, turn, auction, flags, places) mixed in when
//! the hash is read.
//!
//! Keys are computed by a fixed mixing function rather than stored, so they
//! cost no table and are the same in every run.

use super::cards::{cards_of, Card};
use super::layouts::{Cell, Layout};
use super::Muzicando;

/// SplitMix64's finalizer: a fixed bijective scramble of a 64-bit word.
#[must_use]
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The key of a card held by a seat.
#[must_use]
pub fn in_hand(card: Card, seat: u8) -> u64 {
    mix(u64::from(card.index()) << 8 | u64::from(seat))
}

/// The key of a card lying on a cell of the table.
#[must_use]
pub fn on_table(card: Card, cell: Cell) -> u64 {
    mix(1 << 40
        | u64::from(card.index()) << 16
        | u64::from(cell.x as u8) << 8
        | u64::from(cell.y as u8))
}

impl Muzicando {
    /// The card part of the hash, from the hands and the table.
    pub(super) fn card_hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for seat in 0..self.seats {
            for card in cards_of(self.hands[usize::from(seat)]) {
                hash ^= in_hand(card, seat);
            }
        }
        let table = &self.table;
        for card in cards_of(table.cards()) {
            hash ^= on_table(card, cell_on(table, card));
        }
        hash
    }

    /// The rest of the position: phase, turn, deal count, auction, contract,
    /// skip flags, who is in, passes, places.
    pub(super) fn rules_state_hash(&self) -> u64 {
        let auction = &self.auction;
        let high = auction.high.map_or(0xff, |(bid, seat)| {
            u64::from(bid.rank()) << 4 | u64::from(seat)
        });
        let contract = self.contract.map_or(0xfff, |c| {
            u64::from(c.bid.map_or(0xf, |b| b.rank())) << 8
                | (c.game_type as u64) << 4
                | u64::from(c.declarer)
        });
        let flags = u64::from(self.blocked)
            | u64::from(self.active) << 8
            | u64::from(self.passed) << 16
            | u64::from(self.to_move) << 24
            | (self.phase as u64) << 28
            | u64::from(self.dealt) << 32
            | u64::from(auction.passes) << 40
            | u64::from(auction.forced) << 44
            | u64::from(self.pause_run.map_or(0xf, |s| s)) << 48
            | u64::from(self.last_placer) << 52;
        let mut places = 0u64;
        for &seat in self.shed.iter().chain(&self.lost).chain(&self.ranking) {
            places = mix(places ^ (u64::from(seat) + 1));
        }
        mix(flags ^ mix(high << 16 | contract) ^ mix(places).rotate_left(7))
    }
}

/// Where a card on the table lies (implied by the card for piles and columns).
fn cell_on(table: &Layout, card: Card) -> Cell {
    match table {
        Layout::Glissando(rows) => rows.grid.cell_of(card),
        Layout::Sarabanda(free) => free.grid.cell_of(card),
        _ => table.implied_cell(card).unwrap_or_default(),
    }
}
